/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for membership and truth over arrays:
 * in.js, indexof_array.js, indexof_array_dup.js, all_elements_true.js, any_element_true.js,
 * concat_arrays.js, concat_arrays2.js. Each expression runs through aggregate and an update
 * pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, BSONRegExp } from '../../bson/values.js';
import { expr, exprCode, exprError, i } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('in.js', () => {
  const included = (element: Lit, array: Lit[], collation?: Lit) =>
    expr({ $in: ['$elementField', { $literal: array }] }, { elementField: element }, collation ? { collation } : {});
  it('equality with each element (objects and arrays whole, in order), duplicates and order do not matter', () => {
    expect(included(1, [1, 2, 3])).toBe(true);
    expect(included('A', ['a', 'A', 'a'])).toBe(true);
    expect(included({ a: 1 }, [{ b: 1 }, 2])).toBe(false);
    expect(included({ a: 1 }, [{ a: 1 }])).toBe(true);
    expect(included([1, 2], [[2, 1]])).toBe(false);
    expect(included([1, 2], [[1, 2]])).toBe(true);
    expect(included(7, [3, 5, 7, 7, 9])).toBe(true);
    expect(included(7, [3, 5, 7, 9, 9])).toBe(true);
    expect(included(7, [3, 10, 5, 7, 8, 9])).toBe(true);
    expect(included(7, [7, 10, 7, 10, 2, 5, 3, 7])).toBe(true);
    expect(included(8, [10, 7, 2, 5, 3])).toBe(false);
    expect(included(5, [10, 7, 2, 5, 3])).toBe(true);
    expect(included(1, [])).toBe(false);
  });
  it("the command's collation decides string equality", () => {
    expect(included('abcd', ['aBcD', 'ABCD'], { locale: 'en_US', strength: 2 })).toBe(true);
    expect(included('abcd', ['aBcD', 'ABCD'])).toBe(false);
  });
  it("unlike query's $in: a regex is a value, and an array element is not searched", () => {
    expect(included('abc', [new BSONRegExp('a'), new BSONRegExp('b'), new BSONRegExp('c')])).toBe(false);
    expect(included(new BSONRegExp('a'), ['a', 'b', 'c'])).toBe(false);
    expect(included([], [1, 2, 3])).toBe(false);
    expect(included([1], [1, 2, 3])).toBe(false);
    expect(included([1, 2], [1, 2, 3])).toBe(false);
  });
  it('errors: 40081 when the second argument is not an array (null and missing too), 16020 arity', () => {
    expect(exprError({ $in: [[1, 2], 1] })).toEqual({ code: 40081, errmsg: '$in requires an array as a second argument, found: double' });
    expect(exprError({ $in: [1, null] })).toEqual({ code: 40081, errmsg: '$in requires an array as a second argument, found: null' });
    expect(exprError({ $in: [1, '$notAField'] })).toEqual({ code: 40081, errmsg: '$in requires an array as a second argument, found: missing' });
    for (const arg of [null, [1], [], [1, 2, 3]]) expect(exprCode({ $in: arg })).toBe(16020);
  });
});

describe('indexof_array.js', () => {
  it('the first index of an equal element within [start, end)', () => {
    expect(expr({ $indexOfArray: [[1, 2, 3], 2] })).toEqual(i(1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 4] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[1, 2, 3, 2, 1], 2, 2] })).toEqual(i(3));
    expect(expr({ $indexOfArray: [[1, 2, 3, 4, 5], 4, 0, 3] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 1] })).toEqual(i(1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 0, 10] })).toEqual(i(1));
    expect(expr({ $indexOfArray: [[1, 2, 3, 2, 1, 2, 3], 2, 2, 4] })).toEqual(i(3));
    expect(expr({ $indexOfArray: [null, 2] })).toBeNull();
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 3] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 3, 1] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 3, 3] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[1, 2, 3], 2, 3, 5] })).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[], 1] })).toEqual(i(-1));
  });
  it('errors: 40090 not an array, 40096 index not integral, 40097 index negative', () => {
    expect(exprError({ $indexOfArray: ['string', 's'] })).toEqual({ code: 40090, errmsg: '$indexOfArray requires an array as a first argument, found: string' });
    expect(exprCode({ $indexOfArray: [[1, 2, 3], 2, 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfArray: [[1, 2, 3], 2, 0, 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfArray: [[1, 2, 3], 2, -1] })).toBe(40097);
    expect(exprCode({ $indexOfArray: [[1, 2, 3], 2, 1, -1] })).toBe(40097);
  });
});

