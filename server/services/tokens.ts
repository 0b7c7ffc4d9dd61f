/**
 * Access tokens: `base64url(payload).base64url(HMAC-SHA256(payload))`, payload
 * `{ p: nuProtocolo, exp: epoch seconds, via }`. Stateless, so any API process with the same
 * secret accepts them.
 *
 * `via` says what the caller proved: `login` (CPF and password, `POST auth`) or `protocol`
 * (they named the protocol itself: the tracking lookup or the save of a new request). A
 * protocol token opens what knowing the protocol opens — never a request that needs a login.
 * Tokens made before `via` existed were all login tokens.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

export type TokenProof = 'login' | 'protocol';

interface Payload {
  p: string;
  exp: number;
  via?: TokenProof;
}

export interface TokenClaims {
  nuProtocolo: string;
  via: TokenProof;
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function issueToken(nuProtocolo: string, now: Date, secret: string, via: TokenProof = 'login'): string {
  const payload: Payload = { p: nuProtocolo, exp: Math.floor(now.getTime() / 1000) + TOKEN_TTL_SECONDS, via };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data, secret).toString('base64url')}`;
}

/** What the token grants, or null when it is malformed, forged or expired. */
export function readToken(token: string, now: Date, secret: string): TokenClaims | null {
  if (token.length > 1_000) return null;
  const [data, mac, extra] = token.split('.');
  if (!data || !mac || extra !== undefined) return null;
  const expected = sign(data, secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<Payload>;
    if (typeof payload.p !== 'string' || typeof payload.exp !== 'number') return null;
    if (payload.exp * 1000 <= now.getTime()) return null;
    return { nuProtocolo: payload.p, via: payload.via === 'protocol' ? 'protocol' : 'login' };
  } catch {
    return null;
  }
}

/** The protocol the token grants, or null when it is malformed, forged or expired. */
export function verifyToken(token: string, now: Date, secret: string): string | null {
  return readToken(token, now, secret)?.nuProtocolo ?? null;
}
