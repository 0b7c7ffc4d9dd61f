/**
 * The tracking screen (acompanhamento) in the browser tier, against the reference server:
 * each path opens a request filed through the API and moved by the backoffice command to the
 * status its first answer names (test/machines/tracking.model.ts `TRACKINGS`), with the login
 * where that status asks for it; every `done` answer is then the server's (a reload finds the
 * answer the server recorded; an expired access gets the restricted answer from the server
 * itself). Only failures are injected: HTTP 500 (and the retries) for `error`, and two `done`
 * answers the server never gives: an 'ERRO' acceptance and a term with a javascript: link.
 */
import type { Page, Request } from '@playwright/test';
import { choiceLabel, welcomeTitle } from '../../../machines/tracking.helpers';
import { MESSAGES, TEXT, type TrackingInfo, type trackingMachine } from '../../../machines/tracking.machine';
import { READING, WITHDRAWAL } from '../../../machines/tracking.terms-and-withdrawal';
import { ANNOUNCED } from '../../e2e/support/portal';
import { seedSession } from '../../e2e/support/session';
import { INPUT, PENDING, PENDING_BYTES, PENDING_FILES, TRACKINGS, UNSAFE_TERM } from '../../machines/tracking.fixtures';
import { PENDING_TEXT } from '../../../machines/tracking.pending';
import { TERMS, trackingModel } from '../../machines/tracking.model';
import type { BrowserModel, Fulfil, Gestures, Markers, Network } from '../framework/browser';
import type { MachinePath } from '../framework/model';
import type { PathEvent } from '../framework/types';
import { cancelHeldPreparation, holdDecoderFor, notePick, type PhotoEvents } from './decoder-hold';
import { photoBytes } from './photo-files';
import { runBackofficeCommandLine } from './backoffice-in-process';
import { serverRequest, type RequestNeed } from './reference-server';

type M = typeof trackingMachine;

const API = '/wslinhafrente/v1/';
const overlay = (page: Page) => ({ attribute: page.getByTestId('loading-overlay'), name: 'data-visible', value: 'true' }) as const;
const panel = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
// 'Estou ciente' is a native checkbox; the type 1 options are ARIA radios (src/ui/choice-group.tsx).
const checked = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator(':checked, [aria-checked="true"]'));
const unchecked = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator(':not(:checked):not([aria-checked="true"])'));
const recorded = (page: Page, text: string) => page.getByTestId('acknowledgement-recorded').filter({ hasText: text });
// The model's terms carry the server's names: the gesture signs the server's term of that name.
const termName = (cdFileDocumento: number) => [...TERMS, UNSAFE_TERM].find((t) => t.cdFileDocumento === cdFileDocumento)!.documento;
// The tampered term's link is refused by the app (no request); the server's terms are served.
const linkOfTerm = (cdFileDocumento: number) => (cdFileDocumento === UNSAFE_TERM.cdFileDocumento ? UNSAFE_TERM.linkUrl : '/arquivos/');
/** "Desistir desta solicitação?" */
const withdrawConfirmation = (page: Page) => page.getByRole('dialog', { name: WITHDRAWAL.title });

