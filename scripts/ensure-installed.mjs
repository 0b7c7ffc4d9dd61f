// Installs the locked dependencies when a fresh clone has none, so `npm start` and
// `npm test` work alone. Imported before anything that needs node_modules.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  console.log('Instalando dependências (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci falhou: rode `npm ci` e tente de novo.');
    process.exit(result.status ?? 1);
  }
}
