/**
 * Files the server keeps (uploads, generated PDFs). Names are made here — 32 random hex
 * characters plus the extension — never taken from the client, so a name says nothing of
 * the request (its links are signed on top: services/file-links.ts). Every file has a `stored_files` row written through
 * the caller's transaction; where its bytes live depends on the database:
 * - PostgreSQL (DATABASE_URL): in the database too (services/database-file-store.ts), so
 *   every process behind the load balancer serves every file and DATA_DIR holds no state;
 * - the embedded database (one process): under DATA_DIR/files, below.
 *
 * On disk, writes are atomic (temp file in
 * DATA_DIR/files/.tmp, on the same disk, then rename), so a crash never leaves half a file
 * under a real name.
 *
 * Temporary files carry the writing process's id in their name. Whoever opens the store
 * (every start) removes those of processes no longer running — a `kill -9` in the middle of
 * an upload leaves nothing behind for long — and, every quarter of an hour, any older than
 * an hour (a process on another machine sharing the directory, a reused process id).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/database.ts';

export const STORED_NAME = /^[a-f0-9]{32}\.(pdf|jpg|jpeg|png)$/;

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface StoredFile {
  contentType: string;
  size: number;
  /** The bytes, read as they are sent (never the whole file in memory at once). */
  stream(): Readable;
}

export interface FileStore {
  /** Stores the bytes and records them through `db` (pass the caller's transaction); returns the new name. */
  save(db: Queryable, content: Uint8Array, extension: string, now: Date): Promise<string>;
  read(db: Queryable, name: string): Promise<StoredFile | null>;
  /**
   * Deletes the file: its bytes first, then its `stored_files` row through `db` (the caller's
   * transaction, once nothing references it). A transaction that then fails leaves only the
   * row, which the next purge deletes; never bytes without a row.
   */
  remove(db: Queryable, name: string): Promise<void>;
  /** Removes leftovers of interrupted writes (disk only). */
  sweepTemporaryFiles?(now?: number): number;
}

/** A new stored name with its content type; throws for an extension the store does not keep. */
export function newStoredName(extension: string): { name: string; contentType: string } {
  const ext = extension.toLowerCase();
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) throw new Error(`extensão sem tipo conhecido: ${ext}`);
  return { name: `${randomBytes(16).toString('hex')}.${ext}`, contentType };
}

/** No upload takes this long (the body deadline ends any that tries: http/timeouts.ts). */
export const STALE_TEMP_MS = 60 * 60 * 1000;
const TEMP_NAME = /^(\d+)-[a-f0-9]+(?:-[\w.-]+)?\.tmp$/;
/** Temporary names of earlier versions, written beside the stored files. */
const LEGACY_TEMP_NAME = /^\..+\.tmp$/;

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DiskFileStore implements FileStore {
  readonly dir: string;
  readonly tempDir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files');
    this.tempDir = join(this.dir, '.tmp');
    // Owner-only (server/private-files.ts): these are identity documents.
    mkdirSync(this.tempDir, { recursive: true, mode: 0o700 });
    this.sweepTemporaryFiles();
  }

  /** A fresh temporary path for a file being written by this process. */
  temporaryPath(label = 'part'): string {
    return join(this.tempDir, `${process.pid}-${randomBytes(12).toString('hex')}-${label}.tmp`);
  }

  /**
   * Removes temporary files left by processes that are gone (or older than STALE_TEMP_MS);
   * returns how many. Never fails: a file another process removed first is fine.
   */
  sweepTemporaryFiles(now: number = Date.now()): number {
    let removed = 0;
    const sweep = (dir: string, stale: (name: string, path: string) => boolean) => {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const path = join(dir, name);
        try {
          if (stale(name, path)) {
            rmSync(path, { force: true });
            removed += 1;
          }
        } catch {
          // Gone already, or not ours to remove: the next sweep looks again.
        }
      }
    };
    const old = (path: string) => now - statSync(path).mtimeMs > STALE_TEMP_MS;
    sweep(this.tempDir, (name, path) => {
      const owner = TEMP_NAME.exec(name);
      return !owner || !isRunning(Number(owner[1])) || old(path);
    });
    sweep(this.dir, (name, path) => LEGACY_TEMP_NAME.test(name) && old(path));
    return removed;
  }

  /** Writes the file (atomically), then records it through `db`. */
  async save(db: Queryable, content: Uint8Array, extension: string, now: Date): Promise<string> {
    const { name, contentType } = newStoredName(extension);
    const temp = this.temporaryPath(name.slice(name.lastIndexOf('.') + 1));
    try {
      writeFileSync(temp, content, { flag: 'wx', mode: 0o600 });
      renameSync(temp, join(this.dir, name));
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    await db.query('INSERT INTO stored_files (nm_armazenado, content_type, nu_tamanho, dt_criacao) VALUES ($1, $2, $3, $4)', [
      name,
      contentType,
      content.byteLength,
      now,
    ]);
    return name;
  }

  async remove(db: Queryable, name: string): Promise<void> {
    if (STORED_NAME.test(name)) rmSync(join(this.dir, name), { force: true });
    await db.query('DELETE FROM stored_files WHERE nm_armazenado = $1', [name]);
  }

  async read(db: Queryable, name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null;
    const [row] = await db.query<{ content_type: string; nu_tamanho: number }>(
      'SELECT content_type, nu_tamanho FROM stored_files WHERE nm_armazenado = $1',
      [name],
    );
    const path = join(this.dir, name);
    if (!row || !existsSync(path)) return null;
    return { contentType: row.content_type, size: statSync(path).size, stream: () => createReadStream(path) };
  }
}
