/**
 * A multi-update's collection scan reads each record when it reaches it instead of copying the
 * collection first (`AccessPlan.forEachCandidate`, `RecordStore.forEachRecord`). Guard: the
 * streamed `updateMany` gives what the server's semantics give — every document that matched
 * when the statement started is updated exactly once, in scan order, and nothing else — over
 * generated documents (int32/int64/double/decimal/NaN/null/missing/strings/arrays), filters on the
 * fields the update changes, modifier and pipeline updates, with and without an index on `a`, a
 * `$natural` hint either way and a collation. The reference finds the matching `_id`s first and
 * then updates each by `_id` alone: the same documents, the same `n`/`nModified`, the same oplog
 * entries (`op`, `ns`, `o`, `o2`) in the same order, and the same write error where one stops it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import type { Engine } from '../../engine.js';
import { run, testEngine } from '../testing.js';

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((n) => `${n}`),
  fc.constantFrom(
    '2.5',
    '-0.0',
    '{"$numberDouble": "NaN"}',
    '{"$numberLong": "2"}',
    '{"$numberLong": "-1"}',
    '{"$numberDecimal": "1.5"}',
    'null',
    '"x"',
    '"B"',
    '"b"',
  ),
);
const field = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`));
const docText = (id: number, a: string | undefined, arr: string | undefined): string =>
  `{"_id": ${id}${a === undefined ? '' : `, "a": ${a}`}${arr === undefined ? '' : `, "arr": ${arr}`}}`;
const docs = fc.array(fc.tuple(fc.option(field, { nil: undefined }), fc.option(field, { nil: undefined })), {
  minLength: 1,
  maxLength: 12,
});
const filter = fc.oneof(
  fc.constant('{}'),
  scalar.map((v) => `{"a": {"$gte": ${v}}}`),
  scalar.map((v) => `{"a": {"$lt": ${v}}}`),
  scalar.map((v) => `{"a": ${v}}`),
  fc.tuple(scalar, scalar).map(([x, y]) => `{"a": {"$in": [${x}, ${y}]}}`),
  scalar.map((v) => `{"arr": {"$elemMatch": {"$gte": ${v}}}}`),
  scalar.map((v) => `{"$or": [{"a": {"$exists": false}}, {"arr": ${v}}]}`),
);
const update = fc.oneof(
  fc.constant('{"$inc": {"a": 1}}'),
  fc.constant('{"$mul": {"a": 2}}'),
  scalar.map((v) => `{"$set": {"a": ${v}}}`),
  fc.constant('{"$unset": {"a": 1}}'),
  scalar.map((v) => `{"$push": {"arr": ${v}}}`),
  fc.constant('{"$set": {"arr.$[]": 0}}'),
  fc.constant('[{"$set": {"a": {"$add": ["$a", 1]}}}]'),
  fc.constant('[{"$set": {"arr": {"$concatArrays": [{"$ifNull": ["$arr", []]}, [1]]}}}]'),
);
const options = fc.record({
  index: fc.boolean(),
  natural: fc.constantFrom(undefined, 1, -1),
  collation: fc.boolean(),
});

function setUp(texts: readonly string[], withIndex: boolean): Engine {
  const engine = testEngine({ topology: 'replicaset' });
  run(engine, 'test', '{"create": "c"}');
  if (withIndex) run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
  run(engine, 'test', `{"insert": "c", "documents": [${texts.join(', ')}]}`);
  return engine;
}

function oplogOf(engine: Engine, from: number): string[] {
  return engine
    .oplogEntries()
    .slice(from)
    .filter((e) => e.get('ns') === 'test.c')
    .map((e) => stringifyEJSON(new Map(['op', 'ns', 'o', 'o2'].filter((k) => e.has(k)).map((k) => [k, e.get(k)!]))));
}

function documentsOf(engine: Engine): string {
  return stringifyEJSON(engine.documents('test', 'c'));
}

function errorCode(reply: Doc): Value | undefined {
  const errors = reply.get('writeErrors');
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first = errors[0];
  return isDoc(first) ? first.get('code') : undefined;
}

describe('streamed collection scan of a multi-update', () => {
  it('updates every document that matched at the start once, in scan order, as updates by _id do', () => {
    fc.assert(
      fc.property(docs, filter, update, options, (fields, q, u, opt) => {
        const texts = fields.map(([a, arr], i) => docText(i + 1, a, arr));
        const collation = opt.collation ? ', "collation": {"locale": "en", "strength": 2}' : '';
        const hint = opt.natural === undefined ? '' : `, "hint": {"$natural": ${opt.natural}}`;
        // A backward scan's order is the forward one reversed (find's own `$natural: -1` is not
        // what this test checks).
        const natural = opt.natural === undefined ? '' : ', "hint": {"$natural": 1}';

        const streamed = setUp(texts, opt.index);
        const mark = streamed.oplogEntries().length;
        const reply = run(
          streamed,
          'test',
          `{"update": "c", "updates": [{"q": ${q}, "u": ${u}, "multi": true${collation}${hint}}]}`,
        );

        const reference = setUp(texts, opt.index);
        const refMark = reference.oplogEntries().length;
        const found = run(
          reference,
          'test',
          `{"find": "c", "filter": ${q}, "projection": {"_id": 1}, "batchSize": 1000${collation}${natural}}`,
        );
        const batch = [...((found.get('cursor') as Doc).get('firstBatch') as Doc[])];
        if (opt.natural === -1) batch.reverse();
        let n = 0;
        let nModified = 0;
        let code: Value | undefined;
        for (const d of batch) {
          const one = run(
            reference,
            'test',
            `{"update": "c", "updates": [{"q": {"_id": ${stringifyEJSON(d.get('_id')!)}}, "u": ${u}${collation}}]}`,
          );
          code = errorCode(one);
          if (code !== undefined) break;
          n += Number(one.get('n'));
          nModified += Number(one.get('nModified'));
        }

        expect(errorCode(reply)).toEqual(code);
        // A statement stopped by an error reports no counts (its earlier writes stay).
        if (code === undefined) {
          expect(Number(reply.get('n'))).toBe(n);
          expect(Number(reply.get('nModified'))).toBe(nModified);
        }
        expect(documentsOf(streamed)).toBe(documentsOf(reference));
        expect(oplogOf(streamed, mark)).toEqual(oplogOf(reference, refMark));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a replaced record in its new version only when the scan has not passed it', () => {
    // The reference's rule made concrete: {$inc: {a: 1}} on a >= 1 over a = 1, 2, 3 updates each once.
    const engine = setUp(['{"_id": 1, "a": 1}', '{"_id": 2, "a": 2}', '{"_id": 3, "a": 3}'], false);
    const reply = run(engine, 'test', '{"update": "c", "updates": [{"q": {"a": {"$gte": 1}}, "u": {"$inc": {"a": 1}}, "multi": true}]}');
    expect(Number(reply.get('nModified'))).toBe(3);
    expect(documentsOf(engine)).toBe(stringifyEJSON(parseEJSON('[{"_id": 1, "a": 2}, {"_id": 2, "a": 3}, {"_id": 3, "a": 4}]')));
  });
});
