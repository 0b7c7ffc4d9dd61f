import { defineConfig } from '@playwright/test';
import { testChromiumPath, chromiumArgs } from './scripts/chromium.mjs';

// Browser tests run the built portal against the real reference server, on a fresh
// embedded database made for this run (scripts/e2e-server.mjs).
const port = Number(process.env.E2E_PORT ?? 8199);
/**
 * Tests whose time is mostly waiting, not work: keystrokes typed at a person's pace, a file
 * going out on a slow link. Tagged so, they run on a worker of their own beside the others.
 */
const WAITING = /@waiting/;
const chromiumWorkers = Number(process.env.E2E_CHROMIUM_WORKERS ?? 2);

function definedEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers for the general tests, and one for the tests that spend their minutes waiting
  // (between keystrokes at a person's speed, on a slow link). On the headless shell one general
  // worker left a third of 2 cores idle (home's specs: 81 s of CPU in 65 s); two fill them
  // (the whole step, quiet machine: 1,027 s on one, 859 s on two, 835 s with fullyParallel
  // below). E2E_CHROMIUM_WORKERS sets it.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : chromiumWorkers + 1,
  retries: 0,
  // E2E_JSON: another report file (the PostgreSQL smoke run, scripts/e2e-postgres.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }],
    // A failure prints what its page showed: a CI run leaves only its output behind.
    ['./test/e2e/support/failure-context-reporter.ts'],
  ],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    // A trace records every action of every test to keep only the failures' (it cost a third of a
    // short test's time); E2E_TRACE=retain-on-failure turns it on when a failure needs one.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath: testChromiumPath() ?? undefined, args: chromiumArgs },
  },
  projects: [
    // Every test stands alone (its own context and request), so a long file's tests are shared
    // out too: run file by file, wizard.spec.ts's 2 minutes ended the step on one worker.
    { name: 'chromium', use: { browserName: 'chromium' }, grepInvert: WAITING, workers: chromiumWorkers, fullyParallel: true },
    // A waiting test holds a general worker for its whole wait (the 6 MB upload on a slow link:
    // 46 s of a busy CI run) while the CPU has room; here it waits beside them.
    { name: 'waiting', use: { browserName: 'chromium' }, grep: WAITING, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/`,
    // Pass the whole environment on (STATIC_DIR, E2E_DATA_DIR…), whatever Playwright's default is.
    env: { ...definedEnv(), PORT: String(port), E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
