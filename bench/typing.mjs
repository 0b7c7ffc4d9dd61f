// Typing latency: how long a keystroke in the wizard's CPF field takes to show, on a phone's
// CPU. Chromium runs with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a person
// types a CPF at 120 ms per key, and Google's web-vitals library reports the page's INP (the
// slowest interaction, as Chrome's field data counts it). Each run is a fresh page and records
// the CPU's speed first (bench/cpu.mjs); the figure quoted is the median of the runs on a CPU
// near the reference speed, with min–max (issue 28), runs on a much slower one set apart.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, spread, withLiveSession, withTimeout } from './support.mjs';
import { benchmarkIndexIn, tooBusy } from './cpu.mjs';

// The package exports no path to its IIFE build: found beside its CommonJS entry.
const WEB_VITALS = readFileSync(join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');
const CPF = '52998224725';
const KEY_DELAY_MS = 120;
export const CPU_SLOWDOWN = 4;
const MIN_REPORTED_MS = 16;

async function typeOnce(browser, { url, storage }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await page.addInitScript(
      ({ entries, webVitals }) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
        (0, eval)(webVitals);
        window.__inp = [];
        addEventListener('DOMContentLoaded', () => {
          window.webVitals.onINP((metric) => window.__inp.push(metric.value), { reportAllChanges: true, durationThreshold: 16 });
        });
      },
      { entries: Object.entries(withLiveSession(storage)), webVitals: WEB_VITALS },
    );
    await page.goto(url, { waitUntil: 'load' });
    const cpf = page.getByLabel('CPF', { exact: true });
    await cpf.waitFor({ state: 'visible', timeout: 30_000 });
    const benchmarkIndex = await benchmarkIndexIn(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cpf.click();
    await cpf.pressSequentially(CPF, { delay: KEY_DELAY_MS });
    // The field must show every digit, or the latency measured is of a broken field.
    const shown = (await cpf.inputValue()).replace(/\D/g, '');
    if (shown !== CPF) throw new Error(`the CPF field shows ${shown}, not ${CPF}`);
    await page.waitForTimeout(500);
    const values = await page.evaluate(() => window.__inp);
    // Nothing reported: no keystroke took 16 ms (the smallest duration Chromium reports).
    return { inp: values.length ? Math.max(...values) : MIN_REPORTED_MS, benchmarkIndex };
  } finally {
    await context.close();
  }
}

/** INP of typing a CPF into the wizard, `runs` times; returns { runs, busyRuns, inp: {median,min,max,n} }. */
export async function measureTyping({ url, storage, runs = 5, log = () => {} }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const counted = [];
    const busy = [];
    for (let i = 0; i < runs; i++) {
      const run = await withTimeout(typeOnce(browser, { url, storage }), 90_000, `typing run ${i + 1}`);
      const isBusy = tooBusy(run.benchmarkIndex);
      (isBusy ? busy : counted).push(run);
      log(
        `typing CPF, CPU ${CPU_SLOWDOWN}× slower, run ${i + 1}: INP ${Math.round(run.inp)} ms, CPU index ${Math.round(run.benchmarkIndex)}${isBusy ? ' — machine too busy, not counted' : ''}`,
      );
    }
    return {
      runs: counted,
      busyRuns: busy,
      inp: spread(counted.map((r) => r.inp)),
      benchmarkIndex: spread([...counted, ...busy].map((r) => r.benchmarkIndex)),
      cpuSlowdown: CPU_SLOWDOWN,
      keyDelayMs: KEY_DELAY_MS,
    };
  } finally {
    await browser.close();
  }
}
