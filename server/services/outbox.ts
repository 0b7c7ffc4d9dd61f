/**
 * Delivers the queued e-mails (outbox_emails, server/db/migrations/004_outbox_emails.sql):
 * over SMTP with nodemailer when SMTP_URL is set; otherwise each message is written as one
 * .eml file into DATA_DIR/outbox/ and logged, so a developer can read what would be sent.
 *
 * Every process runs one: it looks for due messages right after a save in this process
 * (`kick`) and every `pollMs` (retries, and messages saved by a process that stopped). A
 * message is claimed by one atomic UPDATE … FOR UPDATE SKIP LOCKED that also moves its next
 * attempt a lease ahead, so two processes never send it at once and a process that dies while
 * sending leaves it to be tried again. A failure is recorded and retried after a growing
 * delay; after the last, the message is given up (visible in `backoffice outbox`).
 *
 * Nothing here names a file or a log line after the protocol: .eml files are `<id>.eml`
 * (files of earlier versions, `<id>-<protocol>.eml`, are renamed at start), and once a
 * message is delivered its subject and text leave the database — SMTP took them, or the .eml
 * file holds them until the retention purge (services/purge.ts) removes it.
 *
 * A row with tp_canal 'sms' (issue 26) is a text message to a mobile number: posted to
 * SMS_PROVIDER_URL (services/sms-provider.ts), or written as `<id>.sms.json` beside the .eml
 * files without it; claimed, retried, given up and listed exactly like an e-mail.
 */
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/database.ts';
import { isPlainEmail } from '../../contract/rules.ts';
import type { Clock } from './clock.ts';
import { mobileNumberOf, postSms, smsBody, writeSmsFile, type SmsProvider } from './sms-provider.ts';

export const RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
/** Longer than any SMTP exchange: a claimed message is tried again after this if its process vanished. */
const LEASE_MS = 5 * 60_000;
export const DEFAULT_MAIL_FROM = 'Portabilidade <nao-responda@portabilidade.invalid>';

export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OutboxOptions {
  db: Queryable;
  clock: Clock;
  /** SMTP_URL (smtp://user:pass@host:port or smtps://…); without it, .eml files into `outboxDir`. */
  smtpUrl?: string;
  from?: string;
  outboxDir: string;
  log: OutboxLog;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  /** SMS_PROVIDER_URL (and its token, timeout); without a url, text messages are written as .sms.json files. */
  sms?: SmsProvider;
}

interface Claimed {
  cd_mensagem: number;
  ds_destinatario: string;
  ds_assunto: string;
  ds_texto: string;
  nu_tentativas: number;
  tp_canal: 'email' | 'sms';
}

/** The .eml file of a message: named by its id alone. */
export function emlName(cdMensagem: number): string {
  return `${cdMensagem}.eml`;
}

const LEGACY_EML = /^(\d+)-\d+\.eml$/;

/** Renames `<id>-<protocol>.eml` files of earlier versions to `<id>.eml`; returns how many. */
export function renameLegacyEmlFiles(outboxDir: string): number {
  let names: string[];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return 0;
  }
  let renamed = 0;
  for (const name of names) {
    const legacy = LEGACY_EML.exec(name);
    if (!legacy) continue;
    try {
      renameSync(join(outboxDir, name), join(outboxDir, emlName(Number(legacy[1]))));
      renamed += 1;
    } catch {
      // Renamed by another process sharing the directory: nothing to do.
    }
  }
  return renamed;
}

export class Outbox {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private transport: Promise<Transporter> | null = null;

  constructor(private readonly options: OutboxOptions) {}

