/**
 * A fresh PGlite data directory costs several seconds of CPU (initdb in WebAssembly);
 * loading a saved copy of a just-initialised one costs about a second. The first fresh
 * start on a machine (or the server tests) saves that copy in the OS temp dir, keyed by the
 * PGlite version; later fresh starts — every browser-test run uses a new DATA_DIR — load it.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** The installed PGlite's version (its package.json is not exported, so find it from the entry). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let depth = 0; depth < 5; depth++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
const PGLITE_VERSION = pgliteVersion();

export const INITDB_TEMPLATE = join(tmpdir(), `portabilidade-pglite-initdb-${PGLITE_VERSION}.tar.gz`);

export function loadInitdbTemplate(): Blob | null {
  if (!existsSync(INITDB_TEMPLATE)) return null;
  try {
    return new Blob([readFileSync(INITDB_TEMPLATE)]);
  } catch {
    return null;
  }
}

/** Call on an instance that has just been initialised, before any migration. */
export async function saveInitdbTemplate(db: PGlite): Promise<void> {
  if (existsSync(INITDB_TEMPLATE)) return;
  const temp = `${INITDB_TEMPLATE}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
    renameSync(temp, INITDB_TEMPLATE);
  } catch {
    // Only an optimisation: the next fresh start initialises from scratch.
    rmSync(temp, { force: true });
  }
}
