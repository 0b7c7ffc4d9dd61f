/**
 * The LGPD purge (services/retention.ts says when): for every request closed more than
 * RETENTION_DAYS ago, its documents (uploads, terms to sign with their signatures, acceptance
 * terms: rows and bytes), its e-mails (outbox rows and the .eml files written without
 * SMTP_URL) and the idempotency records that name it are deleted. The request itself, its
 * history and its contacts stay: what the operator must keep is the operator's decision.
 *
 * Idempotency records are replays of a retry, kept 24 hours (http/idempotency.ts); the
 * purge also deletes every record past that, so none outlives a closed request.
 *
 * Run by the server every hour (server/app.ts) and by `npm run backoffice -- purge`. Each
 * request is purged in its own transaction, its row locked and its state checked again, so
 * two processes purging at once, or an analyst reopening the request meanwhile, are safe.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Database, Executor } from '../db/database.ts';
import { IDEMPOTENCY_KEEP_MS } from '../http/idempotency.ts';
import type { Clock } from './clock.ts';
import type { FileStore } from './file-store.ts';
import { CLOSED_SINCE_SQL, IS_CLOSED_SQL, retentionCutoff } from './retention.ts';

export interface PurgeDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  retentionDays: number;
  /** Where .eml files are written without SMTP_URL (DATA_DIR/outbox); absent: no files to remove. */
  outboxDir?: string;
}

export interface PurgeReport {
  diasDeRetencao: number;
  /** Requests something was removed from. */
  solicitacoes: number;
  arquivos: number;
  emails: number;
  registrosDeIdempotencia: number;
}

const BATCH = 100;
/** The .eml names this server has written: `<id>.eml`, and `<id>-<protocol>.eml` before. */
const EML_NAME = /^\d+(?:-\d+)?\.eml$/;
/**
 * Any message file of the outbox, with its message's id: `<id>.eml`, `<id>-<protocol>.eml`,
 * `<id>.sms.json`, and the `.<pid>.tmp` a write cut short leaves beside them.
 */
const MESSAGE_FILE = /^(\d+)(?:-\d+)?\.(?:eml|sms\.json)(?:\.\d+\.tmp)?$/;

/** Requests past retention that still hold something to purge, after `after`, in id order. */
async function expiredRequests(db: Database, cutoff: Date, after: number): Promise<number[]> {
  const rows = await db.query<{ cd_solicitacao: number }>(
    `SELECT r.cd_solicitacao FROM requests r
     WHERE r.cd_solicitacao > $2 AND ${IS_CLOSED_SQL} AND ${CLOSED_SINCE_SQL} < $1
       AND (EXISTS (SELECT 1 FROM uploaded_documents d WHERE d.cd_solicitacao = r.cd_solicitacao)
         OR EXISTS (SELECT 1 FROM documents_to_sign d WHERE d.cd_solicitacao = r.cd_solicitacao)
         OR EXISTS (SELECT 1 FROM acceptances a WHERE a.cd_solicitacao = r.cd_solicitacao)
         OR EXISTS (SELECT 1 FROM outbox_emails o WHERE o.cd_solicitacao = r.cd_solicitacao))
     ORDER BY r.cd_solicitacao LIMIT ${BATCH}`,
    [cutoff, after],
  );
  return rows.map((row) => row.cd_solicitacao);
}

function removeEml(outboxDir: string | undefined, cdMensagem: number, delivery: string | null): void {
  if (!outboxDir) return;
  const names = new Set([`${cdMensagem}.eml`, `${cdMensagem}.sms.json`]);
  // Only a name this server writes, and only inside the outbox directory.
  if (delivery && EML_NAME.test(basename(delivery))) names.add(basename(delivery));
  for (const name of names) rmSync(join(outboxDir, name), { force: true });
}

