import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../contract/api.ts';
import { runCli } from '../../server/backoffice-cli.ts';
import { acceptanceTitle } from '../../server/services/request-documents.ts';
import { CONDITIONS_CHANGED_STATUS } from '../../server/services/status.ts';
import { API, DEMO, FILES, messageOf, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';
import { catalogEntry, documentPdf, handWritten, javaScriptAction, launchAction, objectStream } from './support/pdfs.ts';

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
/** Asked with a token, bound to its session (test/server/sessions.test.ts); asked without one, not. */
const SIGNED_PDF_LINK = /^\/wslinhafrente\/v1\/arquivos\/[a-f0-9]{32}\.pdf\?expira=\d+(&sessao=[\w-]{22})?&assinatura=[\w-]{22}$/;

const uploadCount = async () =>
  (
    await server.db.query('SELECT 1 FROM uploaded_documents u JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1', [
      protocolo,
    ])
  ).length;
/** The operator's `set-status` on this server's data, at its clock, printing nothing. */
const setStatus = (protocolo: string, ...args: string[]) =>
  runCliOn(server, ['set-status', protocolo, ...args], { out: () => undefined, err: () => undefined });
const aceite = (body: Record<string, unknown>, as = token) =>
  server.post('portabilidade/utils/documento/aceite', { tipo: '9', ...body }, { token: as });

interface TrackingView {
  cdSolicitacao: number;
  token: string;
  flConcordo: string | null;
  dsStatus?: string;
  dtInicioCobertura?: string;
  dsVersaoCondicoes?: string;
  flRespostaDaOperadora?: true;
}

/** A request filed under `key`, with the operator's CLI on it and what its person and its messages say. */
async function filed(key: string, overrides: Record<string, unknown> = {}) {
  const { nuProtocolo } = (await server.post('portabilidade', validRequest(overrides), { key })).json() as { nuProtocolo: string };
  return {
    nuProtocolo,
    cli: (...args: string[]) => setStatus(nuProtocolo, ...args),
    tracking: async () => (await server.get(`portabilidade/acompanhamento?protocolo=${nuProtocolo}`)).json() as TrackingView,
    history: async (as: string) =>
      (
        (await server.get(`portabilidade/historico?protocolo=${nuProtocolo}`, { token: as })).json() as {
          eventos: Array<{ dsStatus: string }>;
        }
      ).eventos.map((event) => event.dsStatus),
    emails: async (cdSolicitacao: number) =>
      (
        await server.db.query<{ ds_texto: string }>('SELECT ds_texto FROM outbox_emails WHERE cd_solicitacao = $1 ORDER BY cd_mensagem', [
          cdSolicitacao,
        ])
      ).map((row) => row.ds_texto),
  };
}

describe('uploading documents', () => {
  it('accepts a real PDF and a real PNG and lists them with links that serve them as attachments, under their names', async () => {
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
    // What a person sent is downloaded, never rendered by the portal's origin (issue 24 item 10).
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="rg-frente.pdf"; filename*=UTF-8''rg-frente.pdf`);
    expect(pdf.rawPayload.equals(Buffer.from(FILES.pdf, 'base64'))).toBe(true);
    const image = await server.app.inject({ method: 'GET', url: pathOf(list[1]?.linkUrl ?? '') });
    expect(image.headers['content-type']).toBe('image/png');
    expect(list[0]?.linkUrl).toMatch(SIGNED_PDF_LINK);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(String(image.headers['content-disposition'])).toMatch(/^attachment; filename="conta-de-luz\.png"/);
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

  it('refuses an iPhone photo (HEIC) that reached the server unconverted, by its extension or its bytes, saying how to send it', async () => {
    // The first box of a HEIC file: size, 'ftyp', brand 'heic'.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]).toString('base64');
    for (const response of [
      await upload({ nmDocumento: 'IMG_0001.HEIC', nmExtensao: 'heic', arquivoBase64: heic }),
      await upload({ nmDocumento: 'IMG_0001.jpg', nmExtensao: 'jpg', arquivoBase64: heic }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toMatch(/HEIC\/HEIF .*"Mais Compatível"/);
    }
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

  it('names a non-ASCII file in the attachment header both ways (plain fallback and UTF-8)', async () => {
    expect((await upload({ nmDocumento: 'certidão de nascimento.pdf' })).body).toBe('OK');
    const list = (await server.get(`portabilidade/documento?protocolo=${protocolo}`)).json() as Array<{
      nmArquivo: string;
      linkUrl: string;
    }>;
    const link = list.find((doc) => doc.nmArquivo === 'certidão de nascimento.pdf')?.linkUrl ?? '';
    const response = await server.app.inject({ method: 'GET', url: pathOf(link) });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="certid_o_de_nascimento.pdf"; filename*=UTF-8''certid%C3%A3o%20de%20nascimento.pdf`,
    );
  });

  it.each([
    ['a script run on opening', catalogEntry('OpenAction', javaScriptAction)],
    ['a launched program', catalogEntry('OpenAction', launchAction)],
    [
      'an embedded executable',
      (document: Parameters<typeof javaScriptAction>[0]) => document.attach(Buffer.from('MZ'), 'programa.exe', {}),
    ],
  ])('refuses a PDF with %s, saying how to send a plain one', async (_what, edit) => {
    const before = await uploadCount();
    const response = await upload({ arquivoBase64: (await documentPdf(edit)).toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(
      'Este PDF contém conteúdo ativo (JavaScript, ação automática ou arquivo embutido) e não pode ser aceito. ' +
        'Envie um PDF simples: abra o documento e use "Imprimir" > "Salvar como PDF", ou digitalize o documento de novo (ou envie uma foto em JPG ou PNG).',
    );
    expect(await uploadCount()).toBe(before);
  });

  it.each([
    ['/JavaScript', '5 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj'],
    ['/JS', '5 0 obj\n<< /AA << /O << /JS (app.alert(1)) >> >> >>\nendobj'],
    ['/OpenAction', '5 0 obj\n<< /OpenAction 6 0 R >>\nendobj'],
    ['/Launch', '5 0 obj\n<< /S /Launch /F (cmd.exe) >>\nendobj'],
    ['/EmbeddedFile', '5 0 obj\n<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream\nendobj'],
    ['/J#61vaScript (escaped)', '5 0 obj\n<< /S /J#61vaScript >>\nendobj'],
  ])('refuses a PDF with %s', async (_marker, body) => {
    const response = await upload({ arquivoBase64: handWritten(body).toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/^Este PDF contém conteúdo ativo/);
  });

  it('refuses a PDF whose compressed objects cannot be read, and accepts a plain one made the same way', async () => {
    const unreadable = handWritten(objectStream(7, '<< >>', '/Type /ObjStm /N 1 /First 5 /Filter /LZWDecode'));
    expect(messageOf(await upload({ arquivoBase64: unreadable.toString('base64') }))).toMatch(
      /^Não foi possível verificar o conteúdo deste PDF .*"Imprimir" > "Salvar como PDF"/,
    );
    const plain = await upload({ arquivoBase64: (await documentPdf()).toString('base64') });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('OK');
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
    // Generated here, so it opens in the tab.
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline/);
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

  it('an answer does not carry into a round with other conditions: back to 6 after 1 or 3 with new facts, or with another --tipo, asks again (found by an exploratory run)', async () => {
    const { cli, tracking, history, emails } = await filed('answer-rounds', { fl_aceita_email: '1' });
    const lastEmail = async (cdSolicitacao: number) => (await emails(cdSolicitacao)).at(-1) ?? '';
    const agree = async (fl_tipo: 'D' | 'I') => {
      const now = await tracking();
      expect((await aceite({ fl_ciente: 'S', fl_tipo, cd_solicitacao: now.cdSolicitacao }, now.token)).body).toMatch(SIGNED_PDF_LINK);
      expect(await tracking()).toMatchObject({ flConcordo: 'S' });
      return now.cdSolicitacao;
    };
    expect(await cli('6', '--tipo', '1', '--plano', '481234562', '--valor', '400,00')).toBe(0);
    const cdSolicitacao = await agree('D');

    const lastEvent = async () => (await history((await tracking()).token)).at(-1);

    // A round trip through 1 to the same conditions: the answer still stands, and stays the person's
    // (found by a regression walk: it was e-mailed back, and listed, as the operator's).
    expect(await cli('1')).toBe(0);
    expect(await cli('6')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: 'S' });
    expect(await lastEmail(cdSolicitacao)).toContain("A resposta 'Estou de acordo' que você deu continua valendo");
    expect(await lastEmail(cdSolicitacao)).not.toContain('A operadora registrou a sua resposta');
    expect(await lastEvent()).toBe("Resposta 'Estou de acordo' registrada - aguardando a operadora");

    // Through 1 to a new price: the agreement was to 400,00, not to 900,00; the screen and history say why.
    expect(await cli('1')).toBe(0);
    expect(await cli('6', '--valor', '900,00')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: null, dsStatus: CONDITIONS_CHANGED_STATUS });
    expect(await lastEvent()).toBe(CONDITIONS_CHANGED_STATUS);
    expect(await lastEmail(cdSolicitacao)).toMatch(/mudou as condições[\s\S]*não vale mais/);

    // Agreed to 900,00, then the price changes while in 3 and the request comes back to 6.
    await agree('D');
    expect(await cli('3', '--valor', '950,00')).toBe(0);
    expect(await cli('6')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: null, dsStatus: CONDITIONS_CHANGED_STATUS });

    // Another kind of answer asked ('Estou ciente' instead of 'Estou de acordo'): asked again.
    await agree('D');
    expect(await cli('6', '--tipo', '2')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: null });

    // The operator records the answer itself: the message says so and asks for nothing.
    expect(await cli('6', '--concordo', 'S')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: 'S' });
    const recorded = await lastEmail(cdSolicitacao);
    expect(recorded).toContain("A operadora registrou a sua resposta 'Estou ciente'");
    expect(recorded).not.toMatch(/aguarda a sua resposta|responda (de novo|"|à operadora)/);
  });

  it('opens the answer again when the operator changes the conditions after it, and takes the new answer; the old term stays', async () => {
    const { nuProtocolo, cli, tracking, history, emails } = await filed('reopened-answer', { fl_aceita_email: '1' });
    expect(await cli('6', '--tipo', '1', '--plano', '481234562', '--inicio', '01/02/2027')).toBe(0);
    const first = await tracking();
    const agreed = await aceite({ fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: first.cdSolicitacao }, first.token);
    expect(agreed.body).toMatch(SIGNED_PDF_LINK);
    expect(await tracking()).toMatchObject({ flConcordo: 'S' });
    const sentBefore = (await emails(first.cdSolicitacao)).length;

    // New conditions: the agreement was to the old ones, so it is cleared in the same change.
    expect(await cli('6', '--inicio', '01/03/2027')).toBe(0);
    const reopened = await tracking();
    // The status says why the person is asked again (found by a regression walk: only the e-mail did).
    expect(reopened).toMatchObject({
      flConcordo: null,
      dsStatus: 'Condições alteradas pela operadora - aguardando sua nova resposta',
      dtInicioCobertura: '01/03/2027',
    });
    const sent = (await emails(first.cdSolicitacao)).slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/mudou as condições[\s\S]*não vale mais[\s\S]*responda de novo "Estou de acordo" ou "Não aceito"/);

    // The new answer is taken: a new term, the request holds it again. Even a 'Não aceito' now.
    const again = await aceite({ fl_ciente: 'N', fl_tipo: 'D', cd_solicitacao: reopened.cdSolicitacao }, reopened.token);
    expect(again.body).toMatch(SIGNED_PDF_LINK);
    expect(await tracking()).toMatchObject({ flConcordo: 'N' });
    const docs = (await server.get(`portabilidade/documento?protocolo=${nuProtocolo}`)).json() as Array<{ nmDocumento: string }>;
    // Both rounds' terms are kept: the earlier agreement is the record of the earlier conditions.
    expect(docs.map((doc) => doc.nmDocumento).filter((name) => name === 'Termo de Concordância' || name === 'Termo de Recusa')).toEqual([
      'Termo de Concordância',
      'Termo de Recusa',
    ]);
    // And the agreement again, after the second round: a term of its own, not the first round's.
    const reagreed = await aceite({ fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: reopened.cdSolicitacao }, reopened.token);
    expect(reagreed.body).toMatch(SIGNED_PDF_LINK);
    expect(pathOf(reagreed.body)).not.toBe(pathOf(agreed.body));
    expect(await tracking()).toMatchObject({ flConcordo: 'S' });

    // The history says who did what: the person's answers, the operator's reopening.
    expect(await history(reopened.token)).toEqual([
      'Em análise',
      'Aguardando sua confirmação',
      "Resposta 'Estou de acordo' registrada - aguardando a operadora",
      'Condições alteradas pela operadora - aguardando sua nova resposta',
      "Resposta 'Não aceito' registrada",
      "Resposta 'Estou de acordo' registrada - aguardando a operadora",
    ]);
    // An answer the operator records is said to be the operator's.
    expect(await cli('6', '--concordo', 'N')).toBe(0);
    expect((await history(reopened.token)).at(-1)).toBe("Resposta 'Não aceito' registrada pela operadora");

    // Kept into a new round (through 1, under the same conditions), it stays the operator's: in the
    // history and in the e-mail, which asks the person to speak up if it was not theirs (found by a
    // regression walk: it was told as the person's own). Through 3 a refusal cannot go (backoffice.test.ts).
    expect(await cli('1')).toBe(0);
    expect(await cli('6')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: 'N' });
    expect((await history(reopened.token)).at(-1)).toBe("Resposta 'Não aceito' registrada pela operadora");
    const told = (await emails(first.cdSolicitacao)).at(-1) ?? '';
    expect(told).toContain("A resposta 'Não aceito' registrada pela operadora continua valendo.");
    expect(told).toContain('Se não foi você quem deu essa resposta, fale com a operadora.');
    expect(told).not.toContain('que você deu');
  });

  it("the operator's answer for new conditions is the operator's even when it is the person's answer again; the same answer to the same conditions is no news", async () => {
    const { cli, tracking, history, emails } = await filed('operator-same-answer', { fl_aceita_email: '1' });
    expect(await cli('6', '--tipo', '1', '--plano', '481234562', '--inicio', '01/02/2027')).toBe(0);
    const shown = await tracking();
    await aceite({ fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: shown.cdSolicitacao }, shown.token);
    const personAnswered = await history(shown.token);
    expect(personAnswered.at(-1)).toBe("Resposta 'Estou de acordo' registrada - aguardando a operadora");
    expect((await tracking()).flRespostaDaOperadora).toBeUndefined();
    const sentBefore = (await emails(shown.cdSolicitacao)).length;

    // The same answer to the same conditions: nothing happened, nothing is said.
    expect(await cli('6', '--concordo', 'S')).toBe(0);
    expect(await history(shown.token)).toEqual(personAnswered);
    expect(await emails(shown.cdSolicitacao)).toHaveLength(sentBefore);

    // New facts with the operator's 'S': the answer now stands for them, and it is the operator's,
    // in the history as in the e-mail that tells the person so.
    expect(await cli('6', '--concordo', 'S', '--inicio', '01/03/2027')).toBe(0);
    expect(await tracking()).toMatchObject({ flConcordo: 'S', dtInicioCobertura: '01/03/2027', flRespostaDaOperadora: true });
    expect(await history(shown.token)).toEqual([...personAnswered, "Resposta 'Estou de acordo' registrada pela operadora"]);
    const told = (await emails(shown.cdSolicitacao)).slice(sentBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("A operadora registrou a sua resposta 'Estou de acordo'");

    // Kept into a new round under those conditions, it stays the operator's.
    expect(await cli('1')).toBe(0);
    expect(await cli('6')).toBe(0);
    expect((await history(shown.token)).at(-1)).toBe("Resposta 'Estou de acordo' registrada pela operadora");
  });

  it('records no answer given to conditions the operator has changed since they were shown', async () => {
    const { cli, tracking } = await filed('stale-conditions');
    expect(await cli('6', '--tipo', '1', '--valor', '100,00')).toBe(0);
    const shown = await tracking();
    expect(shown.dsVersaoCondicoes).toMatch(/^[\w-]{16}$/);
    // The screen stays open while the operator changes the price, then the person agrees.
    expect(await cli('6', '--valor', '200,00')).toBe(0);
    const changed = await tracking();
    expect(changed.dsVersaoCondicoes).not.toBe(shown.dsVersaoCondicoes);
    const answer = { fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: shown.cdSolicitacao } as const;
    const stale = await aceite({ ...answer, versao_condicoes: shown.dsVersaoCondicoes }, changed.token);
    expect(stale.body).toBe('ERRO');
    expect(await tracking()).toMatchObject({ flConcordo: null });
    // To the conditions now shown, the answer is recorded.
    const current = await aceite({ ...answer, versao_condicoes: changed.dsVersaoCondicoes }, changed.token);
    expect(current.body).toMatch(SIGNED_PDF_LINK);
    expect(await tracking()).toMatchObject({ flConcordo: 'S' });
    // Its retry after yet another change is not the earlier answer again.
    expect(await cli('6', '--valor', '300,00')).toBe(0);
    expect((await aceite({ ...answer, versao_condicoes: changed.dsVersaoCondicoes }, changed.token)).body).toBe('ERRO');
    expect(await tracking()).toMatchObject({ flConcordo: null });
  });

  it("names a 'Não aceito' a refusal, never a 'Termo de Concordância', in the list and in the PDF's title", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'decline-name' })).json() as { nuProtocolo: string };
    const quiet = { out: () => undefined, err: () => undefined };
    await runCli(['set-status', saved.nuProtocolo, '6', '--tipo', '1'], { db: server.db, dataDir: server.dataDir, io: quiet });
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

  it("makes the new request's term once: the same call again answers the same document, another choice 'ERRO'", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'term-once' })).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
      token: string;
    };
    const body = { fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: saved.cdSolicitacao };
    const first = await aceite(body, saved.token);
    expect(first.body).toMatch(SIGNED_PDF_LINK);
    // The wizard's retry: with its Idempotency-Key (replayed), or without it (a new tab).
    const keyed = { headers: { authorization: `Bearer ${saved.token}`, 'idempotency-key': 'term-once:aceite' } };
    const replayedFirst = await server.post('portabilidade/utils/documento/aceite', { tipo: '9', ...body }, keyed);
    const replayed = await server.post('portabilidade/utils/documento/aceite', { tipo: '9', ...body }, keyed);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    for (const again of [replayedFirst, replayed, await aceite(body, saved.token)]) {
      expect(again.statusCode).toBe(200);
      expect(new URL(again.body, 'http://portal.test').pathname).toBe(new URL(first.body, 'http://portal.test').pathname);
    }
    expect((await aceite({ ...body, fl_ciente: 'N' }, saved.token)).body).toBe('ERRO');
    const docs = (await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json() as Array<{ nmDocumento: string }>;
    expect(docs.map((doc) => doc.nmDocumento)).toEqual(['Termo de Aceite da Solicitação']);
  });

  it("refuses the new request's term ('ERRO') on a request past filing: refused, or once acknowledged in tracking", async () => {
    const quiet = { out: () => undefined, err: () => undefined };
    const setStatus = (protocolo: string, ...args: string[]) =>
      runCli(['set-status', protocolo, ...args], { db: server.db, dataDir: server.dataDir, io: quiet });
    const track = async (protocolo: string) =>
      (await server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json() as { cdSolicitacao: number; token: string };
    const termsOf = async (protocolo: string) =>
      ((await server.get(`portabilidade/documento?protocolo=${protocolo}`)).json() as Array<{ nmDocumento: string }>).map(
        (doc) => doc.nmDocumento,
      );

    // Refused by the operator, then a tracking token asks for a new request's term.
    const refused = (await server.post('portabilidade', validRequest(), { key: 'term-refused' })).json() as { nuProtocolo: string };
    expect(await setStatus(refused.nuProtocolo, '4')).toBe(0);
    const onRefused = await track(refused.nuProtocolo);
    expect((await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: onRefused.cdSolicitacao }, onRefused.token)).body).toBe('ERRO');
    expect(await termsOf(refused.nuProtocolo)).toEqual([]);

    // Agreed in status 6, and the status set back to 1: a 'Termo de Aceite' would sit beside the agreement.
    const agreed = (await server.post('portabilidade', validRequest(), { key: 'term-agreed' })).json() as { nuProtocolo: string };
    expect(await setStatus(agreed.nuProtocolo, '6', '--tipo', '1')).toBe(0);
    const onAgreed = await track(agreed.nuProtocolo);
    expect((await aceite({ fl_ciente: 'S', fl_tipo: 'D', cd_solicitacao: onAgreed.cdSolicitacao }, onAgreed.token)).body).toMatch(
      SIGNED_PDF_LINK,
    );
    expect((await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: onAgreed.cdSolicitacao }, onAgreed.token)).body).toBe('ERRO');
    expect(await setStatus(agreed.nuProtocolo, '1')).toBe(0);
    expect((await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: onAgreed.cdSolicitacao }, onAgreed.token)).body).toBe('ERRO');
    expect(await termsOf(agreed.nuProtocolo)).toEqual(['Termo de Concordância']);
  });

  it("still makes the new request's term when the operator asked for documents before a resumed wizard finished (status 2)", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'term-pending' })).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
      token: string;
    };
    const quiet = { out: () => undefined, err: () => undefined };
    expect(
      await runCli(['set-status', saved.nuProtocolo, '2', '--pendente', '3'], { db: server.db, dataDir: server.dataDir, io: quiet }),
    ).toBe(0);
    expect((await aceite({ fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: saved.cdSolicitacao }, saved.token)).body).toMatch(
      SIGNED_PDF_LINK,
    );
  });

  it('answers ERRO to a tracking acknowledgement outside status 6', async () => {
    const response = await aceite({ fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: cdSolicitacao });
    expect(response.body).toBe('ERRO');
  });
});
