import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, messageOf, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const MINUTE = 60_000;
const { loginRequired, analysis, status6Type1 } = DEMO;
const body = (who: { cpf: string }, senha: string, cdEmpresaPlano = '1') => ({ cpf: who.cpf, senha, cdEmpresaPlano });

describe('login', () => {
  it('gives a token for the right CPF and the last 6 digits of the protocol', async () => {
    const response = await server.post('auth', body(loginRequired, loginRequired.senha));
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a wrong password, a wrong CPF and the wrong plan with the same message', async () => {
    const wrongPassword = await server.post('auth', body(loginRequired, '000000'));
    const wrongCpf = await server.post('auth', body(analysis, loginRequired.senha));
    const wrongPlan = await server.post('auth', body(loginRequired, loginRequired.senha, '2'));
    for (const response of [wrongPassword, wrongCpf, wrongPlan]) {
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe('CPF ou senha inválidos.');
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

  it('locks a protocol for 15 minutes after 10 wrong passwords, even for the right one', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await server.post('auth', body(status6Type1, '111111'))).statusCode).toBe(400);
      server.clock.advance(1000);
    }
    const locked = await server.post('auth', body(status6Type1, status6Type1.senha));
    expect(locked.statusCode).toBe(400);
    expect(messageOf(locked)).toMatch(/bloqueado.*15 minutos/);
    server.clock.advance(14 * MINUTE);
    expect((await server.post('auth', body(status6Type1, status6Type1.senha))).statusCode).toBe(400);
    server.clock.advance(1 * MINUTE);
    const open = await server.post('auth', body(status6Type1, status6Type1.senha));
    expect(open.statusCode).toBe(200);
    expect((open.json() as { token: string }).token).not.toBe('');
  });

  it('answers a replayed Idempotency-Key with the first answer and counts the failure once', async () => {
    const failures = async () =>
      (
        await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM login_failures WHERE nu_protocolo = $1', [
          loginRequired.protocolo,
        ])
      )[0]?.total;
    const before = await failures();
    const first = await server.post('auth', body(loginRequired, '222222'), { key: 'login-replay-0001' });
    expect(first.statusCode).toBe(400);
    for (let retry = 0; retry < 12; retry++) {
      const replay = await server.post('auth', body(loginRequired, '222222'), { key: 'login-replay-0001' });
      expect(replay.statusCode).toBe(400);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await failures()).toBe((before ?? 0) + 1);
    const ok = await server.post('auth', body(loginRequired, loginRequired.senha), { key: 'login-replay-0002' });
    const okReplay = await server.post('auth', body(loginRequired, loginRequired.senha), { key: 'login-replay-0002' });
    expect(okReplay.body).toBe(ok.body);
  });

  it('refuses an Idempotency-Key reused with other data', async () => {
    await server.post('auth', body(loginRequired, '333333'), { key: 'login-reuse-0001' });
    const reused = await server.post('auth', body(loginRequired, '444444'), { key: 'login-reuse-0001' });
    expect(reused.statusCode).toBe(422);
  });

  it('blocks a client address after 30 failures in 15 minutes', async () => {
    server.clock.advance(30 * MINUTE);
    const from = { 'x-test': '1' };
    for (let attempt = 0; attempt < 30; attempt++) {
      // A CPF with no request: only the address counts.
      await server.post('auth', { cpf: '11144477735', senha: '123456', cdEmpresaPlano: '1' }, { headers: from });
    }
    const blocked = await server.post('auth', body(loginRequired, loginRequired.senha));
    expect(blocked.statusCode).toBe(400);
    expect(messageOf(blocked)).toMatch(/desta conexão/);
    server.clock.advance(15 * MINUTE + 1000);
    expect((await server.post('auth', body(loginRequired, loginRequired.senha))).statusCode).toBe(200);
  });
});
