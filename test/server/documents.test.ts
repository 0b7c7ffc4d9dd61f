import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../contract/api.ts';
import { runCli } from '../../server/backoffice-cli.ts';
import { acceptanceTitle } from '../../server/services/request-documents.ts';
import { API, DEMO, FILES, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
let protocolo: string;
let cdSolicitacao: number;
/** The new request's token, from its save: the acceptance call names the request by its id. */
let token: string;

beforeAll(async () => {
  server = await startServer();
  ({
    nuProtocolo: protocolo,
    cdSolicitacao,
    token,
  } = (await server.post('portabilidade', validRequest())).json() as {
    nuProtocolo: string;
    cdSolicitacao: number;
    token: string;
  });
}, 60_000);
afterAll(() => server.close());

const upload = (overrides: Record<string, unknown> = {}) =>
  server.post('portabilidade/utils/documento', {
    nuProtocolo: protocolo,
    tipoSolicitacao: '9',
    nuContrato: '',
    cdTipoDocumento: 1,
    nmDocumento: 'rg-frente.pdf',
    nmExtensao: 'pdf',
    arquivoBase64: FILES.pdf,
    ...overrides,
  });

/** Links are relative (no PUBLIC_URL): served on the page's own origin, signed in their query. */
const pathOf = (link: string) => {
  const url = new URL(link, 'http://portal.test');
  return `${url.pathname}${url.search}`;
};
const SIGNED_PDF_LINK = /^\/wslinhafrente\/v1\/arquivos\/[a-f0-9]{32}\.pdf\?expira=\d+&assinatura=[\w-]{22}$/;
const aceite = (body: Record<string, unknown>, as = token) =>
  server.post('portabilidade/utils/documento/aceite', { tipo: '9', ...body }, { token: as });

describe('uploading documents', () => {
  it('accepts a real PDF and a real PNG and lists them with links that serve them inline', async () => {
    expect((await upload()).body).toBe('OK');
    const png = await upload({ cdTipoDocumento: 3, nmDocumento: 'conta-de-luz.png', nmExtensao: 'png', arquivoBase64: FILES.png });
    expect(png.statusCode).toBe(200);

    const list = (await server.get(`portabilidade/documento?protocolo=${protocolo}`, { token: 'free' })).json() as Array<{
      nmArquivo: string;
      nmExtensaoArquivo: string;
      nmDocumento: string;
      dtAssinatura: string | null;
      linkUrl: string;
    }>;
    expect(list.map((doc) => [doc.nmArquivo, doc.nmExtensaoArquivo, doc.nmDocumento, doc.dtAssinatura])).toEqual([
      ['rg-frente.pdf', 'pdf', 'RG (documento de identidade)', null],
      ['conta-de-luz.png', 'png', 'Comprovante de residência', null],
    ]);
    const pdf = await server.app.inject({ method: 'GET', url: pathOf(list[0]?.linkUrl ?? '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline/);
    expect(pdf.rawPayload.equals(Buffer.from(FILES.pdf, 'base64'))).toBe(true);
    const image = await server.app.inject({ method: 'GET', url: pathOf(list[1]?.linkUrl ?? '') });
    expect(image.headers['content-type']).toBe('image/png');
    expect(list[0]?.linkUrl).toMatch(SIGNED_PDF_LINK);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a text file renamed to .pdf', async () => {
    const response = await upload({ nmDocumento: 'falso.pdf', arquivoBase64: FILES.text });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/não é um PDF válido/);
  });

  it('refuses a PNG declared as PDF, and a name that disagrees with the declared extension', async () => {
    expect(messageOf(await upload({ arquivoBase64: FILES.png }))).toMatch(/não é um PDF válido \(parece ser PNG\)/);
    expect(messageOf(await upload({ nmDocumento: 'foto.png' }))).toMatch(/não corresponde à extensão/);
    expect(messageOf(await upload({ arquivoBase64: `data:image/png;base64,${FILES.pdf}` }))).toMatch(/não corresponde/);
  });

  it('accepts a data URL whose type agrees', async () => {
    expect((await upload({ arquivoBase64: `data:application/pdf;base64,${FILES.pdf}` })).statusCode).toBe(200);
  });

  it('refuses content that is not strict base64, an empty file and a disallowed extension', async () => {
    expect(messageOf(await upload({ arquivoBase64: 'JVBER i0x' }))).toMatch(/base64 válido/);
    expect(messageOf(await upload({ arquivoBase64: 'JVBERi0x%' }))).toMatch(/base64 válido/);
    expect(messageOf(await upload({ arquivoBase64: 'data:application/pdf;base64,' }))).toBe(
      'O arquivo está vazio. Por favor, selecione um arquivo válido.',
    );
    expect(messageOf(await upload({ nmExtensao: 'exe' }))).toMatch(/^Campo nmExtensao:/);
  });

  it("refuses a file over 10MB with the portal's message", async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1);
    big.write('%PDF-1.4');
    const response = await upload({ arquivoBase64: big.toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('O arquivo excede o tamanho máximo permitido de 10MB.');
  }, 30_000);

  it('accepts a file of exactly 10MB', async () => {
    const max = Buffer.alloc(MAX_FILE_BYTES);
    max.write('%PDF-1.4');
    expect((await upload({ arquivoBase64: max.toString('base64') })).statusCode).toBe(200);
  }, 30_000);

  it('answers 404 for an unknown protocol and 400 for an unknown document type', async () => {
    const unknown = await upload({ nuProtocolo: '11111111111111111111' });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Protocolo não encontrado.');
    expect(messageOf(await upload({ cdTipoDocumento: 999 }))).toMatch(/^Campo cdTipoDocumento:/);
  });

  it('refuses uploads once the request left analysis', async () => {
    const response = await server.post('portabilidade/utils/documento', {
      nuProtocolo: DEMO.status6Type2.protocolo,
      tipoSolicitacao: '9',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.pdf',
      nmExtensao: 'pdf',
      arquivoBase64: FILES.pdf,
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/não aceita novos documentos/);
  });

  it('answers 404 for a file name that was never stored', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API}arquivos/${'0'.repeat(32)}.pdf` });
    expect(response.statusCode).toBe(404);
    const traversal = await server.app.inject({ method: 'GET', url: `${API}arquivos/..%2F..%2Fpackage.json` });
    expect(traversal.statusCode).toBe(404);
  });
});

describe('the acceptance document', () => {
  it("links a real PDF with the request's data for a new request", async () => {
    const response = await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: cdSolicitacao });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(SIGNED_PDF_LINK);
    const pdf = await server.app.inject({ method: 'GET', url: pathOf(response.body) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1500);
  });

  it("answers the same 404 for an unknown request as for another protocol's, or without a token", async () => {
    const unknown = await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: 999_999 });
    expect(unknown.statusCode).toBe(404);
    const other = await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: 1 });
    const anonymous = await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: cdSolicitacao }, 'free');
    for (const response of [other, anonymous]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
    expect(messageOf(unknown)).toMatch(/Solicitação não encontrada nesta sessão/);
  });

  it('records agreement in status 6 and then refuses to take it back', async () => {
    const tracking = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.status6Type1.protocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    const agree = await aceite({ fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: tracking.cdSolicitacao }, tracking.token);
    expect(agree.body).toMatch(/^\/wslinhafrente\//);
    const after = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.status6Type1.protocolo}`)).json() as {
      flConcordo: string;
    };
    expect(after.flConcordo).toBe('S');
    const takeBack = await aceite({ fl_ciente: 'N', fl_tipo: 'D', cd_solicitacao: tracking.cdSolicitacao }, tracking.token);
    expect(takeBack.body).toBe('ERRO');
    const docs = (await server.get(`portabilidade/documento?protocolo=${DEMO.status6Type1.protocolo}`)).json() as Array<{
      nmDocumento: string;
      dtAssinatura: string | null;
    }>;
    expect(docs.at(-1)).toMatchObject({ nmDocumento: 'Termo de Concordância', dtAssinatura: '10/03/2025' });
  });

  it("names a 'Não aceito' a refusal, never a 'Termo de Concordância', in the list and in the PDF's title", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'decline-name' })).json() as { nuProtocolo: string };
    const quiet = { out: () => undefined, err: () => undefined };
    await runCli(['set-status', saved.nuProtocolo, '6', '--tipo', '1'], { db: server.db, io: quiet, env: { DATA_DIR: server.dataDir } });
    const tracking = (await server.get(`portabilidade/acompanhamento?protocolo=${saved.nuProtocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    const decline = await aceite({ fl_ciente: 'N', fl_tipo: 'D', cd_solicitacao: tracking.cdSolicitacao }, tracking.token);
    expect(decline.body).toMatch(/^\/wslinhafrente\//);
    const docs = (await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json() as Array<{
      nmDocumento: string;
      dtAssinatura: string | null;
    }>;
    expect(docs.at(-1)).toEqual(expect.objectContaining({ nmDocumento: 'Termo de Recusa', dtAssinatura: null }));
    expect(docs.map((doc) => doc.nmDocumento).join(' ')).not.toMatch(/Concordância/);
    expect(acceptanceTitle('D', 'N')).toBe('Termo de Recusa da Portabilidade');
    expect(acceptanceTitle('D', 'S')).toBe('Termo de Concordância com a Portabilidade');
    expect(acceptanceTitle('I', 'S')).toBe('Termo de Ciência da Portabilidade');
    expect(acceptanceTitle('I', 'N')).not.toMatch(/^Termo de Ciência/);
  });

  it('answers ERRO to a tracking acknowledgement outside status 6', async () => {
    const response = await aceite({ fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: cdSolicitacao });
    expect(response.body).toBe('ERRO');
  });
});
