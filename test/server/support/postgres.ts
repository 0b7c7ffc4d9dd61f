/**
 * Scratch databases on the PostgreSQL the global setup provides (support/postgres-setup.ts):
 * one per test file, dropped at the end, so files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The admin URL, or null when no PostgreSQL is reachable (the tier is then skipped). */
export const postgresUrl: string | null = inject('postgresUrl');

/** How the tier's test names say whether they ran. */
export const POSTGRES_TIER = postgresUrl
  ? 'on PostgreSQL'
  : 'on PostgreSQL (SKIPPED: no TEST_DATABASE_URL and no postgresql server binaries)';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl ?? '' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portabilidade_test_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresUrl ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
