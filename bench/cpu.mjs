// The CPU's speed for each browser run (issue 28): CPU-bound figures (time to interactive, TBT,
// INP) move with the host's speed, which the floor page does not reveal. Every run records
// Lighthouse's benchmarkIndex (Lighthouse computes it itself; the typing runs evaluate the same
// page function in their Chromium), budgets are stated at REFERENCE_BENCHMARK_INDEX, and a run
// on a CPU much slower than that is marked "machine too busy" and not counted.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * The reference speed: this bench's 2-core AMD EPYC host when nothing else runs on it
 * (Lighthouse's scale: 1000+ is a desktop-class device).
 */
export const REFERENCE_BENCHMARK_INDEX = 1500;
/** Below this share of the reference speed a run is "machine too busy". */
export const TOO_BUSY_SHARE = 0.5;

export const tooBusy = (benchmarkIndex) => Number.isFinite(benchmarkIndex) && benchmarkIndex < REFERENCE_BENCHMARK_INDEX * TOO_BUSY_SHARE;

/** Lighthouse's benchmarkIndex measured in `page` (a Playwright page), before any throttling. */
export function benchmarkIndexIn(page) {
  return page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
}
