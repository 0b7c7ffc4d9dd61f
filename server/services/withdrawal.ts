/**
 * Withdrawal (issue 25 item 7): while a request is under analysis (1, 2) its holder may
 * withdraw it. The request becomes cancelled (5) with a history event of origin 'titular', so
 * the portal can tell it from an operator's cancellation, and the holder gets an e-mail
 * through the outbox (services/outbox.ts) when they asked for e-mail at filing.
 *
 * The status is checked and changed under the request's row lock (services/requests.ts
 * `lockRequest`), as finaliza does: a back-office change or a second withdrawal at the same
 * moment, on any process, either comes first (and this one sees it) or waits.
 */
import type { Executor, Queryable } from '../db/database.ts';
import { isPlainEmail } from '../../contract/rules.ts';
import type { FileStore } from './file-store.ts';
import { findOperator } from './operators.ts';
import { MAX_EMAILS_PER_RECIPIENT_PER_HOUR, lockRecipients, recipientHasRoom, trackingLink } from './protocol-email.ts';
import { changeStatusIn, lockRequest } from './requests.ts';
import { STATUS, describeStatus } from './status.ts';
import { maskedProtocol } from './protocol.ts';
import type { RequestRow } from '../db/rows.ts';

/** The history origin of a cancellation the holder asked for. */
export const WITHDRAWAL_ORIGIN = 'titular';
export const WITHDRAWN_STATUS = 'Cancelada a seu pedido';
/** The statuses a holder may withdraw from: under analysis, with or without pending documents. */
export const WITHDRAWABLE: readonly number[] = [STATUS.emAnalise, STATUS.pendenteDocumentacao];

export const cannotWithdraw = (flStatus: number) =>
  `Esta solicitação não pode mais ser cancelada pelo portal (status atual: ${describeStatus(flStatus)}). Fale com a operadora.`;

export type WithdrawOutcome =
  { kind: 'withdrawn'; request: RequestRow; emailQueued: boolean } | { kind: 'already' } | { kind: 'refused'; flStatus: number };

/** When the last status event was the holder's own cancellation: its moment; otherwise null. */
export async function withdrawnAt(db: Queryable, cdSolicitacao: number): Promise<Date | null> {
  const [last] = await db.query<{ fl_status: number; ds_origem: string; dt_evento: Date }>(
    'SELECT fl_status, ds_origem, dt_evento FROM status_history WHERE cd_solicitacao = $1 ORDER BY dt_evento DESC, id DESC LIMIT 1',
    [cdSolicitacao],
  );
  return last && last.fl_status === STATUS.cancelada && last.ds_origem === WITHDRAWAL_ORIGIN ? last.dt_evento : null;
}

/** Checks and withdraws in the caller's transaction. A withdrawal already done answers 'already' (a retry). */
export async function withdrawIn(tx: Executor, files: FileStore, cdSolicitacao: number, now: Date, publicUrl: string | undefined) {
  const request = await lockRequest(tx, cdSolicitacao);
  if (!request) return { kind: 'refused', flStatus: 0 } as const;
  if (request.fl_status === STATUS.cancelada && (await withdrawnAt(tx, cdSolicitacao))) return { kind: 'already' } as const;
  if (!WITHDRAWABLE.includes(request.fl_status)) return { kind: 'refused', flStatus: request.fl_status } as const;
  const updated = await changeStatusIn(tx, files, cdSolicitacao, { flStatus: STATUS.cancelada }, WITHDRAWAL_ORIGIN, now);
  const emailQueued = await queueWithdrawalEmail(tx, updated, now, publicUrl);
  return { kind: 'withdrawn', request: updated, emailQueued } as const satisfies WithdrawOutcome;
}

export function withdrawalEmail(to: string, nuProtocolo: string, operatorName: string, link: string | null) {
  const text = [
    'Olá,',
    '',
    `A sua solicitação de portabilidade para ${operatorName}, protocolo ${nuProtocolo}, foi cancelada a seu pedido pelo portal.`,
    '',
    // By the holder, that is: the operator can reopen it (a mistaken withdrawal told by phone).
    'O cancelamento não pode ser desfeito pelo portal: esta solicitação não será mais analisada.',
    link
      ? `Se quiser, você pode fazer uma nova solicitação a qualquer momento em ${link} (opção "Realizar Solicitação").`
      : 'Se quiser, você pode fazer uma nova solicitação a qualquer momento no portal de portabilidade (opção "Realizar Solicitação").',
    '',
    'Se não foi você quem pediu o cancelamento, fale com a operadora.',
    '',
    'Esta é uma mensagem automática: por favor, não responda.',
    '',
  ].join('\n');
  // The subject shows on a locked phone: without the last 6 digits (the password), as every other one.
  return { to, subject: `Solicitação de portabilidade cancelada a seu pedido: ${maskedProtocol(nuProtocolo)}`, text };
}

/**
 * Queues the withdrawal e-mail to the address given at filing, when the holder asked for
 * e-mail; under the same per-address lock and hourly cap as the protocol e-mail.
 */
async function queueWithdrawalEmail(tx: Queryable, request: RequestRow, now: Date, publicUrl: string | undefined): Promise<boolean> {
  if (request.fl_aceita_email !== '1') return false;
  const [contact] = await tx.query<{ ds_contato: string }>(
    "SELECT ds_contato FROM contacts WHERE cd_solicitacao = $1 AND tp_contato = '2' ORDER BY 1 LIMIT 1",
    [request.cd_solicitacao],
  );
  const to = contact?.ds_contato.trim();
  if (!to || !isPlainEmail(to)) return false;
  await lockRecipients(tx, [to]);
  if (!(await recipientHasRoom(tx, to, MAX_EMAILS_PER_RECIPIENT_PER_HOUR, now))) return false;
  const operator = await findOperator(tx, request.cd_empresa_plano);
  const message = withdrawalEmail(
    to,
    request.nu_protocolo,
    operator?.nm_operadora ?? 'a operadora',
    trackingLink(publicUrl, request.cd_empresa_plano),
  );
  await tx.query(
    `INSERT INTO outbox_emails (cd_solicitacao, ds_destinatario, ds_assunto, ds_texto, dt_proxima, dt_criacao)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [request.cd_solicitacao, message.to, message.subject, message.text, now],
  );
  return true;
}
