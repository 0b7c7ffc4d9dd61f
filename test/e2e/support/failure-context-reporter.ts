/**
 * Prints what the page showed when a browser test failed: Playwright's error context (the
 * accessibility snapshot of the page) and the errors the page threw or logged (support/test.ts).
 * A failure on a CI machine leaves only its output behind; "waiting for the 'Próximo' button"
 * says nothing of whether the page was home, blank, an error screen, or the wizard behind an
 * open list. Only failures print: at most MAX_CHARS of the snapshot, and the errors as
 * support/test.ts kept them (already bounded there).
 */
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_CHARS = 6_000;

type Attachment = TestResult['attachments'][number];

function textOf(attachment: Attachment | undefined): string | null {
  if (!attachment) return null;
  if (attachment.body) return attachment.body.toString('utf8');
  if (!attachment.path) return null;
  try {
    return readFileSync(attachment.path, 'utf8');
  } catch {
    return null;
  }
}

/** Over the cap, the start and the end: what opened last (a list, a dialog) is at the end of the page. */
function capped(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  const head = Math.floor(MAX_CHARS / 4);
  return `${text.slice(0, head)}\n… (${text.length - MAX_CHARS} characters left out) …\n${text.slice(head - MAX_CHARS)}`;
}

/** The snapshot part of the error context, without the test's source the list reporter already quoted. */
function pageSnapshot(context: string): string {
  const from = context.indexOf('# Page snapshot');
  const to = context.indexOf('# Test source');
  return context.slice(Math.max(from, 0), to > from ? to : undefined).trim();
}

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const context = textOf(result.attachments.find((attachment) => attachment.name === 'error-context'));
    const errors = textOf(result.attachments.find((attachment) => attachment.name === 'browser-errors'));
    if (context) console.log(`\n── What the page showed when "${test.title}" failed:\n${capped(pageSnapshot(context))}\n`);
    if (errors) console.log(`── What the page threw or logged as an error during "${test.title}":\n${errors}\n`);
  }

  printsToStdio() {
    return false;
  }
}
