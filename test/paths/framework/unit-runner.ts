/**
 * Unit tier: a path runs against a real actor of the machine whose network actors are
 * fakes (`machine.provide`). A fake answers only when the path says so: the step
 * `xstate.done.actor.<id>` resolves the pending invocation with the fixture's output,
 * `xstate.error.actor.<id>` rejects it. So the machine really invokes, really computes the
 * input and really receives the answer, in the order the path gives. After the start and
 * after every step, the state must be the one the path expects and every rule of the model
 * (`model.invariants`) must hold on the snapshot and the trace of what the actor did.
 */
import { createActor, fromPromise, type AnyStateMachine, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { CoverageRecorder } from './coverage';
import { edgesOf } from './edges';
import { receivedEntry, traceEntry, violations, type ReceivedEvent, type Step } from './invariants';
import { labelOf, type MachinePath, type PathModel } from './model';
import type { PathEvent } from './types';

interface Pending {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;

/**
 * Lets promise callbacks and the actor's mailbox run: a few turns of the event loop. The
 * machines' only timer (the wizard's debounce) is sent by the paths themselves, so no timer
 * has to fire here — which keeps a step in microseconds, not a timer's millisecond.
 */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

export interface UnitRunOptions {
  /** Extra implementations (actions, guards) for this model, e.g. spies. */
  provide?: Record<string, unknown>;
}

export interface UnitRunResult {
  /** The state value after each step. */
  values: unknown[];
  /** The last snapshot (value and context). */
  final: { value: unknown; context: unknown };
  /** Inputs each fake actor was invoked with, by actor id. */
  inputs: Record<string, unknown[]>;
}

/**
 * Plays events written by hand on a real actor with the same fake actors, without a path's
 * expectations: for the machines' behaviour tests (test/machines/*.test.ts), which assert
 * on the result themselves. The model's rules still judge every step.
 */
export async function playEvents<M extends AnyStateMachine>(
  model: PathModel<M>,
  events: readonly PathEvent<M>[] | readonly { type: string }[],
  options: UnitRunOptions & { input?: unknown } = {},
): Promise<UnitRunResult> {
  const path = { name: 'events', kind: 'journey', start: { name: 'input', input: options.input }, events } as unknown as MachinePath<M>;
  return runUnitPath(model, path, new CoverageRecorder(model.machine), options);
}

export async function runUnitPath<M extends AnyStateMachine>(
  model: PathModel<M>,
  path: MachinePath<M>,
  recorder: CoverageRecorder,
  options: UnitRunOptions = {},
): Promise<UnitRunResult> {
  const pending = new Map<string, Pending[]>();
  const inputs: Record<string, unknown[]> = {};
  const actorNames = Object.keys(model.machine.implementations.actors ?? {});
  const actors = Object.fromEntries(
    actorNames.map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, signal }) => {
        (inputs[src] ??= []).push(input);
        return new Promise((resolve, reject) => {
          const queue = pending.get(src) ?? [];
          const invocation = { input, resolve, reject };
          queue.push(invocation);
          pending.set(src, queue);
          // Its state was left: the path's answer is for the next invocation, not this stopped one.
          signal.addEventListener('abort', () => {
            const index = queue.indexOf(invocation);
            if (index >= 0) queue.splice(index, 1);
          });
        });
      }),
    ]),
  );
  const machine = model.machine.provide({ ...(options.provide ?? {}), actors } as never) as AnyStateMachine;
  const trace: string[] = [];
  const events: ReceivedEvent[] = [];
  let microsteps = 0;
  const inspect = (event: InspectionEvent) => {
    recorder.inspect(event);
    const entry = traceEntry(event, machine.id);
    if (entry) trace.push(entry);
    const got = receivedEntry(event, machine.id);
    if (got) events.push(got);
    if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId && event._transitions.length) microsteps += 1;
  };
  const actor = createActor(machine, { input: path.start.input, inspect });
  const values: unknown[] = [];
  let previous: Step<M>['previous'];
  const judge = (where: string) => {
    const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
    const broken = violations(model.invariants ?? [], { snapshot, trace, events: [...events], previous });
    previous = { snapshot, events: events.length };
    recorder.checkedSteps += 1;
    if (broken.length) throw new Error(`${where}: ${broken.join('; ')} (trace: ${trace.join(' → ')})`);
  };
  // Edges are counted on the running actor: its abstract state before a step, and the step's event, once it took a transition.
  const spaces = recorder.spaces;
  const label = spaces.length ? labelOf(model) : undefined;
  actor.start();
  await settle();
  try {
    judge(`${model.flow}: "${path.name}" start`);
    for (const [index, event] of path.events.entries()) {
      const where = `${model.flow}: "${path.name}" step ${index + 1} (${event.type})`;
      const before = actor.getSnapshot();
      microsteps = 0;
      const done = DONE.exec(event.type);
      const failed = ERROR.exec(event.type);
      if (done || failed) {
        const src = (done ?? failed)![1]!;
        const invocation = pending.get(src)?.shift();
        if (!invocation) throw new Error(`${where}: the machine has no pending ${src} to answer`);
        if (done) invocation.resolve((event as { output?: unknown }).output);
        else invocation.reject((event as { error?: unknown }).error ?? new Error(`${src} failed (fixture)`));
      } else {
        actor.send(event);
      }
      await settle();
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw new Error(`${where}: the actor crashed: ${String(snapshot.error)}`);
      values.push(snapshot.value);
      if (label && microsteps > 0) recorder.addEdges(edgesOf(spaces, { value: before.value, context: before.context }, label(event)));
      const expected = path.expected?.[index];
      if (path.expected && JSON.stringify(snapshot.value) !== JSON.stringify(expected)) {
        throw new Error(`${where}: expected ${JSON.stringify(expected)}, reached ${JSON.stringify(snapshot.value)}`);
      }
      judge(where);
    }
    const { value, context } = actor.getSnapshot();
    return { values, inputs, final: { value, context } };
  } finally {
    actor.stop();
    recorder.paths += 1;
  }
}
