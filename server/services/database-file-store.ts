/**
 * Files kept in PostgreSQL, for servers with DATABASE_URL: the bytes go into
 * `stored_file_parts` in the same transaction as the `stored_files` row (and the row that
 * references it), in parts of 1 MB, and are read back one part at a time as the answer is
 * sent. Any process on the same database serves any file; nothing lives in DATA_DIR.
 */
import { Readable } from 'node:stream';
import type { Queryable } from '../db/database.ts';
import { STORED_NAME, newStoredName, type FileStore, type StoredFile } from './file-store.ts';

/** Small enough to keep one part in memory per download, large enough that a 10 MB file is 10 rows. */
export const PART_BYTES = 1024 * 1024;

export class DatabaseFileStore implements FileStore {
  async save(db: Queryable, content: Uint8Array, extension: string, now: Date): Promise<string> {
    const { name, contentType } = newStoredName(extension);
    await db.query('INSERT INTO stored_files (nm_armazenado, content_type, nu_tamanho, dt_criacao) VALUES ($1, $2, $3, $4)', [
      name,
      contentType,
      content.byteLength,
      now,
    ]);
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    for (let part = 0; part * PART_BYTES < bytes.length; part += 1) {
      await db.query('INSERT INTO stored_file_parts (nm_armazenado, nu_parte, conteudo) VALUES ($1, $2, $3)', [
        name,
        part,
        bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
      ]);
    }
    return name;
  }

  /** The parts go with the row (ON DELETE CASCADE), in the caller's transaction. */
  async remove(db: Queryable, name: string): Promise<void> {
    await db.query('DELETE FROM stored_files WHERE nm_armazenado = $1', [name]);
  }

  async read(db: Queryable, name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null;
    const [row] = await db.query<{ content_type: string; nu_tamanho: number; partes: number }>(
      `SELECT f.content_type, f.nu_tamanho, (SELECT count(*)::int FROM stored_file_parts p WHERE p.nm_armazenado = f.nm_armazenado) AS partes
       FROM stored_files f WHERE f.nm_armazenado = $1`,
      [name],
    );
    if (!row || (row.partes === 0 && row.nu_tamanho > 0)) return null;
    const parts = row.partes;
    return {
      contentType: row.content_type,
      size: row.nu_tamanho,
      stream: () =>
        Readable.from(
          (async function* () {
            for (let part = 0; part < parts; part += 1) {
              const [chunk] = await db.query<{ conteudo: Uint8Array }>(
                'SELECT conteudo FROM stored_file_parts WHERE nm_armazenado = $1 AND nu_parte = $2',
                [name, part],
              );
              if (chunk) yield Buffer.from(chunk.conteudo);
            }
          })(),
        ),
    };
  }
}
