/**
 * Document links are signed, short-lived and bound to their request (server/services/file-links.ts):
 * every call that answers a link issues a fresh one, an expired link answers 410, a forged
 * or altered one the same 404 as a file that does not exist, and a closed request's links
 * stop working once the retention period is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_EXPIRED, FILE_NOT_FOUND, FILE_RETENTION_OVER } from '../../server/routes/documents.ts';
import { FILE_LINK_TTL_SECONDS, signedFilePath } from '../../server/services/file-links.ts';
import { API, DEMO, FILES, SECRET, loginToken, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';
import { runCli } from '../../server/backoffice-cli.ts';
import { LOGIN_REQUIRED_MESSAGE } from '../../server/http/access.ts';

const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ retentionDays: RETENTION_DAYS, purgeSchedule: false });
}, 60_000);
afterAll(() => server.close());

interface Listed {
  nmArquivo: string;
  linkUrl: string;
}

const attached = async (protocolo: string, token = 'free'): Promise<Listed[]> =>
  (await server.get(`portabilidade/documento?protocolo=${protocolo}`, { token })).json() as Listed[];
/** Follows a link the way the browser does: its path and query on the page's origin. */
const open = (link: string) => {
  const url = new URL(link, 'http://portal.test');
  return server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};
const nameOf = (link: string) => new URL(link, 'http://portal.test').pathname.split('/').pop() ?? '';
const firstLink = async (protocolo: string) => (await attached(protocolo))[0]?.linkUrl ?? '';

