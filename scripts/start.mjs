// `npm start`: installs what is missing, builds the portal when needed, and starts the
// reference server (SPA + API + embedded database with demo data) on PORT (default 8080),
// compiled to JavaScript first (scripts/build-server.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled } from './ensure-installed.mjs';

ensureInstalled();

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
const sources = ['src', 'index.html', 'public', 'vite.config.ts', 'tailwind.config.ts'].filter(existsSync);
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Gerando a versão de produção do portal…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Plain JavaScript, compiled when the server's sources changed (a fraction of a second):
// the tsx loader would cost ~50 MB of memory and compile TypeScript at every start.
const { serverArgs } = await import('./build-server.mjs');
const child = spawn(process.execPath, await serverArgs(), {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
