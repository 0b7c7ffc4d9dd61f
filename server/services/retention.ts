/**
 * LGPD retention: a request's documents, e-mails and idempotency records are kept while it
 * is open and for RETENTION_DAYS after it closes, then purged (services/purge.ts).
 *
 * Closed: flStatus 4 (Recusada), 5 (Cancelada) or 7 (Contrato ativo) — nothing more can
 * happen to it in the portal. Closed since: the date of the latest history event that
 * records the request in its current closed status (normally the event that closed it; a
 * later event in the same status, such as an analyst's correction, only moves the date
 * later). A request the back-office reopens is open again and keeps everything.
 */
import type { Queryable } from '../db/database.ts';
import { STATUS } from './status.ts';

export const DEFAULT_RETENTION_DAYS = 365;
/** A retention longer than a century is a typo. */
export const MAX_RETENTION_DAYS = 36_500;
const DAY_MS = 24 * 60 * 60 * 1000;

export const CLOSED_STATUSES: readonly number[] = [STATUS.recusada, STATUS.cancelada, STATUS.contratoAtivo];

/** SQL: whether request `r` is closed. */
export const IS_CLOSED_SQL = `r.fl_status IN (${CLOSED_STATUSES.join(', ')})`;

/** SQL: when request `r` reached its current status (its history; the row's last update if it has none). */
export const CLOSED_SINCE_SQL = `COALESCE(
  (SELECT max(h.dt_evento) FROM status_history h WHERE h.cd_solicitacao = r.cd_solicitacao AND h.fl_status = r.fl_status),
  r.dt_atualizacao)`;

/** Requests closed before this instant are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export interface FileOwner {
  cd_solicitacao: number;
  nu_protocolo: string;
  fl_status: number;
  /** With fl_status, whether the request needs login now (SPEC §6). */
  cd_status_port: number;
  fl_concordo: string | null;
  /** When it closed, or null while open. */
  dt_fechamento: Date | null;
}

/** The request a stored file belongs to (an upload, a term to sign, an acceptance), or null. */
export async function findFileOwner(db: Queryable, storedName: string): Promise<FileOwner | null> {
  const [owner] = await db.query<FileOwner>(
    `SELECT r.cd_solicitacao, r.nu_protocolo, r.fl_status, r.cd_status_port, r.fl_concordo, CASE WHEN ${IS_CLOSED_SQL} THEN ${CLOSED_SINCE_SQL} END AS dt_fechamento
     FROM requests r
     WHERE r.cd_solicitacao = (
       SELECT cd_solicitacao FROM uploaded_documents WHERE nm_armazenado = $1
       UNION ALL SELECT cd_solicitacao FROM documents_to_sign WHERE nm_armazenado = $1
       UNION ALL SELECT cd_solicitacao FROM acceptances WHERE nm_armazenado = $1
       LIMIT 1)`,
    [storedName],
  );
  return owner ?? null;
}

/** Whether a request closed so long ago that its documents must no longer be served. */
export function isPastRetention(owner: Pick<FileOwner, 'dt_fechamento'>, now: Date, retentionDays: number): boolean {
  return owner.dt_fechamento !== null && owner.dt_fechamento.getTime() < retentionCutoff(now, retentionDays).getTime();
}
