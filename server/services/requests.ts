/**
 * The portability request and its life: creation (with dependents and contacts, in one
 * transaction), lookups, and status changes, each of which leaves a history event.
 */
import type { Database, Executor, Queryable } from '../db/database.ts';
import { REQUEST_STATE_COLUMNS, type RequestRow, type RequestState } from '../db/rows.ts';
import type { PortabilityRequest } from '../../contract/api.ts';
import { newProtocol } from './protocol.ts';
import { STATUS, typeShownIn } from './status.ts';
import type { FileStore } from './file-store.ts';
import { makeDocumentsToSign } from './documents-to-sign.ts';

/** 'titular': the holder's own withdrawal (services/withdrawal.ts), told apart from an operator's cancellation. */
export type HistoryOrigin = 'portal' | 'backoffice' | 'demonstracao' | 'titular';

/** Always read from the database: another process (or the backoffice) may have just written it. */
export async function findRequestByProtocol(db: Queryable, nuProtocolo: string): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>('SELECT * FROM requests WHERE nu_protocolo = $1', [nuProtocolo]);
  return row ?? null;
}

/** The request's state and identifiers only: what every call that names a protocol needs (the tracking lookup above all). */
export async function findRequestStateByProtocol(db: Queryable, nuProtocolo: string): Promise<RequestState | null> {
  const [row] = await db.query<RequestState>(`SELECT ${REQUEST_STATE_COLUMNS} FROM requests WHERE nu_protocolo = $1`, [nuProtocolo], {
    prepared: 'request-state-by-protocol',
  });
  return row ?? null;
}

export async function findRequestById(db: Queryable, cdSolicitacao: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>('SELECT * FROM requests WHERE cd_solicitacao = $1', [cdSolicitacao]);
  return row ?? null;
}

/**
 * The request's row, locked until the transaction ends (`SELECT … FOR UPDATE`): every change
 * that first checks the request's state (status, documents, limits) reads it through this,
 * so a concurrent change on any process waits, then sees the state this one left.
 */
export async function lockRequest(tx: Queryable, cdSolicitacao: number): Promise<RequestRow | null> {
  const [row] = await tx.query<RequestRow>('SELECT * FROM requests WHERE cd_solicitacao = $1 FOR UPDATE', [cdSolicitacao]);
  return row ?? null;
}

export interface NewRequestState {
  flStatus: number;
  cdStatusPort: 1 | 2;
  flConcordo: 'S' | 'N' | null;
}

/** A new request starts under analysis (flStatus 1), type code 1, no acknowledgement yet. */
export const INITIAL_STATE: NewRequestState = { flStatus: STATUS.emAnalise, cdStatusPort: 1, flConcordo: null };

const INSERT_REQUEST = `INSERT INTO requests (
  nu_protocolo, tipo, nu_protocolo_ans, nu_protocolo_origem, nome, nm_mae, cpf, dt_nascimento,
  cd_cep, ds_endereco, nu_endereco, ds_bairro, ds_cidade, ds_uf, ds_complemento,
  ops_origem, plano_origem, nu_ans_ops_origem, nu_ans_plano_origem, area_plano, dt_inicio,
  tp_contrato_origem, nu_ans_plano_destino, plano_destino, tp_contrato_destino, tp_port_destino,
  fl_aceita_email, cd_empresa_plano, fl_status, cd_status_port, fl_concordo, dt_cadastramento, dt_atualizacao,
  fl_aceita_sms
) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$32,$33)
ON CONFLICT (nu_protocolo) DO NOTHING
RETURNING cd_solicitacao`;

/** Saves request, dependents, contacts and the first history event; call inside a transaction. */
export interface CreateOptions {
  state?: NewRequestState;
  origin?: HistoryOrigin;
  /** Only the demo seed picks its protocol (so docs and tests can name it); the portal never does. */
  nuProtocolo?: string;
}

export async function createRequest(
  tx: Queryable,
  payload: PortabilityRequest,
  now: Date,
  { state = INITIAL_STATE, origin = 'portal', nuProtocolo: fixed }: CreateOptions = {},
): Promise<{ nuProtocolo: string; cdSolicitacao: number }> {
  for (;;) {
    const nuProtocolo = fixed ?? newProtocol();
    const [row] = await tx.query<{ cd_solicitacao: number }>(INSERT_REQUEST, [
      nuProtocolo,
      payload.tipo,
      payload.nu_protocolo_ans,
      payload.nu_protocolo ?? null,
      payload.nome,
      payload.nm_mae,
      payload.cpf,
      payload.dt_nascimento,
      payload.cd_cep,
      payload.ds_endereco,
      payload.nu_endereco,
      payload.ds_bairro,
      payload.ds_cidade,
      payload.ds_uf,
      payload.ds_complemento ?? null,
      payload.ops_origem,
      payload.plano_origem,
      payload.nu_ans_ops_origem,
      payload.nu_ans_plano_origem,
      payload.area_plano,
      payload.dt_inicio,
      payload.tp_contrato_origem,
      payload.nu_ans_plano_destino,
      payload.plano_destino,
      payload.tp_contrato_destino,
      payload.tp_port_destino,
      payload.fl_aceita_email,
      Number(payload.cd_empresa_plano),
      state.flStatus,
      state.cdStatusPort,
      state.flConcordo,
      now,
      payload.fl_aceita_sms ?? '0',
    ]);
    // A collision of 20 random digits is all but impossible; if it happens, draw again.
    if (!row) {
      if (fixed) throw new Error(`protocolo ${fixed} já existe`);
      continue;
    }
    const cdSolicitacao = row.cd_solicitacao;
    for (const [index, dep] of payload.dependente.entries()) {
      await tx.query(
        'INSERT INTO dependents (cd_solicitacao, nu_ordem, nome, nm_mae, dt_nasc, cpf, ds_parentesco) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [cdSolicitacao, index + 1, dep.nome, dep.nm_mae, dep.dt_nasc, dep.cpf || null, dep.ds_parentesco],
      );
    }
    for (const contact of payload.contato) {
      await tx.query('INSERT INTO contacts (cd_solicitacao, tp_contato, ds_contato) VALUES ($1, $2, $3)', [
        cdSolicitacao,
        contact.tp_contato,
        contact.ds_contato,
      ]);
    }
    await addHistory(tx, cdSolicitacao, state, origin, now);
    return { nuProtocolo, cdSolicitacao };
  }
}

