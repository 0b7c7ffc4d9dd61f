/**
 * "Esqueci meu protocolo" (issue 26): CPF, date of birth and plan code in; the protocol of
 * each matching request goes to the e-mail and the mobile number on file (issue 26), never to
 * the screen. Not gated by the consents to status messages: the holder asked for their own
 * protocol, and whoever files a request can tick those boxes anyway. What stops a flood of a
 * stranger's inbox or phone is the quota per recipient below.
 * The answer is the same whether a request matched or not, and so is the brake: at most
 * MAX_TRIES_PER_CPF_PER_HOUR per CPF typed (counted by a keyed hash, existing or not), on top
 * of the per-address rate limit `forgot` (http/rate-limits.ts).
 *
 * The e-mail carries the whole protocol; the text message only its first 14 digits (the last
 * 6 are the access password) and says the whole number went to the e-mail. The per-recipient
 * quota of the protocol e-mail (5 an hour) applies, and the same quota per mobile number to
 * the text messages, so nobody can flood an inbox or a phone through it.
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { isPlainEmail, DISQUE_ANS } from '../../contract/rules.ts';
import { MAX_EMAILS_PER_RECIPIENT_PER_HOUR, lockRecipients, recipientHasRoom, trackingLink } from './protocol-email.ts';
import { contactLines, findOperatorContact } from './operator-contact.ts';
import { mobileNumberOf } from './sms-provider.ts';
import { maskedProtocol } from './protocol.ts';

export const MAX_TRIES_PER_CPF_PER_HOUR = 5;
/**
 * Text messages one mobile number may receive in any hour (counted when queued, as the
 * e-mails per address): more reminders to it queue none.
 */
export const MAX_SMS_PER_RECIPIENT_PER_HOUR = 5;
/** A CPF may have a few requests (one refused, a new one): the newest ones only. */
const MAX_REQUESTS_REMINDED = 3;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** What every try answers, found or not. */
export const REMINDER_ANSWER =
  'Se houver uma solicitação com estes dados, enviamos o número do protocolo para o e-mail e o celular informados nela. ' +
  'Confira a sua caixa de entrada (e a de spam) e as suas mensagens nos próximos minutos.';

export class ReminderBraked extends Error {}

export interface ReminderInput {
  cpf: string;
  dtNascimento: string;
  cdEmpresaPlano: number;
}

function cpfKey(secret: string, cpf: string): string {
  return createHmac('sha256', secret).update(`lembrete-protocolo:${cpf}`).digest('hex');
}

interface Found {
  cd_solicitacao: number;
  nu_protocolo: string;
  cd_empresa_plano: number;
}

/**
 * Records the try and queues the reminders; call inside a transaction. Throws ReminderBraked
 * past the CPF's hourly share. Returns how many messages were queued (for the log only: the
 * answer never says).
 */
export async function requestProtocolReminder(
  tx: Queryable,
  input: ReminderInput,
  options: { secret: string; publicUrl: string | undefined; now: Date },
): Promise<number> {
  const key = cpfKey(options.secret, input.cpf);
  const hourAgo = new Date(options.now.getTime() - HOUR_MS);
  // One try at a time per CPF, so tries at once on any process cannot all see room.
  await tx.query('SELECT pg_advisory_xact_lock(24010, hashtext($1))', [key]);
  await tx.query('DELETE FROM protocol_reminder_tries WHERE dt_pedido < $1', [new Date(options.now.getTime() - DAY_MS)]);
  const [tries] = await tx.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM protocol_reminder_tries WHERE ds_chave = $1 AND dt_pedido > $2',
    [key, hourAgo],
  );
  if ((tries?.total ?? 0) >= MAX_TRIES_PER_CPF_PER_HOUR) throw new ReminderBraked();
  await tx.query('INSERT INTO protocol_reminder_tries (ds_chave, dt_pedido) VALUES ($1, $2)', [key, options.now]);

  const found = await tx.query<Found>(
    `SELECT cd_solicitacao, nu_protocolo, cd_empresa_plano FROM requests
      WHERE cpf = $1 AND dt_nascimento = $2 AND cd_empresa_plano = $3
      ORDER BY cd_solicitacao DESC LIMIT ${MAX_REQUESTS_REMINDED}`,
    [input.cpf, input.dtNascimento, input.cdEmpresaPlano],
  );
  const reminders: Reminder[] = [];
  for (const request of found) reminders.push({ request, ...(await recipientsOf(tx, request)) });
  // The quotas are counted under each recipient's lock (the one saves take), all taken before
  // any count: reminders at once for CPFs sharing an address cannot all see room for one more.
  await lockRecipients(
    tx,
    reminders.flatMap(({ email, mobile }) => [email, mobile].filter((to): to is string => Boolean(to))),
  );
  let queued = 0;
  for (const reminder of reminders) queued += await queueReminder(tx, reminder, options.publicUrl, options.now);
  return queued;
}

