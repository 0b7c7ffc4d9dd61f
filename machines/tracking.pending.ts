/**
 * Status 2, 'Pendente de documentação' (issue 25 item 3), as the tracking screen says it: the
 * document types the operator still waits for and why, the checks a file chosen for one must
 * pass (the wizard's own: SPEC §5's empty and 10 MB alerts, PDF/JPG/PNG), and what happens
 * next with the operator's clock. Pure: the views pass "now"; the chart's states are in
 * tracking.pending.states.ts.
 *
 * The list is the server's: a type leaves it once the server holds a document of that type,
 * and the screen reloads the request after each sending rather than crossing it out itself.
 */
import { UPLOAD_OUTCOME, toAttachment, toPreparedAttachment } from './attachments';
import { DISQUE_ANS } from './tracking.decision';
import { answerWindow, answerWindowText, type AnswerClockFacts } from './tracking.helpers';
import { STATUS_PENDING_DOCUMENTS, type PendingDocumentInfo, type TrackingContext, type TrackingInfo } from './tracking.types';
import { fileExtensionOf, fileRejection } from './wizard.schemas';
import type { AttachmentMeta, ChosenFile, PreparedFile } from './wizard.types';

export function isAwaitingDocuments(tracking: Pick<TrackingInfo, 'flStatus'> | null): boolean {
  return tracking?.flStatus === STATUS_PENDING_DOCUMENTS;
}

/** The types still awaited, as the server answered them (none when it sent no list). */
export function pendingDocumentsOf(tracking: Pick<TrackingInfo, 'documentosPendentes'> | null): PendingDocumentInfo[] {
  return tracking?.documentosPendentes ?? [];
}

/**
 * Status 2 with every document asked for received: the server's list is there and empty.
 * Absent, the server did not say what is missing (found by an exploratory run: a reload after
 * sending the last one said the operator never named them).
 */
export function allPendingReceived(tracking: Pick<TrackingInfo, 'documentosPendentes'> | null): boolean {
  return Array.isArray(tracking?.documentosPendentes) && tracking.documentosPendentes.length === 0;
}

export function isPendingType(tracking: Pick<TrackingInfo, 'documentosPendentes'> | null, cdTipoDocumento: number): boolean {
  return pendingDocumentsOf(tracking).some((pending) => pending.cdTipoDocumento === cdTipoDocumento);
}

/** SPEC §5's alert for a file that cannot be sent (empty, over 10MB, not PDF/JPG/PNG), or null: the wizard's rule. */
export function pendingFileRejection(file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>): string | null {
  return fileRejection({ size: file.size, extension: fileExtensionOf(file) });
}

/**
 * The file chosen for a pending type, described as the wizard describes an attachment (the
 * upload takes it as it is); a photo made ready keeps the size it had ("6,2 MB → 0,9 MB").
 */
export function pendingAttachment(
  tracking: Pick<TrackingInfo, 'documentosPendentes'> | null,
  cdTipoDocumento: number,
  file: ChosenFile | PreparedFile,
): AttachmentMeta {
  const types = pendingDocumentsOf(tracking);
  return 'originalSize' in file
    ? toPreparedAttachment(file, String(cdTipoDocumento), types)
    : toAttachment(file, String(cdTipoDocumento), types);
}

/**
 * One file in hand at a time: the file chosen (not sent) for another document than
 * `cdTipoDocumento`, which a choice for this one would drop; null when there is none.
 */
export function fileHeldForAnother(pendingFile: AttachmentMeta | null, cdTipoDocumento: number): AttachmentMeta | null {
  return pendingFile !== null && pendingFile.cdTipoDocumento !== cdTipoDocumento ? pendingFile : null;
}

/** What another row says while `held` is in hand: send or remove it, or, refused by the server, remove or replace it. */
export function heldFileHint(held: AttachmentMeta): string {
  return held.refused === undefined ? PENDING_TEXT.oneAtATime(held.nmDocumento) : PENDING_TEXT.oneAtATimeRefused(held.nmDocumento);
}

/**
 * The files whose bytes this tab holds for the panel: the one in hand and the photo being
 * prepared. Leaving the panel lets both go (a shared phone keeps nothing of a request).
 */
export function heldPendingFileIds(context: Pick<TrackingContext, 'pendingFile' | 'pendingPreparing'>): string[] {
  return [context.pendingFile?.id, context.pendingPreparing?.file.id].filter((id): id is string => id !== undefined);
}

/** One Idempotency-Key per file chosen: 'Tentar de novo' after a lost answer stores it once. */
export function pendingUploadKey(file: Pick<AttachmentMeta, 'id'>): string {
  return `pendente:${file.id}`;
}

export const PENDING_TEXT = {
  heading: 'Documentos pendentes',
  intro: 'A operadora precisa destes documentos para continuar a análise da sua solicitação. Envie cada um por aqui:',
  none: 'A operadora não indicou aqui quais documentos faltam. Se ela pediu algum documento por outro meio, fale com a operadora.',
  allSent:
    'Todos os documentos pedidos foram recebidos. A operadora vai conferi-los e continuar a análise; acompanhe a resposta por esta tela.',
  reason: 'Motivo informado pela operadora:',
  choose: 'Escolher arquivo',
  chooseAnother: 'Trocar arquivo',
  send: 'Enviar',
  remove: 'Remover',
  sending: 'Enviando…',
  cancelSend: 'Cancelar envio',
  /** Said once the sending stopped: the file is still in hand, to send again or remove. */
  sendCancelled: (nmDocumento: string) => `Envio cancelado. O arquivo para ${nmDocumento} continua escolhido.`,
  failed: UPLOAD_OUTCOME.unconfirmed,
  refused: UPLOAD_OUTCOME.refused,
  retry: 'Tentar de novo',
  fileLabel: (nmDocumento: string) => `Arquivo para ${nmDocumento}`,
  /** One file in hand at a time: a choice for another document would drop it unsent. */
  oneAtATime: (nmDocumento: string) => `Envie ou remova antes o arquivo escolhido para ${nmDocumento}.`,
  /** The same, when the server refused the file in hand: it cannot be sent as it is. */
  oneAtATimeRefused: (nmDocumento: string) => `Remova ou troque antes o arquivo recusado para ${nmDocumento}.`,
  sent: (nmDocumento: string) => `Documento enviado: ${nmDocumento}.`,
  whatNext:
    'O que acontece agora: cada documento recebido sai desta lista. Com todos recebidos, a operadora confere os documentos e continua a análise; a resposta aparece nesta tela.',
} as const;

/**
 * How long the operator has, in words: its 10 days to answer (ANS; the server's `historico`
 * says until when), and, once they are over, where to turn. Null without the history. The
 * push to send comes only while something is `stillToSend` (with everything received it
 * contradicted 'Todos os documentos pedidos foram recebidos'; found by a regression walk).
 */
export function pendingClockText(history: AnswerClockFacts | null, now: Date, stillToSend = true): string | null {
  const window = answerWindow(history, now);
  if (!window) return null;
  if (window.overdue) {
    return `${answerWindowText(window)} Se ainda não recebeu resposta, fale com a operadora ou reclame na ANS (Disque ANS ${DISQUE_ANS.label}).`;
  }
  if (!stillToSend) return answerWindowText(window);
  return `${answerWindowText(window)} Envie os documentos o quanto antes: sem eles, a análise não pode ser concluída.`;
}
