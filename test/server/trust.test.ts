/**
 * Issue 11, the rest of "no input breaks the server" and "no one reaches another person's
 * request": CSRF whatever the URL's spelling, tokens the server did not issue, links that
 * never come from Host, TLS headers behind a proxy, bounds answered fast, idempotent
 * acknowledgements, file names without bidi tricks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newCsrfToken } from '../../server/http/security.ts';
import { issueToken } from '../../server/services/tokens.ts';
import { API, CSRF, DEMO, FILES, SECRET, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const login = { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' };

describe('CSRF on the route the router matched', () => {
  it.each([
    '/%77slinhafrente/v1/auth',
    '/wslinhafrente/%761/auth',
    '/wslinhafrente/v1/%61uth',
    '/wslinhafrente/v1/auth/',
    '/wslinhafrente/v1//auth',
    '/wslinhafrente/v1/./auth',
    '/wslinhafrente/v1/auth?x=1',
    '/WSLINHAFRENTE/V1/AUTH',
    '/_backoffice/../wslinhafrente/v1/auth',
  ])('refuses POST %s without the CSRF header (403, or 404 where no route answers)', async (url) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(login),
    });
    expect([403, 404]).toContain(response.statusCode);
  });

  it('refuses every unsafe method, not only POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await server.app.inject({
        method,
        url: `${API}auth`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([403, 404]).toContain(response.statusCode);
    }
  });

  it('refuses a cookie/header pair this server did not issue, and takes the one it did', async () => {
    const planted = 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb';
    const otherServer = newCsrfToken('another-secret');
    for (const token of [planted, otherServer, 'x', CSRF.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))]) {
      const response = await server.post('auth', login, { csrf: false, headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token } });
      expect(response.statusCode, token).toBe(403);
      expect(messageOf(response)).toMatch(/CSRF/);
    }
    const issued = await server.app.inject({ method: 'GET', url: '/' });
    const cookie = String(issued.headers['set-cookie']).split(';')[0] ?? '';
    const token = cookie.slice('XSRF-TOKEN='.length);
    const ok = await server.post('auth', login, { csrf: false, headers: { cookie, 'x-xsrf-token': token } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('links never come from Host', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' };
  const leaks = (response: LightMyRequestResponse) => `${JSON.stringify(response.headers)} ${response.body}`.includes('evil.example');

  it('answers relative links without PUBLIC_URL, and the forged host appears in no answer', async () => {
    const saved = (await server.post('portabilidade', validRequest())).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
      token: string;
    };
    await server.post('portabilidade/utils/documento', {
      nuProtocolo: saved.nuProtocolo,
      tipoSolicitacao: '9',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.pdf',
      nmExtensao: 'pdf',
      arquivoBase64: FILES.pdf,
    });
    const responses = [
      await server.get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1', { headers: forged }),
      await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`, { headers: forged }),
      await server.get(`portabilidade/documento/assinatura?protocolo=${DEMO.loginRequired.protocolo}`, {
        headers: forged,
        token: issueToken(DEMO.loginRequired.protocolo, server.clock.now, SECRET),
      }),
      await server.post(
        'portabilidade/utils/documento/aceite',
        { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: saved.cdSolicitacao },
        { token: saved.token, headers: forged },
      ),
      await server.app.inject({ method: 'GET', url: '/', headers: forged }),
      await server.app.inject({ method: 'GET', url: '/nada', headers: forged }),
      await server.app.inject({ method: 'GET', url: `${API}openapi.json`, headers: forged }),
    ];
    // No build in these tests: `/` is the ordinary 404.
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 404, 404, 200]);
    expect(responses[0]?.body).toMatch(/^\/wslinhafrente\/v1\/imagens\//);
    expect(responses[3]?.body).toMatch(/^\/wslinhafrente\/v1\/arquivos\//);
    expect(responses.filter(leaks)).toEqual([]);
  });

  it('makes absolute links on PUBLIC_URL, whatever Host says', { timeout: 60_000 }, async () => {
    const configured = await startServer({ publicUrl: 'https://portal.example', trustProxy: true });
    try {
      const logo = await configured.get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1', { headers: forged });
      expect(logo.body).toMatch(/^https:\/\/portal\.example\/wslinhafrente\/v1\/imagens\/.+\.svg$/);
      expect(leaks(logo)).toBe(false);
    } finally {
      await configured.close();
    }
  });
});

describe('behind TLS (TRUST_PROXY and X-Forwarded-Proto: https)', () => {
  it('sends HSTS for a year or more and a Secure cookie; plain http gets neither; an untrusted header changes nothing', async () => {
    const proxied = await startServer({ trustProxy: true, publicUrl: 'https://portal.example' });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      const maxAge = Number(/max-age=(\d+)/.exec(String(https.headers['strict-transport-security']))?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
      expect(String(https.headers['set-cookie'])).toMatch(/; Secure$/);
      const api = await proxied.get('portabilidade/utils/contratacao/destino', { headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe(https.headers['strict-transport-security']);

      // A proxy that says the client came over plain http: page loads go to the https origin.
      const plain = await proxied.app.inject({
        method: 'GET',
        url: '/wslinhafrente/v1/openapi.json?x=1',
        headers: { 'x-forwarded-proto': 'http', host: 'evil.example' },
      });
      expect(plain.statusCode).toBe(301);
      expect(plain.headers.location).toBe('https://portal.example/wslinhafrente/v1/openapi.json?x=1');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    const direct = await server.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
    const untrusted = await startServer({ publicUrl: 'https://portal.example' });
    try {
      const plain = await untrusted.app.inject({ method: 'GET', url: `${API}openapi.json`, headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.statusCode).toBe(200);
    } finally {
      await untrusted.close();
    }
  }, 120_000);
});

describe('bounds, answered fast whatever the size', () => {
  const timed = async (send: () => Promise<LightMyRequestResponse>) => {
    const started = performance.now();
    const response = await send();
    return { response, ms: performance.now() - started };
  };

  // Made once, outside the timed calls: the time measured is the server's.
  const list400KB = `{"contato":[${new Array(200_000).fill('0').join(',')}]}`;
  const list6MB = `{"contato":[${new Array(3_000_000).fill('0').join(',')}]}`;
  it.each([
    ['a 200,000-element contact list (400 KB)', 413, () => server.post('portabilidade', list400KB)],
    ['a 6 MB body', 413, () => server.post('portabilidade', list6MB)],
    [
      'the same list in the upload call (its fields beside the file past 16 KB, refused before the parser)',
      413,
      () => server.post('portabilidade/utils/documento', list400KB),
    ],
    ['a 6 MB list in the upload call', 413, () => server.post('portabilidade/utils/documento', list6MB)],
    ['cd_solicitacao 2147483648', 400, () => server.post('portabilidade/finaliza', '{"tipo":"9","cd_solicitacao":2147483648}')],
    ['cd_solicitacao 1.5', 400, () => server.post('portabilidade/finaliza', '{"tipo":"9","cd_solicitacao":1.5}')],
    [
      'cd_solicitacao 1e20',
      400,
      () => server.post('portabilidade/utils/documento/aceite', '{"tipo":"9","fl_ciente":"S","fl_tipo":"N","cd_solicitacao":1e20}'),
    ],
    ['cdEmpresaPlano=9999999999', 400, () => server.get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=9999999999')],
    ['cdEmpresaPlano=9999999999 in the login', 400, () => server.post('auth', { ...login, cdEmpresaPlano: '9999999999' })],
    ['cdDocumento=99999999999999999999', 400, () => server.get('portabilidade/documento/assina?cdDocumento=99999999999999999999')],
    ['cdFileDocumento -1', 400, () => server.post('portabilidade/documento/assinatura', { cdFileDocumento: -1 })],
    [
      '21 dependents',
      400,
      () =>
        server.post(
          'portabilidade',
          validRequest({
            dependente: Array.from({ length: 21 }, (_, i) => ({
              id: i + 1,
              nome: 'A',
              nm_mae: 'B',
              dt_nasc: '01/01/2010',
              cpf: '',
              ds_parentesco: 'Outro' as const,
            })),
          }),
        ),
    ],
    ['a 201-character name', 400, () => server.post('portabilidade', validRequest({ nome: 'A'.repeat(201) }))],
    ['a protocol of 10,000 characters', 400, () => server.get(`portabilidade/acompanhamento?protocolo=${'1'.repeat(10_000)}`)],
  ] as const)('%s gets a %i in under a second, with a pt-BR message', async (_name, status, send) => {
    const { response, ms } = await timed(send);
    expect(response.statusCode).toBe(status);
    expect(ms).toBeLessThan(1_000);
    expect(messageOf(response)).toMatch(status === 413 ? /grandes? demais/ : /^Campo [\w.[\]]+: /);
  });

  it('names the field and its bound', async () => {
    expect(messageOf(await server.post('portabilidade', validRequest({ nome: 'A'.repeat(201) })))).toBe(
      'Campo nome: no máximo 200 caracteres',
    );
    expect(messageOf(await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: 2147483648 }))).toBe(
      'Campo cd_solicitacao: Código da solicitação inválido: informe um número inteiro de 1 a 2147483647',
    );
  });

  it('takes the largest request the bounds allow, every text at its limit in 3-byte characters', async () => {
    const long = (length: number) => '€'.repeat(length);
    const largest = validRequest({
      nome: long(200),
      nm_mae: long(200),
      ds_endereco: long(200),
      nu_endereco: long(200),
      ds_bairro: long(200),
      ds_cidade: long(200),
      ds_complemento: long(200),
      ops_origem: long(200),
      plano_origem: long(200),
      area_plano: long(200),
      plano_destino: long(200),
      nu_protocolo: long(200),
      contato: [
        { tp_contato: '1', ds_contato: '11987654321' },
        ...Array.from({ length: 9 }, (_, i) => ({ tp_contato: '2' as const, ds_contato: `${long(240)}${i}@x.com` })),
      ],
      dependente: Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        nome: long(200),
        nm_mae: long(200),
        dt_nasc: '01/01/2010',
        cpf: '',
        ds_parentesco: 'Outro' as const,
      })),
    });
    const response = await server.post('portabilidade', largest);
    // Not refused for its size (the e-mails' own format check is what speaks).
    expect(response.statusCode).not.toBe(413);
    expect(Buffer.byteLength(JSON.stringify(largest))).toBeLessThan(64 * 1024);
  });
});

describe('acknowledgements are idempotent per request and choice', () => {
  it('a second identical aceite answers the same document, records nothing more', async () => {
    const tracking = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.status6Type2.protocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM acceptances WHERE cd_solicitacao = $1) + (SELECT count(*) FROM status_history WHERE cd_solicitacao = $1)
        + (SELECT count(*) FROM stored_files) AS n`,
          [tracking.cdSolicitacao],
        )
      )[0]?.n;
    const send = () =>
      server.post(
        'portabilidade/utils/documento/aceite',
        { tipo: '9', fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: tracking.cdSolicitacao },
        { token: tracking.token },
      );
    const first = await send();
    expect(first.body).toMatch(/^\/wslinhafrente\/v1\/arquivos\//);
    const after = await count();
    const again = await Promise.all([send(), send()]);
    expect(again.map((response) => response.body)).toEqual([first.body, first.body]);
    expect(await count()).toBe(after);
    const listed = (await server.get(`portabilidade/documento?protocolo=${DEMO.status6Type2.protocolo}`)).json() as Array<{
      nmDocumento: string;
    }>;
    expect(listed.filter((document) => document.nmDocumento === 'Termo de Ciência')).toHaveLength(1);
  });

  it('finalizing an active contract again changes nothing', async () => {
    const token = issueToken(DEMO.active.protocolo, server.clock.now, SECRET);
    const { cdSolicitacao } = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.active.protocolo}`, { token })).json() as {
      cdSolicitacao: number;
    };
    const history = async () => (await server.db.query('SELECT * FROM status_history WHERE cd_solicitacao = $1', [cdSolicitacao])).length;
    const before = await history();
    for (let i = 0; i < 3; i += 1)
      expect((await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, { token })).body).toBe('OK');
    expect(await history()).toBe(before);
  });
});

describe('stored file names', () => {
  it('lose control, bidi and zero-width characters', async () => {
    const saved = (await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string };
    for (const nmDocumento of ['abc\u202Egpj.pdf', 'r\u200Bg\u0007\u2066x\u2069.pdf']) {
      const response = await server.post('portabilidade/utils/documento', {
        nuProtocolo: saved.nuProtocolo,
        tipoSolicitacao: '9',
        cdTipoDocumento: 1,
        nmDocumento,
        nmExtensao: 'pdf',
        arquivoBase64: FILES.pdf,
      });
      expect(response.body).toBe('OK');
    }
    const listed = (await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json() as Array<{ nmArquivo: string }>;
    expect(listed.map((document) => document.nmArquivo)).toEqual(['abcgpj.pdf', 'rgx.pdf']);
  });
});
