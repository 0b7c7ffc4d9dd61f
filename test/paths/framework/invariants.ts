/**
 * The oracle of the path tests: SPEC's rules, written once per machine as predicates over
 * a step of a run (the machine's snapshot and what it did so far), checked after every
 * step of every path in both tiers — on the actor's snapshots in the unit tier, on the
 * snapshots the machine reported from inside the page in the browser tier, where a rule
 * may also say what the page must show (`seen`). A path's expected states come from the
 * machine itself, so they cannot tell a SPEC-breaking edit from the intended chart: the
 * rules can (see `npm run test:paths -- --mutants`).
 */
import type { AnyStateMachine, InspectionEvent, SnapshotFrom } from 'xstate';
import type { Page } from '@playwright/test';
import type { PageCheck } from './page-check';

/**
 * One step of a run: the snapshot reached, and the trace of everything the machine did
 * since it started, in order: `event:<type>` for each event it received (its own and its
 * actors' answers), `action:<type>` for each named action it executed.
 */
export interface Step<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>;
  trace: readonly string[];
  /**
   * Every event the machine received since it started, with its data (a lookup's answer, the
   * file chosen, the term signed), in order: what a rule computes SPEC's expectation from.
   */
  events: readonly ReceivedEvent[];
  /** The step judged before this one (none at the start): what a rule compares against. */
  previous?: { snapshot: SnapshotFrom<M>; events: number };
}

/** An event as the machine received it (a plain copy in the browser tier). */
export type ReceivedEvent = { type: string } & Record<string, unknown>;

export interface Invariant<M extends AnyStateMachine> {
  /** The rule in a sentence, with its SPEC section: what a failure prints. */
  rule: string;
  /** True when the rule holds; a string says what broke. */
  holds: (step: Step<M>) => boolean | string;
  /** Browser tier: what the page shows where the rule applies (null: nothing to look at here). */
  seen?: (page: Page, step: Step<M>) => PageCheck | null;
}

/** The rules a step breaks, each with what broke (empty: every rule holds). */
export function violations<M extends AnyStateMachine>(invariants: readonly Invariant<M>[], step: Step<M>): string[] {
  return invariants.flatMap((invariant) => {
    const verdict = invariant.holds(step);
    if (verdict === true) return [];
    return [`invariant "${invariant.rule}" broken${typeof verdict === 'string' ? `: ${verdict}` : ''}`];
  });
}

/** Trace helpers for the rules. */
export const traced = {
  count: (trace: readonly string[], entry: string) => trace.filter((e) => e === entry).length,
  /** The entry among `entries` that came last in the trace, if any. */
  lastOf: (trace: readonly string[], ...entries: string[]) => [...trace].reverse().find((e) => entries.includes(e)),
  /** Whether every occurrence of `entry` follows at least one of `before`. */
  alwaysAfter: (trace: readonly string[], entry: string, ...before: string[]) => {
    let seen = false;
    for (const e of trace) {
      if (before.includes(e)) seen = true;
      if (e === entry && !seen) return false;
    }
    return true;
  },
};

/** Events of `type` among `events` (optionally from index `from`), with their data. */
export function received<E extends ReceivedEvent = ReceivedEvent>(events: readonly ReceivedEvent[], type: string, from = 0): E[] {
  return events.slice(from).filter((event) => event.type === type) as E[];
}

/** The event an invoked actor's answer carries: its output (done) — undefined for a failure. */
export function outputOf(event: ReceivedEvent | undefined): unknown {
  return event?.output;
}

/** The event the machine received from the root actor of `machineId` (Node side), with its data. */
export function receivedEntry(event: InspectionEvent, machineId: string): ReceivedEvent | undefined {
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } } | undefined)?.logic;
  if (!logic || logic.id !== machineId || !logic.root || event.type !== '@xstate.event') return undefined;
  return event.event as ReceivedEvent;
}

/**
 * Builds a machine's trace from XState inspection events (the same shape in Node and in
 * the page): events the root actor of `machineId` received, actions it executed.
 */
export function traceEntry(event: InspectionEvent, machineId: string): string | undefined {
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } } | undefined)?.logic;
  if (!logic || logic.id !== machineId || !logic.root) return undefined;
  if (event.type === '@xstate.event') return `event:${event.event.type}`;
  // XState's own actions (spawning and stopping invoked actors) say nothing a rule needs.
  if (event.type === '@xstate.action' && !event.action.type.startsWith('xstate.')) return `action:${event.action.type}`;
  return undefined;
}

/** The first rule a step breaks, with what broke, or null: stops at the first (a mutant's verdict needs no more). */
export function firstViolation<M extends AnyStateMachine>(invariants: readonly Invariant<M>[], step: Step<M>): string | null {
  for (const invariant of invariants) {
    const verdict = invariant.holds(step);
    if (verdict !== true) return `invariant "${invariant.rule}" broken${typeof verdict === 'string' ? `: ${verdict}` : ''}`;
  }
  return null;
}
