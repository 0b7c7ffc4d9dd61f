/**
 * The unit tier of one machine as a Vitest suite: one test per generated path, then one
 * test that the paths together reached every state and took every transition (counted
 * from the running actor), which also writes the coverage file `npm run test:paths` prints;
 * then the catalogue's mutants of the machine, judged on the same paths (mutant-suite.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { CoverageRecorder } from './coverage';
import { generatePaths, type PathModel } from './model';
import { describeMutants } from './mutant-suite';
import { exploreAndShare } from './paths-cache';
import { runUnitPath, type UnitRunOptions } from './unit-runner';

export function describeUnitPaths<M extends AnyStateMachine>(model: PathModel<M>, options: UnitRunOptions = {}): void {
  describe(`${model.flow} machine paths (unit tier)`, () => {
    const paths = generatePaths(model);
    const recorder = new CoverageRecorder(model.machine, model.excluded, model.invariants?.length, exploreAndShare(model));

    afterAll(() => {
      recorder.write('unit');
    });

    for (const path of paths) {
      it(`${path.kind === 'journey' ? 'journey' : 'path'}: ${path.name} (${[path.start.name, ...path.events.map((e) => e.type)].join(' → ')})`, async () => {
        await runUnitPath(model, path, recorder, options);
      });
    }

    it('reaches every state, takes every transition of the machine and every edge of its abstract graph', () => {
      expect(recorder.missingStates(), 'states never reached').toEqual([]);
      expect(recorder.missingTransitions(), 'transitions never taken').toEqual([]);
      expect(recorder.missingEdges(), 'edges never taken').toEqual([]);
    });

    describeMutants(model, paths, options);
  });
}
