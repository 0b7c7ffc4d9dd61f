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

/** Code, printed as is: XState's `and([...])`, `or([...])`, `not(...)` around named guards. */
class Code {
  constructor(readonly text: string) {}
}

type Value = string | number | boolean | Code | Value[] | { [key: string]: Value | undefined };

/** Named guards stay strings (with their static params); combined ones are XState's own `and()`/`or()`/`not()`. */
function guardValue(shape: GuardShape): Value {
  if ('guards' in shape) {
    const inner = shape.guards.map((g) => print(guardValue(g), ''));
    return new Code(shape.type === 'not' ? `not(${inner[0]})` : `${shape.type}([${inner.join(', ')}])`);
  }
  return 'params' in shape && shape.params ? { type: shape.type, params: shape.params as Value } : shape.type;
}

/** Every guard name under a shape (the module gives each a stand-in so the machine runs). */
function guardNames(shape: GuardShape | undefined): string[] {
  if (!shape) return [];
  return 'guards' in shape ? shape.guards.flatMap(guardNames) : [shape.type];
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
  if (value instanceof Code) return value.text;
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

/** Every name the machine uses, by kind: the module declares each so that XState runs it. */
function namesOf(machine: AnyStateMachine): { actions: string[]; guards: string[]; actors: string[] } {
  const actions = new Set<string>();
  const guards = new Set<string>();
  const actors = new Set<string>();
  const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...childNodes(node).flatMap(nodes)];
  for (const node of nodes(machine.root)) {
    for (const a of [...ownActions(node, node.entry), ...ownActions(node, node.exit)]) actions.add(implementationShape(a).type);
    for (const inv of node.invoke ?? []) if (typeof inv.src === 'string') actors.add(inv.src);
    for (const t of ownTransitions(node)) {
      for (const a of t.actions) actions.add(a.type);
      for (const g of guardNames(t.guard)) guards.add(g);
    }
  }
  const sorted = (set: Set<string>) => [...set].filter((name) => name !== 'inline').sort();
  return { actions: sorted(actions), guards: sorted(guards), actors: sorted(actors) };
}

export function statelyModule(machine: AnyStateMachine, flow: string, file: string): string {
  const delays = Object.fromEntries(
    Object.entries(machine.implementations.delays ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
  const config = nodeValue(machine, machine.root);
  const names = namesOf(machine);
  const stand = (list: string[], code: string) => Object.fromEntries(list.map((name) => [name, new Code(code)]));
  const implementations: Record<string, Value | undefined> = {
    actions: names.actions.length ? stand(names.actions, '() => {}') : undefined,
    guards: names.guards.length ? stand(names.guards, '() => false') : undefined,
    actors: names.actors.length ? stand(names.actors, 'waitsForever') : undefined,
    delays: Object.keys(delays).length ? delays : undefined,
  };
  const text = print(config, '');
  const combinators = ['and', 'or', 'not'].filter((name) => new RegExp(`\\b${name}\\(`).test(text));
  const imports = [...combinators, ...(names.actors.length ? ['fromPromise'] : []), 'setup'].sort();
  return [
    '/**',
    ` * ${flow} — generated by \`npm run machines:export\` from machines/${file}: do not edit.`,
    ' *',
    ' * The machine as the Stately editor imports it (Import from code, or open this file with the',
    ' * Stately extension): its states, transitions, and every action, guard, actor and delay by the',
    ' * name the code gives it; the code behind the names is in the machine file. The stand-ins in',
    ' * `setup` let XState run it as is (`createActor(...).start()`): actions do nothing, every guard',
    ' * is false (so each "else" is taken) and every actor waits forever.',
    ' */',
    `import { ${imports.join(', ')} } from 'xstate';`,
    '',
    ...(names.actors.length ? ['const waitsForever = fromPromise(() => new Promise<never>(() => {}));', ''] : []),
    `export const ${camel(flow)}Machine = setup(${print(implementations, '')}).createMachine(${text});`,
    '',
  ].join('\n');
}
