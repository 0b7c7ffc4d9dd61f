/**
 * The browser tier of one machine as a Playwright suite: one test (one page) per path of
 * the covering set (see `coveringPaths`). Each test writes the
 * coverage of every machine it saw; `npm run test:paths` unites and prints them.
 */
import { test } from '../../e2e/support/test';
import type { AnyStateMachine } from 'xstate';
import { allModels } from '../models';
import { BrowserCoverage, browserPath, coveringPaths, runBrowserPath, type BrowserModel } from './browser';
import { generatePaths } from './model';
import { sharedEdgeSpaces, sharedPaths } from './paths-cache';

export function describeBrowserPaths<M extends AnyStateMachine>(bm: BrowserModel<M>): void {
  // A path through a transition excluded from this tier cannot be played here.
  const excluded = new Set((bm.excluded ?? []).map((e) => e.item));
  // Generated once per run: Playwright's main process lists the tests, its workers read them (paths-cache.ts).
  const paths = sharedPaths(bm.model, () => {
    const playable = (bm.paths ? bm.paths() : generatePaths(bm.model, { edgePaths: false })).filter(
      (path) => !path.transitions.flat().some((key) => excluded.has(key)),
    );
    return coveringPaths(playable.map((path) => browserPath(bm, path)));
  });
  // The edges the coverage counts, shared the same way (the first process explored them already).
  sharedEdgeSpaces(bm.model);
  test.describe(`${bm.model.flow} machine paths (browser tier)`, () => {
    // A long journey against the reference server (acceptance PDFs, signatures) on 2 shared cores.
    test.describe.configure({ mode: 'parallel', timeout: 120_000 });
    paths.forEach((path, index) => {
      const steps = [path.start.name, ...path.events.map((e) => e.type.replace(/^xstate\./, ''))].join(' → ');
      test(`${path.kind}: ${path.name} (${steps})`, async ({ page }) => {
        const coverage = new BrowserCoverage(
          allModels.map((m) => ({
            machine: m.machine,
            excluded: [...(m.excluded ?? []), ...(m.machine === bm.model.machine ? (bm.excluded ?? []) : [])],
            invariants: m.invariants,
          })),
          bm.model as never,
        );
        try {
          await runBrowserPath(page, bm, path, coverage);
        } finally {
          coverage.write(`${bm.model.flow}-${String(index).padStart(3, '0')}`);
        }
      });
    });
  });
}
