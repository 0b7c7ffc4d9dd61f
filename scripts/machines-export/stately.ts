/**
 * `docs/machines/<flow>.stately.ts`: the machine as a self-contained `createMachine({...})`
 * module, the form the Stately editor imports ("Import from code"). States, descriptions,
 * tags, transitions, and every action, guard, actor and delay by the name the code gives it;
 * the code behind the names stays in machines/.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  childNodes,
  isWithin,
  ownActions,
  ownTransitions,
  implementationShape,
  type GuardShape,
  type ImplementationShape,
  type Transition,
} from './graph.ts';

type Value = string | number | boolean | Value[] | { [key: string]: Value | undefined };

/* ---------------------------------------------------------------- config */

/** A target as one writes it: a sibling by key, a descendant by `.path`, anything else by `#id`. */
function targetText(source: AnyStateNode, target: AnyStateNode): string {
  if (source.parent && target.parent === source.parent) return target.key;
  if (target !== source && isWithin(target, source)) return `.${target.path.slice(source.path.length).join('.')}`;
  return `#${target.id}`;
}

function implementation(shape: ImplementationShape): Value {
  return shape.params ? { type: shape.type, params: shape.params as Value } : shape.type;
}

/** Named guards stay strings; combined ones are `{ type: 'and', guards: [...] }`, as Stately reads them. */
function guardValue(shape: GuardShape): Value {
  if ('guards' in shape) return { type: shape.type, guards: shape.guards.map(guardValue) };
  return 'params' in shape && shape.params ? { type: shape.type, params: shape.params as Value } : shape.type;
}

const oneOrMany = (values: Value[]): Value | undefined => (values.length === 0 ? undefined : values.length === 1 ? values[0] : values);

function transitionValue(t: Transition): Value {
  const config: Record<string, Value | undefined> = {};
  if (t.targets.length) config.target = oneOrMany(t.targets.map((target) => targetText(t.source, target)));
  if (t.guard) config.guard = guardValue(t.guard);
  config.actions = oneOrMany(t.actions.map(implementation));
  if (t.reenter) config.reenter = true;
  if (t.description) config.description = t.description;
  return config;
}

function nodeValue(machine: AnyStateMachine, node: AnyStateNode): Record<string, Value | undefined> {
  const config: Record<string, Value | undefined> = {};
  const defaultId = [machine.id, ...node.path].join('.');
  if (node === machine.root || node.id !== defaultId) config.id = node.id;
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') config.type = node.type;
  if (node.type === 'history' && node.history) config.history = node.history;
  const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  if (initial) config.initial = initial.key;
  if (node.description) config.description = node.description;
  if (node.tags?.length) config.tags = [...node.tags];
  config.entry = oneOrMany(ownActions(node, node.entry).map((a) => implementation(implementationShape(a))));
  config.exit = oneOrMany(ownActions(node, node.exit).map((a) => implementation(implementationShape(a))));

  const transitions = ownTransitions(node);
  const group = (pick: (t: Transition) => string | undefined) => {
    const groups = new Map<string, Value[]>();
    for (const t of transitions) {
      const key = pick(t);
      if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), transitionValue(t)]);
    }
    return groups;
  };
  const invoke = (node.invoke ?? []).map((inv: { id: string; src: unknown }) => {
    const outcome = (kind: 'done.actor' | 'error.actor') =>
      oneOrMany(transitions.filter((t) => t.trigger.kind === kind && t.trigger.actor === inv.id).map(transitionValue));
    return {
      id: inv.id,
      src: typeof inv.src === 'string' ? inv.src : 'inline',
      onDone: outcome('done.actor'),
      onError: outcome('error.actor'),
    };
  });
  config.invoke = oneOrMany(invoke);
  const record = (groups: Map<string, Value[]>) =>
    groups.size ? Object.fromEntries([...groups].map(([key, list]) => [key, oneOrMany(list)])) : undefined;
  config.on = record(group((t) => (t.trigger.kind === 'on' ? t.trigger.event : undefined)));
  config.after = record(group((t) => (t.trigger.kind === 'after' ? t.trigger.delay : undefined)));
  config.always = oneOrMany(transitions.filter((t) => t.trigger.kind === 'always').map(transitionValue));
  config.onDone = oneOrMany(transitions.filter((t) => t.trigger.kind === 'onDone').map(transitionValue));
  const children = childNodes(node);
  if (children.length) config.states = Object.fromEntries(children.map((child) => [child.key, nodeValue(machine, child)]));
  return config;
}

/* ---------------------------------------------------------------- printing */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const keyText = (key: string) => (IDENTIFIER.test(key) ? key : quote(key));

function print(value: Value, indent: string): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => print(item, inner));
    const flat = `[${items.join(', ')}]`;
    if (flat.length <= 72 && !flat.includes('\n')) return flat;
    return `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter((entry): entry is [string, Value] => entry[1] !== undefined);
  if (!entries.length) return '{}';
  const items = entries.map(([key, item]) => `${keyText(key)}: ${print(item, inner)}`);
  const flat = `{ ${items.join(', ')} }`;
  if (flat.length <= 72 && !flat.includes('\n') && !entries.some(([key]) => key === 'states')) return flat;
  return `{\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}}`;
}

/* ---------------------------------------------------------------- module */

const camel = (flow: string) => flow.replace(/[-.]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function statelyModule(machine: AnyStateMachine, flow: string, file: string): string {
  const delays = Object.fromEntries(
    Object.entries(machine.implementations.delays ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
  const options = Object.keys(delays).length ? `, ${print({ delays }, '')}` : '';
  const config = nodeValue(machine, machine.root);
  const combined = print(config, '').includes('guards: [');
  return [
    '/**',
    ` * ${flow} — generated by \`npm run machines:export\` from machines/${file}: do not edit.`,
    ' *',
    ' * The machine as the Stately editor imports it (Import from code, or open this file with the',
    ' * Stately extension): its states, transitions, and every action, guard, actor and delay by the',
    ' * name the code gives it; the code behind the names is in the machine file.',
    ...(combined
      ? [
          " * A combined guard reads `{ type: 'and', guards: [...] }` (or `'or'`, `'not'`), the form Stately's",
          " * parser keeps whole; the machine itself writes XState's `and([...])`.",
        ]
      : []),
    ' */',
    "import { createMachine } from 'xstate';",
    '',
    `export const ${camel(flow)}Machine = createMachine(${print(config, '')}${options});`,
    '',
  ].join('\n');
}
