/**
 * Login with CPF + password (the last 6 digits of the protocol), with two brakes on
 * guessing: 10 failures on a protocol lock it for 15 minutes (even the right password is
 * refused meanwhile), and 30 failures from one client address in 15 minutes block that
 * address. Windows slide: a failure stops counting 15 minutes after it happened.
 */
import type { Queryable } from '../db/database.ts';
import type { LoginRequest } from '../../contract/api.ts';
import { badRequest } from '../http/http-error.ts';
import { passwordOf } from './protocol.ts';
import { loginAvailable } from './status.ts';
import { issueToken } from './tokens.ts';
import type { RequestRow } from '../db/rows.ts';

export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PROTOCOL = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const WRONG_CREDENTIALS = 'CPF ou senha inválidos.';
export const PROTOCOL_LOCKED = 'Acesso bloqueado temporariamente após muitas tentativas sem sucesso. Aguarde 15 minutos e tente novamente.';
export const ADDRESS_LOCKED = 'Muitas tentativas de acesso sem sucesso a partir desta conexão. Aguarde 15 minutos e tente novamente.';

async function countSince(db: Queryable, column: 'nu_protocolo' | 'ds_endereco_ip', value: string, since: Date): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM login_failures WHERE ${column} = $1 AND dt_falha > $2`,
    [value, since],
  );
  return row?.total ?? 0;
}

export async function login(
  db: Queryable,
  input: LoginRequest,
  clientAddress: string,
  now: Date,
  secret: string,
): Promise<{ token: string }> {
  const since = new Date(now.getTime() - LOCK_WINDOW_MS);
  if ((await countSince(db, 'ds_endereco_ip', clientAddress, since)) >= MAX_FAILURES_PER_ADDRESS) {
    throw badRequest(ADDRESS_LOCKED);
  }

  const candidates = await db.query<RequestRow>(
    'SELECT * FROM requests WHERE cpf = $1 AND cd_empresa_plano = $2 ORDER BY dt_cadastramento DESC',
    [input.cpf, Number(input.cdEmpresaPlano)],
  );
  for (const candidate of candidates) {
    if ((await countSince(db, 'nu_protocolo', candidate.nu_protocolo, since)) >= MAX_FAILURES_PER_PROTOCOL) {
      throw badRequest(PROTOCOL_LOCKED);
    }
  }

  const match = candidates.find((candidate) => passwordOf(candidate.nu_protocolo) === input.senha);
  if (!match) {
    // Every request of that CPF takes the failure: the guess could have been for any of them.
    const protocols = candidates.length > 0 ? candidates.map((candidate) => candidate.nu_protocolo) : [null];
    for (const protocol of protocols) {
      await db.query('INSERT INTO login_failures (nu_protocolo, ds_endereco_ip, dt_falha) VALUES ($1, $2, $3)', [
        protocol,
        clientAddress,
        now,
      ]);
    }
    throw badRequest(WRONG_CREDENTIALS);
  }

  await db.query('DELETE FROM login_failures WHERE nu_protocolo = $1', [match.nu_protocolo]);
  // Registration not finished yet: right credentials, but nothing to open (SPEC §4).
  if (!loginAvailable(match)) return { token: '' };
  return { token: issueToken(match.nu_protocolo, now, secret) };
}
