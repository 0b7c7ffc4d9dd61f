// `npm test`: every test, browser tests included, then one closing line "N passed, N failed".
// Steps: type check, lint, format check, unit/component/server/path tests (Vitest), production build,
// browser tests (Playwright + system Chromium against the reference server), one browser
// smoke test with the server on PostgreSQL (scripts/e2e-postgres.mjs; says SKIPPED when no
// PostgreSQL is reachable), the leak check over those servers' logs and data file names
// (scripts/leak-scan.mjs: no protocol or CPF; counted as one test), then the machine path coverage both tiers recorded
// (scripts/paths-report.mjs: fails below 100%). The Vitest step runs the PostgreSQL server
// tests on TEST_DATABASE_URL or a throwaway local cluster (test/server/support/postgres-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstalled } from './ensure-installed.mjs';

ensureInstalled();
const { chromiumPath } = await import('./chromium.mjs');
if (!chromiumPath()) {
  console.error('Chromium não encontrado: rode `apt-get install -y chromium` (ou defina CHROMIUM_PATH).');
  process.exit(1);
}
mkdirSync('test-results', { recursive: true });
// Path coverage is written afresh by this run's unit and browser tiers.
if (!process.argv[2]) rmSync('test-results/paths-coverage', { recursive: true, force: true });
// So are the browser tests' server logs the leak check reads.
if (!process.argv[2]) rmSync('test-results/server-logs', { recursive: true, force: true });

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']],
  // The test build: the production build plus the browser path tests' observer (src/app/inspect.ts).
  ['build', 'npx', ['vite', 'build', '--mode', 'test', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test']],
  ['e2e-postgres', process.execPath, ['scripts/e2e-postgres.mjs']],
  ['leaks', process.execPath, ['scripts/leak-scan.mjs']],
  ['paths', process.execPath, ['scripts/paths-report.mjs']],
];

const only = process.argv[2];
let passed = 0;
let failed = 0;
let broken = [];
const ran = new Set();
for (const [name, command, args] of steps) {
  if (only && only !== name) continue;
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  ran.add(name);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  console.log(`── ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) broken.push(name);
}

function count(file, read) {
  if (!existsSync(file)) return;
  try {
    const [p, f] = read(JSON.parse(readFileSync(file, 'utf8')));
    passed += p;
    failed += f;
  } catch {
    // A missing or partial report is already a failed step above.
  }
}
if (!only || only === 'unit') count('test-results/vitest.json', (r) => [r.numPassedTests, r.numFailedTests]);
if (!only || only === 'e2e') count('test-results/e2e.json', (r) => [r.stats.expected, r.stats.unexpected + r.stats.flaky]);
if (!only || only === 'e2e-postgres')
  count('test-results/e2e-postgres.json', (r) => [r.stats.expected, r.stats.unexpected + r.stats.flaky]);
// The leak check is one test of its own.
if (ran.has('leaks')) {
  if (broken.includes('leaks')) failed += 1;
  else passed += 1;
}

if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed + (broken.length && !failed ? broken.length : 0)} failed`);
process.exit(broken.length ? 1 : 0);
