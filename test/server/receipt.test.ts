/**
 * The receipt (issue 25 item 6): `portabilidade/comprovante` answers a short-lived link only to
 * a token bound to the protocol, and the PDF behind the link holds the protocol, the filing's
 * date and time, the holder, every dependent, every document sent and the next steps.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/backoffice-cli.ts';
import { FILE_LINK_EXPIRED, FILE_NOT_FOUND } from '../../server/routes/documents.ts';
import { RECEIPT_NEEDS_TOKEN } from '../../server/routes/receipt.ts';
import { LOGIN_REQUIRED_MESSAGE } from '../../server/http/access.ts';
import { FILE_LINK_TTL_SECONDS } from '../../server/services/file-links.ts';
import { DEMO, FILES, loginToken, messageOf, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
let filed: { nuProtocolo: string; token: string };
let other: { nuProtocolo: string; token: string };

const DEPENDENTS = [
  { id: 1, nome: 'PEDRO DA SILVA', nm_mae: 'ANA DA SILVA', dt_nasc: '05/06/2010', cpf: '', ds_parentesco: 'Filho(a)' as const },
  { id: 2, nome: 'LUÍSA CONCEIÇÃO DA SILVA', nm_mae: 'ANA DA SILVA', dt_nasc: '07/08/2012', cpf: '', ds_parentesco: 'Filho(a)' as const },
];

async function file(overrides: Parameters<typeof validRequest>[0] = {}) {
  const response = await server.post('portabilidade', validRequest(overrides));
  expect(response.statusCode).toBe(200);
  return response.json() as { nuProtocolo: string; token: string };
}

async function upload(nuProtocolo: string, cdTipoDocumento: number, nmDocumento: string, nmExtensao: 'pdf' | 'png') {
  const response = await server.post(
    'portabilidade/utils/documento',
    { nuProtocolo, tipoSolicitacao: '9', cdTipoDocumento, nmDocumento, nmExtensao, arquivoBase64: FILES[nmExtensao] },
    { token: filed.token },
  );
  expect(response.statusCode).toBe(200);
}

const receiptLink = (protocolo: string, token?: string) => server.get(`portabilidade/comprovante?protocolo=${protocolo}`, { token });
/** Follows a link the way the browser does: its path on the page's origin. */
const open = (link: string) => server.app.inject({ method: 'GET', url: new URL(link, 'http://portal.test').pathname });

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  // One space for every run of spaces and line breaks: where a line wraps is layout, not content.
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  server = await startServer({ purgeSchedule: false });
  filed = await file({ dependente: DEPENDENTS, cpf: '60491837240', nome: 'JOSÉ DA SILVA' });
  await upload(filed.nuProtocolo, 1, 'rg-frente.pdf', 'pdf');
  await upload(filed.nuProtocolo, 2, 'comprovante de residência.png', 'png');
  other = await file({ nu_protocolo_ans: '99999999999999999999' });
}, 60_000);
afterAll(() => server.close());

