/**
 * LGPD retention (server/services/retention.ts, purge.ts): RETENTION_DAYS after a request
 * closes, its documents (rows and bytes), e-mails (rows and .eml files) and idempotency
 * records are purged — by `npm run backoffice -- purge` and by the server on its own
 * schedule — while open requests keep everything.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { retentionDays } from '../../server/config.ts';
import type { PurgeReport } from '../../server/services/purge.ts';
import { DEFAULT_RETENTION_DAYS } from '../../server/services/retention.ts';
import { DEMO, FILES, startServer, validRequest, type TestServer } from './helpers.ts';

const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ retentionDays: RETENTION_DAYS, purgeSchedule: false, mail: { pollMs: 50 } });
}, 60_000);
afterAll(() => server.close());

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (text) => stdout.push(text), err: (text) => stderr.push(text) };
}

async function cli(server: TestServer, ...args: string[]): Promise<{ code: number; io: ReturnType<typeof capture> }> {
  const io = capture();
  const code = await runCli(args, {
    db: server.db,
    dataDir: server.dataDir,
    io,
    env: { DATA_DIR: server.dataDir, RETENTION_DAYS: String(RETENTION_DAYS) },
    clock: () => server.clock.now,
  });
  return { code, io };
}

async function purge(server: TestServer): Promise<PurgeReport> {
  const { code, io } = await cli(server, 'purge', '--json');
  expect(code).toBe(0);
  return JSON.parse(io.stdout[0] ?? '{}') as PurgeReport;
}

interface Held {
  files: string[];
  emails: number;
  emlFiles: string[];
  replays: number;
}

/** What the database and the disk still hold of a request. */
async function heldBy(server: TestServer, protocolo: string): Promise<Held> {
  const [request] = await server.db.query<{ cd_solicitacao: number }>('SELECT cd_solicitacao FROM requests WHERE nu_protocolo = $1', [
    protocolo,
  ]);
  const id = request?.cd_solicitacao ?? 0;
  const names = await server.db.query<{ nm_armazenado: string }>(
    `SELECT nm_armazenado FROM uploaded_documents WHERE cd_solicitacao = $1
     UNION ALL SELECT nm_armazenado FROM documents_to_sign WHERE cd_solicitacao = $1
     UNION ALL SELECT nm_armazenado FROM acceptances WHERE cd_solicitacao = $1`,
    [id],
  );
  const emails = await server.db.query<{ cd_mensagem: number }>('SELECT cd_mensagem FROM outbox_emails WHERE cd_solicitacao = $1', [id]);
  const outbox = join(server.dataDir, 'outbox');
  const emlFiles = existsSync(outbox)
    ? readdirSync(outbox).filter((name) => emails.some((email) => name === `${email.cd_mensagem}.eml`))
    : [];
  const replays = await server.db.query('SELECT ds_chave FROM idempotency_keys WHERE strpos(ds_corpo, $1) > 0', [protocolo]);
  return { files: names.map((row) => row.nm_armazenado), emails: emails.length, emlFiles, replays: replays.length };
}

const onDisk = (server: TestServer, names: readonly string[]) => names.filter((name) => existsSync(join(server.dataDir, 'files', name)));

