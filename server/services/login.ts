/**
 * Login with CPF + password (the last 6 digits of the protocol), with brakes on guessing that
 * hold when hundreds of guesses arrive at once, on one process or many.
 *
 * Account brake — the account is CPF + plan, whether or not a request exists for it:
 * - the first FREE_FAILURES (5) wrong passwords within ACCOUNT_WINDOW (1 hour, sliding) are
 *   evaluated as they come;
 * - after that, an attempt is evaluated only once a pause has passed since the last failure:
 *   30 s after the 5th, then doubling with each further failure (1, 2, 4 min), at most
 *   MAX_BACKOFF (5 min). An attempt inside the pause is refused without looking at the
 *   password, with exactly the wrong-password answer (400 'CPF ou senha inválidos.'): a
 *   brake says nothing about whether the CPF has a request, and the right password is
 *   refused like any other.
 * So a guesser gets about 12 evaluated guesses an hour on one account (a 6-digit password),
 * while the owner, once the guessing stops, waits at most 5 minutes — not the hour.
 *
 * Address brake: 30 wrong passwords from one client address (an IPv6 one by its /64, as the
 * rate limits count) within 15 minutes (sliding): further attempts from it are refused,
 * unevaluated, with a message about the connection.
 *
 * A right password clears the account's failures only when the account holds that one request:
 * anyone can file a request under someone else's CPF and log into it, and that must not wipe
 * the guesses at the owner's (the failures then pass out of the window). Only evaluated wrong
 * passwords are recorded; refused attempts cost one transaction and no password check.
 *
 * Atomic: the brakes are read, the password evaluated and the failure recorded in one
 * transaction holding advisory locks on the address and on the account (always in that order,
 * so two attempts never wait on each other in a cycle). Concurrent attempts on one account are
 * decided one after another, each seeing every failure recorded before it — on PostgreSQL
 * across processes; the embedded database runs its transactions one at a time anyway.
 */
import { createHash, createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Database, Executor } from '../db/database.ts';
import type { RequestRow } from '../db/rows.ts';
import type { LoginRequest } from '../../contract/api.ts';
import { badRequest } from '../http/http-error.ts';
import { passwordOf } from './protocol.ts';
import { loginAvailable } from './status.ts';
import { issueToken } from './tokens.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const ACCOUNT_WINDOW_MS = 60 * MINUTE;
export const FREE_FAILURES = 5;
export const FIRST_BACKOFF_MS = 30 * SECOND;
export const MAX_BACKOFF_MS = 5 * MINUTE;

export const ADDRESS_WINDOW_MS = 15 * MINUTE;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const WRONG_CREDENTIALS = 'CPF ou senha inválidos.';
export const ADDRESS_LOCKED = 'Muitas tentativas de acesso sem sucesso a partir desta conexão. Aguarde 15 minutos e tente novamente.';

/** Advisory-lock namespaces (first key of the two-key form), shared by every process. */
const ADDRESS_LOCK = 7_220_902;
const ACCOUNT_LOCK = 7_220_903;
/** Failures older than every window are swept, a bounded batch at a time. */
const SWEEP_BATCH = 500;

/** The pause an attempt must leave after the last failure, given the failures in the window. */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_BACKOFF_MS * 2 ** (failures - FREE_FAILURES), MAX_BACKOFF_MS);
}

/** Signed 32-bit lock key from the first bytes of a digest (a collision only queues two attempts). */
const lockKey = (digest: Buffer): number => digest.readInt32BE(0);

interface Account {
  /** Stored with each failure: an HMAC, so no CPF typed at the login is kept in clear. */
  id: string;
  lock: number;
}

function accountOf(input: LoginRequest, secret: string): Account {
  const digest = createHmac('sha256', secret)
    .update(`login\0${input.cpf}\0${Number(input.cdEmpresaPlano)}`)
    .digest();
  return { id: digest.subarray(4, 20).toString('base64url'), lock: lockKey(digest) };
}

type Brake = 'address' | 'account' | null;

