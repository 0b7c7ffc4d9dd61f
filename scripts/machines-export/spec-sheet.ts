/**
 * The spec sheet of a machine: one row per transition, in the order the machine declares them,
 * with everything an analyst checks against SPEC — where it starts, what triggers it, the guard
 * (with its params) and its place among the alternatives for the same trigger (the "else" last),
 * where it goes, the actions it runs, the exit and entry actions of the states it leaves and
 * enters, and the SPEC section its description cites. Written under the chart of the whole
 * machine (docs/machines/<flow>.md) and shown by the portal's development page of machines.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  allTransitions,
  childNodes,
  guardWithParams,
  implementationShape,
  isElse,
  isWithin,
  lineage,
  ownActions,
  paramsText,
  specSections,
  triggerText,
  type Transition,
} from './graph.ts';

export interface SpecRow {
  /** `T1`, `T2`…: the row's number in the machine's sheet. */
  id: string;
  source: string;
  trigger: string;
  /** `1 of 3`, or '' when the trigger has one candidate. */
  alternative: string;
  /** The guard with its params, `else` for the unguarded last alternative, '' when unguarded. */
  guard: string;
  /** The target states' paths, or '' when the transition stays where it is. */
  targets: string[];
  actions: string[];
  /** Exit actions of the states left (innermost first), then entry actions of the states entered. */
  exit: string[];
  entry: string[];
  /** The SPEC sections the description cites (`§4`, `§5`). */
  spec: string[];
  description: string;
  transition: Transition;
}

const where = (node: AnyStateNode) => node.path.join('.') || '(root)';

/** The state whose children change: the source itself for a move into it (XState 5's default), else the nearest box holding both ends. */
function domainOf(t: Transition): AnyStateNode {
  const { source, targets } = t;
  if (!t.reenter && targets.every((target) => target === source || isWithin(target, source))) return source;
  let domain = source.parent ?? source;
  while (domain.parent && !targets.every((target) => isWithin(target, domain) && target !== domain)) domain = domain.parent;
  return domain;
}

/** A state entered and, below it, the states its initial (or, in parallel, every region) enters too. */
function enteredBelow(node: AnyStateNode): AnyStateNode[] {
  if (node.type === 'parallel') return childNodes(node).flatMap((child) => [child, ...enteredBelow(child)]);
  const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  return initial ? [...lineage(initial).slice(node.path.length + 1), ...enteredBelow(initial)] : [];
}

const actionNames = (node: AnyStateNode, actions: readonly unknown[] | undefined) =>
  ownActions(node, actions).map((a) => {
    const shape = implementationShape(a);
    return `${shape.type}${paramsText(shape)}`;
  });

function exitAndEntry(t: Transition): { exit: string[]; entry: string[] } {
  if (!t.targets.length) return { exit: [], entry: [] };
  const domain = domainOf(t);
  const exited = lineage(t.source)
    .filter((node) => node !== domain && isWithin(node, domain))
    .reverse();
  const entered = [
    ...new Set(
      t.targets.flatMap((target) => [
        ...lineage(target).filter((node) => node !== domain && isWithin(node, domain)),
        ...enteredBelow(target),
      ]),
    ),
  ];
  return {
    exit: exited.flatMap((node) => actionNames(node, node.exit)),
    entry: entered.flatMap((node) => actionNames(node, node.entry)),
  };
}

export function specRows(machine: AnyStateMachine): SpecRow[] {
  return allTransitions(machine).map((t, index) => {
    const description = t.description?.trim() ?? '';
    return {
      id: `T${index + 1}`,
      source: where(t.source),
      trigger: triggerText(t.trigger),
      alternative: t.alternatives > 1 ? `${t.index + 1} of ${t.alternatives}` : '',
      guard: isElse(t) ? 'else' : guardWithParams(t.guard),
      targets: t.targets.map(where),
      actions: t.actions.map((a) => `${a.type}${paramsText(a)}`),
      ...exitAndEntry(t),
      spec: specSections(t),
      description,
      transition: t,
    };
  });
}

/** A table cell: one line, no column break. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const code = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');

export function specSheetMarkdown(machine: AnyStateMachine): string[] {
  const rows = specRows(machine);
  return [
    '## Spec sheet',
    '',
    'Every transition of the machine, one row each, in the order the machine declares them. Candidates for',
    'the same trigger are tried in their order (*alt.*): the first whose guard passes is taken, the *else*',
    'when none does. *exit / entry* are the actions of the states the transition leaves and enters (the',
    'active states below the source leave too). *SPEC* is the section the description cites.',
    '',
    '| # | from | trigger | alt. | guard | goes to | actions | exit / entry | SPEC | description |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) =>
      [
        '',
        row.id,
        `\`${row.source}\``,
        cell(row.trigger),
        row.alternative,
        row.guard ? `\`${cell(row.guard)}\`` : '',
        row.targets.length ? code(row.targets) : 'stays',
        code(row.actions) || '—',
        [row.exit.length ? `exit ${code(row.exit)}` : '', row.entry.length ? `entry ${code(row.entry)}` : ''].filter(Boolean).join(' · ') ||
          '—',
        row.spec.join(', '),
        cell(row.description),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
  ];
}
