/**
 * The rules are an oracle, not a mirror: each SPEC-breaking mutant of the standing catalogue
 * (test/paths/mutants.ts), explored and played like the machine it edits — paths generated
 * from the mutant, abstract edges included — breaks at least one rule on some path, while the
 * machine itself breaks none (its own path tests). A mutant's paths run until the first rule
 * breaks (the verdict is then known). The verdicts go to the coverage directory, where
 * `scripts/paths-report.mjs` prints the mutation score and fails on any survivor. The same
 * check as `npm run test:paths -- --mutants` (one process per mutant), here in one process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { trackingModel } from '../machines/tracking.model';
import { COVERAGE_DIR, CoverageRecorder } from './framework/coverage';
import { generatePaths, type MachinePath, type PathModel } from './framework/model';
import { mutate } from './framework/mutants';
import { runUnitPath } from './framework/unit-runner';
import { mutants } from './mutants';
import { homeModel } from './models/home.model';
import { requestActivityModel } from './models/request-activity.model';
import { generateWizardPaths, wizardModel } from './models/wizard.model';

type AnyModel = PathModel<AnyStateMachine>;
const models = {
  requestActivity: requestActivityModel,
  tracking: trackingModel,
  wizard: wizardModel,
  home: homeModel,
} as unknown as Record<string, AnyModel>;
/** The wizard's hour-long debounce, as its path test gives it. */
const provide = { delays: { lookupDebounce: 3_600_000 } };

/** The first rule a path of the mutant breaks, or null when every path keeps every rule. */
async function firstBrokenRule(model: AnyModel, paths: MachinePath<AnyStateMachine>[]): Promise<string | null> {
  const recorder = new CoverageRecorder(model.machine);
  for (const path of paths) {
    try {
      await runUnitPath(model, path, recorder, { provide });
    } catch (error) {
      const rule = /invariant "[^"]+"/.exec(String(error))?.[0];
      if (rule) return `${rule} on "${path.name}"`;
    }
  }
  return null;
}

const verdicts: Array<{ name: string; machineId: string; edit: string; killedBy: string | null }> = [];

describe('every SPEC-breaking mutant of the catalogue breaks a rule of the path tests', () => {
  afterAll(() => {
    const file = join(COVERAGE_DIR, 'mutants', 'unit.json');
    mkdirSync(join(COVERAGE_DIR, 'mutants'), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ total: mutants.length, verdicts }, null, 2)}\n`);
  });

  for (const mutant of mutants) {
    it(`${mutant.name}: ${mutant.edit}`, async () => {
      const original = models[mutant.machineId]!;
      const model = { ...original, machine: mutate(mutant, original.machine) };
      const paths =
        mutant.machineId === 'wizard'
          ? (generateWizardPaths({ model: model as never }) as unknown as MachinePath<AnyStateMachine>[])
          : generatePaths(model);
      const killedBy = await firstBrokenRule(model, paths);
      verdicts.push({ name: mutant.name, machineId: mutant.machineId, edit: mutant.edit, killedBy });
      expect(killedBy, 'no rule broke: the mutant survived').not.toBeNull();
      // Exploring a mutant of the wizard or the tracking screen (their abstract graphs) and
      // playing its paths: about 10 s alone on 2 cores, several times that under load 8.
    }, 180_000);
  }
});
