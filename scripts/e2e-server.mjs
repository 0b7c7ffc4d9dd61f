// Starts the reference server for the browser tests on a fresh embedded database. Its log
// (standard output and error, at info level so every request line is there) goes to
// test-results/server-logs/<data dir name>.log (or E2E_LOG), which `npm test` then scans for
// protocols and CPFs (scripts/leak-scan.mjs); standard error also reaches the console.
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';

const dataDir = resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const logFile = resolve(process.env.E2E_LOG ?? join('test-results', 'server-logs', `${basename(dataDir)}.log`));
mkdirSync(dirname(logFile), { recursive: true });
const log = createWriteStream(logFile, { flags: 'w' });

// Every browser test is another family, yet all of them come from 127.0.0.1: the per-address
// quotas on saves, uploads and e-mail (a few families' worth) would refuse a suite that runs
// quickly. Those limits are tested on the server (test/server/rate-limits.test.ts); here they
// are raised, and the login and forgot-protocol limits stay as deployed.
const SUITE_RATE_LIMITS = 'save=2000/15m,save-day=5000/1d,upload=2000/15m,upload-day=5000/1d,email=2000/1h,lookup=20000/1m,cep=2000/1m';

// The server as `npm start` runs it: compiled to JavaScript (scripts/build-server.mjs).
const { serverArgs } = await import('./build-server.mjs');
const child = spawn(process.execPath, await serverArgs(), {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    RATE_LIMITS: process.env.RATE_LIMITS ?? SUITE_RATE_LIMITS,
  },
});
child.stdout.on('data', (chunk) => log.write(chunk));
child.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => log.end(() => process.exit(code ?? 0)));
