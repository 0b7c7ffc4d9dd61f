/**
 * One open request per CPF and ANS protocol (issue 27 item 6): a second save for a pair that
 * has a request still open (not 4 recusada, 5 cancelada nor 7 contrato ativo) is answered 409
 * with the typed code SOLICITACAO_EM_ANDAMENTO, and the answer never names that request:
 * knowing a CPF and an ANS protocol is no proof of access to it.
 *
 * Two saves of the same pair at the same moment, on any process of one PostgreSQL: each takes
 * a transaction-scoped advisory lock of the pair before it looks, so the second waits until the
 * first committed (READ COMMITTED: its look then sees the first's row) and is refused.
 * A holder without CPF is not checked: there is no CPF to tell the person by.
 */
import { ERROR_CODES, OPEN_REQUEST_EXISTS_MESSAGE } from '../../contract/rules.ts';
import type { Queryable } from '../db/database.ts';
import { conflict } from '../http/http-error.ts';
import { IS_CLOSED_SQL } from './retention.ts';

/** The advisory locks' class for this rule (the first key); the pair's hash is the second. */
const OPEN_REQUEST_LOCK_CLASS = 7_220_927;

/** Inside the save's transaction, before the insert: waits for any other save of the pair, then refuses a duplicate. */
export async function refuseSecondOpenRequest(tx: Queryable, cpf: string, nuProtocoloAns: string): Promise<void> {
  if (cpf === '') return;
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [OPEN_REQUEST_LOCK_CLASS, `${cpf}:${nuProtocoloAns}`]);
  const [open] = await tx.query(
    `SELECT 1 FROM requests r WHERE r.cpf = $1 AND r.nu_protocolo_ans = $2 AND NOT (${IS_CLOSED_SQL}) LIMIT 1`,
    [cpf, nuProtocoloAns],
  );
  if (open) throw conflict(OPEN_REQUEST_EXISTS_MESSAGE, ERROR_CODES.openRequestExists);
}
