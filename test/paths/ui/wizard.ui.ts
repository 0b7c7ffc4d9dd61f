/**
 * The new-request wizard (nova-solicitacao) in the browser tier: one gesture per event of the
 * wizard machine, one marker per leaf state, the URL of each actor's requests — all typed
 * against the machine, so a new event, state or actor does not compile until it has its
 * entry here.
 *
 * The paths are the unit tier's regions (test/paths/models/wizard.model.ts), explored with
 * `canDoOnScreen`: only what a user can do on the screen in that snapshot (a field of the
 * step shown, an option the select offers, a button that exists, nothing while a modal or
 * the lookup's timer is running, a lookup answered only as the reference server answers that
 * registry). Every `done` answer is the reference server's: its contract and document types
 * and destination plans (the fixtures are its reference data), a request really saved, its
 * documents really uploaded, its acceptance document really generated. Only failures are
 * injected: `error` is HTTP 500 and the retries.
 * The "filled form" start restores the tab's snapshot (src/flows/wizard/wizard-persistence.ts)
 * with steps 1–3 filled, as a reload would, so deep paths do not retype everything.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { createActor, type AnyMachineSnapshot, type InputFrom } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import type { StepId, TextField, WizardContext } from '../../../machines/wizard.types';
import { CEP_ADDRESSES, DESTINATION_PLANS } from '../../../server/seed/reference-data.ts';
import { CEP_NOTES } from '../../../src/views/nova-solicitacao/cep-note';
import { PLAN_SEARCH_LABEL, foldForSearch } from '../../../src/views/nova-solicitacao/plan-matches';
import { groupInFours } from '../../../src/ui/protocol-groups';
import { seedSession } from '../../e2e/support/session';
import { FILE_REFUSAL_REASON, wizardFixtures, type M, type WizardPathEvent } from '../../machines/wizard.fixtures';
import type { BrowserModel, Gestures, Markers, Network } from '../framework/browser';
import { makeStepper, replay, type MachinePath } from '../framework/model';
import { sharedEdgeSpaces } from '../framework/paths-cache';
import { activeLeafPaths } from '../framework/universe';
import { generateWizardPaths, isFileRefused, isOpenRequestRefused, wizardModel } from '../models/wizard.model';
import { fileAnotherRequest, uniqueIds } from '../../e2e/support/portal';
import { cancelHeldPreparation, holdDecoderFor, isHeic, notePick } from './decoder-hold';
import { photoBytes } from './photo-files';

const API = '/wslinhafrente/v1/';
/** src/flows/wizard/wizard-persistence.ts WIZARD_SNAPSHOT_KEY */
const SNAPSHOT_KEY = 'portabilidade.wizard.v1';
const SEEDED_KEY = 'paths.wizard.seeded';

/* ----------------------------------------------------------------- what the screen offers */

/** The step each plain field is typed in (a new field fails to compile until it has one). */
const FIELD_STEP = {
  nome: 'dadosPessoais',
  nm_mae: 'dadosPessoais',
  dt_nascimento: 'dadosPessoais',
  cpf: 'dadosPessoais',
  celular: 'dadosPessoais',
  email: 'dadosPessoais',
  cd_cep: 'dadosPessoais',
  ds_uf: 'dadosPessoais',
  ds_cidade: 'dadosPessoais',
  ds_endereco: 'dadosPessoais',
  nu_endereco: 'dadosPessoais',
  ds_bairro: 'dadosPessoais',
  ds_complemento: 'dadosPessoais',
  ops_origem: 'planoOrigem',
  nu_ans_ops_origem: 'planoOrigem',
  plano_origem: 'planoOrigem',
  nu_ans_plano_origem: 'planoOrigem',
  area_plano: 'planoOrigem',
  dt_inicio: 'planoOrigem',
  tp_contrato_origem: 'planoOrigem',
  tp_contrato_destino: 'planoDestino',
} as const satisfies Record<TextField, StepId>;

const MASKED = new Set<string>(['dt_nascimento', 'cpf', 'celular', 'cd_cep', 'dt_inicio', 'dt_nasc']);
const SELECTS = new Set<string>(['tp_contrato_origem', 'tp_contrato_destino']);

type Snap = AnyMachineSnapshot;
const PLANS = new Map<string, string>(DESTINATION_PLANS);
/** What the reference server answers for a CEP (null: `{ erro: true }`), as the lookup hands it on. */
const ADDRESSES = new Map(CEP_ADDRESSES.map(([cep, logradouro, bairro, localidade, uf]) => [cep, { logradouro, bairro, localidade, uf }]));
const serverAddress = (cep: string) => ADDRESSES.get(cep) ?? null;
const leafOf = (snapshot: Snap) => activeLeafPaths(snapshot.value)[0] ?? '';

