/**
 * A restored draft made to fit this version's wizard (src/flows/wizard/draft-repair.ts): an
 * older draft lacked `form.nome` (the send crashed the page) or a dependent's `ds_parentesco`
 * (the server refused the request while the row stayed locked).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { toPortabilityPayload } from '../../../machines/wizard.payload';
import type { DependentDraft, DocumentTypeOption, WizardContext, WizardInput } from '../../../machines/wizard.types';
import { repairWizardDraft } from '../../../src/flows/wizard/draft-repair';
import { FILLED_FORM, TODAY } from '../../machines/wizard.fixtures';

const INPUT: WizardInput = { protocoloAns: '12345678901234567890', cdEmpresaPlano: '1', today: TODAY };
const machine = wizardMachine.provide({ actors: { documentTypes: fromPromise(async (): Promise<DocumentTypeOption[]> => []) } });

const MARIA: DependentDraft = { nome: 'MARIA', ds_parentesco: 'Filho(a)', nm_mae: 'ANA', dt_nasc: '01/02/2015', cpf: '' };
const JOAO: DependentDraft = { ...MARIA, nome: 'JOÃO', dt_nasc: '03/04/2017' };
const LUIZ: DependentDraft = { ...MARIA, nome: 'LUIZ', dt_nasc: '05/06/2019' };

/** A persisted draft on step 5 with these dependents confirmed, as JSON gives it back. */
function draftOnStep5(dependents: DependentDraft[]): { status: string; value: unknown; context: Record<string, unknown> } {
  const actor = createActor(machine, { input: { ...INPUT, form: FILLED_FORM } }).start();
  for (let i = 0; i < 3; i += 1) actor.send({ type: 'NEXT' });
  for (const dependent of dependents) {
    actor.send({ type: 'DEPENDENT_ADD' });
    for (const [field, value] of Object.entries(dependent))
      actor.send({ type: 'DEPENDENT_CHANGED', field: field as keyof DependentDraft, value });
    actor.send({ type: 'DEPENDENT_CONFIRM' });
  }
  actor.send({ type: 'NEXT' });
  expect(actor.getSnapshot().matches({ editing: 'documentos' })).toBe(true);
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ReturnType<typeof draftOnStep5>;
  actor.stop();
  expect(persisted.context.dependents).toHaveLength(dependents.length);
  return persisted;
}

function restored(snapshot: unknown): WizardContext {
  const actor = createActor(machine, { input: INPUT, snapshot: snapshot as never });
  return actor.getSnapshot().context;
}

describe('a restored draft made to fit', () => {
  it('a draft that fits is left as it is, and asks nothing', () => {
    const draft = draftOnStep5([MARIA]);
    const repaired = repairWizardDraft(draft, INPUT);
    expect(repaired?.revise).toBeNull();
    expect(repaired?.snapshot).toEqual(draft);
  });

  it("a form without 'nome' takes the machine's initial value, and the step of a required field is to be revised", () => {
    const draft = draftOnStep5([]);
    delete (draft.context.form as Record<string, unknown>).nome;
    expect(() => toPortabilityPayload(restored(draft))).toThrow(TypeError);

    const repaired = repairWizardDraft(draft, INPUT)!;
    const context = restored(repaired.snapshot);
    expect(context.form).toEqual({ ...FILLED_FORM, nome: '' });
    expect(() => toPortabilityPayload(context)).not.toThrow();
    expect(repaired.revise).toEqual({ steps: ['dadosPessoais'], reopened: null, removed: [] });
  });

  it('what the context or form lacks from before a field existed takes its initial value; an optional one asks nothing', () => {
    const draft = draftOnStep5([]);
    delete (draft.context.form as Record<string, unknown>).fl_aceita_sms;
    delete (draft.context.form as Record<string, unknown>).ds_complemento;
    delete draft.context.lostAttachments;
    delete draft.context.keepOnDevice;
    delete (draft.context.attempted as Record<string, unknown>).documentos;
    (draft.context.form as Record<string, unknown>).nm_mae = 42;

    const repaired = repairWizardDraft(draft, INPUT)!;
    const context = restored(repaired.snapshot);
    expect(context.form.fl_aceita_sms).toBe(false);
    expect(context.form.ds_complemento).toBe('');
    expect(context.form.nm_mae).toBe('');
    expect(context.lostAttachments).toEqual([]);
    expect(context.keepOnDevice).toBe(false);
    expect(context.attempted.documentos).toBe(false);
    expect(repaired.revise).toEqual({ steps: ['dadosPessoais'], reopened: null, removed: [] });
  });

  it("confirmed dependents without 'ds_parentesco': the first is opened for editing with its messages, the others taken out to add again", () => {
    const draft = draftOnStep5([MARIA, JOAO, LUIZ]);
    const rows = draft.context.dependents as Array<Record<string, unknown>>;
    delete rows[0]!.ds_parentesco;
    delete rows[2]!.ds_parentesco;

    const repaired = repairWizardDraft(draft, INPUT)!;
    const context = restored(repaired.snapshot);
    expect(context.dependents.map((row) => row.nome)).toEqual(['JOÃO']);
    expect(context.draft).toEqual({ ...MARIA, ds_parentesco: '' });
    expect(context.draftAttempted).toBe(true);
    expect(repaired.revise).toEqual({ steps: ['dependentes'], reopened: 'MARIA', removed: ['LUIZ'] });
  });

  it('with a row already open with data, a refused dependent is taken out to add again', () => {
    const draft = draftOnStep5([MARIA]);
    delete (draft.context.dependents as Array<Record<string, unknown>>)[0]!.ds_parentesco;
    draft.context.draft = { ...JOAO, nm_mae: '' };

    const repaired = repairWizardDraft(draft, INPUT)!;
    const context = restored(repaired.snapshot);
    expect(context.dependents).toEqual([]);
    expect(context.draft).toEqual({ ...JOAO, nm_mae: '' });
    expect(repaired.revise).toEqual({ steps: ['dependentes'], reopened: null, removed: ['MARIA'] });
  });

  it('once saved, what was sent is final: its rows stay and nothing is asked', () => {
    const draft = draftOnStep5([MARIA]);
    delete (draft.context.dependents as Array<Record<string, unknown>>)[0]!.ds_parentesco;
    draft.context.saved = { nuProtocolo: '1'.repeat(20), cdSolicitacao: 1 };
    const repaired = repairWizardDraft(draft, INPUT)!;
    expect(restored(repaired.snapshot).dependents.map((row) => row.nome)).toEqual(['MARIA']);
    expect(repaired.revise).toBeNull();
  });

  it.each([['not a draft'], [null], [42], [[]], [{ status: 'active' }], [{ status: 'active', context: 'x' }]])(
    'cannot read %j at all',
    (draft) => {
      expect(repairWizardDraft(draft, INPUT)).toBeNull();
    },
  );
});