describe('indexof_array_dup.js', () => {
  it('duplicates before the searched value do not hide it (SERVER-62242)', () => {
    const doc = { _id: 0, number: 222 };
    expect(expr({ $indexOfArray: [[111, 111, 222], '$number'] }, doc)).toEqual(i(2));
    expect(expr({ $indexOfArray: [[111, 111, 222, 333], '$number'] }, doc)).toEqual(i(2));
    expect(expr({ $indexOfArray: [[111, 111, 222, 333], '$number', 0, 1] }, doc)).toEqual(i(-1));
    expect(expr({ $indexOfArray: [[111, 111, 222, 222, 333], '$number', 3, 5] }, doc)).toEqual(i(3));
  });
});

describe('all_elements_true.js', () => {
  const doc = { _id: 0, allTrue: [true, true], someTrue: [true, false], noneTrue: [0, false] };
  it('true when every element is truthy', () => {
    expect(expr({ $allElementsTrue: { $literal: [true, true] } }, doc)).toBe(true);
    expect(expr({ $allElementsTrue: { $literal: [1, true] } }, doc)).toBe(true);
    expect(expr({ $allElementsTrue: { $literal: [true, 0] } }, doc)).toBe(false);
    expect(expr({ $allElementsTrue: { $literal: [true, 1, false] } }, doc)).toBe(false);
    expect(expr({ $allElementsTrue: '$allTrue' }, doc)).toBe(true);
    expect(expr({ $allElementsTrue: '$someTrue' }, doc)).toBe(false);
    expect(expr({ $allElementsTrue: '$noneTrue' }, doc)).toBe(false);
  });
});

describe('any_element_true.js', () => {
  const doc = {
    _id: 0, allTrue: [true, true], someTrue: [true, false], noneTrue: [0, false], nonArray: 1, nullInput: [null],
    undefinedInput: [BSON_UNDEFINED], undefinedTrue: [BSON_UNDEFINED, true], nullTrue: [null, true], empty: [],
  };
  it('true when some element is truthy (null, undefined and missing elements are false)', () => {
    const any = (arg: Lit) => expr({ $anyElementTrue: arg }, doc);
    expect(any({ $literal: [true, true] })).toBe(true);
    expect(any({ $literal: [1, true] })).toBe(true);
    expect(any({ $literal: [true, 0] })).toBe(true);
    expect(any({ $literal: [true, 1, false] })).toBe(true);
    expect(any({ $literal: [false, 0, false] })).toBe(false);
    expect(any('$allTrue')).toBe(true);
    expect(any('$someTrue')).toBe(true);
    expect(any('$noneTrue')).toBe(false);
    expect(any(['$noneTrue'])).toBe(false);
    expect(any([['$non_existent_field']])).toBe(false);
    expect(any([['$non_existent_field', true]])).toBe(true);
    expect(any('$nullInput')).toBe(false);
    expect(any('$undefinedInput')).toBe(false);
    expect(any('$undefinedTrue')).toBe(true);
    expect(any('$nullTrue')).toBe(true);
    expect(any('$empty')).toBe(false);
  });
  // The jstest names SBE's 5159200; these stages run in the classic engine, whose code is 17041.
  it('17041 when the argument is not an array (missing too)', () => {
    expect(exprError({ $anyElementTrue: '$nonArray' }, doc)).toEqual({ code: 17041, errmsg: "$anyElementTrue's argument must be an array, but is double" });
    expect(exprError({ $anyElementTrue: ['$non_existent_field'] }, doc)).toEqual({ code: 17041, errmsg: "$anyElementTrue's argument must be an array, but is missing" });
  });
});