export const trackingGestures = {
  RETRY: (page) => page.getByRole('button', { name: 'Tentar novamente' }).click(),
  // The panel's 'Retornar' / 'Sair' when there is one; else (still loading) a menu item, by
  // keyboard, since the loading overlay stops the pointer but not the keyboard.
  RETURN: async (page) => {
    const button = page.getByRole('button', { name: /^(Retornar|Sair)$/ }).first();
    if (await button.isVisible()) await button.click();
    else await page.getByRole('navigation').getByRole('button', { name: 'Acompanhar Solicitação' }).press('Enter');
  },
  END_SESSION: (page) => page.getByRole('button', { name: MESSAGES.endSession }).press('Enter'),
  VIEW_DOCUMENT: (page) =>
    page
      .getByRole('button', { name: /^Visualizar/ })
      .first()
      .click(),
  AGREE: (page) => page.getByLabel(TEXT.agree, { exact: true }).click(),
  DECLINE: (page) => page.getByLabel(TEXT.decline, { exact: true }).click(),
  ACKNOWLEDGE: (page) => page.getByLabel(TEXT.aware, { exact: true }).click(),
  // 'Estou ciente' ticked and not sent: the same box, unticked.
  UNACKNOWLEDGE: (page) => page.getByLabel(TEXT.aware, { exact: true }).click(),
  SEND_CONFIRMED: (page) => sendConfirmation(page).getByRole('button', { name: MESSAGES.sendButton, exact: true }).click(),
  SEND_CANCELLED: (page) => sendConfirmation(page).getByRole('button', { name: MESSAGES.sendBack, exact: true }).click(),
  LEAVE_CONFIRMED: (page) =>
    leaveConfirmation(page)
      .getByRole('button', { name: new RegExp(`^(${MESSAGES.leaveAnyway}|${MESSAGES.endSessionAnyway})$`) })
      .click(),
  LEAVE_CANCELLED: (page) => leaveConfirmation(page).getByRole('button', { name: MESSAGES.leaveStay, exact: true }).click(),
  // 'Abrir' opens the term in a new tab: the server records the reading when it serves it,
  // so the gesture waits for that request to be answered before the path goes on.
  OPEN_TERM: async (page, event) => {
    const button = page.getByRole('button', { name: new RegExp(`^${READING.open(termName(event.cdFileDocumento))}`) });
    const served = /^https?:/.test(linkOfTerm(event.cdFileDocumento)) || linkOfTerm(event.cdFileDocumento).startsWith('/');
    const file = served ? page.context().waitForEvent('response', (r) => r.url().includes('/arquivos/')) : null;
    await button.click();
    await file;
  },
  SIGN_DOCUMENT: (page, event) => page.getByRole('checkbox', { name: `${READING.accept}: ${termName(event.cdFileDocumento)}` }).click(),
  WITHDRAW: (page) => page.getByRole('button', { name: WITHDRAWAL.button }).click(),
  WITHDRAW_CONFIRMED: (page) => withdrawConfirmation(page).getByRole('button', { name: WITHDRAWAL.confirm, exact: true }).click(),
  WITHDRAW_CANCELLED: (page) => withdrawConfirmation(page).getByRole('button', { name: WITHDRAWAL.back, exact: true }).click(),
  FINALIZE: (page) => page.getByRole('button', { name: 'Finalizar' }).click(),
  // The phone's tab or app switch, as the page sees it: hidden, then shown `awayMs` later (the
  // page's clock moved on by that much while it was hidden).
  SCREEN_SHOWN_AGAIN: (page, event) =>
    page.evaluate((awayMs) => {
      const setVisibility = (state: DocumentVisibilityState) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      setVisibility('hidden');
      const realNow = Date.now;
      Date.now = () => realNow() + awayMs;
      try {
        setVisibility('visible');
      } finally {
        Date.now = realNow;
      }
    }, event.awayMs),
  // Beside the first list the screen could not load (each names its list for screen readers).
  RELOAD_LISTS: (page) =>
    page
      .getByRole('button', { name: new RegExp(`^${MESSAGES.reloadLists} `) })
      .first()
      .click(),
  CLOSE_MODAL: (page) => page.getByRole('dialog').getByRole('button').first().click(),
  LOG_IN_AGAIN: (page) => page.getByRole('button', { name: 'Fazer login' }).click(),
  // Status 2: the row's hidden file input takes the file (its button opens the device's picker).
  PENDING_FILE_CHOSEN: async (page, event) => {
    const buffer = (await photoBytes(page, event.file.size, event.file.mimeType)) ?? bytesOf(event.file.id);
    notePick(page, event.file.name);
    await page
      .getByLabel(PENDING_TEXT.fileLabel(pendingName(event.cdTipoDocumento)), { exact: true })
      .setInputFiles({ name: event.file.name, mimeType: event.file.mimeType, buffer });
  },
  PENDING_FILE_SEND: (page) =>
    chosenFile(page)
      .getByRole('button', { name: new RegExp(`^(${PENDING_TEXT.send}|${PENDING_TEXT.retry}): `) })
      .click(),
  PENDING_FILE_REMOVED: (page) =>
    chosenFile(page)
      .getByRole('button', { name: new RegExp(`^${PENDING_TEXT.remove} `) })
      .click(),
  PENDING_PREPARATION_CANCELLED: (page) =>
    cancelHeldPreparation(page, () => page.getByRole('button', { name: /^Cancelar o preparo de / }).click()),
  PENDING_SEND_CANCELLED: (page) =>
    chosenFile(page)
      .getByRole('button', { name: new RegExp(`^${PENDING_TEXT.cancelSend} `) })
      .click(),
} satisfies Gestures<M>;