  /** Polls for due messages from now on (the timer never keeps the process alive). */
  start(): this {
    renameLegacyEmlFiles(this.options.outboxDir);
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 30_000);
    this.timer.unref();
    this.kick();
    return this;
  }

  /** Delivers what is due, soon; never throws and never makes the caller wait. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(
        () => undefined,
        (error: unknown) => this.options.log.warn({ err: error }, 'falha ao entregar e-mails da fila'),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the delivery under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    if (this.transport) (await this.transport).close();
  }

  /** Sends every due message, one at a time; returns how many were tried. */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      if (this.stopped && tried > 0) return tried;
      const message = await this.claim();
      if (!message) return tried;
      tried += 1;
      try {
        const delivery = await this.send(message);
        // Delivered: the subject and text (the protocol) are not kept.
        await this.options.db.query(
          `UPDATE outbox_emails SET dt_enviado = $2, ds_entrega = $3, ds_erro = NULL, ds_assunto = '', ds_texto = ''
           WHERE cd_mensagem = $1`,
          [message.cd_mensagem, this.options.clock(), delivery],
        );
      } catch (error) {
        await this.recordFailure(message, error);
      }
    }
  }

  private async claim(): Promise<Claimed | null> {
    const now = this.options.clock();
    const [row] = await this.options.db.query<Claimed>(
      `UPDATE outbox_emails o SET nu_tentativas = o.nu_tentativas + 1, dt_proxima = $2
       WHERE o.cd_mensagem = (
         SELECT cd_mensagem FROM outbox_emails
         WHERE dt_enviado IS NULL AND dt_desistencia IS NULL AND dt_proxima <= $1
         ORDER BY dt_proxima, cd_mensagem LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING o.cd_mensagem, o.ds_destinatario, o.ds_assunto, o.ds_texto, o.nu_tentativas, o.tp_canal`,
      [now, new Date(now.getTime() + LEASE_MS)],
    );
    return row ?? null;
  }

  private async recordFailure(message: Claimed, error: unknown): Promise<void> {
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const now = this.options.clock();
    const delay = delays[message.nu_tentativas - 1];
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await this.options.db.query('UPDATE outbox_emails SET ds_erro = $2, dt_proxima = $3, dt_desistencia = $4 WHERE cd_mensagem = $1', [
      message.cd_mensagem,
      reason,
      new Date(now.getTime() + (delay ?? 0)),
      delay === undefined ? now : null,
    ]);
    this.options.log.warn(
      { cdMensagem: message.cd_mensagem, tentativa: message.nu_tentativas, erro: reason },
      `${message.tp_canal === 'sms' ? 'SMS' : 'e-mail'} não enviado; ` +
        (delay === undefined ? 'tentativas esgotadas' : `nova tentativa em ${Math.round(delay / 1000)} s`),
    );
  }

  private async send(message: Claimed): Promise<string> {
    if (message.tp_canal === 'sms') return this.sendSms(message);
    // Queued only when plain (services/protocol-email.ts); a row from before that rule is not sent.
    if (!isPlainEmail(message.ds_destinatario)) throw new Error('destinatário não é um endereço simples (nome@dominio)');
    const transport = await this.transporter();
    const mail = {
      from: this.options.from ?? DEFAULT_MAIL_FROM,
      // An address object: nodemailer then reads no display name nor list out of it.
      to: { name: '', address: message.ds_destinatario },
      subject: message.ds_assunto,
      text: message.ds_texto,
    };
    const info = await transport.sendMail(mail);
    if (this.options.smtpUrl) return 'smtp';
    // No SMTP: the message as a mail client would save it, written whole or not at all.
    mkdirSync(this.options.outboxDir, { recursive: true, mode: 0o700 });
    const path = join(this.options.outboxDir, emlName(message.cd_mensagem));
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, info.message as Buffer, { mode: 0o600 });
    renameSync(temp, path);
    this.options.log.info({ cdMensagem: message.cd_mensagem, arquivo: path }, 'e-mail gravado (sem SMTP_URL)');
    return path;
  }

  private async sendSms(message: Claimed): Promise<string> {
    const numero = mobileNumberOf(message.ds_destinatario);
    if (!numero) throw new Error('destinatário não é um celular brasileiro (DDD + 9 dígitos)');
    const body = smsBody(message.cd_mensagem, numero, message.ds_texto);
    const provider = this.options.sms;
    if (provider?.url) return postSms({ ...provider, url: provider.url }, body);
    const path = writeSmsFile(this.options.outboxDir, message.cd_mensagem, body);
    this.options.log.info({ cdMensagem: message.cd_mensagem, arquivo: path }, 'SMS gravado (sem SMS_PROVIDER_URL)');
    return path;
  }

  private transporter(): Promise<Transporter> {
    // nodemailer is loaded only when there is something to send.
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.options.smtpUrl
        ? // smtp:// must upgrade with STARTTLS or not send at all (smtps:// is TLS from the start);
          // only an explicit `?requireTLS=false` in SMTP_URL (a relay on the same host) opts out.
          nodemailer.createTransport({ url: this.options.smtpUrl, requireTLS: true })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }
}
