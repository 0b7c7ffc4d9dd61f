/**
 * Vite plugin: opening the portal straight on a lazy screen (a reload on
 * #/acompanhamento) should not wait for the main bundle to run before asking for the
 * screen's own code. index.html's inline script carries a `{/*route-chunks*\/}` table;
 * the build fills it with each lazy screen's chunks (those the main bundle does not already
 * preload), and the script adds a modulepreload link for the screen being opened, so both
 * download at once. A home mode painted from the HTML ('home-new', 'home-track') gets its
 * protocol step the same way: React takes that screen over once the step's code is here
 * (src/app/shell-code.ts; test/app/shell-code.test.ts keeps the two lists the same). Plain home
 * loads nothing extra; in development the table stays empty.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Hash route, or prerendered home mode (its shell's name) → the modules its lazy chunks start from. */
export const LAZY_CODE: Readonly<Record<string, readonly string[]>> = {
  'nova-solicitacao': ['/src/views/nova-solicitacao/nova-solicitacao-page.tsx'],
  acompanhamento: ['/src/views/acompanhamento/acompanhamento-page.tsx'],
  'home-new': ['/src/views/home/protocol-step.tsx'],
  'home-track': ['/src/views/home/protocol-step.tsx', '/src/views/home/forgot-protocol.tsx'],
};

export const ROUTE_CHUNKS_PLACEHOLDER = '{/*route-chunks*/}';

function chunkOf(bundle: OutputBundle, fileName: string): OutputChunk | undefined {
  const output = bundle[fileName];
  return output?.type === 'chunk' ? output : undefined;
}

/** The chunk and every chunk it imports statically, transitively. */
function closure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunkOf(bundle, fileName)?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  return [...seen];
}

export function routeChunks(bundle: OutputBundle, entry: OutputChunk, base: string): Record<string, string[]> {
  const loadedWithEntry = new Set(closure(bundle, entry));
  const table: Record<string, string[]> = {};
  for (const [key, pages] of Object.entries(LAZY_CODE)) {
    const files = new Set<string>();
    for (const page of pages) {
      const chunk = Object.values(bundle).find(
        (output): output is OutputChunk => output.type === 'chunk' && Boolean(output.facadeModuleId?.replaceAll('\\', '/').endsWith(page)),
      );
      if (!chunk) throw new Error(`route preload: no chunk starts at ${page}; is it still lazy?`);
      for (const file of closure(bundle, chunk)) if (!loadedWithEntry.has(file)) files.add(`${base}${file}`);
    }
    table[key] = [...files];
  }
  return table;
}

export function routePreload(): Plugin {
  let base = '/';
  return {
    name: 'portabilidade:route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || !context.chunk) return html;
        if (!html.includes(ROUTE_CHUNKS_PLACEHOLDER))
          throw new Error(`route preload: ${ROUTE_CHUNKS_PLACEHOLDER} is missing from index.html`);
        return html.replace(ROUTE_CHUNKS_PLACEHOLDER, JSON.stringify(routeChunks(context.bundle, context.chunk, base)));
      },
    },
  };
}
