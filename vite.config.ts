/**
 * One Vite config for three jobs, chosen by `mode`:
 * - the page (`vite`, `vite build`, `vite preview`): React, module worker, output in dist/;
 * - the engine library (`vite build --mode engine`): dist/engine.js, an ES module for plain Node
 *   that imports `bson` and `decimal.js` from node_modules instead of bundling a second copy, so a
 *   caller's BSON values are the engine's own;
 * - the unit tests (vitest reads the `test` block).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Packages the engine library leaves to node_modules (bare names and their subpaths). */
const engineExternals = ['bson', 'decimal.js'];

/**
 * The page build and the engine build share dist/, so neither may empty it wholesale: the page
 * build only removes its own previous output (index.html and assets/).
 */
function cleanPageOutput(): Plugin {
  return {
    name: 'upsert-lab:clean-page-output',
    apply: 'build',
    buildStart() {
      rmSync(`${root}dist/assets`, { recursive: true, force: true });
      rmSync(`${root}dist/index.html`, { force: true });
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'engine') {
    return {
      publicDir: false,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'node20',
        minify: false,
        sourcemap: true,
        lib: {
          entry: `${root}scripts/engine-entry.ts`,
          formats: ['es'],
          fileName: () => 'engine.js',
        },
        rolldownOptions: {
          external: (id: string) =>
            engineExternals.some((name) => id === name || id.startsWith(`${name}/`)) ||
            id.startsWith('node:'),
        },
      },
    };
  }

  return {
    plugins: [react(), cleanPageOutput()],
    worker: { format: 'es' },
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
    },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    test: {
      environment: 'node',
      // CI has 2 cores; property tests and the lint-rule test (which loads ESLint's type-aware
      // rules once) can exceed vitest's 5 s default there without anything being wrong.
      testTimeout: 30_000,
      include: [
        'engine/**/*.test.ts',
        'web/**/*.test.ts',
        'scripts/**/*.test.ts',
        'cli/**/*.test.ts',
        'conformance/**/*.test.ts',
        'server/**/*.test.ts',
        'compare/**/*.test.ts',
      ],
      exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    },
  };
});
