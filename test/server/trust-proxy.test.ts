/**
 * TRUST_PROXY (server/http/trust-proxy.ts): a hop count or the proxies' addresses, never the
 * client's word. Behind a proxy that appends the address it saw to X-Forwarded-For, a client
 * that writes its own left-most entry is still known by the address the proxy appended: in
 * the rate limits' counts and in the address stored with a signature.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { parseRateLimits } from '../../server/http/rate-limits.ts';
import { API, CSRF, DEMO, loginToken, messageOf, startServer, type TestServer } from './helpers.ts';

const PROXY = '10.0.0.1';
const wrongLogin = JSON.stringify({ cpf: '11144477735', senha: '123456', cdEmpresaPlano: '1' });

/** A POST as it reaches the server: from `peer` (the socket), with the X-Forwarded-For it carries. */
function postVia(server: TestServer, path: string, payload: string, peer: string, forwardedFor?: string, token?: string) {
  return server.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    remoteAddress: peer,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}

describe('TRUST_PROXY in the environment', () => {
  const trust = (value: string) => readConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes a hop count or a list of proxy addresses and CIDRs; empty or 0 trusts no proxy', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(readConfig({}).trustProxy).toBe(false);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust('10.0.0.5, 10.1.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8']);
  });

  it('refuses, in one pt-BR sentence, "true" and anything that is not a count, an address or a CIDR', () => {
    expect(() => trust('true')).toThrow(/^TRUST_PROXY=true não é aceito \(o cliente escolheria o próprio endereço\): use o número/);
    for (const value of ['yes', '10.0.0.256', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/', '10.0.0.1/8/1', '1,,10.0.0.1', '-1', '1.5', '11']) {
      expect(() => trust(value), value).toThrow(/^TRUST_PROXY inválido: .*(use o número de proxies|no máximo 10 proxies)/);
    }
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: 1, rateLimits: parseRateLimits('login=3/15m') });
  }, 60_000);
  afterAll(() => server.close());

  it('counts a client by the address the proxy appended, whatever it wrote as the left-most X-Forwarded-For', async () => {
    const real = '203.0.113.7';
    const answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      answers.push(await postVia(server, 'auth', wrongLogin, PROXY, `1.2.3.${attempt}, ${real}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 429]);
    expect(messageOf(answers[3] as LightMyRequestResponse)).toMatch(
      /^Muitas tentativas de acesso a partir desta conexão\. Aguarde \d+ minutos?/,
    );
    // Another client behind the same proxy, naming the same forged address, is not that one.
    expect((await postVia(server, 'auth', wrongLogin, PROXY, `1.2.3.0, 203.0.113.8`)).statusCode).toBe(400);
  });

  it('stores the address the proxy appended with a signature', async () => {
    const token = await loginToken(server, DEMO.loginRequired);
    const [document] = await server.db.query<{ cd_file_documento: number }>(
      `SELECT d.cd_file_documento FROM documents_to_sign d JOIN requests r USING (cd_solicitacao)
       WHERE r.nu_protocolo = $1 ORDER BY 1 LIMIT 1`,
      [DEMO.loginRequired.protocolo],
    );
    const id = document?.cd_file_documento ?? 0;
    // Sign after reading: the term counts as opened (services/term-reading.ts).
    await server.db.query('UPDATE documents_to_sign SET dt_leitura = $2 WHERE cd_file_documento = $1', [id, server.clock.now]);
    const signed = await postVia(
      server,
      'portabilidade/documento/assinatura',
      JSON.stringify({ cdFileDocumento: id }),
      PROXY,
      '6.6.6.6, 198.51.100.23',
      token,
    );
    expect(signed.body).toBe('OK');
    const [row] = await server.db.query<{ ds_endereco_ip: string }>('SELECT ds_endereco_ip FROM signatures WHERE cd_file_documento = $1', [
      id,
    ]);
    expect(row?.ds_endereco_ip).toBe('198.51.100.23');
  });

  it("believes the proxy's X-Forwarded-Proto: https gets HSTS and a Secure cookie", async () => {
    const https = await server.app.inject({
      method: 'GET',
      url: `${API}openapi.json`,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=63072000');
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure$/);
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.1,10.9.0.0/16)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      trustProxy: [PROXY, '10.9.0.0/16'],
      publicUrl: 'https://portal.example',
      rateLimits: parseRateLimits('login=2/15m'),
    });
  }, 60_000);
  afterAll(() => server.close());

  it('reads X-Forwarded-For only from those proxies, through every trusted hop; any other peer is its own address', async () => {
    // Through two trusted proxies (10.9.1.1 appended by 10.0.0.1): the client is 192.0.2.10.
    const viaTwo = () => postVia(server, 'auth', wrongLogin, PROXY, '9.9.9.9, 192.0.2.10, 10.9.1.1');
    expect([(await viaTwo()).statusCode, (await viaTwo()).statusCode, (await viaTwo()).statusCode]).toEqual([400, 400, 429]);
    // The same client connecting directly is the same address: already at its limit.
    expect((await postVia(server, 'auth', wrongLogin, '192.0.2.10')).statusCode).toBe(429);
    // A peer that is not a proxy is counted by its own address, whatever header it sends.
    const direct = (forged: string) => postVia(server, 'auth', wrongLogin, '198.51.100.99', forged);
    expect([
      (await direct('192.0.2.11')).statusCode,
      (await direct('192.0.2.12')).statusCode,
      (await direct('192.0.2.13')).statusCode,
    ]).toEqual([400, 400, 429]);
  });

  it('takes X-Forwarded-Proto only from them: HSTS and the https redirect for the proxy, neither for anyone else', async () => {
    const page = (peer: string, proto: string) =>
      server.app.inject({ method: 'GET', url: `${API}openapi.json`, remoteAddress: peer, headers: { 'x-forwarded-proto': proto } });
    expect((await page(PROXY, 'https')).headers['strict-transport-security']).toBe('max-age=63072000');
    expect((await page('198.51.100.99', 'https')).headers['strict-transport-security']).toBeUndefined();
    const redirected = await page('10.9.200.3', 'http');
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers.location).toBe(`https://portal.example${API}openapi.json`);
    expect((await page('198.51.100.99', 'http')).statusCode).toBe(200);
  });
});

