/**
 * Port of src/mongo/db/exec/expression/evaluate_logical_test.cpp: ExpressionAllAnyElementsTest
 * (also in sets-and-strings.test.ts from expression_test.cpp; here with its exact codes) and
 * ExpressionBitAndTest / ExpressionBitOrTest / ExpressionBitXorTest / ExpressionBitNotTest. The
 * bitwise operators are registered in 8.0 (featureFlagBitwise went default-on in 6.3), so the port
 * parses them normally: no operands give the identity (-1 for $bitAnd, 0 for $bitOr/$bitXor, an
 * int), a long operand widens the result to long, $bitNot of a double or decimal is TypeMismatch
 * (14), of a non-number 28765, and takes exactly one argument (16020).
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { evalTyped, exprError, expectEqualResults, i, l, type Lit } from './harness.js';

describe('ExpressionAllAnyElementsTest', () => {
  it('JustFalse / JustTrue / OneTrueOneFalse / Empty / TrueViaInt / FalseViaInt', () => {
    const cases: [Lit[], boolean, boolean][] = [
      [[false], false, false],
      [[true], true, true],
      [[true, false], false, true],
      [[], true, false],
      [[i(1)], true, true],
      [[i(0)], false, false],
    ];
    for (const [array, all, any] of cases) {
      expect(evalTyped({ $allElementsTrue: [{ $literal: array }] })).toEqual(['bool', String(all)]);
      expect(evalTyped({ $anyElementTrue: [{ $literal: array }] })).toEqual(['bool', String(any)]);
    }
  });
  it('Null: the argument must be an array (17040 / 17041)', () => {
    expect(exprError({ $allElementsTrue: [null] })).toEqual({
      code: 17040,
      errmsg: "$allElementsTrue's argument must be an array, but is null",
    });
    expect(exprError({ $anyElementTrue: [null] })).toEqual({
      code: 17041,
      errmsg: "$anyElementTrue's argument must be an array, but is null",
    });
  });
});

describe('ExpressionBitAndTest / ExpressionBitOrTest / ExpressionBitXorTest', () => {
  it('BitAndCorrectness', () => {
    expectEqualResults('$bitAnd', [
      [[i(0b0), i(0b0)], i(0b0)],
      [[i(0b0), i(0b1)], i(0b0)],
      [[i(0b1), i(0b0)], i(0b0)],
      [[i(0b1), i(0b1)], i(0b1)],
      [[i(0b00), i(0b11)], i(0b00)],
      [[i(0b11), i(0b00)], i(0b00)],
      [[i(0b11), i(0b11)], i(0b11)],
    ]);
  });
  it('BitAndInt / BitOrInt / BitXorInt: the identity for no operands, ints stay ints', () => {
    expectEqualResults('$bitAnd', [
      [[], i(-1)],
      [[i(0)], i(0)],
      [[i(256)], i(256)],
      [[i(5), i(2)], i(5 & 2)],
      [[i(255), i(0)], i(0)],
      [[i(5), i(2), i(10)], i(5 & 2 & 10)],
    ]);
    expectEqualResults('$bitOr', [
      [[], i(0)],
      [[i(0)], i(0)],
      [[i(256)], i(256)],
      [[i(5), i(2)], i(5 | 2)],
      [[i(255), i(0)], i(255)],
      [[i(5), i(2), i(10)], i(5 | 2 | 10)],
    ]);
    expectEqualResults('$bitXor', [
      [[], i(0)],
      [[i(0)], i(0)],
      [[i(256)], i(256)],
      [[i(5), i(2)], i(5 ^ 2)],
      [[i(255), i(0)], i(255)],
      [[i(5), i(2), i(10)], i(5 ^ 2 ^ 10)],
    ]);
  });
  it('BitAndLong / BitOrLong / BitXorLong / …MixedTypes: any long widens the result to long', () => {
    expectEqualResults('$bitAnd', [
      [[l(0)], l(0)],
      [[l(2 ** 40)], l(2 ** 40)],
      [[l(256)], l(256)],
      [[l(5), l(2)], l(0)],
      [[l(255), l(0)], l(0)],
      [[l(5), i(2)], l(0)],
      [[i(5), l(2)], l(0)],
      [[l(255), i(0)], l(0)],
      [[i(255), l(0)], l(0)],
    ]);
    expectEqualResults('$bitOr', [
      [[l(0)], l(0)],
      [[l(256)], l(256)],
      [[l(5), l(2)], l(7)],
      [[l(255), l(0)], l(255)],
      [[l(5), i(2)], l(7)],
      [[i(5), l(2)], l(7)],
      [[l(255), i(0)], l(255)],
      [[i(255), l(0)], l(255)],
    ]);
    expectEqualResults('$bitXor', [
      [[l(0)], l(0)],
      [[l(256)], l(256)],
      [[l(5), l(2)], l(7)],
      [[l(255), l(0)], l(255)],
      [[l(5), i(2)], l(7)],
      [[i(5), l(2)], l(7)],
      [[l(255), i(0)], l(255)],
      [[i(255), l(0)], l(255)],
    ]);
  });
});

describe('ExpressionBitNotTest', () => {
  it('Int / Long: two’s complement in the operand’s width', () => {
    const INT_MIN = -2147483648;
    const INT_MAX = 2147483647;
    expectEqualResults('$bitNot', [
      [[i(0)], i(-1)],
      [[i(-1)], i(0)],
      [[i(1)], i(-2)],
      [[i(3)], i(-4)],
      [[i(100)], i(-101)],
      [[i(INT_MIN)], i(INT_MAX)],
      [[i(INT_MAX)], i(INT_MIN)],
    ]);
    const LONG_MIN = -9223372036854775808n;
    const LONG_MAX = 9223372036854775807n;
    expectEqualResults('$bitNot', [
      [[l(0)], l(-1)],
      [[l(-1)], l(0)],
      [[l(1)], l(-2)],
      [[l(3)], l(-4)],
      [[l(100)], l(-101)],
      [[l(2147483649)], l(-2147483650)],
      [[l(-2147483655)], l(2147483654)],
      [[l(LONG_MIN)], l(LONG_MAX)],
      [[l(LONG_MAX)], l(LONG_MIN)],
    ]);
  });
  it('OtherNumerics: a double or decimal is TypeMismatch (14)', () => {
    expect(exprError({ $bitNot: [{ $literal: 1.5 }] })).toEqual({
      code: 14,
      errmsg: '$bitNot only supports int and long, not: double.',
    });
    expect(exprError({ $bitNot: [{ $literal: Decimal128.fromString('0') }] }).code).toBe(14);
  });
  it('NonNumerics: 28765', () => {
    expect(exprError({ $bitNot: [{ $literal: 'hi' }] })).toEqual({
      code: 28765,
      errmsg: '$bitNot only supports numeric types, not string',
    });
    expect(exprError({ $bitNot: [{ $literal: true }] }).code).toBe(28765);
  });
  it('Arrays: one argument only (16020)', () => {
    expect(exprError({ $bitNot: [i(1), i(2), i(3)] }).code).toBe(16020);
    expect(exprError({ $bitNot: [l(1), l(2), l(3)] }).code).toBe(16020);
  });
});
