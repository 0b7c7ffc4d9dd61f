// The browser smoke test on PostgreSQL: one full journey of the wizard (a request with a
// dependent and two documents, the acceptance PDF, the backoffice reading it all back) with
// the server on DATABASE_URL instead of the embedded database. Uses TEST_DATABASE_URL (or
// DATABASE_URL) when given, else a throwaway local cluster (scripts/local-postgres.mjs); with
// neither it says SKIPPED and succeeds, unless REQUIRE_POSTGRES=1 (CI), where it fails.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { startLocalPostgres } from './local-postgres.mjs';

const SMOKE = { spec: 'test/e2e/wizard.spec.ts', title: 'files a complete request with a dependent and two documents' };
const REPORT = 'test-results/e2e-postgres.json';

rmSync(REPORT, { force: true });
const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const local = given ? null : await startLocalPostgres();
const adminUrl = given ?? local?.url;
if (!adminUrl) {
  const message = 'PostgreSQL: teste de navegador PULADO — defina TEST_DATABASE_URL ou instale o pacote postgresql.';
  console.warn(message);
  process.exit(process.env.REQUIRE_POSTGRES === '1' ? 1 : 0);
}

const name = `portabilidade_e2e_${randomBytes(5).toString('hex')}`;
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
let status = 1;
try {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`PostgreSQL: ${SMOKE.spec} › "${SMOKE.title}" com DATABASE_URL (banco ${name})`);
  const run = spawnSync('npx', ['playwright', 'test', SMOKE.spec, '-g', SMOKE.title, '--workers=1'], {
    stdio: 'inherit',
    // The server (scripts/e2e-server.mjs) and the test's backoffice calls both read DATABASE_URL.
    // Its own data directory (outbox/) and server log (test-results/server-logs/e2e-data-postgres.log),
    // beside the embedded run's, for the leak scan (scripts/leak-scan.mjs).
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      E2E_JSON: REPORT,
      E2E_DATA_DIR: 'test-results/e2e-data-postgres',
      FORCE_COLOR: '0',
    },
  });
  status = run.status ?? 1;
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await local?.stop();
}
process.exit(status);
