/**
 * Vite plugin: after a production build, writes `<file>.br` (brotli 11) and `<file>.gz`
 * (gzip 9) beside every text asset, so the reference server sends compressed bytes with no
 * CPU per request (@fastify/static `preCompressed`). A variant that would not be smaller is
 * not written; the server then sends the original.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

export function compressFile(path: string): void {
  const original = readFileSync(path);
  const brotli = brotliCompressSync(original, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
    },
  });
  const gzip = gzipSync(original, { level: 9 });
  if (brotli.length < original.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < original.length) writeFileSync(`${path}.gz`, gzip);
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portabilidade:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the files are written (a failed build writes none, and its error stays the one shown).
    writeBundle() {
      for (const path of filesUnder(outDir)) {
        if (COMPRESSIBLE.has(extname(path))) compressFile(path);
      }
    },
  };
}