describe('a wrong setting at start', () => {
  /** The compiled server started with one variable set: its exit code and what it wrote to stderr. */
  async function start(name: string, value: string): Promise<{ code: number | null; stderr: string }> {
    const { serverArgs } = await import('../../scripts/build-server.mjs');
    const child = spawn(process.execPath, await serverArgs(), {
      env: { ...process.env, [name]: value, DATA_DIR: join(tmpdir(), 'portabilidade-never-created'), PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, stderr };
  }

  it('stops the server with one pt-BR line naming it, before anything else', async () => {
    const cases = [
      ['TRUST_PROXY', 'true', /^O servidor não iniciou: TRUST_PROXY=true não é aceito/],
      ['TRUST_PROXY', '10.0.0.0/40', /^O servidor não iniciou: TRUST_PROXY inválido: "10\.0\.0\.0\/40"/],
      ['MAX_CONNECTIONS', '0', /^O servidor não iniciou: MAX_CONNECTIONS inválido: 0/],
      ['RATE_LIMITS', 'login=10', /^O servidor não iniciou: RATE_LIMITS inválido: "login=10"/],
    ] as const;
    const results = await Promise.all(cases.map(([name, value]) => start(name, value)));
    results.forEach((result, index) => {
      const [name, value, line] = cases[index] ?? ['', '', /^$/];
      expect(result.code, `${name}=${value}`).toBe(1);
      expect(result.stderr.trim().split('\n'), `${name}=${value}`).toEqual([expect.stringMatching(line)]);
    });
    expect(existsSync(join(tmpdir(), 'portabilidade-never-created'))).toBe(false);
  }, 60_000);
});
