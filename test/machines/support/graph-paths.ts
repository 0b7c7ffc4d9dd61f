/**
 * Path testing for the shell's machines (home, request-activity, branding) with
 * `xstate/graph`: paths are generated from the machine (shortest path to a reachable
 * snapshot plus one edge out of it, kept when it takes a transition no other path takes
 * yet), replayed on a REAL
 * actor whose network actors are fakes that answer only when the path says so
 * (`xstate.done.actor.<id>` resolves the pending call, `xstate.error.actor.<id>` rejects it),
 * and coverage is counted from the actor's own microsteps.
 */
import {
  createActor, createEmptyActor, fromPromise, initialTransition, transition,
  type AnyActorLogic, type AnyActorScope, type AnyStateMachine, type AnyStateNode, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';

type Ev = { type: string } & Record<string, unknown>;

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;
type Snap = { value: unknown; status: string; context: unknown };

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allNodes(child)]);
}

const keyOf = (node: AnyStateNode, eventType: string, index: number) => `${node.path.join('.') || '(root)'}|${eventType || '(always)'}|${index}`;

/** Every state node below the root and every transition of the definition. */
export function universe(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = [machine.root, ...allNodes(machine.root)];
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const [eventType, list] of node.transitions.entries()) list.forEach((_, i) => transitions.push(keyOf(node, eventType, i)));
    (node.always ?? []).forEach((_, i) => transitions.push(keyOf(node, '', i)));
  }
  return { states: allNodes(machine.root).map((n) => n.path.join('.')), transitions };
}

function transitionKey(t: { source: AnyStateNode; eventType: string }): string {
  const list: unknown[] = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  return keyOf(t.source, t.eventType, Math.max(0, list.indexOf(t)));
}

function activeStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return [path, ...activeStates(v, path)];
  });
}

export interface PathOptions<E extends Ev> {
  events: readonly E[];
  input?: unknown;
  /** A finite abstraction of a snapshot for the generator (default: value + context). */
  serialize?: (snapshot: Snap) => string;
}

/** A pure stepper that also reports which definition transitions a step took. */
function makeStepper(machine: AnyStateMachine) {
  const empty = createEmptyActor();
  let taken: string[] = [];
  empty.system.inspect((event) => {
    if (event.type === '@xstate.microstep') {
      (event as unknown as { _transitions: { source: AnyStateNode; eventType: string }[] })._transitions
        .forEach((t) => taken.push(transitionKey(t)));
    }
  });
  const scope = {
    self: empty, logger: () => {}, id: '', sessionId: 'paths', defer: () => {}, system: empty.system,
    stopChild: () => {}, emit: () => {}, actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return (snapshot: unknown, event: Ev): string[] => {
    taken = [];
    machine.transition(snapshot as never, event as never, scope);
    return [...taken];
  };
}

/** An actor's answer can only come while that actor is invoked. */
function answerable(snapshot: { children?: Record<string, unknown> }, event: Ev): boolean {
  const match = DONE.exec(event.type) ?? ERROR.exec(event.type);
  return !match || Boolean(snapshot.children?.[match[1]!]);
}

/**
 * Paths that together take every transition the generator can reach: for every reachable
 * snapshot (xstate/graph shortest paths) and every edge out of it, a candidate path; the
 * shortest candidate that takes a transition no kept path takes yet is kept.
 */
export function generatePaths<E extends Ev>(machine: AnyStateMachine, options: PathOptions<E>): E[][] {
  const serialize = options.serialize ?? ((s: Snap) => JSON.stringify({ v: s.value, c: s.context, s: s.status }));
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: (s: Snap) => serialize(s),
    filterEvents: (s: { children?: Record<string, unknown> }, e: Ev) => answerable(s, e),
  } as never;
  const toState = new Map<string, E[]>();
  for (const path of getShortestPaths(machine as AnyActorLogic, traversal)) {
    toState.set(serialize(path.state as Snap), path.steps.slice(1).map((s) => s.event as E));
  }
  const adjacency = getAdjacencyMap(machine as AnyActorLogic, traversal) as unknown as Record<string, { state: unknown; transitions: Record<string, { event: E }> }>;
  const step = makeStepper(machine);
  const candidates: { events: E[]; takes: string[] }[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(key);
    if (!prefix) continue;
    for (const { event } of Object.values(transitions)) {
      const takes = step(state, event);
      if (takes.length) candidates.push({ events: [...prefix, event], takes });
    }
  }
  candidates.sort((a, b) => a.events.length - b.events.length);
  const covered = new Set<string>();
  const kept: E[][] = [];
  for (const candidate of candidates) {
    if (candidate.takes.every((t) => covered.has(t))) continue;
    candidate.takes.forEach((t) => covered.add(t));
    kept.push(candidate.events);
  }
  return kept;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Collects what the real actors reached while paths ran. */
export class Coverage {
  states = new Set<string>();
  transitions = new Set<string>();
  inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      const e = event as unknown as { _transitions: { source: AnyStateNode; eventType: string }[]; snapshot: Snap };
      e._transitions.forEach((t) => {
        this.transitions.add(transitionKey(t));
        // A transient state (left by an eventless transition) shows in no snapshot, only as a source.
        if (t.source.path.length) this.states.add(t.source.path.join('.'));
      });
      activeStates(e.snapshot.value).forEach((s) => this.states.add(s));
    }
    if (event.type === '@xstate.snapshot') {
      activeStates((event.snapshot as unknown as Snap).value).forEach((s) => this.states.add(s));
    }
  };
  missing(machine: AnyStateMachine) {
    const all = universe(machine);
    return {
      states: all.states.filter((s) => !this.states.has(s)),
      transitions: all.transitions.filter((t) => !this.transitions.has(t)),
    };
  }
}

