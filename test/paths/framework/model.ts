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
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type InputFrom,
} from 'xstate';
import { canHappen, noteStep } from './actor-outcomes';
import type { Exclusion } from './coverage';
import { edgesOf, eventLabeller, exploreSpace, mergeSpaces, type EdgeSpace, type Keyed } from './edges';
import type { Invariant } from './invariants';
import type { RefusalGroup } from './pure-runner';
import { mutated } from './mutants';
import type { EventFixtures, PathEvent } from './types';
import { transitionKey } from './universe';

export interface Journey<M extends AnyStateMachine> {
  name: string;
  /** The name of the start it begins from (default: the first). */
  start?: string;
  events: readonly PathEvent<M>[];
}

/** A named input the machine can start with (e.g. a mode preset read from storage). */
export interface Start<M extends AnyStateMachine> {
  name: string;
  input: InputFrom<M>;
}

export interface PathModel<M extends AnyStateMachine> {
  /** The flow's name: `machines/<flow>.machine.ts`. */
  flow: string;
  machine: M;
  /**
   * The inputs to start from; the generator explores from each (paths are tagged with
   * their start). Without it, one start named 'default' with no input.
   */
  starts?: readonly Start<M>[];
  /** Example events, one list per event type (see `EventFixtures`). */
  fixtures: EventFixtures<M>;
  /**
   * What makes two snapshots different for the generator (default: the whole context).
   * Machines with counters or free text need a finite abstraction.
   */
  abstractContext?: (context: ContextFrom<M>) => unknown;
  /**
   * Which events make sense in a snapshot, beyond what the machine accepts: e.g. a lookup
   * answers "login required" only for the protocol the server has in that status. Keeps the
   * generated paths true to the reference server's data, so the browser tier can replay
   * them. Journeys are checked against it too.
   */
  coherent?: (snapshot: Snap, event: PathEvent<M>) => boolean;
  /** Journeys shortest paths skip: full happy paths, retry after failure, self-transitions… */
  journeys?: readonly Journey<M>[];
  /** States or transitions deliberately left out, with the reason (printed in the report). */
  excluded?: readonly Exclusion[];
  /** SPEC's rules over this machine, checked after every step of every path in both tiers. */
  invariants?: readonly Invariant<M>[];
  /**
   * The abstract graph's edges to cover (framework/edges.ts), when one exploration per start
   * over every fixture does not fit the machine (the wizard, explored per region).
   */
  edgeSpaces?: (model: PathModel<M>) => readonly EdgeSpace[];
  /**
   * With `edgeSpaces`: each space's name and key, without exploring (what a browser worker
   * needs to count the edges a page takes, the edges themselves read from this run's cache).
   */
  edgeKeys?: () => readonly SpaceKey[];
}

/** A space's name and the abstract key of its states (framework/edges.ts). */
export type SpaceKey = Pick<EdgeSpace, 'name' | 'key'>;

export interface MachinePath<M extends AnyStateMachine> {
  name: string;
  kind: 'shortest' | 'journey';
  start: Start<M>;
  events: PathEvent<M>[];
  /** The state value at the start, then expected after each event (from the machine itself). */
  initial: unknown;
  expected: unknown[];
  /** The context at the start and after each event (markers may read it). */
  contexts: unknown[];
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
  fixtures: EventFixtures<M>,
  type: K,
  variant = 0,
): Extract<PathEvent<M>, { type: K }> {
  const list = fixtures[type] as readonly Extract<PathEvent<M>, { type: K }>[];
  const chosen = list[variant];
  if (!chosen) throw new Error(`no fixture #${variant} for ${type}`);
  return chosen;
}

/**
 * A scope to run a machine's transitions on snapshots, with no actor: an empty actor's system
 * to inspect, and `onAction` told of each action the transitions execute.
 */
export function pureActorScope(sessionId: string, onAction: (action: { type: string }) => void = () => {}) {
  const empty = createEmptyActor();
  const scope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId,
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: onAction,
  } as unknown as AnyActorScope;
  return { system: empty.system, scope };
}

