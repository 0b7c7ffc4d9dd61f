/**
 * The spec sheet under each machine's chart (docs/machines/<flow>.md) lists every transition
 * with its guard (or "else"), and each rule carries its description; no chart has two arrow
 * labels on top of each other; every docs/machines/<flow>.stately.ts runs as an XState 5
 * machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { DOCS_DIR, loadMachines } from '../../scripts/machines-export';
import { chartOf } from '../../scripts/machines-export/mermaid';
import { labelBoxes, overlappingLabels, separateLabels } from '../../scripts/machines-export/overlap';
import { specRows } from '../../scripts/machines-export/spec-sheet';
import { machineInventory } from './support/stately-inventory';

const flows = await loadMachines();
const page = (flow: string) => readFileSync(join(DOCS_DIR, `${flow}.md`), 'utf8');

describe('the spec sheet of each machine', () => {
  for (const { flow, machine } of flows) {
    it(`docs/machines/${flow}.md has one row per transition of the machine`, () => {
      const rows = specRows(machine);
      expect(rows).toHaveLength(machineInventory(machine).transitions.length);
      const written = page(flow)
        .split('\n')
        .filter((line) => /^\| T\d+ \|/.test(line));
      expect(written.map((line) => line.split(' | ')[0])).toEqual(rows.map((row) => `| ${row.id}`));
    });

    it(`${flow}: every guarded transition, and the "else" after it, carries a description`, () => {
      const undescribed = specRows(machine)
        .filter((row) => row.guard && !row.description)
        .map((row) => `${row.id} ${row.source} ${row.trigger} [${row.guard}]`);
      expect(undescribed).toEqual([]);
    });
  }

  it('writes the alternatives of one event in their order, the unguarded last one as "else", with guards, params and SPEC sections', () => {
    const home = flows.find((f) => f.flow === 'home')!.machine;
    const starting = specRows(home).filter((row) => row.source === 'starting');
    expect(starting.map((row) => [row.alternative, row.guard, row.targets, row.spec])).toEqual([
      ['1 of 3', 'presetIsNew', ['newRequest'], ['§2']],
      ['2 of 3', 'presetIsTrack', ['track'], ['§2']],
      ['3 of 3', 'else', ['home'], ['§2']],
    ]);
    const eligibility = flows.find((f) => f.flow === 'eligibility')!.machine;
    expect(specRows(eligibility).map((row) => row.guard)).toContain("meetsEveryRequirement(question: 'planoRegulamentado')");
    // The chart numbers them and names the else.
    expect(chartOf(home, 'home').mermaid).toContain('(3) always [else] §2');
  });

  it('lists the exit and entry actions a transition runs', () => {
    const tracking = flows.find((f) => f.flow === 'tracking')!.machine;
    // Sending the choice leaves a state that warns before unload, and enters one that warns too.
    const send = specRows(tracking).find((row) => row.trigger === 'SEND_CONFIRMED')!;
    expect(send.exit).toContain('disarmUnloadWarning');
    expect(send.entry).toContain('armUnloadWarning');
  });

  it('shows the actions on the arrows and inside the states they keep', () => {
    const home = chartOf(flows.find((f) => f.flow === 'home')!.machine, 'home').mermaid;
    expect(home).toContain(
      'home_track_lookingUp --> home_track_editing : (1) error lookUpProtocol [wasRateLimited]<br/>(2) error lookUpProtocol [else] §8<br/>/ notifyLookupFailed',
    );
    expect(home).toContain('home_track_editing : PROTOCOL_CHANGED / setTrackProtocol');
  });
});

describe('no chart has arrow labels on top of each other', () => {
  const label = (x: number, y: number, text: string) =>
    `<g class="edgeLabel" transform="translate(${x}, ${y})"><g class="label" transform="translate(0, -10)"><g>` +
    `<rect class="background" x="-40" y="0" width="80" height="20"/><text><tspan class="text-outer-tspan"><tspan class="text-inner-tspan">${text}</tspan></tspan></text></g></g></g>`;
  const svg = (...labels: string[]) =>
    `<svg viewBox="0 0 500 500"><g class="root" transform="translate(10, 10)">${labels.join('')}</g></svg>`;

  it('finds two labels that overlap, inside nested boxes too, and not two that only touch', () => {
    expect(overlappingLabels(svg(label(100, 100, 'A'), label(130, 105, 'B')))).toEqual([['A', 'B']]);
    expect(overlappingLabels(svg(label(100, 100, 'A'), label(180, 100, 'B')))).toEqual([]);
    expect(labelBoxes(svg(label(100, 100, 'A')))[0]).toMatchObject({ x: 70, y: 100, width: 80, height: 20 });
  });

  it('moves a label that lands on another to the nearest free place', () => {
    const moved = separateLabels(svg(label(100, 100, 'A'), label(130, 105, 'B'), label(100, 100, 'C')));
    expect(overlappingLabels(moved)).toEqual([]);
    expect(labelBoxes(moved).map((box) => box.text)).toEqual(['A', 'B', 'C']);
  });

  const pictures = readdirSync(DOCS_DIR).filter((name) => name.endsWith('.svg'));
  for (const name of pictures) {
    it(`docs/machines/${name}: no two arrow labels overlap`, () => {
      expect(overlappingLabels(readFileSync(join(DOCS_DIR, name), 'utf8'))).toEqual([]);
    });
  }
});

describe('every docs/machines/<flow>.stately.ts runs as an XState 5 machine', () => {
  for (const { flow, machine } of flows) {
    it(`${flow}.stately.ts: createActor(...).start() runs without an error, in the machine's initial states`, async () => {
      const module = (await import(pathToFileURL(join(DOCS_DIR, `${flow}.stately.ts`)).href)) as Record<string, AnyStateMachine>;
      const [stately] = Object.values(module);
      const errors: unknown[] = [];
      const actor = createActor(stately!);
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.start();
      const snapshot = actor.getSnapshot();
      actor.stop();
      expect(errors).toEqual([]);
      expect(snapshot.status).not.toBe('error');
      expect(stately!.id).toBe(machine.id);
    });
  }
});
