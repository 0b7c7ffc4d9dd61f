/**
 * Vitest global setup: a PostgreSQL for the PostgreSQL tier (test/server/postgres*.test.ts).
 * TEST_DATABASE_URL (or DATABASE_URL) names a server where the tests may create and drop
 * scratch databases; without one, a throwaway cluster is started on loopback from the
 * installed server binaries (Debian's `postgresql` package) and removed at the end. With
 * neither, the tier is skipped, and said so here and in the test names.
 */
import type { TestProject } from 'vitest/node';
import { postgresBinDir, startLocalPostgres } from '../../../scripts/local-postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL for the tests, or null when none is reachable. */
    postgresUrl: string | null;
  }
}

/** A run limited to files none of which is a PostgreSQL test needs no server. */
function runsPostgresTests(): boolean {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== 'watch');
  return filters.length === 0 || filters.some((filter) => /postgres|test\/server\/?$|^test\/?$/.test(filter));
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return undefined;
  }
  if (!runsPostgresTests() || !postgresBinDir()) {
    if (runsPostgresTests()) {
      const message = 'PostgreSQL: testes PULADOS — defina TEST_DATABASE_URL ou instale o pacote postgresql (initdb/postgres).';
      // CI must run the tier, never skip it silently.
      if (process.env.REQUIRE_POSTGRES === '1') throw new Error(message);
      console.warn(`\n⚠ ${message}\n`);
    }
    project.provide('postgresUrl', null);
    return undefined;
  }
  const server = await startLocalPostgres();
  project.provide('postgresUrl', server?.url ?? null);
  console.log(`\nPostgreSQL de teste em ${server?.url ?? '(nenhum)'}\n`);
  return async () => server?.stop();
}
