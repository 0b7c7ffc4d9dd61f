/**
 * The rules are an oracle, not a mirror: each SPEC-breaking mutant of the standing catalogue
 * (test/paths/mutants.ts) breaks at least one rule on some path of the machine it edits,
 * while the machine itself breaks none. Unit tier only, pure machines, one file:
 *  - the paths of each machine (definition transitions, journeys, every abstract edge) are
 *    generated once, from the machine itself, and shared by its mutants: a mutant is judged
 *    on the paths that test the real chart, the expected states left aside (they come from
 *    the chart, so only the rules can tell the mutant from it);
 *  - the cheap check first: each path played on the pure mutant (`machine.transition`, no
 *    actor), judged step by step; the first broken rule kills the mutant and stops its run;
 *  - only a mutant that survives that is played on real actors with fake network actors
 *    (the unit tier's runner), in case the difference needs an invocation to show.
 * The verdicts go to the coverage directory, where `scripts/paths-report.mjs` prints the
 * mutation score per machine and fails on any survivor. `npm run test:paths -- --mutants`
 * runs this file alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { trackingModel } from '../machines/tracking.model';
import { COVERAGE_DIR, CoverageRecorder } from './framework/coverage';
import { generatePaths, refusalGroups, type MachinePath, type PathModel } from './framework/model';
import { mutate } from './framework/mutants';
import { judgePure, judgeRefusals, type RefusalGroup } from './framework/pure-runner';
import { runUnitPath } from './framework/unit-runner';
import { mutants } from './mutants';
import { eligibilityModel } from './models/eligibility.model';
import { forgotProtocolModel } from './models/forgot-protocol.model';
import { homeModel } from './models/home.model';
import { requestActivityModel } from './models/request-activity.model';
import { generateWizardPaths, wizardModel } from './models/wizard.model';

type AnyModel = PathModel<AnyStateMachine>;
type AnyPath = MachinePath<AnyStateMachine>;

const models = {
  requestActivity: requestActivityModel,
  tracking: trackingModel,
  wizard: wizardModel,
  home: homeModel,
  eligibility: eligibilityModel,
  forgotProtocol: forgotProtocolModel,
} as unknown as Record<string, AnyModel>;

/** The wizard's hour-long debounce, as its path test gives it (the paths send the debounce event). */
const provide = { delays: { lookupDebounce: 3_600_000 } };

/**
 * Each machine's paths, generated once (the wizard explored per region, as its own path test
 * does): the unit tier's paths, then one per event the chart refuses in an abstract state.
 */
type Paths = { played: AnyPath[]; refusals: RefusalGroup<AnyStateMachine>[] };
const pathsCache = new Map<string, Paths>();
function pathsOf(machineId: string): Paths {
  let paths = pathsCache.get(machineId);
  if (!paths) {
    const model = models[machineId]!;
    const played = machineId === 'wizard' ? (generateWizardPaths() as unknown as AnyPath[]) : generatePaths(model);
    paths = { played, refusals: refusalGroups(model) };
    pathsCache.set(machineId, paths);
  }
  return paths;
}

/** The first rule the mutant breaks on the pure machine, path after path, then refusal after refusal; null if none. */
function killedOnPureMachine(model: AnyModel, { played, refusals }: Paths): string | null {
  for (const path of played) {
    const broken = judgePure(model, path);
    if (broken) return broken;
  }
  return judgeRefusals(model, refusals);
}

/** The same on real actors (fake network actors), the expected states left aside; null if no rule broke. */
async function killedOnActors(model: AnyModel, paths: readonly AnyPath[]): Promise<string | null> {
  const recorder = new CoverageRecorder(model.machine);
  for (const path of paths) {
    try {
      await runUnitPath(model, { ...path, expected: undefined as unknown as unknown[] }, recorder, { provide });
    } catch (error) {
      const rule = /invariant "[^"]+" broken[^(]*/.exec(String(error))?.[0];
      if (rule) return `${rule.trim()} on "${path.name}" (real actors)`;
    }
  }
  return null;
}

const verdicts: Array<{ name: string; machineId: string; edit: string; killedBy: string | null; ms: number }> = [];

describe('every SPEC-breaking mutant of the catalogue breaks a rule of the path tests', () => {
  afterAll(() => {
    mkdirSync(join(COVERAGE_DIR, 'mutants'), { recursive: true });
    writeFileSync(join(COVERAGE_DIR, 'mutants', 'unit.json'), `${JSON.stringify({ total: mutants.length, verdicts }, null, 2)}\n`);
  });

  // The control: on the machine itself, the pure trace keeps every rule on every path (else a
  // "kill" below could be the judge's own fault, not the mutant's).
  for (const machineId of [...new Set(mutants.map((m) => m.machineId))]) {
    it(`${machineId}: the machine itself keeps every rule on every path, judged on the pure machine`, () => {
      const model = models[machineId]!;
      const { played, refusals } = pathsOf(machineId);
      const broken = played.map((path) => judgePure(model, path)).filter((b): b is string => b !== null);
      expect(broken).toEqual([]);
      expect(judgeRefusals(model, refusals)).toBeNull();
      // Generating the wizard's paths (its regions and abstract edges) is most of this file's
      // time: about 10 s alone on 2 cores. Beside another test run (load average 8–14) it took
      // 35–149 s over 12 runs, twice past 120 s: the limit is there to catch a hang.
    }, 300_000);
  }

  for (const mutant of mutants) {
    it(`${mutant.name}: ${mutant.edit}`, async () => {
      const began = Date.now();
      const original = models[mutant.machineId]!;
      const model = { ...original, machine: mutate(mutant, original.machine) };
      const paths = pathsOf(mutant.machineId);
      const killedBy = killedOnPureMachine(model, paths) ?? (await killedOnActors(model, paths.played));
      verdicts.push({ name: mutant.name, machineId: mutant.machineId, edit: mutant.edit, killedBy, ms: Date.now() - began });
      expect(killedBy, 'no rule broke: the mutant survived').not.toBeNull();
      // A kill on the pure machine takes milliseconds; a survivor is played on real actors too
      // (every path of its machine: up to a minute for the wizard under load), then fails.
    }, 120_000);
  }
});