export interface RunResult {
  /** State value after each step. */
  values: unknown[];
  final: Snap;
  /** Inputs each fake network actor was invoked with. */
  inputs: Record<string, unknown[]>;
}

/**
 * Replays a path on a real actor. `provide` adds spies for the app's actions. Each step's
 * value is checked against the pure machine (`machine.transition`) by the caller if needed.
 */
export async function runPath<E extends Ev>(
  machine: AnyStateMachine, events: readonly E[],
  options: { input?: unknown; provide?: { actions?: Record<string, unknown> }; coverage?: Coverage } = {},
): Promise<RunResult> {
  const pending = new Map<string, Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }>>();
  const inputs: Record<string, unknown[]> = {};
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((src) => [src, fromPromise<unknown, unknown>(({ input }) => {
    (inputs[src] ??= []).push(input);
    return new Promise((resolve, reject) => {
      pending.set(src, [...(pending.get(src) ?? []), { resolve, reject }]);
    });
  })]));
  const logic = machine.provide({ ...(options.provide ?? {}), actors } as never) as AnyStateMachine;
  const actor = createActor(logic, { input: options.input, inspect: options.coverage?.inspect });
  const values: unknown[] = [];
  actor.start();
  await settle();
  try {
    for (const [index, event] of events.entries()) {
      const where = `step ${index + 1} (${event.type})`;
      const match = DONE.exec(event.type) ?? ERROR.exec(event.type);
      if (match) {
        const call = pending.get(match[1]!)?.shift();
        if (!call) throw new Error(`${where}: no pending ${match[1]} call to answer`);
        if (DONE.test(event.type)) call.resolve(event.output);
        else call.reject(event.error ?? new Error('fixture failure'));
      } else {
        actor.send(event);
      }
      await settle();
      const snapshot = actor.getSnapshot() as Snap & { error?: unknown };
      if (snapshot.status === 'error') throw new Error(`${where}: actor crashed: ${String(snapshot.error)}`);
      values.push(snapshot.value);
    }
    return { values, final: actor.getSnapshot() as Snap, inputs };
  } finally {
    actor.stop();
  }
}

/** The state values the pure machine goes through for a path (the oracle for the real actor). */
export function expectedValues<E extends Ev>(machine: AnyStateMachine, events: readonly E[], input?: unknown): unknown[] {
  let [snapshot] = initialTransition(machine, input as never);
  return events.map((event) => {
    [snapshot] = transition(machine, snapshot, event as never);
    return (snapshot as Snap).value;
  });
}
