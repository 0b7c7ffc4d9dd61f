/**
 * The rules are an oracle, not a mirror: each SPEC-breaking mutant (test/paths/mutants.ts),
 * explored and played like the machine it edits, breaks at least one rule on some path,
 * while the machine itself breaks none (its own path tests). The same check as
 * `npm run test:paths -- --mutants`, in one process, cheap enough for `npm test`.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { trackingModel } from '../machines/tracking.model';
import { CoverageRecorder } from './framework/coverage';
import { generatePaths, type MachinePath, type PathModel } from './framework/model';
import { mutate } from './framework/mutants';
import { runUnitPath } from './framework/unit-runner';
import { mutants } from './mutants';
import { requestActivityModel } from './models/request-activity.model';
import { generateWizardPaths, wizardModel } from './models/wizard.model';

type AnyModel = PathModel<AnyStateMachine>;
const models = { requestActivity: requestActivityModel, tracking: trackingModel, wizard: wizardModel } as unknown as Record<
  string,
  AnyModel
>;
/** The wizard's hour-long debounce, as its path test gives it. */
const provide = { delays: { lookupDebounce: 3_600_000 } };

async function brokenRules(model: AnyModel, paths: MachinePath<AnyStateMachine>[]): Promise<string[]> {
  const recorder = new CoverageRecorder(model.machine);
  const broken: string[] = [];
  for (const path of paths) {
    try {
      await runUnitPath(model, path, recorder, { provide });
    } catch (error) {
      broken.push(...(String(error).match(/invariant "[^"]+"/g) ?? []));
    }
  }
  return [...new Set(broken)];
}

describe('every SPEC-breaking mutant breaks a rule of the path tests', () => {
  for (const mutant of mutants) {
    it(`${mutant.name}: ${mutant.edit}`, async () => {
      const original = models[mutant.machineId]!;
      const model = { ...original, machine: mutate(mutant, original.machine) };
      const paths =
        mutant.machineId === 'wizard'
          ? (generateWizardPaths({ model: model as never }) as unknown as MachinePath<AnyStateMachine>[])
          : generatePaths(model);
      expect(await brokenRules(model, paths)).not.toEqual([]);
    }, 120_000); // every path of the mutant played: seconds alone, far more on a busy machine
  }
});
