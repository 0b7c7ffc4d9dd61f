// `npm test`: every test, browser tests included, then one closing line "N passed, N failed".
// Steps: type check, lint, format check, unit/component/server/path tests (Vitest) with the production build beside them,
// browser tests (Playwright + system Chromium against the reference server), one browser
// smoke test with the server on PostgreSQL (scripts/e2e-postgres.mjs; says SKIPPED when no
// PostgreSQL is reachable), the leak check over those servers' logs and data file names
// (scripts/leak-scan.mjs: no protocol or CPF; counted as one test), then the machine path coverage both tiers recorded
// (scripts/paths-report.mjs: fails below 100%). The Vitest step runs the PostgreSQL server
// tests on TEST_DATABASE_URL or a throwaway local cluster (test/server/support/postgres-setup.ts).
import { spawn } from 'node:child_process';
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
// So are the browser tests' server logs the leak check reads, and the browser tier's paths,
// generated once per run and shared by Playwright's processes, with the machines' edges the unit
// tier explored first (test/paths/framework/paths-cache.ts).
if (!process.argv[2]) rmSync('test-results/server-logs', { recursive: true, force: true });
if (!process.argv[2] || process.argv[2] === 'e2e') rmSync('test-results/paths-cache', { recursive: true, force: true });

// The reports the closing line counts: a run that fails before writing one must not count the
// last run's (E2E_JSON moves the browser tests' report, as playwright.config.ts reads it).
const REPORTS = {
  unit: 'test-results/vitest.json',
  e2e: process.env.E2E_JSON ?? 'test-results/e2e.json',
  'e2e-postgres': 'test-results/e2e-postgres.json',
};
for (const [step, file] of Object.entries(REPORTS)) if (!process.argv[2] || process.argv[2] === step) rmSync(file, { force: true });

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS.unit}`]],
  // The test build: the production build plus the browser path tests' observer (src/app/inspect.ts).
  ['build', 'npx', ['vite', 'build', '--mode', 'test', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test']],
  ['e2e-postgres', process.execPath, ['scripts/e2e-postgres.mjs']],
  ['leaks', process.execPath, ['scripts/leak-scan.mjs']],
  ['paths', process.execPath, ['scripts/paths-report.mjs']],
];

const only = process.argv[2];
/**
 * Each runs on one core (tsc, eslint and prettier are single-threaded): side by side they take
 * the time of the longest instead of the sum. Their output is printed whole once each ends.
 */
const SIDE_BY_SIDE = new Set(['typecheck', 'lint', 'format']);
/**
 * Steps run beside another one, which they do not touch: the build (only the browser tests
 * need it) beside the unit tests. Alone after them, its 20 s left half of 2 cores idle.
 */
const BESIDE = new Map([['unit', 'build']]);
const env = { ...process.env, FORCE_COLOR: '0' };
let passed = 0;
let failed = 0;
let broken = [];
const ran = new Set();

function report(name, status, seconds) {
  console.log(`── ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (status !== 0) broken.push(name);
}

function runCaptured(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ name, command, args, status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** A step whose output goes straight to the console, as it comes. */
function runInherited(command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    spawn(command, args, { env, stdio: 'inherit' }).on('close', (status) => resolve({ status, seconds: (Date.now() - started) / 1000 }));
  });
}

function printCaptured({ name, command, args, status, output, seconds }) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  ran.add(name);
  process.stdout.write(output);
  report(name, status, seconds);
}

const selected = steps.filter(([name]) => !only || only === name);
const stepNamed = (name) => selected.find(([step]) => step === name);
/** The step run beside `host`, when both are selected (`npm test build` runs the build alone). */
const guestOf = (host) => (BESIDE.has(host) ? stepNamed(BESIDE.get(host)) : undefined);
const guests = new Set(selected.map(([host]) => guestOf(host)?.[0]).filter(Boolean));
const together = await Promise.all(selected.filter(([name]) => SIDE_BY_SIDE.has(name)).map((step) => runCaptured(...step)));
together.forEach(printCaptured);
for (const [name, command, args] of selected.filter(([step]) => !SIDE_BY_SIDE.has(step) && !guests.has(step))) {
  const guest = guestOf(name);
  const beside = guest && runCaptured(...guest);
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  ran.add(name);
  const { status, seconds } = await runInherited(command, args);
  report(name, status, seconds);
  if (beside) printCaptured(await beside);
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
if (!only || only === 'unit') count(REPORTS.unit, (r) => [r.numPassedTests, r.numFailedTests]);
if (!only || only === 'e2e') count(REPORTS.e2e, (r) => [r.stats.expected, r.stats.unexpected + r.stats.flaky]);
if (!only || only === 'e2e-postgres') count(REPORTS['e2e-postgres'], (r) => [r.stats.expected, r.stats.unexpected + r.stats.flaky]);
// The leak check is one test of its own.
if (ran.has('leaks')) {
  if (broken.includes('leaks')) failed += 1;
  else passed += 1;
}

if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed + (broken.length && !failed ? broken.length : 0)} failed`);
process.exit(broken.length ? 1 : 0);
