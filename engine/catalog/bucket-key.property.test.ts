/**
 * `bucketKey` (index buckets keyed by a number for safe integers) partitions keys exactly as
 * `tupleKey` does: two keys share a bucket exactly when their canonical strings are equal. And
 * `IndexStore.lookupFirst` answers `lookup(key)[0]` (the `_id` path of IDHACK).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long } from 'bson';
import type { Value } from '../bson/values.js';
import { bucketKey, tupleKey } from './keys.js';
import { parseIndexSpec } from './index-definition.js';
import { IndexStore } from './index-store.js';

/** Numbers near the spellings that matter: 0/-0, the safe-integer edge, fractions, int32 edges. */
const edgeNumbers = [
  0,
  -0,
  1,
  -1,
  1.5,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53 - 1),
  1e21,
  1e-7,
  NaN,
  Infinity,
  -Infinity,
];
const anyNumber = fc.oneof(fc.constantFrom(...edgeNumbers), fc.integer(), fc.double(), fc.maxSafeInteger());

const value: fc.Arbitrary<Value> = fc.oneof(
  anyNumber,
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((n) => new Int32(n)),
  anyNumber.filter((n) => Number.isFinite(n)).map((n) => Long.fromNumber(n)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => Long.fromBigInt(n)),
  fc
    .oneof(anyNumber.filter(Number.isFinite).map(String), fc.constantFrom('-0', '5.0', '1E+3', '0E-10', '-0.00', 'NaN'))
    .map((s) => Decimal128.fromString(s)),
  fc.string({ maxLength: 4 }),
  fc.constantFrom('#1', '#-0', '1', ''),
  fc.boolean(),
  fc.constant(null),
);
const tuple = fc.array(value, { minLength: 1, maxLength: 2 });

describe('bucketKey (property)', () => {
  it('two keys share a bucket exactly when their tupleKeys are equal', () => {
    fc.assert(
      fc.property(tuple, tuple, (a, b) => {
        expect(bucketKey(a) === bucketKey(b)).toBe(tupleKey(a) === tupleKey(b));
        // Map keys: a number key is never equal to a string key, and -0 never appears.
        expect(Object.is(bucketKey(a), -0)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('lookupFirst equals lookup()[0] on an index holding the same keys', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), value, (stored, probe) => {
        const index = new IndexStore(
          parseIndexSpec(
            new Map<string, Value>([
              ['key', new Map([['a', 1]])],
              ['name', 'a_1'],
            ]),
            null,
          ),
        );
        stored.forEach((v, rid) => index.add(new Map([['a', v]]), rid));
        expect(index.lookupFirst([probe])).toBe(index.lookup([probe])[0]);
        for (const v of stored) expect(index.lookup([v]).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