describe('concat_arrays.js', () => {
  const doc = {
    int_arr: [1, 2, 3, 4], dbl_arr: [10.0, 20.1, 20.4, 50.5], nested_arr: [['an', 'array'], 'arr', [[], [[], 'a', 'b']]],
    str_arr: ['a', 'b', 'c'], obj_arr: [{ a: 1, b: 2 }, { c: 3 }, { d: 4, e: 5 }], null_arr: [null, null, null], one_null_arr: [null],
    one_str_arr: ['one'], empty_arr: [], null_val: null, str_val: 'a string', dbl_val: 2.0, int_val: 1, obj_val: { a: 1, b: 'two' },
  };
  const concat = (operands: Lit) => expr({ $concatArrays: operands }, doc);
  const objs: Lit[] = [{ a: 1, b: 2 }, { c: 3 }, { d: 4, e: 5 }];
  it('concatenates in order, nested arrays stay elements', () => {
    expect(concat(['$int_arr'])).toEqual([1, 2, 3, 4]);
    expect(concat([[0], '$int_arr', [5, 6, 7]])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(concat(['$int_arr', '$str_arr'])).toEqual([1, 2, 3, 4, 'a', 'b', 'c']);
    expect(concat(['$obj_arr', '$obj_arr', '$null_arr'])).toEqual(expr([...objs, ...objs, null, null, null]));
    expect(concat(['$int_arr', '$str_arr', '$nested_arr'])).toEqual([1, 2, 3, 4, 'a', 'b', 'c', ['an', 'array'], 'arr', [[], [[], 'a', 'b']]]);
    expect(concat(['$obj_arr', [{ o: 123, b: 1 }, { y: 'o', d: 'a' }]])).toEqual(expr([...objs, { o: 123, b: 1 }, { y: 'o', d: 'a' }]));
    expect(concat(['$null_arr'])).toEqual([null, null, null]);
    expect(concat([[null], '$null_arr'])).toEqual([null, null, null, null]);
    expect(concat('$one_null_arr')).toEqual([null]);
    expect(concat(['$null_arr', '$one_null_arr', '$int_arr', '$null_arr'])).toEqual([null, null, null, null, 1, 2, 3, 4, null, null, null]);
  });
  it('operands that are expressions, variables and no operands at all', () => {
    expect(concat([{ $concatArrays: '$int_arr' }])).toEqual([1, 2, 3, 4]);
    expect(concat([{ $concatArrays: '$int_arr' }, { $concatArrays: { $concatArrays: '$str_arr' } }])).toEqual([1, 2, 3, 4, 'a', 'b', 'c']);
    const between = { $filter: { input: '$int_arr', as: 'num', cond: { $and: [{ $gte: ['$$num', 2] }, { $lte: ['$$num', 3] }] } } };
    expect(concat(['$str_arr', between, '$int_arr'])).toEqual(['a', 'b', 'c', 2, 3, 1, 2, 3, 4]);
    expect(concat(['$str_arr', { $filter: { input: [], cond: { $isArray: [{ $concatArrays: [[], '$$this']}] } } }])).toEqual(['a', 'b', 'c']);
    expect(concat([])).toEqual([]);
  });
  it('a null or missing operand before any non-array gives null', () => {
    const nulls: Lit[] = [
      ['$int_arr', '$null_val'], ['$int_arr', null], [null, '$int_arr', '$str_arr'], ['$int_arr', null, '$str_arr'],
      ['$null_val', '$str_arr', '$int_arr'], ['$str_arr', '$null_val', '$int_arr'], ['$int_arr', '$not_a_field'],
      ['$not_a_field', '$str_arr', '$int_arr'], ['$not_a_field'], ['$null_val'], ['$not_a_field', '$null_val'], ['$null_val', '$not_a_field'],
      [{ $concatArrays: '$int_arr' }, null, { $concatArrays: { $concatArrays: ['$obj_arr', '$str_arr'] } }],
      ['$int_arr', '$null_val', '$int_val'], ['$null_val', null, '$null_val'],
    ];
    for (const operands of nulls) expect(concat(operands)).toBeNull();
  });
  it('28664 for a non-array operand reached before any null (classic engine order)', () => {
    const throws: Lit[] = [
      ['$dbl_val'], ['$str_val'], ['$int_val'], [123], ['some_val', [1, 2, 3]], ['$obj_val'], ['$int_arr', '$int_val'], ['$dbl_arr', '$dbl_val'],
      ['$int_arr', '$dbl_val', '$null_val'], ['$int_arr', 'some_string_value', '$null_val'], ['$dbl_val', '$null_val'],
      ['$int_arr', '$int_val', '$not_a_field'], ['$int_val', '$not_a_field'], ['$int_val', '$not_a_field', '$null_val'], ['$int_arr', 32],
    ];
    for (const operands of throws) expect(exprCode({ $concatArrays: operands }, doc)).toBe(28664);
    expect(exprError({ $concatArrays: ['$str_val'] }, doc)).toEqual({ code: 28664, errmsg: '$concatArrays only supports arrays, not string' });
  });
  it('over several documents', () => {
    const docs: Array<[Lit, Lit, Lit, Lit]> = [
      [{ arr1: [42, 35.0, 197865432], arr2: ['albatross', 'abbacus', 'alien'] }, [42, 35.0, 197865432, 'albatross', 'abbacus', 'alien'], [42, 35.0, 197865432, 1, 2, 3, 'albatross', 'abbacus', 'alien'], null],
      [{ arr1: [1], arr2: ['albatross', 'abbacus', 'alien'] }, [1, 'albatross', 'abbacus', 'alien'], [1, 1, 2, 3, 'albatross', 'abbacus', 'alien'], null],
      [{ arr1: [1, 2, 3], arr2: [] }, [1, 2, 3], [1, 2, 3, 1, 2, 3], null],
      [{ arr1: [], arr2: ['foo', 'bar'] }, ['foo', 'bar'], [1, 2, 3, 'foo', 'bar'], null],
      [{ arr1: [], arr2: [] }, [], [1, 2, 3], null],
      [{ arr1: [1, 2, 3], arr2: null }, null, null, null],
      [{ some_field: 'foo' }, null, null, null],
    ];
    for (const [d, two, three] of docs) {
      expect(expr({ $concatArrays: ['$arr1', '$arr2'] }, d)).toEqual(two);
      expect(expr({ $concatArrays: ['$arr1', [1, 2, 3], '$arr2'] }, d)).toEqual(three);
    }
  });
});

describe('concat_arrays2.js', () => {
  const doc = { a: [1, 2], b: ['three'], c: [], d: [[3], 4], e: null, str: 'x' };
  it('concatenation, nullish operands, and 28664', () => {
    expect(expr({ $concatArrays: ['$a', '$b', '$c'] }, doc)).toEqual([1, 2, 'three']);
    expect(expr({ $concatArrays: ['$a', '$d'] }, doc)).toEqual([1, 2, [3], 4]);
    expect(expr({ $concatArrays: ['$a'] }, doc)).toEqual([1, 2]);
    expect(expr({ $concatArrays: ['$a', '$e'] }, doc)).toBeNull();
    expect(expr({ $concatArrays: ['$a', '$f'] }, doc)).toBeNull();
    expect(exprCode({ $concatArrays: ['$a', '$str'] }, doc)).toBe(28664);
  });
});
