/**
 * `Idempotency-Key` on POSTs (docs/architecture.md): the portal sends one key per logical
 * write and react-query retries resend it. The first attempt claims the key (a pending row
 * in the database, so this also holds across processes on one PostgreSQL); its answer —
 * success or a 4xx the client should see again — is stored and replayed to every retry.
 * A retry therefore never creates a second request nor counts a wrong login twice.
 * Server errors (5xx) release the key so the retry really runs again.
 *
 * A claim whose process died before answering (a crash, an OOM kill, a hard redeploy) would
 * hold the key with "being processed" until it is forgotten a day later, while the portal
 * retries with the same key on purpose: past its lease a pending claim is taken over by the
 * retry. The fingerprint (endpoints.ts) covers who asks as well as what: a replay is only
 * ever handed to the caller the first answer was for.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { Access } from './access.ts';
import { HttpError, errorBodyOf } from './http-error.ts';

export interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
}

const KEY_FORMAT = /^[\w.:-]{8,200}$/;
/** Older keys are forgotten: retries happen within seconds, not days. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim without an answer is taken as still running. Twice the portal's time limit
 * for one call (30 s): by then its caller has given up, and a live handler has long answered.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

const IN_PROGRESS = 'Esta operação está sendo processada. Tente novamente em instantes.';

interface KeyRow {
  ds_impressao: string;
  nu_status_http: number | null;
  ds_tipo: string | null;
  ds_corpo: string | null;
}

/** Strings longer than this (an upload's base64) enter the fingerprint as their own hash, not as one more copy of the text. */
const LONG_STRING = 64 * 1024;

/** Keyed hash of the body: tells a true retry from a reused key without storing the body (it may hold a password). */
export function fingerprint(body: unknown, secret: string): string {
  const text = JSON.stringify(body ?? null, (_key, value: unknown) =>
    typeof value === 'string' && value.length > LONG_STRING ? `sha256:${createHash('sha256').update(value).digest('hex')}` : value,
  );
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Who asks, as the fingerprint names them: nobody, or the protocol a token is bound to and how it was had. */
export function callerOf(access: Access): string | null {
  return access.kind === 'protocol' ? `${access.via}:${access.nuProtocolo}` : null;
}

export async function withIdempotency(
  db: Database,
  scope: string,
  key: string,
  print: string,
  now: Date,
  run: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (!KEY_FORMAT.test(key)) {
    throw new HttpError(400, 'Cabeçalho Idempotency-Key inválido (use de 8 a 200 letras, números, ".", ":", "_" ou "-").');
  }
  await db.query('DELETE FROM idempotency_keys WHERE dt_criacao < $1', [new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)]);
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (ds_escopo, ds_chave, ds_impressao, dt_criacao) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ds_escopo, ds_chave) DO NOTHING RETURNING ds_chave`,
    [scope, key, print, now],
  );
  if (claimed.length === 0) {
    const [row] = await db.query<KeyRow>(
      'SELECT ds_impressao, nu_status_http, ds_tipo, ds_corpo FROM idempotency_keys WHERE ds_escopo = $1 AND ds_chave = $2',
      [scope, key],
    );
    if (!row) throw new HttpError(409, IN_PROGRESS);
    if (row.ds_impressao !== print) {
      throw new HttpError(422, 'Esta Idempotency-Key já foi usada com outros dados. Gere uma nova chave para uma nova operação.');
    }
    if (row.nu_status_http !== null && row.ds_corpo !== null) {
      return { statusCode: row.nu_status_http, contentType: row.ds_tipo ?? 'application/json', body: row.ds_corpo, replayed: true };
    }
    // One statement, so of two retries after a dead claim only one takes it over.
    const takenOver = await db.query(
      `UPDATE idempotency_keys SET dt_criacao = $3
       WHERE ds_escopo = $1 AND ds_chave = $2 AND nu_status_http IS NULL AND dt_criacao < $4 RETURNING ds_chave`,
      [scope, key, now, new Date(now.getTime() - IDEMPOTENCY_LEASE_MS)],
    );
    if (takenOver.length === 0) throw new HttpError(409, IN_PROGRESS);
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      answer = {
        statusCode: error.statusCode,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(errorBodyOf(error)),
      };
    } else {
      await db.query('DELETE FROM idempotency_keys WHERE ds_escopo = $1 AND ds_chave = $2', [scope, key]).catch(() => undefined);
      throw error;
    }
  }
  await db.query('UPDATE idempotency_keys SET nu_status_http = $3, ds_tipo = $4, ds_corpo = $5 WHERE ds_escopo = $1 AND ds_chave = $2', [
    scope,
    key,
    answer.statusCode,
    answer.contentType,
    answer.body,
  ]);
  return { ...answer, replayed: false };
}
