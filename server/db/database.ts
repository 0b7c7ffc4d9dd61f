/**
 * One query layer over two engines: PGlite (embedded PostgreSQL, files under DATA_DIR) by
 * default, a real PostgreSQL server when DATABASE_URL is set. Both speak the same SQL, so
 * the rest of the server only sees `query`, `transaction` and `exec`.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { makePrivateDir, tightenPermissions } from '../private-files.ts';
import { isDiskFull } from '../services/disk-full.ts';
import { StartFailure, diskFullLine, lowOnSpace } from '../start-failure.ts';
import { damagedDirLine, inspectPgliteDir } from './pglite-dir.ts';
import { loadInitdbTemplate, saveInitdbTemplate } from './pglite-template.ts';

/** Uint8Array (Buffer) for bytea. */
export type SqlParam = string | number | boolean | Date | Uint8Array | null;

export interface QueryOptions {
  /**
   * For the few statements nearly every request makes: PostgreSQL keeps the statement parsed
   * and planned on each connection under this name (node-postgres' named statements) instead
   * of planning it on every call. One name, one SQL text, for the life of the process. The
   * embedded engine has no named statements and plans each call.
   */
  prepared?: string;
}

export interface Queryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<Row[]>;
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
  if (!dataDir) return wrapPglite(await PGlite.create({ postgresqlconf: [...PGLITE_SETTINGS] }));
  const db = inspectPgliteDir(dataDir) === 'new' ? await createPgliteDir(dataDir) : await openExistingPglite(dataDir);
  // The engine's archive loader leaves its files 0666, and older data directories were 0644.
  tightenPermissions(dataDir);
  return wrapPglite(db);
}

/** Settings are written only when they differ: PGlite rewrites postgresql.conf whenever given them. */
function settingsToWrite(dataDir: string): { postgresqlconf?: string[] } {
  let current = '';
  try {
    current = readFileSync(join(dataDir, 'postgresql.conf'), 'utf8');
  } catch {
    // None yet: write them.
  }
  return current === PGLITE_SETTINGS.join('\n') ? {} : { postgresqlconf: [...PGLITE_SETTINGS] };
}

/**
 * A directory that passed inspection (pglite-dir.ts) but that the engine still refuses is damaged
 * in a way only PostgreSQL sees. By then the engine may have written postmaster.pid, removed again
 * when it was not there before (PostgreSQL's own recovery may have written more before failing);
 * the operator gets one line.
 */
async function openExistingPglite(dataDir: string): Promise<PGlite> {
  const lockFile = join(dataDir, 'postmaster.pid');
  const hadLockFile = existsSync(lockFile);
  const settings = settingsToWrite(dataDir);
  try {
    return await PGlite.create({ dataDir, ...settings });
  } catch (error) {
    if (!hadLockFile) rmSync(lockFile, { force: true });
    if (isDiskFull(error) || lowOnSpace(dataDir)) throw new StartFailure(diskFullLine(dataDir));
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StartFailure(
      damagedDirLine(dataDir, `o PostgreSQL embutido não conseguiu abri-lo (${reason}): arquivos danificados ou de outra versão`),
    );
  }
}

/** Where a new database is made before it takes its real name; `pid` of the process making it. */
const stagingDir = (dataDir: string, pid: number) => join(dirname(dataDir), `.${basename(dataDir)}-creating-${pid}`);
const STAGING = /^\.(.+)-creating-(\d+)$/;

/**
 * A new database is made in a staging directory beside the real one and renamed into place
 * once the engine has closed it: a start interrupted half way (port in use, full disk, kill)
 * leaves the real directory new, not half made (which the next start would have to refuse).
 * Staging directories of processes that are gone are ours to remove: they never hold data.
 */
async function createPgliteDir(dataDir: string): Promise<PGlite> {
  const parent = dirname(dataDir);
  makePrivateDir(parent);
  removeAbandonedStaging(dataDir);
  const staging = stagingDir(dataDir, process.pid);
  rmSync(staging, { recursive: true, force: true });
  try {
    makePrivateDir(staging);
    const postgresqlconf = [...PGLITE_SETTINGS];
    let made: PGlite | null = null;
    const template = loadInitdbTemplate();
    if (template) {
      try {
        made = await PGlite.create({ dataDir: staging, loadDataDir: template, postgresqlconf });
      } catch (error) {
        if (isDiskFull(error) || lowOnSpace(parent)) throw error;
        // A damaged template: start over the slow way, in a staging directory of our own.
        rmSync(staging, { recursive: true, force: true });
        makePrivateDir(staging);
      }
    }
    if (!made) {
      made = await PGlite.create({ dataDir: staging, postgresqlconf });
      await saveInitdbTemplate(made);
    }
    await made.close();
    tightenPermissions(staging);
    // An empty real directory is replaced by the rename (POSIX allows it); a non-empty one makes
    // it fail, and then another process made it first: use theirs.
    try {
      renameSync(staging, dataDir);
    } catch (error) {
      if (inspectPgliteDir(dataDir) === 'new') throw error;
      rmSync(staging, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (isDiskFull(error) || lowOnSpace(parent)) throw new StartFailure(diskFullLine(parent));
    throw error;
  }
  return openExistingPglite(dataDir);
}

function removeAbandonedStaging(dataDir: string): void {
  const parent = dirname(dataDir);
  for (const name of readdirSync(parent)) {
    const match = STAGING.exec(name);
    if (!match || match[1] !== basename(dataDir) || processIsRunning(Number(match[2]))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function processIsRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/** node-postgres' query config: named when the caller asked for a prepared statement. */
function statement(sql: string, params: readonly SqlParam[], { prepared }: QueryOptions) {
  return { text: sql, values: [...params], ...(prepared ? { name: prepared } : {}) };
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded engine's processes do not carry the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // PostgreSQL can end a connection while it sits idle in the pool (a restart, a failover, an
  // administrator): the pool drops it and the next query opens another. Unheard, that error
  // would end this process.
  pool.on('error', (error) => console.warn(`conexão ociosa com o PostgreSQL encerrada (${error.message}); a próxima consulta abre outra.`));
  // Fail at start, not at the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = [], options: QueryOptions = {}) {
      return (await pool.query(statement(sql, params, options))).rows as Row[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<Row extends object>(sql: string, params: readonly SqlParam[] = [], options: QueryOptions = {}) {
            return (await client.query(statement(sql, params, options))).rows as Row[];
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
    query: async (sql, params, options) => (await ready).query(sql, params, options),
    transaction: async (fn) => (await ready).transaction(fn),
    exec: async (sql) => (await ready).exec(sql),
    close: async () => (await ready).close(),
  };
}
