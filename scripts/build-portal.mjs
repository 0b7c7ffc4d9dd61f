// Builds the portal (vite build) when any input of that build changed since the last one:
// sources, machines, build scripts and plugins, configs, the lockfile, VITE_* variables.
//
//   node scripts/build-portal.mjs            → build when stale
//   node scripts/build-portal.mjs --force    → always
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isCurrent, listInputs, writeStamp } from './build-stamp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'dist', '.build-inputs.json');
const INPUTS = [
  'contract',
  'src',
  'machines',
  'public',
  'scripts',
  'index.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'tailwind.config.ts',
];

function buildInputs() {
  const viteEnv = Object.fromEntries(
    Object.entries(process.env)
      .filter(([key]) => key.startsWith('VITE_'))
      .sort(),
  );
  return { inputs: listInputs(ROOT, INPUTS), extra: viteEnv };
}

export function portalBuildIsCurrent() {
  return existsSync(join(ROOT, 'dist', 'index.html')) && isCurrent(ROOT, STAMP, buildInputs());
}

/** Runs `vite build` when the last build's inputs changed (or `force`); exits on failure. */
export function buildPortalIfStale({ force = false } = {}) {
  if (!force && portalBuildIsCurrent()) return false;
  const inputs = buildInputs();
  console.log('Gerando a versão de produção do portal…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(ROOT, STAMP, inputs);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildPortalIfStale({ force: process.argv.includes('--force') });
}
