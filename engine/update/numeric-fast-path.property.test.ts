/**
 * Guard of the double shortcuts in numeric.ts: `numericAdd` of a double skips finding the widest
 * type, and `numericIdentical` of two doubles is `===`. Both must answer what the general rule
 * answers (`addByWidestType`, `identicalByType`) for every pair of numeric values: the same type
 * and bits (canonical Extended JSON tells -0.0 from 0.0 and int32 from double), the same decision.
 */
import fc from 'fast-check';
import { Decimal128, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import { addByWidestType, identicalByType, numericAdd, numericIdentical, type NumericValue } from './numeric.js';

const specialDoubles = fc.constantFrom(0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 31), 2 ** 31 - 1);
const double: fc.Arbitrary<NumericValue> = fc.oneof(specialDoubles, fc.double(), fc.integer({ min: -1000, max: 1000 }));
const int32: fc.Arbitrary<NumericValue> = fc
  .oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, 1, -1))
  .map((n) => new Int32(n));
const long: fc.Arbitrary<NumericValue> = fc
  .oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom(0n, 1n, 2n ** 53n + 1n))
  .map((n) => Long.fromBigInt(n));
const decimal: fc.Arbitrary<NumericValue> = fc
  .oneof(
    fc.constantFrom('0', '-0', '1.50', 'NaN', 'Infinity', '-Infinity', '1E-6000', '9999999999999999999999999999999999'),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => String(d)),
  )
  .map((s) => Decimal128.fromString(s));
const numeric = fc.oneof(double, double, int32, long, decimal);

/** A result as canonical Extended JSON (type and bits), or 'invalid' for the overflow answer. */
const text = (v: NumericValue | null) => (v === null ? 'invalid' : stringifyEJSON(v));

describe('double shortcuts in numeric.ts', () => {
  it('numericAdd equals the addition by the widest type, for every pair', () => {
    fc.assert(
      fc.property(numeric, numeric, (a, b) => {
        expect(text(numericAdd(a, b))).toBe(text(addByWidestType(a, b)));
      }),
      { numRuns: 3000 },
    );
  });

  it('numericIdentical equals the type-and-comparison rule, for every pair and for a value and its own result', () => {
    fc.assert(
      fc.property(numeric, numeric, (a, b) => {
        expect(numericIdentical(a, b)).toBe(identicalByType(a, b));
        const sum = numericAdd(a, b);
        if (sum !== null) expect(numericIdentical(sum, a)).toBe(identicalByType(sum, a));
      }),
      { numRuns: 3000 },
    );
  });

  it('meets the double cases the shortcut decides', () => {
    expect(numericIdentical(0, -0)).toBe(true);
    expect(numericIdentical(NaN, NaN)).toBe(false);
    expect(numericIdentical(1, new Int32(1))).toBe(false);
    expect(text(numericAdd(-0, new Int32(0)))).toBe(text(addByWidestType(-0, new Int32(0))));
    expect(text(numericAdd(1, Long.fromNumber(2)))).toBe('{"$numberDouble":"3.0"}');
  });
});
