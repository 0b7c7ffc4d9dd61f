// Compiles the reference server (server/main.ts and what it imports, the shared contract
// included) into one ES module, so production runs plain JavaScript instead of compiling
// TypeScript at start through the tsx loader (about 50 MB less resident memory and a
// faster start). Packages stay in node_modules (not bundled). esbuild is a devDependency, like Vite.
//
//   node scripts/build-server.mjs            → build/server/main.mjs (when a source changed)
//   node scripts/build-server.mjs --force    → always
//
// Files the server finds next to its sources (migrations, seed images, package.json) are
// still read from there: each module's `import.meta.url` is its own source file's URL.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isCurrent, listInputs, writeStamp } from './build-stamp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(ROOT, 'build', 'server', 'main.mjs');
const STAMP = `${SERVER_BUNDLE}.inputs.json`;
/** Besides the modules esbuild bundled (its metafile lists them): what decides how it bundles. */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'scripts/build-server.mjs', 'scripts/build-stamp.mjs'];
/** Folders the server's modules (and the files it reads beside them) come from. */
const WATCHED = ['server', 'contract', 'src/api', 'machines'];

export function serverBundleIsCurrent() {
  return existsSync(SERVER_BUNDLE) && isCurrent(ROOT, STAMP, { inputs: listInputs(ROOT, [...BUILD_INPUTS, ...WATCHED]) });
}

/** Gives each bundled module its source file's import.meta.url, from the bundle's own. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(SERVER_BUNDLE), args.path).split('\\').join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/**
 * Node options the server runs with. A young generation of 2 MB semispaces (default 16 MB):
 * the server's garbage is short-lived request objects and upload chunks, and a smaller
 * nursery kept the peak RSS with 4 uploads at once ~40 MB lower with no loss in lookups.
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=2'];

/** The command line (after `node`) that runs the compiled server, building it if needed. */
export async function serverArgs() {
  return [...SERVER_NODE_OPTIONS, await buildServer()];
}

/** Builds when a source is newer than the bundle (or `force`); resolves to the bundle's path. */
export async function buildServer({ force = false } = {}) {
  if (!force && serverBundleIsCurrent()) return SERVER_BUNDLE;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceUrls],
    metafile: true,
    write: false,
  });
  // Several servers may start at once (browser tests, bench): each file appears whole.
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  const bundled = Object.keys(result.metafile.inputs).map((input) => relative(ROOT, resolve(ROOT, input)).split('\\').join('/'));
  const ownModules = bundled.filter((file) => !file.startsWith('node_modules/'));
  writeStamp(ROOT, STAMP, { inputs: listInputs(ROOT, [...BUILD_INPUTS, ...WATCHED, ...ownModules]) });
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildServer({ force: process.argv.includes('--force') });
  console.log(`server: ${relative(ROOT, out)}`);
}
