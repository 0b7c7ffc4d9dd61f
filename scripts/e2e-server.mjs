// Starts the reference server for the browser tests on a fresh embedded database.
import { rmSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The server as `npm start` runs it: compiled to JavaScript (scripts/build-server.mjs).
const { serverArgs } = await import('./build-server.mjs');
const child = spawn(process.execPath, await serverArgs(), {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