/** A new request with an e-mail (delivered as .eml), an upload and its acceptance term, each POST with an Idempotency-Key. */
async function fileRequest(server: TestServer, cpf: string): Promise<string> {
  const saved = (await server.post('portabilidade', validRequest({ cpf }), { key: `save-${cpf}` })).json() as {
    nuProtocolo: string;
    cdSolicitacao: number;
    token: string;
  };
  const upload = await server.post(
    'portabilidade/utils/documento',
    {
      nuProtocolo: saved.nuProtocolo,
      tipoSolicitacao: '9',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.pdf',
      nmExtensao: 'pdf',
      arquivoBase64: FILES.pdf,
    },
    { key: `upload-${cpf}` },
  );
  expect(upload.body).toBe('OK');
  const acceptance = await server.post(
    'portabilidade/utils/documento/aceite',
    { tipo: '9', fl_ciente: 'S', fl_tipo: 'N', cd_solicitacao: saved.cdSolicitacao },
    { token: saved.token, key: `aceite-${cpf}` },
  );
  expect(acceptance.body).toMatch(/arquivos\//);
  // The outbox writes the .eml right after the save (a setup step: expect.poll belongs to tests).
  for (let waited = 0; (await heldBy(server, saved.nuProtocolo)).emlFiles.length === 0; waited += 50) {
    if (waited > 10_000) throw new Error('o e-mail do protocolo não foi gravado');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return saved.nuProtocolo;
}

describe('the LGPD purge', () => {
  let closed: string;
  let open: string;
  let closedHeld: Held;
  let openHeld: Held;

  beforeAll(async () => {
    closed = await fileRequest(server, '11144477735');
    open = await fileRequest(server, '60491837240');
    // Refused (4) the day after filing: closed since then.
    server.clock.advance(DAY_MS);
    expect((await cli(server, 'set-status', closed, '4')).code).toBe(0);
    // The refusal is news for the holder (issue 26): its e-mail is written beside the protocol's.
    for (let waited = 0; (await heldBy(server, closed)).emlFiles.length < 2; waited += 50) {
      if (waited > 10_000) throw new Error('o e-mail da recusa não foi gravado');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    closedHeld = await heldBy(server, closed);
    openHeld = await heldBy(server, open);
  }, 60_000);

  it('holds documents, e-mails and replays of both requests to begin with', () => {
    // The closed one also holds its refusal's e-mail.
    for (const [held, emails] of [
      [closedHeld, 2],
      [openHeld, 1],
    ] as const) {
      expect(held.files).toHaveLength(2);
      expect(onDisk(server, held.files)).toEqual(held.files);
      expect(held.emails).toBe(emails);
      expect(held.emlFiles).toHaveLength(emails);
      expect(held.replays).toBeGreaterThan(0);
    }
  });

  it('keeps everything of a request closed less than RETENTION_DAYS ago', async () => {
    server.clock.advance((RETENTION_DAYS - 1) * DAY_MS);
    await purge(server);
    expect(await heldBy(server, closed)).toEqual({ ...closedHeld, replays: 0 });
    expect(onDisk(server, closedHeld.files)).toEqual(closedHeld.files);
  });

  it("removes a closed request's files, e-mails and replays after RETENTION_DAYS, keeps the open request's, and says what it did", async () => {
    server.clock.advance(2 * DAY_MS);
    // Replays from today: one naming the closed request (a call after it closed), one naming nothing.
    for (const [key, body] of [
      ['fresh-closed', JSON.stringify({ nuProtocolo: closed })],
      ['fresh-other', '"OK"'],
    ]) {
      await server.db.query(
        `INSERT INTO idempotency_keys (ds_escopo, ds_chave, ds_impressao, nu_status_http, ds_tipo, ds_corpo, dt_criacao)
         VALUES ('test', $1, 'x', 200, 'application/json', $2, $3)`,
        [key ?? '', body ?? '', server.clock.now],
      );
    }
    const report = await purge(server);
    expect(report).toMatchObject({ diasDeRetencao: RETENTION_DAYS });
    // The closed request, and the demos closed before it (the active contract's).
    expect(report.solicitacoes).toBeGreaterThanOrEqual(1);
    expect(report.arquivos).toBeGreaterThanOrEqual(2);
    expect(report.emails).toBeGreaterThanOrEqual(1);

    expect(await heldBy(server, closed)).toEqual({ files: [], emails: 0, emlFiles: [], replays: 0 });
    const replays = await server.db.query<{ ds_chave: string }>("SELECT ds_chave FROM idempotency_keys WHERE ds_escopo = 'test'");
    expect(replays.map((row) => row.ds_chave)).toEqual(['fresh-other']);
    expect(onDisk(server, closedHeld.files)).toEqual([]);
    const [stored] = await server.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM stored_files WHERE nm_armazenado IN ($1, $2)`,
      closedHeld.files,
    );
    expect(stored?.total).toBe(0);

    const kept = await heldBy(server, open);
    expect(kept.files).toEqual(openHeld.files);
    expect(onDisk(server, kept.files)).toEqual(openHeld.files);
    expect(kept.emails).toBe(1);
    expect(kept.emlFiles).toEqual(openHeld.emlFiles);

    // The request itself stays, with nothing attached.
    const tracking = await server.get(`portabilidade/acompanhamento?protocolo=${closed}`);
    expect(tracking.json()).toMatchObject({ nuProtocolo: closed, flStatus: 4 });
    expect((await server.get(`portabilidade/documento?protocolo=${closed}`)).json()).toEqual([]);
  });

  it('sweeps the message files whose rows a purge elsewhere deleted (another DATA_DIR, another process), and keeps the rest (found by an exploratory run)', async () => {
    const outbox = join(server.dataDir, 'outbox');
    // What a purge run with another DATA_DIR leaves here: the files of messages whose rows are gone.
    for (const name of ['987654.eml', '987655.sms.json', '987656-12345678901234567890.eml', '987657.eml.4242.tmp'])
      writeFileSync(join(outbox, name), 'protocolo e endereço');
    writeFileSync(join(outbox, 'leia-me.txt'), 'not a message');
    const report = await purge(server);
    expect(report.emails).toBeGreaterThanOrEqual(3);
    const left = readdirSync(outbox);
    expect(left.filter((name) => name.startsWith('98765'))).toEqual([]);
    expect(left).toContain('leia-me.txt');
    // The open request's message, whose row is there, stays.
    expect((await heldBy(server, open)).emlFiles).toEqual(openHeld.emlFiles);
  });

  it('forgets idempotency records older than their 24 hours, and prints a sentence without protocols', async () => {
    const { code, io } = await cli(server, 'purge');
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(
      /^Expurgo LGPD \(solicitações encerradas há mais de 30 dias\): 0 solicitações, 0 arquivos, 0 mensagens \(e-mails e SMS\) e \d+ registros? de idempotência apagados\.$/,
    );
    const [left] = await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM idempotency_keys WHERE dt_criacao < $1', [
      new Date(server.clock.now.getTime() - DAY_MS),
    ]);
    expect(left?.total).toBe(0);
  });

  it('purges nothing of the demos still open', async () => {
    for (const demo of [DEMO.analysis, DEMO.status6Type1, DEMO.loginRequired, DEMO.plan2]) {
      expect((await heldBy(server, demo.protocolo)).files.length, demo.protocolo).toBeGreaterThan(0);
    }
    expect((await heldBy(server, DEMO.active.protocolo)).files).toEqual([]);
  });
});

describe('the scheduled purge', () => {
  it('runs in the server by itself, on closed requests past retention only', async () => {
    const scheduled = await startServer({ retentionDays: 1, purgeSchedule: { firstMs: 200, everyMs: 200 } });
    try {
      scheduled.clock.advance(10 * DAY_MS);
      await expect.poll(async () => (await heldBy(scheduled, DEMO.active.protocolo)).files, { timeout: 10_000 }).toEqual([]);
      expect((await heldBy(scheduled, DEMO.analysis.protocolo)).files).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
  }, 60_000);
});

describe('RETENTION_DAYS', () => {
  it(`defaults to ${DEFAULT_RETENTION_DAYS} days and takes whole days from 1 to 36,500`, () => {
    expect(retentionDays(undefined)).toBe(365);
    expect(retentionDays('')).toBe(365);
    expect(retentionDays('30')).toBe(30);
    expect(retentionDays('36500')).toBe(36_500);
    for (const wrong of ['0', '-1', '1.5', '1e3', 'abc', '36501']) {
      expect(() => retentionDays(wrong), wrong).toThrow(/^RETENTION_DAYS inválido: .* \(use um número inteiro de dias, de 1 a 36500\)$/);
    }
  });

  it('refuses an invalid value in the CLI with the message and exit code 2', async () => {
    const io = capture();
    expect(
      await runCli(['purge'], { db: server.db, dataDir: server.dataDir, io, env: { DATA_DIR: server.dataDir, RETENTION_DAYS: 'um ano' } }),
    ).toBe(2);
    expect(io.stderr[0]).toMatch(/^RETENTION_DAYS inválido: um ano/);
  });
});
