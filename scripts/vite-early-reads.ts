/**
 * Vite plugin: tracking's answer is data, so its wait should start when the HTML arrives, not
 * when the code has run (issue 28). index.html's inline script carries an `{/*early-reads*\/}`
 * table; the build fills it with the URLs of the tracking screen's four reads (the contract's
 * paths under the API base the app is built with) and the names of the headers the client
 * sends, so the script starts those reads from the stored session and the app's first call of
 * each takes the answer (src/api/early-reads.ts). Nothing is copied: a path changed in the
 * contract changes here at the next build. In development the table stays empty (no reads).
 */
import type { Plugin } from 'vite';
import { DEFAULT_API_BASE, HEADERS, routes } from '../contract/api.ts';
import { TRACKING_SCREEN_READS } from '../src/flows/tracking/screen-reads.ts';

export const EARLY_READS_PLACEHOLDER = '{/*early-reads*/}';

export interface EarlyReadsTable {
  /** Hash route → the URLs (without query) of the reads that screen starts with. */
  acompanhamento: string[];
  frameHeader: string;
  authorizationHeader: string;
}

export function earlyReadsTable(apiBase: string): EarlyReadsTable {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  return {
    acompanhamento: TRACKING_SCREEN_READS.map((name) => `${base}${routes[name].path}`),
    frameHeader: HEADERS.frameOptions,
    authorizationHeader: HEADERS.authorization,
  };
}

export function earlyReads(): Plugin {
  let apiBase = DEFAULT_API_BASE;
  return {
    name: 'portabilidade:early-reads',
    apply: 'build',
    configResolved(config) {
      // The same base the app's client uses (src/app/services.ts).
      apiBase = (config.env.VITE_API_BASE as string | undefined) || DEFAULT_API_BASE;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(EARLY_READS_PLACEHOLDER)) throw new Error(`early reads: ${EARLY_READS_PLACEHOLDER} is missing from index.html`);
        return html.replace(EARLY_READS_PLACEHOLDER, JSON.stringify(earlyReadsTable(apiBase)));
      },
    },
  };
}
