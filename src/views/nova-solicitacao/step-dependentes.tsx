/**
 * Step 4 — Dependentes (SPEC §2): confirmed rows are locked with a remove button; only the
 * last row is editable and 'Adicionar' confirms it when valid. A row with data that is not
 * valid is never dropped: 'Próximo' shows its messages instead (docs/wizard.md).
 * Focus follows the row (opened: its first field; added, cancelled or removed: 'Incluir
 * dependente') and the live region says what was added or removed.
 */
import { shallowEqual } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { PARENTESCOS } from '../../../contract/rules';
import { DEPENDENTS_FULL_MESSAGE, hasRoomForDependent } from '../../../machines/dependents';
import { validateDependent } from '../../../machines/wizard.schemas';
import type { Dependent, DependentField } from '../../../machines/wizard.types';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { NativeSelectField } from '../../ui/native-select-field';
import { MaskedInput, TextInput } from './fields';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

/** Issue 27 item 7: the relationship to the holder, a list of its own (SPEC §3 names none). */
const PARENTESCO_OPTIONS = PARENTESCOS.map((value) => ({ value, label: value }));

function formatCpf(cpf: string): string {
  return cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf || '-';
}

function DraftRow() {
  const actor = useWizardActorRef();
  const draft = useWizard((s) => s.context.draft, shallowEqual);
  const attempted = useWizard((s) => s.context.draftAttempted);
  const today = useWizard((s) => s.context.today);
  if (!draft) return null;
  const errors = attempted ? validateDependent(draft, today) : {};
  const change = (field: DependentField) => (value: string) => actor.send({ type: 'DEPENDENT_CHANGED', field, value });
  return (
    <fieldset className="min-w-0 rounded-md border border-brand-500 bg-brand-50 p-4">
      <legend className="px-1 text-base font-semibold text-brand-700">Novo dependente</legend>
      {attempted && (
        <p className="mb-3 text-sm text-slate-800">
          Corrija os campos indicados e clique em 'Adicionar', ou clique em 'Cancelar' para descartar este dependente.
        </p>
      )}
      <div className="grid min-w-0 grid-cols-1 gap-4 desktop:grid-cols-2">
        <TextInput id="dependente-nome" label="Nome do dependente" value={draft.nome} onChange={change('nome')} error={errors.nome} />
        <NativeSelectField
          id="dependente-ds_parentesco"
          label="Parentesco com o titular"
          options={PARENTESCO_OPTIONS}
          value={draft.ds_parentesco ?? ''}
          onChange={change('ds_parentesco')}
          error={errors.ds_parentesco}
        />
        <TextInput
          id="dependente-nm_mae"
          label="Nome da mãe do dependente"
          value={draft.nm_mae}
          onChange={change('nm_mae')}
          error={errors.nm_mae}
        />
        <MaskedInput
          id="dependente-dt_nasc"
          label="Data de nascimento do dependente"
          mask="date"
          value={draft.dt_nasc}
          onChange={change('dt_nasc')}
          error={errors.dt_nasc}
        />
        <MaskedInput
          id="dependente-cpf"
          label="CPF do dependente (opcional)"
          mask="cpf"
          value={draft.cpf}
          onChange={change('cpf')}
          error={errors.cpf}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => actor.send({ type: 'DEPENDENT_CONFIRM' })}>Adicionar</Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'DEPENDENT_DISCARD' })}>
          Cancelar
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * What changed in the list since the last render, said and followed by focus: back on
 * 'Incluir dependente', or on the note that takes its place once the list is full.
 */
function useRowFeedback(dependents: readonly Dependent[], draftOpen: boolean) {
  const addButton = useRef<HTMLButtonElement>(null);
  const fullNote = useRef<HTMLParagraphElement>(null);
  const before = useRef({ dependents, draftOpen });
  useEffect(() => {
    const previous = before.current;
    before.current = { dependents, draftOpen };
    if (previous.dependents === dependents && previous.draftOpen === draftOpen) return;
    const added = dependents.filter((d) => !previous.dependents.some((p) => p.id === d.id));
    const removed = previous.dependents.filter((p) => !dependents.some((d) => d.id === p.id));
    for (const dependent of added) announce(`Dependente ${dependent.nome} incluído.`);
    for (const dependent of removed) announce(`Dependente ${dependent.nome} removido.`);
    if (draftOpen && !previous.draftOpen) document.getElementById('dependente-nome')?.focus();
    else if ((!draftOpen && previous.draftOpen) || removed.length > 0) (addButton.current ?? fullNote.current)?.focus();
  }, [dependents, draftOpen]);
  return { addButton, fullNote };
}

export function StepDependentes() {
  const actor = useWizardActorRef();
  const dependents = useWizard((s) => s.context.dependents, shallowEqual);
  const draftOpen = useWizard((s) => s.context.draft !== null);
  const canAdd = useWizard((s) => s.can({ type: 'DEPENDENT_ADD' }));
  const locked = useWizard((s) => s.context.saved !== null);
  const full = !locked && !draftOpen && !hasRoomForDependent(dependents);
  const { addButton, fullNote } = useRowFeedback(dependents, draftOpen);
  return (
    <div className="space-y-4">
      {dependents.length === 0 ? (
        <p className="text-slate-700">Nenhum dependente incluído.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white" aria-label="Dependentes incluídos">
          {dependents.map((dependent, index) => (
            <li key={dependent.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <dl className="grid min-w-0 gap-x-6 gap-y-1 break-words text-sm desktop:grid-cols-5">
                <div>
                  <dt className="font-semibold">Dependente {index + 1}</dt>
                  <dd>{dependent.nome}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Parentesco</dt>
                  <dd>{dependent.ds_parentesco || 'Não informado'}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Nome da mãe</dt>
                  <dd>{dependent.nm_mae}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Nascimento</dt>
                  <dd>{dependent.dt_nasc}</dd>
                </div>
                <div>
                  <dt className="font-semibold">CPF</dt>
                  <dd>{formatCpf(dependent.cpf)}</dd>
                </div>
              </dl>
              {!locked && (
                <Button
                  variant="secondary"
                  aria-label={`Remover dependente ${dependent.nome}`}
                  onClick={() => actor.send({ type: 'DEPENDENT_REMOVE', id: dependent.id })}
                >
                  Remover
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <DraftRow />
      {canAdd && (
        <Button ref={addButton} variant="secondary" onClick={() => actor.send({ type: 'DEPENDENT_ADD' })}>
          Incluir dependente
        </Button>
      )}
      {full && (
        <p ref={fullNote} tabIndex={-1} className="text-slate-700 focus:outline-none">
          {DEPENDENTS_FULL_MESSAGE}
        </p>
      )}
    </div>
  );
}
