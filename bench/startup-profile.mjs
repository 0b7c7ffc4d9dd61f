// Where a screen's start spends the main thread (issue 28: time to interactive is CPU-bound).
// Builds the portal with hidden source maps, serves it with the reference server and its demo
// data, opens each screen in the system Chromium with the CPU slowed 4× (a phone), records a
// CPU profile from navigation until the network is idle, and gives every sample to the
// package or app folder its code came from (the maps; bench/attribution.mjs's groups).
// "(program)" is the browser's own work outside JavaScript functions: parsing and compiling
// the scripts, style and layout. Medians of `--runs` runs (default 3), min–max beside them.
//
//   node bench/startup-profile.mjs [--runs 3]
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { decode } from '@jridgewell/sourcemap-codec';
import { groupOf } from './attribution.mjs';
import { findDemoProtocols } from './demo.mjs';
import { startServer } from './server.mjs';
import { buildApp } from './sizes.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, median, spread, withLiveSession } from './support.mjs';

const CPU_SLOWDOWN = 4;
const SHOWN = 12;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;
const NATIVE = new Set(['(program)', '(garbage collector)']);

/** Maps a profile's call frame (a built chunk's line and column) to its source's group. */
function sourceGroups(buildDir) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = /\/assets\/([^/?#]+\.js)$/.exec(url)?.[1];
      const path = file && join(buildDir, 'assets', `${file}.map`);
      const map = path && existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
      maps.set(url, map && { sources: map.sources, lines: decode(map.mappings) });
    }
    return maps.get(url);
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    if (NATIVE.has(functionName)) return functionName;
    if (!url) return '(browser API)';
    const map = mapOf(url);
    if (!map) return url.endsWith('/') ? '(the page: inline script)' : url;
    let found = null;
    for (const segment of map.lines[lineNumber] ?? []) {
      if (segment[0] > columnNumber) break;
      found = segment;
    }
    return found && found[1] !== undefined ? groupOf(map.sources[found[1]]) : '(unmapped)';
  };
}

/** Busy main-thread ms per group in one profile (idle left out). */
function busyByGroup(profile, groupOfFrame) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const out = new Map();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') return;
    const group = groupOfFrame(frame);
    out.set(group, (out.get(group) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  return out;
}

async function profileOnce(browser, url, storage, groupOfFrame) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const seeded = withLiveSession(storage);
    await context.addInitScript((values) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, seeded);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle' });
    const { profile } = await cdp.send('Profiler.stop');
    return busyByGroup(profile, groupOfFrame);
  } finally {
    await context.close();
  }
}

const buildDir = join(tmpdir(), 'portabilidade-startup-profile');
await buildApp(buildDir);
const server = await startServer({ dataDir: join(tmpdir(), 'portabilidade-startup-profile-data'), staticDir: buildDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const demo = await findDemoProtocols(server.url, server.child);
  const screens = [
    { name: 'home/1', route: 'home/1', storage: {} },
    { name: 'nova-solicitacao', route: 'nova-solicitacao', storage: { protocolo: '12345678901234567890', token: 'free' } },
    { name: 'acompanhamento', route: 'acompanhamento', storage: { protocolo: demo.tracking, token: 'free' } },
  ];
  const groupOfFrame = sourceGroups(buildDir);
  for (const screen of screens) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await profileOnce(browser, `${server.url}/#/${screen.route}`, screen.storage, groupOfFrame));
    const totals = runs.map((run) => [...run.values()].reduce((a, b) => a + b, 0));
    const groups = [...new Set(runs.flatMap((run) => [...run.keys()]))];
    const rows = groups
      .map((group) => ({ group, ms: runs.map((run) => run.get(group) ?? 0) }))
      .sort((a, b) => median(b.ms) - median(a.ms))
      .slice(0, SHOWN);
    const range = (values) => {
      const { median: middle, min, max } = spread(values);
      return `${Math.round(middle)} ms (${Math.round(min)}–${Math.round(max)})`;
    };
    console.log(`\n${screen.name}: main thread busy ${range(totals)}, CPU ${CPU_SLOWDOWN}× slower, ${RUNS} runs`);
    for (const { group, ms } of rows) {
      const share = Math.round((100 * median(ms)) / median(totals));
      console.log(`  ${range(ms).padEnd(20)} ${String(share).padStart(3)} %  ${group}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
