/**
 * `npm run paths:export`: every path the model-based tests generate (test/paths), written as
 * numbered manual test cases in pt-BR into docs/test-cases/: one Markdown file per flow, an
 * index, and casos-de-teste.csv for a test-management tool. The folder is generated on demand
 * (not committed): the paths change whenever a machine or a model does.
 * `--out <dir>` writes elsewhere.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { trackingModel } from '../test/machines/tracking.model.ts';
import { generatePaths, type PathModel } from '../test/paths/framework/model.ts';
import { brandingModel } from '../test/paths/models/branding.model.ts';
import { eligibilityModel } from '../test/paths/models/eligibility.model.ts';
import { forgotProtocolModel } from '../test/paths/models/forgot-protocol.model.ts';
import { homeModel } from '../test/paths/models/home.model.ts';
import { privacyNoticeModel } from '../test/paths/models/privacy-notice.model.ts';
import { requestActivityModel } from '../test/paths/models/request-activity.model.ts';
import { generateWizardPaths, wizardModel } from '../test/paths/models/wizard.model.ts';
import { casesCsv, casesMarkdown, indexMarkdown, testCases, type PathLike, type TestCase } from './paths-export/test-cases.ts';

type AnyModel = PathModel<AnyStateMachine>;

export const MODELS = [
  homeModel,
  wizardModel,
  trackingModel,
  eligibilityModel,
  forgotProtocolModel,
  brandingModel,
  privacyNoticeModel,
  requestActivityModel,
] as unknown as readonly AnyModel[];

export interface FlowCases {
  flow: string;
  paths: number;
  cases: TestCase[];
}

/** The paths both tiers run: the wizard's are explored region by region (its own generator), the others' whole. */
function pathsOf(model: AnyModel): PathLike[] {
  const paths = model === (wizardModel as unknown as AnyModel) ? generateWizardPaths() : generatePaths(model);
  return paths as unknown as PathLike[];
}

export function casesOf(model: AnyModel): FlowCases {
  const paths = pathsOf(model);
  return { flow: model.flow, paths: paths.length, cases: testCases(model.flow, model.machine, paths) };
}

/** Writes the Markdown files, the index and the CSV into `dir` (emptied first); returns the files written. */
export function writeTestCases(dir: string, flows: readonly FlowCases[]): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'README.md': indexMarkdown(flows.map((f) => ({ flow: f.flow, count: f.cases.length }))),
    'casos-de-teste.csv': casesCsv(flows.flatMap((f) => f.cases)),
    ...Object.fromEntries(flows.map((f) => [`${f.flow}.md`, casesMarkdown(f.flow, f.cases)])),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return Object.keys(files);
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--out');
  const dir = resolve(at > 0 ? (process.argv[at + 1] ?? '') : 'docs/test-cases');
  const started = Date.now();
  const flows = MODELS.map(casesOf);
  writeTestCases(dir, flows);
  const total = flows.reduce((sum, f) => sum + f.cases.length, 0);
  console.log(
    `${total} casos de teste (${flows.map((f) => `${f.flow} ${f.cases.length}`).join(', ')}) em ${dir} em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
