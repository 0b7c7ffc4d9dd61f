/**
 * A full disk (issue 11): writes answer 507 with a pt-BR message saying so, nothing half
 * written is left, and reads keep being served. The failure is injected where the server
 * writes files (node:fs), as the operating system reports it: ENOSPC.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  const guard =
    <A extends unknown[], R>(write: (...args: A) => R) =>
    (...args: A): R => {
      if (disk.full) throw enospc();
      return write(...args);
    };
  const mocked = { ...fs, writeSync: guard(fs.writeSync), writeFileSync: guard(fs.writeFileSync) };
  return { ...mocked, default: mocked };
});

const { DISK_FULL_MESSAGE } = await import('../../server/services/disk-full.ts');
const { DEMO, FILES, messageOf, startServer, validRequest } = await import('./helpers.ts');
type TestServer = Awaited<ReturnType<typeof startServer>>;

let server: TestServer;
let saved: { nuProtocolo: string; cdSolicitacao: number; token: string };
beforeAll(async () => {
  server = await startServer();
  saved = (await server.post('portabilidade', validRequest())).json() as typeof saved;
}, 60_000);
afterAll(() => {
  disk.full = false;
  return server.close();
});

const temporaryFiles = () => readdirSync(join(server.dataDir, 'files', '.tmp'));
const storedFiles = async () => (await server.db.query('SELECT nm_armazenado FROM stored_files')).length;

describe('a full disk', () => {
  it('answers 507 with a message to uploads and generated documents, keeps nothing half written, and keeps serving reads', async () => {
    const before = await storedFiles();
    disk.full = true;
    try {
      // A large upload is decoded into a file as it arrives (writeSync); a small PDF is saved whole (writeFileSync).
      const large = Buffer.concat([Buffer.from(FILES.pdf, 'base64'), Buffer.alloc(300_000, 7)]).toString('base64');
      for (const arquivoBase64 of [large, FILES.pdf]) {
        const upload = await server.post('portabilidade/utils/documento', {
          nuProtocolo: saved.nuProtocolo,
          tipoSolicitacao: '9',
          cdTipoDocumento: 1,
          nmDocumento: 'rg.pdf',
          nmExtensao: 'pdf',
          arquivoBase64,
        });
        expect(upload.statusCode).toBe(507);
        expect(messageOf(upload)).toBe(DISK_FULL_MESSAGE);
      }
      const acceptance = await server.post(
        'portabilidade/utils/documento/aceite',
        { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: saved.cdSolicitacao },
        { token: saved.token },
      );
      expect(acceptance.statusCode).toBe(507);
      expect(messageOf(acceptance)).toBe(DISK_FULL_MESSAGE);

      // Reads go on.
      expect((await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`)).statusCode).toBe(200);
      expect((await server.get(`portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json()).toEqual([]);
    } finally {
      disk.full = false;
    }
    expect(await storedFiles()).toBe(before);
    expect(temporaryFiles()).toEqual([]);

    // Once there is room again, the same calls work (nothing was left claimed).
    const upload = await server.post('portabilidade/utils/documento', {
      nuProtocolo: saved.nuProtocolo,
      tipoSolicitacao: '9',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.pdf',
      nmExtensao: 'pdf',
      arquivoBase64: FILES.pdf,
    });
    expect(upload.body).toBe('OK');
  });

  it('says 507 in the OpenAPI of every write', async () => {
    const openApi = (await server.get('openapi.json')).json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    // The contract's writes (the loopback backoffice door has neither CSRF nor idempotency keys).
    const posts = Object.values(openApi.paths).flatMap((methods) =>
      methods.post && methods.post.operationId !== 'backofficeRun' ? [methods.post] : [],
    );
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts)
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '403', '408', '413', '415', '422', '507']));
  });
});
