/**
 * The browser tier's paths, generated once per run and shared between processes. Playwright
 * loads every spec in its main process to list the tests, then again in each worker that runs
 * one of them, and the wizard's generation alone takes about 20 s of CPU each time. The first
 * process writes each path as its start's name and the indices of its events among the
 * model's own (fixtures and journeys), under a hash of the sources that could change them; the
 * others replay those events on the pure machine, which takes milliseconds and recomputes what
 * each step reaches. A path with an event from anywhere else is not written: every process
 * then generates, as before. Each model's abstract edges are shared the same way; in `npm test`
 * the unit tier, which explores them anyway, writes them first.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { EdgeSpace } from './edges';
import { allFixtures, edgeKeysOf, edgeSpacesOf, replay, startsOf, type MachinePath, type PathModel } from './model';
import type { PathEvent } from './types';

const CACHE_DIR = 'test-results/paths-cache';
/** Everything a path's generation reads: the charts, the contract, the app's helpers, the models and their framework. */
const SOURCES = ['machines', 'contract', 'src', 'test/paths', 'test/machines', 'test/e2e/support', 'package-lock.json'];

/** An event: its index among the model's, or itself when JSON carries it whole (a region's typed prefix). */
type StoredEvent = number | { plain: unknown };

interface StoredPath {
  name: string;
  kind: MachinePath<AnyStateMachine>['kind'];
  start: string;
  events: StoredEvent[];
}

/** Only what JSON gives back the same: no `undefined`, no class instance (a `File`, an `ApiError`). */
function isPlain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlain);
}

let sourcesHash: string | undefined;

function filesUnder(path: string): string[] {
  try {
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [path];
  }
}

function hashOfSources(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  // A run on a mutant (PATHS_MUTANT) explores another chart: its cache is never a normal run's.
  hash.update(`PATHS_MUTANT=${process.env.PATHS_MUTANT ?? ''}\0`);
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
  }
  return (sourcesHash = hash.digest('hex').slice(0, 16));
}

/** The model's events, each by one index (the same object in a path as in its model). */
function catalogOf<M extends AnyStateMachine>(model: PathModel<M>): PathEvent<M>[] {
  return [...allFixtures(model), ...(model.journeys ?? []).flatMap((journey) => journey.events)];
}

function encode<M extends AnyStateMachine>(model: PathModel<M>, paths: MachinePath<M>[]): StoredPath[] | null {
  const catalog = catalogOf(model);
  const stored = paths.map((path) => ({
    name: path.name,
    kind: path.kind,
    start: path.start.name,
    events: path.events.map((event): StoredEvent | null => {
      const index = catalog.indexOf(event);
      return index >= 0 ? index : isPlain(event) ? { plain: event } : null;
    }),
  }));
  return stored.every((path) => !path.events.includes(null)) ? (stored as StoredPath[]) : null;
}

function decode<M extends AnyStateMachine>(model: PathModel<M>, stored: StoredPath[]): MachinePath<M>[] {
  const catalog = catalogOf(model);
  const starts = startsOf(model);
  return stored.map((path) => {
    const start = starts.find((candidate) => candidate.name === path.start);
    if (!start) throw new Error(`${model.flow}: no start named ${path.start}`);
    return replay(
      model,
      path.name,
      path.kind,
      start,
      path.events.map((event) => (typeof event === 'number' ? catalog[event]! : (event.plain as PathEvent<M>))),
    );
  });
}

/** This run's cache file of `what` (a flow's paths, or its edges), under the sources' hash. */
const cacheFile = (what: string) => join(CACHE_DIR, `${what}-${hashOfSources()}.json`);

/** Writes `what` for the other processes, dropping what older sources left under its name. */
function share(what: string, data: unknown): void {
  const file = cacheFile(what);
  mkdirSync(CACHE_DIR, { recursive: true });
  const stale = (name: string) => new RegExp(`^${what}-[0-9a-f]{16}\\.json$`).test(name) && join(CACHE_DIR, name) !== file;
  for (const old of readdirSync(CACHE_DIR).filter(stale)) rmSync(join(CACHE_DIR, old), { force: true });
  // Written whole, then renamed: a process reading meanwhile never sees half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(data));
  renameSync(partial, file);
}

/** The paths `generate` gives for this model, read from this run's cache when another process wrote them. */
export function sharedPaths<M extends AnyStateMachine>(model: PathModel<M>, generate: () => MachinePath<M>[]): MachinePath<M>[] {
  try {
    return decode(model, JSON.parse(readFileSync(cacheFile(model.flow), 'utf8')) as StoredPath[]);
  } catch {
    // Not written yet (or by other sources): generated here.
  }
  const paths = generate();
  const stored = encode(model, paths);
  if (stored) share(model.flow, stored);
  return paths;
}

/** Where a cached edge was first reached is not kept: a worker only counts the edges a page takes. */
const UNRECORDED_WAY = { prefix: [], event: null, start: '' } as const;

/** Each model's edge spaces, once per process; and the name of their cache file. */
const sharedSpaces = new WeakMap<object, readonly EdgeSpace[]>();
const edgesFileOf = (model: { flow: string }) => `${model.flow}-edges`;

/**
 * The model's edge spaces as a browser worker counts them: each space's key (from the model,
 * without exploring) and the keys of its edges, read from this run's cache when another process
 * explored them (the wizard's exploration took 13–30 s in every worker, before its first path).
 * Only `key` and `edges` are there: enough for `edgesOf` and `allEdgeIds`, not for generating.
 */
export function sharedEdgeSpaces<M extends AnyStateMachine>(model: PathModel<M>): readonly EdgeSpace[] {
  const known = sharedSpaces.get(model);
  if (known) return known;
  const spaces = readEdgeSpaces(model) ?? exploreAndShare(model);
  sharedSpaces.set(model, spaces);
  return spaces;
}

function readEdgeSpaces<M extends AnyStateMachine>(model: PathModel<M>): readonly EdgeSpace[] | null {
  // Outside the try: a model that cannot name its spaces is a defect to show, not a cache miss
  // (the tracking model's went unseen, and every process explored its edges again).
  const spaceKeys = edgeKeysOf(model);
  try {
    const stored = JSON.parse(readFileSync(cacheFile(edgesFileOf(model)), 'utf8')) as Record<string, string[]>;
    return spaceKeys.map(({ name, key }) => {
      const edges = stored[name];
      if (!edges) throw new Error(`${model.flow}: no cached space named ${name}`);
      return { name, key, edges: new Map(edges.map((edge) => [edge, UNRECORDED_WAY])), steps: [], refusals: new Map() };
    });
  } catch {
    // Not written yet (or by other sources, or another space): explored here.
    return null;
  }
}

/**
 * The model's edge spaces, explored here and written for the other processes of this run: the
 * unit tier explores them anyway (the wizard's took 18 s of CPU here), so Playwright's listing
 * need not again.
 */
export function exploreAndShare<M extends AnyStateMachine>(model: PathModel<M>): readonly EdgeSpace[] {
  const spaces = edgeSpacesOf(model);
  share(edgesFileOf(model), Object.fromEntries(spaces.map((space) => [space.name, [...space.edges.keys()]])));
  return spaces;
}
