/**
 * docs/machines/ is generated (npm run machines:export): these tests fail when a machine
 * changed and its charts, their pictures or its Stately module did not, when a region chart
 * is too wide to read, and when a machine would read badly in the Stately editor (a state
 * without a description, an inline implementation). Pictures are checked by the hash of the
 * chart they were drawn from, so no browser runs here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chartsOfFlow,
  DOCS_DIR,
  GENERATED,
  loadMachines,
  renderFlow,
  renderIndex,
  visualizerProblems,
} from '../../scripts/machines-export';
import { chartHash, MAX_REGION_WIDTH, recordedHash, svgWidth } from '../../scripts/machines-export/svg';

const flows = await loadMachines();
const read = (name: string) => {
  const file = join(DOCS_DIR, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};

describe('docs/machines is in sync with machines/', () => {
  for (const flow of flows) {
    for (const [name, content] of Object.entries(renderFlow(flow))) {
      it(`docs/machines/${name} matches machines/${flow.file} (else run npm run machines:export)`, () => {
        expect(read(name), `docs/machines/${name} is missing or out of date: run npm run machines:export`).toBe(content);
      });
    }
    for (const chart of chartsOfFlow(flow)) {
      it(`docs/machines/${chart.name}.svg is drawn from the current chart (else run npm run machines:export)`, () => {
        const svg = read(`${chart.name}.svg`);
        expect(svg, `docs/machines/${chart.name}.svg is missing: run npm run machines:export`).not.toBeNull();
        expect(recordedHash(svg!), `docs/machines/${chart.name}.svg is out of date: run npm run machines:export`).toBe(
          chartHash(chart.mermaid),
        );
      });
    }
  }

  for (const [name, content] of Object.entries(renderIndex(flows))) {
    it(`docs/machines/${name} lists every machine's charts (else run npm run machines:export)`, () => {
      expect(read(name), `docs/machines/${name} is missing or out of date: run npm run machines:export`).toBe(content);
    });
  }

  it('holds no file of a machine or a region that no longer exists', () => {
    const expected = new Set(
      flows.flatMap((flow) => [
        ...Object.keys(renderIndex(flows)),
        ...Object.keys(renderFlow(flow)),
        ...chartsOfFlow(flow).map((chart) => `${chart.name}.svg`),
      ]),
    );
    const extra = readdirSync(DOCS_DIR).filter((name) => GENERATED.test(name) && !expected.has(name));
    expect(extra).toEqual([]);
  });
});

describe('the large machines are also drawn region by region, each readable on a screen', () => {
  it('the wizard is drawn step by step and tracking panel by panel', () => {
    const regions = (flow: string) =>
      chartsOfFlow(flows.find((f) => f.flow === flow)!)
        .slice(1)
        .map((chart) => chart.name);
    expect(regions('wizard')).toEqual(
      expect.arrayContaining([
        'wizard.editing.dadosPessoais',
        'wizard.editing.planoOrigem',
        'wizard.editing.planoDestino',
        'wizard.editing.dependentes',
        'wizard.editing.documentos',
      ]),
    );
    // Status 6's panel (15 states with its recorded answers) is drawn by its two kinds.
    expect(regions('tracking')).toEqual(
      expect.arrayContaining([
        'tracking.ready.awaitingAcknowledgement.typeOne',
        'tracking.ready.awaitingAcknowledgement.typeTwo',
        'tracking.ready.accepted',
      ]),
    );
  });

  for (const flow of flows) {
    for (const chart of chartsOfFlow(flow).filter((c) => c.region)) {
      it(`docs/machines/${chart.name}.svg is at most ${MAX_REGION_WIDTH} px wide`, () => {
        const svg = read(`${chart.name}.svg`) ?? '';
        expect(svgWidth(svg)).toBeLessThanOrEqual(MAX_REGION_WIDTH);
      });
    }
  }
});

describe('every machine reads well in the Stately editor', () => {
  for (const flow of flows) {
    it(`${flow.flow}: every state has a description and every action, guard, actor and delay is named`, () => {
      expect(visualizerProblems(flow.machine)).toEqual([]);
    });
  }
});
