/**
 * Files the server keeps (uploads, generated PDFs) under DATA_DIR/files. Names are made
 * here — 32 random hex characters plus the extension — never taken from the client: the
 * name is also the unguessable part of the file's link. Writes are atomic (temp file in
 * the same directory, then rename), so a crash never leaves half a file under a real name.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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

export class FileStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true });
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
    const temp = 'path' in content ? content.path : join(this.dir, `.${name}.${process.pid}.tmp`);
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
