/**
 * A fresh PGlite data directory costs several seconds of CPU (initdb in WebAssembly);
 * loading a saved copy of a just-initialised one costs about a second. The first fresh
 * start on a machine (or the server tests) saves that copy, keyed by the PGlite version;
 * later fresh starts — every browser-test run uses a new DATA_DIR — load it.
 *
 * Whatever the copy holds becomes the new database (a planted trigger would see every CPF),
 * so it is never read from a name anyone can create first. It lives in a private directory
 * of the OS temp dir, `portabilidade-<uid>`, which is used only when lstat shows a real
 * directory (not a symbolic link) owned by this user and closed to everyone else (0700); the
 * copy must be a regular file there whose SHA-256 matches the one recorded beside it (a
 * half-written or altered copy is ignored and initdb runs).
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** The private directory under `base` (the OS temp dir unless a test says otherwise). */
export function templateDir(base: string = tmpdir()): string {
  return join(base, `portabilidade-${process.getuid?.() ?? 'user'}`);
}

export function templatePath(base?: string): string {
  return join(templateDir(base), `pglite-initdb-${PGLITE_VERSION}.tar.gz`);
}

/** lstat says: not a link, the wanted kind, ours, and (for the directory) closed to others. */
function trusted(path: string, kind: 'dir' | 'file'): boolean {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return false;
  }
  if (stats.isSymbolicLink() || (kind === 'dir' ? !stats.isDirectory() : !stats.isFile())) return false;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return false;
  return kind === 'file' || (stats.mode & 0o077) === 0;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function loadInitdbTemplate(base?: string): Blob | null {
  const file = templatePath(base);
  if (!trusted(templateDir(base), 'dir') || !trusted(file, 'file') || !trusted(`${file}.sha256`, 'file')) return null;
  try {
    const bytes = readFileSync(file);
    if (sha256(bytes) !== readFileSync(`${file}.sha256`, 'utf8').trim()) return null;
    return new Blob([bytes]);
  } catch {
    return null;
  }
}

/** Call on an instance that has just been initialised, before any migration. */
export async function saveInitdbTemplate(db: PGlite, base?: string): Promise<void> {
  const dir = templateDir(base);
  if (loadInitdbTemplate(base)) return;
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return;
  }
  // Someone else's, a link, or open to others: no template at all rather than one they could swap.
  if (!trusted(dir, 'dir')) return;
  const file = templatePath(base);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const bytes = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(temp, bytes, { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
    writeFileSync(temp, sha256(bytes), { mode: 0o600, flag: 'wx' });
    renameSync(temp, `${file}.sha256`);
  } catch {
    // Only an optimisation: the next fresh start initialises from scratch.
    rmSync(temp, { force: true });
  }
}
