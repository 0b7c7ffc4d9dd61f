import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_FAILURES_PER_ADDRESS } from '../../server/services/login.ts';
import { API, CSRF, DEMO, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());
// Every test starts with no failure inside any window.
beforeEach(() => server.clock.advance(2 * HOUR));

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const { loginRequired, analysis, status6Type1, status6Type2, active, plan2, refused } = DEMO;
const body = (who: { cpf: string }, senha: string, cdEmpresaPlano = '1') => ({ cpf: who.cpf, senha, cdEmpresaPlano });

/** A login from a given client address (the socket's: no proxy in these tests). */
const loginFrom = (address: string, payload: unknown): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method: 'POST',
    url: `${API}auth`,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
    payload: JSON.stringify(payload),
  });

/** Wrong passwords evaluated and recorded within the last hour (older ones are swept away). */
const failuresRecorded = async (): Promise<number> =>
  (
    await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM login_failures WHERE dt_falha > $1', [
      new Date(server.clock.now.getTime() - HOUR),
    ])
  )[0]?.total ?? 0;
const rowsKept = async (): Promise<number> =>
  (await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM login_failures'))[0]?.total ?? 0;

/** The answer to a wrong password, status and body, to compare braked answers with. */
const WRONG = { statusCode: 400, body: JSON.stringify({ message: 'CPF ou senha inválidos.' }) };
const answerOf = (response: LightMyRequestResponse) => ({ statusCode: response.statusCode, body: response.body });

describe('login', () => {
  it('gives an opaque token for the right CPF and the last 6 digits of the protocol', async () => {
    const response = await server.post('auth', body(loginRequired, loginRequired.senha));
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Nothing readable inside: not the protocol, not its password digits.
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    expect(decoded).not.toContain(loginRequired.protocolo);
    expect(decoded).not.toContain(loginRequired.senha);
    expect(decoded).not.toMatch(/\d{6}/);
  });

  it('refuses a wrong password, a wrong CPF and the wrong plan with the same message', async () => {
    const wrongPassword = await server.post('auth', body(loginRequired, '000000'));
    const wrongCpf = await server.post('auth', body(analysis, loginRequired.senha));
    const wrongPlan = await server.post('auth', body(loginRequired, loginRequired.senha, '2'));
    for (const response of [wrongPassword, wrongCpf, wrongPlan]) {
      expect(answerOf(response)).toEqual(WRONG);
    }
  });

  it('refuses a malformed CPF or password naming the field', async () => {
    const badCpf = await server.post('auth', { cpf: '12345678900', senha: '123456', cdEmpresaPlano: '1' });
    expect(messageOf(badCpf)).toBe('Campo cpf: CPF inválido');
    const badPassword = await server.post('auth', { cpf: loginRequired.cpf, senha: '12', cdEmpresaPlano: '1' });
    expect(messageOf(badPassword)).toBe('Campo senha: Senha deve ter 6 dígitos');
  });

  it('answers an empty token while the request is still under analysis', async () => {
    const response = await server.post('auth', body(analysis, analysis.senha));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: '' });
  });
});

