/**
 * Port of the first part of src/mongo/db/exec/expression/evaluate_trigonometric_test.cpp
 * (ExpressionArcSineTest, ExpressionArcCosineTest, ExpressionArcTangentTest,
 * ExpressionArcTangent2Test): the result's type (double for int, long and double input, decimal
 * for decimal input) and its value within 1e-6, as the C++ `assertApproxEq` checks.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { expr, i, l, typed, type Lit } from './harness.js';

function approx(op: string, args: Lit[], expected: number, decimal = false): void {
  const got = expr({ [op]: args.map((a) => ({ $literal: a })) });
  expect([op, args.map(String), typed(got)[0]]).toEqual([op, args.map(String), decimal ? 'decimal' : 'double']);
  expect(Math.abs(Number(String(got)) - expected)).toBeLessThan(1e-6);
}
const dec = (s: string): Decimal128 => Decimal128.fromString(s);

describe('ExpressionArcSineTest / ExpressionArcCosineTest', () => {
  const asin: [number, number][] = [
    [0.0, 0.0],
    [0.1, 0.100167421162],
    [0.2, 0.20135792079],
    [0.3, 0.304692654015],
    [0.4, 0.411516846067],
    [0.5, 0.523598775598],
    [0.6, 0.643501108793],
    [0.7, 0.775397496611],
    [0.8, 0.927295218002],
    [0.9, 1.119769515],
    [1.0, 1.57079632679],
  ];
  const acos: [number, number][] = [
    [0.0, 1.57079632679],
    [0.1, 1.47062890563],
    [0.2, 1.369438406],
    [0.3, 1.26610367278],
    [0.4, 1.15927948073],
    [0.5, 1.0471975512],
    [0.6, 0.927295218002],
    [0.7, 0.795398830184],
    [0.8, 0.643501108793],
    [0.9, 0.451026811796],
    [1.0, 0.0],
  ];
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg', () => {
    for (const [op, table] of [
      ['$asin', asin],
      ['$acos', acos],
    ] as const) {
      for (const x of [0, 1]) {
        const want = table[x * 10]![1];
        approx(op, [i(x)], want);
        approx(op, [l(x)], want);
      }
      for (const [x, y] of table) {
        approx(op, [x], y);
        approx(op, [dec(x.toFixed(1))], y, true);
      }
      expect(expr({ [op]: [null] })).toBeNull();
    }
  });
});

describe('ExpressionArcTangentTest / ExpressionArcTangent2Test', () => {
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg', () => {
    for (const [x, y] of [
      [-1, -0.785398163397],
      [0, 0.0],
      [1, 0.785398163397],
    ] as const) {
      approx('$atan', [i(x)], y);
      approx('$atan', [l(x)], y);
    }
    for (const [x, y] of [
      ['-1.5', -0.982793723247],
      ['-1.0471975512', -0.80844879263],
      ['-0.785398163397', -0.665773750028],
      ['0', 0.0],
      ['0.785398163397', 0.665773750028],
      ['1.0471975512', 0.80844879263],
      ['1.5', 0.982793723247],
    ] as const) {
      approx('$atan', [Number(x)], y);
      approx('$atan', [dec(x)], y, true);
    }
    expect(expr({ $atan: [null] })).toBeNull();
  });
  it('TwoIntArgs / TwoLongArg / LongIntArg / IntLongArg / TwoDoubleArg / TwoDecimalArg', () => {
    for (const [y, x, r] of [
      [1, 0, 1.57079632679],
      [0, 1, 0.0],
      [-1, 0, -1.57079632679],
      [0, -1, 3.14159265359],
    ] as const) {
      approx('$atan2', [i(y), i(x)], r);
      approx('$atan2', [l(y), l(x)], r);
      approx('$atan2', [l(y), i(x)], r);
      approx('$atan2', [i(y), l(x)], r);
    }
    const doubles: [string, string, number][] = [
      ['1.0', '0.0', 1.57079632679],
      ['0.866025403784', '0.5', 1.0471975512],
      ['0.707106781187', '0.707106781187', 0.785398163397],
      ['0.5', '0.866025403784', 0.523598775598],
      ['6.12323399574e-17', '1.0', 6.12323399574e-17],
      ['-0.5', '0.866025403784', -0.523598775598],
      ['-0.707106781187', '0.707106781187', -0.785398163397],
      ['-0.866025403784', '0.5', -1.0471975512],
      ['-1.0', '1.22464679915e-16', -1.57079632679],
      ['-0.866025403784', '-0.5', -2.09439510239],
      ['-0.707106781187', '-0.707106781187', -2.35619449019],
      ['-0.5', '-0.866025403784', -2.61799387799],
      ['-1.83697019872e-16', '-1.0', -3.14159265359],
      ['0.5', '-0.866025403784', 2.61799387799],
      ['0.707106781187', '-0.707106781187', 2.35619449019],
      ['0.866025403784', '-0.5', 2.09439510239],
      ['1.0', '-2.44929359829e-16', 1.57079632679],
    ];
    for (const [y, x, r] of doubles) {
      approx('$atan2', [Number(y), Number(x)], r);
      approx('$atan2', [dec(y), dec(x)], r, true);
    }
  });
});
