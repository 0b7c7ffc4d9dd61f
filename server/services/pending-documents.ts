/**
 * The documents the operator is still waiting for (issue 25 item 3). The backoffice marks
 * them with the status 2 ('Pendente de documentação'): `set-status <protocolo> 2 --pendente
 * <tipo>[:<motivo>]`, once per document type. The tracking answer of a status-2 request lists
 * the open ones (type name and reason); the first upload of a type answers it, under the
 * request's row lock, so the list the portal reloads is the one the server holds.
 */
import type { Queryable } from '../db/database.ts';
import { formatDateTime } from './dates.ts';
import { STATUS } from './status.ts';

export class PendingDocumentsError extends Error {}

/** One type the operator asks for, as checked: the type's code and an optional reason. */
export interface PendingRequest {
  cdTipoDocumento: number;
  motivo?: string;
}

/** An open pending type, as the tracking answer carries it. */
export interface OpenPendingDocument {
  cdTipoDocumento: number;
  nmDocumento: string;
  dsMotivo?: string;
}

/** Every type ever asked for, open or answered, as the backoffice shows it. */
export interface PendingDocumentRecord {
  cdTipoDocumento: number;
  nmDocumento: string;
  motivo: string | null;
  pedidoEm: string;
  /** When the first document of that type arrived after the request; null while open. */
  enviadoEm: string | null;
}

/** More than every document type the operator keeps: a longer list is a mistake. */
export const MAX_PENDING_TYPES = 20;
export const MAX_PENDING_REASON_LENGTH = 500;
// The code as a type is written: digits, no sign, space or leading zero (" 3" or "03" is a slip, not type 3).
const PENDING_FLAG = /^([1-9]\d{0,8})(?::(.*))?$/s;
// eslint-disable-next-line no-control-regex -- control characters are exactly what a reason may not hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const PENDING_USAGE = '--pendente <código do tipo de documento>[:<motivo>]';

/**
 * Checks each `--pendente` value: a document type code, then, after a colon, the reason
 * (1–500 characters, no line breaks or control characters). Only with status 2, at most 20,
 * each type once. Whether the type exists is checked by `replacePendingDocuments`.
 */
export function parsePendingFlags(values: readonly string[], flStatus: number): PendingRequest[] {
  if (values.length === 0) return [];
  if (flStatus !== STATUS.pendenteDocumentacao) {
    throw new PendingDocumentsError('--pendente vale só com o status 2 (Pendente de documentação).');
  }
  if (values.length > MAX_PENDING_TYPES) {
    throw new PendingDocumentsError(`--pendente: no máximo ${MAX_PENDING_TYPES} tipos de documento por vez.`);
  }
  const requests: PendingRequest[] = [];
  for (const value of values) {
    const match = PENDING_FLAG.exec(value);
    if (!match) {
      throw new PendingDocumentsError(
        `${PENDING_USAGE}: "${value.slice(0, 40)}" não é um código de tipo de documento (só dígitos), seguido ou não de ":" e do motivo.`,
      );
    }
    const cdTipoDocumento = Number(match[1]);
    if (requests.some((request) => request.cdTipoDocumento === cdTipoDocumento)) {
      throw new PendingDocumentsError(`--pendente: o tipo ${cdTipoDocumento} foi informado mais de uma vez.`);
    }
    const reason = match[2]?.trim();
    if (match[2] !== undefined && (!reason || reason.length > MAX_PENDING_REASON_LENGTH || CONTROL.test(reason))) {
      throw new PendingDocumentsError(
        `--pendente ${cdTipoDocumento}: o motivo deve ter de 1 a ${MAX_PENDING_REASON_LENGTH} caracteres, sem quebras de linha nem caracteres de controle.`,
      );
    }
    requests.push(reason ? { cdTipoDocumento, motivo: reason } : { cdTipoDocumento });
  }
  return requests;
}

/**
 * The list given is what the operator waits for now: each type named is (re)opened with its
 * reason, an open type not named is dropped (no longer awaited), answered ones stay as a
 * record. Call in the status change's transaction (the request's row is locked by it); an
 * unknown type throws and the whole change is undone.
 */
