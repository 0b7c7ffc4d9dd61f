/**
 * 'Encerrar sessão' (POST auth/sair): the token it is sent with stops opening anything, and so
 * does every token of the same session, and every document or receipt link issued to them;
 * other sessions of the same request go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_EXPIRED } from '../../server/routes/documents.ts';
import { readToken } from '../../server/services/tokens.ts';
import { DEMO, SECRET, loginToken, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';
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

/** Follows a link the way the browser does: its path and query on the page's origin, no token. */
const open = (link: string) => {
  const url = new URL(link, 'http://portal.test');
  return server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};

/** Every link a page of this request is given with this token: attached documents, terms, the receipt. */
async function linksFor(protocolo: string, token?: string): Promise<string[]> {
  const attached = (await server.get(`portabilidade/documento?protocolo=${protocolo}`, { token })).json() as Array<{ linkUrl: string }>;
  const terms = (await server.get(`portabilidade/documento/assinatura?protocolo=${protocolo}`, { token })).json() as Array<{
    linkUrl: string;
  }>;
  const receipt = await server.get(`portabilidade/comprovante?protocolo=${protocolo}`, { token });
  return [...attached, ...terms].map((doc) => doc.linkUrl).concat(receipt.statusCode === 200 ? [receipt.body] : []);
}

describe('the links a session was given', () => {
  it('die with it: after auth/sair each document and receipt link answers 410, as an expired one', async () => {
    const token = await loginToken(server, loginRequired);
    const links = await linksFor(loginRequired.protocolo, token);
    // Attached documents, the three terms and the receipt.
    expect(links.length).toBeGreaterThanOrEqual(4);
    expect(links.some((link) => link.includes('/comprovante/'))).toBe(true);
    for (const link of links) expect((await open(link)).statusCode, link).toBe(200);

    await logout(token);
    for (const link of links) {
      const dead = await open(link);
      expect(dead.statusCode, link).toBe(410);
      expect(messageOf(dead)).toBe(FILE_LINK_EXPIRED);
      expect(dead.headers['cache-control']).toBe('no-store');
    }
  });

  it("die with a tracking page's session ('Retornar' ends it too), while another session's links of the same request live", async () => {
    const page = String((await track(status6Type2.protocolo)).json().token);
    // The page's token after a refetch continues the session: its links die with it as well.
    const refreshed = String((await track(status6Type2.protocolo, page)).json().token);
    const pageLinks = [...(await linksFor(status6Type2.protocolo, page)), ...(await linksFor(status6Type2.protocolo, refreshed))];
    const otherPage = String((await track(status6Type2.protocolo)).json().token);
    const otherLinks = await linksFor(status6Type2.protocolo, otherPage);
    expect(pageLinks.length).toBeGreaterThan(1);
    expect(otherLinks.length).toBeGreaterThan(0);

    await logout(refreshed);
    for (const link of pageLinks) expect((await open(link)).statusCode, link).toBe(410);
    for (const link of otherLinks) expect((await open(link)).statusCode, link).toBe(200);
  });

  it('cannot be kept alive by taking the session out of the link: without it the signature no longer matches (404)', async () => {
    const token = await loginToken(server, loginRequired);
    const [link = ''] = await linksFor(loginRequired.protocolo, token);
    expect(link).toMatch(/\?expira=\d+&sessao=[\w-]{22}&acesso=login&assinatura=[\w-]{22}$/);
    await logout(token);
    expect((await open(link.replace(/&sessao=[\w-]+/, ''))).statusCode).toBe(404);
    const otherSession = readToken(await loginToken(server, loginRequired), server.clock.now, SECRET)?.session ?? '';
    expect((await open(link.replace(/sessao=[\w-]+/, `sessao=${otherSession}`))).statusCode).toBe(404);
  });

  it('leave a link issued without a token as it was: it has no session and lives its 2 hours', async () => {
    const token = await loginToken(server, DEMO.analysis);
    const [anonymous = ''] = await linksFor(DEMO.analysis.protocolo);
    expect(anonymous).not.toContain('sessao=');
    await logout(token);
    expect((await open(anonymous)).statusCode).toBe(200);
  });

  it("leave the wizard's acceptance document working: it is issued under the save's session, which nothing ends", async () => {
    const saved = (await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string; token: string };
    const tracked = (await track(saved.nuProtocolo, saved.token)).json() as { cdSolicitacao: number };
    const acceptance = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: tracked.cdSolicitacao },
      { token: saved.token },
    );
    expect(acceptance.body).toMatch(/&sessao=/);
    expect((await open(acceptance.body)).statusCode).toBe(200);
    // Another page's session of the same request ending does not touch it.
    await logout(String((await track(saved.nuProtocolo)).json().token));
    expect((await open(acceptance.body)).statusCode).toBe(200);
  });
});