/**
 * Whether a user can send this event on the screen the snapshot shows (or, for answers and
 * timers, whether the page can be in lockstep with it). The machine decides the rest.
 */
export function canDoOnScreen(snapshot: Snap, event: WizardPathEvent): boolean {
  const c = snapshot.context as WizardContext;
  const leaf = leafOf(snapshot);
  const step = leaf.startsWith('editing.') ? leaf.split('.')[1] : undefined;
  const saved = c.saved !== null;
  // The debounce fires 400 ms after the last keystroke: nothing else happens in between.
  if (leaf === 'editing.planoDestino.debouncing') return event.type.startsWith('xstate.after.');
  // The lookup answers what the reference server knows of the registry typed.
  if (event.type === 'xstate.done.actor.destinationPlan') return event.output === (PLANS.get(c.form.nu_ans_plano_destino) ?? '');
  if (event.type === 'xstate.done.actor.cepAddress') return JSON.stringify(event.output) === JSON.stringify(serverAddress(c.form.cd_cep));
  // The page prepares the photo itself: it shrinks the phone photo, and cannot read the fake HEIC.
  if (event.type === 'xstate.done.actor.prepareFile') return c.preparing?.id === event.output.id;
  if (event.type === 'xstate.error.actor.prepareFile') return c.preparing !== null && isHeic(c.preparing.name);
  // 'Cancelar' while an iPhone photo is prepared: the page is kept preparing by holding the
  // decoder's download (see holdDecoder), which only the iPhone photo needs.
  if (event.type === 'PREPARATION_CANCELLED') return leaf === 'editing.documentos.preparing' && isHeic(c.preparing?.name ?? '');
  // A photo being prepared: the step's controls are disabled until it is listed or refused.
  if (leaf === 'editing.documentos.preparing') return false;
  if (event.type.startsWith('xstate.')) return true;
  // A hidden page (screen locked, another app in front) takes no gesture: it can only come back.
  if (c.pageHidden) return event.type === 'PAGE_VISIBLE';
  // The CEP lookup is held until the path answers it: the page stays in lockstep with the machine.
  if (leaf === 'editing.dadosPessoais.lookingUpCep') return false;
  // The lookup is held: the overlay covers the screen until it answers.
  if (leaf === 'editing.planoDestino.lookingUp') return false;
  // A modal (native <dialog>) makes the rest of the page inert.
  const modal = [
    'editing.planoDestino.hrModal',
    'editing.documentos.previewing',
    'editing.documentos.noDocumentsWarning',
    'editing.documentos.reviewing',
    'editing.documentos.duplicateWarning',
  ].includes(leaf);
  const e = event as Exclude<WizardPathEvent, { type: `xstate.${string}` }>;
  switch (e.type) {
    case 'NEXT':
    case 'PREVIOUS':
      return step !== undefined && !modal;
    case 'FIELD_CHANGED':
      return step === FIELD_STEP[e.field] && !modal && !saved && !(e.field === 'cpf' && c.form.sem_cpf) && c.form[e.field] !== e.value;
    case 'NO_CPF_TOGGLED':
      return step === 'dadosPessoais' && !saved && c.form.sem_cpf !== e.checked;
    case 'EMAIL_REPLIES_TOGGLED':
      return step === 'dadosPessoais' && !saved && c.form.fl_aceita_email !== e.checked;
    case 'SMS_REPLIES_TOGGLED':
      return step === 'dadosPessoais' && !saved && c.form.fl_aceita_sms !== e.checked;
    case 'DESTINATION_REGISTRY_CHANGED':
      return leaf === 'editing.planoDestino.idle' && !saved && c.form.nu_ans_plano_destino !== e.value;
    // A plan the list offers (the reference server's), picked while no lookup runs.
    case 'DESTINATION_PLAN_CHOSEN':
      return (
        leaf === 'editing.planoDestino.idle' &&
        !saved &&
        c.form.nu_ans_plano_destino !== e.registroAns &&
        PLANS.get(e.registroAns) === e.nmPlano
      );
    case 'CONTRACT_TYPE_CHOSEN':
      return (
        leaf === 'editing.planoDestino.idle' &&
        !saved &&
        c.form.tp_port_destino !== e.value &&
        (e.value === '' || c.contractTypes.some((option) => option.value.toUpperCase() === e.value))
      );
    case 'HR_MODAL_CONFIRMED':
      return leaf === 'editing.planoDestino.hrModal';
    case 'DEPENDENT_ADD':
      return leaf === 'editing.dependentes.listing' && !saved;
    case 'DEPENDENT_CHANGED':
      return leaf === 'editing.dependentes.editingRow' && c.draft !== null && c.draft[e.field] !== e.value;
    case 'DEPENDENT_CONFIRM':
    case 'DEPENDENT_DISCARD':
      return leaf === 'editing.dependentes.editingRow';
    case 'DEPENDENT_REMOVE':
      // Rows are in id order: the gesture removes the first row, so only the smallest id.
      return step === 'dependentes' && !saved && c.dependents[0]?.id === e.id;
    case 'DOCUMENT_TYPE_CHOSEN':
      return (
        leaf === 'editing.documentos.idle' &&
        c.documentType !== e.cdTipoDocumento &&
        (e.cdTipoDocumento === '' || c.documentTypes.some((type) => String(type.cdTipoDocumento) === e.cdTipoDocumento))
      );
    case 'FILE_CHOSEN':
      // Each pick is a new file with a new id in the page.
      return leaf === 'editing.documentos.idle' && !c.attachments.some((a) => a.id === e.file.id);
    case 'ATTACHMENT_REMOVE':
      return leaf === 'editing.documentos.idle' && c.attachments.some((a) => a.id === e.id && !a.uploaded);
    case 'ATTACHMENT_PREVIEW':
      return leaf === 'editing.documentos.idle' && c.attachments.some((a) => a.id === e.id);
    case 'PREVIEW_CLOSED':
      return leaf === 'editing.documentos.previewing';
    case 'ATTACHMENTS_LOST':
      // A reload that finds these files no longer kept (the others still are).
      return (
        leaf === 'editing.documentos.idle' && e.ids.length > 0 && e.ids.every((id) => c.attachments.some((a) => a.id === id && !a.uploaded))
      );
    case 'PREPARATION_CANCELLED':
      return false; // only while a photo is prepared: decided above
    case 'PROTOCOL_MODAL_CONFIRMED':
      return leaf === 'protocolModal';
    // Only where it matters (step 5 and the sending), so the paths stay few.
    case 'PAGE_HIDDEN':
      return (step === 'documentos' || leaf.startsWith('submitting.')) && !modal;
    case 'PAGE_VISIBLE':
      return false;
    case 'DOCUMENTS_SKIPPED':
    case 'NO_DOCUMENTS_CANCELLED':
      return leaf === 'editing.documentos.noDocumentsWarning';
    case 'SUBMIT_CONFIRMED':
    case 'REVIEW_CANCELLED':
      return leaf === 'editing.documentos.reviewing';
    case 'REVIEW_EDIT_REQUESTED':
      return leaf === 'editing.documentos.reviewing' && !saved;
    case 'DUPLICATE_TRACK':
    case 'DUPLICATE_BACK':
      return leaf === 'editing.documentos.duplicateWarning';
    case 'KEEP_ON_DEVICE_TOGGLED':
      return step !== undefined && !modal && c.keepOnDevice !== e.checked;
    // Back on step 1 (its guard entry) or a menu item, from the first two steps (their lists need no answer again).
    case 'LEAVE_REQUESTED':
      return !modal && (leaf === 'editing.dadosPessoais.idle' || (e.via === 'menu' && leaf === 'editing.planoOrigem'));
    case 'LEAVE_CONFIRMED':
    case 'LEAVE_DISCARDED':
    case 'LEAVE_CANCELLED':
      return leaf === 'leaveConfirm';
  }
}

