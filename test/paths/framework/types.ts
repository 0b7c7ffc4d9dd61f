/**
 * Type-level tables over a machine, so that a new state, event or actor of a machine fails
 * to compile until it has a fixture (unit tier), a gesture and a marker (browser tier).
 */
import type { AnyStateMachine, EventFromLogic, OutputFrom, SnapshotFrom, StateMachine } from 'xstate';

/* eslint-disable @typescript-eslint/no-explicit-any -- matching StateMachine's 15 type parameters */
/** The actors declared in the machine's `setup({ actors })`, as `{ src, logic }` pairs. */
export type ActorsOf<M extends AnyStateMachine> =
  M extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any, any> ? TActor : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The machine's own event union (what views send). */
export type MachineEvent<M extends AnyStateMachine> = EventFromLogic<M>;
export type MachineEventType<M extends AnyStateMachine> = MachineEvent<M>['type'];

/** An invoked actor's answer, with `id === src` as the house style asks (STYLE §7). */
export type DoneEvent<Src extends string, Output> = { type: `xstate.done.actor.${Src}`; output: Output; actorId: Src };
export type ErrorEvent<Src extends string> = { type: `xstate.error.actor.${Src}`; error: unknown; actorId: Src };

type ActorOutcome<A> = A extends { src: infer S extends string; logic: infer L } ? DoneEvent<S, OutputFrom<L>> | ErrorEvent<S> : never;
export type ActorOutcomeEvent<M extends AnyStateMachine> = ActorOutcome<ActorsOf<M>>;

/**
 * Every event a path step can carry: what the user (or the app) sends, and what an invoked
 * actor answers.
 */
export type PathEvent<M extends AnyStateMachine> = MachineEvent<M> | ActorOutcomeEvent<M>;
export type PathEventType<M extends AnyStateMachine> = PathEvent<M>['type'];

/**
 * One non-empty list of example events per event type. `satisfies EventFixtures<typeof m>`
 * makes a missing type a compile error. Several variants of one type (e.g. two outputs of
 * one actor) give the generator one more edge each.
 */
export type EventFixtures<M extends AnyStateMachine> = {
  readonly [K in PathEventType<M>]: readonly [Extract<PathEvent<M>, { type: K }>, ...Extract<PathEvent<M>, { type: K }>[]];
};

type Leaves<V> = V extends string ? V : V extends object ? { [K in keyof V & string]: `${K}.${Leaves<V[K]>}` }[keyof V & string] : never;

/** Dotted path of every leaf state (`'busy'`, `'loading.logo.settled'`). */
export type LeafStateKey<M extends AnyStateMachine> = Leaves<SnapshotFrom<M>['value']>;

/** Snapshot and event types of a machine, for the runners. */
export type MachineSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