interface Reminder {
  request: Found;
  email: string | undefined;
  mobile: string | undefined;
}

/** Where the request is written to: the e-mail and the mobile number on file. */
async function recipientsOf(tx: Queryable, request: Found): Promise<Omit<Reminder, 'request'>> {
  const contacts = await tx.query<{ tp_contato: string; ds_contato: string }>(
    'SELECT tp_contato, ds_contato FROM contacts WHERE cd_solicitacao = $1 ORDER BY id',
    [request.cd_solicitacao],
  );
  const email = contacts.map((c) => (c.tp_contato === '2' ? c.ds_contato.trim() : '')).find((value) => isPlainEmail(value));
  const mobile = contacts.map((c) => (c.tp_contato === '1' ? mobileNumberOf(c.ds_contato) : null)).find(Boolean) ?? undefined;
  return { email, mobile };
}

async function queueReminder(
  tx: Queryable,
  { request, email, mobile }: Reminder,
  publicUrl: string | undefined,
  now: Date,
): Promise<number> {
  if (!email && !mobile) return 0;
  const contact = await findOperatorContact(tx, request.cd_empresa_plano);
  const operator = contact?.operadora ?? 'a operadora';
  const link = trackingLink(publicUrl, request.cd_empresa_plano);
  const insert = (canal: 'email' | 'sms', to: string, subject: string, text: string) =>
    tx.query(
      `INSERT INTO outbox_emails (cd_solicitacao, tp_canal, ds_destinatario, ds_assunto, ds_texto, dt_proxima, dt_criacao)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [request.cd_solicitacao, canal, to, subject, text, now],
    );
  let queued = 0;
  // The text message says the whole number went to the e-mail only when it did (its quota may be spent).
  let emailed = false;
  if (email) {
    if (await recipientHasRoom(tx, email, MAX_EMAILS_PER_RECIPIENT_PER_HOUR, now)) {
      const text = [
        'Olá,',
        '',
        `Foi pedido no portal de portabilidade o número do protocolo da sua solicitação para ${operator}.`,
        '',
        `O número do protocolo é: ${request.nu_protocolo}`,
        '',
        link
          ? `Para acompanhar, acesse ${link}, escolha "Acompanhar Solicitação" e informe o protocolo.`
          : 'Para acompanhar, acesse o portal de portabilidade, escolha "Acompanhar Solicitação" e informe o protocolo.',
        'Quando pedida, a senha de acesso são os 6 últimos dígitos do número do protocolo.',
        '',
        'Se não foi você quem pediu, ignore este e-mail: o protocolo só foi enviado para os contatos da solicitação.',
        '',
        'Dúvidas?',
        ...contactLines(contact),
        `ANS: Disque ANS ${DISQUE_ANS.label} ou a Notificação de Intermediação Preliminar (NIP) em www.gov.br/ans.`,
        '',
        'Esta é uma mensagem automática: por favor, não responda.',
        '',
      ].join('\n');
      // The subject shows on a locked phone: without the last 6 digits (the password), as the SMS.
      await insert('email', email, `Protocolo da sua solicitação de portabilidade: ${maskedProtocol(request.nu_protocolo)}`, text);
      queued += 1;
      emailed = true;
    }
  }
  if (mobile && (await recipientHasRoom(tx, mobile, MAX_SMS_PER_RECIPIENT_PER_HOUR, now))) {
    const sms =
      `Portabilidade ${operator}: foi pedido o seu protocolo (${maskedProtocol(request.nu_protocolo)}). ` +
      `${emailed ? 'O número completo foi enviado ao seu e-mail. ' : ''}${link ? `Acompanhe em ${link}` : 'Acompanhe no portal de portabilidade'}. ` +
      'Se não foi você, ignore.';
    await insert('sms', mobile, 'Lembrete de protocolo', sms);
    queued += 1;
  }
  return queued;
}