describe('account brake', () => {
  it('after 5 wrong passwords refuses even the right one, with the wrong-password answer, until 30 s have passed', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) {
      expect(answerOf(await server.post('auth', body(status6Type1, '111111')))).toEqual(WRONG);
      server.clock.advance(SECOND);
    }
    const failures = await failuresRecorded();
    server.clock.advance(28 * SECOND);
    // 29 s after the last failure: braked, and the right password is not even looked at.
    expect(answerOf(await server.post('auth', body(status6Type1, status6Type1.senha)))).toEqual(WRONG);
    expect(await failuresRecorded()).toBe(failures);
    server.clock.advance(SECOND);
    const open = await server.post('auth', body(status6Type1, status6Type1.senha));
    expect(open.statusCode).toBe(200);
    expect((open.json() as { token: string }).token).not.toBe('');
  });

  it('doubles the pause with each further failure, up to 5 minutes', async () => {
    const wrong = () => server.post('auth', body(status6Type2, '222222'));
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) await wrong();
    // Each pause in turn: refused (unevaluated) just before it ends, evaluated (a failure) when it ends.
    for (const pause of [30 * SECOND, 1 * MINUTE, 2 * MINUTE, 4 * MINUTE, 5 * MINUTE, 5 * MINUTE]) {
      const before = await failuresRecorded();
      server.clock.advance(pause - SECOND);
      await wrong();
      expect(await failuresRecorded()).toBe(before);
      server.clock.advance(SECOND);
      await wrong();
      expect(await failuresRecorded()).toBe(before + 1);
    }
    // Once the guessing stops, the owner waits at most the last pause.
    server.clock.advance(5 * MINUTE);
    expect((await server.post('auth', body(status6Type2, status6Type2.senha))).statusCode).toBe(200);
  });

  it('forgets failures an hour after they happened, and keeps no row of them', async () => {
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) await server.post('auth', body(active, '333333'));
    server.clock.advance(HOUR + SECOND);
    // A fresh allowance: five more evaluated at once.
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) await server.post('auth', body(active, '333333'));
    expect(await failuresRecorded()).toBe(FREE_FAILURES);
    expect(await rowsKept()).toBe(FREE_FAILURES);
  });

  it('brakes a CPF with no request exactly like one with a request', async () => {
    const sequence = async (who: { cpf: string }, cdEmpresaPlano: string) => {
      const answers = [];
      for (let attempt = 0; attempt < FREE_FAILURES + 3; attempt++) {
        answers.push(answerOf(await server.post('auth', body(who, '444444', cdEmpresaPlano))));
      }
      return answers;
    };
    const withRequest = await sequence(plan2, '2');
    const withoutRequest = await sequence({ cpf: '11144477735' }, '2');
    expect(withoutRequest).toEqual(withRequest);
    expect(withRequest.every((answer) => answer.body === WRONG.body)).toBe(true);
  });

  it('evaluates at most 5 of 100 concurrent wrong passwords from 100 addresses, then refuses the right one', async () => {
    const before = await failuresRecorded();
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) => loginFrom(`198.51.100.${index + 1}`, body(status6Type1, String(500000 + index)))),
    );
    expect(burst.map(answerOf)).toEqual(burst.map(() => WRONG));
    expect(await failuresRecorded()).toBe(before + FREE_FAILURES);
    expect(answerOf(await loginFrom('198.51.100.200', body(status6Type1, status6Type1.senha)))).toEqual(WRONG);
  }, 30_000);

  it('answers a replayed Idempotency-Key with the first answer and counts the failure once', async () => {
    const before = await failuresRecorded();
    const first = await server.post('auth', body(loginRequired, '222222'), { key: 'login-replay-0001' });
    expect(first.statusCode).toBe(400);
    for (let retry = 0; retry < 12; retry++) {
      const replay = await server.post('auth', body(loginRequired, '222222'), { key: 'login-replay-0001' });
      expect(replay.statusCode).toBe(400);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await failuresRecorded()).toBe(before + 1);
    const ok = await server.post('auth', body(loginRequired, loginRequired.senha), { key: 'login-replay-0002' });
    const okReplay = await server.post('auth', body(loginRequired, loginRequired.senha), { key: 'login-replay-0002' });
    expect(ok.statusCode).toBe(200);
    expect(okReplay.body).toBe(ok.body);
  });

  it("keeps counting guesses at the owner's request when someone logs into a request of their own under the same CPF", async () => {
    // The owner's only request: their right password clears their typos.
    for (let attempt = 0; attempt < FREE_FAILURES - 1; attempt++) await server.post('auth', body(refused, '111111'));
    expect((await server.post('auth', body(refused, refused.senha))).statusCode).toBe(200);
    for (let attempt = 0; attempt < FREE_FAILURES - 1; attempt++) await server.post('auth', body(refused, '111111'));
    expect((await server.post('auth', body(refused, refused.senha))).statusCode).toBe(200);
    // Anyone files a request under that CPF and plan, and so knows its password.
    const filed = await server.post('portabilidade', validRequest({ cpf: refused.cpf, cd_empresa_plano: '1' }));
    const own = (filed.json() as { nuProtocolo: string }).nuProtocolo.slice(-6);
    // 4 guesses at the owner's, a login into their own, a 5th guess: the brake holds.
    for (let attempt = 0; attempt < FREE_FAILURES - 1; attempt++) await server.post('auth', body(refused, String(700000 + attempt)));
    expect((await server.post('auth', body(refused, own))).statusCode).toBe(200);
    expect(answerOf(await server.post('auth', body(refused, '799999')))).toEqual(WRONG);
    expect(answerOf(await server.post('auth', body(refused, refused.senha)))).toEqual(WRONG);
    // The owner gets in once the pause has passed.
    server.clock.advance(30 * SECOND);
    expect((await server.post('auth', body(refused, refused.senha))).statusCode).toBe(200);
  });

  it('refuses an Idempotency-Key reused with other data', async () => {
    await server.post('auth', body(loginRequired, '333333'), { key: 'login-reuse-0001' });
    const reused = await server.post('auth', body(loginRequired, '444444'), { key: 'login-reuse-0001' });
    expect(reused.statusCode).toBe(422);
  });
});

describe('address brake', () => {
  it('blocks a client address for 15 minutes after 30 wrong passwords, whatever the accounts', async () => {
    const attacker = '203.0.113.9';
    // One wrong password on each of 30 accounts (plans with no request): only the address adds up.
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS; attempt++) {
      expect(answerOf(await loginFrom(attacker, body(loginRequired, '555555', String(100 + attempt))))).toEqual(WRONG);
    }
    const blocked = await loginFrom(attacker, body(loginRequired, loginRequired.senha));
    expect(blocked.statusCode).toBe(400);
    expect(messageOf(blocked)).toMatch(/desta conexão/);
    // Another address is not held back.
    expect((await loginFrom('203.0.113.10', body(loginRequired, loginRequired.senha))).statusCode).toBe(200);
    server.clock.advance(15 * MINUTE + SECOND);
    expect((await loginFrom(attacker, body(loginRequired, loginRequired.senha))).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: a new address in it for every guess is still one address', async () => {
    const inPrefix = (host: number) => `2001:db8:7:1::${host.toString(16)}`;
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS; attempt++) {
      expect(answerOf(await loginFrom(inPrefix(attempt + 1), body(loginRequired, '555555', String(300 + attempt))))).toEqual(WRONG);
    }
    const blocked = await loginFrom(inPrefix(0xbeef), body(loginRequired, loginRequired.senha));
    expect(blocked.statusCode).toBe(400);
    expect(messageOf(blocked)).toMatch(/desta conexão/);
    // The next /64 is someone else.
    expect((await loginFrom('2001:db8:7:2::1', body(loginRequired, loginRequired.senha))).statusCode).toBe(200);
  });
});