/** Status 2's pick of a file and cancel of a photo's preparation (test/paths/ui/decoder-hold.ts). */
const PHOTO_EVENTS: PhotoEvents = { pick: 'PENDING_FILE_CHOSEN', cancel: 'PENDING_PREPARATION_CANCELLED' };

/** Status 2: the pending type's name (its row), and the bytes of each file the paths choose. */
const pendingName = (cdTipoDocumento: number) => PENDING.find((p) => p.cdTipoDocumento === cdTipoDocumento)!.nmDocumento;
const bytesOf = (id: string) =>
  id === PENDING_FILES.pdf.id ? PENDING_BYTES.pdf : id === PENDING_FILES.png.id ? PENDING_BYTES.png : PENDING_BYTES.empty;
const chosenFile = (page: Page) => page.getByTestId('pending-file');
const pendingRows = (page: Page) => page.getByTestId('pending-document');

// Pass-through states (left at once by an eventless transition) are never at rest: their
// markers are never checked; they name what the screen shows around them.
// The loads mark the screen busy (aria-busy); the overlay alone would not do, since a
// failed request elsewhere hides it while these are still pending (SPEC §4).
/** The confirmation 'Finalizar' asks for ("Enviar 'Estou de acordo'?"). */
const sendConfirmation = (page: Page, option?: string) =>
  page.getByRole('dialog', { name: option ? MESSAGES.sendTitle(option) : /^Enviar '/ });
/** "Sua escolha ainda não foi enviada", asked on leaving. */
const leaveConfirmation = (page: Page) => page.getByRole('dialog', { name: MESSAGES.leaveTitle });
/** A choice made and not sent: checked, and the panel says it was not sent. */
const unsentChoice = (page: Page, label: string) => ({
  all: [{ visible: checked(page, label) }, { visible: page.getByTestId('acknowledgement-unsent') }],
});
const busyScreen = (page: Page) => ({ visible: page.locator('[aria-busy="true"]') });
const protocolField = (page: Page) => page.getByLabel('Protocolo', { exact: true });
/** The request has not answered yet: on a first visit the four fields are still empty; on a reload they keep what was shown. */
const loadingRequest = (page: Page, c: { tracking: TrackingInfo | null }) => ({
  all: [busyScreen(page), { value: protocolField(page), is: c.tracking?.nuProtocolo ?? '' }],
});
/** The request has answered, the other reads have not all: its protocol is shown, the documents panel is not yet (CLS). */
const loadingDetails = (page: Page, c: { tracking: TrackingInfo | null }) => ({
  all: [
    busyScreen(page),
    { value: protocolField(page), is: c.tracking?.nuProtocolo ?? /\d/ },
    { hidden: page.getByRole('button', { name: /^Visualizar/ }) },
  ],
});
/** One of the other reads, whether the request has answered or not: the screen is busy and the documents panel waits. */
const loadingAlongside = (page: Page, c: { tracking: TrackingInfo | null }) => ({
  all: [
    busyScreen(page),
    { value: protocolField(page), is: c.tracking?.nuProtocolo ?? /^(\d*)$/ },
    { hidden: page.getByRole('button', { name: /^Visualizar/ }) },
  ],
});
const termsList = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 3, name: 'Termos e declarações' }) });
/** A term's box checked while its signature is out: checked, locked, not yet '(assinado)'. */
const termBeingSigned = (page: Page) =>
  termsList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { checked: true, disabled: true }) })
    .filter({ hasNotText: '(assinado)' });

