/**
 * Vite plugin: the home screen paints from index.html alone, then the app loads.
 *
 * - The stylesheet is inlined into index.html, so the HTML's home header and welcome paint
 *   as soon as the HTML is parsed, with no second round trip first.
 * - The tags Vite writes for the entry (its module script and modulepreload links) become
 *   a `{/*app*\/}` table for index.html's inline script, which adds them after that first
 *   paint on home (at once on any other screen). On a slow phone the app's ~90 kB no longer
 *   compete with the first paint, and its evaluation no longer runs before it.
 *
 * All CSS goes into that one stylesheet (no per-chunk CSS: a lazy chunk would otherwise list
 * it among its dependencies and link it again), and the file is not written: only
 * index.html carries it. In development nothing changes: Vite serves index.html's own
 * module script and its CSS.
 */
import type { OutputAsset, OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

export const APP_PLACEHOLDER = '{/*app*/}';

const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

function stylesheets(bundle: OutputBundle): OutputAsset[] {
  return Object.values(bundle).filter((output): output is OutputAsset => output.type === 'asset' && output.fileName.endsWith('.css'));
}

/** index.html with its one stylesheet inlined, and the entry's tags moved into the inline script's table. */
export function paintFirst(html: string, bundle: OutputBundle, base: string): string {
  if (!html.includes(APP_PLACEHOLDER)) throw new Error(`paint first: ${APP_PLACEHOLDER} is missing from index.html`);
  const css = stylesheets(bundle);
  const links = [...html.matchAll(STYLESHEET)];
  if (css.length !== 1 || links.length !== 1 || links[0]?.[1] !== `${base}${css[0]?.fileName}`) {
    throw new Error(`paint first: expected one stylesheet, linked from index.html; found ${css.length} file(s), ${links.length} link(s)`);
  }
  const rules = String(css[0]?.source);
  if (/<\/style/i.test(rules)) throw new Error('paint first: the stylesheet contains "</style" and cannot be inlined');
  delete bundle[css[0]!.fileName];

  const entries = [...html.matchAll(ENTRY_SCRIPT)].map(([, src]) => src);
  if (entries.length !== 1) throw new Error(`paint first: expected one entry module script, found ${entries.length}: ${entries.join(', ')}`);
  const app = { entry: entries[0], preload: [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href) };

  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, () => `<style>${rules}</style>`)
    .replace(APP_PLACEHOLDER, JSON.stringify(app));
}

export function paintFirstPlugin(): Plugin {
  let base = '/';
  return {
    name: 'portabilidade:paint-first',
    apply: 'build',
    config() {
      return { build: { cssCodeSplit: false } };
    },
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        return paintFirst(html, context.bundle, base);
      },
    },
  };
}
