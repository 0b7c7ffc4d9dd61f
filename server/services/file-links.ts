/**
 * Links to stored files (uploads, terms, generated PDFs) are signed and short-lived:
 * `arquivos/<name>?expira=<epoch seconds>[&sessao=<session>]&assinatura=<MAC>`, the MAC an
 * HMAC-SHA256 under a key derived from the server secret over the file's name, the protocol of
 * the request that owns it, the expiry and, for a link issued to a token, that token's session.
 * The protocol never appears in the link; the server looks up the owner when the link is
 * opened, so a link is good only for its own request's file, only until it expires, and only on
 * servers sharing the secret. The portal opens links in a new tab, where no token travels: the
 * signature is the permission, so every list call issues fresh links and an old one (a log, a
 * browser history, a forwarded message) stops working.
 *
 * The session is what makes 'Encerrar sessão' reach the links: the file route refuses a link
 * whose session was ended (services/sessions.ts), as it refuses an expired one. The session id
 * shows in the link but opens nothing by itself (a token is sealed, services/tokens.ts), and a
 * link cannot lose it: without `sessao` the MAC is over other bytes. A link issued without a
 * token (a request that needs no login, listed anonymously) has no session and lives its 2 hours.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * How long a link works after the call that issued it (documented in server/README.md): as long
 * as the token of the screen that listed it, so a tracking screen whose session is alive never
 * opens (or signs after opening) a dead link; a link copied out of it dies with that session,
 * at the latest by this time, at once when it is ended ('Encerrar sessão', 'Retornar').
 */
export const FILE_LINK_TTL_SECONDS = TOKEN_TTL_SECONDS;

/** 128 bits of MAC, base64url. */
const MAC_BYTES = 16;
const EXPIRY_FORMAT = /^\d{1,12}$/;
const MAC_FORMAT = /^[A-Za-z0-9_-]{22}$/;
/** A session id (services/tokens.ts newSession): 128 bits, base64url. */
const SESSION_FORMAT = /^[A-Za-z0-9_-]{22}$/;

export type FileLinkCheck = { kind: 'valid'; session: string | null; login: boolean } | { kind: 'expired' } | { kind: 'invalid' };

/** A key of its own: a file link's MAC can never pass for an access or CSRF token. */
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('portabilidade/arquivos/v1').digest();
}

/** Over three lines, four with a session, five when a login asked: none can pass for another. */
function mac(secret: string, name: string, nuProtocolo: string, expiry: number, session: string | null, login = false): Buffer {
  const signed = `${name}\n${nuProtocolo}\n${expiry}${session === null ? '' : `\n${session}`}${login ? '\nlogin' : ''}`;
  return createHmac('sha256', linkKey(secret)).update(signed).digest().subarray(0, MAC_BYTES);
}

/**
 * The link's path under the API base, valid FILE_LINK_TTL_SECONDS from `now` and, when issued
 * to a token, only while that token's session is not ended.
 */
export function signedFilePath(
  secret: string,
  name: string,
  nuProtocolo: string,
  now: Date,
  session: string | null = null,
  /** Asked with a login token: it still opens once the request needs login (SPEC §6); no other does. */
  login = false,
): string {
  if (session !== null && !SESSION_FORMAT.test(session)) throw new Error('sessão em formato inesperado');
  const expiry = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  const bound = `${session === null ? '' : `&sessao=${session}`}${login && session !== null ? '&acesso=login' : ''}`;
  const signature = mac(secret, name, nuProtocolo, expiry, session, login && session !== null).toString('base64url');
  return `arquivos/${name}?expira=${expiry}${bound}&assinatura=${signature}`;
}

/**
 * Whether the query of a link to `name` was issued by this server for this request, and is
 * still in time. A forged, altered or incomplete link is `invalid`; a genuine one past its
 * expiry, `expired`; a valid one names the session it was issued under (null: none), which
 * the caller checks is not ended.
 */
export function checkFileLink(
  secret: string,
  name: string,
  nuProtocolo: string,
  query: { expira?: unknown; sessao?: unknown; acesso?: unknown; assinatura?: unknown },
  now: Date,
): FileLinkCheck {
  const { expira, sessao, acesso, assinatura } = query;
  if (typeof expira !== 'string' || typeof assinatura !== 'string' || !EXPIRY_FORMAT.test(expira) || !MAC_FORMAT.test(assinatura)) {
    return { kind: 'invalid' };
  }
  if (sessao !== undefined && (typeof sessao !== 'string' || !SESSION_FORMAT.test(sessao))) return { kind: 'invalid' };
  if (acesso !== undefined && (acesso !== 'login' || sessao === undefined)) return { kind: 'invalid' };
  const session = sessao ?? null;
  const login = acesso === 'login';
  const expiry = Number(expira);
  const given = Buffer.from(assinatura, 'base64url');
  const expected = mac(secret, name, nuProtocolo, expiry, session, login);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid' };
  return expiry * 1000 <= now.getTime() ? { kind: 'expired' } : { kind: 'valid', session, login };
}
