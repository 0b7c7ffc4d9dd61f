/**
 * Path model of the new-request wizard (machines/wizard.machine.ts), shared by its unit tier
 * (test/machines/wizard.paths.test.ts) and its browser tier (test/e2e/paths-wizard.spec.ts).
 * The machine is too wide for one exploration over every fixture (five steps × dependents ×
 * attachments × submit), so it is explored per region, each from the shortest prefix that
 * reaches it, with the context abstracted to what matters there; every definition
 * transition gets the shortest path that takes it; hand-written journeys add the full filing,
 * the submit failures with their retries and one visit per step. The browser tier explores the same
 * regions with a `filterEvents` that keeps only what a user can do on the screen.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { isDependentValid, isStepValid } from '../../../machines/wizard.schemas';
import { ERROR_CODES, hasErrorCode, isCep, refusalOf } from '../../../contract/rules';
import type { WizardContext } from '../../../machines/wizard.types';
import {
  FILLED_FORM,
  LOOKUP_DEBOUNCE_ELAPSED,
  TODAY,
  all,
  ev,
  wizardFixtures,
  type M,
  type WizardPathEvent,
} from '../../machines/wizard.fixtures';
import { exploreSpace, type EdgeSpace, type Keyed } from '../framework/edges';
import {
  coverEdges,
  definePathModel,
  dropPrefixes,
  edgeSpacesOf,
  labelOf,
  makeStepper,
  replay,
  type MachinePath,
  type PathModel,
  type Start,
} from '../framework/model';
import { underTest } from '../mutants';
import { wizardRules } from '../rules/wizard.rules';

export const PROTOCOLO_ANS = '12345678901234567890';
export const blankStart: Start<M> = { name: 'blank form', input: { protocoloAns: PROTOCOLO_ANS, cdEmpresaPlano: '1', today: TODAY } };
export const filledStart: Start<M> = {
  name: 'filled form',
  input: { protocoloAns: PROTOCOLO_ANS, cdEmpresaPlano: '1', form: FILLED_FORM, today: TODAY },
};

export const wizardModel = definePathModel({
  flow: 'wizard',
  machine: underTest(wizardMachine),
  starts: [blankStart, filledStart],
  fixtures: wizardFixtures,
  invariants: wizardRules,
  edgeSpaces: (model) => wizardEdgeSpaces(model),
  edgeKeys: () => wizardRegions.map((region) => ({ name: region.name, key: regionKey(region) })),
});

type Snap = AnyMachineSnapshot;
const inStep = (snapshot: Snap, step: string) => JSON.stringify(snapshot.value).includes(`"${step}"`);

interface Region {
  name: string;
  start: Start<M>;
  prefix: WizardPathEvent[];
  events: WizardPathEvent[];
  abstract: (context: WizardContext) => unknown;
  /**
   * The coarser abstraction of the region's edges (framework/edges.ts): what SPEC's rules and
   * the guards tell apart, without the product of independent boxes (default: `abstract`).
   */
  edges?: (context: WizardContext) => unknown;
  stopWhen?: (snapshot: Snap) => boolean;
}

/** The attachments as a set (order aside): which file, sent, refused or still to send. */
const attachmentSet = (c: WizardContext) => attachmentsKey(c).sort();
/** The dependent row: none, blank, valid, or holding data not valid yet. */
const draftKind = (c: WizardContext) =>
  c.draft === null ? null : Object.values(c.draft).every((v) => v === '') ? 'blank' : isDependentValid(c.draft, c.today) ? 'valid' : 'fix';

const toDocuments = [ev('NEXT'), ev('NEXT'), ev('NEXT'), ev('NEXT')];
/** An upload failed on the way (the link), or refused by the server for the file itself. */
const [UPLOAD_FAILED, UPLOAD_REFUSED] = [ev('xstate.error.actor.uploadDocument', 0), ev('xstate.error.actor.uploadDocument', 1)];
const attachmentsKey = (c: WizardContext) =>
  c.attachments.map((a) => `${a.id}:${a.uploaded ? 'sent' : a.refused !== undefined ? 'refused' : 'pending'}`);

