/**
 * Vite plugin: the one stylesheet goes inline into index.html, so the prerendered screen in
 * the HTML paints as soon as it is parsed, with no second round trip for its CSS first.
 *
 * All CSS goes into that one stylesheet (no per-chunk CSS: a lazy chunk would otherwise list
 * it among its dependencies and link it again), and the file is not written: only
 * index.html carries it. In development nothing changes: Vite serves the CSS itself.
 */
import type { OutputAsset, OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

function stylesheets(bundle: OutputBundle): OutputAsset[] {
  return Object.values(bundle).filter((output): output is OutputAsset => output.type === 'asset' && output.fileName.endsWith('.css'));
}

/** index.html with its one stylesheet inlined (and left out of the files written). */
export function inlineStylesheet(html: string, bundle: OutputBundle, base: string): string {
  const css = stylesheets(bundle);
  const links = [...html.matchAll(STYLESHEET)];
  if (css.length !== 1 || links.length !== 1 || links[0]?.[1] !== `${base}${css[0]?.fileName}`) {
    throw new Error(
      `inline stylesheet: expected one stylesheet, linked from index.html; found ${css.length} file(s), ${links.length} link(s)`,
    );
  }
  const rules = String(css[0]?.source);
  if (/<\/style/i.test(rules)) throw new Error('inline stylesheet: the stylesheet contains "</style" and cannot be inlined');
  delete bundle[css[0]!.fileName];
  return html.replace(STYLESHEET, () => `<style>${rules}</style>`);
}

export function inlineStylesheetPlugin(): Plugin {
  let base = '/';
  return {
    name: 'portabilidade:inline-stylesheet',
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
        return inlineStylesheet(html, context.bundle, base);
      },
    },
  };
}
