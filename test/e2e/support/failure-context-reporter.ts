/**
 * Prints what the page showed when a browser test failed (Playwright's error context: the
 * accessibility snapshot of the page). A failure on a CI machine leaves only its output behind;
 * "waiting for the 'Próximo' button" says nothing of whether the page was home, blank, or the
 * wizard behind an open list. Only failures print, and at most MAX_CHARS each.
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_CHARS = 6_000;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    // The snapshot, without the test's source the list reporter already quoted.
    const from = text.indexOf('# Page snapshot');
    const to = text.indexOf('# Test source');
    const snapshot = text.slice(Math.max(from, 0), to > from ? to : undefined).trim();
    const shown =
      snapshot.length > MAX_CHARS ? `${snapshot.slice(0, MAX_CHARS)}\n… (${snapshot.length - MAX_CHARS} more characters)` : snapshot;
    console.log(`\n── What the page showed when "${test.title}" failed:\n${shown}\n`);
  }

  printsToStdio() {
    return false;
  }
}
