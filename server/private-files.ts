/**
 * DATA_DIR holds identity documents, health data and the token secret: only the user the
 * server runs as may read or change it. Directories 0700, files 0600.
 *
 * Three layers, because no one of them covers everything:
 * - the process umask (077), so whatever the server or a library creates is private from birth;
 * - explicit modes where the server creates files itself (file store, outbox, secrets);
 * - a walk after the database opens, because the embedded engine's archive loader sets 0666
 *   with chmod (which the umask does not filter), and data directories of earlier versions
 *   were made 0755/0644.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** From now on, files and directories this process creates are readable by its user only. */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** Creates `dir` (and missing parents) owner-only; an existing one is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Sets every directory under `dir` (itself included) to 0700 and every file to 0600. Symbolic
 * links are not followed. Best effort: an entry it cannot change (another owner) is left; returns
 * how many were changed.
 */
export function tightenPermissions(dir: string): number {
  let changed = 0;
  const visit = (path: string) => {
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      return;
    }
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
        changed += 1;
      } catch {
        // Not ours to change.
      }
    }
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) visit(join(path, name));
  };
  visit(dir);
  return changed;
}

/** What the server writes in DATA_DIR (operator-provided entries, such as images/, are left alone). */
export const SERVER_ENTRIES: readonly string[] = ['pglite', 'files', 'outbox', 'token-secret', 'server.json'];

/** DATA_DIR itself and everything the server writes in it, owner-only. */
export function tightenDataDir(dataDir: string): number {
  let changed = 0;
  try {
    if ((lstatSync(dataDir).mode & 0o777) !== PRIVATE_DIR_MODE) {
      chmodSync(dataDir, PRIVATE_DIR_MODE);
      changed += 1;
    }
  } catch {
    // Absent, or not ours: the entries below are still worth trying.
  }
  for (const entry of SERVER_ENTRIES) changed += tightenPermissions(join(dataDir, entry));
  return changed;
}
