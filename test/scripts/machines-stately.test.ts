/**
 * docs/machines/<flow>.stately.ts is what an analyst imports into the Stately editor. Read by
 * Stately's own parser (@xstate/machine-extractor), each must hold every state and every
 * transition of the running machine — source, trigger, guard, targets and actions — named as
 * the machine names them, and import nothing but xstate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, loadMachines } from '../../scripts/machines-export';
import { statelyModule } from '../../scripts/machines-export/stately';
import { machineInventory, parsedInventory, parseStately, type Config } from './support/stately-inventory';
import { trickyMachine } from './support/tricky-machine';

const flows = await loadMachines();

function parse(flow: string): Config {
  const machines = parseStately(readFileSync(join(DOCS_DIR, `${flow}.stately.ts`), 'utf8'));
  expect(machines, `${flow}.stately.ts holds one createMachine(...)`).toHaveLength(1);
  return machines[0]!;
}

describe("Stately's parser reads every machine whole from docs/machines/<flow>.stately.ts", () => {
  for (const { flow, machine } of flows) {
    it(`${flow}.stately.ts: every state and every transition of the machine, with its guard, targets and actions`, () => {
      const parsed = parsedInventory(parse(flow));
      const expected = machineInventory(machine);
      expect(parsed.states).toEqual(expected.states);
      expect(parsed.transitions).toEqual(expected.transitions);
    });

    it(`${flow}.stately.ts imports nothing but xstate`, () => {
      const source = readFileSync(join(DOCS_DIR, `${flow}.stately.ts`), 'utf8');
      const imports = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]);
      expect(imports).toEqual(['xstate']);
    });
  }

  it('writes every shape of transition so that the parser reads it whole (root, nested, parallel, delays, or/not)', () => {
    const [config] = parseStately(statelyModule(trickyMachine, 'tricky', 'tricky.machine.ts'));
    const parsed = parsedInventory(config!);
    expect(parsed).toEqual(machineInventory(trickyMachine));
    expect(parsed.transitions).toContain('tricky.one | INTO | 0 | tricky.one.y.deep | or(isReady,not(isLate)) | ');
  });

  it("reads XState's and() of named guards, in a machine made by setup(), as and() of those guards", () => {
    const [config] = parseStately(
      "import { and, setup } from 'xstate';\n" +
        "setup({ guards: { p: () => false, q: () => false } }).createMachine({ id: 'm', initial: 'a', states: { a: { on: { GO: { target: 'b', guard: and(['p', 'q']) } } }, b: {} } });",
    );
    expect(parsedInventory(config!).transitions).toEqual(['m.a | GO | 0 | m.b | and(p,q) | ']);
  });
});