describe('portabilidade/comprovante', () => {
  it('answers 401, reading nothing, without a token or with the free one', async () => {
    for (const token of [undefined, 'free', 'not-a-token-of-ours']) {
      const response = await receiptLink(filed.nuProtocolo, token);
      expect(response.statusCode).toBe(401);
      expect(messageOf(response)).toBe(RECEIPT_NEEDS_TOKEN);
    }
  });

  it("refuses another request's token (403) and names no link", async () => {
    const response = await receiptLink(filed.nuProtocolo, other.token);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('comprovante/');
  });

  it('refuses a protocol token for a request that needs login (403), and gives the link to its login token', async () => {
    const lookup = await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`);
    const protocolToken = (lookup.json() as { token: string }).token;
    expect((await receiptLink(DEMO.loginRequired.protocolo, protocolToken)).statusCode).toBe(403);
    const login = await loginToken(server, DEMO.loginRequired);
    const response = await receiptLink(DEMO.loginRequired.protocolo, login);
    expect(response.statusCode).toBe(200);
    expect((await open(response.body)).statusCode).toBe(200);
  });

  it("a link a lookup made stops opening once the request comes to need login; a login's opens (found by an exploratory run)", async () => {
    const request = await file({ nu_protocolo_ans: '88888888888888888888' });
    const beforeLogin = await receiptLink(request.nuProtocolo, request.token);
    expect((await open(beforeLogin.body)).statusCode).toBe(200);
    const cli = await runCli(['set-status', request.nuProtocolo, '3', '--tipo', '1', '--concordo', 'S'], {
      db: server.db,
      dataDir: server.dataDir,
      io: { out: () => {}, err: () => {} },
      clock: () => server.clock.now,
    });
    expect(cli).toBe(0);
    const refused = await open(beforeLogin.body);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(LOGIN_REQUIRED_MESSAGE);
    const login = await loginToken(server, { cpf: validRequest().cpf, senha: request.nuProtocolo.slice(-6) });
    expect((await open((await receiptLink(request.nuProtocolo, login)).body)).statusCode).toBe(200);
  });

  it('answers 404 for a protocol that does not exist, even with a token', async () => {
    expect((await receiptLink('00000000000000000000', filed.token)).statusCode).toBe(404);
  });

  it('gives the token the save answered a link that shows neither the protocol, the CPF nor an id', async () => {
    const response = await receiptLink(filed.nuProtocolo, filed.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^\/wslinhafrente\/v1\/comprovante\/[\w-]{40,300}$/);
    expect(response.body).not.toContain(filed.nuProtocolo);
    expect(response.body).not.toContain('60491837240');
  });
});

describe('the receipt PDF', () => {
  it('is a small, private download whose text holds the protocol, holder, every dependent, every document and the next steps', async () => {
    const link = (await receiptLink(filed.nuProtocolo, filed.token)).body;
    const response = await open(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Not the protocol: its last 6 digits are the password, and a shared phone lists its downloads.
    expect(response.headers['content-disposition']).toBe('attachment; filename="comprovante-portabilidade.pdf"');
    expect(response.rawPayload.length).toBeLessThan(20_000);
    const text = await textOf(response.rawPayload);
    expect(text).toContain('Comprovante de Solicitação de Portabilidade');
    expect(text).toContain(filed.nuProtocolo);
    // Filed at START, 13:00 UTC: 10:00 in Brasília; the operator answers within 10 days.
    expect(text).toContain('10/03/2025 10:00');
    expect(text).toContain('responde até 20/03/2025, em até 10 dias');
    expect(text).toContain('JOSÉ DA SILVA');
    expect(text).toContain('***.918.372-**');
    expect(text).not.toContain('60491837240');
    expect(text).toContain('PEDRO DA SILVA');
    expect(text).toContain('LUÍSA CONCEIÇÃO DA SILVA');
    expect(text).toContain('rg-frente.pdf');
    expect(text).toContain('comprovante de residência.png');
    expect(text).toMatch(/Próximos passos e prazos/);
    expect(text).toMatch(/6 últimos dígitos do protocolo/);
    expect(text).toMatch(/em até 5 dias/);
  });

  it('names each document by its type', async () => {
    const types = (await server.get('portabilidade/utils/documento/list?solicitacao=9')).json() as Array<{
      cdTipoDocumento: number;
      nmDocumento: string;
    }>;
    const text = await textOf((await open((await receiptLink(filed.nuProtocolo, filed.token)).body)).rawPayload);
    for (const code of [1, 2]) {
      const type = types.find((entry) => entry.cdTipoDocumento === code)?.nmDocumento ?? `tipo ${code}`;
      expect(text).toContain(type);
    }
  });

  it('says so when there is no dependent and no document', async () => {
    const text = await textOf((await open((await receiptLink(other.nuProtocolo, other.token)).body)).rawPayload);
    expect(text).toContain(other.nuProtocolo);
    expect(text).toContain('Nenhum documento enviado até agora.');
  });

  it('is refused (404) when the link was altered, and 410 once it expired', async () => {
    const link = (await receiptLink(filed.nuProtocolo, filed.token)).body;
    // A character in the middle of the sealed handle (the last one may only carry padding bits).
    const at = link.length - 20;
    const altered = await open(`${link.slice(0, at)}${link[at] === 'A' ? 'B' : 'A'}${link.slice(at + 1)}`);
    expect(altered.statusCode).toBe(404);
    expect(messageOf(altered)).toBe(FILE_NOT_FOUND);
    expect((await open('/wslinhafrente/v1/comprovante/1')).statusCode).toBe(404);
    server.clock.advance(FILE_LINK_TTL_SECONDS * 1000);
    const expired = await open(link);
    expect(expired.statusCode).toBe(410);
    expect(messageOf(expired)).toBe(FILE_LINK_EXPIRED);
  });
});

describe("the receipt's next steps follow the status and the operator's decision", () => {
  const setStatus = async (...args: string[]) => {
    const io = { out: () => {}, err: (line: string) => console.error(line) };
    expect(await runCliOn(server, ['set-status', ...args], io)).toBe(0);
  };
  const receiptOf = async (request: { nuProtocolo: string; token: string }) =>
    textOf((await open((await receiptLink(request.nuProtocolo, request.token)).body)).rawPayload);
  /** What the receipt said of every request, whatever its status, before the status was read. */
  const UNDER_ANALYSIS = /responde até|Aceita a portabilidade/;

  it('lists the origin and destination plans: the wizard’s, then the one the operator decided', async () => {
    const request = await file({ nu_ans_plano_destino: '481234561' });
    const filed = await receiptOf(request);
    expect(filed).toContain('Plano de origem: PLANO ANTIGO (registro ANS 987654321), OPERADORA ANTIGA');
    expect(filed).toContain('Plano de destino: VIDA PLENA ESSENCIAL ENFERMARIA (registro ANS 481234561)');
    await setStatus(request.nuProtocolo, '6', '--tipo', '2', '--plano', '481234562');
    expect(await receiptOf(request)).toMatch(/Plano de destino: [^:]+ \(registro ANS 481234562\)/);
  });

  it('says the refusal’s reason and where to turn (operator, ANS), not the analysis’ deadline', async () => {
    const request = await file();
    await setStatus(request.nuProtocolo, '4', '--motivo', 'Carência do plano de origem não cumprida.');
    const text = await receiptOf(request);
    expect(text).toContain('Situação atual: Recusada');
    expect(text).toContain(
      'A operadora recusou a portabilidade. Motivo informado pela operadora: Carência do plano de origem não cumprida.',
    );
    expect(text).toContain("nova solicitação de portabilidade: na página inicial, em 'Realizar Solicitação'");
    expect(text).toContain('pelos canais de atendimento dela');
    expect(text).toContain('Notificação de Intermediação Preliminar (NIP)');
    expect(text).toContain('Disque ANS 0800 701 9656');
    expect(text).not.toMatch(UNDER_ANALYSIS);
    await setStatus(request.nuProtocolo, '5', '--reabrir');
    const cancelled = await receiptOf(request);
    expect(cancelled).toContain('A solicitação foi cancelada. A operadora não informou o motivo.');
    expect(cancelled).not.toMatch(UNDER_ANALYSIS);
  });

  it('lists the documents the operator still waits for (status 2), with its reason', async () => {
    const request = await file();
    await setStatus(request.nuProtocolo, '2', '--pendente', '1:Foto ilegível.', '--pendente', '2');
    const text = await receiptOf(request);
    expect(text).toContain('A operadora precisa destes documentos para continuar a análise da sua solicitação.');
    expect(text).toMatch(/• [^•]+ \(motivo informado pela operadora: Foto ilegível\.\) • /);
    expect(text).toContain('responde até 20/03/2025');
    expect(text).not.toContain('Aceita a portabilidade');
  });

  it("gives the operator's start, price and last day to cancel, and what is left to answer (status 6) or sign (status 3)", async () => {
    const request = await file();
    await setStatus(request.nuProtocolo, '6', '--tipo', '2', '--inicio', '01/12/2026', '--valor', '612,40', '--cancelar-ate', '31/12/2026');
    const waiting = await receiptOf(request);
    expect(waiting).toContain('Início da cobertura: 01/12/2026');
    expect(waiting).toContain('Mensalidade: R$ 612,40');
    expect(waiting).toContain('Cancelar o plano anterior até: 31/12/2026');
    expect(waiting).toContain("marque 'Estou ciente' e use 'Finalizar'");
    expect(waiting).toContain(
      'Se a portabilidade seguir, a cobertura do novo plano começa em 01/12/2026; depois disso, cancele o seu plano anterior até 31/12/2026.',
    );
    expect(waiting).not.toMatch(UNDER_ANALYSIS);

    await setStatus(request.nuProtocolo, '3');
    const accepted = await receiptOf(request);
    expect(accepted).toContain("Abra e aceite cada termo e declaração pelo acompanhamento e use 'Finalizar'. Falta aceitar:");
    for (const name of ['Proposta de Adesão', 'Declaração de Portabilidade', 'Carta de Orientação ao Beneficiário'])
      expect(accepted).toContain(`• ${name}`);
    expect(accepted).toContain(
      'A cobertura do novo plano começa em 01/12/2026; depois disso, cancele o seu plano anterior até 31/12/2026.',
    );
    expect(accepted).not.toMatch(UNDER_ANALYSIS);
  });

  it('says the contract is active from the start of coverage (status 7)', async () => {
    const request = await file();
    await setStatus(request.nuProtocolo, '7', '--inicio', '01/04/2025', '--cancelar-ate', '06/04/2025');
    const text = await receiptOf(request);
    expect(text).toContain('Situação atual: Contrato ativo');
    expect(text).toContain('Seu contrato está ativo, com cobertura a partir de 01/04/2025.');
    expect(text).toContain('cancele o seu plano anterior até 06/04/2025, se ainda não o fez');
    expect(text).not.toMatch(UNDER_ANALYSIS);
  });
});
