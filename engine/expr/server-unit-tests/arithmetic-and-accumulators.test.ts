/**
 * Port of expression_test.cpp's Add (old-style) tests, ExpressionFromAccumulators (Avg,
 * FirstNLastN, Max, Min, MinNMaxN, Sum, StdDevPop, StdDevSamp) and ExpressionPowTest: values
 * and BSON types of the result, each through an update pipeline and aggregate.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128 } from '../../bson/values.js';
import { evalTyped, expr, exprError, expectResults, i, l, typed, v, type Lit } from './harness.js';

const LONG_MAX = 9223372036854775807n;
const INT_MAX = 2147483647;

describe('Add (the old-style $add tests)', () => {
  it('NullDocument / NoOperands / Int / Long / Double / Date / Null / Undefined', () => {
    expectResults('$add', [
      [[i(2)], i(2)],
      [[], i(0)],
      [[i(1)], i(1)],
      [[l(5555)], l(5555)],
      [[99.99], 99.99],
      [[new Date(12345)], new Date(12345)],
      [[null], null],
      [[BSON_UNDEFINED], null],
    ]);
  });
  it('String / Bool: a non-numeric operand fails', () => {
    expect(exprError({ $add: [{ $literal: 'a' }] }).code).toBe(14);
    expect(exprError({ $add: [{ $literal: true }] }).code).toBe(14);
  });
  it('two operands, in both orders: IntInt, IntIntNoOverflow, IntLong, IntLongOverflowToDouble, IntDouble, IntDate, LongDouble, LongDoubleNoOverflow, IntNull, LongUndefined', () => {
    const pairs: [Lit, Lit, Lit][] = [
      [i(1), i(5), i(6)],
      [i(INT_MAX), i(INT_MAX), l(2 * INT_MAX)],
      [i(1), l(9), l(10)],
      [i(INT_MAX), l(LONG_MAX), INT_MAX + Number(LONG_MAX)],
      [i(9), 1.1, 10.1],
      [i(6), new Date(123450), new Date(123456)],
      [l(9), 1.1, 10.1],
      [l(LONG_MAX), Number(LONG_MAX), Number(LONG_MAX) + Number(LONG_MAX)],
      [i(1), null, null],
      [l(5), BSON_UNDEFINED, null],
    ];
    for (const [a, b, sum] of pairs)
      expectResults('$add', [
        [[a, b], sum],
        [[b, a], sum],
      ]);
  });
});

describe('ExpressionFromAccumulators', () => {
  it('Avg: non-numbers ignored, always a double, null without arguments', () => {
    expectResults('$avg', [
      [['string', null, i(3)], 3.0],
      [[l(10), l(20)], 15.0],
      [[], null],
    ]);
    // A missing operand (Value()) is ignored as well.
    expect(evalTyped({ $avg: ['string', null, '$missing', i(3)] })).toEqual(['double', '3.0']);
  });
  it('FirstNLastN', () => {
    const n = (op: string, k: number, input: Lit[], out: Lit[]): void =>
      expect(evalTyped({ [op]: { n: i(k), input } })).toEqual(typed(v(out)));
    n('$firstN', 3, [i(19), i(7), i(28), i(3), i(5)], [i(19), i(7), i(28)]);
    n('$firstN', 6, [i(19), i(7), i(28), i(3), i(5)], [i(19), i(7), i(28), i(3), i(5)]);
    n('$firstN', 3, [i(1), i(2), i(3), i(4), i(5), i(6)], [i(1), i(2), i(3)]);
    n('$firstN', 3, [i(1), i(2), null, null], [i(1), i(2), null]);
    n('$firstN', 3, [1.1, 2.713, i(3), 3.4], [1.1, 2.713, i(3)]);
    n('$lastN', 3, [i(19), i(7), i(28), i(3), i(5)], [i(28), i(3), i(5)]);
    n('$lastN', 6, [i(19), i(7), i(28), i(3), i(5)], [i(19), i(7), i(28), i(3), i(5)]);
    n('$lastN', 3, [i(3), i(2), i(1), i(4), i(5), i(6)], [i(4), i(5), i(6)]);
    n('$lastN', 3, [i(1), i(2), null, i(3)], [i(2), null, i(3)]);
    n('$lastN', 3, [i(3), 2.713, 1.1, 2.7], [2.713, 1.1, 2.7]);
  });
  it('Max / Min: every type takes part, the winner keeps its type, null without arguments', () => {
    expectResults('$max', [
      [[i(1), null, 'a'], 'a'],
      [['a', 'b'], 'b'],
      [[l(10), 0.0, i(5)], l(10)],
      [[], null],
    ]);
    expectResults('$min', [
      [['string'], 'string'],
      [[i(1), null, 'a'], i(1)],
      [['a', 'b'], 'a'],
      [[l(0), 20.0, i(10)], l(0)],
      [[], null],
    ]);
    expect(evalTyped({ $max: [i(1), null, '$missing', 'a'] })).toEqual(['string', '"a"']);
    expect(evalTyped({ $min: [i(1), null, '$missing', 'a'] })).toEqual(['int', '1']);
  });
  it('MinNMaxN: nulls are dropped, maxN descending, minN ascending', () => {
    const n = (op: string, k: number, input: Lit[], out: Lit[]): void =>
      expect(evalTyped({ [op]: { n: i(k), input } })).toEqual(typed(v(out)));
    n('$maxN', 3, [i(19), i(7), i(28), i(3), i(5)], [i(28), i(19), i(7)]);
    n('$maxN', 6, [i(19), i(7), i(28), i(3), i(5)], [i(28), i(19), i(7), i(5), i(3)]);
    n('$maxN', 3, [i(1), i(2), i(3)], [i(3), i(2), i(1)]);
    n('$maxN', 3, [i(1), i(2), null], [i(2), i(1)]);
    n('$maxN', 3, [1.1, 2.713, i(3)], [i(3), 2.713, 1.1]);
    n('$minN', 3, [i(19), i(7), i(28), i(3), i(5)], [i(3), i(5), i(7)]);
    n('$minN', 6, [i(19), i(7), i(28), i(3), i(5)], [i(3), i(5), i(7), i(19), i(28)]);
    n('$minN', 3, [i(3), i(2), i(1)], [i(1), i(2), i(3)]);
    n('$minN', 3, [i(1), i(2), null], [i(1), i(2)]);
    n('$minN', 3, [i(3), 2.713, 1.1], [1.1, 2.713, i(3)]);
  });
  it('Sum: non-numbers ignored; double if any double, else long if any long; int 0 without arguments', () => {
    expectResults('$sum', [
      [['string', null, i(3)], i(3)],
      [[l(10), 10.0], 20.0],
      [[l(10), i(10)], l(20)],
      [[], i(0)],
    ]);
  });
  it('StdDevPop / StdDevSamp: doubles, null when there is not enough input', () => {
    expectResults('$stdDevPop', [
      [['string', null, i(3)], 0.0],
      [[l(1), l(3)], 1.0],
      [[], null],
    ]);
    expectResults('$stdDevSamp', [
      [['string', null, i(3)], null],
      [[l(1), l(2), l(3)], 1.0],
      [[], null],
    ]);
  });
});

describe('ExpressionPowTest', () => {
  it('LargeExponentValuesWithBaseOfZero / …BaseOfOne / …BaseOfNegativeOne / LargeBaseSmallPositiveExponent: exact, without looping over the exponent', () => {
    expectResults('$pow', [
      [[i(0), i(0)], i(1)],
      [[l(0), l(0)], l(1)],
      [[i(0), i(10)], i(0)],
      [[i(0), i(10000)], i(0)],
      [[l(0), i(10)], l(0)],
      [[l(0), l(LONG_MAX)], l(0)],
      [[i(1), i(10)], i(1)],
      [[i(1), l(10)], l(1)],
      [[i(1), l(10000)], l(1)],
      [[l(1), l(10)], l(1)],
      [[l(1), l(LONG_MAX)], l(1)],
      [[l(1), l(-LONG_MAX - 1n)], l(1)],
      [[i(-1), i(-1)], i(-1)],
      [[i(-1), i(-2)], i(1)],
      [[i(-1), i(-3)], i(-1)],
      [[l(-1), l(0)], l(1)],
      [[l(-1), l(-1)], l(-1)],
      [[l(-1), l(-2)], l(1)],
      [[l(-1), l(-3)], l(-1)],
      [[l(-1), l(-4)], l(1)],
      [[l(-1), l(-5)], l(-1)],
      [[l(-1), l(-61)], l(-1)],
      [[l(-1), l(61)], l(-1)],
      [[l(-1), l(-62)], l(1)],
      [[l(-1), l(62)], l(1)],
      [[l(-1), l(-101)], l(-1)],
      [[l(-1), l(-102)], l(1)],
      [[l(-1), l(63234673905128)], l(1)],
      [[l(-1), l(-63234673905128)], l(1)],
      [[l(-1), l(63234673905127)], l(-1)],
      [[l(-1), l(-63234673905127)], l(-1)],
      [[l(4294967296), l(1)], l(4294967296)],
      [[l(4294967296), i(0)], l(1)],
    ]);
  });
  it('ThrowsWhenBaseZeroAndExpNegative: 28764', () => {
    expect(exprError({ $pow: [{ $literal: i(0) }, { $literal: i(-5) }] }).code).toBe(28764);
    expect(exprError({ $pow: [{ $literal: l(0) }, { $literal: l(-5) }] }).code).toBe(28764);
  });
});

describe('ExpressionAddTest', () => {
  const INT_MIN = -2147483648;
  const LLONG_MIN = -9223372036854775808n;
  const dec = (s: string): Lit => Decimal128.fromString(s);
  it('Integers: int until it overflows, then long', () => {
    expectResults('$add', [
      [[], i(0)],
      [[i(1)], i(1)],
      [[i(1), i(2), i(3)], i(6)],
      [[i(6), i(-3), i(2)], i(5)],
      [[i(-6), i(-3), i(2)], i(-7)],
      [[i(INT_MAX)], i(INT_MAX)],
      [[i(INT_MAX), i(-1)], i(INT_MAX - 1)],
      [[i(INT_MIN)], i(INT_MIN)],
      [[i(INT_MIN), i(1)], i(INT_MIN + 1)],
      [[i(INT_MAX), i(1)], l(INT_MAX + 1)],
      [[i(INT_MIN), i(-1)], l(INT_MIN - 1)],
    ]);
  });
  it('Longs: long when any operand is; overflow becomes a double', () => {
    expectResults('$add', [
      [[l(1)], l(1)],
      [[l(1), l(2), l(3)], l(6)],
      [[l(6), l(-3), l(2)], l(5)],
      [[l(-6), l(-3), l(2)], l(-7)],
      [[l(1), i(2), l(3)], l(6)],
      [[l(1), i(2), i(3)], l(6)],
      [[i(1), i(2), l(3)], l(6)],
      [[i(1), l(2), l(3)], l(6)],
      [[i(6), l(-3), i(2)], l(5)],
      [[l(-6), i(-3), i(2)], l(-7)],
      [[l(LONG_MAX)], l(LONG_MAX)],
      [[l(LONG_MAX), l(-1)], l(LONG_MAX - 1n)],
      [[l(LLONG_MIN)], l(LLONG_MIN)],
      [[l(LLONG_MIN), l(1)], l(LLONG_MIN + 1n)],
      [[l(LONG_MAX), l(1)], Number(LONG_MAX) + 1.0],
      [[l(LLONG_MIN), l(-1)], Number(LLONG_MIN)],
    ]);
  });
  it('Doubles: double when any operand is, with binary rounding', () => {
    expectResults('$add', [
      [[1.0], 1.0],
      [[1.0, 2.0, 3.0], 6.0],
      [[6.0, -3.0, 2.0], 5.0],
      [[-6.0, -3.0, 2.0], -7.0],
      [[i(1), i(2), 3.0], 6.0],
      [[l(1), l(2), 3.0], 6.0],
      [[3.0, i(2), l(1)], 6.0],
      [[i(3), 2.0, l(1)], 6.0],
      [[i(-3), 2.0, l(1)], 0.0],
      [[l(-6), l(2), 3.0], -1.0],
      [[-6.0, l(2), 3.0], -1.0],
      [[0.1, 0.2], 0.30000000000000004],
    ]);
  });
  it('Decimals: decimal when any operand is', () => {
    expectResults('$add', [
      [[dec('1')], dec('1')],
      [[dec('1'), dec('2'), dec('3')], dec('6')],
      [[dec('-6'), dec('2'), dec('3')], dec('-1')],
      [[dec('1'), l(2), i(3)], dec('6')],
      [[dec('3'), 2.0, l(1)], dec('6.00000000000000')],
      [[dec('3'), i(2), 1.0], dec('6.00000000000000')],
      [[i(1), i(2), dec('3')], dec('6')],
      [[dec('-6'), 2.0, l(3)], dec('-1.00000000000000')],
    ]);
    // The C++ test compares decimals by value (Decimal128(6.0) == 6); a double operand brings its 15 digits.
    expect(
      Number(
        String(expr({ $add: [{ $literal: l(1) }, { $literal: dec('2') }, { $literal: 3.0 }, { $literal: i(2) }] })),
      ),
    ).toBe(8);
    expect(
      Number(
        String(expr({ $add: [{ $literal: 3.0 }, { $literal: dec('0') }, { $literal: i(2) }, { $literal: l(1) }] })),
      ),
    ).toBe(6);
  });
  it('DatesNonDecimal / DatesDecimal: numbers add milliseconds to the one date (doubles rounded to the nearest ms)', () => {
    const d = (ms: number): Date => new Date(ms);
    expectResults('$add', [
      [[i(1), i(2), i(3), d(100)], d(106)],
      [[l(1), l(2), l(3), d(100)], d(106)],
      [[1.0, 2.0, 3.0, d(100)], d(106)],
      [[1.0, 2.0, d(100), 3.0], d(106)],
      [[1.0, 2.2, 3.5, d(100)], d(107)],
      [[i(1), 2.2, 3.5, d(100)], d(107)],
      [[i(1), d(100), 2.2, 3.5], d(107)],
      [[d(100), i(1), 2.2, 3.5], d(107)],
      [[i(-6), d(100)], d(94)],
      [[i(-200), d(100)], d(-100)],
      [[i(1), i(2), i(3), d(-100)], d(-94)],
      [[i(1), dec('2'), i(3), d(100)], d(106)],
      [[l(1), l(2), dec('3'), d(100)], d(106)],
      [[i(1), dec('2.2'), 3.5, d(100)], d(107)],
      [[i(1), dec('2.2'), dec('3.5'), d(100)], d(107)],
      [[1.0, dec('2.2'), dec('3.5'), d(100)], d(107)],
      [[dec('-6'), d(100)], d(94)],
      [[dec('-200'), d(100)], d(-100)],
      [[i(1), dec('2'), i(3), d(-100)], d(-94)],
    ]);
  });
  it('Assertions: Overflow 15 past int64, 16612 for two dates, TypeMismatch 14 for a string', () => {
    const lit = (xs: Lit[]): Lit => ({ $add: xs.map((x) => ({ $literal: x })) });
    expect(exprError(lit([new Date(100), Number(LONG_MAX)])).code).toBe(15);
    expect(exprError(lit([new Date(100), i(1), new Date(100)])).code).toBe(16612);
    expect(exprError(lit([i(1), i(2), 'not numeric!', i(3)])).code).toBe(14);
  });
});

describe('ExpressionCondTest', () => {
  it('a constant condition picks its branch; otherwise each branch is evaluated as written', () => {
    expect(evalTyped({ $cond: [true, { $add: [i(1), i(2)] }, i(2)] })).toEqual(['int', '3']);
    expect(evalTyped({ $cond: [{ $gt: [i(1), i(2)] }, { $add: [i(1), i(2)] }, { $subtract: [i(3), i(1)] }] })).toEqual([
      'int',
      '2',
    ]);
    expect(evalTyped({ $cond: ['$a', i(1), i(2)] }, { a: true })).toEqual(['int', '1']);
    expect(evalTyped({ $cond: ['$a', { $multiply: [i(5), i(7)] }, { $add: [i(7), i(2)] }] }, { a: false })).toEqual([
      'int',
      '9',
    ]);
    expect(
      evalTyped({ $cond: [{ $eq: [i(1), i(1)] }, { $add: ['$a', i(2)] }, { $subtract: [i(3), '$b'] }] }, { a: i(5) }),
    ).toEqual(['int', '7']);
  });
});
