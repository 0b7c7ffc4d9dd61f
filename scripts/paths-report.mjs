// Prints the machine path coverage both tiers recorded (test-results/paths-coverage/,
// written by test/paths/*.paths.test.ts and test/e2e/paths-*.spec.ts) and exits 1 when
// any machine, in any tier, reached fewer than all its states or took fewer than all its
// transitions, in the unit tier took fewer than all the edges of its abstract graph, or any
// mutant of the catalogue survived — or recorded nothing at all. Deliberate exclusions are listed with reasons.
// The machines expected are those of docs/machines/*.stately.ts (kept in sync with machines/),
// each named by the id its createMachine({ id }) opens with.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const COVERAGE_DIR = resolve(process.env.PATHS_COVERAGE_DIR ?? 'test-results/paths-coverage');
// `--mutants-only` (npm run test:paths -- --mutants): the mutation score alone, no coverage table.
const MUTANTS_ONLY = process.argv.includes('--mutants-only');
const DOCS_DIR = resolve('docs/machines');
const TIERS = ['unit', 'browser'];

const flows = existsSync(DOCS_DIR)
  ? readdirSync(DOCS_DIR)
      .filter((f) => f.endsWith('.stately.ts'))
      .sort()
      .map((f) => {
        const flow = f.replace(/\.stately\.ts$/, '');
        return { flow, id: /createMachine\(\{\s*id: '([^']+)'/.exec(readFileSync(join(DOCS_DIR, f), 'utf8'))?.[1] ?? flow };
      })
  : [];

function load(tier, machineId) {
  const dir = join(COVERAGE_DIR, tier, machineId);
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  if (!files.length) return undefined;
  const merged = {
    universe: files[0].universe,
    reached: new Set(files.flatMap((f) => f.reachedStates)),
    taken: new Set(files.flatMap((f) => f.takenTransitions)),
    // The abstract graph's edges (test/paths/framework/edges.ts): the universe the machine's own model wrote.
    edges: files.reduce((most, f) => ((f.edges ?? []).length > most.length ? f.edges : most), []),
    takenEdges: new Set(files.flatMap((f) => f.takenEdges ?? [])),
    excluded: new Map(files.flatMap((f) => f.excluded).map((e) => [e.item, e.reason])),
    paths: files.reduce((n, f) => n + f.paths, 0),
    checkedSteps: files.reduce((n, f) => n + (f.checkedSteps ?? 0), 0),
    rules: Math.max(0, ...files.map((f) => f.rules ?? 0)),
  };
  return merged;
}

const pct = (n, d) => (d === 0 ? '100%' : `${Math.floor((n / d) * 1000) / 10}%`);
const rows = [];
const problems = [];
const exclusions = [];
for (const { flow, id } of MUTANTS_ONLY ? [] : flows) {
  for (const tier of TIERS) {
    const c = load(tier, id);
    if (!c) {
      rows.push([flow, tier, '—', '—', '—', '0', '—']);
      problems.push(`${flow} (${tier}): no coverage recorded — did its ${tier === 'unit' ? 'test/paths/' : 'test/e2e/paths-'} tests run?`);
      continue;
    }
    const states = c.universe.states.filter((s) => !c.excluded.has(s));
    const transitions = c.universe.transitions.map((t) => t.key).filter((k) => !c.excluded.has(k));
    const reached = states.filter((s) => c.reached.has(s));
    const taken = transitions.filter((k) => c.taken.has(k));
    const note = c.excluded.size ? ` (${c.excluded.size} excluded)` : '';
    rows.push([
      flow,
      tier,
      `${reached.length}/${states.length} ${pct(reached.length, states.length)}`,
      `${taken.length}/${transitions.length} ${pct(taken.length, transitions.length)}${note}`,
      c.edges.length
        ? `${c.edges.filter((e) => c.takenEdges.has(e)).length}/${c.edges.length} ${pct(c.edges.filter((e) => c.takenEdges.has(e)).length, c.edges.length)}`
        : '—',
      String(c.paths),
      c.rules ? `${c.rules} rules × ${c.checkedSteps} steps` : 'no rules',
    ]);
    const missingStates = states.filter((s) => !c.reached.has(s));
    const missingTransitions = transitions.filter((k) => !c.taken.has(k));
    if (missingStates.length) problems.push(`${flow} (${tier}): states never reached: ${missingStates.join(', ')}`);
    if (missingTransitions.length) problems.push(`${flow} (${tier}): transitions never taken: ${missingTransitions.join(', ')}`);
    // Every edge in the unit tier; the browser tier plays the fewest pages that take every
    // transition and reach every state, so its edges are shown, not required.
    const missingEdges = c.edges.filter((e) => !c.takenEdges.has(e));
    if (tier === 'unit' && !c.edges.length) problems.push(`${flow} (unit): no abstract edges recorded`);
    if (tier === 'unit' && missingEdges.length)
      problems.push(`${flow} (unit): ${missingEdges.length} edge(s) never taken, e.g. ${missingEdges.slice(0, 3).join('; ')}`);
    if (c.rules && !c.checkedSteps) problems.push(`${flow} (${tier}): its ${c.rules} SPEC rules were never checked`);
    for (const [item, reason] of c.excluded) exclusions.push(`${flow} (${tier}): ${item} — ${reason}`);
  }
}

const header = ['machine', 'tier', 'states reached', 'transitions taken', 'abstract edges taken', 'paths', 'SPEC rules checked'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
if (!MUTANTS_ONLY)
  console.log(
    '\nMachine path coverage (states reached / states, transitions taken / transitions, edges of the abstract graph taken / edges)',
  );
if (!MUTANTS_ONLY) {
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
if (exclusions.length) {
  console.log('\nExcluded on purpose:');
  for (const e of exclusions) console.log(`  ${e}`);
}
// The mutation score: the standing catalogue of SPEC-breaking mutants (test/paths/mutants.ts),
// each of which some rule must kill. Each machine's unit path suite judges that machine's
// mutants (test/paths/framework/mutant-suite.ts) and writes mutants/unit-<machine>.json, with
// the whole catalogue's names: a mutant no file judged counts as not judged.
const mutantsDir = join(COVERAGE_DIR, 'mutants');
const mutantFiles = existsSync(mutantsDir) ? readdirSync(mutantsDir).filter((name) => /^unit-.+\.json$/.test(name)) : [];
if (mutantFiles.length) {
  const runs = mutantFiles.map((name) => JSON.parse(readFileSync(join(mutantsDir, name), 'utf8')));
  const catalogue = [...new Set(runs.flatMap((run) => run.catalogue))];
  const verdicts = runs.flatMap((run) => run.verdicts).sort((a, b) => catalogue.indexOf(a.name) - catalogue.indexOf(b.name));
  const total = catalogue.length;
  const killed = verdicts.filter((v) => v.killedBy);
  console.log(`\nMutation score: ${killed.length}/${total} SPEC-breaking mutants killed (${pct(killed.length, total)})`);
  for (const machineId of [...new Set(verdicts.map((v) => v.machineId))].sort()) {
    const mine = verdicts.filter((v) => v.machineId === machineId);
    const dead = mine.filter((v) => v.killedBy).length;
    console.log(`  ${machineId}: ${dead}/${mine.length} (${pct(dead, mine.length)})`);
  }
  for (const v of verdicts)
    console.log(
      `  ${v.killedBy ? 'killed  ' : 'SURVIVED'} ${v.name} (${v.machineId})${v.killedBy ? ` — ${v.killedBy.replace(/ on ".*$/, '')}` : ''}`,
    );
  const survivors = verdicts.filter((v) => !v.killedBy).map((v) => v.name);
  if (survivors.length) problems.push(`mutants survived: ${survivors.join(', ')}`);
  const unjudged = catalogue.filter((name) => !verdicts.some((v) => v.name === name));
  if (unjudged.length) problems.push(`only ${total - unjudged.length} of ${total} mutants were judged (not: ${unjudged.join(', ')})`);
} else problems.push('no mutation run recorded (the unit path suites, or npm run test:paths -- --mutants)');
if (!flows.length && !MUTANTS_ONLY) problems.push('no machines found in docs/machines/ (run npm run machines:export)');
if (problems.length) {
  console.log('\nBelow 100%:');
  for (const p of problems) console.log(`  ${p}`);
  process.exit(1);
}
console.log(
  MUTANTS_ONLY
    ? '\nEvery mutant killed.'
    : '\nEvery machine: 100% of states and transitions in both tiers, 100% of abstract edges in the unit tier; every mutant killed.',
);
