/**
 * Playwright's `test`, with the page's own errors kept for a failure: what the page threw and
 * logged as an error is attached to a failed test, and the failure reporter prints it
 * (failure-context-reporter.ts). A CI run leaves only its output behind: "the button was not
 * found" then comes with the error that took the screen away, if one did.
 */
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** At most this much of the page's errors is kept (a test that provokes errors logs many). */
const MAX_CHARS = 6_000;

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
      await testInfo.attach('browser-errors', { body: errors.join('\n').slice(-MAX_CHARS), contentType: 'text/plain' });
    }
  },
});
