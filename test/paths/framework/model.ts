/**
 * A path model per machine, and the paths generated from it with `xstate/graph`:
 *  - one shortest path per transition of the machine's definition (the shortest path to
 *    a state where the transition is enabled, plus that transition), so every transition
 *    (guarded branches and self-transitions included) gets a path, not only every state;
 *  - the hand-written journeys of the model (happy paths, retries after failure…);
 *  - minus every path that is a prefix of another one (it would test nothing new).
 * The same paths feed the unit tier (test/paths/*.paths.test.ts) and the browser tier
 * (test/e2e/paths-*.spec.ts).
 */
import { createEmptyActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type ContextFrom, type InputFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { Exclusion } from './coverage';
import type { EventFixtures, PathEvent } from './types';
import { transitionKey } from './universe';

export interface Journey<M extends AnyStateMachine> {
  name: string;
  events: readonly PathEvent<M>[];
}

export interface PathModel<M extends AnyStateMachine> {
  /** The flow's name: `machines/<flow>.machine.ts`. */
  flow: string;
  machine: M;
  input?: InputFrom<M>;
  /** Example events, one list per event type (see `EventFixtures`). */
  fixtures: EventFixtures<M>;
  /**
   * What makes two snapshots different for the generator (default: the whole context).
   * Machines with counters or free text need a finite abstraction.
   */
  abstractContext?: (context: ContextFrom<M>) => unknown;
  /** Journeys shortest paths skip: full happy paths, retry after failure, self-transitions… */
  journeys?: readonly Journey<M>[];
  /** States or transitions deliberately left out, with the reason (printed in the report). */
  excluded?: readonly Exclusion[];
}

export interface MachinePath<M extends AnyStateMachine> {
  name: string;
  kind: 'shortest' | 'journey';
  events: PathEvent<M>[];
  /** The state value expected after each event, computed from the machine itself. */
  expected: unknown[];
  /** The definition transitions the pure machine takes at each step (for readers). */
  transitions: string[][];
}

/** Generic code reads snapshots through the fields every machine snapshot has. */
type Snap = AnyMachineSnapshot;

export function definePathModel<M extends AnyStateMachine>(model: PathModel<M>): PathModel<M> {
  return model;
}

/** Every fixture of a model, in a stable order. */
export function allFixtures<M extends AnyStateMachine>(model: PathModel<M>): PathEvent<M>[] {
  return (Object.values(model.fixtures) as PathEvent<M>[][]).flat();
}

/** Picks the n-th fixture of an event type (typed), for journeys. */
export function fixture<M extends AnyStateMachine, K extends PathEvent<M>['type']>(
  fixtures: EventFixtures<M>, type: K, variant = 0,
): Extract<PathEvent<M>, { type: K }> {
  const list = fixtures[type] as readonly Extract<PathEvent<M>, { type: K }>[];
  const chosen = list[variant];
  if (!chosen) throw new Error(`no fixture #${variant} for ${type}`);
  return chosen;
}

/** A machine transition from a snapshot, recording which definition transitions it took. */
export function makeStepper<M extends AnyStateMachine>(machine: M) {
  const empty = createEmptyActor();
  let taken: string[] = [];
  empty.system.inspect((event) => {
    if (event.type === '@xstate.microstep') taken.push(...event._transitions.map((t) => transitionKey(t)));
  });
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'paths',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return {
    initial(input: unknown): Snap {
      return machine.getInitialSnapshot(scope, input) as Snap;
    },
    step(snapshot: Snap, event: PathEvent<M>): { next: Snap; taken: string[] } {
      taken = [];
      const next = machine.transition(snapshot, event, scope) as Snap;
      return { next, taken: [...taken] };
    },
  };
}

function serializer<M extends AnyStateMachine>(model: PathModel<M>) {
  return (snapshot: Snap): string => JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    context: model.abstractContext ? model.abstractContext(snapshot.context as ContextFrom<M>) : snapshot.context,
  });
}

/** Replays events on the pure machine: expected state after each, and transitions taken. */
export function replay<M extends AnyStateMachine>(model: PathModel<M>, name: string, kind: MachinePath<M>['kind'], events: readonly PathEvent<M>[]): MachinePath<M> {
  const stepper = makeStepper(model.machine);
  let snapshot = stepper.initial(model.input);
  const expected: unknown[] = [];
  const transitions: string[][] = [];
  events.forEach((event, index) => {
    const { next, taken } = stepper.step(snapshot, event);
    if (!taken.length) {
      throw new Error(`${model.flow}: path "${name}" step ${index + 1} (${event.type}) does nothing in ${JSON.stringify(snapshot.value)}`);
    }
    expected.push(next.value);
    transitions.push(taken);
    snapshot = next;
  });
  return { name, kind, events: [...events], expected, transitions };
}

function eventsKey(events: readonly { type: string }[]): string[] {
  return events.map((e) => JSON.stringify(e));
}

function isPrefix(short: string[], long: string[]): boolean {
  return short.length < long.length && short.every((e, i) => e === long[i]);
}

/** The model's paths: shortest per transition, journeys, prefixes dropped. */
export function generatePaths<M extends AnyStateMachine>(model: PathModel<M>): MachinePath<M>[] {
  const serialize = serializer(model);
  const events = allFixtures(model);
  const options = {
    events,
    input: model.input,
    serializeState: (snapshot: Snap) => serialize(snapshot),
  };
  // xstate/graph: every reachable (abstract) snapshot and the events leading out of it…
  const adjacency = getAdjacencyMap(model.machine, options as never) as Record<string, { state: Snap; transitions: Record<string, { event: PathEvent<M>; state: Snap }> }>;
  // …and the shortest path to each of them.
  const toState = new Map<string, PathEvent<M>[]>();
  for (const path of getShortestPaths(model.machine, options as never)) {
    // Steps start with a synthetic `xstate.init`; each later step holds the event that led to it.
    const steps = path.steps as { event: PathEvent<M> }[];
    toState.set(serialize(path.state as Snap), steps.slice(1).map((s) => s.event));
  }
  // For each definition transition, the cheapest edge of the graph that takes it.
  const stepper = makeStepper(model.machine);
  const best = new Map<string, PathEvent<M>[]>();
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(stateKey);
    if (!prefix) continue;
    for (const { event } of Object.values(transitions)) {
      const { taken } = stepper.step(state, event);
      for (const key of taken) {
        const current = best.get(key);
        if (!current || current.length > prefix.length + 1) best.set(key, [...prefix, event]);
      }
    }
  }
  const candidates = [
    ...[...best.entries()].map(([key, evs]) => replay(model, `shortest to ${key}`, 'shortest', evs)),
    ...(model.journeys ?? []).map((j) => replay(model, j.name, 'journey', j.events)),
  ];
  // Drop duplicates and prefixes of longer paths (journeys win over equal shortest paths).
  const keys = candidates.map((c) => eventsKey(c.events));
  const kept: MachinePath<M>[] = [];
  const seen = new Set<string>();
  candidates
    .map((c, i) => ({ c, k: keys[i]! }))
    .sort((a, b) => (a.c.kind === b.c.kind ? 0 : a.c.kind === 'journey' ? -1 : 1))
    .forEach(({ c, k }) => {
      const id = k.join('\n');
      if (seen.has(id)) return;
      if (keys.some((other) => isPrefix(k, other))) return;
      seen.add(id);
      kept.push(c);
    });
  return kept;
}
