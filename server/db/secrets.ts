/**
 * Secrets every process on one database must share, kept in `app_secrets`: the first
 * process to ask makes one; everyone, then and later, reads that one. A row shorter than
 * MIN_SECRET_BYTES (written by hand, or by an older version) refuses the start.
 */
import { MIN_SECRET_BYTES, newSecret, requireStrongSecret } from '../token-secret.ts';
import type { Queryable } from './database.ts';

export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query('INSERT INTO app_secrets (ds_nome, ds_valor) VALUES ($1, $2) ON CONFLICT (ds_nome) DO NOTHING', [name, newSecret()]);
  const [row] = await db.query<{ ds_valor: string }>('SELECT ds_valor FROM app_secrets WHERE ds_nome = $1', [name]);
  if (!row) throw new Error(`segredo ${name} não encontrado no banco`);
  return requireStrongSecret(
    row.ds_valor,
    `'${name}' na tabela app_secrets`,
    `Apague a linha (DELETE FROM app_secrets WHERE ds_nome = '${name}') para que um novo de ${MIN_SECRET_BYTES} bytes seja gerado, ou defina TOKEN_SECRET.`,
  );
}
