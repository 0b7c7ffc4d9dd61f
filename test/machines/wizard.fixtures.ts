/**
 * Event and actor-answer fixtures of the wizard machine, and a filled form, for its tests.
 * The lookups answer the reference server's own reference data (contract and document
 * types, a destination plan it knows), so the browser path tier can replay every path
 * against that server.
 */
import { wizardMachine } from '../../machines/wizard.machine';
import { ERROR_CODES } from '../../contract/rules';
import { CEP_ADDRESSES, CONTRACT_TYPES, DESTINATION_PLANS, DOCUMENT_TYPES } from '../../server/seed/reference-data.ts';
import type { WizardForm } from '../../machines/wizard.types';
import type { EventFixtures, PathEvent } from '../paths/framework/types';

export type M = typeof wizardMachine;
export type WizardPathEvent = PathEvent<M>;

/** A destination plan the reference server knows: its ANS registry and name. */
export const [DESTINATION_REGISTRY, DESTINATION_PLAN] = DESTINATION_PLANS[0]!;
/** Another plan the reference server lists, the one the paths pick from the list (issue 27 item 5). */
export const [PICKED_REGISTRY, PICKED_PLAN] = DESTINATION_PLANS[1]!;

/** Every field of steps 1–3 valid (CPF 529.982.247-25 has correct check digits). */
/** The day the tests' dates are checked against (the machine reads no clock). */
export const TODAY = '2026-01-15';

export const FILLED_FORM: WizardForm = {
  nome: 'MARIA DA SILVA',
  nm_mae: 'ANA DA SILVA',
  dt_nascimento: '15/03/1985',
  sem_cpf: false,
  cpf: '52998224725',
  celular: '85988887777',
  email: 'maria@example.com',
  fl_aceita_email: true,
  fl_aceita_sms: false,
  cd_cep: '60000000',
  ds_uf: 'CE',
  ds_cidade: 'FORTALEZA',
  ds_endereco: 'RUA A',
  nu_endereco: '10',
  ds_bairro: 'CENTRO',
  ds_complemento: '',
  ops_origem: 'OPERADORA ORIGEM',
  nu_ans_ops_origem: '123456',
  plano_origem: 'PLANO ORIGEM',
  nu_ans_plano_origem: '654321',
  area_plano: 'NACIONAL',
  dt_inicio: '01/02/2020',
  tp_contrato_origem: 'TITULAR',
  nu_ans_plano_destino: DESTINATION_REGISTRY,
  plano_destino: DESTINATION_PLAN,
  tp_contrato_destino: 'TITULAR',
  tp_port_destino: '3',
};

/** A CEP the reference server knows (Avenida Paulista) and its address, as the lookup answers it. */
const [PAULISTA_CEP, logradouro, bairro, localidade, uf] = CEP_ADDRESSES[0]!;
export const PAULISTA = { cep: PAULISTA_CEP, address: { logradouro, bairro, localidade, uf } } as const;
/** A CEP no address has. */
export const UNKNOWN_CEP = '99999999';

const failure = new Error('HTTP 503 (fixture)');
/** The save refused as the reference server refuses a second open request (the client's ApiError carries the code). */
export const OPEN_REQUEST_EXISTS = Object.assign(new Error('HTTP 409 (fixture)'), { code: ERROR_CODES.openRequestExists });

/** The server's reason for refusing a file (server/services/upload-check.ts says it so for a PDF that is not one). */
export const FILE_REFUSAL_REASON = 'O conteúdo do arquivo não é um PDF válido. Envie um arquivo PDF, JPG ou PNG verdadeiro.';
/** An upload refused for the file itself (400 with the server's reason: contract/rules.ts refusalOf). */
export const FILE_REFUSED = Object.assign(new Error('HTTP 400 (fixture)'), { status: 400, serverMessage: FILE_REFUSAL_REASON });

/** A phone photo's size in the fixtures: over the 1 MB from which photos are shrunk. */
export const PHOTO_BYTES = 1_600_000;

