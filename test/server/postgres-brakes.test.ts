/**
 * The login brakes and session ends where they used to fail: on PostgreSQL, with two app
 * instances (each with its own connection pool, as two processes have) on one database, and
 * bursts of concurrent guesses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/seed/seed.ts';
import { DatabaseFileStore } from '../../server/services/database-file-store.ts';
import { FREE_FAILURES, MAX_FAILURES_PER_ADDRESS } from '../../server/services/login.ts';
import { API, CSRF, DEMO, SECRET, START, validRequest } from './helpers.ts';
import { everyCallWith } from './support/every-call.ts';
import { POSTGRES_TIER, createScratchDatabase, postgresUrl } from './support/postgres.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const WRONG = { statusCode: 400, body: JSON.stringify({ message: 'CPF ou senha inválidos.' }) };
const answerOf = (response: LightMyRequestResponse) => ({ statusCode: response.statusCode, body: response.body });
const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

describe.skipIf(!postgresUrl)(`login brakes and session ends ${POSTGRES_TIER}`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dbs: Database[] = [];
  let dataDir: string;
  let first: FastifyInstance;
  let second: FastifyInstance;
  /** Behind one reverse proxy that appends the client's address to X-Forwarded-For. */
  let proxied: FastifyInstance;
  const clock = { now: new Date(START) };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dbs = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    const [one, two] = dbs as [Database, Database];
    await migrate(one);
    await seed(one, new DatabaseFileStore(), START);
    dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-pg-brakes-'));
    const options = { dataDir, secret: SECRET, clock: () => clock.now };
    first = await buildApp({ db: one, ...options });
    second = await buildApp({ db: two, ...options });
    proxied = await buildApp({ db: one, ...options, trustProxy: 1 });
  }, 60_000);

  afterAll(async () => {
    for (const app of [first, second, proxied]) await app?.close();
    for (const db of dbs) await db.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  // No failure of an earlier test inside any window.
  beforeEach(() => {
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
  });

  const login = (app: FastifyInstance, payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}auth`,
      remoteAddress: extra.remoteAddress,
      headers: { ...HEADERS, ...extra.headers },
      payload: JSON.stringify(payload),
    });

  const failuresSince = async (since: Date): Promise<Array<{ ds_endereco_ip: string }>> =>
    (dbs[0] as Database).query<{ ds_endereco_ip: string }>('SELECT ds_endereco_ip FROM login_failures WHERE dt_falha >= $1', [since]);

  it('evaluates at most 5 of 100 concurrent wrong logins for one CPF from 100 addresses on two instances, and refuses the right password after', async () => {
    const who = DEMO.status6Type1;
    const since = clock.now;
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        login(
          index % 2 ? second : first,
          { cpf: who.cpf, senha: String(100000 + index), cdEmpresaPlano: '1' },
          { remoteAddress: `198.51.100.${index + 1}` },
        ),
      ),
    );
    expect(burst.map(answerOf)).toEqual(burst.map(() => WRONG));
    expect(await failuresSince(since)).toHaveLength(FREE_FAILURES);
    // Braked: the right password gets the wrong-password answer, on either instance.
    for (const app of [first, second]) {
      expect(
        answerOf(await login(app, { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' }, { remoteAddress: '198.51.100.250' })),
      ).toEqual(WRONG);
    }
    // The owner is not kept out for long: the first pause is 30 s.
    clock.now = new Date(clock.now.getTime() + 30 * SECOND);
    expect((await login(second, { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' })).statusCode).toBe(200);
  }, 30_000);

  it('does the same behind a proxy (trustProxy 1) when every request forges its own X-Forwarded-For, and records the proxy-given address', async () => {
    const who = DEMO.status6Type2;
    const since = clock.now;
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        login(
          proxied,
          { cpf: who.cpf, senha: String(100000 + index), cdEmpresaPlano: '1' },
          // The client wrote the first address; the proxy (the socket) appended the real one.
          { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `192.0.2.${index + 1}, 203.0.113.77` } },
        ),
      ),
    );
    expect(burst.map(answerOf)).toEqual(burst.map(() => WRONG));
    const recorded = await failuresSince(since);
    expect(recorded.map((row) => row.ds_endereco_ip)).toEqual(Array.from({ length: FREE_FAILURES }, () => '203.0.113.77'));
    const right = await login(
      proxied,
      { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' },
      { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '192.0.2.250, 203.0.113.77' } },
    );
    expect(answerOf(right)).toEqual(WRONG);
  }, 30_000);

  it("keeps counting concurrent guesses at the owner's request while someone logs into their own request under that CPF, on two instances", async () => {
    const who = DEMO.refused;
    const filed = await first.inject({
      method: 'POST',
      url: `${API}portabilidade`,
      headers: HEADERS,
      payload: JSON.stringify(validRequest({ cpf: who.cpf, cd_empresa_plano: '1' })),
    });
    const own = (filed.json() as { nuProtocolo: string }).nuProtocolo.slice(-6);
    // Rounds of 4 concurrent guesses, then a login into the attacker's own request.
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from({ length: FREE_FAILURES - 1 }, (_, index) =>
          login(index % 2 ? second : first, { cpf: who.cpf, senha: String(600000 + round * 10 + index), cdEmpresaPlano: '1' }),
        ),
      );
      await login(round % 2 ? first : second, { cpf: who.cpf, senha: own, cdEmpresaPlano: '1' });
    }
    // Braked since the 5th guess: the owner's right password gets the wrong-password answer.
    expect(answerOf(await login(first, { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' }))).toEqual(WRONG);
    clock.now = new Date(clock.now.getTime() + 30 * SECOND);
    expect((await login(second, { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' })).statusCode).toBe(200);
  }, 30_000);

  it('blocks the proxy-given address after 30 wrong passwords, whatever X-Forwarded-For the client forges', async () => {
    const forged = (index: number) => ({ remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `192.0.2.${index}, 203.0.113.88` } });
    // One guess on each of 30 accounts (plans with no request), concurrently.
    await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS }, (_, index) =>
        login(proxied, { cpf: DEMO.active.cpf, senha: '000000', cdEmpresaPlano: String(200 + index) }, forged(index + 1)),
      ),
    );
    const blocked = await login(proxied, { cpf: DEMO.active.cpf, senha: DEMO.active.senha, cdEmpresaPlano: '1' }, forged(99));
    expect(blocked.statusCode).toBe(400);
    expect((blocked.json() as { message: string }).message).toMatch(/desta conexão/);
  }, 30_000);

  it('counts an IPv6 client behind the proxy by its /64 and records it so: of 40 concurrent wrong passwords from 40 of its addresses, 30 are evaluated', async () => {
    const since = clock.now;
    const via = (host: number) => ({ remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `2001:db8:9:1::${host.toString(16)}` } });
    const burst = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS + 10 }, (_, index) =>
        login(proxied, { cpf: DEMO.active.cpf, senha: '000000', cdEmpresaPlano: String(400 + index) }, via(index + 1)),
      ),
    );
    const blocked = burst.filter((answer) => /desta conexão/.test((answer.json() as { message: string }).message));
    expect(blocked).toHaveLength(10);
    const recorded = await failuresSince(since);
    expect(recorded.map((row) => row.ds_endereco_ip)).toEqual(Array.from({ length: MAX_FAILURES_PER_ADDRESS }, () => '2001:db8:9:1::'));
  }, 30_000);

  it('refuses a login token, and a lookup token, on every call of either instance after auth/sair on one of them', async () => {
    const loginAnswer = await login(first, { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' });
    const loginToken = (loginAnswer.json() as { token: string }).token;
    const lookupToken = (
      (await second.inject({ method: 'GET', url: `${API}portabilidade/acompanhamento?protocolo=${DEMO.plan2.protocolo}` })).json() as {
        token: string;
      }
    ).token;
    // Before: both tokens open their requests on both instances.
    for (const app of [first, second]) {
      for (const token of [loginToken, lookupToken]) expect(Object.values(await everyCallWith(app, token))).not.toContain(401);
    }
    for (const [token, endsOn] of [
      [loginToken, first],
      [lookupToken, second],
    ] as const) {
      const ended = await endsOn.inject({
        method: 'POST',
        url: `${API}auth/sair`,
        headers: { ...HEADERS, authorization: `Bearer ${token}` },
        payload: '{}',
      });
      expect(ended.body).toBe('OK');
    }
    for (const app of [first, second]) {
      for (const token of [loginToken, lookupToken]) {
        const answers = await everyCallWith(app, token);
        expect(Object.keys(answers).length).toBeGreaterThan(15);
        for (const [call, status] of Object.entries(answers)) expect({ call, status }).toEqual({ call, status: 401 });
      }
    }
  }, 30_000);
});