export async function replacePendingDocuments(
  tx: Queryable,
  cdSolicitacao: number,
  requests: readonly PendingRequest[],
  now: Date,
): Promise<void> {
  if (requests.length === 0) return;
  for (const request of requests) {
    const [type] = await tx.query<{ cd_tipo_documento: number }>(
      'SELECT cd_tipo_documento FROM document_types WHERE cd_tipo_documento = $1',
      [request.cdTipoDocumento],
    );
    if (!type) {
      throw new PendingDocumentsError(
        `Tipo de documento ${request.cdTipoDocumento} não cadastrado. Os tipos estão em GET portabilidade/utils/documento/list?solicitacao=9.`,
      );
    }
  }
  await tx.query('DELETE FROM pending_documents WHERE cd_solicitacao = $1 AND dt_atendido IS NULL', [cdSolicitacao]);
  for (const request of requests) {
    await tx.query(
      `INSERT INTO pending_documents (cd_solicitacao, cd_tipo_documento, ds_motivo, dt_pedido, dt_atendido)
       VALUES ($1, $2, $3, $4, NULL)
       ON CONFLICT (cd_solicitacao, cd_tipo_documento) DO UPDATE SET
         ds_motivo = EXCLUDED.ds_motivo, dt_pedido = EXCLUDED.dt_pedido, dt_atendido = NULL`,
      [cdSolicitacao, request.cdTipoDocumento, request.motivo ?? null, now],
    );
  }
}

/** A document of this type arrived: its pending type, if open, is answered (call under the row lock). */
export async function answerPendingDocument(tx: Queryable, cdSolicitacao: number, cdTipoDocumento: number, now: Date): Promise<void> {
  await tx.query(
    'UPDATE pending_documents SET dt_atendido = $3 WHERE cd_solicitacao = $1 AND cd_tipo_documento = $2 AND dt_atendido IS NULL',
    [cdSolicitacao, cdTipoDocumento, now],
  );
}

interface PendingRow {
  cd_tipo_documento: number;
  nm_documento: string;
  ds_motivo: string | null;
  dt_pedido: Date;
  dt_atendido: Date | null;
}

async function pendingRows(db: Queryable, cdSolicitacao: number, onlyOpen: boolean): Promise<PendingRow[]> {
  return db.query<PendingRow>(
    `SELECT p.cd_tipo_documento, t.nm_documento, p.ds_motivo, p.dt_pedido, p.dt_atendido
       FROM pending_documents p JOIN document_types t USING (cd_tipo_documento)
      WHERE p.cd_solicitacao = $1 ${onlyOpen ? 'AND p.dt_atendido IS NULL' : ''}
      ORDER BY p.dt_pedido, p.cd_tipo_documento`,
    [cdSolicitacao],
  );
}

/** The types still awaited, in the order the operator asked for them. */
export async function openPendingDocuments(db: Queryable, cdSolicitacao: number): Promise<OpenPendingDocument[]> {
  return (await pendingRows(db, cdSolicitacao, true)).map((row) => ({
    cdTipoDocumento: row.cd_tipo_documento,
    nmDocumento: row.nm_documento,
    ...(row.ds_motivo !== null ? { dsMotivo: row.ds_motivo } : {}),
  }));
}

export async function listPendingDocuments(db: Queryable, cdSolicitacao: number): Promise<PendingDocumentRecord[]> {
  return (await pendingRows(db, cdSolicitacao, false)).map((row) => ({
    cdTipoDocumento: row.cd_tipo_documento,
    nmDocumento: row.nm_documento,
    motivo: row.ds_motivo,
    pedidoEm: formatDateTime(row.dt_pedido),
    enviadoEm: row.dt_atendido ? formatDateTime(row.dt_atendido) : null,
  }));
}

/** One line per type for the backoffice's `show`. */
export function describePendingDocument(record: PendingDocumentRecord): string {
  const reason = record.motivo ? ` (${record.motivo})` : '';
  const state = record.enviadoEm ? `enviado em ${record.enviadoEm}` : 'pendente';
  return `#${record.cdTipoDocumento} ${record.nmDocumento}${reason}: ${state}, pedido em ${record.pedidoEm}`;
}
