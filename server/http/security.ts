/**
 * Headers every response carries (API, SPA, files, errors, 404s) and the double-submit
 * CSRF check: the server hands out a random `XSRF-TOKEN` cookie (readable by the page,
 * SameSite=Strict) and every POST under the API must echo it in `X-XSRF-TOKEN`. A page
 * on another origin can make the browser send the cookie but cannot read it to echo it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/api/contract.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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

const CSRF_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * A new CSRF token: 24 random bytes, base64url. Every cookieless response mints one (the
 * portal's page in production; under the Vite dev server, whose index.html is not ours,
 * the first API answers), so they come from a pool filled 6 KB at a time: a randomBytes
 * call per token cost ~6 µs, a pooled one ~0.2 µs. Each slice is used once.
 */
const TOKEN_BYTES = 24;
let tokenPool = Buffer.alloc(0);
let tokenAt = 0;
function newCsrfToken(): string {
  if (tokenAt + TOKEN_BYTES > tokenPool.length) {
    tokenPool = randomBytes(TOKEN_BYTES * 256);
    tokenAt = 0;
  }
  const token = tokenPool.toString('base64url', tokenAt, tokenAt + TOKEN_BYTES);
  tokenAt += TOKEN_BYTES;
  return token;
}

function appendCookie(reply: FastifyReply, cookie: string) {
  const current = reply.getHeader('set-cookie');
  if (current === undefined) {
    reply.header('set-cookie', cookie);
    return;
  }
  reply.header('set-cookie', [...(Array.isArray(current) ? current : [String(current)]), cookie]);
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

export function registerSecurity(app: FastifyInstance, apiBase: string): void {
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    const cookie = readCookie(request, HEADERS.csrfCookie);
    if (!cookie || !CSRF_TOKEN.test(cookie)) {
      appendCookie(reply, `${HEADERS.csrfCookie}=${newCsrfToken()}; Path=/; SameSite=Strict`);
    }
    // Checked before the body is even read, so a forged 14 MB upload costs nothing.
    if (isUnsafe(request.method) && request.url.startsWith(apiBase)) {
      const header = request.headers[HEADERS.csrfHeader.toLowerCase()];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        return reply.code(403).send({ message: CSRF_MESSAGE });
      }
    }
  });

  // onSend as well: some answers (framework errors, replies built by plugins) may have
  // dropped or overridden what onRequest set.
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    const pagePolicy = pagePolicies.get(reply);
    if (pagePolicy) reply.header('content-security-policy', pagePolicy);
    reply.removeHeader('x-powered-by');
    return payload;
  });
}
