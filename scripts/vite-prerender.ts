/**
 * Vite plugin: after the portal's build, renders every shell of src/app/shells.ts with
 * React's own static renderer (src/prerender.tsx, built for Node here) and writes each into
 * index.html as a <template>, where the inline script picks the one for the route being
 * opened and the browser hydrates it (src/main.tsx). The screen paints from the HTML alone,
 * before any script; it is the same <App>, so nothing is kept in step by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { compressFile } from './vite-precompress.ts';

export const SHELLS_PLACEHOLDER = '<!--shells-->';

interface PrerenderModule {
  SHELLS: Record<string, unknown>;
  renderShell(name: string): Promise<string>;
}

/** index.html with one <template id="shell-NAME"> per rendered shell in place of the placeholder. */
export function withShells(html: string, shells: Readonly<Record<string, string>>): string {
  if (!html.includes(SHELLS_PLACEHOLDER)) throw new Error(`prerender: ${SHELLS_PLACEHOLDER} is missing from index.html`);
  const templates = Object.entries(shells).map(([name, markup]) => {
    if (/<script/i.test(markup)) throw new Error(`prerender: the ${name} shell contains a script; the page's CSP allows none`);
    return `<template id="shell-${name}">${markup}</template>`;
  });
  return html.replace(SHELLS_PLACEHOLDER, () => templates.join('\n    '));
}

async function renderShells(config: ResolvedConfig): Promise<Record<string, string>> {
  const outDir = resolve(config.root, 'build', 'prerender');
  await build({
    root: config.root,
    mode: config.mode,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // Everything in one file, so Node runs it without resolving packages' CommonJS exports.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs', codeSplitting: false } },
    },
  });
  const module = (await import(`${pathToFileURL(join(outDir, 'prerender.mjs')).href}?${Date.now()}`)) as PrerenderModule;
  const shells: Record<string, string> = {};
  for (const name of Object.keys(module.SHELLS)) shells[name] = await module.renderShell(name);
  return shells;
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portabilidade:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (config.build.ssr) return;
        const indexPath = resolve(config.root, config.build.outDir, 'index.html');
        writeFileSync(indexPath, withShells(readFileSync(indexPath, 'utf8'), await renderShells(config)));
        compressFile(indexPath);
      },
    },
  };
}
