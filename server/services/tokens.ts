/**
 * Access tokens: `base64url(payload).base64url(HMAC-SHA256(payload))`, payload
 * `{ p: nuProtocolo, exp: epoch seconds }`. Stateless, so any API process with the same
 * secret accepts them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

interface Payload {
  p: string;
  exp: number;
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function issueToken(nuProtocolo: string, now: Date, secret: string): string {
  const payload: Payload = { p: nuProtocolo, exp: Math.floor(now.getTime() / 1000) + TOKEN_TTL_SECONDS };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data, secret).toString('base64url')}`;
}

/** The protocol the token grants, or null when it is malformed, forged or expired. */
export function verifyToken(token: string, now: Date, secret: string): string | null {
  const [data, mac, extra] = token.split('.');
  if (!data || !mac || extra !== undefined) return null;
  const expected = sign(data, secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<Payload>;
    if (typeof payload.p !== 'string' || typeof payload.exp !== 'number') return null;
    return payload.exp * 1000 > now.getTime() ? payload.p : null;
  } catch {
    return null;
  }
}
