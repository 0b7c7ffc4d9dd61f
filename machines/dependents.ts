/**
 * The dependents list of step 4 (SPEC §2): confirmed rows are locked, only the last row
 * (the draft) is editable, and leaving the step keeps a valid draft and drops an invalid one.
 */
import { isDependentValid } from './wizard.schemas';
import type { Dependent, DependentDraft } from './wizard.types';

export function emptyDependentDraft(): DependentDraft {
  return { nome: '', nm_mae: '', dt_nasc: '', cpf: '' };
}

function nextId(dependents: readonly Dependent[]): number {
  return dependents.reduce((max, dependent) => Math.max(max, dependent.id), 0) + 1;
}

export function confirmDependent(dependents: readonly Dependent[], draft: DependentDraft): Dependent[] {
  return [...dependents, { ...draft, id: nextId(dependents) }];
}

/** Leaving the step: a valid trailing row is kept, an invalid one is dropped. */
export function settleDependentDraft(dependents: readonly Dependent[], draft: DependentDraft | null): Dependent[] {
  return draft && isDependentValid(draft) ? confirmDependent(dependents, draft) : [...dependents];
}

export function removeDependent(dependents: readonly Dependent[], id: number): Dependent[] {
  return dependents.filter((dependent) => dependent.id !== id);
}