export const wizardRegions: readonly Region[] = [
  {
    name: 'step 1 from a blank form',
    start: blankStart,
    prefix: [],
    events: all(
      'NEXT',
      'PREVIOUS',
      'FIELD_CHANGED',
      'NO_CPF_TOGGLED',
      'EMAIL_REPLIES_TOGGLED',
      'SMS_REPLIES_TOGGLED',
      'xstate.done.actor.cepAddress',
      'xstate.error.actor.cepAddress',
      'LEAVE_REQUESTED',
      'LEAVE_CONFIRMED',
      'LEAVE_DISCARDED',
      'LEAVE_CANCELLED',
      'KEEP_ON_DEVICE_TOGGLED',
    ),
    abstract: (c) => ({
      attempted: c.attempted.dadosPessoais,
      semCpf: c.form.sem_cpf,
      email: c.form.fl_aceita_email,
      sms: c.form.fl_aceita_sms,
      nome: c.form.nome !== '',
      cep: [c.form.cd_cep, c.cepLookup, c.form.ds_cidade !== ''],
    }),
    edges: (c) => ({
      attempted: c.attempted.dadosPessoais,
      semCpf: c.form.sem_cpf,
      cpf: c.form.cpf !== '',
      cep: [isCep(c.form.cd_cep), c.cepLookup],
    }),
  },
  {
    name: 'steps 1 and 2 from a filled form',
    start: filledStart,
    prefix: [],
    // The e-mail box is checked in the filled form: unchecking it is a user's gesture too.
    events: all(
      'NEXT',
      'PREVIOUS',
      'FIELD_CHANGED',
      'NO_CPF_TOGGLED',
      'EMAIL_REPLIES_TOGGLED',
      'SMS_REPLIES_TOGGLED',
      'xstate.done.actor.cepAddress',
      'xstate.error.actor.cepAddress',
      'LEAVE_REQUESTED',
      'LEAVE_CONFIRMED',
      'LEAVE_DISCARDED',
      'LEAVE_CANCELLED',
      'KEEP_ON_DEVICE_TOGGLED',
    ),
    abstract: (c) => ({
      valid: [isStepValid('dadosPessoais', c.form, c.today), isStepValid('planoOrigem', c.form, c.today)],
      attempted: [c.attempted.dadosPessoais, c.attempted.planoOrigem],
      cep: [c.form.cd_cep, c.cepLookup],
    }),
    edges: (c) => ({
      valid: [isStepValid('dadosPessoais', c.form, c.today), isStepValid('planoOrigem', c.form, c.today)],
      semCpf: c.form.sem_cpf,
      cpf: c.form.cpf !== '',
    }),
    stopWhen: (s) => inStep(s, 'planoDestino'),
  },
  {
    name: 'step 3, destination plan lookup and contract type',
    start: filledStart,
    prefix: [ev('NEXT'), ev('NEXT')],
    events: [
      ...all(
        'NEXT',
        'PREVIOUS',
        'DESTINATION_REGISTRY_CHANGED',
        'DESTINATION_PLAN_CHOSEN',
        'CONTRACT_TYPE_CHOSEN',
        'HR_MODAL_CONFIRMED',
        'xstate.done.actor.contractTypes',
        'xstate.error.actor.contractTypes',
        'xstate.done.actor.destinationPlan',
        'xstate.error.actor.destinationPlan',
      ),
      LOOKUP_DEBOUNCE_ELAPSED,
    ],
    abstract: (c) => ({
      valid: isStepValid('planoDestino', c.form, c.today),
      attempted: c.attempted.planoDestino,
      registry: c.form.nu_ans_plano_destino !== '',
      plan: c.form.plano_destino !== '',
      types: c.contractTypes.length,
    }),
    stopWhen: (s) => !inStep(s, 'planoDestino'),
  },
  {
    name: 'step 4, dependents',
    start: filledStart,
    prefix: [ev('NEXT'), ev('NEXT'), ev('NEXT')],
    events: all('NEXT', 'PREVIOUS', 'DEPENDENT_ADD', 'DEPENDENT_CHANGED', 'DEPENDENT_CONFIRM', 'DEPENDENT_DISCARD', 'DEPENDENT_REMOVE'),
    abstract: (c) => ({
      dependents: Math.min(c.dependents.length, 2),
      draft: c.draft && [
        c.draft.nome !== '',
        c.draft.ds_parentesco !== '',
        c.draft.nm_mae !== '',
        c.draft.dt_nasc !== '',
        c.draft.cpf !== '',
      ],
      attempted: c.draftAttempted,
    }),
    edges: (c) => ({ dependents: Math.min(c.dependents.length, 2), draft: draftKind(c) }),
    stopWhen: (s) => !inStep(s, 'dependentes'),
  },
  {
    name: 'step 5, attachments and the submit sequence',
    start: filledStart,
    prefix: toDocuments,
    // The files of SPEC (the photos of issue 27 have their own region, below).
    events: [
      ...[0, 1, 2, 3, 6].map((variant) => ev('FILE_CHOSEN', variant)),
      // A failed link here; the server refusing a file has its own region, below.
      UPLOAD_FAILED,
      ...all(
        'NEXT',
        'PREVIOUS',
        'DOCUMENT_TYPE_CHOSEN',
        'ATTACHMENT_REMOVE',
        'ATTACHMENT_PREVIEW',
        'PREVIEW_CLOSED',
        'ATTACHMENTS_LOST',
        'PROTOCOL_MODAL_CONFIRMED',
        'DOCUMENTS_SKIPPED',
        'NO_DOCUMENTS_CANCELLED',
        'SUBMIT_CONFIRMED',
        'REVIEW_CANCELLED',
        'FIELD_CHANGED',
        'DEPENDENT_REMOVE',
        'xstate.done.actor.documentTypes',
        'xstate.error.actor.documentTypes',
        'xstate.done.actor.saveRequest',
        'xstate.error.actor.saveRequest',
        'xstate.done.actor.uploadDocument',
        'xstate.done.actor.acceptance',
        'xstate.error.actor.acceptance',
      ),
    ],
    abstract: (c) => ({
      // The type select offers only what the document types call answered.
      types: c.documentTypes.length,
      type: c.documentType !== '',
      attachments: attachmentsKey(c),
      alert: c.fileAlert !== null,
      preview: c.previewId !== null,
      saved: c.saved !== null,
      link: c.acceptanceLink !== null,
    }),
    edges: (c) => ({
      ready: c.documentTypes.length > 0 && c.documentType !== '',
      attachments: attachmentSet(c),
      saved: c.saved !== null,
      link: c.acceptanceLink !== null,
    }),
    stopWhen: (s) => inStep(s, 'dependentes'),
  },
  {
    // Issue 27, apart (with the region above it would be too wide): a photo prepared or
    // refused, and the page hidden and shown again while the request is sent.
    name: 'step 5, photos made ready and the page hidden while sending',
    start: filledStart,
    prefix: [...toDocuments, ev('xstate.done.actor.documentTypes'), ev('DOCUMENT_TYPE_CHOSEN')],
    events: [
      ev('NEXT'),
      ev('FILE_CHOSEN', 0),
      ev('FILE_CHOSEN', 4),
      ev('FILE_CHOSEN', 5),
      UPLOAD_FAILED,
      ...all(
        'xstate.done.actor.prepareFile',
        'xstate.error.actor.prepareFile',
        'PREPARATION_CANCELLED',
        'PAGE_HIDDEN',
        'PAGE_VISIBLE',
        'SUBMIT_CONFIRMED',
        'DOCUMENTS_SKIPPED',
        'xstate.done.actor.saveRequest',
        'xstate.error.actor.saveRequest',
        'xstate.done.actor.uploadDocument',
        'xstate.done.actor.acceptance',
      ),
    ],
    abstract: (c) => ({
      attachments: attachmentsKey(c),
      alert: c.fileAlert !== null,
      preparing: c.preparing?.id ?? null,
      hidden: c.pageHidden,
      saved: c.saved !== null,
    }),
    edges: (c) => ({ attachments: attachmentSet(c), preparing: c.preparing !== null, hidden: c.pageHidden, saved: c.saved !== null }),
    stopWhen: (s) => !inStep(s, 'documentos') && !inStep(s, 'submitting'),
  },
  {
    // Apart (in the region above it would multiply its paths by a third): the same file chosen
    // again, before and after the first is removed.
    name: 'step 5, the same file chosen twice',
    start: filledStart,
    prefix: [...toDocuments, ev('xstate.done.actor.documentTypes'), ev('DOCUMENT_TYPE_CHOSEN')],
    events: [ev('FILE_CHOSEN', 0), ev('FILE_CHOSEN', 7), ev('ATTACHMENT_REMOVE')],
    abstract: (c) => ({ attachments: attachmentsKey(c), alert: c.fileAlert }),
    stopWhen: (s) => !inStep(s, 'documentos'),
  },
  {
    // Apart, so the refusal's outcome does not multiply the regions above: two files sent,
    // each refused, failed or taken, and what the person does then (found by a regression walk:
    // one refusal kept the files after it unsent).
    name: 'step 5, a file the server refuses while sending',
    start: filledStart,
    prefix: [...toDocuments, ev('xstate.done.actor.documentTypes'), ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 0), ev('FILE_CHOSEN', 1)],
    events: [
      ev('NEXT'),
      UPLOAD_FAILED,
      UPLOAD_REFUSED,
      ...all(
        'SUBMIT_CONFIRMED',
        'ATTACHMENT_REMOVE',
        'PAGE_HIDDEN',
        'PAGE_VISIBLE',
        'xstate.done.actor.saveRequest',
        'xstate.done.actor.uploadDocument',
        'xstate.done.actor.acceptance',
      ),
    ],
    abstract: (c) => ({
      attachments: attachmentsKey(c),
      hidden: c.pageHidden,
      saved: c.saved !== null,
      refusedSinceNext: c.refusedSinceNext,
    }),
    stopWhen: (s) => !inStep(s, 'documentos') && !inStep(s, 'submitting'),
  },
];

