/**
 * docs/machines/ is generated (npm run machines:export): these tests fail when a machine
 * changed and its exported JSON / Mermaid diagram did not, and when a machine would read
 * badly in the Stately visualizer (a state without a description, an inline implementation).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, loadMachines, renderFlow, visualizerProblems } from '../../scripts/machines-export';

const flows = await loadMachines();

describe('docs/machines is in sync with machines/', () => {
  for (const flow of flows) {
    for (const [name, content] of Object.entries(renderFlow(flow))) {
      it(`docs/machines/${name} matches machines/${flow.file} (else run npm run machines:export)`, () => {
        const file = join(DOCS_DIR, name);
        expect(existsSync(file), `docs/machines/${name} is missing: run npm run machines:export`).toBe(true);
        expect(readFileSync(file, 'utf8'), `docs/machines/${name} is out of date: run npm run machines:export`).toBe(content);
      });
    }
  }

  it('holds no diagram of a machine that no longer exists', () => {
    const expected = new Set(flows.flatMap((flow) => Object.keys(renderFlow(flow))));
    const extra = readdirSync(DOCS_DIR).filter((name) => /\.(json|md)$/.test(name) && !expected.has(name));
    expect(extra).toEqual([]);
  });
});

describe('every machine reads well in the Stately visualizer', () => {
  for (const flow of flows) {
    it(`${flow.flow}: every state has a description and every action, guard, actor and delay is named`, () => {
      expect(visualizerProblems(flow.machine)).toEqual([]);
    });
  }
});
