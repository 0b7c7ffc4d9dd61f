/**
 * `npm run machines:export`: writes, for every machines/<flow>.machine.ts,
 *  - docs/machines/<flow>.json — the machine as a plain XState config (ids, descriptions,
 *    named actions/guards/actors/delays, absolute `#id` targets), ready to import into the
 *    Stately editor or to paste into `createMachine(...)`;
 *  - docs/machines/<flow>.md — a Mermaid `stateDiagram-v2` of it (composite states for
 *    nested ones, descriptions as notes, events on the arrows), rendered by code hosts.
 * test/paths/machines-export.test.ts fails when the committed files differ from this output.
 * `--check` compares instead of writing (exit 1 when out of date).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

export const MACHINES_DIR = resolve('machines');
export const DOCS_DIR = resolve('docs/machines');

/* ---------------------------------------------------------------- names */

type Named = { type?: unknown } | string | ((...args: never[]) => unknown) | undefined | null;

/** The name an implementation is referenced by, or `inline` when it is a function. */
export function implementationName(value: Named): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    // `and([...])`, `or([...])`, `not(...)` over named guards read as what they are.
    const inner = (value as { guards?: unknown }).guards;
    if (Array.isArray(inner)) return `${value.name}(${inner.map((g) => implementationName(g as Named)).join(', ')})`;
    return 'inline';
  }
  if (typeof value === 'object' && 'type' in value && typeof value.type === 'string') return value.type;
  return 'inline';
}

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  description?: string;
  delay?: unknown;
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) => implementationName(a as Named)).filter(Boolean);
}

function invokesOf(node: AnyStateNode): Array<{ id: string; src: string }> {
  return (node.invoke ?? []).map((inv: { id: string; src: unknown }) => ({
    id: inv.id,
    src: typeof inv.src === 'string' ? inv.src : 'inline',
  }));
}

/* ---------------------------------------------------------------- Stately readiness */

/**
 * What keeps a machine from reading well in the Stately visualizer (STYLE §5): a state
 * without a description, an inline action/guard/actor, a delay given as a bare number.
 * Built-in combinators over named guards (`and(['a', 'b'])`) are fine.
 */
export function visualizerProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const where = (node: AnyStateNode) => node.path.join('.') || '(root)';
  const checkAction = (node: AnyStateNode, context: string, action: unknown) => {
    if (typeof action === 'function') {
      const builtin = (action as { type?: unknown }).type;
      problems.push(`${where(node)}: ${context} has an inline ${typeof builtin === 'string' ? `${builtin} ` : ''}action; name it in setup({ actions })`);
    }
  };
  const checkGuard = (node: AnyStateNode, context: string, guard: unknown) => {
    if (typeof guard !== 'function') return;
    const inner = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(inner)) {
      inner.forEach((g) => checkGuard(node, context, g));
      return;
    }
    problems.push(`${where(node)}: ${context} has an inline guard; name it in setup({ guards })`);
  };
  for (const node of [machine.root, ...allNodesOf(machine.root)]) {
    if (node !== machine.root && !node.description?.trim()) problems.push(`${where(node)}: state without a description`);
    // XState itself adds a raise (entry) and a cancel (exit) per `after` delay: not ours.
    const delayed = (node.after ?? []).length > 0;
    const own = (action: unknown) => !(delayed && typeof action === 'function' && ['xstate.raise', 'xstate.cancel'].includes(String((action as { type?: unknown }).type)));
    for (const action of (node.entry ?? []).filter(own)) checkAction(node, 'entry', action);
    for (const action of (node.exit ?? []).filter(own)) checkAction(node, 'exit', action);
    for (const inv of node.invoke ?? []) {
      if (typeof inv.src !== 'string') problems.push(`${where(node)}: invoke ${inv.id} has an inline actor; name it in setup({ actors })`);
      else if (inv.id !== inv.src) problems.push(`${where(node)}: invoke id "${inv.id}" differs from its src "${inv.src}"`);
    }
    const transitions = [
      ...[...(node.transitions.values() as Iterable<TransitionLike[]>)].flat(),
      ...((node.always ?? []) as TransitionLike[]),
    ];
    for (const t of transitions) {
      const label = eventLabel(t.eventType);
      for (const action of t.actions ?? []) checkAction(node, label, action);
      checkGuard(node, label, t.guard);
      if (AFTER.test(t.eventType) && /^\d+$/.test(delayName(t))) {
        problems.push(`${where(node)}: delay ${delayName(t)} ms is a bare number; name it in setup({ delays })`);
      }
    }
  }
  return problems;
}

/* ---------------------------------------------------------------- JSON (config) */

