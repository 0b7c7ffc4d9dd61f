/**
 * The rules judged on the pure machine: a path's events played with `machine.transition` (no
 * actor, no promise, no event loop), the trace built from what the transitions did — each
 * event received, then each named action executed, as the unit runner's inspection records
 * them. Microseconds a step, where a real actor takes event-loop turns: what lets the mutation
 * test play every path of a machine against each of its mutants in seconds. The unit tier
 * still plays every path on real actors (unit-runner.ts); the mutation test checks, on the
 * machine itself, that the pure trace breaks no rule either.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { canHappen, noteStep } from './actor-outcomes';
import { firstViolation, type ReceivedEvent, type Step } from './invariants';
import { pureActorScope, type MachinePath, type PathModel, type Start } from './model';

/** What a step did: a rule broke (with what), the path can go on, or it stops here (the chart refused or stopped). */
type StepVerdict = { broken: string } | 'went on' | 'stopped';

/** The machine's scope, shared by a run and its forks: what a transition does is written to the run that made it. */
interface Shared<M extends AnyStateMachine> {
  scope: AnyActorScope;
  current: PureRun<M> | null;
}

/** One run on the pure machine; `fork` continues it along another branch (refusal probes share their prefix). */
class PureRun<M extends AnyStateMachine> {
  private trace: string[] = [];
  private events: ReceivedEvent[] = [];
  private snapshot!: AnyMachineSnapshot;
  private previous: Step<M>['previous'];
  private microsteps = 0;

  constructor(
    private readonly model: PathModel<M>,
    private readonly shared: Shared<M> = PureRun.share<M>(),
  ) {}

  private static share<M extends AnyStateMachine>(): Shared<M> {
    const shared: Shared<M> = { scope: undefined as unknown as AnyActorScope, current: null };
    // XState's own actions (spawning, stopping, assigning) say nothing a rule needs: the runners' trace leaves them out too.
    const { system, scope } = pureActorScope('paths-pure', (action) => {
      if (!action.type.startsWith('xstate.')) shared.current?.trace.push(`action:${action.type}`);
    });
    system.inspect((event) => {
      if (event.type === '@xstate.microstep' && event._transitions.length && shared.current) shared.current.microsteps += 1;
    });
    shared.scope = scope;
    return shared;
  }

  start(start: Start<M>): StepVerdict {
    this.shared.current = this;
    this.events.push({ type: 'xstate.init', input: start.input });
    this.trace.push('event:xstate.init');
    this.snapshot = this.model.machine.getInitialSnapshot(this.shared.scope, start.input) as AnyMachineSnapshot;
    return this.judge('at the start');
  }

  fork(): PureRun<M> {
    const copy = new PureRun(this.model, this.shared);
    copy.trace = [...this.trace];
    copy.events = [...this.events];
    copy.snapshot = this.snapshot;
    copy.previous = this.previous;
    return copy;
  }

  /**
   * One event. `refusal`: the machine itself refuses it (a refusal probe): refused here too, it
   * changed nothing and nothing is judged again; only a chart that does something with it meets the rules.
   */
  step(event: { type: string }, where: string, refusal = false): StepVerdict {
    // A machine that stopped, or an answer nobody awaits: the path goes no further on this chart.
    if (this.snapshot.status !== 'active' || !canHappen(this.snapshot, event)) return 'stopped';
    this.trace.push(`event:${event.type}`);
    this.events.push(event as ReceivedEvent);
    this.microsteps = 0;
    this.shared.current = this;
    const next = this.model.machine.transition(this.snapshot, event, this.shared.scope) as AnyMachineSnapshot;
    noteStep(this.snapshot, event, next);
    if (next.status === 'error' || (refusal && this.microsteps === 0)) return 'stopped';
    this.snapshot = next;
    const verdict = this.judge(where);
    // The event did nothing here (the chart differs): what follows was written for another state.
    return verdict === 'went on' && this.microsteps === 0 ? 'stopped' : verdict;
  }

  private judge(where: string): StepVerdict {
    const snapshot = this.snapshot as SnapshotFrom<M>;
    const broken = firstViolation(this.model.invariants ?? [], {
      snapshot,
      trace: [...this.trace],
      events: [...this.events],
      previous: this.previous,
    });
    this.previous = { snapshot, events: this.events.length };
    return broken ? { broken: `${broken} ${where}` } : 'went on';
  }
}

/** The first rule a path breaks on the pure machine (with where), or null. */
export function judgePure<M extends AnyStateMachine>(model: PathModel<M>, path: MachinePath<M>): string | null {
  const run = new PureRun(model);
  let verdict = run.start(path.start);
  for (const [index, event] of path.events.entries()) {
    if (verdict !== 'went on') break;
    verdict = run.step(event, `on "${path.name}" step ${index + 1} (${event.type})`);
  }
  return typeof verdict === 'object' ? verdict.broken : null;
}

/** Events a machine refuses in one abstract state, with the shortest events to it. */
export interface RefusalGroup<M extends AnyStateMachine> {
  name: string;
  start: Start<M>;
  prefix: readonly { type: string }[];
  refused: readonly { type: string }[];
}

/**
 * The first rule a refused event breaks, or null: each group's prefix played once, then each
 * refused event from where it ends (a fork per event).
 */
export function judgeRefusals<M extends AnyStateMachine>(model: PathModel<M>, groups: readonly RefusalGroup<M>[]): string | null {
  for (const group of groups) {
    const run = new PureRun(model);
    let verdict = run.start(group.start);
    for (const [index, event] of group.prefix.entries()) {
      if (verdict !== 'went on') break;
      verdict = run.step(event, `on the way to refusals of "${group.name}", step ${index + 1} (${event.type})`);
    }
    if (typeof verdict === 'object') return verdict.broken;
    if (verdict === 'stopped') continue;
    for (const event of group.refused) {
      const tried = run.fork().step(event, `on "${group.name}": ${event.type}, refused by the chart, did something`, true);
      if (typeof tried === 'object') return tried.broken;
    }
  }
  return null;
}
