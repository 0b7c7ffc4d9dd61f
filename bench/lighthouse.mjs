// Lighthouse 12.8, mobile emulation (its default), performance category only, on the system
// Chromium. Every run gets a fresh Chromium (fresh profile, empty cache) launched with
// chrome-launcher; runs go round-robin over the pages so a busy moment on the shared
// machine does not land on one page's three runs.
//
// Guarded routes need `protocolo` and `token`, with live `sessao` times, in localStorage
// before the page loads. How: before Lighthouse runs, playwright-core attaches to the same
// Chromium over CDP, opens a page at `<origin>/__bench_storage` that it answers itself
// (page.route → fulfill, so the server is not asked and nothing lands in the HTTP cache),
// writes the keys into the origin's localStorage, closes that page and detaches. Lighthouse
// then opens its own tab in the same (default) browser context, so it sees the keys.
// Lighthouse's storage reset still runs (it clears the HTTP cache and service workers), but
// in 12.x its default `clearStorageTypes` leaves local_storage alone, which is what makes
// this work.
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, spread, trackPid, untrackPid, withLiveSession, withTimeout } from './support.mjs';
import { tooBusy } from './cpu.mjs';

async function presetStorage(port, origin, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.route(`${origin}/__bench_storage`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto(`${origin}/__bench_storage`);
    await page.evaluate(
      (entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      Object.entries(withLiveSession(storage)),
    );
    await page.close();
  } finally {
    await browser.close(); // detaches; the Chromium launched by chrome-launcher keeps running
  }
}

async function runOnce({ url, storage, throttlingMethod }) {
  process.env.CHROME_PATH = CHROMIUM;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
    logLevel: 'silent',
  });
  trackPid(chrome.pid);
  try {
    if (storage && Object.keys(storage).length) await presetStorage(chrome.port, new URL(url).origin, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Default 'simulate' (Lantern); 'devtools' applies the same phone profile for real.
      ...(throttlingMethod ? { throttlingMethod } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      // Time to interactive: information only, to see what waiting for the first paint costs.
      tti: audit('interactive'),
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      // For the diagnosis: LCP phases, the longest main-thread tasks and what shifted.
      lcpPhases: Object.fromEntries(
        (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((item) => [
          item.phase,
          Math.round(item.timing),
        ]),
      ),
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .slice(0, 5)
        .map((t) => ({ url: t.url, startTime: Math.round(t.startTime), duration: Math.round(t.duration) })),
      shifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
        .slice(0, 3)
        .map((item) => ({ node: item.node?.snippet ?? null, score: item.score })),
      // With the phone profile applied, what the page waited on: each request's start and end.
      requests: (lhr.audits['network-requests']?.details?.items ?? []).map((r) => ({
        url: r.url,
        start: Math.round(r.networkRequestTime),
        end: Math.round(r.networkEndTime),
      })),
      warnings: lhr.runWarnings ?? [],
      // The host CPU's speed during this run (Lighthouse's own calibration loop).
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      userAgent: lhr.environment?.hostUserAgent ?? null,
    };
  } finally {
    await chrome.kill();
    untrackPid(chrome.pid);
  }
}

/**
 * pages: [{ name, url, storage?, throttlingMethod?, runs? }]. Returns { [name]: { runs, busyRuns,
 * median: {score,fcp,lcp,tbt,cls,tti}, spread: {key: {median,min,max,n}}, benchmarkIndex, errors } }.
 * Runs on a CPU much slower than the reference (bench/cpu.mjs) are kept apart as busyRuns and
 * not counted in the figures.
 */
export async function runLighthouse(pages, { runs = 5, perRunMs = 120_000, log = () => {} } = {}) {
  const out = Object.fromEntries(
    pages.map((p) => [p.name, { url: p.url, applied: p.throttlingMethod === 'devtools', runs: [], busyRuns: [], errors: [] }]),
  );
  const rounds = Math.max(...pages.map((p) => p.runs ?? runs));
  for (let i = 0; i < rounds; i++) {
    for (const page of pages) {
      if (i >= (page.runs ?? runs)) continue;
      const started = Date.now();
      try {
        const run = await withTimeout(runOnce(page), perRunMs, `Lighthouse ${page.name} run ${i + 1}`);
        const busy = tooBusy(run.benchmarkIndex);
        (busy ? out[page.name].busyRuns : out[page.name].runs).push(run);
        log(
          `lighthouse ${page.name} #${i + 1}: score ${run.score}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CPU index ${Math.round(run.benchmarkIndex ?? NaN)}${busy ? ' — machine too busy, not counted' : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (error) {
        out[page.name].errors.push(String(error.message ?? error));
        log(`lighthouse ${page.name} #${i + 1}: ${error.message}`);
      }
    }
  }
  const KEYS = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'tti'];
  for (const entry of Object.values(out)) {
    entry.spread = Object.fromEntries(KEYS.map((key) => [key, spread(entry.runs.map((r) => r[key]))]));
    entry.median = entry.runs.length ? Object.fromEntries(KEYS.map((key) => [key, entry.spread[key]?.median ?? null])) : null;
    entry.benchmarkIndex = spread([...entry.runs, ...entry.busyRuns].map((r) => r.benchmarkIndex));
  }
  return out;
}
