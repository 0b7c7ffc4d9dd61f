/**
 * `npm run machines:export`: for every machines/<flow>.machine.ts, writes into docs/machines/
 *  - <flow>.md and <flow>.svg — a Mermaid `stateDiagram-v2` of the whole machine (composite
 *    states for nested ones, descriptions as notes, `event [guard]` on the arrows) and its picture;
 *  - for a large machine, <flow>.<region>.md and .svg — one chart per region (a wizard step,
 *    a tracking panel), each narrow enough to read;
 *  - <flow>.stately.ts — the machine as a `createMachine({...})` module for the Stately editor;
 *  - README.md — the index of all of them.
 * Pictures are drawn by mermaid-cli in the system Chromium, only when their chart changed.
 * test/paths/machines-export.test.ts fails when the committed files differ from this output.
 * `--check` compares instead of writing (exit 1 when out of date); `--force` redraws every picture.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { chartMarkdown, indexMarkdown } from './machines-export/markdown.ts';
import { chartsOf, type Chart } from './machines-export/mermaid.ts';
import { statelyModule } from './machines-export/stately.ts';
import { chartHash, MAX_REGION_WIDTH, openRenderer, recordedHash, svgWidth, type SvgRenderer } from './machines-export/svg.ts';

export { visualizerProblems } from './machines-export/readiness.ts';

export const MACHINES_DIR = resolve('machines');
export const DOCS_DIR = resolve('docs/machines');

/** What the export writes into docs/machines/ and nothing else (a file of another kind there is left alone). */
export const GENERATED = /\.(md|svg|stately\.ts|json)$/;

export interface FlowMachine {
  flow: string;
  file: string;
  machine: AnyStateMachine;
}

export function machineFiles(): string[] {
  return readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
}

/** Every machine exported by machines/*.machine.ts; a file with several gets `<flow>-<id>`. */
export async function loadMachines(): Promise<FlowMachine[]> {
  const result: FlowMachine[] = [];
  for (const file of machineFiles()) {
    const flow = file.replace(/\.machine\.ts$/, '');
    const mod = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const machines = [...new Set(Object.values(mod).filter((v): v is AnyStateMachine => v instanceof StateMachine))];
    for (const machine of machines) {
      result.push({ flow: machines.length === 1 ? flow : `${flow}-${machine.id}`, file, machine });
    }
  }
  return result;
}

export function chartsOfFlow({ flow, machine }: FlowMachine): Chart[] {
  return chartsOf(machine, flow);
}

/** The text files of one machine, by name: every chart's .md and the .stately.ts module. */
export function renderFlow(flowMachine: FlowMachine): Record<string, string> {
  const { flow, file, machine } = flowMachine;
  const charts = chartsOfFlow(flowMachine);
  return {
    ...Object.fromEntries(charts.map((chart) => [`${chart.name}.md`, chartMarkdown(machine, chart, charts, file)])),
    [`${flow}.stately.ts`]: statelyModule(machine, flow, file),
  };
}

/** `README.md`: the index of every machine's charts. */
export function renderIndex(flows: FlowMachine[]): Record<string, string> {
  return { 'README.md': indexMarkdown(flows.map((f) => ({ ...f, charts: chartsOfFlow(f) }))) };
}

function read(name: string): string | null {
  const file = join(DOCS_DIR, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const force = process.argv.includes('--force');
  const started = Date.now();
  const flows = await loadMachines();
  mkdirSync(DOCS_DIR, { recursive: true });
  const expected = new Set<string>();
  const problems: string[] = [];
  let renderer: SvgRenderer | undefined;
  let drawn = 0;
  const texts = Object.assign({}, ...flows.map(renderFlow), renderIndex(flows)) as Record<string, string>;
  try {
    for (const [name, content] of Object.entries(texts)) {
      expected.add(name);
      if (read(name) === content) continue;
      if (check) problems.push(`out of date: docs/machines/${name}`);
      else {
        writeFileSync(join(DOCS_DIR, name), content);
        console.log(`wrote docs/machines/${name}`);
      }
    }
    for (const chart of flows.flatMap(chartsOfFlow)) {
      const name = `${chart.name}.svg`;
      expected.add(name);
      let svg = read(name);
      if (force || svg === null || recordedHash(svg) !== chartHash(chart.mermaid)) {
        if (check) {
          problems.push(`out of date: docs/machines/${name}`);
          continue;
        }
        renderer ??= await openRenderer();
        svg = await renderer.render(chart.name, chart.mermaid);
        writeFileSync(join(DOCS_DIR, name), svg);
        drawn += 1;
        console.log(`drew docs/machines/${name} (${Math.round(svgWidth(svg))} px wide)`);
      }
      if (chart.region && !(svgWidth(svg) <= MAX_REGION_WIDTH)) {
        problems.push(`docs/machines/${name} is ${Math.round(svgWidth(svg))} px wide (at most ${MAX_REGION_WIDTH}): split the region`);
      }
    }
  } finally {
    await renderer?.close();
  }
  for (const name of readdirSync(DOCS_DIR).filter((n) => GENERATED.test(n) && !expected.has(n))) {
    if (check) problems.push(`no longer generated: docs/machines/${name}`);
    else {
      rmSync(join(DOCS_DIR, name));
      console.log(`removed docs/machines/${name}`);
    }
  }
  console.log(
    `${flows.length} machines: ${flows.map((f) => f.flow).join(', ')}; ${drawn} pictures drawn in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
