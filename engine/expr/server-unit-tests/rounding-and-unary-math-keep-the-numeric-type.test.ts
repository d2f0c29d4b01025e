/**
 * Port of src/mongo/db/exec/expression/evaluate_nary_test.cpp, the numeric half
 * (ExpressionTruncOneArgTest/TwoArgTest, ExpressionRoundOneArgTest/TwoArgTest, ExpressionCeilTest,
 * ExpressionFloorTest, ExpressionSqrtTest, ExpressionExpTest): $trunc/$round/$ceil/$floor keep the
 * input's type (int, long, double, decimal), doubles outside the long range come back unchanged,
 * $round rounds half to even, a place count rounds at that decimal place (negative: left of the
 * point), null in either argument gives null; $sqrt and $exp give a double for int/long/double
 * input and a decimal for decimal input. Decimals are compared by value, as ASSERT_VALUE_EQ does.
 */
import { describe, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { expectEqualResults, i, l, type Lit } from './harness.js';

const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -9223372036854775808n;
const LONG_MAX = 9223372036854775807n;
const LARGER_THAN_LONG = Number(LONG_MAX) * 2;
const SMALLER_THAN_LONG = Number(LONG_MIN) * 2;

/** `[input, output]` rows, for one argument. */
const one = (rows: [Lit, Lit][]): [Lit[], Lit][] => rows.map(([x, y]) => [[x], y]);
/** `[input, place, output]` rows, for two arguments. */
const two = (rows: [Lit, Lit, Lit][]): [Lit[], Lit][] => rows.map(([x, p, y]) => [[x, p], y]);

describe('ExpressionTruncOneArgTest / ExpressionTruncTwoArgTest', () => {
  it('IntArg1 / IntArg2 / LongArg1 / LongArg2', () => {
    expectEqualResults(
      '$trunc',
      one([
        [i(0), i(0)],
        [i(INT_MIN), i(INT_MIN)],
        [i(INT_MAX), i(INT_MAX)],
      ]),
    );
    expectEqualResults(
      '$trunc',
      two([
        [i(0), i(0), i(0)],
        [i(2), i(-1), i(0)],
        [i(29), i(-1), i(20)],
        [i(INT_MIN), i(10), i(INT_MIN)],
        [i(INT_MAX), i(42), i(INT_MAX)],
      ]),
    );
    expectEqualResults(
      '$trunc',
      one([
        [l(0), l(0)],
        [l(LONG_MIN), l(LONG_MIN)],
        [l(LONG_MAX), l(LONG_MAX)],
      ]),
    );
    expectEqualResults(
      '$trunc',
      two([
        [l(0), l(0), l(0)],
        [l(2), l(-1), l(0)],
        [l(29), l(-1), l(20)],
        [l(LONG_MIN), l(10), l(LONG_MIN)],
        [l(LONG_MAX), l(42), l(LONG_MAX)],
      ]),
    );
  });
  it('DoubleArg1 / DoubleArg2', () => {
    expectEqualResults(
      '$trunc',
      one([
        [2.0, 2.0],
        [-2.0, -2.0],
        [0.9, 0.0],
        [0.1, 0.0],
        [0.5, 0.0],
        [1.5, 1.0],
        [2.5, 2.0],
        [-1.2, -1.0],
        [-1.7, -1.0],
        [-0.5, -0.0],
        [-1.5, -1.0],
        [-2.5, -2.0],
        [LARGER_THAN_LONG, LARGER_THAN_LONG],
        [SMALLER_THAN_LONG, SMALLER_THAN_LONG],
      ]),
    );
    expectEqualResults(
      '$trunc',
      two([
        [2.0, 1.0, 2.0],
        [-2.0, 2.0, -2.0],
        [0.9, i(0), 0.0],
        [0.1, i(0), 0.0],
        [0.5, i(0), 0.0],
        [1.5, i(0), 1.0],
        [2.5, i(0), 2.0],
        [-1.2, i(0), -1.0],
        [-1.7, i(0), -1.0],
        [-0.5, i(0), -0.0],
        [-1.5, i(0), -1.0],
        [-2.5, i(0), -2.0],
      ]),
    );
    const pi = ['3.0', '3.1', '3.14', '3.141', '3.1415', '3.14159', '3.141592', '3.1415926'];
    expectEqualResults('$trunc', two(pi.map((t, p): [Lit, Lit, Lit] => [-3.14159265, i(p), -Number(t)])));
    expectEqualResults('$trunc', two(pi.map((t, p): [Lit, Lit, Lit] => [3.14159265, i(p), Number(t)])));
    expectEqualResults(
      '$trunc',
      two([
        [-3.14159265, i(100), -3.14159265],
        [3.14159265, i(100), 3.14159265],
        [3.14159265, i(-1), 0.0],
        [335.14159265, i(-1), 330.0],
        [333.14159265, i(-2), 300.0],
      ]),
    );
  });
  it('DecimalArg1 / DecimalArg2', () => {
    const rows: [string, string][] = [
      ['2', '2.0'],
      ['-2', '-2.0'],
      ['0.9', '0.0'],
      ['0.1', '0.0'],
      ['-1.2', '-1.0'],
      ['-1.7', '-1.0'],
      ['123456789.9999999999999999999999999', '123456789'],
      ['-99999999999999999999999999999.99', '-99999999999999999999999999999.00'],
      ['3.4E-6000', '0'],
    ];
    expectEqualResults('$trunc', one(rows.map(([x, y]) => [dec(x), dec(y)])));
    expectEqualResults('$trunc', two(rows.map(([x, y]) => [dec(x), i(0), dec(y)])));
    const pi = ['3.0', '3.1', '3.14', '3.141', '3.1415', '3.14159', '3.141592', '3.1415926'];
    expectEqualResults('$trunc', two(pi.map((t, p): [Lit, Lit, Lit] => [dec('-3.14159265'), i(p), dec(`-${t}`)])));
    expectEqualResults(
      '$trunc',
      two(pi.map((t, p): [Lit, Lit, Lit] => [dec('3.14159265'), p === 3 || p === 5 ? dec(String(p)) : i(p), dec(t)])),
    );
    expectEqualResults(
      '$trunc',
      two([
        [dec('-3.14159265'), i(100), dec('-3.14159265')],
        [dec('3.14159265'), i(100), dec('3.14159265')],
        [dec('3.14159265'), dec('-1'), dec('0')],
        [dec('335.14159265'), i(-1), dec('330')],
        [dec('333.14159265'), i(-2), dec('300')],
      ]),
    );
  });
  it('NullArg1 / NullArg2', () => {
    expectEqualResults('$trunc', [
      [[null], null],
      [[null, null], null],
      [[i(1), null], null],
      [[null, i(1)], null],
    ]);
  });
});

describe('ExpressionRoundOneArgTest / ExpressionRoundTwoArgTest', () => {
  it('IntArg1 / IntArg2 / LongArg1 / LongArg2', () => {
    expectEqualResults(
      '$round',
      one([
        [i(0), i(0)],
        [i(INT_MIN), i(INT_MIN)],
        [i(INT_MAX), i(INT_MAX)],
      ]),
    );
    expectEqualResults(
      '$round',
      two([
        [i(0), i(0), i(0)],
        [i(2), i(-1), i(0)],
        [i(29), i(-1), i(30)],
        [i(INT_MIN), i(10), i(INT_MIN)],
        [i(INT_MAX), i(42), i(INT_MAX)],
      ]),
    );
    expectEqualResults(
      '$round',
      one([
        [l(0), l(0)],
        [l(LONG_MIN), l(LONG_MIN)],
        [l(LONG_MAX), l(LONG_MAX)],
      ]),
    );
    expectEqualResults(
      '$round',
      two([
        [l(0), l(0), l(0)],
        [l(2), l(-1), l(0)],
        [l(29), l(-1), l(30)],
        [l(LONG_MIN), l(10), l(LONG_MIN)],
        [l(LONG_MAX), l(42), l(LONG_MAX)],
      ]),
    );
  });
  it('DoubleArg1 / DoubleArg2: half to even', () => {
    expectEqualResults(
      '$round',
      one([
        [2.0, 2.0],
        [-2.0, -2.0],
        [0.9, 1.0],
        [0.1, 0.0],
        [1.5, 2.0],
        [2.5, 2.0],
        [3.5, 4.0],
        [-1.2, -1.0],
        [-1.7, -2.0],
        [-1.5, -2.0],
        [-2.5, -2.0],
        [LARGER_THAN_LONG, LARGER_THAN_LONG],
        [SMALLER_THAN_LONG, SMALLER_THAN_LONG],
      ]),
    );
    expectEqualResults(
      '$round',
      two([
        [2.0, 1.0, 2.0],
        [-2.0, 2.0, -2.0],
        [0.9, i(0), 1.0],
        [0.1, i(0), 0.0],
        [1.5, i(0), 2.0],
        [2.5, i(0), 2.0],
        [3.5, i(0), 4.0],
        [-1.2, i(0), -1.0],
        [-1.7, i(0), -2.0],
        [-1.5, i(0), -2.0],
        [-2.5, i(0), -2.0],
      ]),
    );
    const pi = ['3.0', '3.1', '3.14', '3.142', '3.1416', '3.14159', '3.141593', '3.1415927'];
    expectEqualResults('$round', two(pi.map((t, p): [Lit, Lit, Lit] => [-3.14159265, i(p), -Number(t)])));
    expectEqualResults('$round', two(pi.map((t, p): [Lit, Lit, Lit] => [3.14159265, i(p), Number(t)])));
    expectEqualResults(
      '$round',
      two([
        [-3.14159265, i(100), -3.14159265],
        [3.14159265, i(100), 3.14159265],
        [3.14159265, i(-1), 0.0],
        [335.14159265, i(-1), 340.0],
        [333.14159265, i(-2), 300.0],
      ]),
    );
  });
  it('DecimalArg1 / DecimalArg2', () => {
    const rows: [string, string][] = [
      ['2', '2.0'],
      ['-2', '-2.0'],
      ['0.9', '1.0'],
      ['0.1', '0.0'],
      ['0.5', '0.0'],
      ['1.5', '2.0'],
      ['2.5', '2.0'],
      ['-1.2', '-1.0'],
      ['-1.7', '-2.0'],
      ['123456789.9999999999999999999999999', '123456790'],
      ['-99999999999999999999999999999.99', '-100000000000000000000000000000'],
      ['3.4E-6000', '0'],
    ];
    expectEqualResults('$round', one(rows.map(([x, y]) => [dec(x), dec(y)])));
    expectEqualResults('$round', two(rows.map(([x, y]) => [dec(x), i(0), dec(y)])));
    // The C++ test expects -3.1415926 (not …927) at 7 places for the negative decimal, and 3.1415926 for the positive one.
    const neg = ['3.0', '3.1', '3.14', '3.142', '3.1416', '3.14159', '3.141593', '3.1415926'];
    expectEqualResults('$round', two(neg.map((t, p): [Lit, Lit, Lit] => [dec('-3.14159265'), i(p), dec(`-${t}`)])));
    expectEqualResults(
      '$round',
      two(neg.map((t, p): [Lit, Lit, Lit] => [dec('3.14159265'), p === 3 || p === 5 ? dec(String(p)) : i(p), dec(t)])),
    );
    expectEqualResults(
      '$round',
      two([
        [dec('-3.14159265'), i(100), dec('-3.14159265')],
        [dec('3.14159265'), i(100), dec('3.14159265')],
        [dec('3.14159265'), dec('-1'), dec('0')],
        [dec('335.14159265'), i(-1), dec('340')],
        [dec('333.14159265'), i(-2), dec('300')],
      ]),
    );
  });
  it('NullArg1 / NullArg2', () => {
    expectEqualResults('$round', [
      [[null], null],
      [[null, null], null],
      [[i(1), null], null],
      [[null, i(1)], null],
    ]);
  });
});

describe('ExpressionCeilTest / ExpressionFloorTest', () => {
  it('IntArg / LongArg / NullArg', () => {
    for (const op of ['$ceil', '$floor']) {
      expectEqualResults(
        op,
        one([
          [i(0), i(0)],
          [i(INT_MIN), i(INT_MIN)],
          [i(INT_MAX), i(INT_MAX)],
          [l(0), l(0)],
          [l(LONG_MIN), l(LONG_MIN)],
          [l(LONG_MAX), l(LONG_MAX)],
          [null, null],
        ]),
      );
    }
  });
  it('DoubleArg', () => {
    expectEqualResults(
      '$ceil',
      one([
        [2.0, 2.0],
        [-2.0, -2.0],
        [0.9, 1.0],
        [0.1, 1.0],
        [-1.2, -1.0],
        [-1.7, -1.0],
        [LARGER_THAN_LONG, LARGER_THAN_LONG],
        [SMALLER_THAN_LONG, SMALLER_THAN_LONG],
      ]),
    );
    expectEqualResults(
      '$floor',
      one([
        [2.0, 2.0],
        [-2.0, -2.0],
        [0.9, 0.0],
        [0.1, 0.0],
        [-1.2, -2.0],
        [-1.7, -2.0],
        [LARGER_THAN_LONG, LARGER_THAN_LONG],
        [SMALLER_THAN_LONG, SMALLER_THAN_LONG],
      ]),
    );
  });
  it('DecimalArg', () => {
    const ceil: [string, string][] = [
      ['2', '2.0'],
      ['-2', '-2.0'],
      ['0.9', '1.0'],
      ['0.1', '1.0'],
      ['-1.2', '-1.0'],
      ['-1.7', '-1.0'],
      ['1234567889.000000000000000000000001', '1234567890'],
      ['-99999999999999999999999999999.99', '-99999999999999999999999999999.00'],
      ['3.4E-6000', '1'],
    ];
    expectEqualResults('$ceil', one(ceil.map(([x, y]) => [dec(x), dec(y)])));
    const floor: [string, string][] = [
      ['2', '2.0'],
      ['-2', '-2.0'],
      ['0.9', '0.0'],
      ['0.1', '0.0'],
      ['-1.2', '-2.0'],
      ['-1.7', '-2.0'],
      ['1234567890.000000000000000000000001', '1234567890'],
      ['-99999999999999999999999999999.99', '-100000000000000000000000000000'],
      ['3.4E-6000', '0'],
    ];
    expectEqualResults('$floor', one(floor.map(([x, y]) => [dec(x), dec(y)])));
  });
});

describe('ExpressionSqrtTest / ExpressionExpTest', () => {
  it('SqrtIntArg / SqrtLongArg / SqrtDoubleArg / SqrtDecimalArg / SqrtNullArg / SqrtNaNArg', () => {
    expectEqualResults(
      '$sqrt',
      one([
        [i(0), 0.0],
        [i(1), 1.0],
        [i(25), 5.0],
        [l(0), 0.0],
        [l(1), 1.0],
        [l(25), 5.0],
        [l(40000000000), 200000.0],
        [0.0, 0.0],
        [1.0, 1.0],
        [25.0, 5.0],
        [null, null],
        [NaN, NaN],
      ]),
    );
    expectEqualResults(
      '$sqrt',
      one([
        [dec('0'), dec('0')],
        [dec('1'), dec('1')],
        [dec('25'), dec('5')],
        [dec('30.25'), dec('5.5')],
      ]),
    );
  });
  it('ExpIntArg / ExpLongArg / ExpDoubleArg / ExpDecimalArg / ExpNullArg / ExpNaNArg', () => {
    expectEqualResults(
      '$exp',
      one([
        [i(0), 1.0],
        [i(1), Math.exp(1)],
        [l(0), 1.0],
        [l(1), Math.exp(1)],
        [0.0, 1.0],
        [1.0, Math.exp(1)],
        [null, null],
        [NaN, NaN],
      ]),
    );
    expectEqualResults(
      '$exp',
      one([
        [dec('0'), dec('1')],
        [dec('1'), dec('2.718281828459045235360287471352662')],
      ]),
    );
  });
});
