/**
 * Sign after reading (issue 25 item 5): a term counts as read once its PDF was served through
 * the signed link the tracking screen opened. The link is bound to the request's protocol
 * (services/file-links.ts), so only someone who was given the term can mark it read; the
 * first reading is kept, and a signature without one is refused (routes/signatures.ts).
 */
import type { Queryable } from '../db/database.ts';

/** Records the first reading of the term stored as `storedName`, if the file is a term of this request. */
export async function recordTermReading(db: Queryable, storedName: string, cdSolicitacao: number, now: Date): Promise<void> {
  await db.query('UPDATE documents_to_sign SET dt_leitura = $3 WHERE nm_armazenado = $1 AND cd_solicitacao = $2 AND dt_leitura IS NULL', [
    storedName,
    cdSolicitacao,
    now,
  ]);
}

export const TERM_NOT_READ = "Abra o documento antes de marcar 'Li e aceito': ele ainda não foi aberto.";