function transitionConfig(t: TransitionLike): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (t.target?.length) out.target = t.target.length === 1 ? `#${t.target[0]!.id}` : t.target.map((n) => `#${n.id}`);
  const guard = implementationName(t.guard as Named);
  if (guard) out.guard = guard;
  const actions = actionNames(t.actions);
  if (actions.length) out.actions = actions;
  if (t.reenter) out.reenter = true;
  if (t.description) out.description = t.description;
  return out;
}

const AFTER = /^xstate\.after\.(.+)\.[^.]+$/;
const DONE_ACTOR = /^xstate\.done\.actor\.(.+)$/;
const ERROR_ACTOR = /^xstate\.error\.actor\.(.+)$/;
const DONE_STATE = /^xstate\.done\.state\./;

function delayName(t: TransitionLike): string {
  return typeof t.delay === 'string' || typeof t.delay === 'number' ? String(t.delay) : AFTER.exec(t.eventType)?.[1] ?? 'inline';
}

function nodeConfig(node: AnyStateNode): Record<string, unknown> {
  const config: Record<string, unknown> = { id: node.id };
  if (node.type !== 'atomic' && node.type !== 'compound') config.type = node.type;
  if (node.description) config.description = node.description;
  const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  if (initial) config.initial = initial.key;
  const delayed = (node.after ?? []).length > 0;
  const own = (action: unknown) => !(delayed && typeof action === 'function' && ['xstate.raise', 'xstate.cancel'].includes(String((action as { type?: unknown }).type)));
  const entry = actionNames((node.entry ?? []).filter(own));
  if (entry.length) config.entry = entry;
  const exit = actionNames((node.exit ?? []).filter(own));
  if (exit.length) config.exit = exit;
  if (node.tags?.length) config.tags = [...node.tags];

  const on: Record<string, unknown[]> = {};
  const after: Record<string, unknown[]> = {};
  const invokeOutcomes: Record<string, { onDone?: unknown[]; onError?: unknown[] }> = {};
  let onDone: unknown[] | undefined;
  for (const [eventType, list] of node.transitions.entries() as Iterable<[string, TransitionLike[]]>) {
    const configs = list.map(transitionConfig);
    const done = DONE_ACTOR.exec(eventType);
    const failed = ERROR_ACTOR.exec(eventType);
    if (AFTER.test(eventType)) after[delayName(list[0]!)] = configs;
    else if (done) (invokeOutcomes[done[1]!] ??= {}).onDone = configs;
    else if (failed) (invokeOutcomes[failed[1]!] ??= {}).onError = configs;
    else if (DONE_STATE.test(eventType)) onDone = configs;
    else on[eventType] = configs;
  }
  const invokes = invokesOf(node);
  if (invokes.length) {
    config.invoke = invokes.map((inv) => ({ id: inv.id, src: inv.src, ...invokeOutcomes[inv.id] }));
  }
  if (Object.keys(on).length) config.on = on;
  if (Object.keys(after).length) config.after = after;
  if (node.always?.length) config.always = node.always.map((t: TransitionLike) => transitionConfig(t));
  if (onDone) config.onDone = onDone;
  const children = childNodes(node);
  if (children.length) config.states = Object.fromEntries(children.map((child) => [child.key, nodeConfig(child)]));
  return config;
}

export function machineJson(machine: AnyStateMachine): string {
  const config = nodeConfig(machine.root);
  return `${JSON.stringify(config, null, 2)}\n`;
}

/* ---------------------------------------------------------------- Mermaid */

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid reads `;` as the end of a statement and `#` as an entity: keep the words. */
function mermaidText(text: string): string {
  return text.replace(/;/g, ',').replace(/[#{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function eventLabel(eventType: string): string {
  const done = DONE_ACTOR.exec(eventType);
  if (done) return `done ${done[1]}`;
  const failed = ERROR_ACTOR.exec(eventType);
  if (failed) return `error ${failed[1]}`;
  if (DONE_STATE.test(eventType)) return 'all done';
  const after = AFTER.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType || 'always';
}

function transitionLabel(t: TransitionLike): string {
  const guard = implementationName(t.guard as Named);
  return mermaidText(`${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`);
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) list.unshift(current);
  return list;
}

/** The composite where an arrow between two nodes is drawn (their lowest common ancestor). */
function arrowHome(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  const a = ancestors(source);
  const b = ancestors(target);
  let home = a[0]!;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) break;
    home = a[i]!;
  }
  // An arrow out of a composite state to itself, or to a descendant, is drawn beside it.
  if (home === source && source.parent) home = source.parent;
  return home;
}

function allTransitions(node: AnyStateNode): Array<{ source: AnyStateNode; t: TransitionLike }> {
  const own = [
    ...[...(node.transitions.values() as Iterable<TransitionLike[]>)].flat(),
    ...((node.always ?? []) as TransitionLike[]),
  ].map((t) => ({ source: node, t }));
  return [...own, ...childNodes(node).flatMap(allTransitions)];
}