describe('a document link', () => {
  it('works when fresh, inline and private, and carries neither the protocol nor the CPF', async () => {
    const link = await firstLink(DEMO.analysis.protocolo);
    expect(link).toMatch(/^\/wslinhafrente\/v1\/arquivos\/[a-f0-9]{32}\.pdf\?expira=\d+&assinatura=[\w-]{22}$/);
    expect(link).not.toContain(DEMO.analysis.protocolo);
    expect(link).not.toContain(DEMO.analysis.cpf);
    const response = await open(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it(`expires ${FILE_LINK_TTL_SECONDS / 3600} hours after the call that issued it (410 saying so), and the list then gives a fresh one that works`, async () => {
    const link = await firstLink(DEMO.analysis.protocolo);
    server.clock.advance(FILE_LINK_TTL_SECONDS * 1000 - 1000);
    expect((await open(link)).statusCode).toBe(200);
    server.clock.advance(1000);
    const expired = await open(link);
    expect(expired.statusCode).toBe(410);
    expect(messageOf(expired)).toBe(FILE_LINK_EXPIRED);
    expect(messageOf(expired)).toMatch(/expirou.*Volte ao portal/);
    expect(expired.headers['cache-control']).toBe('no-store');

    const fresh = await firstLink(DEMO.analysis.protocolo);
    expect(fresh).not.toBe(link);
    expect(nameOf(fresh)).toBe(nameOf(link));
    expect((await open(fresh)).statusCode).toBe(200);
  });

  it('is refused with the 404 of a missing file when altered, incomplete, or signed for another request or by another server', async () => {
    const link = await firstLink(DEMO.analysis.protocolo);
    const url = new URL(link, 'http://portal.test');
    const name = nameOf(link);
    const expira = url.searchParams.get('expira') ?? '';
    const assinatura = url.searchParams.get('assinatura') ?? '';
    const otherFile = nameOf(await firstLink(DEMO.plan2.protocolo));
    const flipped = `${assinatura.slice(0, -2)}${assinatura.endsWith('AA') ? 'BA' : 'AA'}`;
    const now = server.clock.now;
    const attempts = [
      `${API}arquivos/${name}`,
      `${API}arquivos/${name}?expira=${expira}`,
      `${API}arquivos/${name}?assinatura=${assinatura}`,
      `${API}arquivos/${name}?expira=${expira}&assinatura=${flipped}`,
      // A later expiry with the old signature: extending a link is forging it.
      `${API}arquivos/${name}?expira=${Number(expira) + 3600}&assinatura=${assinatura}`,
      // This link's query on another request's file.
      `${API}arquivos/${otherFile}?expira=${expira}&assinatura=${assinatura}`,
      `${API}${signedFilePath(SECRET, name, DEMO.plan2.protocolo, now)}`,
      `${API}${signedFilePath('another-server-secret', name, DEMO.analysis.protocolo, now)}`,
      `${API}arquivos/${name}?expira=${expira}&assinatura=${assinatura}&assinatura=${assinatura}`,
      `${API}arquivos/${name}?expira=1e9&assinatura=${assinatura}`,
      // A session added to a link issued without one, or one not of the right shape.
      `${API}arquivos/${name}?expira=${expira}&sessao=AAAAAAAAAAAAAAAAAAAAAA&assinatura=${assinatura}`,
      `${API}arquivos/${name}?expira=${expira}&sessao=&assinatura=${assinatura}`,
    ];
    for (const attempt of attempts) {
      const response = await open(attempt);
      expect(response.statusCode, attempt).toBe(404);
      expect(messageOf(response)).toBe(FILE_NOT_FOUND);
    }
    expect((await open(link)).statusCode).toBe(200);
  });

  it('comes fresh from the terms list, from documento/assina and from the acceptance call, and each works', async () => {
    const token = await loginToken(server, DEMO.loginRequired);
    const terms = (
      await server.get(`portabilidade/documento/assinatura?protocolo=${DEMO.loginRequired.protocolo}`, { token })
    ).json() as Array<{
      linkUrl: string;
      cdFileDocumento: number;
    }>;
    expect(terms.length).toBe(3);
    for (const term of terms) expect((await open(term.linkUrl)).statusCode).toBe(200);
    const signLink = await server.get(`portabilidade/documento/assina?cdDocumento=${terms[0]?.cdFileDocumento}`, { token });
    expect(signLink.statusCode).toBe(200);
    expect(nameOf(signLink.body)).toBe(nameOf(terms[0]?.linkUrl ?? ''));
    expect((await open(signLink.body)).statusCode).toBe(200);

    const tracking = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.status6Type2.protocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    const acceptance = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: tracking.cdSolicitacao },
      { token: tracking.token },
    );
    // Asked with the tracking page's token: bound to its session (test/server/sessions.test.ts).
    expect(acceptance.body).toMatch(/\?expira=\d+&sessao=[\w-]{22}&assinatura=[\w-]{22}$/);
    expect((await open(acceptance.body)).statusCode).toBe(200);
  });

  it('listed before the request came to need login, it opens nothing more of it; listed after a login, it does (found by an exploratory run)', async () => {
    const saved = (await server.post('portabilidade', validRequest({ nu_protocolo_ans: '77777777777777777777' }))).json() as {
      nuProtocolo: string;
      token: string;
    };
    const uploaded = await server.post(
      'portabilidade/utils/documento',
      {
        nuProtocolo: saved.nuProtocolo,
        tipoSolicitacao: '9',
        cdTipoDocumento: 1,
        nmDocumento: 'rg.pdf',
        nmExtensao: 'pdf',
        arquivoBase64: FILES.pdf,
      },
      { token: saved.token },
    );
    expect(uploaded.body).toBe('OK');
    const before = (await attached(saved.nuProtocolo, saved.token))[0]?.linkUrl ?? '';
    expect((await open(before)).statusCode).toBe(200);
    const moved = await runCli(['set-status', saved.nuProtocolo, '3', '--tipo', '1', '--concordo', 'S'], {
      db: server.db,
      dataDir: server.dataDir,
      io: { out: () => {}, err: () => {} },
      clock: () => server.clock.now,
    });
    expect(moved).toBe(0);
    const refused = await open(before);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(LOGIN_REQUIRED_MESSAGE);
    const login = await loginToken(server, { cpf: validRequest().cpf, senha: saved.nuProtocolo.slice(-6) });
    const after = (await attached(saved.nuProtocolo, login)).find((document) => document.nmArquivo === 'rg.pdf')?.linkUrl ?? '';
    expect(after).toContain('&acesso=login');
    expect((await open(after)).statusCode).toBe(200);
    // The mark is signed: added to a lookup's link by hand, it breaks the link.
    expect((await open(before.replace('&assinatura=', '&acesso=login&assinatura='))).statusCode).toBe(404);
  });

  it("stops working once a closed request's retention period is over, while an open request's keep working", async () => {
    // The demo with an active contract closed two days before the seed's date.
    const closed = await firstLink(DEMO.active.protocolo);
    expect((await open(closed)).statusCode).toBe(200);
    server.clock.advance((RETENTION_DAYS - 3) * DAY_MS);
    expect((await open(await firstLink(DEMO.active.protocolo))).statusCode).toBe(200);
    server.clock.advance(2 * DAY_MS);
    const over = await open(await firstLink(DEMO.active.protocolo));
    expect(over.statusCode).toBe(410);
    expect(messageOf(over)).toBe(FILE_RETENTION_OVER);
    expect((await open(await firstLink(DEMO.analysis.protocolo))).statusCode).toBe(200);
  });
});
