/**
 * Mermaid `stateDiagram-v2` charts of a machine: the whole machine, and for a large one one
 * chart per region (a wizard step, a tracking panel) so each can be read on a screen.
 *
 * Mermaid draws a state inside the box where an arrow that mentions it is written. So every
 * arrow is written in the box of the nearest state containing both its ends, between two
 * states drawn directly in that box; a transition that leaves or enters a nested state is
 * drawn from or to the box that holds it, the real source or target in its label
 * (`PROTOCOL_CHANGED (from login.editing)`). No state is ever drawn outside its parent.
 * Descriptions are not drawn as notes: Mermaid lays the notes of nested states out at the top
 * level, far from their state; the page lists them in a table under the picture.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  childNodes,
  commonAncestor,
  descendants,
  isWithin,
  lineage,
  ownTransitions,
  actionsLabel,
  pathFrom,
  specSections,
  transitionText,
  type Transition,
} from './graph.ts';

/** A machine with more states than this is also drawn region by region. */
const REGIONS_ABOVE = 16;
/** A region with more states than this is drawn by its children (the steps inside `editing`). */
const MAX_REGION_STATES = 12;

export interface Chart {
  /** File name without extension: `wizard`, `wizard.editing.planoDestino`. */
  name: string;
  flow: string;
  /** The region drawn, or undefined for the whole machine. */
  region: AnyStateNode | undefined;
  /** The `stateDiagram-v2` text. */
  mermaid: string;
  /** Transitions listed under the chart, `| state | event | goes to | actions |`: those of the root or of a state containing the region (no arrow can show them). */
  rows: string[];
}

/* ---------------------------------------------------------------- text */

