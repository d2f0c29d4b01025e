/**
 * Pipeline updates of stored documents take shortcuts that only exist for the stored layout
 * (`ShapedDoc`): `$set` copies the document in its own layout, and the checks after the stages
 * (depth, storage validation, size from the stored size, modified paths, the `$v:2` diff) pair the
 * result's fields with the pre-image's by position when the result kept every name first.
 * Guard: over random documents (more and fewer than 9 fields, `_id` of several types, nested
 * documents and arrays, every numeric type, NaN and -0, a value at the nesting limit) and random
 * pipelines of `$set`, `$unset`, `$project` and `$replaceWith`, applying to the stored layout gives
 * what applying to a plain `Map` gives: the same document (names, order, types), no-op decision,
 * modified paths, size, oplog `o`, and error code and message.
 */
import fc from 'fast-check';
import { Decimal128, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import { storedLayout, ShapedDoc } from '../bson/shaped-doc.js';
import { bsonSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import type { ApplyResult } from './executor.js';
import { parseUpdate } from './parse-update.js';
import { TEST_ENV } from './test-support.js';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', '0', '10', 'deep'] as const;
const name = fc.constantFrom(...NAMES.filter((n) => n !== 'deep'));

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -2147483648, max: 2147483647 }).map((n) => new Int32(n)),
  fc.constantFrom<Value>(0, -0, 1.5, Number.NaN, Infinity, 2 ** 53, null, 'x', true),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => Long.fromBigInt(n)),
  fc.constantFrom('1.5', '-0', 'NaN').map((s) => Decimal128.fromString(s)),
  fc.constant(new Date(0)),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(name, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;

/** A stored document: `_id` first, then up to 12 other fields, sometimes one at the depth limit. */
const stored: fc.Arbitrary<Doc> = fc
  .tuple(
    fc.oneof(
      scalar.filter((v) => v !== null),
      fc.constant<Value>(new Map([['x', 1]])),
    ),
    fc.uniqueArray(fc.tuple(name, value), { selector: ([k]) => k, maxLength: 12 }),
    fc.option(fc.integer({ min: 176, max: 179 })),
  )
  .map(([id, fields, deep]) => {
    const doc: Doc = new Map([['_id', id]]);
    for (const [k, v] of fields) doc.set(k, v);
    if (deep !== null) doc.set('deep', wrapped(1, deep));
    return doc;
  });

function wrapped(inner: Value, levels: number): Value {
  let v = inner;
  for (let i = 0; i < levels; i++) v = new Map([['k', v]]);
  return v;
}

const ref = fc.constantFrom(...NAMES).map((n) => `$${n}`);
const expression: fc.Arbitrary<Value> = fc.oneof(
  fc.tuple(ref, fc.oneof(ref, scalar)).map(([x, y]) => new Map([['$add', [x, y]]])),
  ref,
  scalar.map((v) => new Map([['$literal', v]])),
  fc.constant('$$REMOVE'),
  // One level deeper than a field (past the storage limit when that field is at it), or 25
  // (past the BSON limit, checked first).
  ref.map((r) => new Map([['k', r]])),
  ref.map((r) => wrapped(r, 25)),
  fc.constant<Value>(new Map([['$add', []]])),
);
const setName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('_id', 'n.x', 'new') },
);
const stage: fc.Arbitrary<Doc> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .uniqueArray(fc.tuple(setName, expression), { selector: ([k]) => k, minLength: 1, maxLength: 3 })
      .map((e) => new Map([['$set', new Map(e)]]) as Doc),
  },
  { weight: 1, arbitrary: fc.constantFrom(...NAMES).map((n) => new Map([['$unset', n]]) as Doc) },
  {
    weight: 1,
    arbitrary: fc
      .uniqueArray(name, { minLength: 1, maxLength: 3 })
      .map((ns) => new Map([['$project', new Map(ns.map((n) => [n, 1]))]]) as Doc),
  },
  {
    weight: 1,
    arbitrary: fc.constant(
      new Map([['$replaceWith', new Map([['$mergeObjects', ['$$ROOT', new Map([['z', 1]])]]])]]) as Doc,
    ),
  },
);

function observe(fn: () => ApplyResult): string {
  try {
    const r = fn();
    const doc = stringifyEJSON(r.doc);
    const size =
      r.size === undefined
        ? 'unsized'
        : r.size === bsonSize(r.doc)
          ? 'size ok'
          : `size ${r.size} != ${bsonSize(r.doc)}`;
    const oplog = r.oplog === null ? 'null' : stringifyEJSON(r.oplog);
    return `${r.noop} ${doc} [${r.modifiedPaths.join(',')}] ${size} ${oplog} touches ${r.arrayTouches.length}`;
  } catch (e) {
    const x = e as { code?: number; errmsg?: string; message?: string };
    return `error ${x.code} ${x.errmsg ?? x.message}`;
  }
}

describe('pipeline updates of stored (shaped) documents', () => {
  it('give what the same update gives on a plain Map', () => {
    let shapedRuns = 0;
    fc.assert(
      fc.property(stored, fc.array(stage, { minLength: 1, maxLength: 3 }), (doc, stages) => {
        const executor = parseUpdate(stages, { collator: null });
        const params = { isUpsertInsert: false, immutablePaths: ['_id'], env: TEST_ENV };
        // Twice: the second time over the first result as it would be stored (a shaped copy
        // sharing values with its pre-image, its shape extended by the names `$set` appended).
        let current: Doc = storedLayout(new Map(doc));
        for (let round = 0; round < 2; round++) {
          const text = stringifyEJSON(current);
          if (current instanceof ShapedDoc) shapedRuns++;
          const expected = observe(() => executor.apply(new Map(current), params));
          // Stored: its size is known (size from the changed fields), as the update command passes it.
          const stored = { ...params, originalSize: bsonSize(current) };
          expect(observe(() => executor.apply(current, stored))).toBe(expected);
          expect(stringifyEJSON(current)).toBe(text);
          try {
            current = storedLayout(executor.apply(current, stored).doc);
          } catch {
            break;
          }
        }
      }),
      { numRuns: 1500 },
    );
    expect(shapedRuns).toBeGreaterThan(1000);
  });
});
