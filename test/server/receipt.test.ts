/**
 * The receipt (issue 25 item 6): `portabilidade/comprovante` answers a short-lived link only to
 * a token bound to the protocol, and the PDF behind the link holds the protocol, the filing's
 * date and time, the holder, every dependent, every document sent and the next steps.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_EXPIRED, FILE_NOT_FOUND } from '../../server/routes/documents.ts';
import { RECEIPT_NEEDS_TOKEN } from '../../server/routes/receipt.ts';
import { FILE_LINK_TTL_SECONDS } from '../../server/services/file-links.ts';
import { DEMO, FILES, loginToken, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

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
