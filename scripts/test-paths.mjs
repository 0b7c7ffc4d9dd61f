// `npm run test:paths`: the machine paths in both tiers, then the coverage table.
//  1. unit tier: Vitest runs test/paths/ (paths on the machines with fake actors);
//  2. browser tier: the portal is built and Playwright runs test/e2e/paths-*.spec.ts, the
//     same paths as gestures in Chromium against the reference server;
//  3. scripts/paths-report.mjs prints states / transitions covered per machine and tier
//     and fails below 100%.
// STATIC_DIR / E2E_PORT / E2E_DATA_DIR are honoured (see playwright.config.ts);
// PATHS_SKIP_BUILD=1 reuses an existing build in STATIC_DIR (default dist/).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const coverageDir = resolve(process.env.PATHS_COVERAGE_DIR ?? 'test-results/paths-coverage');
rmSync(coverageDir, { recursive: true, force: true });
const staticDir = process.env.STATIC_DIR ?? 'dist';
const env = { ...process.env, STATIC_DIR: resolve(staticDir), FORCE_COLOR: '0' };

function run(name, command, args) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

const results = [];
// Every path test file: test/paths/ and the owners' test/machines/*.paths.test.ts.
results.push(run('unit tier', 'npx', ['vitest', 'run', 'paths']));
if (process.env.PATHS_SKIP_BUILD !== '1') {
  results.push(run('build', 'npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn']));
}
results.push(run('browser tier', 'npx', ['playwright', 'test', 'test/e2e/paths-', '--reporter=list']));
const report = run('coverage', process.execPath, ['scripts/paths-report.mjs']);
process.exit(results.every(Boolean) && report ? 0 : 1);