/**
 * The reference lists (contract types, document types) are asked for when their step opens
 * and cover the screen until they answer: in the browser their answer comes right after the
 * step opens, before the user can act. The machine reaches the same states.
 */
const REFERENCE: ReadonlyArray<{ src: string; step: string }> = [
  { src: 'contractTypes', step: 'planoDestino' },
  { src: 'documentTypes', step: 'documentos' },
];

function hoistReferenceAnswers(path: MachinePath<M>): MachinePath<M> {
  const inStep = (value: unknown, step: string) => JSON.stringify(value ?? null).includes(`"${step}"`);
  const events = [...path.events];
  for (const { src, step } of REFERENCE) {
    const isAnswer = (e: WizardPathEvent) => e.type === `xstate.done.actor.${src}` || e.type === `xstate.error.actor.${src}`;
    for (let i = 0; i < events.length; i += 1) {
      if (!isAnswer(events[i]!)) continue;
      const values = replay(wizardModel, path.name, path.kind, path.start, events.slice(0, i));
      const states = [values.initial, ...values.expected];
      // The step was entered at event k (states[k + 1] in the step, states[k] not).
      let k = i - 1;
      while (k >= 0 && inStep(states[k], step)) k -= 1;
      const [answer] = events.splice(i, 1);
      events.splice(k + 1, 0, answer!);
    }
  }
  return replay(wizardModel, path.name, path.kind, path.start, events);
}

