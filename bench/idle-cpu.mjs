// CPU an idle page costs: `node bench/idle-cpu.mjs [url]` (default http://127.0.0.1:8080, a
// running `npm start`). Opens home in the system Chromium, waits 3 s, then reads the CPU time
// of Chromium's whole process tree (/proc, Linux) over 10 s, three times each way: as shipped,
// and with the loading spinner forced to turn while hidden (as it did before aff98a2).
import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of every process under `root`. */
function treeTicks(root) {
  const parent = new Map();
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(pid, fields[1]);
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  for (const [pid, own] of ticks) {
    for (let p = pid; p && p !== '0'; p = parent.get(p)) {
      if (p === String(root)) {
        total += own;
        break;
      }
    }
  }
  return total;
}

const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: chromiumArgs });
const variants = {
  'as shipped': '',
  'spinner turning while hidden': '.ball-spin-clockwise > span { animation-play-state: running !important }',
};
for (let run = 1; run <= 3; run++) {
  for (const [name, css] of Object.entries(variants)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/#/home/1`);
    if (css) await page.addStyleTag({ content: css });
    await page.waitForTimeout(3_000);
    const before = treeTicks(process.pid);
    await page.waitForTimeout(10_000);
    const msPerSecond = ((treeTicks(process.pid) - before) * (1000 / TICKS_PER_SECOND)) / 10;
    console.log(`run ${run}, ${name}: ${msPerSecond.toFixed(0)} ms of CPU per second idle`);
    await context.close();
  }
}
await browser.close();