export const trackingMarkers = {
  'loading.trackingData.loading': loadingRequest,
  'loading.trackingData.settled': loadingDetails,
  'loading.attachedDocuments.loading': loadingAlongside,
  'loading.attachedDocuments.settled': loadingAlongside,
  'loading.documentsToSign.loading': loadingAlongside,
  'loading.documentsToSign.settled': loadingAlongside,
  'loading.history.loading': loadingAlongside,
  'loading.history.settled': loadingAlongside,
  failed: (page) => ({ visible: page.getByRole('button', { name: 'Tentar novamente' }) }),
  loginRequired: (page) => ({ visible: page.getByRole('button', { name: 'Fazer login' }) }),
  'ready.choosingPanel': (page) => ({ visible: page.getByRole('heading', { level: 1 }) }),
  'ready.analysis': (page) => ({ visible: panel(page, 'Sua solicitação está em análise') }),
  'ready.refused': (page) => ({ visible: panel(page, MESSAGES.panelRefused) }),
  'ready.cancelled': (page) => ({ visible: panel(page, MESSAGES.panelCancelled) }),
  'ready.contractActive': (page) => ({ visible: panel(page, MESSAGES.panelContractActive) }),
  // Cancelled at the holder's request: its own title and words, not the operator's reason.
  'ready.withdrawn': (page) => ({ all: [{ visible: panel(page, WITHDRAWAL.panel) }, { visible: page.getByTestId('withdrawn-note') }] }),
  // The question, with the analysis panel still behind it.
  'withdrawal.confirming': (page) => ({
    all: [{ visible: withdrawConfirmation(page).getByText(WITHDRAWAL.consequences[1]) }, { visible: panel(page, TEXT.panelAnalysis) }],
  }),
  // On its way: the overlay over the analysis panel, nothing says it is done.
  'withdrawal.withdrawing': (page) => ({ all: [overlay(page), { visible: panel(page, TEXT.panelAnalysis) }] }),
  'ready.awaitingAcknowledgement.choosingOptions': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeOne.restoring': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeOne.undecided': (page) => ({ visible: unchecked(page, TEXT.agree) }),
  'ready.awaitingAcknowledgement.typeOne.declined': (page) => unsentChoice(page, TEXT.decline),
  'ready.awaitingAcknowledgement.typeOne.agreed': (page) => unsentChoice(page, TEXT.agree),
  'ready.awaitingAcknowledgement.typeOne.declineRecorded': (page) => ({ visible: recorded(page, "'Não aceito' foi registrada") }),
  'ready.awaitingAcknowledgement.typeOne.agreementRecorded': (page) => ({ visible: recorded(page, 'Sua concordância foi registrada') }),
  'ready.awaitingAcknowledgement.typeTwo.restoring': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeTwo.unaware': (page) => ({ visible: unchecked(page, TEXT.aware) }),
  'ready.awaitingAcknowledgement.typeTwo.aware': (page) => unsentChoice(page, TEXT.aware),
  'ready.awaitingAcknowledgement.typeTwo.awarenessRecorded': (page) => ({ visible: recorded(page, 'Sua ciência foi registrada') }),
  // 'Finalizar' asks before sending, naming the choice; leaving asks before losing it.
  'ready.awaitingAcknowledgement.confirmingSend': (page, c) => ({
    visible: sendConfirmation(page, choiceLabel(c.tracking, c.choice)),
  }),
  'ready.awaitingAcknowledgement.confirmingLeave': (page, c) => ({
    all: [
      { visible: leaveConfirmation(page).getByText(MESSAGES.leaveText(choiceLabel(c.tracking, c.choice))) },
      {
        visible: leaveConfirmation(page).getByRole('button', {
          name: c.leaving === 'END_SESSION' ? MESSAGES.endSessionAnyway : MESSAGES.leaveAnyway,
          exact: true,
        }),
      },
    ],
  }),
  // The answer is being sent: the choice made stays checked under the overlay.
  'ready.awaitingAcknowledgement.generatingAcceptance': (page, c) => ({
    all: [overlay(page), { visible: checked(page, c.choice === 'N' ? TEXT.decline : TEXT.agree).or(checked(page, TEXT.aware)) }],
  }),
  // The send had no answer: the request is read back under the overlay; the panel says neither sent nor recorded.
  'ready.awaitingAcknowledgement.checkingSend': (page, c) => ({
    all: [
      overlay(page),
      { visible: checked(page, c.choice === 'N' ? TEXT.decline : TEXT.agree).or(checked(page, TEXT.aware)) },
      { hidden: page.getByTestId('acknowledgement-unsent') },
      { hidden: page.getByTestId('acknowledgement-recorded') },
    ],
  }),
  'ready.accepted.signing': (page) => ({ visible: panel(page, 'Sua solicitação foi aceita') }),
  'ready.accepted.recordingSignature': (page) => ({ all: [overlay(page), { visible: termBeingSigned(page) }] }),
  // Recorded: the term says '(assinado)' and the screen reader heard it; the table reloads under the overlay.
  'ready.accepted.refreshingDocuments': (page) => ({
    all: [
      overlay(page),
      { count: termBeingSigned(page), is: 0 },
      { visible: page.locator(ANNOUNCED).getByText(/^Assinatura registrada: /) },
    ],
  }),
  'ready.accepted.finalizing': (page) => ({ all: [overlay(page), { count: termsList(page).getByText('(assinado)'), is: TERMS.length }] }),
  'ready.accepted.loadingOperatorName': (page) => ({
    all: [overlay(page), { count: termsList(page).getByText('(assinado)'), is: TERMS.length }],
  }),
  // Status 2: the server's list (one row per type), a chosen file with 'Enviar', its sending.
  'ready.pendingDocuments.listing': (page, c) => ({
    all: [
      { visible: page.getByRole('heading', { level: 3, name: PENDING_TEXT.heading }) },
      { count: pendingRows(page), is: c.tracking?.documentosPendentes?.length ?? 0 },
      { count: chosenFile(page), is: 0 },
    ],
  }),
  'ready.pendingDocuments.fileChosen': (page, c) => ({
    all: [
      { visible: chosenFile(page).getByText(c.pendingFile?.fileName ?? '', { exact: true }) },
      { visible: chosenFile(page).getByRole('button', { name: new RegExp(`^(${PENDING_TEXT.send}|${PENDING_TEXT.retry}): `) }) },
    ],
  }),
  'ready.pendingDocuments.sending': (page) => ({ visible: chosenFile(page).getByText(PENDING_TEXT.sending) }),
  // A photo being prepared: said in its row, with 'Cancelar'; no other file can be chosen meanwhile.
  'ready.pendingDocuments.preparing': (page, c) => ({
    all: [
      { visible: page.getByRole('status').filter({ hasText: `Preparando ${c.pendingPreparing?.file.name ?? ''}` }) },
      { visible: page.getByRole('button', { name: `Cancelar o preparo de ${c.pendingPreparing?.file.name ?? ''}`, exact: true }) },
      { disabled: page.getByRole('button', { name: new RegExp(`^(${PENDING_TEXT.choose}|${PENDING_TEXT.chooseAnother}) para `) }) },
    ],
  }),
  avisoModal: (page) => ({ visible: page.getByRole('dialog', { name: TEXT.avisoTitle }) }),
  // The operator's name as the server answered it (key 65).
  bemvindoModal: (page, c) => ({ visible: page.getByRole('dialog', { name: welcomeTitle(c.operatorName) }) }),
  exited: (page) => ({ visible: page.getByTestId('welcome') }),
} satisfies Markers<M>;