const DEBOUNCE = LOOKUP_DEBOUNCE_ELAPSED;
const [BACK_OUT, MENU_OUT] = [ev('LEAVE_REQUESTED', 0), ev('LEAVE_REQUESTED', 1)];
const [NEXT, PREVIOUS, SUBMIT] = [ev('NEXT'), ev('PREVIOUS'), ev('SUBMIT_CONFIRMED')];
const [rg, foto, empty, big] = [ev('FILE_CHOSEN', 0), ev('FILE_CHOSEN', 1), ev('FILE_CHOSEN', 2), ev('FILE_CHOSEN', 3)];
const [phonePhoto, iphonePhoto] = [ev('FILE_CHOSEN', 4), ev('FILE_CHOSEN', 5)];
const [HIDDEN, VISIBLE] = [ev('PAGE_HIDDEN'), ev('PAGE_VISIBLE')];
const [EDIT_HOLDER, EDIT_ORIGIN, EDIT_DESTINATION] = [
  ev('REVIEW_EDIT_REQUESTED', 0),
  ev('REVIEW_EDIT_REQUESTED', 1),
  ev('REVIEW_EDIT_REQUESTED', 2),
];
const [EDIT_DEPENDENTS, EDIT_DOCUMENTS] = [ev('REVIEW_EDIT_REQUESTED', 3), ev('REVIEW_EDIT_REQUESTED', 4)];
/** Issue 27 item 6: the save refused with 409 SOLICITACAO_EM_ANDAMENTO (the browser tier files the pair first). */
export const OPEN_REQUEST_REFUSED = ev('xstate.error.actor.saveRequest', 1);
export const isOpenRequestRefused = (event: WizardPathEvent): boolean =>
  event.type === 'xstate.error.actor.saveRequest' && hasErrorCode(event.error, ERROR_CODES.openRequestExists);
