import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/backoffice-cli.ts';
import { issueToken, readToken } from '../../server/services/tokens.ts';
import { DEMO, SECRET, loginToken, messageOf, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
let tokenA: string;
beforeAll(async () => {
  server = await startServer();
  tokenA = await loginToken(server, DEMO.loginRequired);
}, 60_000);
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;
const { loginRequired, status6Type1, status6Type2, analysis } = DEMO;
const track = (protocolo: string, token?: string) => server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`, { token });

describe('tracking access', () => {
  it('shows an anonymous caller only the login decision of a request that requires login, never the CPF', async () => {
    for (const token of [undefined, 'free', 'forged.token']) {
      const response = await track(loginRequired.protocolo, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        nuProtocolo: loginRequired.protocolo,
        flStatus: 3,
        cdStatusPort: 1,
        flConcordo: 'S',
        nuProtocoloAnsHapvida: null,
        dtCadastramento: null,
        dsStatus: null,
        cdSolicitacao: null,
      });
    }
  });

  it('shows the request in full, with the CPF, to its own token', async () => {
    const response = await track(loginRequired.protocolo, tokenA);
    expect(response.json()).toMatchObject({
      nuProtocolo: loginRequired.protocolo,
      flStatus: 3,
      dsStatus: 'Aceita - aguardando assinatura dos documentos',
      nuCpf: loginRequired.cpf,
      dtCadastramento: '05/03/2025',
    });
  });

  it('shows a request that needs no login with the free token, without the CPF, and hands out a token of its protocol', async () => {
    const body = (await track(status6Type2.protocolo, 'free')).json() as Record<string, unknown>;
    expect(body).toMatchObject({ flStatus: 6, cdStatusPort: 2, dsStatus: 'Aguardando sua confirmação' });
    expect(body.cdSolicitacao).toEqual(expect.any(Number));
    expect(body).not.toHaveProperty('nuCpf');
    expect(readToken(String(body.token), server.clock.now, SECRET)).toEqual({
      nuProtocolo: status6Type2.protocolo,
      via: 'protocol',
      session: expect.any(String),
    });
    // That token opens what knowing the protocol opens, and still not the CPF.
    const again = (await track(status6Type2.protocolo, String(body.token))).json() as Record<string, unknown>;
    expect(again).toMatchObject({ flStatus: 6 });
    expect(again).not.toHaveProperty('nuCpf');
  });

  it('never hands a token to an anonymous lookup of a request that requires login', async () => {
    expect((await track(loginRequired.protocolo)).json()).not.toHaveProperty('token');
  });

  it('gives a token for protocol A nothing of protocol B', async () => {
    for (const path of [
      `portabilidade/acompanhamento?protocolo=${analysis.protocolo}`,
      `portabilidade/historico?protocolo=${analysis.protocolo}`,
      `portabilidade/documento?protocolo=${analysis.protocolo}`,
      `portabilidade/documento/assinatura?protocolo=${analysis.protocolo}`,
    ]) {
      const response = await server.get(path, { token: tokenA });
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatch(/outro protocolo/);
    }
  });

  it('keeps the details of a request that requires login from anonymous callers', async () => {
    for (const path of ['historico', 'documento', 'documento/assinatura']) {
      const response = await server.get(`portabilidade/${path}?protocolo=${loginRequired.protocolo}`, { token: 'free' });
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatch(/faça login/);
    }
  });

  it('answers 404 with a message for an unknown protocol', async () => {
    const response = await track('99999999999999999999');
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe('Protocolo não encontrado.');
  });

  it('treats an expired token as anonymous', async () => {
    const token = await loginToken(server, loginRequired);
    server.clock.advance(2 * HOUR + 1000);
    expect((await track(loginRequired.protocolo, token)).json()).toMatchObject({ cdSolicitacao: null });
    tokenA = await loginToken(server, loginRequired);
  });
});

describe('history', () => {
  it('lists every status change with its time and the 10-day answer window', async () => {
    const response = await server.get(`portabilidade/historico?protocolo=${loginRequired.protocolo}`, { token: tokenA });
    const history = response.json() as {
      dtCadastramento: string;
      dtLimiteResposta: string;
      prazoRespostaDias: number;
      eventos: Array<{ flStatus: number; dtEvento: string }>;
    };
    expect(history).toMatchObject({ dtCadastramento: '05/03/2025', dtLimiteResposta: '15/03/2025', prazoRespostaDias: 10 });
    expect(history.eventos.map((event) => event.flStatus)).toEqual([1, 6, 6, 3]);
    expect(history.eventos[0]?.dtEvento).toMatch(/^05\/03\/2025 \d{2}:\d{2}$/);
  });

  it('lists a change that waited on the lock after the one it followed, dated no earlier, so the last event is the state', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'history-order-0001' })).json() as { nuProtocolo: string };
    const at = (ms: number) => () => new Date(server.clock.now.getTime() + ms);
    const run = (clock: () => Date, ...args: string[]) =>
      runCli(['set-status', saved.nuProtocolo, ...args], { db: server.db, dataDir: server.dataDir, io: quiet, clock });
    expect(await run(at(60_000), '6', '--tipo', '1')).toBe(0);
    // Read its time before the change above committed (it waited on the request's lock).
    expect(await run(at(30_000), '4', '--motivo', 'Carência não cumprida')).toBe(0);
    const history = (await server.get(`portabilidade/historico?protocolo=${saved.nuProtocolo}`)).json() as {
      eventos: Array<{ flStatus: number; dtEvento: string }>;
    };
    expect(history.eventos.map((event) => event.flStatus)).toEqual([1, 6, 4]);
    const [, six, four] = history.eventos;
    expect(four?.dtEvento).toBe(six?.dtEvento);
    expect((await track(saved.nuProtocolo)).json()).toMatchObject({ flStatus: 4 });
  });

  it('says which day it is in Brasília, so a phone whose clock is off still counts the days left right', async () => {
    const response = await server.get(`portabilidade/historico?protocolo=${loginRequired.protocolo}`, { token: tokenA });
    const today = server.clock.now.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect((response.json() as { dtConsulta: string }).dtConsulta).toBe(today);
    // The tracking answer too: the decision's deadlines are judged by it.
    expect(((await track(loginRequired.protocolo, tokenA)).json() as { dtConsulta?: string }).dtConsulta).toBe(today);
  });
});

describe('signing and finishing', () => {
  it('refuses anonymous signatures and links on a request that requires login', async () => {
    const [doc] = await server.db.query<{ cd_file_documento: number }>(
      'SELECT d.cd_file_documento FROM documents_to_sign d JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1 LIMIT 1',
      [loginRequired.protocolo],
    );
    // Anonymous, an internal id opens nothing: the same 404 as an id that does not exist.
    const link = await server.get(`portabilidade/documento/assina?cdDocumento=${doc?.cd_file_documento}`, { token: 'free' });
    expect(link.statusCode).toBe(404);
    const sign = await server.post('portabilidade/documento/assinatura', { cdFileDocumento: doc?.cd_file_documento }, { token: 'free' });
    expect(sign.statusCode).toBe(404);
    const { cd_solicitacao: id } = (
      await server.db.query<{ cd_solicitacao: number }>('SELECT cd_solicitacao FROM requests WHERE nu_protocolo = $1', [
        loginRequired.protocolo,
      ])
    )[0] ?? { cd_solicitacao: 0 };
    expect((await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: id })).statusCode).toBe(404);
  });

  it('asks for the login when a protocol token names a request that requires login', async () => {
    // A protocol token made while the request needed no login, still valid after it came to need one.
    const { id } = (
      await server.db.query<{ id: number }>('SELECT cd_solicitacao AS id FROM requests WHERE nu_protocolo = $1', [loginRequired.protocolo])
    )[0] ?? { id: 0 };
    const protocolToken = issueToken(loginRequired.protocolo, server.clock.now, SECRET, 'protocol');
    const finalize = await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: id }, { token: protocolToken });
    expect(finalize.statusCode).toBe(403);
    expect(messageOf(finalize)).toMatch(/faça login/);
    expect((await track(loginRequired.protocolo, protocolToken)).json()).toMatchObject({ cdSolicitacao: null, dtCadastramento: null });
  });

  it('lists the documents to sign as real PDFs and finishes only once all are signed', async () => {
    const token = tokenA;
    const docs = (await server.get(`portabilidade/documento/assinatura?protocolo=${loginRequired.protocolo}`, { token })).json() as Array<{
      documento: string;
      linkUrl: string;
      cdFileDocumento: number;
      flAssinado: boolean;
    }>;
    expect(docs.map((doc) => doc.documento)).toEqual([
      'Proposta de Adesão',
      'Declaração de Portabilidade',
      'Carta de Orientação ao Beneficiário',
    ]);
    expect(docs.every((doc) => !doc.flAssinado)).toBe(true);
    const pdf = await server.app.inject({ method: 'GET', url: docs[0]?.linkUrl ?? '' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const link = await server.get(`portabilidade/documento/assina?cdDocumento=${docs[0]?.cdFileDocumento}`, { token });
    expect(link.body).toBe(docs[0]?.linkUrl);

    const { cdSolicitacao } = (await track(loginRequired.protocolo, token)).json() as { cdSolicitacao: number };
    const early = await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, { token });
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toBe('Ainda há documento(s) que precisa(m) ser assinado(s).');

    for (const doc of docs) {
      // Sign after reading: each term is opened through its link first.
      expect((await server.app.inject({ method: 'GET', url: doc.linkUrl })).statusCode).toBe(200);
      const signed = await server.post('portabilidade/documento/assinatura', { cdFileDocumento: doc.cdFileDocumento }, { token });
      expect(signed.body).toBe('OK');
    }
    // Signing again keeps the first signature.
    expect((await server.post('portabilidade/documento/assinatura', { cdFileDocumento: docs[0]?.cdFileDocumento }, { token })).body).toBe(
      'OK',
    );
    const after = (await server.get(`portabilidade/documento/assinatura?protocolo=${loginRequired.protocolo}`, { token })).json() as Array<{
      flAssinado: boolean;
    }>;
    expect(after.every((doc) => doc.flAssinado)).toBe(true);
    const attached = (await server.get(`portabilidade/documento?protocolo=${loginRequired.protocolo}`, { token })).json() as Array<{
      nmDocumento: string;
      dtAssinatura: string | null;
    }>;
    expect(attached.filter((doc) => doc.dtAssinatura !== null).map((doc) => doc.nmDocumento)).toEqual(
      expect.arrayContaining(['Proposta de Adesão']),
    );

    const done = await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, { token });
    expect(done.body).toBe('OK');
    expect((await track(loginRequired.protocolo, token)).json()).toMatchObject({ flStatus: 7, dsStatus: 'Contrato ativo' });
    const history = (await server.get(`portabilidade/historico?protocolo=${loginRequired.protocolo}`, { token })).json() as {
      eventos: Array<{ flStatus: number }>;
    };
    expect(history.eventos.at(-1)?.flStatus).toBe(7);
  });

  it('refuses signatures and finishing for requests that are not in status 3', async () => {
    const { cdSolicitacao, token } = (await track(status6Type1.protocolo, 'free')).json() as { cdSolicitacao: number; token: string };
    const response = await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, { token });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/ainda não pode ser finalizada/);
    expect((await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: 999_999 }, { token })).statusCode).toBe(404);
    expect((await server.post('portabilidade/documento/assinatura', { cdFileDocumento: 999_999 }, { token })).statusCode).toBe(404);
  });
});

/** The optional fields of the operator's decision (contract/api.ts `trackingData`). */
const DECISION_FIELDS = [
  'nmPlanoDestino',
  'nuRegistroPlanoDestino',
  'dtInicioCobertura',
  'vlMensalidadeCentavos',
  'dtLimiteCancelamentoPlanoAnterior',
  'dsMotivo',
] as const;
const quiet = { out: () => undefined, err: () => undefined };
const backoffice = (...args: string[]) => runCliOn(server, args, quiet);

describe("the operator's decision in the tracking answer", () => {
  it('carries the plan, start of coverage, monthly price and last day to cancel the old plan the demo was given', async () => {
    const body = (await track(status6Type1.protocolo)).json() as Record<string, unknown>;
    expect(body).toMatchObject({
      flStatus: 6,
      nmPlanoDestino: 'VIDA PLENA MAIS APARTAMENTO',
      nuRegistroPlanoDestino: '481234562',
      dtInicioCobertura: '22/03/2025',
      vlMensalidadeCentavos: 61240,
      dtLimiteCancelamentoPlanoAnterior: '27/03/2025',
    });
    expect(body).not.toHaveProperty('dsMotivo');
  });

  it('carries none of them when the operator set none, instead of inventing them', async () => {
    const body = (await track(status6Type2.protocolo)).json() as Record<string, unknown>;
    for (const field of DECISION_FIELDS) expect(body).not.toHaveProperty(field);
  });

  it("carries a refusal's reason", async () => {
    expect((await track(DEMO.refused.protocolo)).json()).toMatchObject({
      flStatus: 4,
      dsStatus: 'Recusada',
      dsMotivo: expect.stringMatching(/prazo mínimo de permanência/),
    });
  });

  it('keeps every fact from an anonymous caller of a request that requires login, and gives them to its login', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'decision-login' })).json() as { nuProtocolo: string };
    const args = ['--plano', '481234563', '--inicio', '01/04/2025', '--valor', '1.234,56', '--cancelar-ate', '06/04/2025'];
    expect(await backoffice('set-status', saved.nuProtocolo, '3', '--tipo', '1', '--concordo', 'S', ...args)).toBe(0);
    const anonymous = (await track(saved.nuProtocolo)).json() as Record<string, unknown>;
    expect(anonymous).toMatchObject({ flStatus: 3, cdSolicitacao: null });
    for (const field of DECISION_FIELDS) expect(anonymous).not.toHaveProperty(field);
    const token = await loginToken(server, { cpf: '60491837240', senha: saved.nuProtocolo.slice(-6) });
    expect((await track(saved.nuProtocolo, token)).json()).toMatchObject({
      nmPlanoDestino: 'VIDA PLENA NACIONAL APARTAMENTO',
      nuRegistroPlanoDestino: '481234563',
      dtInicioCobertura: '01/04/2025',
      vlMensalidadeCentavos: 123456,
      dtLimiteCancelamentoPlanoAnterior: '06/04/2025',
    });
  });
});

describe('words that match what happened', () => {
  it("status 6 stops saying 'Aguardando sua confirmação' once an answer is recorded, and says which", async () => {
    // The history also says who answered: here the back-office recorded it (`--concordo`), not the person.
    const cases = [
      ['1', 'N', "Resposta 'Não aceito' registrada", "Resposta 'Não aceito' registrada pela operadora"],
      ['1', 'S', "Resposta 'Estou de acordo' registrada - aguardando a operadora", "Resposta 'Estou de acordo' registrada pela operadora"],
      ['2', 'S', "Resposta 'Estou ciente' registrada - aguardando a operadora", "Resposta 'Estou ciente' registrada pela operadora"],
    ] as const;
    for (const [tipo, concordo, dsStatus, event] of cases) {
      const saved = (await server.post('portabilidade', validRequest(), { key: `words-${tipo}-${concordo}` })).json() as {
        nuProtocolo: string;
      };
      expect(await backoffice('set-status', saved.nuProtocolo, '6', '--tipo', tipo)).toBe(0);
      expect((await track(saved.nuProtocolo)).json()).toMatchObject({ dsStatus: 'Aguardando sua confirmação' });
      expect(await backoffice('set-status', saved.nuProtocolo, '6', '--concordo', concordo)).toBe(0);
      expect((await track(saved.nuProtocolo)).json()).toMatchObject({ dsStatus });
      const history = (await server.get(`portabilidade/historico?protocolo=${saved.nuProtocolo}`)).json() as {
        eventos: Array<{ dsStatus: string }>;
      };
      expect(history.eventos.map((entry) => entry.dsStatus)).toEqual(['Em análise', 'Aguardando sua confirmação', event]);
    }
  });

  it("history never calls an 'Estou ciente' a 'concordância'", async () => {
    // The contract-active demo: type 2, 'Estou ciente' recorded, then active.
    const history = (await server.get(`portabilidade/historico?protocolo=${DEMO.active.protocolo}`)).json() as {
      eventos: Array<{ dsStatus: string }>;
    };
    const texts = history.eventos.map((event) => event.dsStatus);
    expect(texts).toContain("Resposta 'Estou ciente' registrada - aguardando a operadora");
    expect(texts.join(' ')).not.toMatch(/concordância/i);
  });
});