/** What the page sent: an agreement (or awareness), or a decline. */
const sentAgreement = (request: Request) => (JSON.parse(request.postData() ?? '{}') as { fl_ciente?: string }).fl_ciente === 'S';
/**
 * Injected failures only: answers the reference server never gives. 'ERRO' to an agreement
 * (the model's convention, test/machines/tracking.model.ts): the same agreement is recorded by
 * another tab first, so the server holds it; to a decline, the server holds nothing.
 */
const erroAcceptance = (event: PathEvent<M>, request: Request): 'server' | Fulfil =>
  (event as { output?: unknown }).output === 'ERRO'
    ? { contentType: 'text/plain', body: 'ERRO', serverDoesIt: sentAgreement(request) }
    : 'server';
/**
 * A send without an answer (the model's convention): an agreement or awareness reaches the
 * server and its answer is lost; a decline never reaches it.
 */
const lostAgreement = (_event: PathEvent<M>, request: Request): 'lost' | 'fail' => (sentAgreement(request) ? 'lost' : 'fail');
/**
 * The operator changes the conditions (a new price) on the server just before the read-back
 * that finds them changed: then the server's own answer is that read's.
 */
const changedConditions = async (event: PathEvent<M>, request: Request): Promise<'server'> => {
  if ((event as { output?: unknown }).output === TRACKINGS.finalizeTypeOneChanged) {
    const protocolo = new URL(request.url()).searchParams.get('protocolo') ?? '';
    await runBackofficeCommandLine(['set-status', protocolo, ...CHANGED_CONDITIONS]);
  }
  return 'server';
};
const tamperedTerm = (event: PathEvent<M>): 'server' | Fulfil => {
  const output = (event as { output?: unknown }).output;
  return Array.isArray(output) && output.includes(UNSAFE_TERM) ? { body: JSON.stringify(output) } : 'server';
};

