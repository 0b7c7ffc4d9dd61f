/**
 * The link to a request's receipt ("comprovante", issue 25): `comprovante/<handle>`, the handle
 * `base64url(iv ‖ AES-256-GCM(protocol, expiry) ‖ tag)` under a key derived from the server
 * secret for this use alone. Like the signed file links (services/file-links.ts) it is a
 * short-lived capability, since the browser downloads it where no token travels; unlike them
 * there is no stored file whose name could say which request it is, so the handle carries the
 * protocol sealed: the link shows no protocol, no internal id (nothing to count), and a handle
 * changed by one bit, or sealed under another secret, does not open. Sealed with it is the
 * session of the token that asked for the link: the route refuses the handle once that session
 * is ended ('Encerrar sessão', 'Retornar'), so the receipt in a shared phone's history dies
 * with the session that downloaded it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from './file-links.ts';
import type { TokenProof } from './tokens.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const ASSOCIATED_DATA = Buffer.from('portabilidade comprovante v1');
/**
 * A protocol of at most 100 characters, an expiry and a session, sealed, in base64url: far below
 * this. The router lets a path parameter be this long (app.ts): with the session, a 20-digit
 * protocol's handle is about 130 characters, past Fastify's default of 100.
 */
export const MAX_RECEIPT_HANDLE = 300;
export const RECEIPT_HANDLE = new RegExp(`^[A-Za-z0-9_-]{40,${MAX_RECEIPT_HANDLE}}$`);

export type ReceiptLinkCheck =
  | { kind: 'valid'; nuProtocolo: string; session: string | null; via: TokenProof | null }
  | { kind: 'expired'; nuProtocolo: string }
  | { kind: 'invalid' };

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'portabilidade', 'comprovante aes-256-gcm', 32));
}

/**
 * The link's path under the API base, valid as long as a file link from `now`, and only while
 * `session` is not ended; `via`, how that token was had, is sealed too: a request that comes
 * to need login after the link was made opens only to a link a login asked for.
 */
export function receiptPath(secret: string, nuProtocolo: string, now: Date, session: string, via: TokenProof): string {
  const expiry = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ p: nuProtocolo, e: expiry, s: session, v: via }), 'utf8'), cipher.final()]);
  return `comprovante/${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')}`;
}

/** Whether this server sealed the handle, for which request, and whether it is still in time. */
export function checkReceiptHandle(secret: string, handle: string, now: Date): ReceiptLinkCheck {
  if (!RECEIPT_HANDLE.test(handle)) return { kind: 'invalid' };
  const bytes = Buffer.from(handle, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return { kind: 'invalid' };
  let payload: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    payload = JSON.parse(plain.toString('utf8'));
  } catch {
    return { kind: 'invalid' };
  }
  const { p, e, s, v } = (payload ?? {}) as { p?: unknown; e?: unknown; s?: unknown; v?: unknown };
  if (typeof p !== 'string' || typeof e !== 'number' || (s !== undefined && typeof s !== 'string')) return { kind: 'invalid' };
  if (e * 1000 <= now.getTime()) return { kind: 'expired', nuProtocolo: p };
  // A handle sealed before links carried their session has none: it lives out its 2 hours.
  // One sealed before they carried how the token was had counts as no login.
  return { kind: 'valid', nuProtocolo: p, session: s ?? null, via: v === 'login' || v === 'protocol' ? v : null };
}
