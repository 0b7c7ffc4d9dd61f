// `npm run test:paths`: the machine paths in both tiers, then the coverage table.
//  1. unit tier: Vitest runs test/paths/ (paths on the machines with fake actors);
//  2. browser tier: the portal is built and Playwright runs test/e2e/paths-*.spec.ts, the
//     same paths as gestures in Chromium against the reference server;
//  3. scripts/paths-report.mjs prints states / transitions covered per machine and tier
//     and fails below 100%.
// Every step of every path is also judged by SPEC's rules (test/paths/rules/).
// STATIC_DIR / E2E_PORT / E2E_DATA_DIR are honoured (see playwright.config.ts);
// PATHS_SKIP_BUILD=1 reuses an existing build in STATIC_DIR (default dist/).
//
// `npm run test:paths -- --mutants`: instead, only the mutation tests: every SPEC-breaking mutant
// of test/paths/mutants.ts (the edit made in memory, nothing written to machines/) must break a
// rule. Each machine's unit path suite judges its mutants on the paths it generated
// (test/paths/framework/mutant-suite.ts); this runs those suites with only their mutation tests
// selected. Exits 1 if any mutant survives. The unit tier above runs them too, so the report's
// mutation score comes with every run.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

if (process.argv.includes('--mutants')) {
  // The verdicts of this run only (one file per machine; the report reads them all).
  rmSync(resolve(process.env.PATHS_COVERAGE_DIR ?? 'test-results/paths-coverage', 'mutants'), { recursive: true, force: true });
  // Every unit path suite (*.paths.test.ts), its path tests left out by name: each generates its
  // machine's paths once, then judges the machine and its mutants on them.
  const result = spawnSync('npx', ['vitest', 'run', 'paths.test', '-t', 'SPEC-breaking mutants of the catalogue'], {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const report = spawnSync(process.execPath, ['scripts/paths-report.mjs', '--mutants-only'], { stdio: 'inherit' });
  process.exit(result.status === 0 && report.status === 0 ? 0 : 1);
}

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
  // `--mode test`: the build that honours the path tests' observer (src/app/inspect.ts).
  results.push(run('build', 'npx', ['vite', 'build', '--mode', 'test', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn']));
}
results.push(run('browser tier', 'npx', ['playwright', 'test', 'test/e2e/paths-', '--reporter=list']));
const report = run('coverage', process.execPath, ['scripts/paths-report.mjs']);
process.exit(results.every(Boolean) && report ? 0 : 1);