export interface HistoryRow {
  fl_status: number;
  cd_status_port: number;
  fl_concordo: string | null;
  ds_origem: string;
  /** The event records the answer it holds anew: its origin gave it (migration 021). */
  fl_resposta_dada: boolean;
  dt_evento: Date;
}

/** A request's status history, oldest first (the order its answers and their givers follow). */
export async function listStatusHistory(db: Queryable, cdSolicitacao: number): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    'SELECT fl_status, cd_status_port, fl_concordo, ds_origem, fl_resposta_dada, dt_evento FROM status_history WHERE cd_solicitacao = $1 ORDER BY dt_evento, id',
    [cdSolicitacao],
  );
}

/**
 * An event is never dated before the one it follows. `now` is read when the call arrives,
 * before the request's lock: a call that waited on the lock (an answer racing the operator's
 * new conditions, on PostgreSQL) would otherwise be listed before the change it came after,
 * and the history would contradict the state (found by an exploratory run).
 */
async function addHistory(
  tx: Queryable,
  cdSolicitacao: number,
  state: NewRequestState,
  origin: HistoryOrigin,
  now: Date,
  answerGiven = false,
) {
  await tx.query(
    `INSERT INTO status_history (cd_solicitacao, fl_status, cd_status_port, fl_concordo, ds_origem, fl_resposta_dada, dt_evento)
     SELECT $1, $2, $3, $4, $5, $6, GREATEST($7::timestamptz, max(dt_evento)) FROM status_history WHERE cd_solicitacao = $1`,
    [cdSolicitacao, state.flStatus, state.cdStatusPort, state.flConcordo, origin, answerGiven, now],
  );
}

export interface StatusChange {
  flStatus?: number;
  cdStatusPort?: 1 | 2;
  flConcordo?: 'S' | 'N' | null;
  /**
   * The answer given (`flConcordo`) stands for other conditions than the one held: it is news
   * even when it is the same answer, so its event is written (the operator's --concordo with
   * new facts; found by a regression walk: the history kept it as the person's own).
   */
  answerForNewConditions?: boolean;
}

/**
 * Applies a status change in one transaction: the request row, a history event, and —
 * when the request is in status 3 — its documents to sign, made from the facts stored so far
 * (so a caller saves the operator's decision first; a signed one is never made again:
 * documents-to-sign.ts).
 * A change to the state the request already has (status, type code and answer) writes nothing.
 */
export async function changeStatus(
  db: Database,
  files: FileStore,
  cdSolicitacao: number,
  change: StatusChange,
  origin: HistoryOrigin,
  now: Date,
): Promise<RequestRow> {
  return db.transaction((tx) => changeStatusIn(tx, files, cdSolicitacao, change, origin, now));
}

export async function changeStatusIn(
  tx: Executor,
  files: FileStore,
  cdSolicitacao: number,
  change: StatusChange,
  origin: HistoryOrigin,
  now: Date,
): Promise<RequestRow> {
  const current = await lockRequest(tx, cdSolicitacao);
  if (!current) throw new Error(`solicitação ${cdSolicitacao} não existe`);
  const next: NewRequestState = {
    flStatus: change.flStatus ?? current.fl_status,
    cdStatusPort: change.cdStatusPort ?? (current.cd_status_port === 2 ? 2 : 1),
    flConcordo: change.flConcordo === undefined ? current.fl_concordo : change.flConcordo,
  };
  // An answer given in this change (the portal's, the operator's --concordo) is marked as given
  // by this event's origin: the history then says whose it is (status.ts answerGivers).
  const answerGiven = change.flConcordo === 'S' || change.flConcordo === 'N';
  // The same state again is no event: the history lists what changed, once each. In 3 the
  // documents still follow the facts (an operator's new decision, saved before this call).
  const sameState =
    next.flStatus === current.fl_status && next.cdStatusPort === current.cd_status_port && next.flConcordo === current.fl_concordo;
  if (sameState && !(answerGiven && change.answerForNewConditions)) {
    if (next.flStatus === STATUS.aceita) await makeDocumentsToSign(tx, files, cdSolicitacao, now);
    return current;
  }
  // Only the type changed, where no screen shows it: kept for the decision to come, but no event
  // (found by a regression walk: each --tipo in 2 listed 'Pendente de documentação' again).
  const typeOnly =
    next.flStatus === current.fl_status && next.flConcordo === current.fl_concordo && !answerGiven && !typeShownIn(next.flStatus);
  const [updated] = await tx.query<RequestRow>(
    `UPDATE requests SET fl_status = $2, cd_status_port = $3, fl_concordo = $4, dt_atualizacao = $5
     WHERE cd_solicitacao = $1 RETURNING *`,
    [cdSolicitacao, next.flStatus, next.cdStatusPort, next.flConcordo, now],
  );
  if (!typeOnly) await addHistory(tx, cdSolicitacao, next, origin, now, answerGiven);
  if (!updated) throw new Error('a solicitação sumiu durante a atualização');
  if (next.flStatus === STATUS.aceita) await makeDocumentsToSign(tx, files, cdSolicitacao, now);
  return updated;
}
