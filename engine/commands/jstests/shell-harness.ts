/**
 * Harness for the ports of MongoDB's jstests/core/write/: a real engine driven the way a jstest
 * drives the server — through the mongosh-like shell (engine/shell) for `db.c.update(q, u, upsert,
 * multi)` and the other helpers, or by `runCommand` — with answers read back as canonical Extended
 * JSON, so field order and BSON types are part of every comparison.
 * @internal
 */
import { parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import type { Engine } from '../../engine.js';
import {
  createShellSession,
  shellOutputToValue,
  type ShellErrorInfo,
  type ShellInterpreter,
} from '../../shell/index.js';
import { canon, counterObjectIds, testEngine } from '../testing.js';

export class JsShell {
  readonly engine: Engine;
  private readonly session: ShellInterpreter;

  constructor(engine: Engine = testEngine()) {
    this.engine = engine;
    this.session = createShellSession(engine, { newObjectId: counterObjectIds(), now: () => new Date(0) });
  }

  /** Runs one shell statement (or several; the last one's value) and returns its value; throws on an error. */
  value(script: string): Value | undefined {
    const results = this.session.run(script);
    const last = results[results.length - 1];
    if (last === undefined) return undefined;
    const failed = results.find((r) => r.output.kind === 'error');
    if (failed !== undefined && failed.output.kind === 'error') {
      throw new Error(`${failed.source}: ${failed.output.error.display}`);
    }
    return shellOutputToValue(last.output);
  }

  /** Runs statements and returns the canonical Extended JSON of the last one's value. */
  ejson(script: string): string {
    const v = this.value(script);
    return v === undefined ? 'undefined' : stringifyEJSON(v);
  }

  /** Runs one statement that must fail and returns the shell's error. */
  error(script: string): ShellErrorInfo {
    const [result] = this.session.run(script);
    if (result?.output.kind !== 'error') throw new Error(`${script}: no error`);
    return result.output.error;
  }

  /** Runs a command document (Extended JSON text) on `db` as `db.runCommand` sends it. */
  command(text: string, db = 'test'): Doc {
    return this.engine.runCommand(db, parseEJSONDoc(text));
  }

  /** The collection's documents in `_id` order, as canonical Extended JSON. */
  docs(collection: string, db = 'test'): string {
    const reply = this.command(`{"find": "${collection}", "sort": {"_id": 1}}`, db);
    return stringifyEJSON((reply.get('cursor') as Doc).get('firstBatch') as Value);
  }
}

/** Canonical Extended JSON of relaxed-looking text: `x(' {"a": 1} ')` for comparisons with JsShell's answers. */
export const x = canon;
