/**
 * The single-value shortcuts of the matcher against the rules they shortcut:
 * - `compareTest` (doubles and int32s compared as JS numbers, strings by `===`) decides every
 *   probe as `comparisonRule` (every probe through `compareValues`) does;
 * - `hashedMembership` (`$in` by hashing), wherever it answers, answers as `sortedMembership`
 *   (the server's binary search of the sorted values), with the simple collation and with
 *   collators (case- and accent-insensitive, numeric ordering).
 * Values cover every numeric type at its edges (NaN, ±0, ±Infinity, int64 past 2^53, decimals equal
 * to doubles), strings and symbols (lone surrogates, case and accent variants), null, MinKey,
 * MaxKey and other types.
 */
import fc from 'fast-check';
import { BSONSymbol, Decimal128, Int32, Long, MaxKey, MinKey, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Value } from '../bson/values.js';
import { makeCollator, parseCollation, type CollationSpec } from '../collation/index.js';
import { hashedMembership } from './in-set.js';
import type { ComparisonOp } from './nodes.js';
import { comparisonRule, compareTest, sortedMembership } from './value-tests.js';

const number: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(0, -0, 1, -1, 0.5, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.NaN, Infinity, -Infinity, 1e300),
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.integer({ min: -5, max: 5 }).map((n) => new Int32(n)),
  fc.constantFrom(2147483647, -2147483648).map((n) => new Int32(n)),
  fc.constantFrom(0n, 1n, -1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 63n - 1n).map((n) => Long.fromBigInt(n)),
  fc.constantFrom('1', '1.0', '-0', 'NaN', '0.5', '9007199254740993', 'Infinity').map((s) => Decimal128.fromString(s)),
);
const text: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom('a', 'A', 'á', 'b', '', 'red', 'Red', '10', '9', '\uD800', '\uDBFF', '\u00E9', 'e\u0301'),
  fc.string({ maxLength: 3 }),
  fc.constantFrom('a', 'A', 'b').map((s) => new BSONSymbol(s) as Value),
);
const other: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  null,
  true,
  false,
  new MinKey(),
  new MaxKey(),
  new Date(0),
  new ObjectId('000000000000000000000000'),
  new Map([['a', 1]]),
  [1],
);
const value = fc.oneof(
  { weight: 4, arbitrary: number },
  { weight: 3, arbitrary: text },
  { weight: 1, arbitrary: other },
);
const op = fc.constantFrom<ComparisonOp>('$eq', '$lt', '$lte', '$gt', '$gte');

function spec(fields: Record<string, string | number | boolean>): CollationSpec | null {
  return parseCollation(new Map(Object.entries(fields)));
}

const SPECS: (CollationSpec | null)[] = [
  null,
  spec({ locale: 'en', strength: 2 }),
  spec({ locale: 'en', strength: 1 }),
  spec({ locale: 'en', numericOrdering: true }),
  spec({ locale: 'sv' }),
];

describe('matcher single-value shortcuts', () => {
  it('compareTest decides every probe as the comparison rule', () => {
    fc.assert(
      fc.property(op, value, fc.option(value, { nil: undefined }), fc.constantFrom(...SPECS), (o, rhs, probe, spec) => {
        const collator = makeCollator(spec);
        expect(compareTest(o, rhs, collator)(probe)).toBe(comparisonRule(o, rhs, collator)(probe));
      }),
      { numRuns: 20000 },
    );
  });

  it('$in membership by hashing answers as the sorted search wherever it answers', () => {
    let decided = 0;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), value, fc.constantFrom(...SPECS), (members, probe, spec) => {
        const collator = makeCollator(spec);
        const hashed = hashedMembership(members, collator)(probe);
        if (hashed !== undefined) {
          decided++;
          expect(hashed).toBe(sortedMembership(members, collator)(probe));
        }
      }),
      { numRuns: 20000 },
    );
    // Most string and number probes are decided by hashing.
    expect(decided).toBeGreaterThan(8000);
  });

  it('members equal under the order are found by hashing, in every numeric type', () => {
    const members: Value[] = [new Int32(1), Long.fromBigInt(2n), 3.5, Number.NaN, -0, 'red', new BSONSymbol('blue')];
    const has = hashedMembership(members, null);
    expect(has(1)).toBe(true);
    expect(has(new Int32(2))).toBe(true);
    expect(has(0)).toBe(true);
    expect(has(Number.NaN)).toBe(true);
    expect(has('blue')).toBe(true);
    expect(has('Red')).toBe(false);
    expect(has(4)).toBe(false);
    // Not decided here: a decimal probe, and numbers once a member is a decimal.
    expect(has(Decimal128.fromString('1'))).toBeUndefined();
    expect(hashedMembership([Decimal128.fromString('1')], null)(1)).toBeUndefined();
    const caseless = hashedMembership(['red'], makeCollator(spec({ locale: 'en', strength: 2 })));
    expect(caseless('RED')).toBe(true);
  });
});
