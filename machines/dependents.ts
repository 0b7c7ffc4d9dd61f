/**
 * The dependents list of step 4 (SPEC §2): confirmed rows are locked, only the last row
 * (the draft) is editable. Leaving the step confirms a valid draft and drops a blank one; a
 * draft with data that is not valid yet is never dropped (issue 13): it stays open, with its
 * messages, until the user fixes it or cancels it.
 */
import { INPUT_BOUNDS } from '../contract/rules';
import { isDependentValid } from './wizard.schemas';
import type { CalendarDay, Dependent, DependentDraft } from './wizard.types';

/** The most dependents one request carries (the server refuses more: contract/rules.ts). */
export const MAX_DEPENDENTS = INPUT_BOUNDS.dependents;

/** Said where 'Incluir dependente' was, once the list is full (found by an exploratory run). */
export const DEPENDENTS_FULL_MESSAGE = `Esta solicitação já tem ${MAX_DEPENDENTS} dependentes, o máximo permitido.`;

/** Whether one more row may be opened: fewer than MAX_DEPENDENTS are confirmed. */
export function hasRoomForDependent(dependents: readonly Dependent[]): boolean {
  return dependents.length < MAX_DEPENDENTS;
}

export function emptyDependentDraft(): DependentDraft {
  return { nome: '', ds_parentesco: '', nm_mae: '', dt_nasc: '', cpf: '' };
}

function nextId(dependents: readonly Dependent[]): number {
  return dependents.reduce((max, dependent) => Math.max(max, dependent.id), 0) + 1;
}

export function confirmDependent(dependents: readonly Dependent[], draft: DependentDraft): Dependent[] {
  return [...dependents, { ...draft, id: nextId(dependents) }];
}

/** Nothing typed in the row (SPEC §2's "invalid trailing row" that leaving the step drops). */
export function isDependentBlank(draft: DependentDraft): boolean {
  return Object.values(draft).every((value) => (value ?? '').trim() === '');
}

/** A row that holds data but cannot be confirmed: leaving the step must not lose it. */
export function draftNeedsFixing(draft: DependentDraft | null, today: CalendarDay): boolean {
  return draft !== null && !isDependentBlank(draft) && !isDependentValid(draft, today);
}

/** Leaving the step: a valid row is confirmed, a blank one dropped, one with data kept open. */
export function settleDependentDraft(
  dependents: readonly Dependent[],
  draft: DependentDraft | null,
  today: CalendarDay,
): { dependents: Dependent[]; draft: DependentDraft | null } {
  if (draft && isDependentValid(draft, today)) return { dependents: confirmDependent(dependents, draft), draft: null };
  return { dependents: [...dependents], draft: draftNeedsFixing(draft, today) ? draft : null };
}

export function removeDependent(dependents: readonly Dependent[], id: number): Dependent[] {
  return dependents.filter((dependent) => dependent.id !== id);
}
