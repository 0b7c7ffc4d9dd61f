/**
 * An invoked actor answers once: `xstate.done.actor.<id>` or `xstate.error.actor.<id>` makes
 * sense only while the state that invoked it is active and the actor has not answered yet.
 * A pure snapshot cannot tell (the child stays in `snapshot.children` until its state is
 * left, answered or not), so the generators record it: each snapshot a traversal or a replay
 * makes remembers which of its children already answered, by the child's identity (a state
 * entered again invokes a new child, which has not).
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

const OUTCOME = /^xstate\.(done|error)\.actor\.(.+)$/;

/** The children of each snapshot that already answered. */
const settled = new WeakMap<object, ReadonlySet<unknown>>();

function settledIn(snapshot: AnyMachineSnapshot): ReadonlySet<unknown> {
  return settled.get(snapshot) ?? new Set();
}

/** The actor id an outcome event answers for, or undefined for any other event. */
export function outcomeActorId(event: { type: string }): string | undefined {
  return OUTCOME.exec(event.type)?.[2];
}

/** Records, on the snapshot a step made, which children have answered (the one this event answered for included). */
export function noteStep(before: AnyMachineSnapshot, event: { type: string }, after: AnyMachineSnapshot): void {
  // An event that changed nothing made no new snapshot: nothing to record (and `before` is shared).
  if (after === before) return;
  const alive = new Set(Object.values(after.children ?? {}));
  const answered = new Set([...settledIn(before)].filter((child) => alive.has(child)));
  const id = outcomeActorId(event);
  const child = id === undefined ? undefined : before.children?.[id];
  if (child && alive.has(child)) answered.add(child);
  if (answered.size) settled.set(after, answered);
}

/** Whether an event can happen in a snapshot: any event but an actor's answer, which needs that actor invoked and not answered yet. */
export function canHappen(snapshot: AnyMachineSnapshot, event: { type: string }): boolean {
  const id = outcomeActorId(event);
  if (id === undefined) return true;
  const child = snapshot.children?.[id];
  return child !== undefined && !settledIn(snapshot).has(child);
}

/** The ids of the children still waited for (for a traversal's key: a state with an answer pending is another state). */
export function pendingActors(snapshot: AnyMachineSnapshot): string[] {
  const done = settledIn(snapshot);
  return Object.entries(snapshot.children ?? {})
    .filter(([, child]) => !done.has(child))
    .map(([id]) => id)
    .sort();
}

/** The machine as xstate/graph traverses it, recording each step's answered children. */
export function recordingLogic<M extends AnyStateMachine>(machine: M): M {
  const logic = Object.create(machine) as M;
  const transition = (snapshot: AnyMachineSnapshot, event: { type: string }, scope: AnyActorScope) => {
    const next = machine.transition(snapshot as never, event as never, scope) as AnyMachineSnapshot;
    noteStep(snapshot, event, next);
    return next;
  };
  Object.defineProperty(logic, 'transition', { value: transition });
  return logic;
}

/** A traversal's `filterEvents` that also keeps actor answers to when they can happen. */
export function onlyPossible<S extends AnyMachineSnapshot, E extends { type: string }>(
  filter?: (snapshot: S, event: E) => boolean,
): (snapshot: S, event: E) => boolean {
  return (snapshot, event) => canHappen(snapshot, event) && (filter ? filter(snapshot, event) : true);
}
