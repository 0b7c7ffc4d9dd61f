/**
 * Hand-written journeys through the wizard machine on a real actor with fake network actors
 * (answered by the path, test/paths/framework), checking what the machine sent and did:
 * the submit sequence, its retries, the HR modal, dependents, attachments, persistence.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { wizardMachine } from '../../machines/wizard.machine';
import { MAX_DEPENDENTS } from '../../machines/dependents';
import { DOCUMENTS_LIMIT_MESSAGE, MAX_DOCUMENTS_PER_REQUEST } from '../../contract/rules';
import { FILE_MESSAGES, MESSAGES } from '../../machines/wizard.schemas';
import type { AcceptanceInput, SaveRequestInput, SaveResult, UploadDocumentInput, WizardContext } from '../../machines/wizard.types';
import { CoverageRecorder } from '../paths/framework/coverage';
import { definePathModel, replay, type Start } from '../paths/framework/model';
import { runUnitPath } from '../paths/framework/unit-runner';
import {
  FILE_REFUSAL_REASON,
  FILLED_FORM,
  LOOKUP_DEBOUNCE_ELAPSED,
  PHOTO_BYTES,
  TODAY,
  ev,
  wizardFixtures,
  type M,
  type WizardPathEvent,
} from './wizard.fixtures';

const filled: Start<M> = {
  name: 'filled form',
  input: { protocoloAns: '12345678901234567890', cdEmpresaPlano: '7', form: FILLED_FORM, today: TODAY },
};
const blank: Start<M> = { name: 'blank form', input: { protocoloAns: '12345678901234567890', today: TODAY } };
const model = definePathModel({ flow: 'wizard', machine: wizardMachine, starts: [filled, blank], fixtures: wizardFixtures });

function spies() {
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => (_: unknown, params?: unknown) => {
    calls.push([name, params]);
  };
  return {
    calls,
    provide: {
      delays: { lookupDebounce: 3_600_000 },
      actions: {
        goHome: record('goHome'),
        goTrackProtocol: record('goTrackProtocol'),
        goTrackMode: record('goTrackMode'),
        openAcceptanceLink: record('openAcceptanceLink'),
        clearStoredProtocol: record('clearStoredProtocol'),
        clearSavedWork: record('clearSavedWork'),
        focusField: record('focusField'),
        releaseFile: record('releaseFile'),
      },
    },
  };
}

async function run(start: Start<M>, events: WizardPathEvent[]) {
  const spy = spies();
  const path = replay(model, 'journey', 'journey', start, events);
  const result = await runUnitPath(model, path, new CoverageRecorder(wizardMachine), { provide: spy.provide });
  return { ...result, calls: spy.calls, last: result.values.at(-1) };
}

/** A pure replay of the events, for the snapshot at the end. */
function snapshotAfter(start: Start<M>, events: WizardPathEvent[]) {
  const actor = createActor(wizardMachine.provide({ delays: { lookupDebounce: 3_600_000 } }), { input: start.input }).start();
  for (const event of events) actor.send(event as never);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** The same, for the context at the end. */
function contextAfter(start: Start<M>, events: WizardPathEvent[]): WizardContext {
  return snapshotAfter(start, events).context;
}

const toStep5 = [ev('NEXT'), ev('NEXT'), ev('NEXT'), ev('NEXT'), ev('xstate.done.actor.documentTypes')];
const withTwoFiles = [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 0), ev('FILE_CHOSEN', 1)];
/** Step 5's 'Próximo' and, in the review, 'Enviar solicitação'. */
const send = [ev('NEXT'), ev('SUBMIT_CONFIRMED')];
/** With no document attached: the warning's 'Continuar sem documentos' comes between. */
const sendWithoutDocuments = [ev('NEXT'), ev('DOCUMENTS_SKIPPED'), ev('SUBMIT_CONFIRMED')];
const dependent = [
  ev('DEPENDENT_ADD'),
  ev('DEPENDENT_CHANGED', 0),
  ev('DEPENDENT_CHANGED', 1),
  ev('DEPENDENT_CHANGED', 2),
  ev('DEPENDENT_CHANGED', 5),
];

