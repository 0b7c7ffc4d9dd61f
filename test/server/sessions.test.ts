/**
 * 'Encerrar sessão' (POST auth/sair): the token it is sent with stops opening anything, and so
 * does every token of the same session; other sessions of the same request go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readToken } from '../../server/services/tokens.ts';
import { DEMO, SECRET, loginToken, messageOf, startServer, type TestServer } from './helpers.ts';
import { everyCallWith } from './support/every-call.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;
const { loginRequired, status6Type2 } = DEMO;
const track = (protocolo: string, token?: string) => server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`, { token });
const logout = (token?: string) => server.post('auth/sair', {}, { token });

describe('ending a session', () => {
  it('refuses a login token with 401 on every call once its session is ended, and ending it again is fine', async () => {
    const token = await loginToken(server, loginRequired);
    expect((await track(loginRequired.protocolo, token)).json()).toMatchObject({ nuCpf: loginRequired.cpf });
    // Before: the token opens its own request's calls (the rest answer on their input).
    expect(Object.values(await everyCallWith(server.app, token))).not.toContain(401);

    const ended = await logout(token);
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe('OK');

    const after = await everyCallWith(server.app, token);
    expect(Object.keys(after).length).toBeGreaterThan(15);
    for (const [call, status] of Object.entries(after)) expect({ call, status }).toEqual({ call, status: 401 });
    const tracked = await track(loginRequired.protocolo, token);
    expect(messageOf(tracked)).toBe('Sessão encerrada. Volte ao início e consulte o protocolo novamente.');
    expect((await logout(token)).body).toBe('OK');
  });

  it('leaves another session of the same request open', async () => {
    const here = await loginToken(server, loginRequired);
    const elsewhere = await loginToken(server, loginRequired);
    await logout(here);
    expect((await track(loginRequired.protocolo, here)).statusCode).toBe(401);
    expect((await track(loginRequired.protocolo, elsewhere)).json()).toMatchObject({ nuCpf: loginRequired.cpf });
  });

  it('ends every token a page got from its lookups: each fresh one continues the session', async () => {
    const first = String((await track(status6Type2.protocolo)).json().token);
    const second = String((await track(status6Type2.protocolo, first)).json().token);
    expect(second).not.toBe(first);
    expect(readToken(second, server.clock.now, SECRET)?.session).toBe(readToken(first, server.clock.now, SECRET)?.session);
    // An anonymous lookup starts a session of its own.
    const unrelated = String((await track(status6Type2.protocolo)).json().token);

    await logout(second);
    for (const token of [first, second]) expect((await track(status6Type2.protocolo, token)).statusCode).toBe(401);
    expect((await track(status6Type2.protocolo, unrelated)).statusCode).toBe(200);
  });

  it('answers OK with no token, and ends nothing', async () => {
    const token = await loginToken(server, loginRequired);
    for (const anonymous of [undefined, 'free', 'not-a-token']) expect((await logout(anonymous)).body).toBe('OK');
    expect((await track(loginRequired.protocolo, token)).json()).toMatchObject({ nuCpf: loginRequired.cpf });
  });

  it('keeps a revocation only while a token of its session could be alive', async () => {
    const token = await loginToken(server, loginRequired);
    await logout(token);
    const count = async () => (await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM revoked_sessions'))[0]?.total;
    const before = await count();
    server.clock.advance(2 * HOUR + 1000);
    // The next revocation sweeps every row whose tokens have all expired.
    await logout(await loginToken(server, loginRequired));
    expect(before).toBeGreaterThan(1);
    expect(await count()).toBe(1);
  });
});
