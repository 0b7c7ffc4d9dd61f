/**
 * Headers every response carries (API, SPA, files, errors, 404s) and the double-submit
 * CSRF check: the server hands out an `XSRF-TOKEN` cookie (readable by the page,
 * SameSite=Strict) and every state-changing request must echo it in `X-XSRF-TOKEN`. A page
 * on another origin can make the browser send the cookie but cannot read it to echo it.
 *
 * The check runs on the route the router matched, whatever the URL's spelling
 * (`/%77slinhafrente/v1/auth` is the auth route too), on every method but GET/HEAD/OPTIONS;
 * only a route that opts out (`config: { csrf: false }`, the loopback backoffice door) skips
 * it. And the token must be one this server made: it is signed with the server's secret, so
 * a cookie/header pair a subdomain or a script planted is refused.
 *
 * Behind TLS (`request.protocol` is https: an encrypted socket, or `X-Forwarded-Proto: https`
 * from a trusted proxy) answers also carry HSTS and the cookie is `Secure`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../contract/api.ts';
import { trustedPeer, trustsAnyProxy, type TrustProxy } from './trust-proxy.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Photos are shrunk (and iPhone photos decoded) in a worker the libraries start from a blob: URL (issue 27).
  "worker-src 'self' blob:",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const pagePolicies = new WeakMap<FastifyReply, string>();

/**
 * This answer's CSP also allows the given inline scripts by their SHA-256 (index.html's
 * few bytes that run before the bundle), never 'unsafe-inline'.
 */
export function allowInlineScripts(reply: FastifyReply, scripts: readonly string[]): void {
  if (scripts.length === 0) return;
  const hashes = scripts.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  pagePolicies.set(reply, CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`));
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A new CSRF token: 18 random bytes and their HMAC under the server's secret, both base64url.
 * Every cookieless response mints one (the portal's page in production; under the Vite dev
 * server, whose index.html is not ours, the first API answers), except an answer a shared
 * cache may keep (`Cache-Control: public`), which never carries it.
 */
const RANDOM_BYTES = 18;
const MAC_BYTES = 16;

function csrfMac(random: string, secret: string): string {
  return createHmac('sha256', secret).update(`xsrf:${random}`).digest().subarray(0, MAC_BYTES).toString('base64url');
}

export function newCsrfToken(secret: string): string {
  const random = randomBytes(RANDOM_BYTES).toString('base64url');
  return `${random}.${csrfMac(random, secret)}`;
}

const CSRF_SHAPE = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{22})$/;

/** Whether this server made the token (its signature checks out). */
export function isOurCsrfToken(token: string, secret: string): boolean {
  const match = CSRF_SHAPE.exec(token);
  return match !== null && sameToken(match[2] as string, csrfMac(match[1] as string, secret));
}

function appendCookie(reply: FastifyReply, cookie: string) {
  const current = reply.getHeader('set-cookie');
  if (current === undefined) {
    reply.header('set-cookie', cookie);
    return;
  }
  reply.header('set-cookie', [...(Array.isArray(current) ? current : [String(current)]), cookie]);
}

/**
 * Whether a shared cache (a proxy, a CDN) may keep this answer for everyone: then it must not
 * carry the CSRF cookie, or the cache would hand one browser's token to the next.
 */
function sharedCacheable(reply: FastifyReply): boolean {
  return /(^|,)\s*public\s*(,|$)/i.test(String(reply.getHeader('cache-control') ?? ''));
}

/** The answer without the CSRF cookie this server added (any other cookie stays). */
function dropCsrfCookie(reply: FastifyReply): void {
  const current = reply.getHeader('set-cookie');
  if (current === undefined) return;
  const kept = (Array.isArray(current) ? current : [String(current)]).filter((cookie) => !cookie.startsWith(`${HEADERS.csrfCookie}=`));
  if (kept.length === 0) reply.removeHeader('set-cookie');
  else reply.header('set-cookie', kept);
}

/** Same bytes in constant time. */
function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const CSRF_MESSAGE = 'Requisição recusada por segurança (token CSRF ausente ou inválido). Recarregue a página e tente novamente.';

function isUnsafe(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** Two years (MDN's advice; the HTTP Observatory asks for six months or more). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000';

export interface SecurityOptions {
  /** Signs the CSRF tokens. */
  secret: string;
  /**
   * PUBLIC_URL. When it is https and a trusted proxy says the client came over plain http
   * (`X-Forwarded-Proto: http`), page loads are redirected there (301).
   */
  publicUrl?: string;
  /** TRUST_PROXY: only then, and from a trusted proxy, is X-Forwarded-Proto believed. */
  trustProxy?: TrustProxy;
}

/** What a route may say in its `config` to be left out of the CSRF check. */
export interface CsrfRouteConfig {
  csrf?: boolean;
}

export function registerSecurity(app: FastifyInstance, options: SecurityOptions): void {
  const { secret, publicUrl } = options;
  const redirectToHttps = trustsAnyProxy(options.trustProxy) && (publicUrl?.startsWith('https://') ?? false);
  const fromTrustedProxy = trustedPeer(options.trustProxy);
  const cameOverPlainHttpViaProxy = (request: FastifyRequest): boolean =>
    // request.protocol reads X-Forwarded-Proto (trusted proxies only); absent, the proxy said nothing.
    request.protocol === 'http' && request.headers['x-forwarded-proto'] !== undefined && fromTrustedProxy(request.socket.remoteAddress);

  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (redirectToHttps && (request.method === 'GET' || request.method === 'HEAD') && cameOverPlainHttpViaProxy(request)) {
      return reply.code(301).header('location', `${publicUrl}${request.url}`).send();
    }
    const cookie = readCookie(request, HEADERS.csrfCookie);
    const issued = cookie !== undefined && isOurCsrfToken(cookie, secret);
    if (!issued) {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      appendCookie(reply, `${HEADERS.csrfCookie}=${newCsrfToken(secret)}; Path=/; SameSite=Strict${secure}`);
    }
    // Checked before the body is even read, so a forged 14 MB upload costs nothing.
    const config = request.routeOptions.config as CsrfRouteConfig | undefined;
    if (isUnsafe(request.method) && config?.csrf !== false) {
      const header = request.headers[HEADERS.csrfHeader.toLowerCase()];
      if (!issued || typeof header !== 'string' || !sameToken(cookie, header)) {
        return reply.code(403).header('cache-control', 'no-store').send({ message: CSRF_MESSAGE });
      }
    }
  });

  // onSend as well: some answers (framework errors, replies built by plugins) may have
  // dropped or overridden what onRequest set.
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    const pagePolicy = pagePolicies.get(reply);
    if (pagePolicy) reply.header('content-security-policy', pagePolicy);
    // The cookie goes with the page (no-cache) and the API answers (no-store or private), never
    // with what a shared cache may keep: the bundle under /assets/, plan images.
    if (sharedCacheable(reply)) dropCsrfCookie(reply);
    reply.removeHeader('x-powered-by');
    return payload;
  });
}
