/**
 * Property test over generated documents and updates: applying never throws anything but an
 * EngineError, never mutates its input, a no-op has no oplog entry, and replaying the oplog entry
 * onto the pre-image reproduces the post-image exactly (field order and types included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { applyOplogDiff } from '../oplog/apply-diff.js';
import { parseArrayFilters } from './array-filters.js';
import { parseModifierUpdate } from './parse-modifiers.js';
import { TEST_ENV } from './test-support.js';

const NAMES = ['a', 'b', 'c', '0', '1', '10'];

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((n) => new Int32(n)),
  fc.constantFrom(2147483647, -1.5, 0, 2.5).map((n) => (Number.isInteger(n) && n > 100 ? new Int32(n) : n)),
  fc.constantFrom(Long.fromString('9223372036854775807'), Long.fromNumber(2)),
  fc.constant(Decimal128.fromString('1.5')),
  fc.constantFrom('x', 'y', ''),
  fc.constant(null),
  fc.boolean(),
);

const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value; d: Doc; arr: Value[] }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('d'), tie('arr')),
  d: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('v')), { maxLength: 3, selector: (e) => e[0] })
    .map((entries) => new Map(entries) as Doc),
  arr: fc.array(tie('v'), { maxLength: 3 }),
})).v;

const document: fc.Arbitrary<Doc> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 4, selector: (e) => e[0] })
  .map((entries) => new Map<string, Value>([['_id', new Int32(1)], ...entries]));

const path = fc
  .tuple(
    fc.constantFrom('a', 'b', 'c', '0', '10'),
    fc.array(fc.constantFrom('a', 'b', '0', '1', '$[]', '$[i]', '$'), { maxLength: 2 }),
  )
  .map(([first, rest]) => [first, ...rest].join('.'));

const OPERATORS: Record<string, fc.Arbitrary<Value>> = {
  $set: value,
  $setOnInsert: value,
  $unset: fc.constant(''),
  $inc: fc.oneof(fc.integer({ min: -2, max: 2 }).map((n) => new Int32(n)), fc.constant(0.5), fc.constant(Long.fromNumber(1))),
  $mul: fc.oneof(fc.integer({ min: -2, max: 2 }).map((n) => new Int32(n)), fc.constant(1.5)),
  $min: value,
  $max: value,
  $push: fc.oneof(
    value,
    fc.record({ each: fc.array(scalar, { maxLength: 3 }), slice: fc.integer({ min: -2, max: 2 }), position: fc.integer({ min: -3, max: 3 }) }).map(
      (r) => new Map<string, Value>([['$each', r.each], ['$slice', new Int32(r.slice)], ['$position', new Int32(r.position)]]),
    ),
    fc.array(scalar, { maxLength: 3 }).map((each) => new Map<string, Value>([['$each', each], ['$sort', new Int32(1)]])),
  ),
  $addToSet: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }).map((each) => new Map<string, Value>([['$each', each]]))),
  $pop: fc.constantFrom(new Int32(1), new Int32(-1)),
  $pull: fc.oneof(scalar, fc.constant(new Map<string, Value>([['$gte', new Int32(0)]]))),
  $pullAll: fc.array(scalar, { maxLength: 2 }),
  $rename: fc.constantFrom('a', 'b', 'c.d', 'z'),
  $currentDate: fc.constant(true),
  $bit: fc.constant(new Map<string, Value>([['xor', new Int32(5)]])),
};

const update: fc.Arbitrary<Doc> = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(OPERATORS)), path), { minLength: 1, maxLength: 3 })
  .chain((ops) =>
    fc.tuple(...ops.map(([op]) => OPERATORS[op]!)).map((values) => {
      const u: Doc = new Map();
      ops.forEach(([op, p], k) => {
        let spec = u.get(op) as Doc | undefined;
        if (spec === undefined) u.set(op, (spec = new Map()));
        spec.set(p, values[k]!);
      });
      return u;
    }),
  );

function rethrowUnlessEngineError(e: unknown): void {
  if (!isEngineError(e)) throw e;
}

describe('update property', () => {
  it('applies without foreign errors, replays its oplog exactly, and logs nothing for a no-op', () => {
    const stats = { parseErrors: 0, applyErrors: 0, noops: 0, changed: 0 };
    fc.assert(
      fc.property(document, update, fc.boolean(), fc.constantFrom('0', '1', undefined), (doc, u, upsert, matched) => {
        let exec;
        try {
          const usesI = stringifyEJSON(u).includes('$[i]');
          const filters = parseArrayFilters(
            usesI ? [new Map<string, Value>([['i', new Map<string, Value>([['$gte', new Int32(0)]])]])] : [],
            null,
          );
          exec = parseModifierUpdate(u, filters, null);
        } catch (e) {
          rethrowUnlessEngineError(e);
          stats.parseErrors++;
          return;
        }
        const before = stringifyEJSON(doc);
        try {
          const r = exec.apply(doc, {
            isUpsertInsert: upsert,
            immutablePaths: upsert ? [] : ['_id'],
            matchedArrayIndex: matched,
            env: TEST_ENV,
          });
          expect(stringifyEJSON(doc)).toBe(before);
          if (r.noop) {
            stats.noops++;
            expect(r.oplog).toBeNull();
            expect(stringifyEJSON(r.doc)).toBe(before);
            return;
          }
          stats.changed++;
          expect(r.oplog).not.toBeNull();
          const diff = r.oplog!.get('diff') as Doc;
          const replayed = applyOplogDiff(doc, diff);
          if (!binaryEqual(replayed, r.doc)) {
            throw new Error(
              `replay mismatch for ${stringifyEJSON(u, { relaxed: true })} on ${before}: ` +
                `${stringifyEJSON(replayed, { relaxed: true })} vs ${stringifyEJSON(r.doc, { relaxed: true })} ` +
                `diff ${stringifyEJSON(diff, { relaxed: true })}`,
            );
          }
        } catch (e) {
          rethrowUnlessEngineError(e);
          stats.applyErrors++;
        }
      }),
      { numRuns: 5000 },
    );
    // The generators must reach real modifications, not only errors.
    expect(stats.changed).toBeGreaterThan(800);
  }, 60_000);
});
