/**
 * Coverage counted from what the machines actually did while the paths ran: the
 * microsteps and snapshots XState reports through its `inspect` option. The generator's
 * claims are never counted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { allEdgeIds, type EdgeSpace } from './edges';
import { activeStatePaths, transitionKey, universeOf, type Universe } from './universe';

export type Tier = 'unit' | 'browser';

/** Something left out on purpose, shown with its reason by `npm run test:paths`. */
export interface Exclusion {
  /** A state path (`'busy'`) or a transition key (`'busy|REQUEST_FAILED|0'`). */
  item: string;
  reason: string;
}

/** One observation, small enough to cross from the browser page to the test (JSON). */
export interface Observation {
  machineId: string;
  states: string[];
  transitions: string[];
}

export interface CoverageFile {
  tier: Tier;
  machineId: string;
  universe: Universe;
  reachedStates: string[];
  takenTransitions: string[];
  excluded: Exclusion[];
  /** The abstract graph's edges (framework/edges.ts) this tier counts, and those its paths took. */
  edges: string[];
  takenEdges: string[];
  paths: number;
  /** Steps (starts included) at which the model's rules were checked, and how many rules. */
  checkedSteps: number;
  rules: number;
}

export const COVERAGE_DIR = resolve(process.env.PATHS_COVERAGE_DIR ?? 'test-results/paths-coverage');

interface MachineLike {
  id: string;
  root: unknown;
}

function machineOf(actorRef: unknown): MachineLike | undefined {
  const logic = (actorRef as { logic?: unknown } | undefined)?.logic as Partial<MachineLike> | undefined;
  return logic && typeof logic.id === 'string' && logic.root ? (logic as MachineLike) : undefined;
}

/** Turns XState inspection events into observations (Node side: unit tier). */
export function observe(event: InspectionEvent): Observation | undefined {
  const machine = machineOf(event.actorRef);
  if (!machine) return undefined;
  if (event.type === '@xstate.microstep') {
    return {
      machineId: machine.id,
      states: activeStatePaths(event.snapshot && (event.snapshot as { value?: unknown }).value),
      transitions: event._transitions.map((t) => transitionKey(t)),
    };
  }
  if (event.type === '@xstate.snapshot') {
    // The first one is the initial state, which no transition enters.
    return { machineId: machine.id, states: activeStatePaths((event.snapshot as { value?: unknown }).value), transitions: [] };
  }
  return undefined;
}

/** Accumulates observations of one machine. */
export class CoverageRecorder {
  readonly universe: Universe;
  readonly reachedStates = new Set<string>();
  readonly takenTransitions = new Set<string>();
  readonly takenEdges = new Set<string>();
  readonly edges: readonly string[];
  paths = 0;
  checkedSteps = 0;

  constructor(
    machine: AnyStateMachine,
    readonly excluded: readonly Exclusion[] = [],
    readonly rules = 0,
    readonly spaces: readonly EdgeSpace[] = [],
  ) {
    this.universe = universeOf(machine);
    this.edges = allEdgeIds(spaces);
  }

  /** Edges a step took (ids from `edgesOf`), counted once the step was seen to happen. */
  addEdges(ids: readonly string[]): void {
    for (const id of ids) this.takenEdges.add(id);
  }

  missingEdges(): string[] {
    return this.edges.filter((id) => !this.takenEdges.has(id));
  }

  add(observation: Observation | undefined): void {
    if (!observation || observation.machineId !== this.universe.machineId) return;
    for (const state of observation.states) this.reachedStates.add(state);
    for (const transition of observation.transitions) {
      this.takenTransitions.add(transition);
      // A transition is taken from a state the machine was in, even a transient one
      // (left at once by an eventless transition, so never seen in a snapshot).
      const source = transition.split('|')[0] ?? '';
      const parts = source ? source.split('.') : [];
      parts.forEach((_, i) => this.reachedStates.add(parts.slice(0, i + 1).join('.')));
    }
  }

  /** An `inspect` observer to pass to `createActor(machine, { inspect })`. */
  readonly inspect = (event: InspectionEvent): void => this.add(observe(event));

  missingStates(): string[] {
    const excluded = new Set(this.excluded.map((e) => e.item));
    return this.universe.states.filter((s) => !this.reachedStates.has(s) && !excluded.has(s));
  }

  missingTransitions(): string[] {
    const excluded = new Set(this.excluded.map((e) => e.item));
    return this.universe.transitions.map((t) => t.key).filter((k) => !this.takenTransitions.has(k) && !excluded.has(k));
  }

  toFile(tier: Tier): CoverageFile {
    return {
      tier,
      machineId: this.universe.machineId,
      universe: this.universe,
      reachedStates: [...this.reachedStates].sort(),
      takenTransitions: [...this.takenTransitions].sort(),
      excluded: [...this.excluded],
      edges: [...this.edges],
      takenEdges: [...this.takenEdges].sort(),
      paths: this.paths,
      checkedSteps: this.checkedSteps,
      rules: this.rules,
    };
  }

  /** Writes `<tier>/<machineId>/<part>.json`; the report unites every part of a machine. */
  write(tier: Tier, part = 'all'): string {
    const file = join(COVERAGE_DIR, tier, this.universe.machineId, `${part.replace(/[^\w.-]+/g, '_')}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.toFile(tier), null, 2)}\n`);
    return file;
  }
}
