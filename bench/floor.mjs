// The floor: a React 19 page that renders one heading, built in the same run with the same
// Vite and React plugin as the portal, from a tiny project made under the OS temp folder
// that borrows this repo's node_modules (symlink). Its JS is what "React itself" costs.
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
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');

  // Import Vite and the React plugin from this repo, exactly the ones the portal builds with.
  const importFromRepo = (name) => import(pathToFileURL(join(REPO, 'node_modules', name, readEntry(name))).href);
  const { build } = await importFromRepo('vite');
  const { default: react } = await importFromRepo('@vitejs/plugin-react');
  const started = Date.now();
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const buildMs = Date.now() - started;

  const assets = join(outDir, 'assets');
  const files = readdirSync(assets);
  const measure = (ext) => addSizes(files.filter((f) => f.endsWith(ext)).map((f) => compressedSizes(readFileSync(join(assets, f)))));
  return { dir: outDir, buildMs, js: measure('.js'), css: measure('.css'), files };
}

/** The ESM entry of a package in node_modules (its `exports["."].import` or `module`/`main`). */
function readEntry(name) {
  const pkg = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8'));
  const dot = pkg.exports?.['.'] ?? pkg.exports;
  const pick = (entry) => (typeof entry === 'string' ? entry : entry?.import?.default ?? entry?.import ?? entry?.default);
  return pick(dot) ?? pkg.module ?? pkg.main ?? 'index.js';
}
