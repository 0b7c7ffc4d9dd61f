/**
 * Links to stored files (uploads, terms, generated PDFs) are signed and short-lived:
 * `arquivos/<name>?expira=<epoch seconds>&assinatura=<MAC>`, the MAC an HMAC-SHA256 under a
 * key derived from the server secret over the file's name, the protocol of the request that
 * owns it and the expiry. The protocol never appears in the link; the server looks up the
 * owner when the link is opened, so a link is good only for its own request's file, only
 * until it expires, and only on servers sharing the secret. The portal opens links in a new
 * tab, where no token travels: the signature is the permission, so every list call issues
 * fresh links and an old one (a log, a browser history, a forwarded message) stops working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * How long a link works after the call that issued it (documented in server/README.md): as long
 * as the token of the screen that listed it, so a tracking screen whose session is alive never
 * opens (or signs after opening) a dead link, and a link copied out of it dies with that session.
 */
export const FILE_LINK_TTL_SECONDS = TOKEN_TTL_SECONDS;

/** 128 bits of MAC, base64url. */
const MAC_BYTES = 16;
const EXPIRY_FORMAT = /^\d{1,12}$/;
const MAC_FORMAT = /^[A-Za-z0-9_-]{22}$/;

export type FileLinkCheck = 'valid' | 'expired' | 'invalid';

/** A key of its own: a file link's MAC can never pass for an access or CSRF token. */
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('portabilidade/arquivos/v1').digest();
}

function mac(secret: string, name: string, nuProtocolo: string, expiry: number): Buffer {
  return createHmac('sha256', linkKey(secret)).update(`${name}\n${nuProtocolo}\n${expiry}`).digest().subarray(0, MAC_BYTES);
}

/** The link's path under the API base, valid FILE_LINK_TTL_SECONDS from `now`. */
export function signedFilePath(secret: string, name: string, nuProtocolo: string, now: Date): string {
  const expiry = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  return `arquivos/${name}?expira=${expiry}&assinatura=${mac(secret, name, nuProtocolo, expiry).toString('base64url')}`;
}

/**
 * Whether the query of a link to `name` was issued by this server for this request, and is
 * still in time. A forged, altered or incomplete link is `invalid`; a genuine one past its
 * expiry, `expired`.
 */
export function checkFileLink(
  secret: string,
  name: string,
  nuProtocolo: string,
  expira: unknown,
  assinatura: unknown,
  now: Date,
): FileLinkCheck {
  if (typeof expira !== 'string' || typeof assinatura !== 'string' || !EXPIRY_FORMAT.test(expira) || !MAC_FORMAT.test(assinatura)) {
    return 'invalid';
  }
  const expiry = Number(expira);
  const given = Buffer.from(assinatura, 'base64url');
  const expected = mac(secret, name, nuProtocolo, expiry);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiry * 1000 <= now.getTime() ? 'expired' : 'valid';
}