describe('wizard journeys', () => {
  it('files a complete request: one save, each document uploaded with the returned protocol, the acceptance (N), then the protocol modal', async () => {
    const events = [
      ev('NEXT'),
      ev('NEXT'),
      ev('xstate.done.actor.contractTypes'),
      ev('NEXT'),
      ...dependent,
      ev('DEPENDENT_CONFIRM'),
      ev('NEXT'),
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      ev('FILE_CHOSEN', 0),
      ev('FILE_CHOSEN', 1),
      ev('NEXT'),
      ev('SUBMIT_CONFIRMED'),
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
    ];
    const result = await run(filled, events);
    expect(result.last).toBe('protocolModal');
    const [save] = result.inputs.saveRequest as SaveRequestInput[];
    expect(result.inputs.saveRequest).toHaveLength(1);
    expect(save!.payload.dependente).toEqual([
      { id: 1, nome: 'JOAO DA SILVA', nm_mae: 'MARIA DA SILVA', dt_nasc: '10/10/2015', cpf: '', ds_parentesco: 'Filho(a)' },
    ]);
    expect(save!.payload.cd_empresa_plano).toBe('7');
    expect(save!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const uploads = result.inputs.uploadDocument as UploadDocumentInput[];
    expect(uploads.map((u) => [u.attachment.id, u.nuProtocolo])).toEqual([
      ['f-a1', '20260001234567'],
      ['f-a2', '20260001234567'],
    ]);
    expect(uploads[0]!.attachment).toMatchObject({
      cdTipoDocumento: 1,
      nmDocumento: 'RG (documento de identidade)',
      fileName: 'rg.pdf',
      extension: 'pdf',
    });
    expect((result.inputs.acceptance as AcceptanceInput[])[0]!.cdSolicitacao).toBe(42);
    expect(result.calls.map(([name]) => name)).toEqual(['clearStoredProtocol', 'clearSavedWork']);

    const confirmed = await run(filled, [...events, ev('PROTOCOL_MODAL_CONFIRMED')]);
    expect(confirmed.last).toBe('finished');
    expect(confirmed.calls.slice(-2)).toEqual([
      ['openAcceptanceLink', { link: 'http://127.0.0.1/wslinhafrente/v1/arquivos/aceite.pdf' }],
      ['goTrackProtocol', { cdEmpresaPlano: '7', protocolo: '20260001234567' }],
    ]);
  });

  it("step 5's NEXT opens the review and nothing is saved until 'Enviar solicitação'; no documents are sent only after the warning", async () => {
    const reviewed = await run(filled, [...withTwoFiles, ev('NEXT'), ev('REVIEW_CANCELLED'), ev('NEXT')]);
    expect(reviewed.values.slice(-3)).toEqual([
      { editing: { documentos: 'reviewing' } },
      { editing: { documentos: 'idle' } },
      { editing: { documentos: 'reviewing' } },
    ]);
    expect(reviewed.inputs.saveRequest ?? []).toEqual([]);
    const warned = await run(filled, [...toStep5, ev('NEXT'), ev('NO_DOCUMENTS_CANCELLED'), ...sendWithoutDocuments]);
    expect(warned.values.slice(-5)).toEqual([
      { editing: { documentos: 'noDocumentsWarning' } },
      { editing: { documentos: 'idle' } },
      { editing: { documentos: 'noDocumentsWarning' } },
      { editing: { documentos: 'reviewing' } },
      { submitting: 'saving' },
    ]);
    expect(warned.inputs.saveRequest).toHaveLength(1);
  });

  it('a failed save leaves step 5 intact, and the retry sends the same idempotency key', async () => {
    const events = [...withTwoFiles, ...send, ev('xstate.error.actor.saveRequest'), ...send, ev('xstate.done.actor.saveRequest')];
    const result = await run(filled, events);
    expect(result.values).toContainEqual({ editing: { documentos: 'idle' } });
    const saves = result.inputs.saveRequest as SaveRequestInput[];
    expect(saves).toHaveLength(2);
    expect(saves[1]!.idempotencyKey).toBe(saves[0]!.idempotencyKey);
    expect(saves[1]!.payload).toEqual(saves[0]!.payload);
    const afterFailure = contextAfter(filled, [...withTwoFiles, ...send, ev('xstate.error.actor.saveRequest')]);
    expect(afterFailure.attachments.map((a) => a.id)).toEqual(['f-a1', 'f-a2']);
    expect(afterFailure.form).toEqual(FILLED_FORM);
  });

  it('data changed after a failed save gets a new key (the server refuses a key reused with other data)', () => {
    const first = contextAfter(filled, [...toStep5, ...sendWithoutDocuments, ev('xstate.error.actor.saveRequest')]);
    const again = contextAfter(filled, [
      ...toStep5,
      ...sendWithoutDocuments,
      ev('xstate.error.actor.saveRequest'),
      ev('EMAIL_REPLIES_TOGGLED'),
      ev('NEXT'),
      ev('DOCUMENTS_SKIPPED'),
      { type: 'SUBMIT_CONFIRMED', idempotencyKey: '5b0c7a8e-1d2f-4e6a-9b3c-000000000002' },
    ]);
    expect(first.idempotencyKey).toBeTruthy();
    expect(again.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('a failed upload keeps the save: the retry uploads only what is missing and never saves again', async () => {
    const events = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.error.actor.uploadDocument'),
      ev('NEXT'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
    ];
    const result = await run(filled, events);
    expect(result.last).toBe('protocolModal');
    expect(result.inputs.saveRequest).toHaveLength(1);
    const uploads = result.inputs.uploadDocument as UploadDocumentInput[];
    expect(uploads.map((u) => u.attachment.id)).toEqual(['f-a1', 'f-a2', 'f-a2']);
    expect(uploads[2]!.idempotencyKey).toBe(uploads[1]!.idempotencyKey);
  });

  it('a file the server refused is kept with its reason and left out: the files after it go at once, step 5 names it, and Próximo concludes without it (found by a regression walk)', async () => {
    const refusal = Object.assign(new Error('HTTP 400 (fixture)'), { status: 400, serverMessage: FILE_REFUSAL_REASON });
    const sentOn: WizardPathEvent[] = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: refusal } as WizardPathEvent,
    ];
    // No click needed: the next file is already going out.
    expect(snapshotAfter(filled, sentOn).matches({ submitting: 'uploading' })).toBe(true);
    const events: WizardPathEvent[] = [...sentOn, ev('xstate.done.actor.uploadDocument'), ev('NEXT'), ev('xstate.done.actor.acceptance')];
    // Every other file sent, the person is back on step 5 with the refused one named, not filed past it.
    expect(snapshotAfter(filled, events.slice(0, -2)).matches({ editing: { documentos: 'idle' } })).toBe(true);
    const result = await run(filled, events);
    expect(result.last).toBe('protocolModal');
    // The refused file is not sent again: the second upload is the other file.
    expect((result.inputs.uploadDocument as UploadDocumentInput[]).map((u) => u.attachment.id)).toEqual(['f-a1', 'f-a2']);
    const context = contextAfter(filled, events.slice(0, -2));
    expect(context.attachments.map((a) => [a.fileName, a.uploaded, a.refused])).toEqual([
      ['rg.pdf', false, FILE_REFUSAL_REASON],
      ['foto.png', true, undefined],
    ]);
  });

  it("a refused file, then a failed link: the banner's one 'Próximo' sends the rest and concludes; unseen because the page was hidden, the refusal still brings step 5 back (found by a regression walk)", async () => {
    const refusal = Object.assign(new Error('HTTP 400 (fixture)'), { status: 400, serverMessage: FILE_REFUSAL_REASON });
    const failedTwice: WizardPathEvent[] = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: refusal } as WizardPathEvent,
      ev('xstate.error.actor.uploadDocument'),
    ];
    expect(snapshotAfter(filled, failedTwice).matches({ editing: { documentos: 'idle' } })).toBe(true);
    // Step 5 named the refused file and the unsent one; one 'Próximo' goes on without the first.
    const events: WizardPathEvent[] = [
      ...failedTwice,
      ev('NEXT'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
    ];
    const result = await run(filled, events);
    expect(result.last).toBe('protocolModal');
    expect((result.inputs.uploadDocument as UploadDocumentInput[]).map((u) => u.attachment.id)).toEqual(['f-a1', 'f-a2', 'f-a2']);

    // The same, while the page was hidden: the sending resumed by itself, and nobody saw the refusal yet.
    const hidden: WizardPathEvent[] = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      ev('PAGE_HIDDEN'),
      { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: refusal } as WizardPathEvent,
      ev('xstate.error.actor.uploadDocument'),
      ev('PAGE_VISIBLE'),
      ev('xstate.done.actor.uploadDocument'),
    ];
    expect(snapshotAfter(filled, hidden).matches({ editing: { documentos: 'idle' } })).toBe(true);
  });

  it("a file whose upload is still 'being processed' (409, a claim a dead server left) is not refused: 'Próximo' sends it again", async () => {
    const inProgress = Object.assign(new Error('HTTP 409 (fixture)'), {
      status: 409,
      serverMessage: 'Esta operação está sendo processada. Tente novamente em instantes.',
    });
    const events: WizardPathEvent[] = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: inProgress } as WizardPathEvent,
      ev('NEXT'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
    ];
    const result = await run(filled, events);
    expect(result.last).toBe('protocolModal');
    expect((result.inputs.uploadDocument as UploadDocumentInput[]).map((u) => u.attachment.id)).toEqual(['f-a1', 'f-a1', 'f-a2']);
    expect(contextAfter(filled, events.slice(0, -4)).attachments.map((a) => a.refused)).toEqual([undefined, undefined]);
  });

  it('a second click while submitting sends nothing', () => {
    let saves = 0;
    const machine = wizardMachine.provide({
      actors: {
        saveRequest: fromPromise<SaveResult, SaveRequestInput>(() => {
          saves += 1;
          return new Promise(() => {});
        }),
      },
    });
    const actor = createActor(machine, { input: filled.input }).start();
    for (const event of [...toStep5.slice(0, 4), ...sendWithoutDocuments]) actor.send(event as never);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'saving' });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    const again = { type: 'SUBMIT_CONFIRMED', idempotencyKey: '5b0c7a8e-1d2f-4e6a-9b3c-000000000003' } as const;
    expect(actor.getSnapshot().can(again)).toBe(false);
    actor.send({ type: 'NEXT' });
    actor.send(again);
    expect(saves).toBe(1);
    actor.stop();
  });

  it('NEXT on an empty step 1 stays, marks the step attempted and focuses the first invalid field', async () => {
    const result = await run(blank, [ev('NEXT')]);
    expect(result.last).toEqual({ editing: { dadosPessoais: 'idle' } });
    expect(result.calls).toEqual([['focusField', { scope: 'form', field: 'nome' }]]);
    expect(contextAfter(blank, [ev('NEXT')]).attempted.dadosPessoais).toBe(true);
    expect(contextAfter(blank, [ev('PREVIOUS')]).attempted.dadosPessoais).toBe(false);
  });

  it("'Beneficiário não possui CPF' clears the CPF and removes its requirement", () => {
    const context = contextAfter(filled, [ev('NO_CPF_TOGGLED', 0), { type: 'FIELD_CHANGED', field: 'cpf', value: '123' }]);
    expect(context.form.cpf).toBe('');
    expect(contextAfter(filled, [ev('NO_CPF_TOGGLED', 0), ev('NEXT')]).attempted.dadosPessoais).toBe(false);
  });

  it('a collective contract type clears the field and opens the HR modal; OK goes home', async () => {
    const result = await run(filled, [ev('NEXT'), ev('NEXT'), ev('CONTRACT_TYPE_CHOSEN', 1), ev('HR_MODAL_CONFIRMED')]);
    expect(result.values[2]).toEqual({ editing: { planoDestino: 'hrModal' } });
    expect(result.calls).toEqual([['goHome', { cdEmpresaPlano: '7' }]]);
    expect(contextAfter(filled, [ev('NEXT'), ev('NEXT'), ev('CONTRACT_TYPE_CHOSEN', 1)]).form.tp_port_destino).toBe('');
  });

  it('the destination registry is looked up after the debounce; the plan name is filled, or cleared when not found', async () => {
    const base = [ev('NEXT'), ev('NEXT'), ev('DESTINATION_REGISTRY_CHANGED', 0)];
    const found = await run(filled, [...base, LOOKUP_DEBOUNCE_ELAPSED, ev('xstate.done.actor.destinationPlan', 0)]);
    expect(found.values).toEqual([
      { editing: 'planoOrigem' },
      { editing: { planoDestino: 'idle' } },
      { editing: { planoDestino: 'debouncing' } },
      { editing: { planoDestino: 'lookingUp' } },
      { editing: { planoDestino: 'idle' } },
    ]);
    expect(found.inputs.destinationPlan).toEqual([{ registroAns: '481234561' }]);
    expect(contextAfter(filled, [...base]).form.plano_destino).toBe('');
  });

  it('a contract type chosen while the registry waits for its lookup lets the lookup go on (found by an exploratory run)', async () => {
    const typed = [ev('NEXT'), ev('NEXT'), ev('DESTINATION_REGISTRY_CHANGED', 0), ev('CONTRACT_TYPE_CHOSEN', 0)];
    const found = await run(filled, [...typed, LOOKUP_DEBOUNCE_ELAPSED, ev('xstate.done.actor.destinationPlan', 0)]);
    expect(found.values.slice(2)).toEqual([
      { editing: { planoDestino: 'debouncing' } },
      { editing: { planoDestino: 'debouncing' } },
      { editing: { planoDestino: 'lookingUp' } },
      { editing: { planoDestino: 'idle' } },
    ]);
    expect(found.inputs.destinationPlan).toEqual([{ registroAns: '481234561' }]);
  });

  it('a complete CEP is looked up at once and fills street, district, city and UF, uppercased', async () => {
    const found = await run(blank, [ev('FIELD_CHANGED', 4), ev('xstate.done.actor.cepAddress', 0)]);
    expect(found.values).toEqual([{ editing: { dadosPessoais: 'lookingUpCep' } }, { editing: { dadosPessoais: 'idle' } }]);
    expect(found.inputs.cepAddress).toEqual([{ cep: '01310100' }]);
    const context = contextAfter(blank, [ev('FIELD_CHANGED', 4), ev('xstate.done.actor.cepAddress', 0)]);
    expect(context.form).toMatchObject({ ds_endereco: 'AVENIDA PAULISTA', ds_bairro: 'BELA VISTA', ds_cidade: 'SÃO PAULO', ds_uf: 'SP' });
    expect(context.cepLookup).toBe('found');
    // A CEP still being typed looks nothing up and clears the note.
    const typing = await run(blank, [ev('FIELD_CHANGED', 6)]);
    expect(typing.values).toEqual([{ editing: { dadosPessoais: 'idle' } }]);
    expect(typing.inputs.cepAddress ?? []).toEqual([]);
  });

  it('the CEP never overwrites what the person typed; a new CEP replaces only what the last one filled', () => {
    const typed = { type: 'FIELD_CHANGED', field: 'ds_bairro', value: 'JARDINS' } as WizardPathEvent;
    const paulista = [ev('FIELD_CHANGED', 4), ev('xstate.done.actor.cepAddress', 0)];
    const keptTyped = contextAfter(blank, [typed, ...paulista]);
    expect(keptTyped.form.ds_bairro).toBe('JARDINS');
    expect(keptTyped.form.ds_endereco).toBe('AVENIDA PAULISTA');
    // Filled fields changed afterwards are the person's: a second lookup leaves them.
    const edited = { type: 'FIELD_CHANGED', field: 'ds_endereco', value: 'ALAMEDA SANTOS' } as WizardPathEvent;
    const fortaleza = {
      type: 'xstate.done.actor.cepAddress',
      actorId: 'cepAddress',
      output: { logradouro: '', bairro: '', localidade: 'Fortaleza', uf: 'CE' },
    } as unknown as WizardPathEvent;
    const again = contextAfter(blank, [...paulista, edited, ev('FIELD_CHANGED', 5), fortaleza]);
    expect(again.form).toMatchObject({ ds_endereco: 'ALAMEDA SANTOS', ds_bairro: '', ds_cidade: 'FORTALEZA', ds_uf: 'CE' });
    expect(again.cepLookup).toBe('cityOnly');
    // Unknown and failed lookups change no field and say so.
    const unknown = contextAfter(blank, [...paulista, ev('FIELD_CHANGED', 5), ev('xstate.done.actor.cepAddress', 1)]);
    expect(unknown.form.ds_cidade).toBe('SÃO PAULO');
    expect(unknown.cepLookup).toBe('notFound');
    expect(contextAfter(blank, [ev('FIELD_CHANGED', 4), ev('xstate.error.actor.cepAddress')]).cepLookup).toBe('failed');
  });

  it('dependents: only a valid row is confirmed; leaving the step confirms a valid row and drops a blank one', () => {
    const toStep4 = [ev('NEXT'), ev('NEXT'), ev('NEXT')];
    const refused = contextAfter(filled, [...toStep4, ev('DEPENDENT_ADD'), ev('DEPENDENT_CHANGED', 0), ev('DEPENDENT_CONFIRM')]);
    expect(refused.dependents).toEqual([]);
    expect(refused.draftAttempted).toBe(true);
    const keptOnLeave = contextAfter(filled, [...toStep4, ...dependent, ev('NEXT')]);
    expect(keptOnLeave.dependents.map((d) => d.nome)).toEqual(['JOAO DA SILVA']);
    const blankDropped = contextAfter(filled, [...toStep4, ev('DEPENDENT_ADD'), ev('PREVIOUS')]);
    expect(blankDropped.dependents).toEqual([]);
    expect(blankDropped.draft).toBeNull();
    const removed = contextAfter(filled, [...toStep4, ...dependent, ev('DEPENDENT_CONFIRM'), ev('DEPENDENT_REMOVE')]);
    expect(removed.dependents).toEqual([]);
  });

  it(`dependents: at most ${MAX_DEPENDENTS}, the server's limit; a removal makes room again (found by an exploratory run)`, () => {
    const toStep4 = [ev('NEXT'), ev('NEXT'), ev('NEXT')];
    const twentyOne = Array.from({ length: MAX_DEPENDENTS + 1 }, () => [...dependent, ev('DEPENDENT_CONFIRM')]).flat();
    const full = contextAfter(filled, [...toStep4, ...twentyOne]);
    expect(full.dependents).toHaveLength(MAX_DEPENDENTS);
    expect(full.draft).toBeNull();
    const roomAgain = contextAfter(filled, [...toStep4, ...twentyOne, ev('DEPENDENT_REMOVE'), ...dependent]);
    expect(roomAgain.draft).not.toBeNull();
  });

  it('dependents: a row with data that is not valid is never dropped (issue 13): NEXT stays with its messages, PREVIOUS keeps it open', async () => {
    const toStep4 = [ev('NEXT'), ev('NEXT'), ev('NEXT')];
    const invalidCpf = [...dependent, ev('DEPENDENT_CHANGED', 3)];
    const refused = await run(filled, [...toStep4, ...invalidCpf, ev('NEXT')]);
    expect(refused.values.at(-1)).toEqual({ editing: { dependentes: 'editingRow' } });
    expect(refused.calls).toContainEqual(['focusField', { scope: 'dependent', field: 'cpf' }]);
    const stayed = contextAfter(filled, [...toStep4, ...invalidCpf, ev('NEXT')]);
    expect(stayed.draftAttempted).toBe(true);
    expect(stayed.draft?.cpf).toBe('52998224724');
    // Previous never validates: the row goes along, still open, and is open again on coming back.
    const back = await run(filled, [...toStep4, ...invalidCpf, ev('PREVIOUS'), ev('NEXT')]);
    expect(back.values.slice(-2)).toEqual([{ editing: { planoDestino: 'idle' } }, { editing: { dependentes: 'editingRow' } }]);
    const fixed = contextAfter(filled, [...toStep4, ...invalidCpf, ev('PREVIOUS'), ev('NEXT'), ev('DEPENDENT_CHANGED', 4), ev('NEXT')]);
    expect(fixed.dependents.map((d) => [d.nome, d.cpf])).toEqual([['JOAO DA SILVA', '']]);
    expect(fixed.draft).toBeNull();
  });

  it('a save refused as a second open request (issue 27 item 6): the warning, a fresh key afterwards, and the tracking with no protocol', async () => {
    const refused = [...toStep5, ...sendWithoutDocuments, ev('xstate.error.actor.saveRequest', 1)];
    const warned = await run(filled, refused);
    expect(warned.last).toEqual({ editing: { documentos: 'duplicateWarning' } });
    const kept = contextAfter(filled, [...refused, ev('DUPLICATE_BACK')]);
    expect([kept.idempotencyKey, kept.saved, kept.form]).toEqual([null, null, expect.objectContaining({ nome: 'MARIA DA SILVA' })]);
    const tracked = await run(filled, [...refused, ev('DUPLICATE_TRACK')]);
    expect(tracked.last).toBe('left');
    expect(tracked.calls.filter(([name]) => name.startsWith('goTrack'))).toEqual([['goTrackMode', { cdEmpresaPlano: '7' }]]);
    // Any other failure leaves step 5 as before, with no warning.
    expect((await run(filled, [...toStep5, ...sendWithoutDocuments, ev('xstate.error.actor.saveRequest', 0)])).last).toEqual({
      editing: { documentos: 'idle' },
    });
  });

  it("the review's 'Alterar' (issue 27 item 7): the step opens, its valid 'Próximo' comes back to the review, then 'Próximo' goes on as usual", async () => {
    const review = [...toStep5, ev('NEXT'), ev('DOCUMENTS_SKIPPED')];
    const back = await run(filled, [...review, ev('REVIEW_EDIT_REQUESTED', 1), ev('NEXT')]);
    expect(back.values.slice(-2)).toEqual([{ editing: 'planoOrigem' }, { editing: { documentos: 'reviewing' } }]);
    const usual = await run(filled, [...review, ev('REVIEW_EDIT_REQUESTED', 1), ev('NEXT'), ev('PREVIOUS'), ev('NEXT')]);
    expect(usual.values.slice(-2)).toEqual([{ editing: { dependentes: 'listing' } }, { editing: { documentos: 'idle' } }]);
  });

  it(`attachments: at most ${MAX_DOCUMENTS_PER_REQUEST}, the server's limit; the next is refused when chosen, not after saving (found by an exploratory run)`, () => {
    const file = (n: number): WizardPathEvent => ({
      type: 'FILE_CHOSEN',
      file: { id: `f-${n}`, name: `doc-${n}.pdf`, size: 2048, mimeType: 'application/pdf' },
    });
    const chosen = Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, (_, n) => file(n + 1));
    const full = contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ...chosen]);
    expect(full.attachments).toHaveLength(MAX_DOCUMENTS_PER_REQUEST);
    expect(full.fileAlert).toBe(DOCUMENTS_LIMIT_MESSAGE);
    // A big photo is not even prepared once the list is full.
    const photo: WizardPathEvent = {
      type: 'FILE_CHOSEN',
      file: { id: 'f-photo', name: 'foto.jpg', size: 3_000_000, mimeType: 'image/jpeg' },
    };
    const noPhoto = contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ...chosen.slice(0, -1), photo]);
    expect(noPhoto.preparing).toBeNull();
    expect(noPhoto.fileAlert).toBe(DOCUMENTS_LIMIT_MESSAGE);
  });

  it('attachments: a type first; empty and over-10MB files refused with the exact alerts and their bytes let go', async () => {
    expect(contextAfter(filled, [...toStep5, ev('FILE_CHOSEN', 0)]).attachments).toEqual([]);
    expect(contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 2)]).fileAlert).toBe(FILE_MESSAGES.empty);
    expect(contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 3)]).fileAlert).toBe(FILE_MESSAGES.tooLarge);
    const result = await run(filled, [
      ...toStep5,
      ev('DOCUMENT_TYPE_CHOSEN'),
      ev('FILE_CHOSEN', 3),
      ev('FILE_CHOSEN', 0),
      ev('ATTACHMENT_REMOVE'),
    ]);
    expect(result.calls).toEqual([
      ['releaseFile', { id: 'f-big' }],
      ['releaseFile', { id: 'f-a1' }],
    ]);
    const lost = contextAfter(filled, [...withTwoFiles, ev('ATTACHMENTS_LOST')]);
    expect(lost.attachments.map((a) => a.id)).toEqual(['f-a1']);
    expect(lost.lostAttachments).toEqual(['foto.png']);
  });

  it('the same file chosen again for the same document is not listed twice; under another document it is (one PDF may hold several)', async () => {
    const again = (id: string, name = 'rg.pdf', size = 2048): WizardPathEvent => ({
      type: 'FILE_CHOSEN',
      file: { id, name, size, mimeType: 'application/pdf' },
    });
    const typed = [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 0)];
    const twice = await run(filled, [...typed, again('f-a1-again')]);
    const refused = contextAfter(filled, [...typed, again('f-a1-again')]);
    expect(refused.attachments.map((a) => a.id)).toEqual(['f-a1']);
    expect(refused.fileAlert).toBe('O arquivo rg.pdf já está na lista como RG (documento de identidade).');
    // Its bytes are let go; the first file's are kept.
    expect(twice.calls).toEqual([['releaseFile', { id: 'f-a1-again' }]]);
    // Another file of that name, or that size, is another file.
    expect(contextAfter(filled, [...typed, again('f-other-size', 'rg.pdf', 4096)]).attachments).toHaveLength(2);
    expect(contextAfter(filled, [...typed, again('f-other-name', 'rg-verso.pdf')]).attachments).toHaveLength(2);
    // Under another document type it is listed again, and the alert clears.
    const otherType = contextAfter(filled, [...typed, { type: 'DOCUMENT_TYPE_CHOSEN', cdTipoDocumento: '2' }, again('f-a1-cpf')]);
    expect(otherType.attachments.map((a) => [a.id, a.nmDocumento])).toEqual([
      ['f-a1', 'RG (documento de identidade)'],
      ['f-a1-cpf', 'CPF'],
    ]);
    // Removed, it may be chosen again.
    expect(contextAfter(filled, [...typed, ev('ATTACHMENT_REMOVE'), again('f-a1-again')]).attachments.map((a) => a.id)).toEqual([
      'f-a1-again',
    ]);
    // Sent already, before a failed sending brought the person back: it is in the list, sent.
    const sentThenBack = [
      ...withTwoFiles,
      ...send,
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.error.actor.uploadDocument'),
    ];
    const afterSending = contextAfter(filled, [...sentThenBack, again('f-a1-again')]);
    expect(afterSending.attachments.map((a) => [a.id, a.uploaded])).toEqual([
      ['f-a1', true],
      ['f-a2', false],
    ]);
    expect(afterSending.fileAlert).toBe('O arquivo rg.pdf já está na lista como RG (documento de identidade).');
  });

  it('a photo listed shrunk is known by its name and size as chosen: chosen again it is refused before it is prepared again', () => {
    const photo = [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 4), ev('xstate.done.actor.prepareFile')];
    const listed = contextAfter(filled, photo);
    expect(listed.attachments.map((a) => [a.fileName, a.size, a.originalName, a.originalSize])).toEqual([
      ['foto-celular.jpg', 180_000, 'foto-celular.jpg', PHOTO_BYTES],
    ]);
    const again: WizardPathEvent = {
      type: 'FILE_CHOSEN',
      file: { id: 'f-photo-again', name: 'foto-celular.jpg', size: PHOTO_BYTES, mimeType: 'image/jpeg' },
    };
    const refused = contextAfter(filled, [...photo, again]);
    expect(refused.preparing).toBeNull();
    expect(refused.attachments).toHaveLength(1);
    expect(refused.fileAlert).toBe('O arquivo foto-celular.jpg já está na lista como RG (documento de identidade).');
  });

  it("a file whose name has no extension (an Android document provider's '1000012345') is listed with its type's, and one with a wrong extension still refused", () => {
    const chosen = (name: string, mimeType: string, size = 2048) =>
      ({ type: 'FILE_CHOSEN', file: { id: `f-${name}`, name, size, mimeType } }) as WizardPathEvent;
    const listed = contextAfter(filled, [
      ...toStep5,
      ev('DOCUMENT_TYPE_CHOSEN'),
      chosen('1000012345', 'image/jpeg'),
      chosen('1000012346', 'application/pdf'),
      chosen('1000012347', 'image/png'),
    ]);
    expect(listed.fileAlert).toBeNull();
    expect(listed.attachments.map((a) => [a.fileName, a.extension])).toEqual([
      ['1000012345', 'jpg'],
      ['1000012346', 'pdf'],
      ['1000012347', 'png'],
    ]);
    expect(contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), chosen('foto.txt', 'image/jpeg')]).fileAlert).toBe(
      FILE_MESSAGES.wrongType,
    );
    expect(contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), chosen('1000012348', 'text/plain')]).fileAlert).toBe(
      FILE_MESSAGES.wrongType,
    );
    // A large photo without an extension is shrunk like any other; an iPhone one decoded.
    expect(
      contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), chosen('1000012349', 'image/jpeg', 3_000_000)]).preparing?.id,
    ).toBe('f-1000012349');
    expect(contextAfter(filled, [...toStep5, ev('DOCUMENT_TYPE_CHOSEN'), chosen('1000012350', 'image/heic')]).preparing?.id).toBe(
      'f-1000012350',
    );
  });

  it('the persisted snapshot restores the step and everything typed', () => {
    const actor = createActor(wizardMachine, { input: filled.input }).start();
    for (const event of [ev('NEXT'), ev('NEXT'), ev('CONTRACT_TYPE_CHOSEN', 2)]) actor.send(event as never);
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    const restored = createActor(wizardMachine, { input: filled.input, snapshot: stored }).start();
    expect(restored.getSnapshot().value).toEqual({ editing: { planoDestino: 'idle' } });
    expect(restored.getSnapshot().context.form).toEqual({ ...FILLED_FORM, tp_port_destino: '' });
    restored.send({ type: 'NEXT' });
    expect(restored.getSnapshot().context.attempted.planoDestino).toBe(true);
    expect(MESSAGES.tp_port_destino).toBe('* Tipo de contratação é obrigatório');
    restored.stop();
  });
});
