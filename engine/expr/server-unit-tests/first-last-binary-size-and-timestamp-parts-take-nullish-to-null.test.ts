/**
 * Port of src/mongo/db/exec/expression/evaluate_nary_test.cpp, the non-numeric half
 * (ExpressionBinarySizeTest, ExpressionFirstTest, ExpressionLastTest, ExpressionTsSecondTest,
 * ExpressionTsIncrementTest): null, undefined and a missing argument give null; $first/$last of
 * an empty array is missing and of a non-array fails with 28689; $binarySize counts the bytes of a
 * string (UTF-8, NUL bytes included) or of a binData; $tsSecond/$tsIncrement give a long and fail
 * with 5687301/5687302 for anything but a timestamp.
 */
import { describe, expect, it } from 'vitest';
import { Binary, BSON_UNDEFINED, Timestamp } from '../../bson/values.js';
import { evalTyped, exprError, expectEqualResults, i, l } from './harness.js';

const bytes = (s: string): Binary => new Binary(new TextEncoder().encode(s), 0);

describe('ExpressionBinarySizeTest', () => {
  it('HandlesStrings / HandlesBinData', () => {
    expectEqualResults('$binarySize', [
      [['abc'], i(3)],
      [[''], i(0)],
      [['ab\0c'], i(4)],
      [['abc\0'], i(4)],
      [[bytes('abc')], i(3)],
      [[bytes('')], i(0)],
      [[bytes('ab\0c')], i(4)],
      [[bytes('abc\0')], i(4)],
    ]);
  });
  it('HandlesNullish', () => {
    expectEqualResults('$binarySize', [
      [[null], null],
      [[BSON_UNDEFINED], null],
    ]);
    expect(evalTyped({ $binarySize: '$missing' })).toEqual(['null', 'null']);
  });
});

describe('ExpressionFirstTest / ExpressionLastTest', () => {
  it('HandlesArrays / HandlesEmptyArray', () => {
    expectEqualResults('$first', [
      [[['A']], 'A'],
      [[['A', 'B']], 'A'],
      [[['A', 'B', 'C']], 'A'],
    ]);
    expectEqualResults('$last', [
      [[['A']], 'A'],
      [[['A', 'B']], 'B'],
      [[['A', 'B', 'C']], 'C'],
    ]);
    expect(evalTyped({ $first: [{ $literal: [] }] })).toEqual(['missing', '']);
    expect(evalTyped({ $last: [{ $literal: [] }] })).toEqual(['missing', '']);
  });
  it('HandlesNullish', () => {
    for (const op of ['$first', '$last']) {
      expectEqualResults(op, [
        [[null], null],
        [[BSON_UNDEFINED], null],
      ]);
      expect(evalTyped({ [op]: '$missing' })).toEqual(['null', 'null']);
    }
  });
  it('RejectsNonArrays: 28689', () => {
    for (const op of ['$first', '$last']) {
      expect(exprError({ [op]: [{ $literal: 'asdf' }] })).toEqual({
        code: 28689,
        errmsg: `${op}'s argument must be an array, but is string`,
      });
      expect(exprError({ [op]: [{ $literal: bytes('asdf') }] }).code).toBe(28689);
    }
  });
});

describe('ExpressionTsSecondTest / ExpressionTsIncrementTest', () => {
  it('HandlesTimestamp: a long', () => {
    const ts = new Timestamp({ t: 1622731060, i: 10 });
    expectEqualResults('$tsSecond', [[[ts], l(1622731060)]]);
    expectEqualResults('$tsIncrement', [[[ts], l(10)]]);
  });
  it('HandlesNullish', () => {
    for (const op of ['$tsSecond', '$tsIncrement']) {
      expectEqualResults(op, [
        [[null], null],
        [[BSON_UNDEFINED], null],
      ]);
      expect(evalTyped({ [op]: '$missing' })).toEqual(['null', 'null']);
    }
  });
  it('HandlesInvalidTimestamp: 5687301 / 5687302', () => {
    expect(exprError({ $tsSecond: [{ $literal: i(1622731060) }] })).toEqual({
      code: 5687301,
      errmsg: ' Argument to $tsSecond must be a timestamp, but is int',
    });
    expect(exprError({ $tsIncrement: [{ $literal: i(10) }] })).toEqual({
      code: 5687302,
      errmsg: ' Argument to $tsIncrement must be a timestamp, but is int',
    });
  });
});