/** A machine transition from a snapshot, recording which definition transitions it took. */
export function makeStepper<M extends AnyStateMachine>(machine: M) {
  let taken: string[] = [];
  const { system, scope } = pureActorScope('paths');
  system.inspect((event) => {
    if (event.type === '@xstate.microstep') taken.push(...event._transitions.map((t) => transitionKey(t)));
  });
  return {
    initial(input: unknown): { next: Snap; taken: string[] } {
      taken = [];
      const next = machine.getInitialSnapshot(scope, input) as Snap;
      return { next, taken: [...taken] };
    },
    step(snapshot: Snap, event: PathEvent<M>): { next: Snap; taken: string[] } {
      taken = [];
      const next = machine.transition(snapshot, event, scope) as Snap;
      noteStep(snapshot, event, next);
      return { next, taken: [...taken] };
    },
  };
}

/** Replays events on the pure machine: expected state after each, and transitions taken. */
export function startsOf<M extends AnyStateMachine>(model: PathModel<M>): readonly Start<M>[] {
  return model.starts?.length ? model.starts : [{ name: 'default', input: undefined as InputFrom<M> }];
}

function findStart<M extends AnyStateMachine>(model: PathModel<M>, name: string | undefined): Start<M> {
  const starts = startsOf(model);
  const start = name === undefined ? starts[0] : starts.find((s) => s.name === name);
  if (!start) throw new Error(`${model.flow}: no start named ${name}`);
  return start;
}

export function replay<M extends AnyStateMachine>(
  model: PathModel<M>,
  name: string,
  kind: MachinePath<M>['kind'],
  start: Start<M>,
  events: readonly PathEvent<M>[],
): MachinePath<M> {
  const stepper = makeStepper(model.machine);
  let snapshot = stepper.initial(start.input).next;
  const initial = snapshot.value;
  const contexts: unknown[] = [snapshot.context];
  const expected: unknown[] = [];
  const transitions: string[][] = [];
  const played: PathEvent<M>[] = [];
  for (const [index, event] of events.entries()) {
    if (model.coherent && !model.coherent(snapshot, event)) {
      throw new Error(
        `${model.flow}: path "${name}" step ${index + 1} (${event.type}) is not coherent with the server's data in ${JSON.stringify(snapshot.value)}`,
      );
    }
    // An actor's answer comes only while it is awaited (framework/actor-outcomes.ts).
    if (!canHappen(snapshot, event) && mutated.has(model.machine)) break;
    if (!canHappen(snapshot, event)) {
      throw new Error(
        `${model.flow}: path "${name}" step ${index + 1} (${event.type}) answers an actor not awaited in ${JSON.stringify(snapshot.value)}`,
      );
    }
    const { next, taken } = stepper.step(snapshot, event);
    // Under a mutant (framework/mutants.ts) a hand-written journey may no longer fit the
    // chart: it is played up to the step the mutant refuses, so the rules judge that prefix.
    if (!taken.length && mutated.has(model.machine)) break;
    if (!taken.length) {
      throw new Error(`${model.flow}: path "${name}" step ${index + 1} (${event.type}) does nothing in ${JSON.stringify(snapshot.value)}`);
    }
    expected.push(next.value);
    contexts.push(next.context);
    transitions.push(taken);
    played.push(event);
    snapshot = next;
  }
  return { name, kind, start, events: played, initial, expected, contexts, transitions };
}

function eventsKey(events: readonly { type: string }[]): string[] {
  return events.map((e) => JSON.stringify(e));
}

/** The key of an abstract state: the value and the model's abstraction of the context. */
export function abstractKey<M extends AnyStateMachine>(model: PathModel<M>): (snapshot: Keyed) => string {
  return (snapshot) =>
    JSON.stringify({
      v: snapshot.value,
      c: model.abstractContext ? model.abstractContext(snapshot.context as ContextFrom<M>) : snapshot.context,
    });
}

