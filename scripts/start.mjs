// `npm start`: installs what is missing, builds the portal when needed, and starts the
// reference server (SPA + API + embedded database with demo data) on PORT (default 8080),
// compiled to JavaScript first (scripts/build-server.mjs).
import { spawn } from 'node:child_process';
import { ensureInstalled } from './ensure-installed.mjs';

ensureInstalled();
const { buildPortalIfStale } = await import('./build-portal.mjs');
buildPortalIfStale();

// Plain JavaScript, compiled when the server's sources changed (a fraction of a second):
// the tsx loader would cost ~50 MB of memory and compile TypeScript at every start.
const { serverArgs } = await import('./build-server.mjs');
const child = spawn(process.execPath, await serverArgs(), {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
