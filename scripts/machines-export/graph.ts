/**
 * The machine's own definition (XState's state nodes) read as a tree of states and a list
 * of transitions, each with what an analyst names it by: the event (or the delay, the actor
 * that answered, `always`, `onDone`) and its guard. Shared by the charts and the Stately module.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

/** Every state node below `node`, depth first, in the order the machine declares them. */
export function descendants(node: AnyStateNode): AnyStateNode[] {
  return childNodes(node).flatMap((child) => [child, ...descendants(child)]);
}

/** `node` and its ancestors, the root first. */
export function lineage(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) list.unshift(current);
  return list;
}

export function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  return lineage(node).includes(ancestor);
}

/** The deepest state both nodes are within (one of them when it contains the other). */
export function commonAncestor(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  const la = lineage(a);
  const lb = lineage(b);
  let common = la[0]!;
  for (let i = 0; i < Math.min(la.length, lb.length) && la[i] === lb[i]; i += 1) common = la[i]!;
  return common;
}

/** The path of `node` below `from` (`login.editing`), or its whole path when not below it. */
export function pathFrom(node: AnyStateNode, from: AnyStateNode): string {
  const path = node.path.slice(isWithin(node, from) ? from.path.length : 0);
  return path.join('.') || node.key;
}

/* ---------------------------------------------------------------- guards and implementations */

/** A guard as written in the machine: a name, a name with static params, or and/or/not of guards. */
export type GuardShape =
  | { type: string; params?: Record<string, unknown>; computedParams?: true }
  | { type: 'and' | 'or' | 'not'; guards: GuardShape[] }
  | { type: 'inline' };

/** Static params (plain data) are kept; params computed from the event or context are code. */
function staticParams(value: object): Record<string, unknown> | undefined {
  const params = (value as { params?: unknown }).params;
  if (params === undefined || typeof params === 'function') return undefined;
  return params as Record<string, unknown>;
}

/** Params computed when the guard or action runs (from the event or the context): named, not shown. */
const computedParams = (value: object) => typeof (value as { params?: unknown }).params === 'function';

export function guardShape(value: unknown): GuardShape | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { type: value };
  if (typeof value === 'function') {
    // XState's and([...]), or([...]) and not(...) are functions carrying their guards.
    const inner = (value as { guards?: unknown }).guards;
    const combinator = value.name;
    if (Array.isArray(inner) && (combinator === 'and' || combinator === 'or' || combinator === 'not')) {
      return { type: combinator, guards: inner.map((g) => guardShape(g) ?? { type: 'inline' }) };
    }
    return { type: 'inline' };
  }
  if (typeof value === 'object' && 'type' in value && typeof value.type === 'string') {
    const params = staticParams(value);
    if (params) return { type: value.type, params };
    return computedParams(value) ? { type: value.type, computedParams: true } : { type: value.type };
  }
  return { type: 'inline' };
}

/** Static params as an analyst reads them: `(part: 'logo')`; computed ones as `(computed)`. */
export function paramsText(shape: object): string {
  const { params, computedParams } = shape as { params?: Record<string, unknown>; computedParams?: true };
  if (computedParams) return '(computed)';
  if (!params) return '';
  const value = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
  return `(${Object.entries(params)
    .map(([key, v]) => `${key}: ${value(v)}`)
    .join(', ')})`;
}

/** A guard with its params: `screenShows(part: 'logo') and not isLate`. */
export function guardWithParams(shape: GuardShape | undefined, nested = false): string {
  if (!shape) return '';
  if (!('guards' in shape)) return `${shape.type}${paramsText(shape)}`;
  if (shape.type === 'not') return `not ${guardWithParams(shape.guards[0], true)}`;
  const text = shape.guards.map((g) => guardWithParams(g, true)).join(` ${shape.type} `);
  return nested ? `(${text})` : text;
}

/** How a guard reads on an arrow: `isNotSaved and isLookupableRegistry`, `not hasToken`. */
export function guardText(shape: GuardShape | undefined, nested = false): string {
  if (!shape) return '';
  if (!('guards' in shape)) return shape.type;
  if (shape.type === 'not') return `not ${guardText(shape.guards[0], true)}`;
  const text = shape.guards.map((g) => guardText(g, true)).join(` ${shape.type} `);
  return nested ? `(${text})` : text;
}

/** An action (or actor source) as written: its name, with its static params if any; `inline` for code. */
export type ImplementationShape = { type: string; params?: Record<string, unknown>; computedParams?: true };

export function implementationShape(value: unknown): ImplementationShape {
  if (typeof value === 'string') return { type: value };
  if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string') {
    const params = staticParams(value);
    if (params) return { type: value.type, params };
    return computedParams(value) ? { type: value.type, computedParams: true } : { type: value.type };
  }
  return { type: 'inline' };
}

