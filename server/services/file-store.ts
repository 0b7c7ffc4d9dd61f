/**
 * Files the server keeps (uploads, generated PDFs) under DATA_DIR/files. Names are made
 * here — 32 random hex characters plus the extension — never taken from the client: the
 * name is also the unguessable part of the file's link. Writes are atomic (temp file in
 * DATA_DIR/files/.tmp, on the same disk, then rename), so a crash never leaves half a file
 * under a real name.
 *
 * Temporary files carry the writing process's id in their name. Whoever opens the store
 * (every start) removes those of processes no longer running — a `kill -9` in the middle of
 * an upload leaves nothing behind for long — and, every quarter of an hour, any older than
 * an hour (a process on another machine sharing the directory, a reused process id).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';

export const STORED_NAME = /^[a-f0-9]{32}\.(pdf|jpg|jpeg|png)$/;

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface StoredFile {
  content: Buffer;
  contentType: string;
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

export class FileStore {
  readonly dir: string;
  readonly tempDir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files');
    this.tempDir = join(this.dir, '.tmp');
    mkdirSync(this.tempDir, { recursive: true });
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

  /**
   * Writes the file, then records it through `db` (pass the caller's transaction). The
   * content may already be in a file of this directory (an upload decoded on arrival): it
   * is moved, not copied.
   */
  async save(db: Queryable, content: Uint8Array | { path: string; size: number }, extension: string, now: Date): Promise<string> {
    const ext = extension.toLowerCase();
    const contentType = CONTENT_TYPES[ext];
    if (!contentType) throw new Error(`extensão sem tipo conhecido: ${ext}`);
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const temp = 'path' in content ? content.path : this.temporaryPath(ext);
    try {
      if (!('path' in content)) writeFileSync(temp, content, { flag: 'wx' });
      renameSync(temp, join(this.dir, name));
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    await db.query(
      'INSERT INTO stored_files (nm_armazenado, content_type, nu_tamanho, dt_criacao) VALUES ($1, $2, $3, $4)',
      [name, contentType, 'path' in content ? content.size : content.byteLength, now],
    );
    return name;
  }

  async read(db: Queryable, name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null;
    const [row] = await db.query<{ content_type: string }>(
      'SELECT content_type FROM stored_files WHERE nm_armazenado = $1', [name],
    );
    const path = join(this.dir, name);
    if (!row || !existsSync(path)) return null;
    return { content: readFileSync(path), contentType: row.content_type };
  }
}
