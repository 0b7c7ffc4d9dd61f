// JS and CSS per route, measured the way a browser fetches them: the production build is
// loaded in headless Chromium and every script and stylesheet it fetched is recorded. The bytes
// measured are the build's files on disk (uncompressed), compressed here with gzip -9 and
// brotli 11, so the figures do not depend on what the server compresses with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, REPO, addSizes, compressedSizes, startProcess, withLiveSession, withTimeout } from './support.mjs';

/** `vite build` of the portal into `outDir`, with a manifest and hidden source maps (not fetched, same bytes). */
export async function buildApp(outDir) {
  const started = Date.now();
  const child = startProcess(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'warn'],
    { cwd: REPO, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  const code = await withTimeout(new Promise((done) => child.on('exit', done)), 180_000, 'vite build').catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${child.output.slice(-3000)}`);
  return { dir: outDir, buildMs: Date.now() - started };
}

/**
 * Records the JS/CSS a page fetches; `mark()` starts a new batch, `take()` returns the batch.
 * The list comes from the page's Resource Timing entries: Playwright reports no response for
 * the chunks a lazy screen loads through Vite's modulepreload links (their requests never
 * finish in its events), so counting responses left the wizard's code out. The responses
 * seen still say how the server encoded a file; for the others the server is asked.
 */
function recordAssets(page, buildDir) {
  const encodings = new Map();
  page.on('response', (response) => {
    encodings.set(response.url(), response.headers()['content-encoding'] ?? 'none');
  });
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  const encodingOf = async (url) => {
    if (encodings.has(url)) return encodings.get(url);
    const answer = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await answer.arrayBuffer();
    return answer.headers.get('content-encoding') ?? 'none';
  };
  let seen = 0;
  return {
    async mark() {
      seen = (await fetched()).length;
    },
    async take() {
      const all = await fetched();
      const urls = all.slice(seen).filter((url) => /\.(js|css)$/.test(new URL(url).pathname));
      seen = all.length;
      const measured = [];
      for (const url of urls) {
        const path = new URL(url).pathname;
        const onDisk = join(buildDir, path);
        const body = existsSync(onDisk) ? readFileSync(onDisk) : Buffer.from(await (await fetch(url)).arrayBuffer());
        const kind = path.endsWith('.js') ? 'js' : 'css';
        measured.push({ path, kind, encoding: await encodingOf(url), ...compressedSizes(body) });
      }
      return measured;
    },
  };
}

function summarise(files) {
  return {
    js: addSizes(files.filter((f) => f.kind === 'js')),
    css: addSizes(files.filter((f) => f.kind === 'css')),
    files,
  };
}

/**
 * Counts the page's requests in flight, so `settle` can wait for quiet after an in-page
 * (hash) navigation too — Playwright's 'networkidle' only describes the first load.
 */
function trackNetwork(page) {
  const state = { inFlight: 0, last: Date.now() };
  page.on('request', () => {
    state.inFlight++;
    state.last = Date.now();
  });
  const done = () => {
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.networkState = state;
}

/** Waits until no request has been in flight for `quietMs` (at most `maxMs`). */
async function settle(page, { quietMs = 800, maxMs = 15_000 } = {}) {
  const state = page.networkState;
  const deadline = Date.now() + maxMs;
  await page.waitForTimeout(100);
  while (Date.now() < deadline && (state.inFlight > 0 || Date.now() - state.last < quietMs)) {
    await page.waitForTimeout(50);
  }
}

/** The stylesheet index.html carries inline (scripts/vite-paint-first.ts): home's CSS, with no request of its own. */
function inlineStyles(buildDir) {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, rules]) => ({
    path: 'index.html <style>',
    kind: 'css',
    encoding: 'inline',
    ...compressedSizes(Buffer.from(rules)),
  }));
}

/**
 * Which built files belong to each lazy route: the manifest's dynamic entries whose source
 * lives under src/views/<route>/, plus their imports that no static part of the app shares.
 */
function routeChunks(buildDir, route) {
  const manifestPath = join(buildDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return Object.entries(manifest)
    .filter(([src, entry]) => entry.isDynamicEntry && src.includes(`src/views/${route}/`))
    .map(([, entry]) => `/${entry.file}`);
}

/**
 * Loads `#/home/1` in a fresh browser context and records its first load; then, for each
 * lazy route, loads home again in a fresh context, sets the guard's storage keys and moves
 * to the route in the page (hash change), recording only what that adds.
 */
export async function measureRoutes({ baseUrl, buildDir, routes }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    const visitHome = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      trackNetwork(page);
      const recorder = recordAssets(page, buildDir);
      await page.goto(`${baseUrl}/#/home/1`, { waitUntil: 'load', timeout: 30_000 });
      await settle(page);
      return { context, page, recorder };
    };

    const home = await visitHome();
    const homeFiles = [...inlineStyles(buildDir), ...(await home.recorder.take())];
    await home.context.close();
    const result = { home: summarise(homeFiles), routes: {} };
    const homePaths = new Set(homeFiles.map((f) => f.path));

    for (const [name, { route, storage }] of Object.entries(routes)) {
      const visit = await visitHome();
      await visit.recorder.mark();
      await visit.page.evaluate(
        ({ route, storage }) => {
          for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
          location.hash = `#/${route}`;
        },
        { route, storage: withLiveSession(storage) },
      );
      await settle(visit.page);
      const added = await visit.recorder.take();
      const landedOn = await visit.page.evaluate(() => location.hash);
      await visit.context.close();
      const own = routeChunks(buildDir, route);
      const leaked = own.filter((path) => homePaths.has(path));
      result.routes[name] = {
        route,
        landedOn,
        ...summarise(added),
        ownChunks: own,
        // Its code loads only when visited: it has chunks of its own, home fetched none of
        // them, and moving there fetched JS.
        split: own.length > 0 && leaked.length === 0 && added.some((f) => f.kind === 'js'),
        leaked,
      };
    }
    return result;
  } finally {
    await browser.close();
  }
}
