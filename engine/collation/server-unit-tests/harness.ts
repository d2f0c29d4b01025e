/**
 * Harness for the ports of MongoDB's collation unit tests (src/mongo/db/query/collation/*_test.cpp).
 * The C++ tests build a collator with `CollatorFactoryICU::makeFromBSON(spec)` and call
 * `compare(a, b)`: here the spec is a command's `collation` option and a comparison is what a
 * user sees of it: `$eq` matching (find's filter) and the order of `find` with a sort.
 * @internal
 */
import type { Doc, Value } from '../../bson/values.js';
import { canon, ejson, run, testEngine } from '../../commands/testing.js';
import type { Engine } from '../../engine.js';

export { canon, ejson, run, testEngine } from '../../commands/testing.js';

let shared: Engine | undefined;
let counter = 0;

function engine(): Engine {
  shared ??= testEngine();
  return shared;
}

/** A fresh collection name on the shared engine. */
function fresh(): string {
  return `c${++counter}`;
}

/** `[code, errmsg]` of a command's failure, or 'ok'. */
export function outcome(reply: Doc): [number, string] | 'ok' {
  const code = reply.get('code');
  if (code === undefined) {
    const writeError = (reply.get('writeErrors') as Doc[] | undefined)?.[0];
    if (writeError === undefined) return 'ok';
    return [Number(String(writeError.get('code'))), String(writeError.get('errmsg'))];
  }
  return [Number(String(code)), String(reply.get('errmsg'))];
}

/** What `find` with this `collation` option (Extended JSON text) answers: 'ok' or `[code, errmsg]`. */
export function findWith(collation: string): [number, string] | 'ok' {
  return outcome(run(engine(), 't', `{"find": "${fresh()}", "filter": {}, "collation": ${collation}}`));
}

/**
 * The collation a collection created with this `collation` option reports in `listCollections`
 * (canonical Extended JSON), or the creation's error.
 */
export function createdWith(collation: string): string | [number, string] {
  const name = fresh();
  const created = outcome(run(engine(), 't', `{"create": "${name}", "collation": ${collation}}`));
  if (created !== 'ok') return created;
  const reply = run(engine(), 't', `{"listCollections": 1, "filter": {"name": "${name}"}}`);
  const batch = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  const options = batch[0]!.get('options') as Doc;
  const collation_ = options.get('collation');
  return collation_ === undefined ? 'no collation' : ejson(collation_);
}

/** Canonical Extended JSON of a full spec written out with int32 strength. */
export function spec(text: string): string {
  return canon(text);
}

/** The strings of `words` that find's `{w: value}` matches under the collation, in insertion order. */
export function matching(words: readonly string[], value: string, collation: string): string[] {
  const name = fresh();
  const docs = words.map((w, i) => ({ _id: i, w }));
  run(engine(), 't', `{"insert": "${name}", "documents": ${JSON.stringify(docs)}}`);
  const reply = run(
    engine(),
    't',
    `{"find": "${name}", "filter": {"w": ${JSON.stringify(value)}}, "sort": {"_id": 1}, "collation": ${collation}}`,
  );
  return batchOf(reply).map((d) => d.get('w') as string);
}

/** `words` in the order of find's sort `{w: 1, _id: 1}` under the collation. */
export function sorted(words: readonly string[], collation: string): string[] {
  const name = fresh();
  const docs = words.map((w, i) => ({ _id: i, w }));
  run(engine(), 't', `{"insert": "${name}", "documents": ${JSON.stringify(docs)}}`);
  const reply = run(engine(), 't', `{"find": "${name}", "sort": {"w": 1, "_id": 1}, "collation": ${collation}}`);
  return batchOf(reply).map((d) => d.get('w') as string);
}

/**
 * `collator->compare(a, b)` as a user observes it: '=' when `{w: a}` matches b, else '<' or '>'
 * from the order a sort on `w` gives the two.
 */
export function compare(a: string, b: string, collation: string): '<' | '=' | '>' {
  if (matching([b], a, collation).length === 1) return '=';
  const order = sorted([b, a], collation);
  return order[0] === a ? '<' : '>';
}

function batchOf(reply: Doc): Doc[] {
  const cursor = reply.get('cursor') as Doc | undefined;
  if (cursor === undefined) throw new Error(`command failed: ${ejson(reply as Value)}`);
  return cursor.get('firstBatch') as Doc[];
}