export const trackingNetwork = {
  loadTrackingData: { url: new RegExp(`${API}portabilidade/acompanhamento\\?`), done: changedConditions },
  loadAttachedDocuments: { url: new RegExp(`${API}portabilidade/documento\\?`) },
  loadDocumentsToSign: { url: new RegExp(`${API}portabilidade/documento/assinatura\\?`), done: tamperedTerm },
  loadHistory: { url: new RegExp(`${API}portabilidade/historico\\?`) },
  recordSignature: { url: new RegExp(`${API}portabilidade/documento/assinatura$`) },
  generateAcceptance: { url: new RegExp(`${API}portabilidade/utils/documento/aceite$`), done: erroAcceptance, error: lostAgreement },
  finalizeRequest: { url: new RegExp(`${API}portabilidade/finaliza$`) },
  loadOperatorName: { url: new RegExp(`${API}auth/recuperar-chave\\?cdTipo=65&`) },
  uploadPendingDocument: {
    url: new RegExp(`${API}portabilidade/utils/documento$`),
    // The operator's move out of status 2, as the server answers it (the request itself stays in 2 here).
    error: (event) => {
      const { serverMessage, code } = (event as { error?: { serverMessage?: string; code?: string } }).error ?? {};
      return code ? { status: 400, body: JSON.stringify({ message: serverMessage, code }) } : 'fail';
    },
  },
  preparePendingPhoto: { local: 'the photo is shrunk (or the HEIC decoded) in the page, by a worker: no request' },
  withdrawRequest: { url: new RegExp(`${API}portabilidade/desistencia$`) },
} satisfies Network<M>;

/** `--pendente <tipo>[:<motivo>]` for one of the model's pending types. */
function pendingFlag(pending: (typeof PENDING)[number]): string[] {
  return ['--pendente', pending.dsMotivo ? `${pending.cdTipoDocumento}:${pending.dsMotivo}` : String(pending.cdTipoDocumento)];
}

/** `set-status` arguments after the protocol that change a status-6 request's conditions (its price). */
const CHANGED_CONDITIONS = ['6', '--valor', '123,45'];

