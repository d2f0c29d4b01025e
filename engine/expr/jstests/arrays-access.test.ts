/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for building and reading arrays:
 * array_elem_at.js, first_last.js, size.js, reverseArray.js, is_array.js, array_expression.js,
 * exprs_in_arrays.js. Each expression runs through aggregate
 * and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128, ObjectId } from '../../bson/values.js';
import { expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const dec = (s: string): Decimal128 => Decimal128.fromString(s);

describe('array_elem_at.js', () => {
  const doc = { a: [1, 2, 3, 4, 5] };
  const at = (index: Lit) => expr({ $arrayElemAt: ['$a', index] }, doc);
  it('an integral index of any numeric type reads from the front, a negative one from the back', () => {
    expect(at(2)).toBe(3);
    expect(at(1.0)).toBe(2);
    expect(at(dec('2.0'))).toBe(3);
    expect(at(-1)).toBe(5);
    expect(at(-5)).toBe(1);
  });
  it('an index out of bounds makes the field missing', () => {
    for (const index of [5, 2 ** 31 - 1, l(2 ** 31 - 1), -6, -(2 ** 31), l(-(2 ** 31))]) expect(at(index)).toBeUndefined();
  });
  it('a null array or index gives null', () => {
    expect(at(null)).toBeNull();
    expect(expr({ $arrayElemAt: [null, 4] }, doc)).toBeNull();
  });
  it('errors: 16020 arity, 28689 not an array, 28690 not numeric, 28691 not a 32-bit integer', () => {
    expect(exprCode({ $arrayElemAt: [['one', 'arg']] }, doc)).toBe(16020);
    expect(exprError({ $arrayElemAt: ['one', 2] }, doc)).toEqual({ code: 28689, errmsg: "$arrayElemAt's first argument must be an array, but is string" });
    expect(exprError({ $arrayElemAt: [[1, 2], '2'] }, doc)).toEqual({ code: 28690, errmsg: "$arrayElemAt's second argument must be a numeric value, but is string" });
    expect(exprCode({ $arrayElemAt: [[1, 2], 1.5] }, doc)).toBe(28691);
    expect(exprCode({ $arrayElemAt: [[1, 2], dec('1.5')] }, doc)).toBe(28691);
    expect(exprCode({ $arrayElemAt: [[1, 2], 2 ** 32] }, doc)).toBe(28691);
    expect(exprCode({ $arrayElemAt: [[1, 2], -(2 ** 31) - 1] }, doc)).toBe(28691);
  });
});

describe('first_last.js', () => {
  const cases: Array<[Lit, Lit | undefined, Lit | undefined]> = [
    [[], undefined, undefined],
    [['A'], 'A', 'A'],
    [['A', 'B'], 'A', 'B'],
    [['A', 'B', 'C'], 'A', 'C'],
    [null, null, null],
    [BSON_UNDEFINED, null, null],
  ];
  it('the first and last element; missing for an empty array; null for a nullish input', () => {
    for (const [a, first, last] of cases) {
      expect(expr({ $first: '$a' }, { a })).toEqual(first);
      expect(expr({ $last: '$a' }, { a })).toEqual(last);
    }
    expect(expr({ $first: '$a' }, {})).toBeNull();
    expect(expr({ $last: '$a' }, {})).toBeNull();
  });
});

describe('size.js', () => {
  it('the number of elements, as an int', () => {
    const arrays: Lit[] = [[], [1], ['asdf', 'asdfasdf'], [1, 'asdf', 1234, 4.3, { key: 23 }], [3, [31, 31, 13, 13]]];
    expect(arrays.map((arr) => expr({ $size: '$arr' }, { arr }))).toEqual([i(0), i(1), i(2), i(5), i(2)]);
  });
  it('17124 when the argument is not an array', () => {
    expect(exprError({ $size: '$arr' }, { arr: 231 })).toEqual({ code: 17124, errmsg: 'The argument to $size must be an array, but was of type: double' });
  });
});

describe('reverseArray.js', () => {
  const doc = { nullField: null, undefField: BSON_UNDEFINED, embedded: [[1, 2], [3, 4]], singleElem: [1], normal: [1, 2, 3], num: 1, empty: [] };
  const rev = (arg: Lit) => expr({ $reverseArray: arg }, doc);
  it('34435 when the argument is not an array', () => {
    expect(exprCode({ $reverseArray: 1 }, doc)).toBe(34435);
    expect(exprError({ $reverseArray: '$num' }, doc)).toEqual({ code: 34435, errmsg: 'The argument to $reverseArray must be an array, but was of type: double' });
  });
  it('reverses the top level only; nullish or missing gives null', () => {
    expect(rev({ $literal: [1, 2] })).toEqual([2, 1]);
    expect(rev({ $literal: [[1, 2]] })).toEqual([[1, 2]]);
    expect(rev('$notAField')).toBeNull();
    expect(rev({ $literal: [[1, 2], [3, 4]] })).toEqual([[3, 4], [1, 2]]);
    expect(rev('$embedded')).toEqual([[3, 4], [1, 2]]);
    expect(rev({ $literal: null })).toBeNull();
    expect(rev('$nullField')).toBeNull();
    expect(rev({ $literal: BSON_UNDEFINED })).toBeNull();
    expect(rev('$undefField')).toBeNull();
    expect(rev({ $literal: [1] })).toEqual([1]);
    expect(rev('$singleElem')).toEqual([1]);
    expect(rev('$normal')).toEqual([3, 2, 1]);
    expect(rev({ $literal: [] })).toEqual([]);
    expect(rev('$empty')).toEqual([]);
  });
});

describe('is_array.js', () => {
  it('true for arrays only', () => {
    for (const x of [0, '0', new ObjectId(), l(0), { y: [] }, null, NaN, BSON_UNDEFINED]) expect(expr({ $isArray: '$x' }, { x })).toBe(false);
    for (const x of [[], [0], ['0']]) expect(expr({ $isArray: '$x' }, { x })).toBe(true);
  });
});

describe('array_expression.js', () => {
  it('an array literal evaluates its elements; a missing element becomes null', () => {
    expect(expr(['$a', '$b'], { a: 1, b: 2 })).toEqual([1, 2]);
    expect(expr(['$a', '$b'], { a: null, b: null })).toEqual([null, null]);
    expect(expr(['$a', '$b'], { a: 'TestInput', b: null })).toEqual(['TestInput', null]);
    expect(expr(['$a', '$b'], { a: { a: 1, b: 2 }, b: [1, 2] })).toEqual([new Map([['a', 1], ['b', 2]]), [1, 2]]);
    expect(expr(['$a', '$b'], { a: 'TestInput' })).toEqual(['TestInput', null]);
    expect(expr(['$a', '$b'], {})).toEqual([null, null]);
    expect(expr([], {})).toEqual([]);
  });
});

describe('exprs_in_arrays.js', () => {
  const doc = { _id: 0, a: ['foo', 'bar', 'baz'], b: 'bar', c: 'Baz' };
  it('arrays are evaluated element by element, also nested and inside operator arguments', () => {
    expect(expr(['constant', 1], doc)).toEqual(['constant', 1]);
    expect(expr(['$b'], doc)).toEqual(['bar']);
    expect(expr([{ $toLower: 'FoO' }], doc)).toEqual(['foo']);
    expect(expr(['$b', { $toLower: 'FoO' }], doc)).toEqual(['bar', 'foo']);
    expect(expr(['$b', 'constant', [1, { $toLower: 'FoO' }]], doc)).toEqual(['bar', 'constant', [1, 'foo']]);
    expect(expr({ $setIntersection: ['$a', ['$b']] }, doc)).toEqual(['bar']);
    expect(expr({ $setIntersection: ['$a', [{ $toLower: 'FoO' }]] }, doc)).toEqual(['foo']);
    expect(expr({ $setIntersection: [[[1, 'foo', 'bar']], [[1, { $toLower: 'FoO' }, '$b']]] }, doc)).toEqual([[1, 'foo', 'bar']]);
  });
  it('a missing element becomes null so the indexes stay', () => {
    expect(expr(['$x', '$y', '$z'], { _id: 1, x: 1, z: 2 })).toEqual([1, null, 2]);
  });
});
