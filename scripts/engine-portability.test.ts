/**
 * The engine must run where a Web Worker runs, not only in Node: this bundles it (with bson) and
 * executes it in a `node:vm` context that has the ECMAScript built-ins plus only the globals a
 * worker also has (crypto, TextEncoder, console …) — no `process`, `require`, `Buffer`, `window`
 * or `document`. The lint rules catch direct uses; this catches indirect ones (a dependency that
 * reaches for Node, a forgotten global). After js-bson's `check:web` run.
 */
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { webcrypto } from 'node:crypto';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}node_modules/.cache/engine-portability-test-${process.pid}`;
let bundle = '';

beforeAll(async () => {
  await build({
    configFile: false,
    root,
    logLevel: 'error',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      lib: {
        entry: `${root}scripts/engine-entry.ts`,
        formats: ['iife'],
        name: 'UpsertLabEngine',
        fileName: () => 'engine.iife.js',
      },
    },
  });
  bundle = readFileSync(`${outDir}/engine.iife.js`, 'utf8');
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A realm with what both a browser worker and Node provide, and nothing host-specific. */
function workerLikeContext(): object {
  return createContext({
    console,
    crypto: webcrypto,
    TextEncoder,
    TextDecoder,
    atob,
    btoa,
    queueMicrotask,
    structuredClone,
    setTimeout,
    clearTimeout,
  });
}

describe('engine portability', () => {
  it('runs commands in a realm without Node or DOM globals', () => {
    const context = workerLikeContext();
    runInContext(bundle, context, { filename: 'engine.iife.js' });
    const outcome = runInContext(
      `(() => {
        const { Engine, bson } = UpsertLabEngine;
        const engine = new Engine();
        const doc = (entries) => new Map(entries);
        const insert = engine.runCommand('test', doc([
          ['insert', 'c'],
          ['documents', [doc([['_id', new bson.Int32(1)], ['n', new bson.Int32(41)]])]],
        ]));
        const update = engine.runCommand('test', doc([
          ['update', 'c'],
          ['updates', [doc([['q', doc([['_id', new bson.Int32(1)]])], ['u', doc([['$inc', doc([['n', new bson.Int32(1)]])]])]])]],
        ]));
        const found = engine.runCommand('test', doc([['find', 'c']]));
        const first = found.get('cursor').get('firstBatch')[0];
        return JSON.stringify({
          insertOk: Number(insert.get('ok')),
          nModified: Number(update.get('nModified')),
          n: first.get('n').value,
          nType: first.get('n')._bsontype,
        });
      })()`,
      context,
    ) as string;
    expect(JSON.parse(outcome)).toEqual({ insertOk: 1, nModified: 1, n: 42, nType: 'Int32' });
  });

  it('has no Node or DOM globals in that realm (the check above would be vacuous otherwise)', () => {
    const context = workerLikeContext();
    const missing = runInContext(
      `['process', 'require', 'Buffer', 'window', 'document', 'global'].filter((name) => typeof globalThis[name] !== 'undefined')`,
      context,
    ) as string[];
    expect([...missing]).toEqual([]);
  });
});