/** Each edge space's name and key, without exploring: one space per start over every fixture unless the model says otherwise. */
export function edgeKeysOf<M extends AnyStateMachine>(model: PathModel<M>): readonly SpaceKey[] {
  if (model.edgeSpaces && !model.edgeKeys) throw new Error(`${model.flow}: edgeSpaces without edgeKeys`);
  return model.edgeKeys?.() ?? [{ name: model.flow, key: abstractKey(model) }];
}

const spacesCache = new WeakMap<object, readonly EdgeSpace[]>();

/** The model's edge spaces (computed once per model): one exploration per start unless the model says otherwise. */
export function edgeSpacesOf<M extends AnyStateMachine>(model: PathModel<M>): readonly EdgeSpace[] {
  const cached = spacesCache.get(model);
  if (cached) return cached;
  const stepper = makeStepper(model.machine);
  const label = labelOf(model);
  const spaces = model.edgeSpaces?.(model) ??
    // One space over every start: an abstract edge reached from two starts is one edge.
    [
      mergeSpaces(
        model.flow,
        startsOf(model).map((start) =>
          exploreSpace(
            model.machine,
            {
              name: model.flow,
              start: start.name,
              prefix: [],
              key: abstractKey(model),
              options: { events: allFixtures(model), input: start.input, filterEvents: model.coherent },
            },
            label,
            (snapshot, event) => stepper.step(snapshot, event as PathEvent<M>).taken,
          ),
        ),
      ),
    ];
  spacesCache.set(model, spaces);
  return spaces;
}

const labelCache = new WeakMap<object, (event: { type: string }) => string>();
/** The short label of a fixture event (`TYPE#n`). */
export function labelOf<M extends AnyStateMachine>(model: PathModel<M>): (event: { type: string }) => string {
  let label = labelCache.get(model.fixtures);
  if (!label) {
    label = eventLabeller(model.fixtures as unknown as Record<string, readonly unknown[]>);
    labelCache.set(model.fixtures, label);
  }
  return label;
}

/** The abstract edges a path's steps take (from its pure replay), for choosing paths. */
export function pathEdges<M extends AnyStateMachine>(model: PathModel<M>, path: MachinePath<M>, spaces = edgeSpacesOf(model)): string[] {
  const label = labelOf(model);
  const values = [path.initial, ...path.expected];
  return path.events.flatMap((event, i) => edgesOf(spaces, { value: values[i], context: path.contexts[i] }, label(event)));
}

/**
 * Keeps the fewest paths that still take every transition and edge the candidates take:
 * journeys always (in order), then the longest first, each only if it adds something.
 */
export function coverEdges<M extends AnyStateMachine>(
  model: PathModel<M>,
  candidates: MachinePath<M>[],
  // Only the spaces' keys and edges are read (a browser process's come from the run's cache).
  spaces: readonly EdgeSpace[] = edgeSpacesOf(model),
): MachinePath<M>[] {
  const seen = new Set<string>();
  const items = (p: MachinePath<M>) => [...p.transitions.flat(), ...pathEdges(model, p, spaces)];
  const ordered = [
    ...candidates.filter((p) => p.kind === 'journey'),
    ...candidates.filter((p) => p.kind !== 'journey').sort((a, b) => b.events.length - a.events.length),
  ];
  return ordered.filter((path) => {
    const fresh = items(path).filter((item) => !seen.has(item));
    fresh.forEach((item) => seen.add(item));
    return path.kind === 'journey' || fresh.length > 0;
  });
}

/** One path per abstract edge: the shortest events to its state, then its event. */
export function edgePaths<M extends AnyStateMachine>(model: PathModel<M>): MachinePath<M>[] {
  return edgeSpacesOf(model).flatMap((space) =>
    [...space.edges.entries()].map(([key, edge]) =>
      replay(model, `edge ${space.name}: ${key}`, 'shortest', findStart(model, edge.start), [
        ...(edge.prefix as PathEvent<M>[]),
        edge.event as PathEvent<M>,
      ]),
    ),
  );
}

