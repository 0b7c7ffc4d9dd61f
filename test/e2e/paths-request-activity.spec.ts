/**
 * Browser tier of the loading overlay (machines/request-activity.machine.ts): the unit
 * tier's journeys, played with the page's real requests (see test/paths/ui/request-activity.ui.ts).
 * At load the home screen sends its branding and tooltip requests at once: that is the
 * "several requests pending" the journeys need.
 */
import { expect, test } from './support/test';
import { BrowserCoverage, checkMarkers, installObserver, reach } from '../paths/framework/browser';
import { allModels } from '../paths/models';
import { HOME_BOOT_REQUESTS } from '../paths/models/request-activity.model';
import { HeldRequests, requestActivityMarkers } from '../paths/ui/request-activity.ui';

const ID = 'requestActivity';

async function boot(page: import('@playwright/test').Page, coverage: BrowserCoverage) {
  const t0 = Date.now();
  const log = (label: string) => process.env.PATHS_DEBUG && console.log(`${Date.now() - t0} ms ${label}`);
  const network = new HeldRequests();
  await page.addInitScript(installObserver);
  await network.install(page);
  await page.goto('/#/home/1', { waitUntil: 'commit' });
  log('loaded');
  await network.waitFor(HOME_BOOT_REQUESTS);
  log('held');
  await reach(page, ID, coverage, 'busy', 'the home screen loading');
  log('busy');
  await checkMarkers(page, requestActivityMarkers, 'busy', undefined, 'the home screen loading');
  await coverage.judge(page, ID, 'the home screen loading');
  return network;
}

const newCoverage = () => new BrowserCoverage(allModels);

test.describe('request-activity machine paths (browser tier)', () => {
  test.describe.configure({ mode: 'parallel' });

  test('journey: overlapping requests keep the overlay until the last one finishes', async ({ page }) => {
    const coverage = newCoverage();
    try {
      const network = await boot(page, coverage);
      while (network.held.length > 1) {
        await network.release();
        await expect
          .poll(async () => {
            await coverage.drain(page);
            return coverage.recorder(ID)?.takenTransitions.has('busy|REQUEST_FINISHED|1');
          })
          .toBe(true);
        await checkMarkers(page, requestActivityMarkers, 'busy', undefined, 'one of several requests finished');
        await coverage.judge(page, ID, 'one of several requests finished');
      }
      await network.release();
      await reach(page, ID, coverage, 'idle', 'the last request finished');
      await checkMarkers(page, requestActivityMarkers, 'idle', undefined, 'the last request finished');
      await coverage.judge(page, ID, 'the last request finished');
    } finally {
      await coverage.drain(page);
      coverage.recorder(ID)!.paths += 1;
      coverage.write('request-activity-000');
    }
  });

  test('journey: a failed request hides the overlay at once, even with others pending; the next request shows it again', async ({
    page,
  }) => {
    const coverage = newCoverage();
    try {
      const network = await boot(page, coverage);
      await network.fail();
      await reach(page, ID, coverage, 'idle', 'a request failed for good');
      expect(network.held.length, 'other requests are still pending').toBeGreaterThan(0);
      await checkMarkers(page, requestActivityMarkers, 'idle', undefined, 'a request failed for good');
      await coverage.judge(page, ID, 'a request failed for good');
      while (network.held.length) await network.release();
      // A new request after the failure: a protocol lookup, held, shows the overlay again.
      await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
      await page.getByRole('textbox', { name: 'Digite o protocolo', exact: true }).fill('48213907561238470015');
      await page.getByRole('button', { name: 'Prosseguir' }).click();
      await network.waitFor(1);
      await reach(page, ID, coverage, 'busy', 'a lookup after the failure');
      await checkMarkers(page, requestActivityMarkers, 'busy', undefined, 'a lookup after the failure');
      await coverage.judge(page, ID, 'a lookup after the failure');
      network.holding = false;
      while (network.held.length) await network.release();
      await expect(page.getByRole('heading', { name: /Acompanhar Solicitação/ })).toBeVisible();
    } finally {
      await coverage.drain(page);
      coverage.recorder(ID)!.paths += 1;
      coverage.write('request-activity-001');
    }
  });
});