export const wizardFixtures = {
  NEXT: [{ type: 'NEXT' }],
  PREVIOUS: [{ type: 'PREVIOUS' }],
  FIELD_CHANGED: [
    { type: 'FIELD_CHANGED', field: 'nome', value: '' },
    { type: 'FIELD_CHANGED', field: 'nome', value: 'MARIA DA SILVA' },
    { type: 'FIELD_CHANGED', field: 'ops_origem', value: '' },
    { type: 'FIELD_CHANGED', field: 'ops_origem', value: 'OPERADORA ORIGEM' },
    // The CEP: one the server knows, one it does not, and one still being typed.
    { type: 'FIELD_CHANGED', field: 'cd_cep', value: PAULISTA.cep },
    { type: 'FIELD_CHANGED', field: 'cd_cep', value: UNKNOWN_CEP },
    { type: 'FIELD_CHANGED', field: 'cd_cep', value: '0131' },
    // A CPF typed: refused while 'Beneficiário não possui CPF' is ticked (SPEC §5).
    { type: 'FIELD_CHANGED', field: 'cpf', value: '52998224725' },
  ],
  NO_CPF_TOGGLED: [
    { type: 'NO_CPF_TOGGLED', checked: true },
    { type: 'NO_CPF_TOGGLED', checked: false },
  ],
  EMAIL_REPLIES_TOGGLED: [{ type: 'EMAIL_REPLIES_TOGGLED', checked: false }],
  SMS_REPLIES_TOGGLED: [{ type: 'SMS_REPLIES_TOGGLED', checked: true }],
  DESTINATION_REGISTRY_CHANGED: [
    { type: 'DESTINATION_REGISTRY_CHANGED', value: DESTINATION_REGISTRY },
    { type: 'DESTINATION_REGISTRY_CHANGED', value: '' },
  ],
  // Issue 27 item 5: another plan the server lists, picked by its name.
  DESTINATION_PLAN_CHOSEN: [{ type: 'DESTINATION_PLAN_CHOSEN', registroAns: PICKED_REGISTRY, nmPlano: PICKED_PLAN }],
  CONTRACT_TYPE_CHOSEN: [
    { type: 'CONTRACT_TYPE_CHOSEN', value: '3' },
    { type: 'CONTRACT_TYPE_CHOSEN', value: '1' },
    { type: 'CONTRACT_TYPE_CHOSEN', value: '' },
  ],
  HR_MODAL_CONFIRMED: [{ type: 'HR_MODAL_CONFIRMED' }],
  DEPENDENT_ADD: [{ type: 'DEPENDENT_ADD' }],
  DEPENDENT_CHANGED: [
    { type: 'DEPENDENT_CHANGED', field: 'nome', value: 'JOAO DA SILVA' },
    { type: 'DEPENDENT_CHANGED', field: 'nm_mae', value: 'MARIA DA SILVA' },
    { type: 'DEPENDENT_CHANGED', field: 'dt_nasc', value: '10/10/2015' },
    // Optional, but when typed it must be a real CPF (check digits wrong here); then cleared.
    { type: 'DEPENDENT_CHANGED', field: 'cpf', value: '52998224724' },
    { type: 'DEPENDENT_CHANGED', field: 'cpf', value: '' },
    // Issue 27 item 7: the relationship to the holder, required.
    { type: 'DEPENDENT_CHANGED', field: 'ds_parentesco', value: 'Filho(a)' },
  ],
  DEPENDENT_CONFIRM: [{ type: 'DEPENDENT_CONFIRM' }],
  DEPENDENT_DISCARD: [{ type: 'DEPENDENT_DISCARD' }],
  DEPENDENT_REMOVE: [{ type: 'DEPENDENT_REMOVE', id: 1 }],
  DOCUMENT_TYPE_CHOSEN: [{ type: 'DOCUMENT_TYPE_CHOSEN', cdTipoDocumento: '1' }],
  FILE_CHOSEN: [
    { type: 'FILE_CHOSEN', file: { id: 'f-a1', name: 'rg.pdf', size: 2048, mimeType: 'application/pdf' } },
    { type: 'FILE_CHOSEN', file: { id: 'f-a2', name: 'foto.png', size: 1024, mimeType: 'image/png' } },
    { type: 'FILE_CHOSEN', file: { id: 'f-empty', name: 'vazio.pdf', size: 0, mimeType: 'application/pdf' } },
    { type: 'FILE_CHOSEN', file: { id: 'f-big', name: 'grande.pdf', size: 10_485_761, mimeType: 'application/pdf' } },
    // Issue 27: a phone photo over 1 MB is shrunk before it is listed; an iPhone photo (HEIC) is decoded first.
    { type: 'FILE_CHOSEN', file: { id: 'f-photo', name: 'foto-celular.jpg', size: PHOTO_BYTES, mimeType: 'image/jpeg' } },
    { type: 'FILE_CHOSEN', file: { id: 'f-heic', name: 'iphone.heic', size: 4096, mimeType: 'image/heic' } },
    // SPEC §9's boundary, at the byte: exactly 10,485,760 bytes is allowed (one more is 'f-big', refused).
    { type: 'FILE_CHOSEN', file: { id: 'f-limit', name: 'limite.pdf', size: 10_485_760, mimeType: 'application/pdf' } },
    // The same rg.pdf chosen again (a new pick, a new id): not listed twice under one document type.
    { type: 'FILE_CHOSEN', file: { id: 'f-a1-again', name: 'rg.pdf', size: 2048, mimeType: 'application/pdf' } },
  ],
  PREPARATION_CANCELLED: [{ type: 'PREPARATION_CANCELLED' }],
  ATTACHMENT_REMOVE: [{ type: 'ATTACHMENT_REMOVE', id: 'f-a1' }],
  ATTACHMENT_PREVIEW: [{ type: 'ATTACHMENT_PREVIEW', id: 'f-a1' }],
  PREVIEW_CLOSED: [{ type: 'PREVIEW_CLOSED' }],
  ATTACHMENTS_LOST: [{ type: 'ATTACHMENTS_LOST', ids: ['f-a2'] }],
  PROTOCOL_MODAL_CONFIRMED: [{ type: 'PROTOCOL_MODAL_CONFIRMED' }],
  PAGE_HIDDEN: [{ type: 'PAGE_HIDDEN' }],
  PAGE_VISIBLE: [{ type: 'PAGE_VISIBLE' }],
  KEEP_ON_DEVICE_TOGGLED: [
    { type: 'KEEP_ON_DEVICE_TOGGLED', checked: true },
    { type: 'KEEP_ON_DEVICE_TOGGLED', checked: false },
  ],
  LEAVE_REQUESTED: [
    { type: 'LEAVE_REQUESTED', via: 'back' },
    { type: 'LEAVE_REQUESTED', via: 'menu' },
  ],
  LEAVE_CONFIRMED: [{ type: 'LEAVE_CONFIRMED' }],
  LEAVE_DISCARDED: [{ type: 'LEAVE_DISCARDED' }],
  LEAVE_CANCELLED: [{ type: 'LEAVE_CANCELLED' }],
  DOCUMENTS_SKIPPED: [{ type: 'DOCUMENTS_SKIPPED' }],
  NO_DOCUMENTS_CANCELLED: [{ type: 'NO_DOCUMENTS_CANCELLED' }],
  SUBMIT_CONFIRMED: [{ type: 'SUBMIT_CONFIRMED', idempotencyKey: '5b0c7a8e-1d2f-4e6a-9b3c-000000000001' }],
  REVIEW_CANCELLED: [{ type: 'REVIEW_CANCELLED' }],
  // Issue 27 item 7: 'Alterar' on each section of the review.
  REVIEW_EDIT_REQUESTED: [
    { type: 'REVIEW_EDIT_REQUESTED', step: 'dadosPessoais' },
    { type: 'REVIEW_EDIT_REQUESTED', step: 'planoOrigem' },
    { type: 'REVIEW_EDIT_REQUESTED', step: 'planoDestino' },
    { type: 'REVIEW_EDIT_REQUESTED', step: 'dependentes' },
    { type: 'REVIEW_EDIT_REQUESTED', step: 'documentos' },
  ],
  DUPLICATE_TRACK: [{ type: 'DUPLICATE_TRACK' }],
  DUPLICATE_BACK: [{ type: 'DUPLICATE_BACK' }],
  'xstate.done.actor.contractTypes': [
    {
      type: 'xstate.done.actor.contractTypes',
      actorId: 'contractTypes',
      output: CONTRACT_TYPES.map(({ label, value }) => ({ label, value })),
    },
  ],
  'xstate.error.actor.contractTypes': [{ type: 'xstate.error.actor.contractTypes', actorId: 'contractTypes', error: failure }],
  'xstate.done.actor.documentTypes': [
    {
      type: 'xstate.done.actor.documentTypes',
      actorId: 'documentTypes',
      output: DOCUMENT_TYPES.map(([cdTipoDocumento, nmDocumento]) => ({ cdTipoDocumento, nmDocumento })),
    },
  ],
  'xstate.error.actor.documentTypes': [{ type: 'xstate.error.actor.documentTypes', actorId: 'documentTypes', error: failure }],
  'xstate.done.actor.destinationPlan': [
    { type: 'xstate.done.actor.destinationPlan', actorId: 'destinationPlan', output: DESTINATION_PLAN },
    { type: 'xstate.done.actor.destinationPlan', actorId: 'destinationPlan', output: '' },
  ],
  'xstate.error.actor.destinationPlan': [{ type: 'xstate.error.actor.destinationPlan', actorId: 'destinationPlan', error: failure }],
  'xstate.done.actor.cepAddress': [
    { type: 'xstate.done.actor.cepAddress', actorId: 'cepAddress', output: PAULISTA.address },
    { type: 'xstate.done.actor.cepAddress', actorId: 'cepAddress', output: null },
  ],
  'xstate.error.actor.cepAddress': [{ type: 'xstate.error.actor.cepAddress', actorId: 'cepAddress', error: failure }],
  'xstate.done.actor.saveRequest': [
    {
      type: 'xstate.done.actor.saveRequest',
      actorId: 'saveRequest',
      output: { nuProtocolo: '20260001234567', cdSolicitacao: 42 },
    },
  ],
  'xstate.error.actor.saveRequest': [
    { type: 'xstate.error.actor.saveRequest', actorId: 'saveRequest', error: failure },
    // Issue 27 item 6: the server holds an open request for this CPF and ANS protocol (409 with its code).
    { type: 'xstate.error.actor.saveRequest', actorId: 'saveRequest', error: OPEN_REQUEST_EXISTS },
  ],
  // The photo shrunk (its size as the browser makes it varies: only the branch matters); the
  // HEIC one the decoder could not read.
  'xstate.done.actor.prepareFile': [
    {
      type: 'xstate.done.actor.prepareFile',
      actorId: 'prepareFile',
      output: { id: 'f-photo', name: 'foto-celular.jpg', size: 180_000, mimeType: 'image/jpeg', originalSize: PHOTO_BYTES },
    },
  ],
  'xstate.error.actor.prepareFile': [
    {
      type: 'xstate.error.actor.prepareFile',
      actorId: 'prepareFile',
      error: Object.assign(new Error('HEIC ilegível (fixture)'), { reason: 'heic' }),
    },
  ],
  'xstate.done.actor.uploadDocument': [{ type: 'xstate.done.actor.uploadDocument', actorId: 'uploadDocument', output: 'OK' }],
  'xstate.error.actor.uploadDocument': [
    { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: failure },
    // The server refuses the file itself: it is left out, and the next one goes (issue 27).
    { type: 'xstate.error.actor.uploadDocument', actorId: 'uploadDocument', error: FILE_REFUSED },
  ],
  'xstate.done.actor.acceptance': [
    {
      type: 'xstate.done.actor.acceptance',
      actorId: 'acceptance',
      output: 'http://127.0.0.1/wslinhafrente/v1/arquivos/aceite.pdf',
    },
    // SPEC §8: the service answers 'ERRO' (the chart's isAcceptanceRefused guard).
    { type: 'xstate.done.actor.acceptance', actorId: 'acceptance', output: 'ERRO' },
  ],
  'xstate.error.actor.acceptance': [{ type: 'xstate.error.actor.acceptance', actorId: 'acceptance', error: failure }],
} as const satisfies EventFixtures<M>;

/**
 * The debounce timer's own event. Not part of the machine's event union (XState raises it),
 * so it is typed apart; the tests give the delay an hour and send it themselves.
 */
export const LOOKUP_DEBOUNCE_ELAPSED = {
  type: 'xstate.after.lookupDebounce.wizard.editing.planoDestino.debouncing',
} as unknown as WizardPathEvent;

type Fixtures = typeof wizardFixtures;
/** The n-th fixture of an event type. */
export function ev<K extends keyof Fixtures>(type: K, variant = 0): WizardPathEvent {
  const list = wizardFixtures[type] as readonly WizardPathEvent[];
  const chosen = list[variant];
  if (!chosen) throw new Error(`no fixture #${variant} for ${type}`);
  return chosen;
}

export function all<K extends keyof Fixtures>(...types: K[]): WizardPathEvent[] {
  return types.flatMap((type) => [...(wizardFixtures[type] as readonly WizardPathEvent[])]);
}
