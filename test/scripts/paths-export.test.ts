/**
 * `npm run paths:export` writes one numbered manual test case per generated path, in
 * Markdown per flow and in one CSV with the columns test-management tools import. Checked
 * on the cheap models (the wizard's and tracking's paths take a minute to generate).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { casesOf, MODELS, writeTestCases } from '../../scripts/paths-export';
import { CSV_COLUMNS } from '../../scripts/paths-export/test-cases';

const dir = mkdtempSync(join(tmpdir(), 'test-cases-'));
const flows = MODELS.filter((m) => ['request-activity', 'forgot-protocol', 'eligibility'].includes(m.flow)).map(casesOf);
const written = writeTestCases(dir, flows);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** RFC 4180 records (quoted fields may hold line breaks and doubled quotes). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  for (const line of text.match(/(?:"(?:[^"]|"")*",)*"(?:[^"]|"")*"\r\n/g) ?? []) {
    records.push([...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
  }
  return records;
}

describe('the testers export of the generated paths', () => {
  it('writes a Markdown file per flow, an index and the CSV', () => {
    expect(written.sort()).toEqual(['README.md', 'casos-de-teste.csv', 'eligibility.md', 'forgot-protocol.md', 'request-activity.md']);
  });

  for (const flow of flows) {
    it(`${flow.flow}: one numbered case per generated path, each with steps and an expected result`, () => {
      expect(flow.paths).toBeGreaterThan(0);
      const markdown = readFileSync(join(dir, `${flow.flow}.md`), 'utf8');
      const headings = markdown.split('\n').filter((line) => line.startsWith('## '));
      expect(headings).toHaveLength(flow.paths);
      const prefix = flow.flow.toUpperCase();
      expect(headings.map((h) => h.split(' — ')[0])).toEqual(
        Array.from({ length: flow.paths }, (_, i) => `## ${prefix}-${String(i + 1).padStart(3, '0')}`),
      );
      expect(markdown.match(/\*\*Resultado esperado\*\*/g)).toHaveLength(flow.paths);
    });
  }

  it('the CSV holds the header and one record per path, with steps in pt-BR', () => {
    const [header, ...records] = csvRecords(readFileSync(join(dir, 'casos-de-teste.csv'), 'utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(records).toHaveLength(flows.reduce((sum, f) => sum + f.paths, 0));
    expect(records.every((r) => r.length === 5 && r[3]!.startsWith('1. ') && r[4]!.startsWith('A tela fica em'))).toBe(true);
    const failing = records.find((r) => r[3]!.includes('falha'));
    expect(failing, 'a path where a call fails reads as such').toBeDefined();
  });
});
