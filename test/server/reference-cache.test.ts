/**
 * Reference data (the same for everyone) may be kept by browsers and proxies and revalidated
 * by its ETag; what is about a person or a request is never stored.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CSRF, DEMO, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

/** A browser that already holds its CSRF cookie: the answer hands it nothing of its own. */
const BROWSER = { cookie: `XSRF-TOKEN=${CSRF}` };

const REFERENCE_CALLS = [
  'portabilidade?solicitacao=9',
  'portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1',
  'auth/recuperar-chave?cdTipo=65&cdEmpresaPlano=1',
  'portabilidade/utils/contratacao/destino?cdEmpresaPlano=1',
  'portabilidade/utils/plano/destino/lista',
  'portabilidade/utils/documento/list?solicitacao=9',
  'portabilidade/utils/privacidade?cdEmpresaPlano=1',
  // The operator's contact (footer, recourse): the same for everyone, changed by the back office.
  'portabilidade/utils/contato?cdEmpresaPlano=1',
];

/** Reference calls that fail: a CEP that is not one, an unknown plan. */
const REFERENCE_ERRORS = [
  ['portabilidade/utils/cep?cep=abc', 400],
  ['portabilidade/utils/privacidade?cdEmpresaPlano=999', 404],
  ['portabilidade/utils/contato?cdEmpresaPlano=999', 404],
] as const;

describe('reference data', () => {
  it.each(REFERENCE_CALLS)('%s: ETag and a public five-minute Cache-Control; If-None-Match gets 304 and no body', async (path) => {
    const first = await server.get(path, { headers: BROWSER });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[^"]+"$/);

    const again = await server.get(path, { headers: { ...BROWSER, 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const stale = await server.get(path, { headers: { ...BROWSER, 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it.each(REFERENCE_ERRORS)(
    '%s: an error carries no ETag, and a conditional request still gets the error (RFC 9110 §13.2.1)',
    async (path, status) => {
      const first = await server.get(path, { headers: BROWSER });
      expect(first.statusCode, first.body).toBe(status);
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['cache-control']).toBe('no-store');
      // The tag a validator would make of this body, and '*' (any current answer).
      const tag = `"${createHash('sha1').update(first.body).digest('base64')}"`;
      for (const condition of [tag, '*']) {
        const again = await server.get(path, { headers: { ...BROWSER, 'if-none-match': condition } });
        expect(again.statusCode).toBe(status);
        expect(again.body).toBe(first.body);
        expect(again.headers.etag).toBeUndefined();
      }
    },
  );

  it('If-None-Match as a list, weak, or *: 304 for an answer it names (RFC 9110 §13.1.2)', async () => {
    const path = 'portabilidade/utils/privacidade?cdEmpresaPlano=1';
    const tag = String((await server.get(path, { headers: BROWSER })).headers.etag);
    for (const condition of [`"outra", ${tag}`, `W/${tag}`, '*']) {
      expect((await server.get(path, { headers: { ...BROWSER, 'if-none-match': condition } })).statusCode, condition).toBe(304);
    }
    expect((await server.get(path, { headers: { ...BROWSER, 'if-none-match': '"outra", "mais uma"' } })).statusCode).toBe(200);
  });

  it('a HEAD (curl -I) shows the ETag and Cache-Control', async () => {
    const head = await server.app.inject({ method: 'HEAD', url: `${API}portabilidade?solicitacao=9`, headers: BROWSER });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBeTruthy();
    expect(head.headers['cache-control']).toBe('public, max-age=300');
  });

  it('an answer that hands out the CSRF cookie is private to that browser', async () => {
    const cookieless = await server.app.inject({ method: 'GET', url: `${API}portabilidade?solicitacao=9` });
    expect(cookieless.statusCode).toBe(200);
    expect(cookieless.headers['set-cookie']).toBeTruthy();
    expect(cookieless.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('what is about a request', () => {
  it('is never stored and carries no ETag', async () => {
    const tracking = await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`, { headers: BROWSER });
    expect(tracking.statusCode, tracking.body).toBe(200);
    expect(tracking.headers['cache-control']).toBe('no-store');
    expect(tracking.headers.etag).toBeUndefined();
  });

  it("a CEP asked for is the person's address: never stored, on the phone or by a proxy (found by an exploratory run)", async () => {
    const cep = await server.get('portabilidade/utils/cep?cep=60000000', { headers: BROWSER });
    expect(cep.headers['cache-control']).toBe('no-store');
    expect(cep.headers.etag).toBeUndefined();
  });
});
