/** The terms and declarations a request gets when it reaches status 3 (SPEC §4). */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from './file-store.ts';
import type { DocumentToSignRow, RequestRow } from '../db/rows.ts';
import { findDecision } from './operator-decision.ts';
import { findOperator } from './operators.ts';
import { renderPdf, type PdfContent } from './pdf.ts';
import { DOCUMENTS_TO_SIGN, documentToSignPdf, type DependentFacts, type RequestFacts } from './request-documents.ts';

/** What the documents about this request say: its operator, the operator's decision and its dependents, as stored now. */
export async function readRequestFacts(db: Queryable, request: RequestRow): Promise<RequestFacts | null> {
  const operator = await findOperator(db, request.cd_empresa_plano);
  if (!operator) return null;
  const decision = await findDecision(db, request.cd_solicitacao);
  const dependents = await db.query<DependentFacts>(
    'SELECT nome, ds_parentesco, dt_nasc, cpf FROM dependents WHERE cd_solicitacao = $1 ORDER BY nu_ordem, id',
    [request.cd_solicitacao],
  );
  return { request, operator, decision, dependents };
}

/** What a document says, without the footer's moment of generation: equal hashes, the same document. */
export function contentHash(content: PdfContent): string {
  return createHash('sha256')
    .update(JSON.stringify([content.title, content.operator, content.blocks]))
    .digest('hex');
}

/**
 * The facts changed after a document stating them was signed: that document is never made again,
 * so the request would go on (to 7) on terms other than the ones signed. Found by a regression
 * walk: a price changed after every signature, and the contract went active at the old one.
 */
export class SignedTermsChangedError extends Error {
  constructor(readonly documents: readonly string[]) {
    super(
      `O beneficiário já assinou ${documents.map((name) => `'${name}'`).join(', ')} com as condições de antes, e um documento assinado ` +
        'não é refeito: as condições que ele declara não podem mudar nesta solicitação. Mantenha as condições assinadas, ou ' +
        'encerre a solicitação (4 Recusada ou 5 Cancelada, com o motivo) para o beneficiário fazer uma nova.',
    );
  }
}

/**
 * Makes the documents to sign from the facts as stored now (the operator's decision, the
 * dependents): each missing one, and each one not signed yet whose text would change (the
 * request came back to 3 with another plan, start, price…), which is then a new file, not yet
 * read. A signed document is the record of what was signed and is never made again: facts it
 * would state otherwise are refused (`SignedTermsChangedError`, the caller's transaction undone).
 * Called by `changeStatusIn` whenever the request is (or stays) in 3, after the caller saved
 * the operator's decision.
 */
export async function makeDocumentsToSign(tx: Queryable, files: FileStore, cdSolicitacao: number, now: Date): Promise<void> {
  const [request] = await tx.query<RequestRow>('SELECT * FROM requests WHERE cd_solicitacao = $1', [cdSolicitacao]);
  if (!request) throw new Error(`solicitação ${cdSolicitacao} não existe`);
  const facts = await readRequestFacts(tx, request);
  if (!facts) throw new Error(`operadora ${request.cd_empresa_plano} não cadastrada`);
  const existing = new Map(
    (
      await tx.query<{
        cd_file_documento: number;
        nm_documento: string;
        nm_armazenado: string;
        ds_hash_conteudo: string | null;
        assinado: boolean;
      }>(
        `SELECT d.cd_file_documento, d.nm_documento, d.nm_armazenado, d.ds_hash_conteudo, s.cd_file_documento IS NOT NULL AS assinado
         FROM documents_to_sign d LEFT JOIN signatures s USING (cd_file_documento) WHERE d.cd_solicitacao = $1`,
        [cdSolicitacao],
      )
    ).map((row) => [row.nm_documento, row]),
  );
  const signedOtherwise: string[] = [];
  for (const name of DOCUMENTS_TO_SIGN) {
    const content = documentToSignPdf(name, facts, now);
    const hash = contentHash(content);
    const current = existing.get(name);
    // A signature before the content was fingerprinted (migration 019) cannot be compared: it stands.
    if (current?.assinado && current.ds_hash_conteudo !== null && current.ds_hash_conteudo !== hash) signedOtherwise.push(name);
    if (current && (current.assinado || current.ds_hash_conteudo === hash)) continue;
    const stored = await files.save(tx, await renderPdf(content, now), 'pdf', now);
    if (!current) {
      await tx.query(
        'INSERT INTO documents_to_sign (cd_solicitacao, nm_documento, nm_armazenado, dt_criacao, ds_hash_conteudo) VALUES ($1, $2, $3, $4, $5)',
        [cdSolicitacao, name, stored, now, hash],
      );
      continue;
    }
    // The same document (its id, its place in the list), with the new text: read it again before signing.
    await tx.query(
      'UPDATE documents_to_sign SET nm_armazenado = $2, ds_hash_conteudo = $3, dt_criacao = $4, dt_leitura = NULL WHERE cd_file_documento = $1',
      [current.cd_file_documento, stored, hash, now],
    );
    await files.remove(tx, current.nm_armazenado);
  }
  if (signedOtherwise.length) throw new SignedTermsChangedError(signedOtherwise);
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
