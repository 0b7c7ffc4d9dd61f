/**
 * The tracking screen (acompanhamento) in the browser tier. The model's answers
 * (test/machines/tracking.model.ts: two terms, a reload that finds the request under
 * analysis, an 'ERRO' acceptance, a term with a javascript: link) are not all in the
 * reference server's data, so here every `done` answer is the model's fixture, fulfilled
 * by `page.route` at the real URL in the contract's shape; `error` is HTTP 500 (and the
 * retries). The UI, the app's actors, react-query and the contract parsing are the real ones.
 */
import type { Page } from '@playwright/test';
import { MESSAGES, TEXT, type trackingMachine } from '../../../machines/tracking.machine';
import { INPUT, TERMS, UNSAFE_TERM } from '../../machines/tracking.fixtures';
import { trackingModel } from '../../machines/tracking.model';
import type { BrowserModel, Fulfil, Gestures, Markers, Network } from '../framework/browser';
import type { PathEvent } from '../framework/types';

type M = typeof trackingMachine;

const API = '/wslinhafrente/v1/';
const overlay = (page: Page) => ({ attribute: page.getByTestId('loading-overlay'), name: 'data-visible', value: 'true' }) as const;
const panel = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
// 'Estou ciente' is a native checkbox; the type 1 options are ARIA radios (src/ui/choice-group.tsx).
const checked = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator(':checked, [aria-checked="true"]'));
const unchecked = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator(':not(:checked):not([aria-checked="true"])'));
const recorded = (page: Page, text: string) => page.getByTestId('acknowledgement-recorded').filter({ hasText: text });
const termName = (cdFileDocumento: number) => [...TERMS, UNSAFE_TERM].find((t) => t.cdFileDocumento === cdFileDocumento)!.documento;

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
  VIEW_DOCUMENT: (page) => page.getByRole('button', { name: /^Visualizar/ }).first().click(),
  AGREE: (page) => page.getByLabel(TEXT.agree, { exact: true }).click(),
  DECLINE: (page) => page.getByLabel(TEXT.decline, { exact: true }).click(),
  ACKNOWLEDGE: (page) => page.getByLabel(TEXT.aware, { exact: true }).click(),
  SIGN_DOCUMENT: (page, event) => page.getByLabel(termName(event.cdFileDocumento), { exact: true }).click(),
  FINALIZE: (page) => page.getByRole('button', { name: 'Finalizar' }).click(),
  CLOSE_MODAL: (page) => page.getByRole('dialog').getByRole('button').first().click(),
  LOG_IN_AGAIN: (page) => page.getByRole('button', { name: 'Fazer login' }).click(),
} satisfies Gestures<M>;

// Pass-through states (left at once by an eventless transition) are never at rest: their
// markers are never checked; they name what the screen shows around them.
// The loads mark the screen busy (aria-busy); the overlay alone would not do, since a
// failed request elsewhere hides it while these are still pending (SPEC §4).
const busyScreen = (page: Page) => ({ visible: page.locator('[aria-busy="true"]') });

