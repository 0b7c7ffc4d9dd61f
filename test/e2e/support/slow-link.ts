/**
 * A slow link for the early-reads specs: the app's entry script arrives seconds after the
 * page, so reads the HTML's inline script starts can be told from the app's own. Records when
 * each named read was sent (every attempt) and when the entry finished arriving.
 */
import type { Page } from '@playwright/test';

const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const ENTRY_DELAY_MS = 2_500;

export interface Timeline<Name extends string> {
  reads: Record<Name, number[]>;
  entryFinished: number | null;
}

/** Call before the page opens: holds the entry back and starts recording `reads`. */
export async function onSlowLink<Name extends string>(page: Page, reads: Record<Name, RegExp>): Promise<Timeline<Name>> {
  const names = Object.keys(reads) as Name[];
  const timeline: Timeline<Name> = {
    reads: Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<Name, number[]>,
    entryFinished: null,
  };
  page.on('request', (request) => {
    for (const name of names) if (reads[name].test(request.url())) timeline.reads[name].push(Date.now());
  });
  page.on('requestfinished', (request) => {
    if (ENTRY.test(request.url())) timeline.entryFinished = Date.now();
  });
  await page.route(ENTRY, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS));
    await route.continue();
  });
  return timeline;
}
