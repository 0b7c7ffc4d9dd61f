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

// The server as `npm start` runs it: compiled to JavaScript (scripts/build-server.mjs).
const { serverArgs } = await import('./build-server.mjs');
const child = spawn(process.execPath, await serverArgs(), {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
});
child.stdout.on('data', (chunk) => log.write(chunk));
child.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => log.end(() => process.exit(code ?? 0)));
