/**
 * Vite plugin: a screen's data should start coming when the HTML arrives, not when the code
 * has run (issue 28). index.html's inline script carries an `{/*early-reads*\/}` table; the
 * build fills it with the tracking screen's four reads and home's branding reads (the
 * contract's paths under the API base the app is built with, each with the Accept header the
 * client sends) and the names of the headers the client sends, so the script starts those
 * reads and the app's first call of each takes the answer (src/api/early-reads.ts). Nothing
 * is copied: a path or query changed in the contract or the app's reads changes here at the
 * next build. In development the table stays empty (no reads).
 */
import type { Plugin } from 'vite';
import { DEFAULT_API_BASE, HEADERS, acceptHeaderOf, routes, type EndpointInput, type EndpointName } from '../contract/api.ts';
import { HOME_BRANDING, brandingReads } from '../src/flows/branding/branding-reads.ts';
import { TRACKING_SCREEN_READS } from '../src/flows/tracking/screen-reads.ts';

export const EARLY_READS_PLACEHOLDER = '{/*early-reads*/}';

/** The query parameter that names the plan in every branding read. */
const PLAN_PARAM = 'cdEmpresaPlano' satisfies keyof EndpointInput<'setting'> & keyof EndpointInput<'operatorKey'>;

/** A read the script may start: its URL without query, and the Accept header the client sends. */
export interface EarlyReadTarget {
  url: string;
  accept: string;
}

export interface EarlyReadsTable {
  /** The tracking screen's reads, each asked with `?protocolo=` of the stored session. */
  acompanhamento: EarlyReadTarget[];
  /**
   * Home's (#/home/<plan>) branding reads, each with its query in the order the client
   * writes it; the script sets `planParam` to the route's plan.
   */
  home: (EarlyReadTarget & { query: Record<string, string> })[];
  planParam: string;
  frameHeader: string;
  authorizationHeader: string;
}

export function earlyReadsTable(apiBase: string): EarlyReadsTable {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  const target = (name: EndpointName): EarlyReadTarget => ({
    url: `${base}${routes[name].path}`,
    accept: acceptHeaderOf(routes[name].responseKind),
  });
  return {
    acompanhamento: TRACKING_SCREEN_READS.map(target),
    home: brandingReads('', HOME_BRANDING).map(({ name, input }) => ({
      ...target(name),
      query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
    })),
    planParam: PLAN_PARAM,
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