async function brakeOn(tx: Executor, account: Account, clientAddress: string, now: Date): Promise<Brake> {
  const [row] = await tx.query<{ address_failures: number; account_failures: number; last_failure: Date | null }>(
    `SELECT
       count(*) FILTER (WHERE ds_endereco_ip = $2 AND dt_falha > $4)::int AS address_failures,
       count(*) FILTER (WHERE ds_conta = $1 AND dt_falha > $3)::int AS account_failures,
       max(dt_falha) FILTER (WHERE ds_conta = $1 AND dt_falha > $3) AS last_failure
     FROM login_failures
     WHERE (ds_conta = $1 AND dt_falha > $3) OR (ds_endereco_ip = $2 AND dt_falha > $4)`,
    [account.id, clientAddress, new Date(now.getTime() - ACCOUNT_WINDOW_MS), new Date(now.getTime() - ADDRESS_WINDOW_MS)],
  );
  if ((row?.address_failures ?? 0) >= MAX_FAILURES_PER_ADDRESS) return 'address';
  const pause = backoffMs(row?.account_failures ?? 0);
  const last = row?.last_failure ? new Date(row.last_failure).getTime() : 0;
  return pause > 0 && now.getTime() - last < pause ? 'account' : null;
}

/** `recorded`: a wrong password was evaluated and written down (then old failures are swept). */
type Decision = { refused: string; recorded: boolean } | { granted: RequestRow };

async function decide(db: Database, input: LoginRequest, clientAddress: string, now: Date, secret: string): Promise<Decision> {
  const account = accountOf(input, secret);
  return db.transaction(async (tx) => {
    // Separate statements: the brakes are read after the locks are held, on a fresh snapshot.
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [ADDRESS_LOCK, lockKey(createHash('sha256').update(clientAddress).digest())]);
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [ACCOUNT_LOCK, account.lock]);
    const brake = await brakeOn(tx, account, clientAddress, now);
    if (brake === 'address') return { refused: ADDRESS_LOCKED, recorded: false };
    if (brake === 'account') return { refused: WRONG_CREDENTIALS, recorded: false };

    const candidates = await tx.query<RequestRow>(
      'SELECT * FROM requests WHERE cpf = $1 AND cd_empresa_plano = $2 ORDER BY dt_cadastramento DESC',
      [input.cpf, Number(input.cdEmpresaPlano)],
    );
    const match = candidates.find((candidate) => passwordOf(candidate.nu_protocolo) === input.senha);
    if (!match) {
      await tx.query('INSERT INTO login_failures (ds_conta, ds_endereco_ip, dt_falha) VALUES ($1, $2, $3)', [
        account.id,
        clientAddress,
        now,
      ]);
      return { refused: WRONG_CREDENTIALS, recorded: true };
    }
    // A right password proves only this request's: if the account holds another (anyone can
    // file one under any CPF), its failures may be guesses at that one, and they stay.
    if (candidates.length === 1) await tx.query('DELETE FROM login_failures WHERE ds_conta = $1', [account.id]);
    return { granted: match };
  });
}

/**
 * Failures no window counts any more. Outside the attempt's transaction, skipping rows another
 * statement holds: it never waits, so it can never take part in a deadlock.
 */
async function sweep(db: Database, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM login_failures WHERE id IN (
       SELECT id FROM login_failures WHERE dt_falha <= $1 LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
    [new Date(now.getTime() - Math.max(ACCOUNT_WINDOW_MS, ADDRESS_WINDOW_MS))],
  );
}

export async function login(
  db: Database,
  input: LoginRequest,
  clientAddress: string,
  now: Date,
  secret: string,
): Promise<{ token: string }> {
  // One IPv6 host holds a whole /64: counted (and stored) by it, as the rate limits count.
  const decision = await decide(db, input, normalizeIP(clientAddress), now, secret);
  if ('refused' in decision) {
    if (decision.recorded) await sweep(db, now);
    throw badRequest(decision.refused);
  }
  // Registration not finished yet: right credentials, but nothing to open (SPEC §4).
  if (!loginAvailable(decision.granted)) return { token: '' };
  return { token: issueToken(decision.granted.nu_protocolo, now, secret) };
}
