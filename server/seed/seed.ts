/** First-run data: reference data always (when missing), demo requests on an empty database. */
import type { Database } from '../db/database.ts';
import type { FileStore } from '../services/file-store.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedReferenceData } from './reference-data.ts';

export async function seed(db: Database, files: FileStore, now: Date, { demo = true } = {}): Promise<{ demoCreated: boolean }> {
  await db.transaction((tx) => seedReferenceData(tx));
  return { demoCreated: demo ? await seedDemoRequests(db, files, now) : false };
}