/** Nothing can follow a modal's OK that leaves the screen, nor leaving it (home is another page). */
function endsWhereTheScreenLeaves(path: MachinePath<M>): boolean {
  const last = path.events.findIndex(
    (e, i) => e.type === 'HR_MODAL_CONFIRMED' || e.type === 'PROTOCOL_MODAL_CONFIRMED' || path.expected[i] === 'left',
  );
  return last < 0 || last === path.events.length - 1;
}

/** The journeys are hand-written: each step must be something the screen lets a user do. */
function assertOnScreen(path: MachinePath<M>): void {
  const stepper = makeStepper(wizardMachine);
  let snapshot = stepper.initial(path.start.input).next;
  path.events.forEach((event, index) => {
    if (!canDoOnScreen(snapshot, event))
      throw new Error(
        `wizard: "${path.name}" step ${index + 1} (${event.type}) cannot be done on the screen in ${JSON.stringify(snapshot.value)}`,
      );
    snapshot = stepper.step(snapshot, event).next;
  });
}

export function wizardBrowserPaths(): MachinePath<M>[] {
  const paths = generateWizardPaths({ filterEvents: canDoOnScreen, edges: sharedEdgeSpaces(wizardModel) });
  paths.filter((p) => p.kind === 'journey').forEach(assertOnScreen);
  const playable = paths.map(hoistReferenceAnswers);
  const stray = playable.filter((p) => !endsWhereTheScreenLeaves(p));
  if (stray.length) throw new Error(`wizard: paths go on after leaving the screen: ${stray.map((p) => p.name).join(', ')}`);
  return playable;
}

/* ----------------------------------------------------------------- gestures */

/** A 1-page PDF and a 1×1 PNG, small and valid, padded to the size a fixture names. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function fileBytes(page: Page, size: number, mimeType: string): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const photo = await photoBytes(page, size, mimeType);
  if (photo) return photo;
  const head = mimeType === 'image/png' ? PNG : PDF;
  return size <= head.length ? head.subarray(0, size) : Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** The file name of a fixture's attachment id (the page gives each pick its own id). */
