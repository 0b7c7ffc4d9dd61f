/**
 * Edge coverage: beside the definition's transitions, every edge of the machine's abstract
 * graph — (state, abstract context, event) where the event does something. A transition is
 * covered once; an edge is covered in every abstract situation it can be taken from (a term
 * signed or not, a lookup answering each row of SPEC's login table), which is where a change
 * of behaviour hides when a shortest path reaches the transition elsewhere.
 *
 * A space is one exploration: its abstraction (how a snapshot is keyed) and the edges found
 * in it. A machine explored whole has one; the wizard, explored per region, one per region.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { onlyPossible, pendingActors, recordingLogic } from './actor-outcomes';
import type { PathEvent } from './types';

/** What an edge's key reads of a snapshot: its value and its (abstract) context. */
export interface Keyed {
  value: unknown;
  context: unknown;
}

/** A step the exploration found: from a reachable snapshot (by the shortest events to it), an event that takes transitions. */
export interface ExploredStep {
  start: string;
  state: AnyMachineSnapshot;
  prefix: readonly unknown[];
  event: unknown;
  /** The definition transitions it takes (universe.ts keys). */
  taken: readonly string[];
}

export interface EdgeSpace {
  name: string;
  /** The abstract state of a snapshot in this space. */
  key: (snapshot: Keyed) => string;
  /** `<state key> <event label>` of every edge found, with the shortest events that take it. */
  edges: ReadonlyMap<string, { prefix: readonly unknown[]; event: unknown; start: string }>;
  /** Every step found, so a generator can pick the shortest path to each transition without exploring again. */
  steps: readonly ExploredStep[];
  /**
   * `<state key> <event label>` of every event the chart refuses (takes no transition) in an
   * abstract state, with the shortest events to it: where SPEC's locks live (a signed term
   * signed again, a choice after agreeing). A change that makes one of them do something
   * shows only if a path tries it (framework/model.ts, `refusalGroups`).
   */
  refusals: ReadonlyMap<string, { prefix: readonly unknown[]; event: unknown; start: string }>;
}

/** `EVENT#n`: the n-th fixture of that type (labels keep keys short: outputs can be large). */
export function eventLabeller(fixtures: Record<string, readonly unknown[]>): (event: { type: string }) => string {
  const labels = new Map<string, string>();
  for (const [type, list] of Object.entries(fixtures)) list.forEach((e, i) => labels.set(JSON.stringify(e), `${type}#${i}`));
  return (event) => labels.get(JSON.stringify(event)) ?? `${event.type}#?`;
}

export const edgeId = (space: string, state: string, label: string) => `${space} | ${state} | ${label}`;

interface Exploration {
  name: string;
  start: string;
  /** Events that lead from the machine's start to `fromState` (a region's prefix). */
  prefix: readonly unknown[];
  options: Record<string, unknown>;
  /** The edge's abstract state. */
  key: (snapshot: Keyed) => string;
  /**
   * The traversal's (finer) abstract state, when the edges' key is too coarse to explore by: a
   * key that forgets what later steps depend on (a dependent's row half filled, a term signed
   * while the screen loads) would stop the exploration short of the states they lead to.
   */
  traverse?: (snapshot: Keyed) => string;
}

/**
 * Explores one space with xstate/graph: every reachable abstract snapshot, each event that
 * takes at least one transition from it (an edge), and the shortest events to it.
 */
export function exploreSpace<M extends AnyStateMachine>(
  machine: M,
  exploration: Exploration,
  label: (event: { type: string }) => string,
  taken: (snapshot: AnyMachineSnapshot, event: PathEvent<M>) => readonly string[],
): EdgeSpace {
  // The traversal tells apart states with an actor's answer still awaited (only then can it come);
  // the edge's key does not: an edge is the abstract state and the event, whichever way it came.
  const traverse = exploration.traverse ?? exploration.key;
  const serialize = (snapshot: AnyMachineSnapshot) => `${traverse(snapshot)} ${pendingActors(snapshot).join(',')}`;
  const filter = exploration.options.filterEvents as ((s: AnyMachineSnapshot, e: { type: string }) => boolean) | undefined;
  const options = { ...exploration.options, serializeState: serialize, filterEvents: onlyPossible(filter) };
  const logic = recordingLogic(machine);
  const adjacency = getAdjacencyMap(logic, options as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: PathEvent<M> }> }
  >;
  const toState = new Map<string, unknown[]>();
  for (const path of getShortestPaths(logic, options as never)) {
    toState.set(
      serialize(path.state as AnyMachineSnapshot),
      (path.steps as { event: unknown }[]).slice(1).map((step) => step.event),
    );
  }
  const edges = new Map<string, { prefix: readonly unknown[]; event: unknown; start: string }>();
  const steps: ExploredStep[] = [];
  const refusals = new Map<string, { prefix: readonly unknown[]; event: unknown; start: string }>();
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(stateKey);
    // A machine that reached its final state is stopped: nothing leaves it.
    if (!prefix || state.status !== 'active') continue;
    const full = [...exploration.prefix, ...prefix];
    for (const { event } of Object.values(transitions)) {
      const keys = taken(state, event);
      if (keys.length === 0) {
        const key = `${exploration.key(state)} ${label(event)}`;
        const known = refusals.get(key);
        if (!known || known.prefix.length > full.length) refusals.set(key, { prefix: full, event, start: exploration.start });
        continue;
      }
      steps.push({ start: exploration.start, state, prefix: full, event, taken: keys });
      const key = `${exploration.key(state)} ${label(event)}`;
      const known = edges.get(key);
      // Several traversal states share an edge's key: the shortest way to it wins.
      if (known && known.prefix.length <= full.length) continue;
      edges.set(key, { prefix: full, event, start: exploration.start });
    }
  }
  // An event refused in one traversal state of an edge key and taken in another is an edge, not a refusal.
  for (const key of edges.keys()) refusals.delete(key);
  return { name: exploration.name, key: exploration.key, edges, steps, refusals };
}

/** The edges a step takes, as ids of every space that knows them. */
export function edgesOf(spaces: readonly EdgeSpace[], before: Keyed, label: string): string[] {
  return spaces.flatMap((space) => {
    const state = space.key(before);
    return space.edges.has(`${state} ${label}`) ? [edgeId(space.name, state, label)] : [];
  });
}

/** Every edge id of the spaces (the universe the coverage is counted against). */
export function allEdgeIds(spaces: readonly EdgeSpace[]): string[] {
  return spaces.flatMap((space) =>
    [...space.edges.keys()].map((key) => {
      const cut = key.lastIndexOf(' ');
      return edgeId(space.name, key.slice(0, cut), key.slice(cut + 1));
    }),
  );
}

/** One space from several explorations with the same key (e.g. one per start): the shortest way to each edge wins. */
export function mergeSpaces(name: string, spaces: readonly EdgeSpace[]): EdgeSpace {
  const edges = new Map<string, { prefix: readonly unknown[]; event: unknown; start: string }>();
  for (const space of spaces)
    for (const [key, edge] of space.edges) {
      const known = edges.get(key);
      if (!known || known.prefix.length > edge.prefix.length) edges.set(key, edge);
    }
  const refusals = new Map<string, { prefix: readonly unknown[]; event: unknown; start: string }>();
  for (const space of spaces)
    for (const [key, refusal] of space.refusals) {
      const known = refusals.get(key);
      if (!edges.has(key) && (!known || known.prefix.length > refusal.prefix.length)) refusals.set(key, refusal);
    }
  return { name, key: spaces[0]!.key, edges, steps: spaces.flatMap((space) => space.steps), refusals };
}
