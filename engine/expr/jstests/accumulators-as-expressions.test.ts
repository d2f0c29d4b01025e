/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for the accumulators used as expressions
 * ($sum, $avg, $min, $max, $stdDevPop, $stdDevSamp): avg_and_sum.js, stdDev.js,
 * group_accumulators_as_exprs.js (its expression forms), and commutative_arithmetic_exprs.js.
 * Each expression runs through aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128 } from '../../bson/values.js';
import { expr, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('avg_and_sum.js', () => {
  const doc = {
    null: null, undefined: BSON_UNDEFINED, string: 'hello world', num: -1, num2: 13.4, arrayEmpty: [], array1: [1, 2, 3],
    array2: [1, 2, 3, 'string'], array3: [12.4, 5.6, 9.805], arrayNested1: [[1, 2, 3], {}], arrayNested2: [[1, 2, 3], 4, null],
  };
  const avg = (field: Lit) => expr({ $avg: field }, doc);
  const sum = (field: Lit) => expr({ $sum: field }, doc);
  it('one operand that is not an array: $avg of no number is null, $sum of no number is 0 (int)', () => {
    for (const f of ['$null', '$undefined', '$doesNotExist', '$string']) {
      expect(avg(f)).toBeNull();
      expect(sum(f)).toEqual(i(0));
    }
    expect(avg('$num')).toBe(-1);
    expect(avg('$num2')).toBe(13.4);
    expect(sum('$num')).toBe(-1);
    expect(sum('$num2')).toBe(13.4);
  });
  it('one array operand: its numbers, not nested arrays, are the operands', () => {
    expect(avg('$arrEmpty')).toBeNull();
    expect(avg('$array1')).toBe(2);
    expect(avg('$array2')).toBe(2);
    expect(avg('$array3')).toBe(9.268333333333333);
    expect(avg('$arrayNested1')).toBeNull();
    expect(avg('$arrayNested2')).toBe(4);
    expect(sum('$arrEmpty')).toEqual(i(0));
    expect(sum('$array1')).toBe(6);
    expect(sum('$array2')).toBe(6);
    expect(sum('$array3')).toBe(27.805);
    expect(sum('$arrayNested2')).toBe(4);
  });
});

describe('stdDev.js', () => {
  const doc = {
    num: 1, decimal: 1.23, null: null, undefined: BSON_UNDEFINED, arrSimple: [1, 2, 3, 4], arrEmpty: [], arrMixed: [1, 2, 3, 4, 'hello', null],
    arrMixed2: [[], 7, 19, 21, {}], arrDecimal: [5.6, 3.4, 5.6, 8.23], arrNested: [[1]], arrNested2: [[[], 7, 19, 21, {}]],
  };
  const pop = (field: Lit) => expr({ $stdDevPop: field }, doc);
  const samp = (field: Lit) => expr({ $stdDevSamp: field }, doc);
  it('one value: population deviation 0, sample deviation null; no value: null', () => {
    expect(pop('$num')).toBe(0);
    expect(pop(['$num'])).toBe(0);
    expect(pop('$decimal')).toBe(0);
    expect(samp('$num')).toBeNull();
    expect(samp(['$num'])).toBeNull();
    expect(samp('$decimal')).toBeNull();
    for (const f of ['$null', '$undefined', '$doesNotExist']) {
      expect(pop(f)).toBeNull();
      expect(samp(f)).toBeNull();
    }
  });
  it('over the numbers of one array operand', () => {
    expect(pop('$arrSimple')).toBe(1.118033988749895);
    expect(pop('$arrEmpty')).toBeNull();
    expect(pop('$arrMixed')).toBe(1.118033988749895);
    expect(pop('$arrMixed2')).toBe(6.182412330330469);
    expect(pop('$arrDecimal')).toBe(1.7110431759602098);
    expect(pop('$arrNested')).toBeNull();
    expect(pop('$arrNested2')).toBeNull();
    expect(samp('$arrSimple')).toBe(1.2909944487358056);
    expect(samp('$arrEmpty')).toBeNull();
    expect(samp('$arrMixed')).toBe(1.2909944487358056);
    expect(samp('$arrMixed2')).toBe(7.571877794400365);
    expect(samp('$arrDecimal')).toBe(1.9757424764713987);
    expect(samp('$arrNested2')).toBeNull();
    expect(samp('$arrNested')).toBeNull();
  });
});

describe('group_accumulators_as_exprs.js (expression forms)', () => {
  const one = (e: Lit, doc: Lit = {}) => expr(e, doc);
  it('a list of operands or a single array operand', () => {
    for (const args of [[1, 2, 3, 4, 5], [[1, 2, 3, 4, 5]]]) {
      expect(one({ $avg: args })).toBe(3);
      expect(one({ $min: args })).toBe(1);
      expect(one({ $max: args })).toBe(5);
      expect(one({ $sum: args })).toBe(15);
    }
    expect(one({ $stdDevPop: [1, 3] })).toBe(1);
    expect(one({ $stdDevPop: [[1, 3]] })).toBe(1);
    expect(one({ $stdDevSamp: [1, 2, 3] })).toBe(1);
    expect(one({ $stdDevSamp: [[1, 2, 3]] })).toBe(1);
  });
  it('null operands are ignored', () => {
    expect(one({ $avg: [1, 2, 3, 4, 5, null] })).toBe(3);
    expect(one({ $min: [1, 2, 3, 4, 5, null] })).toBe(1);
    expect(one({ $max: [1, 2, 3, 4, 5, null] })).toBe(5);
    expect(one({ $sum: [1, 2, 3, 4, 5, null] })).toBe(15);
    expect(one({ $stdDevPop: [1, 3, null] })).toBe(1);
    expect(one({ $stdDevSamp: [1, 2, 3, null] })).toBe(1);
  });
  it('NaN operands count: NaN is below every number for $min, and poisons the arithmetic', () => {
    expect(one({ $avg: [1, 2, 3, 4, 5, NaN] })).toBeNaN();
    expect(one({ $min: [1, 2, 3, 4, 5, NaN] })).toBeNaN();
    expect(one({ $max: [1, 2, 3, 4, 5, NaN] })).toBe(5);
    expect(one({ $sum: [1, 2, 3, 4, 5, NaN] })).toBeNaN();
    expect(one({ $stdDevPop: [1, 3, NaN] })).toBeNaN();
    expect(one({ $stdDevSamp: [1, 2, 3, NaN] })).toBeNaN();
  });
  it('nested forms with field paths: $sum/$min/$max flatten, $avg/$stdDev* do not, a single array operand stays one', () => {
    const doc = { a: 1, b: 6 };
    expect(one({ $sum: ['$a', 2, 3, { $sum: [4, 5] }] }, doc)).toBe(15);
    expect(one({ $min: ['$a', 2, 3, { $min: [4, 5] }] }, doc)).toBe(1);
    expect(one({ $max: ['$a', 2, 3, { $max: [4, 5] }] }, doc)).toBe(5);
    expect(one({ $avg: ['$a', 3, { $avg: [4, 6] }] }, doc)).toBe(3);
    expect(one({ $stdDevPop: ['$a', { $stdDevPop: [1, 3] }] }, doc)).toBe(0);
    expect(one({ $stdDevSamp: ['$a', { $stdDevSamp: [1, 2, 3] }] }, doc)).toBe(0);
    expect(one({ $sum: ['$a', 2, 3, { $sum: [['$a', 4, 5]] }] }, doc)).toBe(16);
    expect(one({ $min: ['$b', 2, 3, { $min: [['$a', 4, 5]] }] }, doc)).toBe(1);
    expect(one({ $max: ['$a', 2, 3, { $max: [['$b', 4, 5]] }] }, doc)).toBe(6);
  });
});

describe('commutative_arithmetic_exprs.js', () => {
  const numbers: Lit[] = [1.0, i(1), l(1), Decimal128.fromString('1.0')];
  const specials: Array<{ val: number; path: string }> = [{ val: NaN, path: '$nan' }, { val: Infinity, path: '$inf' }];
  const doc = { inf: Infinity, nan: NaN };
  it('NaN and Infinity win in either operand order, as constants and as fields; with a decimal the result is decimal', () => {
    for (const op of ['$multiply', '$add', '$sum']) {
      for (const special of specials) {
        for (const num of numbers) {
          const isDecimal = num instanceof Decimal128;
          const expected = isDecimal ? Decimal128.fromString(String(special.val)) : special.val;
          for (const operands of [[special.val, num], [num, special.val], [special.path, num], [num, special.path]]) {
            const got = expr({ [op]: operands }, doc);
            expect(got instanceof Decimal128, `${op} ${String(operands)}`).toBe(isDecimal);
            expect(String(got), `${op} ${String(operands)}`).toBe(String(expected));
          }
        }
      }
    }
  });
});