export const trackingMarkers = {
  'loading.trackingData': busyScreen,
  'loading.details.attachedDocuments.loading': busyScreen,
  'loading.details.attachedDocuments.settled': busyScreen,
  'loading.details.documentsToSign.loading': busyScreen,
  'loading.details.documentsToSign.settled': busyScreen,
  'loading.details.history.loading': busyScreen,
  'loading.details.history.settled': busyScreen,
  failed: (page) => ({ visible: page.getByRole('button', { name: 'Tentar novamente' }) }),
  loginRequired: (page) => ({ visible: page.getByRole('button', { name: 'Fazer login' }) }),
  'ready.choosingPanel': (page) => ({ visible: page.getByRole('heading', { level: 1 }) }),
  'ready.analysis': (page) => ({ visible: panel(page, 'Sua solicitação está em análise') }),
  'ready.refused': (page) => ({ visible: panel(page, MESSAGES.panelRefused) }),
  'ready.cancelled': (page) => ({ visible: panel(page, MESSAGES.panelCancelled) }),
  'ready.contractActive': (page) => ({ visible: panel(page, MESSAGES.panelContractActive) }),
  'ready.awaitingAcknowledgement.choosingOptions': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeOne.restoring': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeOne.undecided': (page) => ({ visible: unchecked(page, TEXT.agree) }),
  'ready.awaitingAcknowledgement.typeOne.declined': (page) => ({ visible: checked(page, TEXT.decline) }),
  'ready.awaitingAcknowledgement.typeOne.agreed': (page) => ({ visible: checked(page, TEXT.agree) }),
  'ready.awaitingAcknowledgement.typeOne.declineRecorded': (page) => ({ visible: recorded(page, "'Não aceito' foi registrada") }),
  'ready.awaitingAcknowledgement.typeOne.agreementRecorded': (page) => ({ visible: recorded(page, 'Sua concordância foi registrada') }),
  'ready.awaitingAcknowledgement.typeTwo.restoring': (page) => ({ visible: panel(page, 'Finalize sua solicitação') }),
  'ready.awaitingAcknowledgement.typeTwo.unaware': (page) => ({ visible: unchecked(page, TEXT.aware) }),
  'ready.awaitingAcknowledgement.typeTwo.aware': (page) => ({ visible: checked(page, TEXT.aware) }),
  'ready.awaitingAcknowledgement.typeTwo.awarenessRecorded': (page) => ({ visible: recorded(page, 'Sua ciência foi registrada') }),
  'ready.awaitingAcknowledgement.generatingAcceptance': overlay,
  'ready.accepted.signing': (page) => ({ visible: panel(page, 'Sua solicitação foi aceita') }),
  'ready.accepted.recordingSignature': overlay,
  'ready.accepted.refreshingDocuments': overlay,
  'ready.accepted.finalizing': overlay,
  'ready.accepted.loadingOperatorName': overlay,
  avisoModal: (page) => ({ visible: page.getByRole('dialog', { name: TEXT.avisoTitle }) }),
  bemvindoModal: (page) => ({ visible: page.getByRole('dialog', { name: /^Seja bem-vindo/ }) }),
  exited: (page) => ({ visible: page.getByTestId('welcome') }),
} satisfies Markers<M>;

const json = (event: PathEvent<M>): Fulfil => ({ body: JSON.stringify((event as { output?: unknown }).output) });
const text = (event: PathEvent<M>): Fulfil => ({ contentType: 'text/plain', body: String((event as { output?: unknown }).output) });

export const trackingNetwork = {
  loadTrackingData: { url: new RegExp(`${API}portabilidade/acompanhamento\\?`), done: json },
  loadAttachedDocuments: { url: new RegExp(`${API}portabilidade/documento\\?`), done: json },
  loadDocumentsToSign: { url: new RegExp(`${API}portabilidade/documento/assinatura\\?`), done: json },
  loadHistory: { url: new RegExp(`${API}portabilidade/historico\\?`), done: json },
  recordSignature: { url: new RegExp(`${API}portabilidade/documento/assinatura$`), done: text },
  generateAcceptance: { url: new RegExp(`${API}portabilidade/utils/documento/aceite$`), done: text },
  finalizeRequest: { url: new RegExp(`${API}portabilidade/finaliza$`), done: text },
  // The layout's branding asks the same URL first and react-query would answer the
  // tracking from that cache: the branding's call fails here, so the tracking's is real.
  loadOperatorName: { url: new RegExp(`${API}auth/recuperar-chave\\?cdTipo=65&`), done: text, unarmed: 'fail' },
} satisfies Network<M>;

export const trackingBrowser: BrowserModel<M> = {
  model: trackingModel,
  async open(page, start) {
    // Documents open in new tabs (openServerLink): close them, the path goes on here.
    page.context().on('page', (tab) => void tab.close());
    await page.addInitScript((session) => {
      window.localStorage.setItem('protocolo', session.protocolo);
      window.localStorage.setItem('token', 'free');
      window.localStorage.setItem('cdEmpresaPlano', session.cdEmpresaPlano);
    }, { protocolo: start.input.protocolo, cdEmpresaPlano: start.input.cdEmpresaPlano ?? INPUT.cdEmpresaPlano });
    await page.goto('/#/acompanhamento', { waitUntil: 'commit' });
  },
  gestures: trackingGestures,
  markers: trackingMarkers,
  network: trackingNetwork,
  // Leaving while the request loads (the menu, 'Encerrar sessão') must leave from `loading`.
  holdAbandoned: true,
};
