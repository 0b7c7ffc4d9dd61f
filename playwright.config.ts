import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';

// Browser tests run the built portal against the real reference server, on a fresh
// embedded database made for this run (scripts/e2e-server.mjs).
const port = Number(process.env.E2E_PORT ?? 8199);

function definedEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker per two cores (Playwright's default is half the cores). On 2 cores, two workers
  // (two Chromiums and the server fighting for them) took 19 min where one takes 9.4 min.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : undefined,
  retries: 0,
  // E2E_JSON: another report file (the PostgreSQL smoke run, scripts/e2e-postgres.mjs).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
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
