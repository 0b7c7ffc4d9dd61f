/** The terms and declarations a request gets when it reaches status 3 (SPEC §4). */
import type { Queryable } from '../db/database.ts';
import type { FileStore } from './file-store.ts';
import type { DocumentToSignRow, RequestRow } from '../db/rows.ts';
import { findOperator } from './operators.ts';
import { renderPdf } from './pdf.ts';
import { DOCUMENTS_TO_SIGN, documentToSignPdf } from './request-documents.ts';

/** Creates each missing document once; going back to 3 later keeps the earlier ones and their signatures. */
export async function createDocumentsToSign(tx: Queryable, files: FileStore, request: RequestRow, now: Date): Promise<void> {
  const operator = await findOperator(tx, request.cd_empresa_plano);
  if (!operator) throw new Error(`operadora ${request.cd_empresa_plano} não cadastrada`);
  const existing = new Set(
    (
      await tx.query<{ nm_documento: string }>('SELECT nm_documento FROM documents_to_sign WHERE cd_solicitacao = $1', [
        request.cd_solicitacao,
      ])
    ).map((row) => row.nm_documento),
  );
  for (const name of DOCUMENTS_TO_SIGN) {
    if (existing.has(name)) continue;
    const pdf = await renderPdf(documentToSignPdf(name, request, operator, now), now);
    const stored = await files.save(tx, pdf, 'pdf', now);
    await tx.query('INSERT INTO documents_to_sign (cd_solicitacao, nm_documento, nm_armazenado, dt_criacao) VALUES ($1, $2, $3, $4)', [
      request.cd_solicitacao,
      name,
      stored,
      now,
    ]);
  }
}

export async function listDocumentsToSign(db: Queryable, cdSolicitacao: number): Promise<DocumentToSignRow[]> {
  return db.query<DocumentToSignRow>(
    `SELECT d.cd_file_documento, d.cd_solicitacao, d.nm_documento, d.nm_armazenado, s.dt_assinatura, d.dt_leitura
     FROM documents_to_sign d LEFT JOIN signatures s USING (cd_file_documento)
     WHERE d.cd_solicitacao = $1 ORDER BY d.cd_file_documento`,
    [cdSolicitacao],
  );
}

export async function findDocumentToSign(db: Queryable, cdFileDocumento: number): Promise<DocumentToSignRow | null> {
  const [row] = await db.query<DocumentToSignRow>(
    `SELECT d.cd_file_documento, d.cd_solicitacao, d.nm_documento, d.nm_armazenado, s.dt_assinatura, d.dt_leitura
     FROM documents_to_sign d LEFT JOIN signatures s USING (cd_file_documento)
     WHERE d.cd_file_documento = $1`,
    [cdFileDocumento],
  );
  return row ?? null;
}