/** How the backoffice puts a filed request in the state each first answer of the model names. */
const SERVER_STATE = {
  analysis: { status: [] },
  finalizeTypeOne: { status: ['6', '--tipo', '1'] },
  finalizeTypeTwo: { status: ['6', '--tipo', '2'] },
  acceptedTypeOne: { status: ['3', '--tipo', '1', '--concordo', 'S'], login: true },
  acceptedTypeTwo: { status: ['3', '--tipo', '2'] },
  // The same request without its login: the server answers its state, not its data.
  restricted: { status: ['3', '--tipo', '1', '--concordo', 'S'] },
  finalizeTypeOneDeclined: { status: ['6', '--tipo', '1', '--concordo', 'N'] },
  finalizeTypeOneAgreed: { status: ['6', '--tipo', '1', '--concordo', 'S'] },
  finalizeTypeTwoAware: { status: ['6', '--tipo', '2', '--concordo', 'S'] },
  refused: { status: ['4'] },
  cancelled: { status: ['5'] },
  contractActive: { status: ['7', '--tipo', '2', '--concordo', 'S'] },
  pendingDocuments: { status: ['2', ...PENDING.flatMap(pendingFlag)] },
  pendingDocumentsOne: { status: ['2', ...pendingFlag(PENDING[1])] },
  // Filed, then withdrawn by its holder through the portal's own call.
  withdrawn: { status: [], withdraw: true },
  // Never a first answer (the model's `coherent`): the conditions changed under a screen.
  finalizeTypeOneChanged: { status: ['6', '--tipo', '1', ...CHANGED_CONDITIONS.slice(1)] },
} satisfies Record<keyof typeof TRACKINGS, Omit<RequestNeed, 'own'>>;

/** Answers that change the request on the server: such a path gets a request of its own. */
const changesTheServer = (event: PathEvent<M>) =>
  // Opening a term records its reading: later paths on the same request would find it read.
  event.type === 'OPEN_TERM' ||
  event.type === 'xstate.done.actor.withdrawRequest' ||
  event.type === 'xstate.done.actor.recordSignature' ||
  event.type === 'xstate.done.actor.finalizeRequest' ||
  event.type === 'xstate.done.actor.uploadPendingDocument' ||
  // An answer, or an agreement whose answer is lost or refused with 'ERRO' was recorded
  // (lostAgreement, erroAcceptance): never on a shared request.
  event.type === 'xstate.done.actor.generateAcceptance' ||
  event.type === 'xstate.error.actor.generateAcceptance';

/** The request a path needs: in the status its first answer names (a path with none only reads one under analysis). */
export function requestNeedOf(path: MachinePath<M>): RequestNeed {
  const first = path.events.find((e) => e.type === 'xstate.done.actor.loadTrackingData');
  const output = first && (first as { output: TrackingInfo }).output;
  const key = (Object.keys(TRACKINGS) as Array<keyof typeof TRACKINGS>).find((k) => TRACKINGS[k] === output) ?? 'analysis';
  return { ...SERVER_STATE[key], own: path.events.some(changesTheServer) };
}

export const trackingBrowser: BrowserModel<M> = {
  model: trackingModel,
  async open(page, start, path) {
    const request = await serverRequest(requestNeedOf(path));
    // Documents open in new tabs (openServerLink): close them once their file was asked for
    // (a term's reading is recorded when it is served), the path goes on here.
    page.context().on('page', (tab) => {
      const close = () => void tab.close().catch(() => {});
      tab.once('requestfinished', close);
      tab.once('requestfailed', close);
      setTimeout(close, 10_000);
    });
    await seedSession(page, {
      protocolo: request.protocolo,
      token: request.token,
      cdEmpresaPlano: start.input.cdEmpresaPlano ?? INPUT.cdEmpresaPlano,
    });
    await holdDecoderFor(page, path.events, PHOTO_EVENTS);
    await page.goto('/#/acompanhamento', { waitUntil: 'commit' });
  },
  gestures: trackingGestures,
  markers: trackingMarkers,
  network: trackingNetwork,
  // Leaving while the request loads (the menu, 'Encerrar sessão') must leave from `loading`.
  holdAbandoned: true,
};
