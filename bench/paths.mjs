// The time to generate the path-coverage paths of each machine: `getShortestPaths` from
// xstate/graph over every machine exported by machines/*.machine.ts. It runs in a child
// process (`node --import tsx`, so the TypeScript machines import as they are) with a hard
// time limit, because a machine whose context grows without bound could traverse forever.
//
// When the machine has a path model (<flow>.model.ts under test/paths/models/ or
// test/machines/: input, event fixtures, context abstraction), the figure is what the path
// tests pay: the model's own generator, or the framework's `generatePaths(model)`
// (getShortestPaths + adjacency map per start, one path per transition, journeys). Without a model: the machine's test fixtures, or the graph's
// default events (every event type the state accepts, no payload), traversal capped at
// LIMIT states; a machine that exceeds it is measured again with states told apart by
// value only, and marked so.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, startProcess, withTimeout } from './support.mjs';

const LIMIT = 50_000;

export async function measurePaths({ timeoutMs = 60_000 } = {}) {
  const child = startProcess(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--child'], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let code;
  try {
    code = await withTimeout(new Promise((done) => child.on('exit', done)), timeoutMs, 'path generation');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const line = child.output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"machines"'));
  if (code !== 0 || !line) throw new Error(`path generation failed (${code}):\n${child.output.slice(-2000)}`);
  return JSON.parse(line);
}

function isMachine(value) {
  return Boolean(value && typeof value === 'object' && typeof value.getStateNodeById === 'function' && value.root);
}

/**
 * The path model exported by <flow>.model.ts (test/paths/models/, else test/machines/), if
 * any, and how its paths are made: the model's own `generate<Flow>Paths()` when it has one (a
 * machine too wide for one exploration is explored by regions there), else the framework's
 * `generatePaths(model)`.
 */
async function modelOf(flow, framework) {
  const file = [join(REPO, 'test', 'paths', 'models', `${flow}.model.ts`), join(REPO, 'test', 'machines', `${flow}.model.ts`)].find(
    (candidate) => existsSync(candidate),
  );
  if (!file) return null;
  const module = await import(pathToFileURL(file).href);
  const model = Object.values(module).find((v) => v && typeof v === 'object' && v.machine && v.fixtures);
  if (!model) return null;
  const own = module[`generate${flow.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}Paths`];
  if (typeof own === 'function') return { generate: () => own(), how: `model → ${own.name}` };
  if (framework?.generatePaths) return { generate: () => framework.generatePaths(model), how: 'model → generatePaths' };
  return null;
}

/**
 * Without a path model, the machine's own test fixtures (test/machines/<flow>.fixtures.ts)
 * when they exist: `eventsFor(snapshot)` or an `<x>Fixtures` record of example events, and
 * `INPUT` (else an input with the fields the portal's machines take).
 */
async function fixturesOf(flow) {
  const file = join(REPO, 'test', 'machines', `${flow}.fixtures.ts`);
  if (!existsSync(file)) return null;
  const module = await import(pathToFileURL(file).href);
  const record = Object.entries(module).find(([name, v]) => name.endsWith('Fixtures') && v && typeof v === 'object')?.[1];
  const events = typeof module.eventsFor === 'function' ? module.eventsFor : record ? Object.values(record).flat() : null;
  if (!events) return null;
  const input = module.INPUT ?? { cdEmpresaPlano: '1', protocolo: '12345678901234567890', protocoloAns: '12345678901234567890' };
  return { events, input, source: `test/machines/${flow}.fixtures.ts` };
}

const time = (fn) => {
  const started = performance.now();
  const value = fn();
  return { ms: performance.now() - started, value };
};

async function child() {
  const { getShortestPaths } = await import('xstate/graph');
  const frameworkFile = join(REPO, 'test', 'paths', 'framework', 'model.ts');
  const framework = existsSync(frameworkFile) ? await import(pathToFileURL(frameworkFile).href) : null;
  const dir = join(REPO, 'machines');
  const machines = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()) {
    let module;
    try {
      module = await import(pathToFileURL(join(dir, file)).href);
    } catch (error) {
      machines.push({ file, error: `import failed: ${error.message.split('\n')[0]}` });
      continue;
    }
    const flow = file.replace(/\.machine\.ts$/, '');
    let model = null;
    try {
      model = await modelOf(flow, framework);
    } catch (error) {
      machines.push({ file, error: `path model import failed: ${error.message.split('\n')[0]}` });
    }
    if (model) {
      const entry = { file, export: 'path model', model: true, how: model.how };
      try {
        const generated = time(() => model.generate());
        Object.assign(entry, { ms: generated.ms, paths: generated.value.length });
      } catch (error) {
        entry.error = error.message.split('\n')[0];
      }
      machines.push(entry);
      continue;
    }
    const fixtures = await fixturesOf(flow).catch(() => null);
    for (const [name, value] of Object.entries(module)) {
      if (!isMachine(value)) continue;
      const entry = { file, export: name, ...(fixtures ? { fixtures: fixtures.source } : {}) };
      const measure = (options) => {
        const started = performance.now();
        const paths = getShortestPaths(value, {
          limit: LIMIT,
          ...(fixtures ? { events: fixtures.events, input: fixtures.input } : {}),
          ...options,
        });
        return { ms: performance.now() - started, paths: paths.length };
      };
      try {
        Object.assign(entry, measure({}));
      } catch (error) {
        try {
          Object.assign(entry, measure({ serializeState: (s) => JSON.stringify(s.value) }), { valueOnly: true, note: error.message });
        } catch (again) {
          entry.error = again.message.split('\n')[0];
        }
      }
      machines.push(entry);
    }
  }
  console.log(JSON.stringify({ machines }));
}

if (process.argv.includes('--child')) {
  child().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
