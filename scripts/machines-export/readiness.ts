/**
 * What keeps a machine from reading well in the Stately editor (STYLE §5): a state without a
 * description, an inline action/guard/actor, a delay given as a bare number. XState's own
 * combinators over named guards (`and(['a', 'b'])`) are fine.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { descendants, ownActions, ownTransitions, transitionText, type GuardShape } from './graph.ts';

const inlineGuard = (shape: GuardShape | undefined): boolean =>
  shape !== undefined && ('guards' in shape ? shape.guards.some(inlineGuard) : shape.type === 'inline');

export function visualizerProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const where = (node: AnyStateNode) => node.path.join('.') || '(root)';
  const checkAction = (node: AnyStateNode, context: string, action: unknown) => {
    if (typeof action === 'function') {
      const builtin = (action as { type?: unknown }).type;
      problems.push(
        `${where(node)}: ${context} has an inline ${typeof builtin === 'string' ? `${builtin} ` : ''}action; name it in setup({ actions })`,
      );
    }
  };
  for (const node of [machine.root, ...descendants(machine.root)]) {
    if (node !== machine.root && !node.description?.trim()) problems.push(`${where(node)}: state without a description`);
    for (const action of ownActions(node, node.entry)) checkAction(node, 'entry', action);
    for (const action of ownActions(node, node.exit)) checkAction(node, 'exit', action);
    for (const inv of node.invoke ?? []) {
      if (typeof inv.src !== 'string') problems.push(`${where(node)}: invoke ${inv.id} has an inline actor; name it in setup({ actors })`);
      else if (inv.id !== inv.src) problems.push(`${where(node)}: invoke id "${inv.id}" differs from its src "${inv.src}"`);
    }
    const raw = [
      ...[...(node.transitions.values() as Iterable<Array<{ actions?: readonly unknown[] }>>)].flat(),
      ...((node.always ?? []) as Array<{ actions?: readonly unknown[] }>),
    ];
    ownTransitions(node).forEach((t, i) => {
      const label = transitionText(t);
      for (const action of raw[i]?.actions ?? []) checkAction(node, label, action);
      if (inlineGuard(t.guard)) {
        problems.push(`${where(node)}: ${label} has an inline guard; name it in setup({ guards })`);
      }
      if (t.trigger.kind === 'after' && /^\d+$/.test(t.trigger.delay)) {
        problems.push(`${where(node)}: delay ${t.trigger.delay} ms is a bare number; name it in setup({ delays })`);
      }
    });
  }
  return problems;
}
