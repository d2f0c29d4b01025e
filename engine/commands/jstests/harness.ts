/**
 * Harness for the ports of MongoDB's jstests/core/write/update/: the jstest's shell helpers run
 * through the engine's mongosh client (engine/shell/api.ts) against a deterministic engine, and
 * documents are compared as canonical Extended JSON (field order and BSON types both matter).
 * JavaScript numbers are doubles, as in the shell; `i()` / `l()` make int32 / int64.
 * @internal
 */
import type { Doc, Value } from '../../bson/values.js';
import { ShellClient, type ShellCollection, type ShellDatabase } from '../../shell/api.js';
import { d, i, l, v } from '../../expr/test-helpers.js';
import { ejson, testEngine } from '../testing.js';
import type { Engine } from '../../engine.js';

export { d, i, l, v };
export type Lit = Parameters<typeof v>[0];

export interface Shell {
  readonly engine: Engine;
  readonly db: ShellDatabase;
  /** A collection of `db`, dropped first (each jstest section starts with `coll.drop()`). */
  fresh(name?: string): ShellCollection;
}

export function shell(dbName = 'test'): Shell {
  const engine = testEngine();
  const db = new ShellClient(engine, {}).db(dbName);
  return {
    engine,
    db,
    fresh(name = 'c') {
      const coll = db.collection(name);
      coll.drop();
      return coll;
    },
  };
}

/** Canonical Extended JSON of a value given as a JS literal (or a BSON value). */
export function text(x: Lit | undefined | null): string {
  return x === undefined ? '<missing>' : ejson(v(x));
}

/** Canonical Extended JSON of what the engine returned. */
export function got(x: Value | Doc | undefined | null): string {
  return x === undefined ? '<missing>' : ejson(x);
}

/** Runs `fn` and returns the server error it threw as `{code, errmsg}` (or throws if it did not). */
export function thrown(fn: () => unknown): { code: number; errmsg: string } {
  try {
    fn();
  } catch (e) {
    const x = e as { code?: unknown; errmsg?: unknown; message?: unknown };
    return { code: Number(x.code), errmsg: String(x.errmsg ?? x.message) };
  }
  throw new Error('expected an error');
}