/** XState adds a raise (entry) and a cancel (exit) per `after` delay: those are not the machine's own. */
export function ownActions(node: AnyStateNode, actions: readonly unknown[] | undefined): unknown[] {
  const delayed = (node.after ?? []).length > 0;
  return (actions ?? []).filter(
    (action) =>
      !(delayed && typeof action === 'function' && ['xstate.raise', 'xstate.cancel'].includes(String((action as { type?: unknown }).type))),
  );
}

/* ---------------------------------------------------------------- transitions */

export interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  description?: string;
  delay?: unknown;
}

/** What makes a transition happen, as its config key says it. */
export type Trigger =
  | { kind: 'on'; event: string }
  | { kind: 'after'; delay: string }
  | { kind: 'done.actor' | 'error.actor'; actor: string }
  | { kind: 'onDone' }
  | { kind: 'always' };

export interface Transition {
  source: AnyStateNode;
  trigger: Trigger;
  /** Position among the candidates for the same trigger (the first whose guard passes is taken). */
  index: number;
  /** How many candidates the trigger has: above one, they are numbered and the unguarded one is the "else". */
  alternatives: number;
  targets: AnyStateNode[];
  guard: GuardShape | undefined;
  actions: ImplementationShape[];
  reenter: boolean;
  description: string | undefined;
}

const AFTER = /^xstate\.after\./;
const DONE_ACTOR = /^xstate\.done\.actor\.(.+)$/;
const ERROR_ACTOR = /^xstate\.error\.actor\.(.+)$/;
const DONE_STATE = /^xstate\.done\.state\./;

function triggerOf(source: AnyStateNode, t: TransitionLike): Trigger {
  const { eventType } = t;
  if (AFTER.test(eventType)) {
    // The event is `xstate.after.<delay>.<id of the state>`: the delay is what the machine names.
    const delay =
      typeof t.delay === 'string' || typeof t.delay === 'number'
        ? String(t.delay)
        : eventType.slice('xstate.after.'.length, -(source.id.length + 1));
    return { kind: 'after', delay };
  }
  const done = DONE_ACTOR.exec(eventType);
  if (done) return { kind: 'done.actor', actor: done[1]! };
  const failed = ERROR_ACTOR.exec(eventType);
  if (failed) return { kind: 'error.actor', actor: failed[1]! };
  if (DONE_STATE.test(eventType)) return { kind: 'onDone' };
  return { kind: 'on', event: eventType };
}

/** The transitions a state declares itself, in declaration order. */
export function ownTransitions(node: AnyStateNode): Transition[] {
  const groups: TransitionLike[][] = [
    ...(node.transitions.values() as Iterable<TransitionLike[]>),
    ...(node.always?.length ? [node.always as TransitionLike[]] : []),
  ];
  return groups.flatMap((list) =>
    list.map((t, index) => ({
      source: node,
      trigger: t.eventType === '' ? ({ kind: 'always' } as const) : triggerOf(node, t),
      index,
      alternatives: list.length,
      targets: [...(t.target ?? [])],
      guard: guardShape(t.guard),
      actions: (t.actions ?? []).map(implementationShape),
      reenter: Boolean(t.reenter),
      description: t.description,
    })),
  );
}

export function allTransitions(machine: AnyStateMachine): Transition[] {
  return [machine.root, ...descendants(machine.root)].flatMap(ownTransitions);
}

/** How the trigger reads on an arrow: `NEXT`, `after lookupDebounce`, `done saveRequest`. */
export function triggerText(trigger: Trigger): string {
  switch (trigger.kind) {
    case 'on':
      return trigger.event;
    case 'after':
      return `after ${trigger.delay}`;
    case 'done.actor':
      return `done ${trigger.actor}`;
    case 'error.actor':
      return `error ${trigger.actor}`;
    case 'onDone':
      return 'onDone';
    case 'always':
      return 'always';
  }
}

/** Whether the transition is the unguarded last resort among several candidates. */
export const isElse = (t: Transition): boolean => t.alternatives > 1 && !t.guard;

/** `event [guard]`; among alternatives, numbered in the order they are tried: `(1) SUBMIT [hasProtocol]`, `(2) SUBMIT [else]` ("1." would read as a Markdown list to Mermaid). */
export function transitionText(t: Transition): string {
  const guard = isElse(t) ? 'else' : guardText(t.guard);
  const number = t.alternatives > 1 ? `(${t.index + 1}) ` : '';
  return `${number}${triggerText(t.trigger)}${guard ? ` [${guard}]` : ''}`;
}

const SPEC_SECTION = /§\s?\d+(?:\.\d+)*/g;

/** The SPEC sections a transition's description cites (`§4`, `§5`). */
export function specSections(t: Transition): string[] {
  return [...new Set((t.description?.match(SPEC_SECTION) ?? []).map((s) => s.replace(/\s/g, '')))];
}

/** The actions a transition runs, as an arrow shows them: `/ storeSession, goToNewRequest`. */
export function actionsLabel(t: Transition): string {
  return t.actions.length ? `/ ${t.actions.map((a) => a.type).join(', ')}` : '';
}