async function purgeRequest(
  tx: Executor,
  deps: PurgeDeps,
  cdSolicitacao: number,
  cutoff: Date,
): Promise<Omit<PurgeReport, 'diasDeRetencao' | 'solicitacoes'> | null> {
  const [request] = await tx.query<{ nu_protocolo: string }>(
    `SELECT r.nu_protocolo FROM requests r WHERE r.cd_solicitacao = $1 AND ${IS_CLOSED_SQL} AND ${CLOSED_SINCE_SQL} < $2 FOR UPDATE`,
    [cdSolicitacao, cutoff],
  );
  // Reopened, or purged by another process, since it was listed.
  if (!request) return null;
  const names = new Set<string>();
  for (const table of ['uploaded_documents', 'documents_to_sign', 'acceptances']) {
    const rows = await tx.query<{ nm_armazenado: string }>(`DELETE FROM ${table} WHERE cd_solicitacao = $1 RETURNING nm_armazenado`, [
      cdSolicitacao,
    ]);
    for (const row of rows) names.add(row.nm_armazenado);
  }
  for (const name of names) await deps.files.remove(tx, name);
  const emails = await tx.query<{ cd_mensagem: number; ds_entrega: string | null }>(
    'DELETE FROM outbox_emails WHERE cd_solicitacao = $1 RETURNING cd_mensagem, ds_entrega',
    [cdSolicitacao],
  );
  for (const email of emails) removeEml(deps.outboxDir, email.cd_mensagem, email.ds_entrega);
  let replays = 0;
  for (const needle of [request.nu_protocolo, ...names]) {
    const deleted = await tx.query('DELETE FROM idempotency_keys WHERE strpos(ds_corpo, $1) > 0 RETURNING ds_chave', [needle]);
    replays += deleted.length;
  }
  return { arquivos: names.size, emails: emails.length, registrosDeIdempotencia: replays };
}

export async function purgeExpired(deps: PurgeDeps): Promise<PurgeReport> {
  const now = deps.clock();
  const cutoff = retentionCutoff(now, deps.retentionDays);
  const report: PurgeReport = { diasDeRetencao: deps.retentionDays, solicitacoes: 0, arquivos: 0, emails: 0, registrosDeIdempotencia: 0 };
  let after = 0;
  for (;;) {
    const batch = await expiredRequests(deps.db, cutoff, after);
    for (const cdSolicitacao of batch) {
      const purged = await deps.db.transaction((tx) => purgeRequest(tx, deps, cdSolicitacao, cutoff));
      if (!purged) continue;
      report.solicitacoes += 1;
      report.arquivos += purged.arquivos;
      report.emails += purged.emails;
      report.registrosDeIdempotencia += purged.registrosDeIdempotencia;
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1] ?? after;
  }
  report.emails += await sweepOrphanMessageFiles(deps);
  const expired = await deps.db.query('DELETE FROM idempotency_keys WHERE dt_criacao < $1 RETURNING ds_chave', [
    new Date(now.getTime() - IDEMPOTENCY_KEEP_MS),
  ]);
  report.registrosDeIdempotencia += expired.length;
  return report;
}

/**
 * The message files in this server's outbox whose messages are no longer in the database: a
 * purge run elsewhere (`backoffice purge` with another DATA_DIR, another process on the same
 * PostgreSQL) deleted their rows and could not reach these files (found by an exploratory run:
 * they stayed for good, holding the protocol, the address and the reason). A file is written
 * only after its row exists, so a file without one is an orphan. Returns how many went.
 */
async function sweepOrphanMessageFiles(deps: PurgeDeps): Promise<number> {
  if (!deps.outboxDir) return 0;
  let names: string[];
  try {
    names = readdirSync(deps.outboxDir);
  } catch {
    return 0;
  }
  const files = names.flatMap((name) => {
    const id = MESSAGE_FILE.exec(name)?.[1];
    return id ? [{ name, id: Number(id) }] : [];
  });
  if (files.length === 0) return 0;
  const ids = [...new Set(files.map((file) => file.id))];
  const kept = new Set(
    (
      await deps.db.query<{ cd_mensagem: number }>(
        "SELECT cd_mensagem FROM outbox_emails WHERE cd_mensagem = ANY(string_to_array($1, ',')::bigint[])",
        [ids.join(',')],
      )
    ).map((row) => Number(row.cd_mensagem)),
  );
  const orphans = files.filter((file) => !kept.has(file.id));
  for (const file of orphans) rmSync(join(deps.outboxDir, file.name), { force: true });
  return new Set(orphans.map((file) => file.id)).size;
}
