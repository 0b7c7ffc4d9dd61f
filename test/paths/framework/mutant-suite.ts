/**
 * The rules are an oracle, not a mirror: each SPEC-breaking mutant of the standing catalogue
 * (test/paths/mutants.ts) breaks at least one rule on some path of the machine it edits,
 * while the machine itself breaks none. Called by each machine's unit path suite, on the paths
 * that suite generated (generating them again in a file of their own cost the wizard 40 s of
 * CPU and the tracking screen 14 s, in every run):
 *  - a mutant is judged on the paths that test the real chart, the expected states left aside
 *    (they come from the chart, so only the rules can tell the mutant from it);
 *  - the cheap check first: each path played on the pure mutant (`machine.transition`, no
 *    actor), judged step by step; the first broken rule kills the mutant and stops its run;
 *  - only a mutant that survives that is played on real actors with fake network actors
 *    (the unit tier's runner), in case the difference needs an invocation to show.
 * The verdicts go to the coverage directory, one file per machine, where
 * `scripts/paths-report.mjs` prints the mutation score and fails on any survivor or any mutant
 * of the catalogue no machine judged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { mutants } from '../mutants';
import { COVERAGE_DIR, CoverageRecorder } from './coverage';
import { refusalGroups, type MachinePath, type PathModel } from './model';
import { mutate } from './mutants';
import { judgePure, judgeRefusals, type RefusalGroup } from './pure-runner';
import { runUnitPath, type UnitRunOptions } from './unit-runner';

type AnyModel = PathModel<AnyStateMachine>;
type AnyPath = MachinePath<AnyStateMachine>;

/** The name `npm run test:paths -- --mutants` selects these tests by (scripts/test-paths.mjs spells it too). */
const MUTANTS_SUITE = 'SPEC-breaking mutants of the catalogue';

/** The first rule the mutant breaks on the pure machine, path after path, then refusal after refusal; null if none. */
function killedOnPureMachine(model: AnyModel, played: readonly AnyPath[], refusals: RefusalGroup<AnyStateMachine>[]): string | null {
  for (const path of played) {
    const broken = judgePure(model, path);
    if (broken) return broken;
  }
  return judgeRefusals(model, refusals);
}

/** The same on real actors (fake network actors), the expected states left aside; null if no rule broke. */
async function killedOnActors(model: AnyModel, paths: readonly AnyPath[], options: UnitRunOptions): Promise<string | null> {
  const recorder = new CoverageRecorder(model.machine);
  for (const path of paths) {
    try {
      await runUnitPath(model, { ...path, expected: undefined as unknown as unknown[] }, recorder, options);
    } catch (error) {
      const rule = /invariant "[^"]+" broken[^(]*/.exec(String(error))?.[0];
      if (rule) return `${rule.trim()} on "${path.name}" (real actors)`;
    }
  }
  return null;
}

/**
 * The mutants of the catalogue that edit this model's machine, each judged on `played` (the
 * suite's own paths) and on one path per event the chart refuses in an abstract state.
 */
export function describeMutants<M extends AnyStateMachine>(
  pathModel: PathModel<M>,
  pathsOfModel: readonly MachinePath<M>[],
  options: UnitRunOptions = {},
): void {
  const model = pathModel as unknown as AnyModel;
  const played = pathsOfModel as unknown as readonly AnyPath[];
  const machineId = model.machine.id;
  const mine = mutants.filter((mutant) => mutant.machineId === machineId);
  if (!mine.length) return;
  const verdicts: Array<{ name: string; machineId: string; edit: string; killedBy: string | null; ms: number }> = [];
  let refusals: RefusalGroup<AnyStateMachine>[] | undefined;
  const refusalsOf = () => (refusals ??= refusalGroups(model));

  describe(MUTANTS_SUITE, () => {
    afterAll(() => {
      mkdirSync(join(COVERAGE_DIR, 'mutants'), { recursive: true });
      // The whole catalogue's names too: the report fails on a mutant no machine judged.
      const file = join(COVERAGE_DIR, 'mutants', `unit-${machineId}.json`);
      writeFileSync(file, `${JSON.stringify({ catalogue: mutants.map((m) => m.name), verdicts }, null, 2)}\n`);
    });

    // The control: on the machine itself, the pure trace keeps every rule on every path (else a
    // "kill" below could be the judge's own fault, not the mutant's).
    it(`${machineId}: the machine itself keeps every rule on every path, judged on the pure machine`, () => {
      const broken = played.map((path) => judgePure(model, path)).filter((b): b is string => b !== null);
      expect(broken).toEqual([]);
      expect(judgeRefusals(model, refusalsOf())).toBeNull();
    }, 120_000);

    for (const mutant of mine) {
      it(`${mutant.name}: ${mutant.edit}`, async () => {
        const began = Date.now();
        const mutated = { ...model, machine: mutate(mutant, model.machine) };
        const killedBy = killedOnPureMachine(mutated, played, refusalsOf()) ?? (await killedOnActors(mutated, played, options));
        verdicts.push({ name: mutant.name, machineId, edit: mutant.edit, killedBy, ms: Date.now() - began });
        expect(killedBy, 'no rule broke: the mutant survived').not.toBeNull();
        // A kill on the pure machine takes milliseconds; a survivor is played on real actors too
        // (every path of its machine: up to a minute for the wizard under load), then fails.
      }, 120_000);
    }
  });
}
