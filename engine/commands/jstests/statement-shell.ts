/**
 * Harness for the ports of MongoDB's write jstests: a deterministic engine driven through the
 * mongosh front end (engine/shell), statement by statement, as the jstests drive the server
 * through the shell. `js(stmt)` answers the statement's value as canonical Extended JSON (field
 * order and BSON types both matter), or throws a `ShellFailure` with mongosh's error fields.
 * @internal
 */
import { parseEJSON, stringifyEJSON } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { parseDocumentsText } from '../../shell/document-literal.js';
import { createShellSession, shellOutputToValue, type ShellErrorInfo } from '../../shell/index.js';
import type { Engine } from '../../engine.js';
import { counterObjectIds, testEngine } from '../testing.js';

export class ShellFailure extends Error {
  constructor(readonly info: ShellErrorInfo) {
    super(info.display);
  }
  get code(): number | undefined {
    return this.info.code;
  }
}

export interface JsShell {
  readonly engine: Engine;
  /** Runs one or more statements; answers the last one's value as canonical Extended JSON. */
  js(text: string): string;
  /** Runs statements expecting the last to fail; answers mongosh's error fields. */
  fails(text: string): ShellErrorInfo;
  /** The collection's documents in natural order, as canonical Extended JSON. */
  contents(collection: string): string;
}

/** A fresh engine and mongosh session on database `test` (client ObjectIds 0…01, 0…02 …, engine ones from a separate counter). */
export function jsShell(options: { topology?: 'replicaset' } = {}): JsShell {
  const engine = testEngine(options);
  const session = createShellSession(engine, {
    newObjectId: counterObjectIds(0x100),
    now: () => new Date('2026-01-02T03:04:05.678Z'),
  });
  const last = (text: string) => {
    const results = session.run(text);
    const result = results[results.length - 1];
    if (result === undefined) throw new Error('no statement ran');
    return result;
  };
  return {
    engine,
    js(text) {
      const result = last(text);
      if (result.output.kind === 'error') throw new ShellFailure(result.output.error);
      const value = shellOutputToValue(result.output);
      return value === undefined ? 'undefined' : stringifyEJSON(value);
    },
    fails(text) {
      const result = last(text);
      if (result.output.kind !== 'error') throw new Error(`expected a failure, got ${result.output.kind}`);
      return result.output.error;
    },
    contents(collection) {
      return stringifyEJSON(engine.documents('test', collection));
    },
  };
}

/** Canonical Extended JSON of Extended JSON text (ints → int32, 1.0 → double). */
export { canon } from '../testing.js';

/** A reply document's field, for assertions on parts of a reply. */
export function field(json: string, name: string): Value | undefined {
  return (parseEJSON(json) as Doc).get(name);
}

/**
 * Canonical Extended JSON of documents written as in a jstest (mongosh syntax: `{_id: 1, a: 'x'}`;
 * integral numbers are int32, others double): one document, or `[…]` for a list.
 */
export function lit(text: string): string {
  const parsed = parseDocumentsText(text);
  if (!parsed.ok) throw new Error(`not documents: ${parsed.message}`);
  return stringifyEJSON(text.trim().startsWith('[') ? [...parsed.documents] : (parsed.documents[0] as Doc));
}
