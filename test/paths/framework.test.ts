/**
 * The path framework itself: coverage is what the running actor did, guarded branches
 * count one by one, a state nothing leads to is reported, prefixes are dropped.
 */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { CoverageRecorder } from './framework/coverage';
import { edgeKeysOf, generatePaths, type PathModel } from './framework/model';
import { runUnitPath } from './framework/unit-runner';
import { universeOf } from './framework/universe';
import { allModels } from './models';

const toggle = setup({
  types: { events: {} as { type: 'FLIP' } | { type: 'NOOP' }, context: {} as { flips: number } },
  guards: { isFirst: ({ context }) => context.flips === 0 },
}).createMachine({
  id: 'toggle',
  context: { flips: 0 },
  initial: 'off',
  states: {
    off: { description: 'off', on: { FLIP: [{ guard: 'isFirst', target: 'on' }, { target: 'on' }] } },
    on: { description: 'on', on: { FLIP: 'off' } },
    orphan: { description: 'nothing leads here', on: { NOOP: 'off' } },
  },
});

const model: PathModel<typeof toggle> = {
  flow: 'toggle',
  machine: toggle,
  fixtures: { FLIP: [{ type: 'FLIP' }], NOOP: [{ type: 'NOOP' }] },
};

describe('the path framework', () => {
  it('lists every state node and every (state, event, guarded candidate) of the definition', () => {
    const universe = universeOf(toggle);
    expect(universe.states).toEqual(['off', 'on', 'orphan']);
    expect(universe.transitions.map((t) => t.key)).toEqual(['off|FLIP|0', 'off|FLIP|1', 'on|FLIP|0', 'orphan|NOOP|0']);
  });

  it('counts what the running actor did, and reports an unreachable state and its transitions', async () => {
    const recorder = new CoverageRecorder(toggle);
    for (const path of generatePaths(model)) await runUnitPath(model, path, recorder);
    expect(recorder.missingStates()).toEqual(['orphan']);
    // The guard always holds on the first flip: the fallback branch is never taken either.
    expect(recorder.missingTransitions()).toEqual(['off|FLIP|1', 'orphan|NOOP|0']);
  });

  it('keeps no path that is a prefix of another one', () => {
    const paths = generatePaths(model).map((p) => p.events.map((e) => e.type).join(' '));
    expect(paths).toEqual(['FLIP FLIP']);
  });

  it('does not count what a path only claims: an empty run reaches nothing', () => {
    const recorder = new CoverageRecorder(toggle);
    expect(recorder.missingStates()).toEqual(['off', 'on', 'orphan']);
  });

  it("every model names its edge spaces without exploring them, so a browser worker can read them from the run's cache", () => {
    for (const each of allModels as unknown as PathModel<typeof toggle>[]) expect(() => edgeKeysOf(each), each.flow).not.toThrow();
  });
});
