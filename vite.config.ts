import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress.ts';
import { inlineStylesheetPlugin } from './scripts/vite-inline-stylesheet.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { routePreload } from './scripts/vite-route-preload.ts';
import { earlyReads } from './scripts/vite-early-reads.ts';
import PathSuitesFirst from './test/support/path-suites-first.ts';

// The SPA and the API share one origin in production (the reference server serves both);
// in development Vite proxies the API base path to the reference server.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload(), earlyReads(), inlineStylesheetPlugin(), precompress(), prerender()],
  server: {
    proxy: { '/wslinhafrente': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser that runs this portal's ES2020+ code supports modulepreload.
    modulePreload: { polyfill: false },
    // Everything home loads statically in one file: left alone, rolldown puts React in a
    // chunk of its own (shared with the lazy screens), and two files compress 0.6 kB worse.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    // One worker more than the cores. Every test file owns its server, database and ports, so
    // files can run side by side; several server files wait on child processes and timers, and
    // with one worker per core the step left a fifth of 2 cores idle (/proc/stat sampled over a
    // CI run: 207 of 1,024 core-seconds). The whole step on 2 quiet cores: 2 workers 417 s,
    // 3 workers 362 s, 4 workers 380 s.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: PathSuitesFirst },
    // A PostgreSQL for the PostgreSQL tier: the given one, or a throwaway local one.
    globalSetup: ['test/server/support/postgres-setup.ts'],
    // Stately's parser (@xstate/machine-extractor, test only) still imports two XState 4 modules:
    // its ES build is run through Vite so that they come from the xstate-v4 alias package (the
    // portal's own xstate stays 5).
    alias: [
      {
        find: /^@xstate\/machine-extractor$/,
        replacement: fileURLToPath(
          new URL('./node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js', import.meta.url),
        ),
      },
      { find: /^xstate\/lib\/(types|actions)$/, replacement: 'xstate-v4/es/$1.js' },
    ],
    server: { deps: { inline: ['@xstate/machine-extractor'] } },
  },
});
