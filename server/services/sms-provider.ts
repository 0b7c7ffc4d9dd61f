/**
 * Text messages (issue 26) through one configurable HTTP provider, SMS_PROVIDER_URL: the
 * outbox (services/outbox.ts) posts each message once per attempt and retries a failure
 * like an e-mail's. The request is a small JSON any Brazilian SMS or WhatsApp gateway (or a
 * relay in front of it) can take:
 *
 *   POST SMS_PROVIDER_URL
 *   content-type: application/json
 *   authorization: Bearer SMS_PROVIDER_TOKEN        (only when set)
 *   { "to": "+5585988887777", "numero": "85988887777", "text": "…", "id": "portabilidade-42" }
 *
 * `to` is E.164, `numero` the national number (DDD + number), `id` is the same on every retry
 * of one message (a gateway may use it to drop a repeat). Any 2xx is delivered; anything else,
 * a network error or no answer within SMS_TIMEOUT_MS is a failure, retried.
 *
 * Without SMS_PROVIDER_URL the same JSON is written to DATA_DIR/outbox/<id>.sms.json (beside
 * the .eml files) and logged, so a developer reads what would be sent.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMobilePhone } from '../../contract/rules.ts';

/** Long enough for a slow gateway, short enough that a hung one does not hold the outbox. */
export const SMS_TIMEOUT_MS = 10_000;

export interface SmsProvider {
  url?: string;
  token?: string;
  timeoutMs?: number;
}

export interface SmsBody {
  to: string;
  numero: string;
  text: string;
  id: string;
}

/** A Brazilian mobile as stored by the wizard (DDD + 9 + 8 digits), or null when it is not one. */
export function mobileNumberOf(value: string | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '').replace(/^55(?=\d{11}$)/, '');
  return isMobilePhone(digits) ? digits : null;
}

export function smsBody(cdMensagem: number, numero: string, text: string): SmsBody {
  return { to: `+55${numero}`, numero, text, id: `portabilidade-${cdMensagem}` };
}

/** The file a message goes to without a provider. */
export function smsFileName(cdMensagem: number): string {
  return `${cdMensagem}.sms.json`;
}

/** Posts the message; resolves with where it went ('sms'), throws on any failure (the outbox retries). */
export async function postSms(provider: SmsProvider & { url: string }, body: SmsBody): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (provider.token) headers.authorization = `Bearer ${provider.token}`;
  let response: Response;
  try {
    response = await fetch(provider.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(provider.timeoutMs ?? SMS_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new Error(timedOut ? 'o provedor de SMS não respondeu a tempo' : `provedor de SMS inacessível: ${(error as Error).message}`);
  }
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`o provedor de SMS respondeu ${response.status}`);
  return 'sms';
}

/** Writes the message as the provider would receive it; returns the file's path. */
export function writeSmsFile(outboxDir: string, cdMensagem: number, body: SmsBody): string {
  mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
  const path = join(outboxDir, smsFileName(cdMensagem));
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, path);
  return path;
}
