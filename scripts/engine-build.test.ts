/**
 * `npm run build:engine` must give plain Node an ES module that exports `Engine` and the very
 * `bson` module it uses, importing bson and decimal.js from node_modules instead of bundling them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as bson from 'bson';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside node_modules so the built file's bare `bson` import resolves as it does from dist/.
const outDir = `${root}node_modules/.cache/engine-build-test-${process.pid}`;

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('engine library build', () => {
  it('emits dist/engine.js for plain Node with bson and decimal.js left external', { timeout: 60_000 }, async () => {
    execFileSync(`${root}node_modules/.bin/vite`, ['build', '--mode', 'engine', '--outDir', outDir, '--logLevel', 'error'], {
      cwd: root,
      stdio: 'pipe',
    });
    const file = `${outDir}/engine.js`;
    const source = readFileSync(file, 'utf8');
    expect(source).toMatch(/from ["']bson["']/);
    // bson's own implementation (e.g. its Decimal128 parser) must not be inlined.
    expect(source).not.toContain('class Decimal128');
    expect(source).not.toMatch(/\bfrom ["']node:/);

    const built = (await import(pathToFileURL(file).href)) as { Engine: new () => unknown; bson: typeof bson };
    expect(typeof built.Engine).toBe('function');
    expect(built.bson.Int32).toBe(bson.Int32);
    expect(built.bson.Long).toBe(bson.Long);
  });
});
