/**
 * First-run data: reference data always (when missing), demo requests on an empty database.
 * One transaction under an advisory lock: processes starting together on one PostgreSQL
 * take turns, and the later ones find the demos already there.
 */
import type { Database } from '../db/database.ts';
import type { FileStore } from '../services/file-store.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedReferenceData } from './reference-data.ts';

/** Arbitrary constant shared by every process of this application (migrations use 7_220_901). */
const SEED_LOCK = 7_220_902;

export async function seed(db: Database, files: FileStore, now: Date, { demo = true } = {}): Promise<{ demoCreated: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    await seedReferenceData(tx);
    return { demoCreated: demo ? await seedDemoRequests(tx, files, now) : false };
  });
}