/**
 * The events the chart refuses in each abstract state (framework/edges.ts), grouped by the
 * shortest events to that state, for framework/pure-runner.ts's `judgeRefusals`.
 */
export function refusalGroups<M extends AnyStateMachine>(model: PathModel<M>): RefusalGroup<M>[] {
  const groups = new Map<string, RefusalGroup<M> & { refused: PathEvent<M>[] }>();
  for (const space of edgeSpacesOf(model))
    for (const [key, refusal] of space.refusals) {
      const id = JSON.stringify([refusal.start, refusal.prefix]);
      let group = groups.get(id);
      if (!group) {
        const state = key.slice(0, key.lastIndexOf(' '));
        group = {
          name: `${space.name}: ${state}`,
          start: findStart(model, refusal.start),
          prefix: refusal.prefix as PathEvent<M>[],
          refused: [],
        };
        groups.set(id, group);
      }
      group.refused.push(refusal.event as PathEvent<M>);
    }
  return [...groups.values()];
}

/** Drops repeats and paths that are a prefix of a longer one from the same start (the first of equals stays). */
export function dropPrefixes<M extends AnyStateMachine>(candidates: MachinePath<M>[]): MachinePath<M>[] {
  const ids = candidates.map((p) => [p.start.name, ...eventsKey(p.events)].join('\n'));
  const all = new Set(ids);
  const longer = new Set<string>();
  // A path is a prefix of another when some other id starts with its id and a newline.
  for (const id of all) {
    let cut = id.lastIndexOf('\n');
    while (cut > 0) {
      longer.add(id.slice(0, cut));
      cut = id.lastIndexOf('\n', cut - 1);
    }
  }
  const seen = new Set<string>();
  return candidates.filter((_, i) => {
    const id = ids[i]!;
    if (seen.has(id) || longer.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The model's paths: shortest per transition, journeys, one per abstract edge; prefixes and
 * paths adding nothing dropped. `edgePaths: false` (the browser tier, like the wizard's): no
 * path per edge — a page per edge would cost minutes, and an edge's shortest way may answer
 * the screen's reads in an order a page cannot be held to; the edges stay a unit-tier figure.
 */
export function generatePaths<M extends AnyStateMachine>(model: PathModel<M>, options: { edgePaths?: boolean } = {}): MachinePath<M>[] {
  const stepper = makeStepper(model.machine);
  // For each definition transition, the cheapest (start, events) that takes it.
  const best = new Map<string, { start: Start<M>; events: PathEvent<M>[] }>();
  const offer = (key: string, start: Start<M>, evs: PathEvent<M>[]) => {
    const current = best.get(key);
    if (!current || current.events.length > evs.length) best.set(key, { start, events: evs });
  };
  // Transitions taken while starting (eventless ones out of the initial state).
  for (const start of startsOf(model)) for (const key of stepper.initial(start.input).taken) offer(key, start, []);
  // The abstract graph is explored once (xstate/graph, in framework/edges.ts): every step it
  // found, with the shortest events to its snapshot, offers the transitions it takes.
  for (const step of edgeSpacesOf(model).flatMap((space) => space.steps)) {
    const start = findStart(model, step.start);
    for (const key of step.taken) offer(key, start, [...(step.prefix as PathEvent<M>[]), step.event as PathEvent<M>]);
  }
  const candidates = [
    ...(model.journeys ?? []).map((j) => replay(model, j.name, 'journey', findStart(model, j.start), j.events)),
    ...[...best.entries()].map(([key, p]) => replay(model, `shortest to ${key}`, 'shortest', p.start, p.events)),
    ...(options.edgePaths === false ? [] : edgePaths(model)),
  ];
  // Journeys come first, so a shortest path equal to a journey disappears, not the journey.
  return coverEdges(model, dropPrefixes(candidates));
}