/** An upload refused for the file itself (the browser tier answers the server's 400 with its reason). */
export const isFileRefused = (event: WizardPathEvent): boolean =>
  event.type === 'xstate.error.actor.uploadDocument' && refusalOf(event.error) !== undefined;

/**
 * Journeys the shortest paths split into many: the full filing, every failure of the submit
 * sequence with its retry, and one visit per step doing everything that step offers. Both
 * tiers play them; the browser keeps them first and drops the shortest paths they cover.
 */
export const wizardJourneys: ReadonlyArray<{ name: string; start: Start<M>; events: WizardPathEvent[] }> = [
  {
    name: 'leaving a blank wizard by Back goes home at once (nothing typed, nothing to ask)',
    start: blankStart,
    events: [BACK_OUT],
  },
  {
    name: 'the draft kept on this device, then not any more, on steps 1 and 2',
    start: filledStart,
    events: [ev('KEEP_ON_DEVICE_TOGGLED', 0), NEXT, ev('KEEP_ON_DEVICE_TOGGLED', 1)],
  },
  {
    name: 'leaving with data asks first: by the menu on step 2, kept on the step; by Back on step 1, gone home',
    start: filledStart,
    events: [NEXT, MENU_OUT, ev('LEAVE_CANCELLED'), PREVIOUS, BACK_OUT, ev('LEAVE_CONFIRMED')],
  },
  {
    name: "a shared phone: 'Sair e apagar os dados' leaves nothing of the request behind",
    start: filledStart,
    events: [NEXT, MENU_OUT, ev('LEAVE_DISCARDED')],
  },
  {
    name: 'a blank step 1 refuses NEXT, with or without a CPF',
    start: blankStart,
    events: [ev('NO_CPF_TOGGLED', 0), NEXT],
  },
  {
    name: 'step 1: a known CEP fills the address, an unknown one and a failed lookup say so, a CEP being typed clears the note',
    start: blankStart,
    events: [
      ev('FIELD_CHANGED', 4),
      ev('xstate.done.actor.cepAddress', 0),
      ev('FIELD_CHANGED', 5),
      ev('xstate.done.actor.cepAddress', 1),
      ev('FIELD_CHANGED', 4),
      ev('xstate.error.actor.cepAddress'),
      ev('FIELD_CHANGED', 6),
      NEXT,
    ],
  },
  {
    name: 'back and forth through every step; the reference lists fail and are asked again on the next visit',
    start: filledStart,
    events: [
      ev('EMAIL_REPLIES_TOGGLED'),
      NEXT,
      ev('FIELD_CHANGED', 2),
      NEXT,
      ev('FIELD_CHANGED', 3),
      PREVIOUS,
      NEXT,
      NEXT,
      ev('xstate.error.actor.contractTypes'),
      PREVIOUS,
      NEXT,
      NEXT,
      PREVIOUS,
      NEXT,
      NEXT,
      ev('xstate.error.actor.documentTypes'),
      PREVIOUS,
    ],
  },
  {
    name: 'step 3: a blank registry, a failed and a found lookup, then a collective contract goes to HR',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      ev('xstate.done.actor.contractTypes'),
      ev('DESTINATION_REGISTRY_CHANGED', 1),
      NEXT,
      ev('DESTINATION_REGISTRY_CHANGED', 0),
      DEBOUNCE,
      ev('xstate.error.actor.destinationPlan'),
      ev('DESTINATION_REGISTRY_CHANGED', 1),
      ev('DESTINATION_REGISTRY_CHANGED', 0),
      DEBOUNCE,
      ev('xstate.done.actor.destinationPlan'),
      ev('CONTRACT_TYPE_CHOSEN', 2),
      ev('CONTRACT_TYPE_CHOSEN', 1),
      ev('HR_MODAL_CONFIRMED'),
    ],
  },
  {
    name: 'step 3 (issue 27): a plan picked from the list, the registry cleared and the plan picked again, then a registry typed and looked up',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      ev('xstate.done.actor.contractTypes'),
      ev('DESTINATION_PLAN_CHOSEN'),
      ev('DESTINATION_REGISTRY_CHANGED', 1),
      ev('DESTINATION_PLAN_CHOSEN'),
      ev('DESTINATION_REGISTRY_CHANGED', 0),
      DEBOUNCE,
      ev('xstate.done.actor.destinationPlan'),
      NEXT,
    ],
  },
  {
    name: 'step 4: a blank dependent is refused and discarded, a valid one added and removed',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      ev('DEPENDENT_ADD'),
      ev('DEPENDENT_CONFIRM'),
      ev('DEPENDENT_DISCARD'),
      ev('DEPENDENT_ADD'),
      ev('DEPENDENT_CHANGED', 0),
      ev('DEPENDENT_CHANGED', 1),
      ev('DEPENDENT_CHANGED', 2),
      ev('DEPENDENT_CHANGED', 5),
      ev('DEPENDENT_CONFIRM'),
      ev('DEPENDENT_REMOVE'),
    ],
  },
  {
    name: 'step 4: a dependent with an invalid CPF is never dropped: NEXT shows its message, the row is open again after PREVIOUS, fixed and kept',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      ev('DEPENDENT_ADD'),
      ev('DEPENDENT_CHANGED', 0),
      ev('DEPENDENT_CHANGED', 1),
      ev('DEPENDENT_CHANGED', 2),
      ev('DEPENDENT_CHANGED', 3),
      NEXT,
      PREVIOUS,
      NEXT,
      ev('DEPENDENT_CHANGED', 4),
      NEXT,
      // Issue 27 item 7: the relationship is required too; chosen, the row is kept.
      ev('DEPENDENT_CHANGED', 5),
      NEXT,
    ],
  },
  {
    name: 'step 5: a file before any type, an empty and a too large file refused, one previewed and removed, one lost on reload',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      rg,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      empty,
      big,
      rg,
      ev('ATTACHMENT_PREVIEW'),
      ev('PREVIEW_CLOSED'),
      ev('ATTACHMENT_REMOVE'),
      foto,
      ev('ATTACHMENTS_LOST'),
    ],
  },
  {
    name: "step 5: SPEC's 10 MB at the byte — a PDF of exactly 10,485,760 bytes is listed, one of 10,485,761 refused",
    start: filledStart,
    events: [...toDocuments, ev('xstate.done.actor.documentTypes'), ev('DOCUMENT_TYPE_CHOSEN'), ev('FILE_CHOSEN', 6), big],
  },
  {
    name: 'step 5 (issue 27): a large phone photo is shrunk and listed with its sizes, an iPhone photo the browser cannot read is refused saying how to send it',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      phonePhoto,
      ev('xstate.done.actor.prepareFile'),
      iphonePhoto,
      ev('xstate.error.actor.prepareFile'),
    ],
  },
  {
    name: 'sending (issue 27): the screen stays awake; a glance at another app changes nothing, an upload that fails while the page is hidden is sent again once it is visible',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      rg,
      NEXT,
      SUBMIT,
      ev('xstate.done.actor.saveRequest'),
      HIDDEN,
      VISIBLE,
      HIDDEN,
      ev('xstate.error.actor.uploadDocument'),
      VISIBLE,
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
      ev('PROTOCOL_MODAL_CONFIRMED'),
    ],
  },
  {
    name: 'step 5 with no documents: the warning, back to attach, then sent without them after the review',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      NEXT,
      ev('NO_DOCUMENTS_CANCELLED'),
      NEXT,
      ev('DOCUMENTS_SKIPPED'),
      SUBMIT,
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.done.actor.acceptance'),
    ],
  },
  {
    name: "the review (issue 27 item 7): 'Alterar' opens each section's step, whose 'Próximo' (after 'Anterior', or once refused) comes back to the review",
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      rg,
      NEXT,
      EDIT_HOLDER,
      ev('FIELD_CHANGED', 0),
      NEXT,
      ev('FIELD_CHANGED', 1),
      NEXT,
      EDIT_ORIGIN,
      PREVIOUS,
      NEXT,
      EDIT_ORIGIN,
      NEXT,
      EDIT_DESTINATION,
      NEXT,
      EDIT_DEPENDENTS,
      ev('DEPENDENT_ADD'),
      ev('DEPENDENT_CHANGED', 0),
      NEXT,
      ev('DEPENDENT_CHANGED', 5),
      ev('DEPENDENT_CHANGED', 1),
      ev('DEPENDENT_CHANGED', 2),
      NEXT,
      EDIT_DOCUMENTS,
      foto,
      NEXT,
    ],
  },
  {
    name: "a second request for the same CPF and ANS protocol (issue 27 item 6): the warning, 'Voltar' keeps everything, then 'Acompanhar minha solicitação' opens the tracking",
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      NEXT,
      ev('DOCUMENTS_SKIPPED'),
      SUBMIT,
      OPEN_REQUEST_REFUSED,
      ev('DUPLICATE_BACK'),
      NEXT,
      ev('DOCUMENTS_SKIPPED'),
      SUBMIT,
      OPEN_REQUEST_REFUSED,
      ev('DUPLICATE_TRACK'),
    ],
  },
  {
    name: 'the full filing: two documents uploaded, the acceptance document opened',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      rg,
      foto,
      NEXT,
      SUBMIT,
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.uploadDocument'),
      ev('xstate.done.actor.acceptance'),
      ev('PROTOCOL_MODAL_CONFIRMED'),
    ],
  },
  {
    name: 'every submit failure and its retry: save, upload twice, the refused file removed, the acceptance failing',
    start: filledStart,
    events: [
      NEXT,
      NEXT,
      NEXT,
      NEXT,
      ev('xstate.done.actor.documentTypes'),
      ev('DOCUMENT_TYPE_CHOSEN'),
      rg,
      NEXT,
      ev('REVIEW_CANCELLED'),
      NEXT,
      SUBMIT,
      ev('xstate.error.actor.saveRequest'),
      NEXT,
      SUBMIT,
      ev('xstate.done.actor.saveRequest'),
      ev('xstate.error.actor.uploadDocument'),
      NEXT,
      ev('xstate.error.actor.uploadDocument'),
      ev('ATTACHMENT_REMOVE'),
      NEXT,
      ev('xstate.error.actor.acceptance'),
      ev('PROTOCOL_MODAL_CONFIRMED'),
    ],
  },
];

