/**
 * What there is to cover in a machine, read from its definition (not from any generator):
 * every state node below the root, nested ones included, and every transition as
 * (source state, event, index among that event's guarded candidates).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface TransitionInfo {
  /** `source|event|index`, e.g. `busy|REQUEST_FINISHED|1`. */
  key: string;
  source: string;
  event: string;
  index: number;
  guard: string | undefined;
  targets: string[];
}

export interface Universe {
  machineId: string;
  /** Dotted state paths below the root (`'loading.logo.settled'`). */
  states: string[];
  transitions: TransitionInfo[];
}

/** The dotted path of a state node relative to its machine's root (`''` for the root). */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** Event type of an eventless (`always`) transition in keys and reports. */
export const ALWAYS = '(always)';

/** The key of one transition definition, the same whichever copy of the machine took it. */
export function transitionKey(transition: { source: AnyStateNode; eventType: string }): string {
  const { source, eventType } = transition;
  const candidates: unknown[] = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
  let index = candidates.indexOf(transition);
  if (index < 0) index = 0;
  return `${statePath(source)}|${eventType || ALWAYS}|${index}`;
}

/** A history pseudo-state is never active: the transitions that target it cover it. */
function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>)
    .filter((child) => child.type !== 'history')
    .flatMap((child) => [child, ...allNodes(child)]);
}

export function universeOf(machine: AnyStateMachine): Universe {
  const nodes = [machine.root, ...allNodes(machine.root)];
  const transitions: TransitionInfo[] = [];
  for (const node of nodes) {
    const lists: Array<[string, AnyStateNode['always']]> = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [eventType, list] of lists) {
      (list ?? []).forEach((t, index) => {
        transitions.push({
          key: `${statePath(node)}|${eventType || ALWAYS}|${index}`,
          source: statePath(node) || '(root)',
          event: eventType || ALWAYS,
          index,
          guard: guardName(t.guard),
          targets: (t.target ?? []).map((target: AnyStateNode) => statePath(target)),
        });
      });
    }
  }
  return {
    machineId: machine.id,
    states: allNodes(machine.root).map(statePath),
    transitions,
  };
}

/** Dotted paths of every state node (leaves and their ancestors) active in a state value. */
export function activeStatePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...activeStatePaths(child, path)];
  });
}

/** Dotted paths of the active leaves only. */
export function activeLeafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    activeLeafPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}
