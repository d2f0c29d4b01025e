/**
 * Port of MongoDB's jstests/aggregation/expressions/bitwise.js (6.3+): `$bitAnd`, `$bitOr`,
 * `$bitXor` fold int/long operands (TypeMismatch 14 for anything else, arrays included), `$bitNot`
 * takes exactly one int or long.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { err, ev, i, l } from '../test-helpers.js';

const docs = [
  { _id: i(0), a: i(0), b: i(127), c: [i(0), i(127)] },
  { _id: i(1), a: i(1), b: i(2), c: [i(1), i(2)] },
  { _id: i(2), a: i(2), b: i(3), c: [i(2), i(3)] },
  { _id: i(3), a: i(3), b: i(5), c: [i(3), i(5)] },
];

describe('jstests/aggregation/expressions/bitwise.js', () => {
  it.each([
    ['$bitAnd', [0, 0, 2, 1]],
    ['$bitOr', [127, 3, 3, 7]],
    ['$bitXor', [127, 3, 1, 6]],
  ] as const)('%s of two ints is an int', (op, expected) => {
    expect(docs.map((doc) => ev({ [op]: ['$a', '$b'] }, doc))).toEqual(expected.map((n) => i(n)));
  });

  it.each(['$bitAnd', '$bitOr', '$bitXor'])('%s refuses doubles, decimals and arrays with 14', (op) => {
    for (const operand of [12.0, Decimal128.fromString('12'), '$c', ['$c'], [[i(1), i(2)]]]) {
      expect(err(() => ev({ [op]: ['$a', operand] }, docs[0])).code).toBe(14);
    }
    for (const argument of ['$c', ['$c'], [[i(1), i(2)]]]) {
      expect(err(() => ev({ [op]: argument }, docs[0]))).toEqual({ code: 14, errmsg: `${op} only supports int and long operands.` });
    }
  });

  it('$bitNot of ints; 14 for a double, 16020 for two arguments', () => {
    expect(docs.map((doc) => ev({ $bitNot: '$a' }, doc))).toEqual([-1, -2, -3, -4].map((n) => i(n)));
    expect(err(() => ev({ $bitNot: 12.5 }))).toEqual({ code: 14, errmsg: '$bitNot only supports int and long, not: double.' });
    expect(err(() => ev({ $bitNot: ['$a', '$b'] }, docs[0])).code).toBe(16020);
  });
});

describe('bitwise result types (SafeNum)', () => {
  it('a long operand makes a long; no operand gives the identity; null gives null', () => {
    expect(ev({ $bitAnd: [l(12), i(10)] })).toEqual(l(8));
    expect(ev({ $bitOr: [i(12), l(10)] })).toEqual(l(14));
    expect(ev({ $bitXor: [i(10), i(3)] })).toEqual(i(9));
    expect(ev({ $bitAnd: [] })).toEqual(i(-1));
    expect(ev({ $bitOr: [] })).toEqual(i(0));
    expect(ev({ $bitXor: [] })).toEqual(i(0));
    expect(ev({ $bitAnd: [i(1), null, 1.5] })).toBeNull();
    expect(ev({ $bitOr: [i(1), '$missing'] })).toBeNull();
    expect(ev({ $bitNot: l(12) })).toEqual(l(-13));
    expect(ev({ $bitNot: null })).toBeNull();
    expect(err(() => ev({ $bitNot: 'x' }))).toEqual({ code: 28765, errmsg: '$bitNot only supports numeric types, not string' });
  });
});
