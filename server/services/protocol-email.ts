/**
 * The protocol e-mail (SPEC §1, §5): when a request is saved with fl_aceita_email '1', the
 * beneficiary gets its protocol, the tracking link and the reminder that the access password
 * is the protocol's last 6 digits. Queued in the save's own transaction (services/outbox.ts
 * delivers it), so the save never waits for a mail server.
 *
 * Nobody proves they own the address they type, so the message carries nothing a stranger
 * wrote (not even the name: 'Olá,' alone), goes only to a plain `local@domain`, and at most
 * MAX_EMAILS_PER_RECIPIENT_PER_HOUR go to one address in an hour: the portal cannot be made
 * to mail someone else's text, nor to flood one inbox.
 */
import type { Queryable } from '../db/database.ts';
import type { PortabilityRequest } from '../../contract/api.ts';
import { isPlainEmail, DISQUE_ANS } from '../../contract/rules.ts';
import { ANSWER_DAYS } from '../../contract/rules.ts';
import { contactLines, findOperatorContact } from './operator-contact.ts';
import { maskedProtocol } from './protocol.ts';

/** Protocol e-mails one address may receive in any hour (counted when queued); more saves to it queue none. */
export const MAX_EMAILS_PER_RECIPIENT_PER_HOUR = 5;
export const HOUR_MS = 60 * 60_000;
/** First key of the transaction-level advisory lock taken per recipient (the second is the address's hash). */
export const RECIPIENT_LOCK = 24_009;

export interface ProtocolEmail {
  to: string;
  subject: string;
  text: string;
}

/** The tracking screen for the plan: PUBLIC_URL + '#/home/{cdEmpresaPlano}', or null without PUBLIC_URL. */
export function trackingLink(publicUrl: string | undefined, cdEmpresaPlano: string | number): string | null {
  return publicUrl ? `${publicUrl}/#/home/${cdEmpresaPlano}` : null;
}

export function protocolEmail(
  request: Pick<PortabilityRequest, 'cd_empresa_plano'>,
  to: string,
  nuProtocolo: string,
  operatorName: string,
  publicUrl: string | undefined,
  contactLines: readonly string[] = [],
): ProtocolEmail {
  const link = trackingLink(publicUrl, request.cd_empresa_plano);
  // Issue 26: the option home really has, what happens next, the answer time and a person to reach.
  const text = [
    'Olá,',
    '',
    `Recebemos a sua solicitação de portabilidade para ${operatorName}.`,
    '',
    `O número do protocolo da sua solicitação é: ${nuProtocolo}`,
    '',
    link
      ? `Acompanhe a sua solicitação em ${link}: escolha "Acompanhar Solicitação" e informe o protocolo.`
      : 'Acompanhe a sua solicitação no portal de portabilidade: escolha "Acompanhar Solicitação" e informe o protocolo.',
    'Quando pedida, a senha de acesso são os 6 últimos dígitos do número do protocolo.',
    '',
    `O que acontece agora: a operadora analisa a solicitação e responde em até ${ANSWER_DAYS} dias. ` +
      'Se faltar algum documento, se for preciso assinar ou responder, ou quando houver a decisão, avisamos por este e-mail.',
    '',
    'Dúvidas?',
    ...contactLines,
    `ANS: Disque ANS ${DISQUE_ANS.label} ou a Notificação de Intermediação Preliminar (NIP) em www.gov.br/ans.`,
    '',
    'Guarde este e-mail. Esta é uma mensagem automática: por favor, não responda.',
    '',
  ].join('\n');
  // The subject shows on a locked phone's notification: without the last 6 digits (the password).
  return { to, subject: `Protocolo da sua solicitação de portabilidade: ${maskedProtocol(nuProtocolo)}`, text };
}

/**
 * Takes the transaction-level lock of each recipient (an e-mail address, case-insensitive, or a
 * mobile number), held until the transaction ends: whoever counts a recipient's quota and then
 * queues to it holds its lock, so transactions at once on any process cannot all see room for
 * one more. Several are locked in one order (by key), so two transactions locking recipients
 * they share never wait for each other in a circle.
 */
export async function lockRecipients(tx: Queryable, recipients: readonly string[]): Promise<void> {
  const keys = new Set<number>();
  for (const to of recipients) {
    const [row] = await tx.query<{ key: number }>('SELECT hashtext(lower($1)) AS key', [to]);
    if (row) keys.add(row.key);
  }
  for (const key of [...keys].sort((a, b) => a - b)) {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [RECIPIENT_LOCK, key]);
  }
}

/**
 * Whether one more message may be queued to `to` (an e-mail address, case-insensitive, or a
 * mobile number as `mobileNumberOf` writes it): fewer than `max` messages a visitor can cause
 * (protocol, reminder, withdrawal) were queued to it in the hour before `now` (counted when
 * queued, delivered or not). The operator's status messages are not counted: they do not
 * use up a person's room for the protocol e-mail. Call it under the recipient's lock
 * (`lockRecipients`).
 */
export async function recipientHasRoom(tx: Queryable, to: string, max: number, now: Date): Promise<boolean> {
  const [recent] = await tx.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM outbox_emails WHERE lower(ds_destinatario) = lower($1) AND dt_criacao > $2 AND NOT fl_operadora',
    [to, new Date(now.getTime() - HOUR_MS)],
  );
  return (recent?.total ?? 0) < max;
}

/**
 * Queues the message when the beneficiary asked for e-mail and gave a plain address, unless
 * that address already got its hourly share; call inside the save's transaction. The count
 * and the insert run under a lock on the address (held until the save commits), so saves at
 * once on any process cannot all see room for one more.
 */
export async function queueProtocolEmail(
  tx: Queryable,
  request: PortabilityRequest,
  saved: { nuProtocolo: string; cdSolicitacao: number },
  publicUrl: string | undefined,
  now: Date,
): Promise<boolean> {
  const to = request.contato.find((contact) => contact.tp_contato === '2')?.ds_contato.trim();
  if (request.fl_aceita_email !== '1' || !to || !isPlainEmail(to)) return false;
  await lockRecipients(tx, [to]);
  if (!(await recipientHasRoom(tx, to, MAX_EMAILS_PER_RECIPIENT_PER_HOUR, now))) return false;
  const contact = await findOperatorContact(tx, Number(request.cd_empresa_plano));
  const message = protocolEmail(request, to, saved.nuProtocolo, contact?.operadora ?? 'a operadora', publicUrl, contactLines(contact));
  await tx.query(
    `INSERT INTO outbox_emails (cd_solicitacao, ds_destinatario, ds_assunto, ds_texto, dt_proxima, dt_criacao)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [saved.cdSolicitacao, message.to, message.subject, message.text, now],
  );
  return true;
}