/** A region's abstract state: the value and what its abstraction keeps of the context. */
const keyBy = (abstract: (c: WizardContext) => unknown) => (s: Keyed) =>
  JSON.stringify({ v: s.value, c: abstract(s.context as WizardContext) });
/** The key of a region's edges: its coarser abstraction when it has one. */
const regionKey = (region: Region) => keyBy(region.edges ?? region.abstract);

/**
 * The abstract graph of each region, explored from its prefix by the region's own abstraction,
 * its edges keyed by the coarser one (`edges`); `filterEvents` keeps only some events (the
 * browser tier: what a user can do on the screen).
 */
function exploreRegions(model: PathModel<M>, filterEvents?: (snapshot: Snap, event: WizardPathEvent) => boolean): EdgeSpace[] {
  const stepper = makeStepper(model.machine);
  return wizardRegions.map((region) => {
    const began = Date.now();
    let from = stepper.initial(region.start.input).next;
    for (const event of region.prefix) from = stepper.step(from, event).next;
    const space = exploreSpace(
      model.machine,
      {
        name: region.name,
        start: region.start.name,
        prefix: region.prefix,
        key: regionKey(region),
        traverse: keyBy(region.abstract),
        options: { events: region.events, fromState: from, stopWhen: region.stopWhen, filterEvents },
      },
      labelOf(model),
      (snapshot, event) => stepper.step(snapshot, event).taken,
    );
    if (process.env.WIZARD_PATHS_TIMING) console.log(region.name, space.steps.length, 'steps', Date.now() - began, 'ms');
    return space;
  });
}

