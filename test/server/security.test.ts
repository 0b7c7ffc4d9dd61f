import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/app.ts';
import { ENCODED_BODY_MESSAGE } from '../../server/http/body-encoding.ts';
import { API, DEMO, messageOf, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let bare: TestServer;
const staticDir = mkdtempSync(join(tmpdir(), 'portabilidade-dist-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><title>Portabilidade</title><script type="module" src="/assets/app-1a2b3c.js"></script>',
);
writeFileSync(join(staticDir, 'assets', 'app-1a2b3c.js'), 'console.log("portal");');

beforeAll(async () => {
  server = await startServer({ staticDir });
  bare = await startServer({ staticDir: join(staticDir, 'missing') });
}, 90_000);
afterAll(async () => {
  await server.close();
  await bare.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the portal page, its assets, API answers, files, errors and 404s', async () => {
    const responses = [
      await server.app.inject({ method: 'GET', url: '/' }),
      await server.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' }),
      await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`),
      await server.get('portabilidade/acompanhamento?protocolo=1'),
      await server.get('portabilidade/acompanhamento'),
      await server.app.inject({ method: 'GET', url: '/nao-existe' }),
      await server.app.inject({ method: 'GET', url: `${API}nao-existe` }),
      await server.post('auth', '{"cpf":', {}),
      await server.post('auth', {}, { csrf: false }),
      await server.app.inject({ method: 'GET', url: `${API}imagens/operadora-1-logo.svg` }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 404, 400, 404, 404, 400, 403, 200]);
    for (const response of responses) expectSecurityHeaders(response);
  });

  it('hands out a readable SameSite=Strict XSRF-TOKEN cookie when the browser has none', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{24}\.[\w-]{22}; Path=\/; SameSite=Strict$/);
    expect(cookie).not.toContain('HttpOnly');
    const token = cookie.slice('XSRF-TOKEN='.length, cookie.indexOf(';'));
    const again = await server.app.inject({ method: 'GET', url: '/', headers: { cookie: `XSRF-TOKEN=${token}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A cookie this server did not sign is replaced by one it did.
    const planted = await server.app.inject({ method: 'GET', url: '/', headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz' } });
    expect(String(planted.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{24}\.[\w-]{22};/);
  });
});

describe('CSRF', () => {
  it('refuses an API POST without the header, or with one that differs from the cookie', async () => {
    const body = { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' };
    const missing = await server.post('auth', body, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(messageOf(missing)).toMatch(/CSRF/);
    const differs = await server.post('auth', body, {
      csrf: false,
      headers: { cookie: 'XSRF-TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa', 'x-xsrf-token': 'bbbbbbbbbbbbbbbbbbbbbbbb' },
    });
    expect(differs.statusCode).toBe(403);
    const matching = await server.post('auth', body);
    expect(matching.statusCode).toBe(200);
  });
});

describe('bad bodies', () => {
  it('answers truncated JSON with a clear 400 and keeps serving', async () => {
    const truncated = await server.post('portabilidade', '{"tipo":"9","nome":"JO');
    expect(truncated.statusCode).toBe(400);
    expect(messageOf(truncated)).toBe('O corpo da requisição não é um JSON válido (está malformado ou incompleto).');
    const next = await server.get('portabilidade/utils/contratacao/destino');
    expect(next.statusCode).toBe(200);
  });

  it('answers a body that is not an object with a field-less 400', async () => {
    const response = await server.post('auth', '[1,2]');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/^Dados inválidos/);
  });

  it('refuses a body over the limit with 413 and a message', async () => {
    const response = await server.post('portabilidade/utils/documento', `{"x":"${'A'.repeat(BODY_LIMIT)}"}`);
    expect(response.statusCode).toBe(413);
    expect(messageOf(response)).toContain('10MB');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await server.post('auth', 'cpf=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode).toBe(415);
    expect(messageOf(response)).toContain('application/json');
  });

  it('refuses a compressed body with 415 and says so, on a call and on the upload', async () => {
    const body = gzipSync(JSON.stringify({ cpf: '52998224725', senha: '123456', cdEmpresaPlano: '1' }));
    for (const path of ['auth', 'portabilidade/utils/documento']) {
      const response = await server.post(path, body, { headers: { 'content-encoding': 'gzip' } });
      expect(response.statusCode, path).toBe(415);
      expect(messageOf(response)).toBe(ENCODED_BODY_MESSAGE);
    }
    const plain = await server.post(
      'auth',
      { cpf: '52998224725', senha: '123456', cdEmpresaPlano: '1' },
      { headers: { 'content-encoding': 'identity' } },
    );
    expect(plain.statusCode).not.toBe(415);
  });
});

describe('the portal files', () => {
  it('serves index.html revalidated and hashed assets immutable for a year', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('/assets/app-1a2b3c.js');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('explains how to build the portal when there is no build', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
    expectSecurityHeaders(page);
  });

  it("keeps a request's answers out of caches (reference data: reference-cache.test.ts)", async () => {
    const response = await server.get('portabilidade/acompanhamento?protocolo=48213907561238470015');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