export function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid ends a statement at `;`, reads `#` as an entity and `"` as the end of a name: keep the words. */
export function mermaidText(text: string): string {
  return text.replace(/;/g, ',').replace(/[#{}]/g, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
}

/* ---------------------------------------------------------------- regions */

function size(node: AnyStateNode): number {
  return 1 + descendants(node).length;
}

/**
 * The regions of a large machine, top down: each composite child of the root, and in place
 * of a composite too large to read at once, each of its children.
 */
export function regionsOf(machine: AnyStateMachine): AnyStateNode[] {
  if (descendants(machine.root).length <= REGIONS_ABOVE) return [];
  const pick = (parent: AnyStateNode): AnyStateNode[] =>
    childNodes(parent).flatMap((child) => {
      // A history pseudo-state is drawn as the state it returns to marks, never as a region.
      if (child.type === 'history') return [];
      if (size(child) > MAX_REGION_STATES) return pick(child);
      // The root's simple states (a modal, the end) are read in the whole chart.
      if (parent === machine.root && childNodes(child).length === 0) return [];
      return [child];
    });
  return pick(machine.root);
}

/* ---------------------------------------------------------------- arrows */

interface Arrow {
  /** The box the arrow is written in: a state, or null for the chart's top level. */
  block: AnyStateNode | null;
  from: string;
  to: string;
  label: string;
}

/** One end of an arrow as drawn: a state, a box's "any state" mark, or a stand-in for a state outside the region. */
interface End {
  id: string;
  /** The state this end stands for, when it is one (the label then need not name it). */
  stands: AnyStateNode | null;
}

/** The child of `block` on the way down to `node` (`node` itself when it is a child). */
function childToward(block: AnyStateNode, node: AnyStateNode): AnyStateNode {
  return lineage(node)[block.path.length + 1]!;
}

interface Scope {
  machine: AnyStateMachine;
  region: AnyStateNode | undefined;
}

const inScope = (scope: Scope, node: AnyStateNode) => (scope.region ? isWithin(node, scope.region) : node !== scope.machine.root);

const state = (node: AnyStateNode): End => ({ id: mermaidId(node), stands: node });

/** A box drawn with its own "any state" mark: the events it handles whatever its current child. */
export const anyStateId = (node: AnyStateNode) => `${mermaidId(node)}__any`;

function label(t: Transition, from: End, to: End, target: AnyStateNode, base: AnyStateNode | null): string {
  const where = (node: AnyStateNode) => (base ? pathFrom(node, base) : node.path.join('.'));
  const parts: string[] = [];
  if (from.stands !== t.source) parts.push(`from ${where(t.source)}`);
  if (to.stands !== target) parts.push(`to ${where(target)}`);
  const spec = specSections(t);
  const text = `${transitionText(t)}${spec.length ? ` ${spec.join(' ')}` : ''}`;
  const actions = actionsLabel(t);
  return mermaidText(parts.length ? `${text} (${parts.join(' ')})` : text) + (actions ? `<br/>${mermaidText(actions)}` : '');
}

/** A transition that stays in a simple state: written inside the state's box (`event / actions`), as UML does, not as a loop. */
function insideText(t: Transition): string {
  return mermaidText([transitionText(t), actionsLabel(t)].filter(Boolean).join(' '));
}

/**
 * Where the arrow of one transition is drawn, or null when no arrow can show it (it belongs
 * to the root, or to a state containing the region) and it is listed under the chart instead.
 */
function arrowOf(scope: Scope, t: Transition, target: AnyStateNode, stub: (node: AnyStateNode) => End): Arrow | null {
  const { source } = t;
  const root = scope.machine.root;
  const top = scope.region ?? null;
  const sourceIn = inScope(scope, source);
  const targetIn = inScope(scope, target);
  const boxWithMark = (node: AnyStateNode) => childNodes(node).length > 0 && node.type !== 'parallel';
  const mark = (node: AnyStateNode): End => ({ id: anyStateId(node), stands: node });
  if (sourceIn && targetIn) {
    const common = commonAncestor(source, target);
    let block: AnyStateNode;
    let from: End;
    let to: End;
    if (common === source && boxWithMark(source)) {
      // A box's own transition to itself or into it: from its "any state" mark, inside it
      // (Mermaid draws a loop on a box with its label hidden under the box).
      block = source;
      from = mark(source);
      to = target === source ? mark(source) : state(childToward(source, target));
    } else if (common === target && target !== source && boxWithMark(target)) {
      // Out of a nested state to the box that contains it: to the box's mark, named in the label.
      block = target;
      from = state(childToward(target, source));
      to = { id: anyStateId(target), stands: null };
    } else if (common === source || common === target) {
      // A simple state's loop (or a parallel state's own transition): on it, in its parent's box.
      if (common === root) return null;
      block = common.parent!;
      from = state(common);
      to = state(common);
    } else {
      block = common;
      from = state(childToward(common, source));
      to = state(childToward(common, target));
    }
    // A parallel state's regions are drawn side by side: an arrow across them goes on the parallel state.
    while (block.type === 'parallel' && from.id !== to.id) {
      if (block === root) return null;
      from = state(block);
      to = state(block);
      block = block.parent!;
    }
    const inTop = block === root || (top !== null && !isWithin(block, top));
    return {
      block: inTop ? null : block,
      from: from.id,
      to: to.id,
      label: label(t, from, to, target, inTop ? (top?.parent ?? null) : block),
    };
  }
  if (!top || source === root) return null;
  const region = state(top);
  const base = top.parent ?? null;
  // Across the region's border: from or to a dashed stand-in for the state outside.
  if (sourceIn) {
    const to = stub(target);
    return { block: null, from: region.id, to: to.id, label: label(t, region, to, target, base) };
  }
  if (targetIn && !isWithin(top, source)) {
    const from = stub(source);
    return { block: null, from: from.id, to: region.id, label: label(t, from, region, target, base) };
  }
  return null;
}

function actionsText(t: Transition): string {
  return t.actions.map((a) => `\`${a.type}\``).join(', ') || '—';
}

/* ---------------------------------------------------------------- chart */

export function chartOf(machine: AnyStateMachine, flow: string, region?: AnyStateNode): Chart {
  const scope: Scope = { machine, region };
  const arrows: Arrow[] = [];
  const rows: string[] = [];
  const stubs = new Map<string, AnyStateNode>();
  const stub = (node: AnyStateNode): End => {
    const id = `out_${mermaidId(node)}`;
    stubs.set(id, node);
    return { id, stands: node };
  };
  const where = (node: AnyStateNode) => `\`${node.path.join('.') || '(root)'}\``;
  const row = (t: Transition) => {
    const goesTo = t.targets.length ? t.targets.map((n) => `\`${n.path.join('.')}\``).join(', ') : 'stays';
    rows.push(`| ${where(t.source)} | ${mermaidText(transitionText(t))} | ${goesTo} | ${actionsText(t)} |`);
  };
  // Transitions that stay in a simple state, by state: Mermaid lays a loop's label over its
  // neighbours' (the overlaps the chart test refuses), so they read inside the state's box.
  const inside = new Map<AnyStateNode, string[]>();
  for (const t of [machine.root, ...descendants(machine.root)].flatMap(ownTransitions)) {
    if (!t.targets.length && t.source !== machine.root && !childNodes(t.source).length && inScope(scope, t.source)) {
      inside.set(t.source, [...(inside.get(t.source) ?? []), insideText(t)]);
      continue;
    }
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) {
      const arrow = arrowOf(scope, t, target, stub);
      if (arrow) {
        arrows.push(arrow);
        continue;
      }
      // No arrow (a transition of the root; in a region's chart, of a state containing the
      // region, so it applies here too): listed once per transition, not per target.
      const applies = !region || (isWithin(region, t.source) && region !== t.source);
      if (applies && target === targets[0]) row(t);
    }
  }

  const lines: string[] = [];
  const marks: string[] = [];
  // Mermaid keeps one arrow per pair of states (it drops all but one loop on a state): one
  // arrow per pair, its transitions one per line.
  const merged = new Map<string, Arrow>();
  for (const a of arrows) {
    const key = `${a.block?.id ?? ''} ${a.from} ${a.to}`;
    const same = merged.get(key);
    if (same) same.label = `${same.label}<br/>${a.label}`;
    else merged.set(key, { ...a });
  }
  arrows.splice(0, arrows.length, ...merged.values());
  const arrowLine = (a: Arrow) => `${a.from} --> ${a.to} : ${a.label}`;
  const drawState = (node: AnyStateNode, pad: string, depth: number) => {
    const id = mermaidId(node);
    lines.push(`${pad}state "${mermaidText(node.key)}" as ${id}`);
    for (const text of inside.get(node) ?? []) lines.push(`${pad}${id} : ${text}`);
    if (childNodes(node).length) {
      lines.push(`${pad}state ${id} {`);
      drawInside(node, depth + 1);
      lines.push(`${pad}}`);
    }
    if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
  };
  const drawInside = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const here = arrows.filter((a) => a.block === node);
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (initial) lines.push(`${pad}[*] --> ${mermaidId(initial)}`);
    if (arrows.some((a) => a.from === anyStateId(node) || a.to === anyStateId(node))) {
      lines.push(`${pad}state "any state of ${mermaidText(node.key)}" as ${anyStateId(node)}`);
      marks.push(anyStateId(node));
    }
    childNodes(node).forEach((child, index) => {
      if (node.type === 'parallel') {
        if (index > 0) lines.push(`${pad}--`);
        drawState(child, pad, depth);
        // Each region of a parallel state is its own box: its loops are written inside it.
        const id = mermaidId(child);
        for (const a of here.filter((x) => x.from === id)) lines.push(`${pad}${arrowLine(a)}`);
      } else {
        drawState(child, pad, depth);
      }
    });
    if (node.type !== 'parallel') for (const a of here) lines.push(`${pad}${arrowLine(a)}`);
  };

  if (region) {
    drawState(region, '  ', 1);
    for (const [id, node] of stubs) lines.push(`  state "${mermaidText(node.path.join('.'))}" as ${id}`);
  } else {
    drawInside(machine.root, 1);
  }
  for (const a of arrows.filter((x) => x.block === null)) lines.push(`  ${arrowLine(a)}`);
  // Styles go last, at the top level (a class line inside a box is not applied).
  if (stubs.size) lines.push(`  class ${[...stubs.keys()].join(',')} outside`);
  if (marks.length) lines.push(`  class ${marks.join(',')} anyState`);

  return {
    name: region ? `${flow}.${region.path.join('.')}` : flow,
    flow,
    region,
    mermaid: [
      'stateDiagram-v2',
      // A region of many simple states side by side grows too wide to read: drawn left to right, it stacks them.
      ...(region && flatAndWide(region) ? ['  direction LR'] : []),
      '  classDef outside fill:#f4f4f4,stroke:#888,stroke-dasharray:4 3,color:#444',
      '  classDef anyState fill:#fff,stroke:#888,stroke-dasharray:2 2,color:#444',
      ...lines,
      '',
    ].join('\n'),
    rows,
  };
}

/** A region whose states are all simple, and many: top-down, Mermaid would put them in one wide row. */
function flatAndWide(region: AnyStateNode): boolean {
  const children = childNodes(region);
  return children.length > 6 && children.every((child) => childNodes(child).length === 0);
}

export function chartsOf(machine: AnyStateMachine, flow: string): Chart[] {
  return [chartOf(machine, flow), ...regionsOf(machine).map((region) => chartOf(machine, flow, region))];
}
