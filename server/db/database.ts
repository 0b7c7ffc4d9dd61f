/**
 * One query layer over two engines: PGlite (embedded PostgreSQL, files under DATA_DIR) by
 * default, a real PostgreSQL server when DATABASE_URL is set. Both speak the same SQL, so
 * the rest of the server only sees `query`, `transaction` and `exec`.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadInitdbTemplate, saveInitdbTemplate } from './pglite-template.ts';

/** Uint8Array (Buffer) for bytea. */
export type SqlParam = string | number | boolean | Date | Uint8Array | null;

export interface Queryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

export interface Executor extends Queryable {
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Executor {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: everything it does is committed together or not at all.
   * Inside `fn`, use only `tx` (the embedded engine would wait for itself otherwise).
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; wins over `dataDir`. */
  url?: string;
  /** PGlite data directory; omitted (and no url) means an in-memory database, for tests. */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

/**
 * PostgreSQL's defaults size its buffers for a server of its own (shared_buffers 128 MB,
 * work_mem 4 MB); inside this process they cost resident memory the portal's few thousand
 * rows never use. Measured on a data directory after 2,000 lookups: RSS 329 MB with the
 * defaults, 192 MB with 16 MB of shared buffers, 173 MB with 8 MB (the request save ran as
 * fast). PGlite writes them to the data directory's postgresql.conf.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers = 8MB', 'work_mem = 1MB'];

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const postgresqlconf = [...PGLITE_SETTINGS];
  if (!dataDir) return wrapPglite(await PGlite.create({ postgresqlconf }));
  mkdirSync(dataDir, { recursive: true });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  const template = fresh ? loadInitdbTemplate() : null;
  if (template) {
    try {
      return wrapPglite(await PGlite.create({ dataDir, loadDataDir: template, postgresqlconf }));
    } catch {
      // A damaged template: start over the slow way.
      for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const db = await PGlite.create({ dataDir, postgresqlconf });
  if (fresh) await saveInitdbTemplate(db);
  return wrapPglite(db);
}

/** The Database interface over an already created PGlite (tests load prepared ones). */
export function wrapPglite(db: PGlite): Database {
  // PGlite runs one statement at a time anyway; this queue keeps a transaction's statements
  // from interleaving with statements issued outside it by concurrent requests.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const result = queue.then(job, job);
    queue = result.catch(() => undefined);
    return result;
  };
  // A transaction holds the queue until it ends, so nobody reads its uncommitted rows.
  return {
    kind: 'pglite',
    query: <Row extends object>(sql: string, params: readonly SqlParam[] = []) =>
      serial(async () => (await db.query<Row>(sql, [...params])).rows),
    transaction: (fn) =>
      serial(() =>
        db.transaction(async (tx) =>
          fn({
            async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
              return (await tx.query<Row>(sql, [...params])).rows;
            },
            async exec(sql: string) {
              await tx.exec(sql);
            },
          }),
        ),
      ),
    exec: (sql) =>
      serial(async () => {
        await db.exec(sql);
      }),
    close: () => serial(() => db.close()),
  };
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded engine's processes do not carry the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start, not at the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
            return (await client.query(sql, [...params])).rows as Row[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/**
 * A Database usable before it exists: every call waits for `ready`. Lets the server
 * listen (and serve the portal's files) while the embedded engine initialises a fresh
 * data directory, which takes seconds.
 */
export function deferredDatabase(ready: Promise<Database>, kind: Database['kind']): Database {
  return {
    kind,
    query: async (sql, params) => (await ready).query(sql, params),
    transaction: async (fn) => (await ready).transaction(fn),
    exec: async (sql) => (await ready).exec(sql),
    close: async () => (await ready).close(),
  };
}
