/**
 * Secrets every process on one database must share, kept in `app_secrets`: the first
 * process to ask makes one; everyone, then and later, reads that one.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query('INSERT INTO app_secrets (ds_nome, ds_valor) VALUES ($1, $2) ON CONFLICT (ds_nome) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ ds_valor: string }>('SELECT ds_valor FROM app_secrets WHERE ds_nome = $1', [name]);
  if (!row) throw new Error(`segredo ${name} não encontrado no banco`);
  return row.ds_valor;
}
