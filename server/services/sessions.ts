/**
 * Ending sessions ('Encerrar sessão', `POST auth/sair`): a row in `revoked_sessions` that
 * every process sharing the database reads, so a token of that session, wherever it was
 * copied to, opens nothing any more. A row lives as long as a token of its session could
 * (the longest is one issued just before the revocation: TOKEN_TTL_SECONDS), then goes.
 */
import type { Queryable } from '../db/database.ts';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

/** One indexed lookup, made only for a token that opened (an unexpired one of ours). */
export async function isSessionRevoked(db: Queryable, session: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM revoked_sessions WHERE ds_sessao = $1', [session], { prepared: 'session-revoked' });
  return rows.length > 0;
}

export async function revokeSession(db: Queryable, session: string, now: Date): Promise<void> {
  // Rows whose tokens have all expired are dead weight: the revocation that adds one clears
  // some, skipping rows another process is clearing (never waiting, so never a deadlock).
  await db.query(
    `DELETE FROM revoked_sessions WHERE ds_sessao IN (
       SELECT ds_sessao FROM revoked_sessions WHERE dt_expira < $1 LIMIT 500 FOR UPDATE SKIP LOCKED)`,
    [now],
  );
  await db.query('INSERT INTO revoked_sessions (ds_sessao, dt_expira) VALUES ($1, $2) ON CONFLICT (ds_sessao) DO NOTHING', [
    session,
    new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
  ]);
}
