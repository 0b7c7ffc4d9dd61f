/**
 * The same server on a real PostgreSQL (DATABASE_URL path). Runs only when
 * TEST_DATABASE_URL points at a server where it may create and drop a scratch database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/seed/seed.ts';
import { DiskFileStore } from '../../server/services/file-store.ts';
import { API, CSRF, DEMO, START, validRequest } from './helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const scratch = `portabilidade_test_${randomBytes(4).toString('hex')}`;

describe.skipIf(!adminUrl)('on PostgreSQL', () => {
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${scratch}`;
    db = await openDatabase({ url: url.toString() });
    dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-pg-'));
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.end();
  });

  it('migrates twice without harm, seeds, saves a request and logs in', async () => {
    expect(await migrate(db)).toEqual(['001_initial.sql', '002_idempotency_keys_created_index.sql']);
    expect(await migrate(db)).toEqual([]);
    await seed(db, new DiskFileStore(dataDir), START);
    const app = await buildApp({ db, dataDir, secret: 'pg-secret', clock: () => START });
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };
    const saved = await app.inject({ method: 'POST', url: `${API}portabilidade`, headers, payload: validRequest() });
    expect(saved.json()).toMatchObject({ nuProtocolo: expect.stringMatching(/^\d{20}$/), cdSolicitacao: expect.any(Number) });
    const login = await app.inject({
      method: 'POST', url: `${API}auth`, headers,
      payload: { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' },
    });
    const { token } = login.json() as { token: string };
    const tracking = await app.inject({
      method: 'GET', url: `${API}portabilidade/acompanhamento?protocolo=${DEMO.loginRequired.protocolo}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tracking.json()).toMatchObject({ flStatus: 3, nuCpf: DEMO.loginRequired.cpf });
    await app.close();
  }, 60_000);

  it('shows a change another process wrote in the next lookup (no in-process cache on PostgreSQL)', async () => {
    const app = await buildApp({ db, dataDir, secret: 'pg-secret', clock: () => START });
    const track = async () => (await app.inject({ method: 'GET', url: `${API}portabilidade/acompanhamento?protocolo=${DEMO.plan2.protocolo}` })).json() as { flStatus: number };
    expect((await track()).flStatus).toBe(1);
    expect((await track()).flStatus).toBe(1);
    const other = new pg.Client({ connectionString: new URL(`/${scratch}`, adminUrl).toString() });
    await other.connect();
    await other.query('UPDATE requests SET fl_status = 2 WHERE nu_protocolo = $1', [DEMO.plan2.protocolo]);
    await other.end();
    expect((await track()).flStatus).toBe(2);
    await app.close();
  }, 60_000);
});
