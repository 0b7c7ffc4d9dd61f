/**
 * One inventory of a machine's states and transitions, written twice: from the running machine
 * (XState's own state nodes) and from what Stately's parser (@xstate/machine-extractor) read in
 * a `createMachine({...})` module. Each transition reads
 * `state id | trigger | candidate index | target ids | guard | actions`.
 */
import { extractMachinesFromFile } from '@xstate/machine-extractor';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/* ---------------------------------------------------------------- the running machine */

function guardName(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    return inner ? `${guard.name}(${inner.map(guardName).join(',')})` : 'inline';
  }
  return String((guard as { type?: unknown }).type);
}

function actionNames(actions: readonly unknown[] | undefined): string {
  return (actions ?? []).map((a) => (typeof a === 'string' ? a : String((a as { type?: unknown }).type))).join(',');
}

function triggerKey(source: AnyStateNode, eventType: string, delay: unknown): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return `after ${String(delay)}`;
  if (eventType.startsWith('xstate.done.actor.')) return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType === `xstate.done.state.${source.id}`) return 'onDone';
  return eventType;
}

export interface Inventory {
  states: string[];
  transitions: string[];
}

export function machineInventory(machine: AnyStateMachine): Inventory {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states as Record<string, AnyStateNode>).forEach(walk);
  };
  walk(machine.root);
  const transitions = nodes.flatMap((node) => {
    type Def = { eventType: string; target?: readonly AnyStateNode[]; guard?: unknown; actions?: readonly unknown[]; delay?: unknown };
    const groups: Def[][] = [...(node.transitions.values() as Iterable<Def[]>), (node.always ?? []) as Def[]];
    return groups.flatMap((list) =>
      list.map((t, index) =>
        [
          node.id,
          triggerKey(node, t.eventType, t.delay),
          index,
          (t.target ?? []).map((n) => n.id).join(','),
          guardName(t.guard),
          actionNames(t.actions),
        ].join(' | '),
      ),
    );
  });
  return { states: nodes.map((n) => n.id).sort(), transitions: transitions.sort() };
}

/* ---------------------------------------------------------------- what Stately's parser read */

export type Config = {
  id?: string;
  states?: Record<string, Config>;
  on?: Record<string, Transition | Transition[]>;
  after?: Record<string, Transition | Transition[]>;
  always?: Transition | Transition[];
  onDone?: Transition | Transition[];
  invoke?: Invoke | Invoke[];
};
type Transition = { target?: string | string[]; cond?: Guard; actions?: Action | Action[] };
/** A named guard; XState's `and([...])`/`or([...])`/`not(...)` reads as an inline guard whose type is its source text. */
type Guard = { type: string; kind?: string; guards?: Array<string | Guard> };
type Action = { action?: { type?: string }; type?: string } | string;
type Invoke = { id?: string; src: string; onDone?: Transition | Transition[]; onError?: Transition | Transition[] };

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function parsedGuard(guard: Guard | string | undefined): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  // `and(['isA', not('isB')])` as written reads `and(isA,not(isB))`, as the running machine's inventory does.
  // A named guard with static params inside and()/or() reads as its name, as the machine's own inventory does.
  if (guard.kind === 'inline') return guard.type.replace(/[\s'"[\]]/g, '').replace(/\{type:(\w+),params:\{[^{}]*\}\}/g, '$1');
  return guard.guards ? `${guard.type}(${guard.guards.map(parsedGuard).join(',')})` : guard.type;
}

function parsedActions(actions: Action | Action[] | undefined): string {
  return list(actions)
    .map((a) => (typeof a === 'string' ? a : (a.action?.type ?? a.type)))
    .join(',');
}

export function parsedInventory(root: Config): Inventory {
  const byPath = new Map<string, { id: string; config: Config }>();
  const walk = (config: Config, path: string[]) => {
    byPath.set(path.join('.'), { id: config.id ?? path.join('.'), config });
    for (const [key, child] of Object.entries(config.states ?? {})) walk(child, [...path, key]);
  };
  walk(root, [root.id!]);
  const byId = new Map([...byPath.values()].map((entry) => [entry.id, entry]));
  const idOf = (path: string) => byPath.get(path)?.id ?? `unknown state ${path}`;
  const transitions: string[] = [];
  for (const [path, { id, config }] of byPath) {
    const resolve = (target: string) => {
      if (target.startsWith('#')) return byId.get(target.slice(1))?.id ?? `unknown #${target.slice(1)}`;
      if (target.startsWith('.')) return idOf(`${path}${target}`);
      return idOf(`${path.split('.').slice(0, -1).join('.')}.${target}`);
    };
    const add = (trigger: string, candidates: Transition | Transition[] | undefined) =>
      list(candidates).forEach((t, index) =>
        transitions.push(
          [id, trigger, index, list(t.target).map(resolve).join(','), parsedGuard(t.cond), parsedActions(t.actions)].join(' | '),
        ),
      );
    for (const [event, candidates] of Object.entries(config.on ?? {})) add(event, candidates);
    for (const [delay, candidates] of Object.entries(config.after ?? {})) add(`after ${delay}`, candidates);
    for (const invoke of list(config.invoke)) {
      add(`done ${invoke.id}`, invoke.onDone);
      add(`error ${invoke.id}`, invoke.onError);
    }
    add('onDone', config.onDone);
    add('always', config.always);
  }
  return { states: [...byPath.values()].map((entry) => entry.id).sort(), transitions: transitions.sort() };
}

/** The configs of every `createMachine(...)` Stately's parser finds in a module's source. */
export function parseStately(source: string): Config[] {
  const machines = extractMachinesFromFile(source)?.machines ?? [];
  return machines.map((machine) => machine!.toConfig() as Config);
}
