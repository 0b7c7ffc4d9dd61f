/**
 * Issue 25 items 5 and 7 as the tracking machine decides them, kept apart from the chart:
 *
 * - Sign after reading: a term is opened (a new tab, or the server already saw it opened:
 *   `dtLeitura`) before its 'Li e aceito' can be ticked; the server refuses a signature for
 *   a term it never served, so the screen only mirrors that rule.
 * - Withdrawal: under analysis (1, 2) the holder may withdraw, after a confirmation; a
 *   cancellation the holder asked for (`dtDesistencia`) has a panel of its own.
 */
import { canSign, isHttpLink } from './tracking.helpers';
import {
  STATUS_CANCELLED,
  STATUS_PENDING_DOCUMENTS,
  STATUS_UNDER_ANALYSIS,
  type DocumentToSignInfo,
  type TrackingInfo,
} from './tracking.types';

/** Whether the term was opened in this visit, or the server already recorded it as read. */
export function isTermOpened(documents: readonly DocumentToSignInfo[], opened: readonly number[], cdFileDocumento: number): boolean {
  return opened.includes(cdFileDocumento) || documents.some((d) => d.cdFileDocumento === cdFileDocumento && Boolean(d.dtLeitura));
}

/** A term whose link can really open, not yet opened: opening it counts as reading it. */
export function canOpenUnreadTerm(documents: readonly DocumentToSignInfo[], opened: readonly number[], cdFileDocumento: number): boolean {
  const term = documents.find((d) => d.cdFileDocumento === cdFileDocumento);
  return term !== undefined && isHttpLink(term.linkUrl) && !isTermOpened(documents, opened, cdFileDocumento);
}

/** 'Li e aceito' can be ticked: the term is unsigned, its link is sound, and it was opened. */
export function canSignAfterReading(documents: readonly DocumentToSignInfo[], opened: readonly number[], cdFileDocumento: number): boolean {
  return canSign(documents, cdFileDocumento) && isTermOpened(documents, opened, cdFileDocumento);
}

/** The statuses a holder may withdraw from (the server checks again, under the request's lock). */
export function canWithdraw(tracking: Pick<TrackingInfo, 'flStatus'> | null): boolean {
  return tracking?.flStatus === STATUS_UNDER_ANALYSIS || tracking?.flStatus === STATUS_PENDING_DOCUMENTS;
}

/** Cancelled at the holder's own request: status 5 with the moment the server says they withdrew. */
export function isWithdrawn(tracking: Pick<TrackingInfo, 'flStatus' | 'dtDesistencia'> | null): boolean {
  return tracking?.flStatus === STATUS_CANCELLED && Boolean(tracking.dtDesistencia);
}

/** pt-BR texts of the withdrawal and of reading the terms. */
export const WITHDRAWAL = {
  button: 'Desistir da solicitação',
  title: 'Desistir desta solicitação?',
  consequences: [
    'A solicitação será cancelada a seu pedido e deixará de ser analisada pela operadora.',
    // Not by the holder: the operator can still reopen a request withdrawn by mistake.
    'Essa desistência não pode ser desfeita pelo portal.',
    'Se mudar de ideia, você poderá fazer uma nova solicitação de portabilidade a qualquer momento.',
  ],
  /** Beside the inactive button while status 2's panel holds a file (leaving the panel would drop it). */
  fileInHand: {
    fileChosen: 'Para desistir, antes envie ou remova o arquivo escolhido.',
    preparing: 'Para desistir, antes espere a foto ficar pronta ou cancele-a.',
    sending: 'Para desistir, espere o envio do arquivo terminar.',
  },
  confirm: 'Sim, desistir',
  back: 'Voltar',
  done: 'Sua solicitação foi cancelada a seu pedido.',
  panel: 'Sua solicitação foi cancelada a seu pedido',
  panelText: (when: string | undefined) =>
    `Você desistiu desta solicitação${when ? ` em ${when}` : ''}. Ela não será mais analisada pela operadora e esse cancelamento não pode ser desfeito pelo portal.`,
  again: 'Se quiser, você pode fazer uma nova solicitação de portabilidade a qualquer momento, pela página inicial.',
} as const;

export const READING = {
  intro: 'Abra cada documento para lê-lo; depois marque "Li e aceito" para registrar o seu aceite.',
  open: (documento: string) => `Abrir ${documento}`,
  newTab: '(abre em nova aba)',
  accept: 'Li e aceito',
  openFirst: 'Abra o documento para poder aceitá-lo.',
  opened: (documento: string) => `${documento} aberto em uma nova aba. Depois de lê-lo, marque "Li e aceito".`,
} as const;
