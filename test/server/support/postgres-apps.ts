/**
 * Two app instances on one scratch PostgreSQL database, each with its own pool: two processes
 * behind a load balancer. Migrated and seeded like a first start; `close` removes it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { seed } from '../../../server/seed/seed.ts';
import { DatabaseFileStore } from '../../../server/services/database-file-store.ts';
import { SECRET, START } from '../helpers.ts';
import { createScratchDatabase } from './postgres.ts';

export interface TwoApps {
  db: Database;
  second: Database;
  apps: FastifyInstance[];
  close(): Promise<void>;
}

export async function startTwoApps(label: string): Promise<TwoApps> {
  const scratch = await createScratchDatabase();
  const db = await openDatabase({ url: scratch.url });
  const second = await openDatabase({ url: scratch.url });
  const dataDir = mkdtempSync(join(tmpdir(), `portabilidade-pg-${label}-`));
  await migrate(db);
  await seed(db, new DatabaseFileStore(), START);
  const apps = await Promise.all([db, second].map((each) => buildApp({ db: each, dataDir, secret: SECRET, clock: () => START })));
  return {
    db,
    second,
    apps,
    async close() {
      for (const app of apps) await app.close();
      await db.close();
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
