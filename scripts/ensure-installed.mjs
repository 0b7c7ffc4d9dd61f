// Installs the locked dependencies when a fresh clone has none, so `npm start` and
// `npm test` work alone. Imported before anything that needs node_modules.
import { existsSync, lstatSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  // A linked node_modules belongs to another checkout: npm ci would empty it there too
  // (a fresh clone's package-lock.json is always newer than the linked marker).
  if (existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink()) {
    console.warn('node_modules é um link para outra cópia: npm ci não será executado aqui (rode-o na cópia de origem se faltar algo).');
    return;
  }
  console.log('Instalando dependências (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci falhou: rode `npm ci` e tente de novo.');
    process.exit(result.status ?? 1);
  }
}
