/**
 * The wizard machine through xstate/graph paths, run on real actors whose network actors
 * are fakes answered by the path (test/paths/framework). The paths are explored per region
 * (test/paths/models/wizard.model.ts, shared with the browser tier); every definition
 * transition gets the shortest path that takes it, and the model's journeys (the full filing,
 * every submit failure with its retry, one visit per step) run too. The last test asserts, from the actors'
 * own microsteps, that the paths together reached every state and took every transition. The
 * catalogue's wizard mutants are judged on the same paths (test/paths/framework/mutant-suite.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CoverageRecorder } from '../paths/framework/coverage';
import { runUnitPath } from '../paths/framework/unit-runner';
import { describeMutants } from '../paths/framework/mutant-suite';
import { exploreAndShare } from '../paths/framework/paths-cache';
import { generateWizardPaths, wizardModel as model } from '../paths/models/wizard.model';

/** An hour: the tests send the debounce event themselves (LOOKUP_DEBOUNCE_ELAPSED). */
const provide = { delays: { lookupDebounce: 3_600_000 } };

describe('wizard machine paths (unit tier)', () => {
  const paths = generateWizardPaths();
  const recorder = new CoverageRecorder(model.machine, model.excluded, model.invariants?.length, exploreAndShare(model));

  afterAll(() => recorder.write('unit'));

  it('generates at least one path per region', () => {
    for (const step of ['dadosPessoais', 'planoOrigem', 'planoDestino', 'dependentes', 'documentos', 'submitting', 'protocolModal']) {
      expect(
        paths.some((path) => path.expected.some((value) => JSON.stringify(value).includes(step))),
        step,
      ).toBe(true);
    }
  });

  for (const path of paths) {
    it(`path: ${path.name} (${[path.start.name, ...path.events.map((e) => e.type)].join(' → ')})`, async () => {
      await runUnitPath(model, path, recorder, { provide });
    });
  }

  it('reaches every state, takes every transition of the machine and every edge of its abstract graph', () => {
    expect(recorder.missingStates(), 'states never reached').toEqual([]);
    expect(recorder.missingTransitions(), 'transitions never taken').toEqual([]);
    expect(recorder.missingEdges(), 'edges never taken').toEqual([]);
  });

  describeMutants(model, paths, { provide });
});
