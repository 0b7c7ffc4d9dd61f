/**
 * Access tokens, opaque to whoever holds them: `base64url(version ‖ iv ‖ ciphertext ‖ tag)`,
 * AES-256-GCM under a key derived (HKDF-SHA256) from the token secret. The sealed payload is
 * `{ p: nuProtocolo, e: expiry (epoch seconds), v: via, s: session }`; from the outside a token
 * is 12 random bytes followed by ciphertext of a fixed length: it shows no protocol, no
 * password digits, no expiry. GCM's tag is the signature: a token changed by one bit, or
 * sealed under another secret, does not open. Any process with the same secret reads them.
 *
 * `via` says what the caller proved: `login` (CPF and password, `POST auth`) or `protocol`
 * (they named the protocol itself: the tracking lookup or the save of a new request). A
 * protocol token opens what knowing the protocol opens — never a request that needs a login.
 *
 * `session` names the sitting the token belongs to: a login starts one, a tracking lookup
 * that presents a protocol token of the same protocol continues it in the fresh token it
 * answers. 'Encerrar sessão' revokes the session (services/sessions.ts), so every token of
 * it, copies included, stops working.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Longer headers are not ours: refused before any decryption. */
export const MAX_TOKEN_LENGTH = 1_000;

export type TokenProof = 'login' | 'protocol';

export interface TokenClaims {
  nuProtocolo: string;
  via: TokenProof;
  session: string;
}

interface Payload {
  p: string;
  e: number;
  v: TokenProof;
  s: string;
}

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the ciphertext to its use: the same key could never open another kind of message. */
const ASSOCIATED_DATA = Buffer.from('portabilidade access token v1');

/** One derived key per secret; a process has one secret (tests use a few), so keep the last. */
let cachedKey: { secret: string; key: Buffer } | undefined;

function keyOf(secret: string): Buffer {
  if (cachedKey?.secret !== secret) {
    const key = Buffer.from(hkdfSync('sha256', secret, 'portabilidade', 'access-token aes-256-gcm', 32));
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

/** A new session id: 128 random bits. */
export function newSession(): string {
  return randomBytes(16).toString('base64url');
}

export function issueToken(
  nuProtocolo: string,
  now: Date,
  secret: string,
  via: TokenProof = 'login',
  session: string = newSession(),
): string {
  const payload: Payload = { p: nuProtocolo, e: Math.floor(now.getTime() / 1000) + TOKEN_TTL_SECONDS, v: via, s: session };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

function open(token: string, secret: string): unknown {
  if (token.length > MAX_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT_VERSION) return null;
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    // A wrong tag (forged, altered, another secret) or a payload that is not ours.
    return null;
  }
}

/**
 * What the token grants, or null when it is malformed, forged or expired. Says nothing about
 * revocation: that needs the database (services/sessions.ts).
 */
export function readToken(token: string, now: Date, secret: string): TokenClaims | null {
  const payload = open(token, secret) as Partial<Payload> | null;
  if (!payload || typeof payload !== 'object') return null;
  const { p, e, v, s } = payload;
  if (typeof p !== 'string' || typeof e !== 'number' || typeof s !== 'string') return null;
  if (v !== 'login' && v !== 'protocol') return null;
  if (e * 1000 <= now.getTime()) return null;
  return { nuProtocolo: p, via: v, session: s };
}