export function machineMermaid(machine: AnyStateMachine, flow: string): string {
  const arrowsByHome = new Map<AnyStateNode, string[]>();
  const rootEvents: string[] = [];
  for (const { source, t } of allTransitions(machine.root)) {
    if (source === machine.root && !t.target?.length) {
      // Handled in every state without leaving it: no arrow to draw, listed below the chart.
      rootEvents.push(`| ${transitionLabel(t)} | ${actionNames(t.actions).map((a) => `\`${a}\``).join(', ') || '—'} |`);
      continue;
    }
    const targets = t.target?.length ? t.target : [source];
    for (const target of targets) {
      const home = arrowHome(source, target);
      const from = source === machine.root ? '[*]' : mermaidId(source);
      const list = arrowsByHome.get(home) ?? [];
      list.push(`${from} --> ${mermaidId(target)} : ${transitionLabel(t)}`);
      arrowsByHome.set(home, list);
    }
  }
  const lines: string[] = [];
  const render = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = childNodes(node);
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (initial) lines.push(`${pad}[*] --> ${mermaidId(initial)}`);
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${pad}--`);
      const id = mermaidId(child);
      lines.push(`${pad}state "${mermaidText(child.key)}" as ${id}`);
      if (childNodes(child).length) {
        lines.push(`${pad}state ${id} {`);
        render(child, depth + 1);
        lines.push(`${pad}}`);
      }
      if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
      if (child.description) {
        lines.push(`${pad}note right of ${id}`, `${pad}  ${mermaidText(child.description)}`, `${pad}end note`);
      }
    });
    for (const arrow of arrowsByHome.get(node) ?? []) lines.push(`${pad}${arrow}`);
  };
  render(machine.root, 1);

  const invokes = [machine.root, ...allNodesOf(machine.root)].flatMap((node) =>
    invokesOf(node).map((inv) => `| \`${node.path.join('.') || '(root)'}\` | \`${inv.src}\` |`));
  return [
    `# ${flow} (\`${machine.id}\`)`,
    '',
    `Generated by \`npm run machines:export\` from [machines/${flow}.machine.ts](../../machines/${flow}.machine.ts) — do not edit.`,
    machine.root.description ? `\n${machine.root.description}\n` : '',
    'Import into Stately: open [the JSON](' + `${flow}.json` + ') (an XState config) in the Stately editor, or open the portal with `?inspect` (see the README, "For analysts").',
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...lines,
    '```',
    '',
    ...(invokes.length ? ['| state | invokes |', '|---|---|', ...invokes, ''] : []),
    ...(rootEvents.length ? ['Handled in every state, without a change of state:', '', '| event | actions |', '|---|---|', ...rootEvents, ''] : []),
  ].join('\n');
}

function allNodesOf(node: AnyStateNode): AnyStateNode[] {
  return childNodes(node).flatMap((child) => [child, ...allNodesOf(child)]);
}

/* ---------------------------------------------------------------- discovery */

export interface FlowMachine {
  flow: string;
  file: string;
  machine: AnyStateMachine;
}

export function machineFiles(): string[] {
  return readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.machine.ts')).sort();
}

/** Every machine exported by machines/*.machine.ts; a file with several gets `<flow>-<id>`. */
export async function loadMachines(): Promise<FlowMachine[]> {
  const result: FlowMachine[] = [];
  for (const file of machineFiles()) {
    const flow = file.replace(/\.machine\.ts$/, '');
    const mod = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const machines = [...new Set(Object.values(mod).filter((v): v is AnyStateMachine => v instanceof StateMachine))];
    for (const machine of machines) {
      result.push({ flow: machines.length === 1 ? flow : `${flow}-${machine.id}`, file, machine });
    }
  }
  return result;
}

export function renderFlow({ flow, machine }: FlowMachine): Record<string, string> {
  return {
    [`${flow}.json`]: machineJson(machine),
    [`${flow}.md`]: machineMermaid(machine, flow),
  };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const flows = await loadMachines();
  mkdirSync(DOCS_DIR, { recursive: true });
  let stale = 0;
  for (const flow of flows) {
    for (const [name, content] of Object.entries(renderFlow(flow))) {
      const file = join(DOCS_DIR, name);
      const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
      if (current === content) continue;
      if (check) {
        stale += 1;
        console.log(`out of date: docs/machines/${name}`);
      } else {
        writeFileSync(file, content);
        console.log(`wrote docs/machines/${name}`);
      }
    }
  }
  if (check && stale) process.exit(1);
  console.log(`${flows.length} machines: ${flows.map((f) => f.flow).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
