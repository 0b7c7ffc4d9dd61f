/**
 * The rules judged on the pure machine: a path's events played with `machine.transition` (no
 * actor, no promise, no event loop), the trace built from what the transitions did — each
 * event received, then each named action executed, as the unit runner's inspection records
 * them. Microseconds a step, where a real actor takes event-loop turns: what lets the mutation
 * test play every path of a machine against each of its mutants in seconds. The unit tier
 * still plays every path on real actors (unit-runner.ts); the mutation test checks, on the
 * machine itself, that the pure trace breaks no rule either.
 */
import { createEmptyActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { canHappen, noteStep } from './actor-outcomes';
import { firstViolation, type ReceivedEvent, type Step } from './invariants';
import type { MachinePath, PathModel } from './model';

export interface PureVerdict {
  /** The first rule broken, with where; null when every step kept every rule. */
  broken: string | null;
  /** Steps played (a path a mutant no longer fits stops where its chart refuses the event). */
  steps: number;
}

/**
 * `refusal`: the path ends with an event the machine itself refuses (a refusal probe): refused
 * here too, it changed nothing, and nothing is judged again; only a chart that does something
 * with it meets the rules.
 */
export function judgePure<M extends AnyStateMachine>(model: PathModel<M>, path: MachinePath<M>, refusal = false): PureVerdict {
  const trace: string[] = [];
  const empty = createEmptyActor();
  let microsteps = 0;
  empty.system.inspect((event) => {
    if (event.type === '@xstate.microstep' && event._transitions.length) microsteps += 1;
  });
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'paths-pure',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    // XState's own actions (spawning, stopping, assigning) say nothing a rule needs: the runners' trace leaves them out too.
    actionExecutor: (action: { type: string }) => {
      if (!action.type.startsWith('xstate.')) trace.push(`action:${action.type}`);
    },
  } as unknown as AnyActorScope;
  const init: ReceivedEvent = { type: 'xstate.init', input: path.start.input };
  const events: ReceivedEvent[] = [init];
  trace.push('event:xstate.init');
  let snapshot = model.machine.getInitialSnapshot(scope, path.start.input) as AnyMachineSnapshot;
  let previous: Step<M>['previous'];
  const judge = (where: string): string | null => {
    const broken = firstViolation(model.invariants ?? [], {
      snapshot: snapshot as SnapshotFrom<M>,
      trace: [...trace],
      events: [...events],
      previous,
    });
    previous = { snapshot: snapshot as SnapshotFrom<M>, events: events.length };
    return broken && `${broken} on "${path.name}" ${where}`;
  };
  const atStart = judge('at the start');
  if (atStart) return { broken: atStart, steps: 0 };
  for (const [index, event] of path.events.entries()) {
    // A machine that stopped, or an answer nobody awaits: the path goes no further on this chart.
    if (snapshot.status !== 'active' || !canHappen(snapshot, event)) return { broken: null, steps: index };
    trace.push(`event:${event.type}`);
    events.push(event as ReceivedEvent);
    microsteps = 0;
    const next = model.machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
    noteStep(snapshot, event, next);
    if (next.status === 'error') return { broken: null, steps: index };
    if (refusal && index === path.events.length - 1 && microsteps === 0) return { broken: null, steps: index };
    snapshot = next;
    const broken = judge(`step ${index + 1} (${event.type})`);
    if (broken) return { broken, steps: index + 1 };
    // The event did nothing here (the chart differs): what follows was written for another state.
    if (microsteps === 0) return { broken: null, steps: index + 1 };
  }
  return { broken: null, steps: path.events.length };
}
