/**
 * `$round`/`$trunc` and `$mod` as `evaluateRoundOrTrunc` / `evaluateMod` compute them:
 * - a double is rounded through Decimal128(double, 34 digits).quantize(10^-place): a place count
 *   the 34-digit coefficient cannot hold gives the value at full precision (Decimal128::quantize
 *   returns normalize() then), so the double comes back unchanged;
 * - an int or long with a negative place is quantized as a decimal and converted back with toLong:
 *   outside 64 bits is 51080; an int result above INT_MAX becomes a long, one below INT_MIN wraps
 *   (static_cast<int>);
 * - `$mod` (7.2+, SERVER-39336): the result has the wider of the two input types.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128, Long } from '../bson/values.js';
import { err, ev, i, l } from './test-helpers.js';

describe('$round and $trunc', () => {
  it('doubles: a place past the 34-digit coefficient keeps the value; 100 on an exact value works', () => {
    expect(ev({ $round: [1.2345, i(100)] })).toBe(1.2345);
    expect(ev({ $trunc: [1.2345, i(100)] })).toBe(1.2345);
    expect(ev({ $round: [1.25, i(1)] })).toBe(1.2);
    expect(ev({ $round: [0, i(100)] })).toBe(0);
    expect(ev({ $round: [1.2345, i(-20)] })).toBe(0);
  });

  it('ints and longs: integral results, long above INT_MAX, wrap below INT_MIN', () => {
    expect(ev({ $round: [i(2147483647), i(-1)] })).toEqual(l(2147483650));
    expect(ev({ $round: [i(-2147483648), i(-1)] })).toEqual(i(2147483646));
    expect(ev({ $trunc: [i(12345), i(-20)] })).toEqual(i(0));
    expect(ev({ $round: [l(25), i(-1)] })).toEqual(l(20));
    expect(ev({ $round: [i(35), i(-1)] })).toEqual(i(40));
    expect(ev({ $round: [i(35), i(2)] })).toEqual(i(35));
  });

  it('an integral result outside 64 bits is 51080', () => {
    expect(err(() => ev({ $round: [Long.fromString('9223372036854775807'), i(-1)] }))).toEqual({
      code: 51080,
      errmsg: 'invalid conversion from Decimal128 result in $round resulting from arguments: [9223372036854775807, -1]',
    });
    expect(err(() => ev({ $round: [Long.fromString('-9223372036854775808'), i(-19)] }))).toEqual({
      code: 51080,
      errmsg: 'invalid conversion from Decimal128 result in $round resulting from arguments: [-9223372036854775808, -19]',
    });
    expect(ev({ $trunc: [Long.fromString('9223372036854775807'), i(-1)] })).toEqual(Long.fromString('9223372036854775800'));
  });

  it('place checks: 51082 not integral, 51083 out of [-20, 100]', () => {
    expect(err(() => ev({ $round: [1, 1.5] })).code).toBe(51082);
    expect(err(() => ev({ $round: [1, i(101)] }))).toEqual({
      code: 51083,
      errmsg: 'cannot apply $round with precision value 101 value must be in [-20, 100]',
    });
    expect(err(() => ev({ $trunc: [1, i(-21)] })).code).toBe(51083);
  });

  it('decimals keep the quantum; a quantum past 34 digits gives the value padded to 34 digits', () => {
    expect((ev({ $round: [Decimal128.fromString('1.2345'), i(2)] }) as Decimal128).toString()).toBe('1.23');
    expect((ev({ $round: [Decimal128.fromString('1.2345'), i(100)] }) as Decimal128).toString()).toBe('1.234500000000000000000000000000000');
    expect((ev({ $trunc: [Decimal128.fromString('-7E+5'), i(40)] }) as Decimal128).toString()).toBe('-700000.0000000000000000000000000000');
  });
});

describe('$mod result types (the wider input type)', () => {
  it.each([
    ['double, double', 138.5, 3.0, 0.5],
    ['double, long', 138.5, l(3), 0.5],
    ['int, double', i(8), 3.25, 1.5],
    ['int, integral double', i(8), 3.0, 2],
    ['long, integral double', l(8), 3.0, 2],
    ['long, big double', l(500000000000), 450000000000.0, 50000000000],
  ] as const)('%s gives a double', (_name, a, b, r) => {
    expect(ev({ $mod: [a, b] })).toBe(r);
  });
  it('integers: int with int is an int, anything with a long is a long', () => {
    expect(ev({ $mod: [i(8), i(3)] })).toEqual(i(2));
    expect(ev({ $mod: [i(8), l(3)] })).toEqual(l(2));
    expect(ev({ $mod: [l(800000000000), l(300000000000)] })).toEqual(l(200000000000));
  });
  it('mod by zero is 16610; NaN and infinities', () => {
    expect(err(() => ev({ $mod: [10, 0] }))).toEqual({ code: 16610, errmsg: "can't $mod by zero" });
    expect(err(() => ev({ $mod: [i(10), i(0)] })).code).toBe(16610);
    expect(err(() => ev({ $mod: [l(10), l(0)] })).code).toBe(16610);
    expect(ev({ $mod: [10, NaN] })).toBeNaN();
    expect(ev({ $mod: [10, Infinity] })).toBe(10);
    expect(ev({ $mod: [Infinity, 10] })).toBeNaN();
  });
});

describe('$divide errors (8.0: BadValue and TypeMismatch, no longer 16608/16609)', () => {
  it('division by zero is 2; a non-number is 14 naming both types', () => {
    expect(err(() => ev({ $divide: [5, 0] }))).toEqual({ code: 2, errmsg: "can't $divide by zero" });
    expect(err(() => ev({ $divide: [5, Decimal128.fromString('0')] }))).toEqual({ code: 2, errmsg: "can't $divide by zero" });
    expect(err(() => ev({ $divide: ['a', 5] }))).toEqual({ code: 14, errmsg: '$divide only supports numeric types, not string and double' });
  });
});
