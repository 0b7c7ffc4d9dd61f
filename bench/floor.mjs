// The floor: a React 19 page that renders one heading, built in the same run with the same
// Vite, React plugin and precompression (brotli and gzip files beside each asset) as the
// portal, from a tiny project made under the OS temp folder that borrows this repo's
// node_modules (symlink). Its JS is what "React itself" costs; the bench serves it with the
// reference server, as the portal is served.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, addSizes, compressedSizes } from './support.mjs';

const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Página mínima: React 19 com um título." />
    <link rel="icon" href="data:," />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;

const MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Portabilidade</h1>
  </StrictMode>,
);
`;

/** Builds the floor page into `<workDir>/floor-dist` and measures its JS and CSS. */
export async function buildFloor(workDir) {
  const root = join(workDir, 'floor-src');
  const outDir = join(workDir, 'floor-dist');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'main.jsx'), MAIN);
  // A config file, so Vite compiles the repo's TypeScript plugin as it does for the portal.
  writeFileSync(
    join(root, 'vite.config.mjs'),
    [
      `import react from '@vitejs/plugin-react';`,
      `import { precompress } from ${JSON.stringify(join(REPO, 'scripts', 'vite-precompress.ts'))};`,
      `export default { plugins: [react(), precompress()] };`,
    ].join('\n'),
  );
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');

  // Import Vite and the React plugin from this repo, exactly the ones the portal builds with.
  const importFromRepo = (name) => import(pathToFileURL(join(REPO, 'node_modules', name, readEntry(name))).href);
  const { build } = await importFromRepo('vite');
  const started = Date.now();
  await build({
    root,
    configFile: join(root, 'vite.config.mjs'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const buildMs = Date.now() - started;

  const assets = join(outDir, 'assets');
  const files = readdirSync(assets).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));
  const measure = (ext) => addSizes(files.filter((f) => f.endsWith(ext)).map((f) => compressedSizes(readFileSync(join(assets, f)))));
  return { dir: outDir, buildMs, js: measure('.js'), css: measure('.css'), files };
}

/** The ESM entry of a package in node_modules (its `exports["."].import` or `module`/`main`). */
function readEntry(name) {
  const pkg = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8'));
  const dot = pkg.exports?.['.'] ?? pkg.exports;
  const pick = (entry) => (typeof entry === 'string' ? entry : (entry?.import?.default ?? entry?.import ?? entry?.default));
  return pick(dot) ?? pkg.module ?? pkg.main ?? 'index.js';
}
