import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { BACKOFFICE_PATH, BACKOFFICE_SECRET_HEADER } from '../../server/routes/backoffice.ts';
import { DEMO, FILES, startServer, validRequest, type TestServer } from './helpers.ts';

const SECRET = 'pending-documents-test-secret-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ backofficeSecret: SECRET });
}, 60_000);
afterAll(() => server.close());

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (text) => stdout.push(text), err: (text) => stderr.push(text) };
}

const cli = (args: string[], io = capture()) => runCli(args, { db: server.db, dataDir: server.dataDir, io, clock: () => server.clock.now });

async function newRequest(): Promise<string> {
  return ((await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string }).nuProtocolo;
}

interface Tracking {
  flStatus: number;
  documentosPendentes?: Array<{ cdTipoDocumento: number; nmDocumento: string; dsMotivo?: string }>;
}
const track = async (protocolo: string) => (await server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json() as Tracking;

const upload = (protocolo: string, cdTipoDocumento: number, nmDocumento = 'documento.pdf') =>
  server.post('portabilidade/utils/documento', {
    nuProtocolo: protocolo,
    tipoSolicitacao: '9',
    nuContrato: '',
    cdTipoDocumento,
    nmDocumento,
    nmExtensao: 'pdf',
    arquivoBase64: FILES.pdf,
  });

describe('pending documents: the operator marks them, tracking lists them, an upload answers one', () => {
  it('lists the two types asked for with status 2, with their names and reasons, and drops one once a document of it is sent', async () => {
    const protocolo = await newRequest();
    const io = capture();
    const code = await cli(['set-status', protocolo, '2', '--pendente', '3:Comprovante com mais de 90 dias', '--pendente', '5'], io);
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    expect(io.stdout.join('\n')).toMatch(
      /Documentos pendentes:\n {2}#3 Comprovante de residência \(Comprovante com mais de 90 dias\): pendente/,
    );

    expect((await track(protocolo)).documentosPendentes).toEqual([
      { cdTipoDocumento: 3, nmDocumento: 'Comprovante de residência', dsMotivo: 'Comprovante com mais de 90 dias' },
      { cdTipoDocumento: 5, nmDocumento: 'Comprovante de pagamento (últimos 3 boletos)' },
    ]);

    // A document of another type is kept, and answers nothing.
    expect((await upload(protocolo, 1, 'rg.pdf')).body).toBe('OK');
    expect((await track(protocolo)).documentosPendentes).toHaveLength(2);

    expect((await upload(protocolo, 3, 'conta-de-luz.pdf')).body).toBe('OK');
    expect((await track(protocolo)).documentosPendentes).toEqual([
      { cdTipoDocumento: 5, nmDocumento: 'Comprovante de pagamento (últimos 3 boletos)' },
    ]);

    const show = capture();
    expect(await cli(['show', protocolo], show)).toBe(0);
    const text = show.stdout.join('\n');
    expect(text).toContain('Comprovante de residência: conta-de-luz.pdf');
    expect(text).toMatch(/#3 Comprovante de residência \(Comprovante com mais de 90 dias\): enviado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toMatch(/#5 Comprovante de pagamento \(últimos 3 boletos\): pendente/);
  });

  it('refuses status 2 without --pendente (exit 2) unless documents asked for earlier are still open; no list in any other status', async () => {
    const protocolo = await newRequest();
    expect((await track(protocolo)).documentosPendentes).toBeUndefined();
    // A status 2 without a list is a dead end: the portal would have nothing to ask for.
    const bare = capture();
    expect(await cli(['set-status', protocolo, '2'], bare)).toBe(2);
    expect(bare.stderr.join('\n')).toMatch(/informe quais documentos faltam: um --pendente <tipo>\[:<motivo>\] por tipo/);
    expect(await track(protocolo)).toMatchObject({ flStatus: 1 });
    expect(await cli(['set-status', protocolo, '2', '--pendente', '4'])).toBe(0);
    expect((await track(protocolo)).documentosPendentes).toHaveLength(1);
    // Back under analysis the list is not shown; at 2 again, what is still open comes back.
    expect(await cli(['set-status', protocolo, '1'])).toBe(0);
    expect((await track(protocolo)).documentosPendentes).toBeUndefined();
    expect(await cli(['set-status', protocolo, '2'])).toBe(0);
    expect((await track(protocolo)).documentosPendentes?.map((d) => d.cdTipoDocumento)).toEqual([4]);
    // Once every type asked for arrived, the list is empty and a new status 2 needs a new one.
    expect((await upload(protocolo, 4)).body).toBe('OK');
    expect((await track(protocolo)).documentosPendentes).toEqual([]);
    expect(await cli(['set-status', protocolo, '1'])).toBe(0);
    expect(await cli(['set-status', protocolo, '2'])).toBe(2);
  });

  it('replaces the open list with the one given, and reopens a type sent before when it is asked again', async () => {
    const protocolo = await newRequest();
    expect(await cli(['set-status', protocolo, '2', '--pendente', '3', '--pendente', '4'])).toBe(0);
    expect((await upload(protocolo, 3)).body).toBe('OK');
    expect(await cli(['set-status', protocolo, '2', '--pendente', '3:Ilegível: envie uma foto nítida', '--pendente', '6'])).toBe(0);
    expect((await track(protocolo)).documentosPendentes).toEqual([
      { cdTipoDocumento: 3, nmDocumento: 'Comprovante de residência', dsMotivo: 'Ilegível: envie uma foto nítida' },
      { cdTipoDocumento: 6, nmDocumento: 'Carta de permanência do plano anterior' },
    ]);
  });

  it('refuses malformed, repeated or misplaced --pendente flags (exit 2) and unknown types (exit 1), changing nothing', async () => {
    const protocolo = await newRequest();
    const cases: Array<[string[], RegExp]> = [
      [['--pendente', 'RG'], /não é um código de tipo de documento/],
      [['--pendente', ' 3'], /não é um código de tipo de documento/],
      [['--pendente', '03'], /não é um código de tipo de documento/],
      [['--pendente', '3 :Ilegível'], /não é um código de tipo de documento/],
      [['--pendente', '3:'], /o motivo deve ter de 1 a 500 caracteres/],
      [['--pendente', `3:${'x'.repeat(501)}`], /o motivo deve ter de 1 a 500 caracteres/],
      [['--pendente', '3:linha\nquebrada'], /sem quebras de linha/],
      [['--pendente', '3', '--pendente', '3:outra vez'], /o tipo 3 foi informado mais de uma vez/],
      [['--pendente'], /Falta o valor de --pendente/],
    ];
    for (const [flags, message] of cases) {
      const io = capture();
      expect(await cli(['set-status', protocolo, '2', ...flags], io)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(message);
      expect(io.stderr.join('\n')).toContain('--pendente <tipo>[:<motivo>]');
    }
    const otherStatus = capture();
    expect(await cli(['set-status', protocolo, '1', '--pendente', '3'], otherStatus)).toBe(2);
    expect(otherStatus.stderr.join('\n')).toMatch(/--pendente vale só com o status 2/);
    const tooMany = capture();
    const many = Array.from({ length: 21 }, (_, index) => ['--pendente', String(index + 1)]).flat();
    expect(await cli(['set-status', protocolo, '2', ...many], tooMany)).toBe(2);
    expect(tooMany.stderr.join('\n')).toMatch(/no máximo 20/);

    const unknown = capture();
    expect(await cli(['set-status', protocolo, '2', '--pendente', '3', '--pendente', '99'], unknown)).toBe(1);
    expect(unknown.stderr.join('\n')).toMatch(/Tipo de documento 99 não cadastrado/);
    // The status change and the list go together, or neither does.
    expect(await track(protocolo)).toMatchObject({ flStatus: 1 });
    expect((await track(protocolo)).documentosPendentes).toBeUndefined();
  });

  it('takes --pendente over the loopback door too, where the server checks it again', async () => {
    const post = (body: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: BACKOFFICE_PATH,
        payload: { cmd: 'set-status', protocolo: DEMO.plan2.protocolo, flStatus: 2, ...body },
        headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
        remoteAddress: '127.0.0.1',
      });
    const ok = await post({ pendentes: ['7:Certidão de casamento do dependente'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await track(DEMO.plan2.protocolo)).documentosPendentes).toEqual([
      { cdTipoDocumento: 7, nmDocumento: 'Certidão de nascimento ou casamento', dsMotivo: 'Certidão de casamento do dependente' },
    ]);
    const bad = await post({ pendentes: ['7:'] });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/o motivo deve ter/);
    expect((await post({ pendentes: 'x' })).statusCode).toBe(400);
    // Status 2 without a list, through the door: refused as a usage error (the CLI exits 2).
    const filed = await newRequest();
    const bare = await server.app.inject({
      method: 'POST',
      url: BACKOFFICE_PATH,
      payload: { cmd: 'set-status', protocolo: filed, flStatus: 2 },
      headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
      remoteAddress: '127.0.0.1',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ uso: true, message: expect.stringMatching(/informe quais documentos faltam/) });
    expect((await post({ pendentes: [7] })).statusCode).toBe(400);
  });
});