function wizardEdgeSpaces(model: PathModel<M>): EdgeSpace[] {
  return exploreRegions(model);
}

export interface WizardPathOptions {
  /** The model to explore (default: wizardModel; a mutant's model in the mutation tests). */
  model?: typeof wizardModel;
  /** Keeps only the events that make sense in a snapshot (e.g. what a user can do on the screen). */
  filterEvents?: (snapshot: Snap, event: WizardPathEvent) => boolean;
  /**
   * The abstract graph's edges the kept paths must cover, when they are known without exploring
   * (a browser process reads them from the run's cache: paths-cache.ts). Default: explored here.
   */
  edges?: readonly EdgeSpace[];
}

/** For each definition transition, the shortest (start, events) that takes it, over all regions. */
export function generateWizardPaths(options: WizardPathOptions = {}): MachinePath<M>[] {
  const model = options.model ?? wizardModel;
  const stepper = makeStepper(model.machine);
  const best = new Map<string, { start: Start<M>; events: WizardPathEvent[] }>();
  const offer = (key: string, start: Start<M>, events: WizardPathEvent[]) => {
    const current = best.get(key);
    if (!current || current.events.length > events.length) best.set(key, { start, events });
  };
  const starts = new Map([blankStart, filledStart].map((s) => [s.name, s]));
  for (const region of wizardRegions) {
    let from = stepper.initial(region.start.input);
    for (const key of from.taken) offer(key, region.start, []);
    region.prefix.forEach((event, index) => {
      from = stepper.step(from.next, event);
      for (const key of from.taken) offer(key, region.start, region.prefix.slice(0, index + 1));
    });
  }
  // Unfiltered, the regions' exploration is the edge spaces' own (explored once, cached).
  const spaces = options.filterEvents ? exploreRegions(model, options.filterEvents) : edgeSpacesOf(model);
  for (const step of spaces.flatMap((space) => space.steps)) {
    for (const key of step.taken)
      offer(key, starts.get(step.start)!, [...(step.prefix as WizardPathEvent[]), step.event as WizardPathEvent]);
  }
  // One path per edge of each region's abstract graph (the unit tier's; the browser keeps what a user can do).
  const edges = (options.filterEvents ? [] : edgeSpacesOf(model)).flatMap((space) =>
    [...space.edges.entries()].map(([key, edge]) => ({
      name: `edge ${space.name}: ${key}`,
      start: starts.get(edge.start)!,
      events: [...(edge.prefix as WizardPathEvent[]), edge.event as WizardPathEvent],
    })),
  );
  const paths = [
    ...wizardJourneys.map((j) => replay(model, j.name, 'journey', j.start, j.events)),
    ...[...best.entries()].map(([key, p]) => replay(model, `shortest to ${key}`, 'shortest', p.start, p.events)),
    ...edges.map((e) => replay(model, e.name, 'shortest', e.start, e.events)),
  ];
  // A path that is a prefix of another (same start) tests nothing new; nor does a repeat.
  return coverEdges(model, dropPrefixes(paths), options.edges);
}
