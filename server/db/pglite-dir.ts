/**
 * Whether the embedded database's directory (DATA_DIR/pglite) is new or holds a database,
 * decided before the engine touches it. The engine writes into a directory before it finds
 * out the directory is damaged (postmaster.pid with a truncated pg_control or an empty pg_wal;
 * postgresql.conf whenever settings are passed), and an earlier version laid a fresh database
 * over any directory without PG_VERSION. So:
 * - "new" is only an absent or empty directory;
 * - anything else must look like a PostgreSQL data directory (PG_VERSION, an 8 KB
 *   global/pg_control, base/, a WAL segment in pg_wal/), or the start is refused with one line
 *   naming the directory, and nothing in it is changed.
 * Only reads here: no file is created, changed or removed.
 */
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { StartFailure } from '../start-failure.ts';
import { STORED_NAME } from '../services/file-store.ts';

export type PgliteDirState = 'new' | 'existing';

/** PostgreSQL's PG_CONTROL_FILE_SIZE: the control file is always exactly this long. */
export const PG_CONTROL_SIZE = 8192;
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export function damagedDirLine(dir: string, cause: string): string {
  return `Banco de dados danificado em ${dir}: ${cause}. Nada foi alterado; restaure o backup desse diretório e inicie de novo.`;
}

const damaged = (dir: string, cause: string) => new StartFailure(damagedDirLine(dir, cause));

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** Throws a StartFailure naming the first missing or malformed part. */
export function inspectPgliteDir(dir: string): PgliteDirState {
  const stats = statOrNull(dir);
  if (!stats) return 'new';
  if (!stats.isDirectory()) throw damaged(dir, 'não é um diretório');
  if (readdirSync(dir).length === 0) return 'new';

  const version = statOrNull(join(dir, 'PG_VERSION'));
  if (!version?.isFile()) throw damaged(dir, 'falta o arquivo PG_VERSION');
  if (!/^\d+\s*$/.test(readFileSync(join(dir, 'PG_VERSION'), 'utf8'))) throw damaged(dir, 'o arquivo PG_VERSION está ilegível');

  const control = statOrNull(join(dir, 'global', 'pg_control'));
  if (!control?.isFile()) throw damaged(dir, 'falta o arquivo global/pg_control');
  if (control.size !== PG_CONTROL_SIZE) {
    throw damaged(dir, `global/pg_control tem ${control.size} bytes em vez de ${PG_CONTROL_SIZE}`);
  }
  if (!statOrNull(join(dir, 'base'))?.isDirectory()) throw damaged(dir, 'falta o diretório base');

  const walDir = join(dir, 'pg_wal');
  if (!statOrNull(walDir)?.isDirectory()) throw damaged(dir, 'falta o diretório pg_wal');
  const segments = readdirSync(walDir).filter((name) => WAL_SEGMENT.test(name) && (statOrNull(join(walDir, name))?.size ?? 0) > 0);
  if (segments.length === 0) throw damaged(dir, 'pg_wal não tem nenhum segmento de WAL');
  return 'existing';
}

/**
 * DATA_DIR as a whole: its database directory's state, refusing a new database beside stored
 * documents (the database they belong to was moved or deleted: a fresh one would hide that).
 */
export function inspectDataDir(dataDir: string, pgliteDir = join(dataDir, 'pglite')): PgliteDirState {
  const state = inspectPgliteDir(pgliteDir);
  if (state === 'new') {
    const filesDir = join(dirname(pgliteDir), 'files');
    const documents = existsSync(filesDir) ? readdirSync(filesDir).filter((name) => STORED_NAME.test(name)).length : 0;
    if (documents > 0) {
      throw new StartFailure(
        `Banco de dados ausente em ${pgliteDir}, mas ${filesDir} guarda ${documents} documento(s) enviado(s). ` +
          'Nada foi alterado; restaure o backup desse diretório e inicie de novo (para começar do zero, mova todo o DATA_DIR para outro lugar).',
      );
    }
  }
  return state;
}
