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
// `npm run test:paths -- --mutants`: instead, the unit tier once per SPEC-breaking mutant of
// test/paths/mutants.ts (PATHS_MUTANT=<name>, the edit made in memory, nothing written to
// machines/); a mutant is killed when a rule breaks. Exits 1 if any mutant survives.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

if (process.argv.includes('--mutants')) process.exit(runMutants());

function runMutants() {
  const list = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { mutants } = await import('./test/paths/mutants.ts'); console.log(JSON.stringify(mutants.map(({ name, flow, edit }) => ({ name, flow, edit }))));",
    ],
    { encoding: 'utf8' },
  );
  if (list.status !== 0) {
    console.error(list.stderr);
    return 1;
  }
  const mutants = JSON.parse(list.stdout.trim().split('\n').pop());
  const scratch = mkdtempSync(join(tmpdir(), 'paths-mutants-'));
  const verdicts = [];
  for (const mutant of mutants) {
    console.log(`\n── mutant ${mutant.name}: ${mutant.edit}`);
    const report = join(scratch, `${mutant.name}.json`);
    spawnSync('npx', ['vitest', 'run', `${mutant.flow}.paths`, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
      stdio: 'ignore',
      env: { ...process.env, PATHS_MUTANT: mutant.name, PATHS_COVERAGE_DIR: join(scratch, mutant.name), FORCE_COLOR: '0' },
    });
    let rules = [];
    let failed = 0;
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      failed = json.numFailedTests;
      const messages = json.testResults.flatMap((file) => file.assertionResults.flatMap((test) => test.failureMessages));
      rules = [...new Set(messages.flatMap((message) => message.match(/invariant "[^"]+"/g) ?? []))];
    } catch {
      // No report: the run itself broke, which kills nothing.
    }
    const killed = rules.length > 0;
    verdicts.push({ ...mutant, killed, rules });
    console.log(
      killed
        ? `   killed: ${failed} path test(s) failed, by ${rules.length} rule(s):\n${rules.map((r) => `     ${r}`).join('\n')}`
        : `   SURVIVED: no rule broke (${failed} failed test(s) without a broken rule)`,
    );
  }
  rmSync(scratch, { recursive: true, force: true });
  // The same verdict file as test/paths/mutants.test.ts, for scripts/paths-report.mjs's mutation score.
  const dir = join(resolve(process.env.PATHS_COVERAGE_DIR ?? 'test-results/paths-coverage'), 'mutants');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'unit.json'),
    `${JSON.stringify({ total: verdicts.length, verdicts: verdicts.map((v) => ({ name: v.name, machineId: v.flow, edit: v.edit, killedBy: v.killed ? v.rules[0] : null })) }, null, 2)}\n`,
  );
  const survivors = verdicts.filter((v) => !v.killed);
  console.log(
    `\nMutants: ${verdicts.length - survivors.length} killed, ${survivors.length} survived${survivors.length ? ` (${survivors.map((v) => v.name).join(', ')})` : ''}`,
  );
  return survivors.length ? 1 : 0;
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