const FILE_NAMES = new Map<string, string>(wizardFixtures.FILE_CHOSEN.map((e) => [e.file.id, e.file.name]));
const fileName = (id: string) => {
  const name = FILE_NAMES.get(id);
  if (!name) throw new Error(`no FILE_CHOSEN fixture with id ${id}`);
  return name;
};

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** A file's 'Remover' or 'Visualizar': named by the file and the document it was attached as. */
const attachmentButton = (page: Page, action: 'Remover' | 'Visualizar', id: string) =>
  page.getByRole('button', { name: new RegExp(`^${action} ${fileName(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) });

/** Opens one of the wizard's dropdowns (a listbox) and clicks the option with that label. */
async function choose(page: Page, control: Locator, label: string) {
  await control.click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
}

/** The label the screen shows for an option value of a reference list the fixtures answer. */
const CONTRACT_TYPE_LABELS = new Map<string, string>(
  wizardFixtures['xstate.done.actor.contractTypes'][0].output.map((option) => [option.value, option.label]),
);
const DOCUMENT_TYPE_LABELS = new Map<string, string>(
  wizardFixtures['xstate.done.actor.documentTypes'][0].output.map((type) => [String(type.cdTipoDocumento), type.nmDocumento]),
);
const optionLabel = (labels: ReadonlyMap<string, string>, value: string) => (value === '' ? 'Selecione' : (labels.get(value) ?? value));

/** Masked fields get their digits at once, as a paste or a password manager puts them. */
async function fillField(page: Page, input: Locator, name: string, value: string) {
  // The UF and a dependent's relationship are the browser's own <select>.
  if (name === 'ds_uf' || name === 'ds_parentesco') return void (await input.selectOption(value));
  if (SELECTS.has(name)) return choose(page, input, optionLabel(new Map(), value));
  return input.fill(MASKED.has(name) ? value.replace(/\D/g, '') : value);
}

/** The review's section titles, whose 'Alterar' opens each step (issue 27 item 7). */
const REVIEW_SECTIONS: Record<StepId, string> = {
  dadosPessoais: 'Titular',
  planoOrigem: 'Plano de origem',
  planoDestino: 'Plano de destino',
  dependentes: 'Dependentes',
  documentos: 'Documentos',
};

export const wizardGestures = {
  NEXT: (page) => button(page, 'Próximo').click(),
  PREVIOUS: (page) => button(page, 'Anterior').click(),
  FIELD_CHANGED: (page, e) => fillField(page, page.locator(`#wizard-${e.field}`), e.field, e.value),
  NO_CPF_TOGGLED: (page, e) => page.getByLabel('Beneficiário não possui CPF', { exact: true }).setChecked(e.checked),
  EMAIL_REPLIES_TOGGLED: (page, e) => page.getByLabel('Desejo receber as respostas por e-mail', { exact: true }).setChecked(e.checked),
  SMS_REPLIES_TOGGLED: (page, e) => page.getByLabel('Desejo receber avisos por SMS no celular', { exact: true }).setChecked(e.checked),
  DESTINATION_REGISTRY_CHANGED: (page, e) => page.getByLabel('Registro ANS do plano de destino', { exact: true }).fill(e.value),
  // Searched by two words of its name, typed in lower case and without accents, then picked by a tap.
  DESTINATION_PLAN_CHOSEN: async (page, e) => {
    await page.getByLabel(PLAN_SEARCH_LABEL, { exact: true }).fill(foldForSearch(e.nmPlano.split(' ').slice(-2).join(' ')));
    await page.getByRole('option').filter({ hasText: e.registroAns }).click();
  },
  CONTRACT_TYPE_CHOSEN: (page, e) =>
    choose(page, page.getByLabel('Tipo de contratação', { exact: true }), optionLabel(CONTRACT_TYPE_LABELS, e.value)),
  HR_MODAL_CONFIRMED: async (page) => {
    await page.getByTestId('hr-modal').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/home\/1$/);
  },
  DEPENDENT_ADD: (page) => button(page, 'Incluir dependente').click(),
  DEPENDENT_CHANGED: (page, e) => fillField(page, page.locator(`#dependente-${e.field}`), e.field, e.value),
  DEPENDENT_CONFIRM: (page) => button(page, 'Adicionar').click(),
  DEPENDENT_DISCARD: (page) => button(page, 'Cancelar').click(),
  // The first row (see canDoOnScreen: only the smallest id is removed).
  DEPENDENT_REMOVE: (page) =>
    page
      .getByRole('button', { name: /^Remover dependente / })
      .first()
      .click(),
  DOCUMENT_TYPE_CHOSEN: (page, e) =>
    choose(page, page.getByLabel('Tipo de documento', { exact: true }), optionLabel(DOCUMENT_TYPE_LABELS, e.cdTipoDocumento)),
  FILE_CHOSEN: async (page, e) => {
    const file = { name: e.file.name, mimeType: e.file.mimeType, buffer: await fileBytes(page, e.file.size, e.file.mimeType) };
    notePick(page, e.file.name);
    const attach = button(page, 'Anexar arquivo');
    if (await attach.isEnabled()) {
      const chooser = page.waitForEvent('filechooser');
      await attach.click();
      await (await chooser).setFiles(file);
    } else {
      // No document type yet: the button is disabled; a file reaching the input anyway is let go.
      await page.locator('#wizard-arquivo').setInputFiles(file);
    }
  },
  PREPARATION_CANCELLED: (page) => cancelHeldPreparation(page, () => page.getByRole('button', { name: /^Cancelar o preparo de / }).click()),
  ATTACHMENT_REMOVE: (page, e) => attachmentButton(page, 'Remover', e.id).click(),
  ATTACHMENT_PREVIEW: (page, e) => attachmentButton(page, 'Visualizar', e.id).click(),
  PREVIEW_CLOSED: (page) => page.getByTestId('preview-modal').getByRole('button', { name: 'Fechar visualização' }).click(),
  ATTACHMENTS_LOST: async (page, e) => {
    // How it happens: a reload, and the browser no longer keeps these files (IndexedDB),
    // while it still keeps the others.
    const lost = e.ids.map(fileName);
    await expect
      .poll(() => page.evaluate(lostAndKept, { lost, drop: false }), { message: 'every attached file kept in IndexedDB' })
      .toBe(true);
    await page.evaluate(lostAndKept, { lost, drop: true });
    await page.reload({ waitUntil: 'commit' });
  },
  PROTOCOL_MODAL_CONFIRMED: (page) => page.getByTestId('protocol-modal').getByRole('button', { name: 'OK' }).click(),
  // Only document.hidden is faked, as a locked screen sets it: react-query reads visibilityState
  // and would hold its retries until the page is back, where a frozen upload ends in a timeout.
  PAGE_HIDDEN: (page) => page.evaluate(setPageHidden, true),
  PAGE_VISIBLE: (page) => page.evaluate(setPageHidden, false),
  DOCUMENTS_SKIPPED: (page) => page.getByTestId('no-documents-modal').getByRole('button', { name: 'Continuar sem documentos' }).click(),
  NO_DOCUMENTS_CANCELLED: (page) => page.getByTestId('no-documents-modal').getByRole('button', { name: 'Anexar documentos' }).click(),
  SUBMIT_CONFIRMED: (page) => page.getByTestId('review-modal').getByRole('button', { name: 'Enviar solicitação' }).click(),
  REVIEW_CANCELLED: (page) => page.getByTestId('review-modal').getByRole('button', { name: 'Voltar e corrigir' }).click(),
  REVIEW_EDIT_REQUESTED: (page, e) =>
    page
      .getByTestId('review-modal')
      .getByRole('button', { name: `Alterar ${REVIEW_SECTIONS[e.step]}`, exact: true })
      .click(),
  DUPLICATE_TRACK: (page) => page.getByTestId('duplicate-modal').getByRole('button', { name: 'Acompanhar minha solicitação' }).click(),
  DUPLICATE_BACK: (page) => page.getByTestId('duplicate-modal').getByRole('button', { name: 'Voltar', exact: true }).click(),
  KEEP_ON_DEVICE_TOGGLED: (page, e) => page.getByLabel('Continuar depois neste aparelho', { exact: true }).setChecked(e.checked),
  // The browser's Back (step 1's entry goes back to the wizard's guard entry), or a menu item.
  LEAVE_REQUESTED: (page, e) =>
    e.via === 'back' ? page.evaluate(() => window.history.back()) : button(page, 'Acompanhar Solicitação').click(),
  LEAVE_CONFIRMED: (page) => page.getByTestId('leave-modal').getByRole('button', { name: 'Sair', exact: true }).click(),
  LEAVE_DISCARDED: (page) => page.getByTestId('leave-modal').getByRole('button', { name: 'Sair e apagar os dados', exact: true }).click(),
  LEAVE_CANCELLED: (page) => page.getByTestId('leave-modal').getByRole('button', { name: 'Continuar preenchendo' }).click(),
} satisfies Gestures<M>;

/** In the page: says the page is hidden or visible, as the browser does when the screen locks. */
function setPageHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * In the page: with `drop`, deletes the stored bytes of the attachments named `lost`;
 * without, answers whether every pending attachment of the tab's snapshot is stored.
 */
async function lostAndKept({ lost, drop }: { lost: string[]; drop: boolean }): Promise<boolean> {
  const raw = sessionStorage.getItem('portabilidade.wizard.v1');
  const attachments: Array<{ id: string; fileName: string; uploaded: boolean }> = raw ? JSON.parse(raw).context.attachments : [];
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('portabilidade-wizard', 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const store = () => db.transaction('files', drop ? 'readwrite' : 'readonly').objectStore('files');
    const ask = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const pending = attachments.filter((a) => !a.uploaded);
    if (!drop) {
      const keys = await ask(store().getAllKeys());
      return pending.every((a) => keys.includes(a.id));
    }
    for (const a of pending.filter((p) => lost.includes(p.fileName))) await ask(store().delete(a.id));
    return true;
  } finally {
    db.close();
  }
}

/* ----------------------------------------------------------------- markers */

const stepTitle = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
const cepNote = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const searching = (page: Page) => ({ visible: page.getByRole('status').filter({ hasText: 'Buscando o plano...' }) });
const overlay = (page: Page) => ({ attribute: page.getByTestId('loading-overlay'), name: 'data-visible', value: 'true' }) as const;
const submitting = (page: Page) => ({ attribute: button(page, 'Próximo'), name: 'aria-busy', value: 'true' }) as const;
/** Step 5 once the server holds the request and a document failed (SPEC §4: 'Próximo' goes on). */
const registered = (page: Page) => page.getByRole('status').filter({ hasText: 'Sua solicitação já foi registrada' });
/** While sending (issue 27). */
const keepOpen = (page: Page, what: string) => page.getByRole('status').filter({ hasText: `${what} — mantenha esta tela aberta` });
const sent = (page: Page) => page.getByRole('cell').getByText('Enviado', { exact: true });
const pending = (page: Page) => page.getByRole('button', { name: /^Remover / });

export const wizardMarkers = {
  // Under the CEP, what its last lookup did (and the address it filled); else just the step.
  'editing.dadosPessoais.idle': (page, c) =>
    c.cepLookup === 'found'
      ? { all: [{ visible: cepNote(page, CEP_NOTES.found) }, { value: page.locator('#wizard-ds_cidade'), is: c.form.ds_cidade }] }
      : { visible: c.cepLookup ? cepNote(page, CEP_NOTES[c.cepLookup]) : stepTitle(page, 'Dados Pessoais') },
  'editing.dadosPessoais.lookingUpCep': (page) => ({ visible: cepNote(page, CEP_NOTES.lookingUp) }),
  'editing.planoOrigem': (page) => ({ visible: stepTitle(page, 'Dados do Plano de Origem') }),
  // After the HR modal's OK the machine rests here, but the screen is home (goHome).
  'editing.planoDestino.idle': (page) => ({ visible: stepTitle(page, 'Dados do Plano de Destino').or(page.getByTestId('welcome')) }),
  'editing.planoDestino.debouncing': searching,
  // The request is out: the overlay covers the step too.
  'editing.planoDestino.lookingUp': (page) => ({ all: [searching(page), overlay(page)] }),
  'editing.planoDestino.hrModal': (page) => ({ visible: page.getByRole('dialog', { name: 'Prezado Cliente' }) }),
  'editing.dependentes.listing': (page, c) => ({
    visible: c.saved ? stepTitle(page, 'Dependentes') : button(page, 'Incluir dependente'),
  }),
  'editing.dependentes.editingRow': (page) => ({ visible: page.getByRole('group', { name: 'Novo dependente' }) }),
  'editing.documentos.idle': (page, c) => ({
    visible: c.lostAttachments.length
      ? page.getByRole('alert').filter({ hasText: c.lostAttachments.join(', ') })
      : c.fileAlert
        ? page.getByRole('alert').filter({ hasText: c.fileAlert })
        : stepTitle(page, 'Documentos'),
  }),
  'editing.documentos.previewing': (page) => ({ visible: page.getByTestId('preview-modal') }),
  // The page may have listed or refused the photo already: any of the three shows.
  'editing.documentos.preparing': (page) => ({
    visible: page
      .getByRole('status')
      .filter({ hasText: /^Preparando / })
      .or(page.getByRole('alert').filter({ hasText: 'HEIC' }))
      .or(page.getByRole('button', { name: /^Visualizar foto-celular/ })),
  }),
  'editing.documentos.awaitingVisibility': (page) => ({
    all: [
      { visible: page.getByRole('status').filter({ hasText: 'O envio foi interrompido' }) },
      { hidden: page.getByRole('status').filter({ hasText: "Clique em 'Próximo'" }) },
    ],
  }),
  // Issue 27 item 6: the open request is not named (the rules check no protocol shows).
  'editing.documentos.duplicateWarning': (page) => ({
    visible: page.getByRole('dialog', { name: 'Você já tem uma solicitação em andamento' }),
  }),
  'editing.documentos.noDocumentsWarning': (page) => ({ visible: page.getByRole('dialog', { name: 'Nenhum documento anexado' }) }),
  // The review lists every document to send, by name.
  'editing.documentos.reviewing': (page, c) => ({
    all: [
      { visible: page.getByRole('dialog', { name: 'Confira sua solicitação' }) },
      {
        count: page
          .getByTestId('review-modal')
          .getByRole('listitem')
          .filter({ hasText: /\.(pdf|png|jpe?g)/ }),
        is: c.attachments.length,
      },
    ],
  }),
  // Saving: nothing is registered yet.
  'submitting.saving': (page) => ({
    all: [submitting(page), { visible: keepOpen(page, 'Enviando a solicitação') }, { count: registered(page), is: 0 }],
  }),
  // Registered, and a file still to send (the ones sent say 'Enviado'); the one going out
  // shows its own progress, and no full-screen overlay covers the step (issue 14 item 6).
  'submitting.uploading': (page, c) => ({
    all: [
      submitting(page),
      {
        visible: keepOpen(
          page,
          `Enviando ${Math.min(c.attachments.filter((a) => a.uploaded || a.refused !== undefined).length + 1, c.attachments.length)} de ${c.attachments.length}`,
        ),
      },
      { count: registered(page), is: 0 },
      { count: sent(page), is: c.attachments.filter((a) => a.uploaded).length },
      { visible: pending(page) },
      {
        visible: page.getByRole('progressbar', {
          name: `Envio de ${c.attachments.find((a) => !a.uploaded && a.refused === undefined)?.fileName ?? ''}`,
        }),
      },
      { ...overlay(page), value: 'false' },
    ],
  }),
  // Every file sent: the acceptance document is being generated.
  'submitting.generatingAcceptance': (page, c) => ({
    all: [
      submitting(page),
      { visible: keepOpen(page, 'Enviando a solicitação') },
      { count: sent(page), is: c.attachments.length },
      { count: pending(page), is: 0 },
    ],
  }),
  // The protocol the reference server gave this request.
  protocolModal: (page, c) => ({
    visible: page
      .getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' })
      .filter({ hasText: groupInFours(c.saved?.nuProtocolo ?? '') }),
  }),
  leaveConfirm: (page) => ({ visible: page.getByRole('dialog', { name: 'Sair da solicitação?' }) }),
  left: (page) => ({ visible: page.getByTestId('welcome') }),
  // Home in track mode, the protocol just filed already typed (issue 14 item 7).
  finished: (page, c) => ({ value: page.getByLabel('Digite o protocolo', { exact: true }), is: c.saved?.nuProtocolo ?? '' }),
} satisfies Markers<M>;

/* ----------------------------------------------------------------- network */

export const wizardNetwork = {
  contractTypes: { url: new RegExp(`${API}portabilidade/utils/contratacao/destino`) },
  documentTypes: { url: new RegExp(`${API}portabilidade/utils/documento/list\\?`) },
  destinationPlan: { url: new RegExp(`${API}portabilidade/utils/plano/destino\\?`) },
  cepAddress: { url: new RegExp(`${API}portabilidade/utils/cep\\?`) },
  // The refusal of a second open request is the server's own (open() filed the pair first).
  saveRequest: { url: new RegExp(`${API}portabilidade$`), error: (e) => (isOpenRequestRefused(e) ? 'server' : 'fail') },
  // A refusal of the file itself is answered as the server words it (the test files are valid).
  uploadDocument: {
    url: new RegExp(`${API}portabilidade/utils/documento$`),
    error: (e) => (isFileRefused(e) ? { status: 400, body: JSON.stringify({ message: FILE_REFUSAL_REASON }) } : 'fail'),
  },
  // 'ERRO' is injected (the reference server never answers it); every other answer is the server's.
  acceptance: {
    url: new RegExp(`${API}portabilidade/utils/documento/aceite$`),
    done: (event) => ((event as { output?: unknown }).output === 'ERRO' ? { contentType: 'text/plain', body: 'ERRO' } : 'server'),
  },
  prepareFile: { local: 'the photo is shrunk (or the HEIC decoded) in the page, by a worker: no request' },
} satisfies Network<M>;

/* ----------------------------------------------------------------- the page */

export function persistedSnapshotOf(input: InputFrom<M>): string {
  const actor = createActor(wizardMachine, { input });
  actor.start();
  const persisted = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();
  return persisted;
}

export const wizardBrowser: BrowserModel<M> = {
  model: wizardModel,
  paths: wizardBrowserPaths,
  async open(page, start, path) {
    // The acceptance document opens in a new tab (openServerLink): close it, the path goes on here.
    page.context().on('page', (tab) => void tab.close());
    // One open request per CPF and ANS protocol (issue 27 item 6): each path files under an ANS
    // protocol of its own; a path refused as a second request has the pair filed first.
    const input = { ...start.input, protocoloAns: uniqueIds().protocoloAns };
    if (path.events.some(isOpenRequestRefused)) {
      await fileAnotherRequest(page.request, input.form?.cpf ?? '', input.protocoloAns);
    }
    const snapshot = input.form ? persistedSnapshotOf(input) : null;
    await seedSession(page, { protocolo: input.protocoloAns, token: 'free', cdEmpresaPlano: input.cdEmpresaPlano ?? '1' });
    await holdDecoderFor(page, path.events, { pick: 'FILE_CHOSEN', cancel: 'PREPARATION_CANCELLED' });
    await page.addInitScript(
      (session) => {
        // The filled form is this tab's snapshot, as a reload finds it; only at the first load.
        if (session.snapshot && !window.sessionStorage.getItem(session.seeded)) {
          window.sessionStorage.setItem(session.key, session.snapshot);
          window.sessionStorage.setItem(session.seeded, '1');
        }
      },
      { snapshot, key: SNAPSHOT_KEY, seeded: SEEDED_KEY },
    );
    await page.goto('/#/nova-solicitacao', { waitUntil: 'commit' });
  },
  gestures: wizardGestures,
  markers: wizardMarkers,
  network: wizardNetwork,
};
