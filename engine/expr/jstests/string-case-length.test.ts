/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for case, comparison and length of strings:
 * upperlower.js, strcasecmp.js, strlen.js. Each expression runs through aggregate and an update
 * pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp, Decimal128 } from '../../bson/values.js';
import { expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('upperlower.js', () => {
  const both = (upper: string, lower: string, arg: Lit, doc?: Lit) => {
    expect(expr({ $toUpper: arg }, doc)).toBe(upper);
    expect(expr({ $toLower: arg }, doc)).toBe(lower);
  };
  // The jstest accepts 16020, 16007 or TypeMismatch; the classic engine raises 16020 for the
  // arity and 16007 (coerceToString) for a type it cannot make a string of.
  it('arity errors are 16020; a regex or a bool is 16007', () => {
    for (const op of ['$toUpper', '$toLower']) {
      expect(exprCode({ [op]: [] })).toBe(16020);
      expect(exprCode({ [op]: ['a', 'b'] })).toBe(16020);
      expect(exprError({ [op]: new BSONRegExp('abc', '') })).toEqual({ code: 16007, errmsg: "can't convert from BSON type regex to String" });
      expect(exprError({ [op]: true })).toEqual({ code: 16007, errmsg: "can't convert from BSON type bool to String" });
    }
  });
  it('changes ASCII letters only, keeps NULs and other bytes', () => {
    both('', '', '');
    both('', '', ['']);
    both('AB', 'ab', 'aB');
    both('AB', 'ab', ['Ab']);
    both('ABZ', 'abz', 'aBz');
    both('A\0B\0\0Z', 'a\0b\0\0z', 'a\0B\0\0z');
    both('A\0\0B\0Z', 'a\0\0b\0z', ['A\0\0b\0z']);
    both('1', '1', '1');
    both('1^A-A_$%.', '1^a-a_$%.', '1^a-A_$%.');
    both('1290B', '1290b', '1290b');
    both('0XFF0B', '0xff0b', '0XfF0b');
    both('\u0080D\u20ac', '\u0080d\u20ac', '\u0080\u0044\u20ac');
    both('ó', 'ó', 'ó');
    both('Ó', 'Ó', 'Ó');
  });
  it('coerces numbers and dates to strings; null gives the empty string', () => {
    both('555.5', '555.5', 555.5);
    both('1970-01-01T00:00:00.000Z', '1970-01-01t00:00:00.000z', new Date(0));
    both('', '', null);
  });
  it('nests', () => {
    let spec: Lit = 'aBcDeFg';
    for (let n = 0; n < 10; ++n) {
      both('ABCDEFG', 'abcdefg', spec);
      spec = [{ [n % 2 === 0 ? '$toUpper' : '$toLower']: spec }];
    }
  });
  it('values from field paths', () => {
    const doc = {
      string: '-_ab', longString: 'abcdefghijklmnopQRSTUVWXYZ123456789', numberLong: l(2090845886852), numberInt: i(42),
      numberDecimal: Decimal128.fromString('42.213'), nested: { str: 'hello world' }, unicode: '\u1ebd',
      string_with_nulls_1: 'a\0B\0\0z', string_with_nulls_2: 'A\0\0b\0z',
    };
    both('-_AB', '-_ab', '$string', doc);
    both('ABCDEFGHIJKLMNOPQRSTUVWXYZ123456789', 'abcdefghijklmnopqrstuvwxyz123456789', '$longString', doc);
    both('2090845886852', '2090845886852', '$numberLong', doc);
    both('42', '42', '$numberInt', doc);
    both('HELLO WORLD', 'hello world', '$nested.str', doc);
    both('\u1ebd', '\u1ebd', '$unicode', doc);
    both('A\0B\0\0Z', 'a\0b\0\0z', '$string_with_nulls_1', doc);
    both('A\0\0B\0Z', 'a\0\0b\0z', '$string_with_nulls_2', doc);
  });
});

describe('strcasecmp.js', () => {
  const strcasecmp = (expected: number, a: Lit, b: Lit, doc?: Lit) => {
    expect(expr({ $strcasecmp: [a, b] }, doc)).toEqual(i(expected));
    expect(expr({ $strcasecmp: [b, a] }, doc)).toEqual(i(-expected));
  };
  const withCmp = (expected: number, expectedCmp: number, a: Lit, b: Lit, doc?: Lit) => {
    strcasecmp(expected, a, b, doc);
    expect(expr({ $cmp: [a, b] }, doc)).toEqual(i(expectedCmp));
    expect(expr({ $cmp: [b, a] }, doc)).toEqual(i(-expectedCmp));
  };
  it('takes exactly two arguments (16020); a regex, an array or an object is 16007', () => {
    expect(exprCode({ $strcasecmp: [] })).toBe(16020);
    expect(exprCode({ $strcasecmp: ['a'] })).toBe(16020);
    expect(exprCode({ $strcasecmp: ['a', 'b', 'c'] })).toBe(16020);
    expect(exprError({ $strcasecmp: ['abc', new BSONRegExp('abc', '')] })).toEqual({ code: 16007, errmsg: "can't convert from BSON type regex to String" });
    expect(exprCode({ $strcasecmp: ['a', ['a']] })).toBe(16007);
    expect(exprCode({ $strcasecmp: ['a', { $literal: {} }] })).toBe(16007);
  });
  it('compares ASCII case-insensitively, bytewise otherwise; $cmp stays case-sensitive', () => {
    withCmp(0, 0, '', '');
    withCmp(0, 0, null, null);
    withCmp(-1, -1, '', 'a');
    withCmp(0, -1, 'A', 'a');
    withCmp(1, -1, 'Ab', 'a');
    withCmp(0, -1, 'Ab', 'aB');
    withCmp(1, -1, 'Bb', 'aB');
    withCmp(-1, -1, 'Bb', 'cB');
    withCmp(1, -1, 'aB', 'aa');
    withCmp(-1, -1, 'aB', 'ac');
    withCmp(0, -1, 'A$_b1C?', 'a$_b1C?');
    withCmp(1, -1, 'ABC01234', 'abc0123');
    withCmp(0, -1, '\u0080D\u20ac', '\u0080d\u20ac');
    withCmp(1, 1, 'ó', 'Ó');
    withCmp(0, 1, '$x', 'ABC', { x: 'abc' });
  });
  it('coerces numbers and dates to strings', () => {
    strcasecmp(0, '1', 1);
    strcasecmp(0, '1.23', 1.23);
    strcasecmp(0, '1970-01-01T00:00:00.000Z', new Date(0));
    strcasecmp(0, '1970-01-01t00:00:00.000Z', new Date(0));
  });
});

describe('strlen.js', () => {
  const doc = { strField: 'MyString', intField: i(1), nullField: null, specialCharField: 'é', specialCharField2: '匣6卜十戈大中金', specialCharField3: 'i ♥ u' };
  // 5155900/5155800 are SBE's codes (sbe_assert_error_override.js); the classic engine's
  // ExpressionStrLenCP/ExpressionStrLenBytes raise 34471/34473.
  it('$strLenCP needs a string: 34471 for a number, null, missing; 16020 for two arguments', () => {
    expect(exprError({ $strLenCP: 1 }, doc)).toEqual({ code: 34471, errmsg: '$strLenCP requires a string argument, found: double' });
    expect(exprError({ $strLenCP: '$intField' }, doc)).toEqual({ code: 34471, errmsg: '$strLenCP requires a string argument, found: int' });
    expect(exprError({ $strLenCP: '$nullField' }, doc)).toEqual({ code: 34471, errmsg: '$strLenCP requires a string argument, found: null' });
    expect(exprError({ $strLenCP: '$b' }, doc)).toEqual({ code: 34471, errmsg: '$strLenCP requires a string argument, found: missing' });
    expect(exprCode({ $strLenCP: null }, doc)).toBe(34471);
    expect(exprCode({ $strLenCP: ['hello', 'hello'] }, doc)).toBe(16020);
  });
  it('$strLenBytes needs a string: 34473; 16020 for two arguments', () => {
    expect(exprError({ $strLenBytes: '$intField' }, doc)).toEqual({ code: 34473, errmsg: '$strLenBytes requires a string argument, found: int' });
    expect(exprError({ $strLenBytes: '$nullField' }, doc)).toEqual({ code: 34473, errmsg: '$strLenBytes requires a string argument, found: null' });
    expect(exprError({ $strLenBytes: '$b' }, doc)).toEqual({ code: 34473, errmsg: '$strLenBytes requires a string argument, found: missing' });
    expect(exprCode({ $strLenBytes: null }, doc)).toBe(34473);
    expect(exprCode({ $strLenBytes: ['hello', 'hello'] }, doc)).toBe(16020);
  });
  it('bytes count UTF-8 bytes, CP counts code points (astral characters are one)', () => {
    const pair = (s: Lit, bytes: number, cps: number) => {
      expect(expr({ $strLenBytes: s }, doc)).toEqual(i(bytes));
      expect(expr({ $strLenCP: s }, doc)).toEqual(i(cps));
    };
    pair('$specialCharField', 2, 1);
    pair('$specialCharField2', 22, 8);
    pair('$specialCharField3', 7, 5);
    pair('🧐🤓😎🥸🤩', 20, 5);
    pair('十🤳🕺十十💃ahk', 24, 9);
    pair('$strField', 8, 8);
  });
});
