/**
 * The same server on a real PostgreSQL (DATABASE_URL path), on a scratch database of the
 * PostgreSQL the global setup provides (test/server/support/postgres-setup.ts).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/backoffice-cli.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/seed/seed.ts';
import { DatabaseFileStore } from '../../server/services/database-file-store.ts';
import { findTrackingByProtocol } from '../../server/services/operator-decision.ts';
import { API, CSRF, DEMO, FILES, SECRET, START, validRequest } from './helpers.ts';
import { POSTGRES_TIER, createScratchDatabase, postgresUrl } from './support/postgres.ts';

const MIGRATIONS = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'db', 'migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort();

describe.skipIf(!postgresUrl)(POSTGRES_TIER, () => {
  let db: Database;
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    db = await openDatabase({ url: scratch.url });
    dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-pg-'));
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('migrates twice without harm, seeds, saves a request and logs in', async () => {
    expect(await migrate(db)).toEqual(MIGRATIONS);
    expect(await migrate(db)).toEqual([]);
    await seed(db, new DatabaseFileStore(), START);
    const app = await buildApp({ db, dataDir, secret: SECRET, clock: () => START });
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };
    const saved = await app.inject({ method: 'POST', url: `${API}portabilidade`, headers, payload: validRequest() });
    expect(saved.json()).toMatchObject({ nuProtocolo: expect.stringMatching(/^\d{20}$/), cdSolicitacao: expect.any(Number) });
    const login = await app.inject({
      method: 'POST',
      url: `${API}auth`,
      headers,
      payload: { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' },
    });
    const { token } = login.json() as { token: string };
    const tracking = await app.inject({
      method: 'GET',
      url: `${API}portabilidade/acompanhamento?protocolo=${DEMO.loginRequired.protocolo}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tracking.json()).toMatchObject({ flStatus: 3, nuCpf: DEMO.loginRequired.cpf });
    await app.close();
  }, 60_000);

  it('answers the next query after PostgreSQL ends its idle connections (a restart, a failover), and the process lives on', async () => {
    await Promise.all([db.query('SELECT 1'), db.query('SELECT 1')]);
    const admin = new pg.Client({ connectionString: postgresUrl ?? '' });
    await admin.connect();
    const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      new URL(scratch.url).pathname.slice(1),
    ]);
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // Each ended connection hears of it a moment later, while idle in the pool.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('shows a change another process wrote in the next lookup (no in-process cache on PostgreSQL)', async () => {
    const app = await buildApp({ db, dataDir, secret: SECRET, clock: () => START });
    const track = async () =>
      (await app.inject({ method: 'GET', url: `${API}portabilidade/acompanhamento?protocolo=${DEMO.plan2.protocolo}` })).json() as {
        flStatus: number;
      };
    expect((await track()).flStatus).toBe(1);
    expect((await track()).flStatus).toBe(1);
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    await other.query('UPDATE requests SET fl_status = 2 WHERE nu_protocolo = $1', [DEMO.plan2.protocolo]);
    await other.end();
    expect((await track()).flStatus).toBe(2);
    await app.close();
  }, 60_000);

  it('keeps the statements every request makes planned on each connection, and still answers what the rows say now', async () => {
    const before = await findTrackingByProtocol(db, DEMO.plan2.protocolo);
    // On one connection (a transaction holds one): the lookup runs twice under its name, and
    // PostgreSQL lists the statement as prepared there, planned once for both calls.
    const held = await db.transaction(async (tx) => {
      await findTrackingByProtocol(tx, DEMO.plan2.protocolo);
      await tx.query('UPDATE requests SET fl_status = 4 WHERE nu_protocolo = $1', [DEMO.plan2.protocolo]);
      const after = await findTrackingByProtocol(tx, DEMO.plan2.protocolo);
      const prepared = await tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      await tx.query('UPDATE requests SET fl_status = $2 WHERE nu_protocolo = $1', [DEMO.plan2.protocolo, before?.request.fl_status ?? 1]);
      return { after, names: prepared.map((row) => row.name) };
    });
    expect(held.names).toContain('tracking-by-protocol');
    expect(held.after?.request.fl_status).toBe(4);
  });

  it('keeps uploaded files and generated PDFs in the database: served with no file under DATA_DIR', async () => {
    const app = await buildApp({ db, dataDir, secret: SECRET, clock: () => START });
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };
    const { nuProtocolo } = (
      await app.inject({ method: 'POST', url: `${API}portabilidade`, headers, payload: validRequest({ cpf: '11144477735' }) })
    ).json() as { nuProtocolo: string };
    const pdf = Buffer.concat([Buffer.from(FILES.pdf, 'base64'), Buffer.alloc(2_500_000, 7)]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `${API}portabilidade/utils/documento`,
      headers,
      payload: {
        nuProtocolo,
        tipoSolicitacao: '9',
        nuContrato: '',
        cdTipoDocumento: 1,
        nmDocumento: 'rg.pdf',
        nmExtensao: 'pdf',
        arquivoBase64: pdf.toString('base64'),
      },
    });
    expect(uploaded.body).toBe('OK');
    const [listed] = (await app.inject({ method: 'GET', url: `${API}portabilidade/documento?protocolo=${nuProtocolo}` })).json() as Array<{
      linkUrl: string;
    }>;
    const file = await app.inject({ method: 'GET', url: listed?.linkUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Three parts of 1 MB in the database, nothing on disk.
    const storedName = new URL(listed?.linkUrl ?? '', 'http://portal.test').pathname.split('/').pop() ?? '';
    const [parts] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM stored_file_parts WHERE nm_armazenado = $1', [
      storedName,
    ]);
    expect(parts?.total).toBe(3);
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
    await app.close();
  }, 60_000);

  it("purges a closed request's file parts, e-mail and replays after RETENTION_DAYS, its link refused before and after", async () => {
    let now = START;
    const app = await buildApp({ db, dataDir, secret: SECRET, clock: () => now, retentionDays: 1, purgeSchedule: false });
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };
    const { nuProtocolo, cdSolicitacao } = (
      await app.inject({
        method: 'POST',
        url: `${API}portabilidade`,
        headers: { ...headers, 'idempotency-key': 'pg-purge-save' },
        payload: validRequest({ cpf: '71428793860' }),
      })
    ).json() as { nuProtocolo: string; cdSolicitacao: number };
    const upload = await app.inject({
      method: 'POST',
      url: `${API}portabilidade/utils/documento`,
      headers,
      payload: {
        nuProtocolo,
        tipoSolicitacao: '9',
        cdTipoDocumento: 1,
        nmDocumento: 'rg.pdf',
        nmExtensao: 'pdf',
        arquivoBase64: FILES.pdf,
      },
    });
    expect(upload.body).toBe('OK');
    const [listed] = (await app.inject({ method: 'GET', url: `${API}portabilidade/documento?protocolo=${nuProtocolo}` })).json() as Array<{
      linkUrl: string;
    }>;
    const storedName = new URL(listed?.linkUrl ?? '', 'http://portal.test').pathname.split('/').pop() ?? '';
    const held = async () =>
      (
        await db.query<{ parts: number; emails: number; replays: number }>(
          `SELECT (SELECT count(*)::int FROM stored_file_parts WHERE nm_armazenado = $1) AS parts,
                  (SELECT count(*)::int FROM outbox_emails WHERE cd_solicitacao = $2) AS emails,
                  (SELECT count(*)::int FROM idempotency_keys WHERE strpos(ds_corpo, $3) > 0) AS replays`,
          [storedName, cdSolicitacao, nuProtocolo],
        )
      )[0];
    expect(await held()).toEqual({ parts: 1, emails: 1, replays: 1 });

    await runCli(['set-status', nuProtocolo, '5'], { db, dataDir, io: { out: () => undefined, err: () => undefined }, clock: () => now });
    now = new Date(START.getTime() + 2 * 24 * 60 * 60 * 1000);
    const fresh = (await app.inject({ method: 'GET', url: `${API}portabilidade/documento?protocolo=${nuProtocolo}` })).json() as Array<{
      linkUrl: string;
    }>;
    expect((await app.inject({ method: 'GET', url: fresh[0]?.linkUrl ?? '' })).statusCode).toBe(410);

    let printed = '';
    const io = { out: (text: string) => (printed = text), err: () => undefined };
    expect(await runCli(['purge', '--json'], { db, dataDir, io, clock: () => now, env: { RETENTION_DAYS: '1' } })).toBe(0);
    expect(JSON.parse(printed)).toMatchObject({ diasDeRetencao: 1, arquivos: expect.any(Number) });
    expect(await held()).toEqual({ parts: 0, emails: 0, replays: 0 });
    expect((await app.inject({ method: 'GET', url: fresh[0]?.linkUrl ?? '' })).statusCode).toBe(404);
    await app.close();
  }, 60_000);
});
