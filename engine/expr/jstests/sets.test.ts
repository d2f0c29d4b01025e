/**
 * Port of MongoDB's jstests/aggregation/expressions/set.js. Each expression runs through aggregate
 * and an update pipeline (harness.ts). The order of $setUnion/$setIntersection/$setDifference
 * results is unspecified, so (like the jstest) they are compared sorted.
 */
import { describe, expect, it } from 'vitest';
import { expr, exprCode } from './harness.js';

type Lit = Parameters<typeof expr>[0];

const docs = [
  { arr1: [1, 2, 3], arr2: [2, 3, 4] },
  { arr1: [1, 2, 3], arr2: [4, 5, 6] },
  { arr1: [1, 2, 3], arr2: [] },
  { arr1: [], arr2: [4, 5, 6] },
  { arr1: [1, 2, 3], arr2: [2, 3] },
  { arr1: [2, 3], arr2: [2, 3, 4] },
  { arr1: [1, 2, 3], arr2: [1, 2, 3] },
  { arr1: [1, 2, 3], arr2: [1, 1, 2, 2, 3, 3] },
];

const sorted = (x: unknown): unknown => (Array.isArray(x) ? [...(x as (number | string)[])].sort() : x);
/** The expression over each of the eight documents, in order. */
const overDocs = (e: Lit): unknown[] => docs.map((doc) => sorted(expr(e, doc)));

describe('set.js', () => {
  it('$setUnion, with constant arrays on either side', () => {
    expect(overDocs({ $setUnion: ['$arr1', '$arr2'] })).toEqual([[1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3], [2, 3, 4], [1, 2, 3], [1, 2, 3]]);
    expect(overDocs({ $setUnion: ['$arr1', [3, 900, 3]] })).toEqual([[1, 2, 3, 900], [1, 2, 3, 900], [1, 2, 3, 900], [3, 900], [1, 2, 3, 900], [2, 3, 900], [1, 2, 3, 900], [1, 2, 3, 900]]);
    expect(overDocs({ $setUnion: [[3, 900, 3], '$arr2'] })).toEqual([[2, 3, 4, 900], [3, 4, 5, 6, 900], [3, 900], [3, 4, 5, 6, 900], [2, 3, 900], [2, 3, 4, 900], [1, 2, 3, 900], [1, 2, 3, 900]]);
  });
  it('$setIntersection, with constant arrays on either side', () => {
    expect(overDocs({ $setIntersection: ['$arr1', '$arr2'] })).toEqual([[2, 3], [], [], [], [2, 3], [2, 3], [1, 2, 3], [1, 2, 3]]);
    const constant = [1, 2, 1, 890, 'long constant string'];
    expect(overDocs({ $setIntersection: ['$arr1', constant] })).toEqual([[1, 2], [1, 2], [1, 2], [], [1, 2], [2], [1, 2], [1, 2]]);
    expect(overDocs({ $setIntersection: [constant, '$arr2'] })).toEqual([[2], [], [], [], [2], [2], [1, 2], [1, 2]]);
  });
  it('$setDifference, with constant arrays on either side', () => {
    expect(overDocs({ $setDifference: ['$arr1', '$arr2'] })).toEqual([[1], [1, 2, 3], [1, 2, 3], [], [1], [], [], []]);
    expect(overDocs({ $setDifference: ['$arr2', '$arr1'] })).toEqual([[4], [4, 5, 6], [], [4, 5, 6], [], [4], [], []]);
    expect(overDocs({ $setDifference: ['$arr1', [3, 780]] })).toEqual([[1, 2], [1, 2], [1, 2], [], [1, 2], [2], [1, 2], [1, 2]]);
    expect(overDocs({ $setDifference: [[3, 780], '$arr2'] })).toEqual([[780], [3, 780], [3, 780], [3, 780], [780], [780], [780], [780]]);
  });
  it('$setEquals and $setIsSubset, with constant arrays on either side', () => {
    expect(overDocs({ $setEquals: ['$arr1', '$arr2'] })).toEqual([false, false, false, false, false, false, true, true]);
    expect(overDocs({ $setEquals: ['$arr1', [1, 2, 3, 2, 1]] })).toEqual([true, true, true, false, true, false, true, true]);
    expect(overDocs({ $setEquals: [[1, 2, 3, 2, 1], '$arr2'] })).toEqual([false, false, false, false, false, false, true, true]);
    expect(overDocs({ $setIsSubset: ['$arr1', '$arr2'] })).toEqual([false, false, false, true, false, true, true, true]);
    expect(overDocs({ $setIsSubset: ['$arr1', [2, 3, 4, 'long constant string']] })).toEqual([false, false, false, true, false, true, false, false]);
    expect(overDocs({ $setIsSubset: [[1, 3], '$arr2'] })).toEqual([false, false, false, false, false, false, true, true]);
  });
  it('no operands: $setUnion and $setIntersection give an empty set', () => {
    expect(expr({ $setUnion: [] })).toEqual([]);
    expect(expr({ $setIntersection: [] })).toEqual([]);
  });
  // Classic codes; the jstest also accepts SBE's 7158100 for $setEquals.
  it('a non-array operand: 17043, 17047, 17048/17049 (first/second), 17044, 17046/17042 (first/second)', () => {
    const bad = [{ arr1: '123', arr2: [1, 2, 3] }, { arr1: [1, 2, 3], arr2: '123' }, { arr1: '123', arr2: '123' }];
    const code = (op: string, doc: Lit) => exprCode({ [op]: ['$arr1', '$arr2'] }, doc);
    for (const doc of bad) {
      expect(code('$setUnion', doc)).toBe(17043);
      expect(code('$setIntersection', doc)).toBe(17047);
      expect(code('$setEquals', doc)).toBe(17044);
    }
    expect(bad.map((doc) => code('$setDifference', doc))).toEqual([17048, 17049, 17048]);
    expect(bad.map((doc) => code('$setIsSubset', doc))).toEqual([17046, 17042, 17046]);
  });
  it('null or missing: null for union, intersection and difference; an error for $setEquals and $setIsSubset', () => {
    const nullMissing: Lit[] = [{ arr1: null, arr2: [1, 2, 3] }, { arr1: [1, 2, 3], arr2: null }, { arr1: null, arr2: null }, { arr2: [1, 2, 3] }, { arr1: [1, 2, 3] }];
    for (const doc of nullMissing) {
      for (const op of ['$setUnion', '$setIntersection', '$setDifference']) expect(expr({ [op]: ['$arr1', '$arr2'] }, doc)).toBeNull();
      expect(exprCode({ $setEquals: ['$arr1', '$arr2'] }, doc)).toBe(17044);
    }
    expect(nullMissing.map((doc) => exprCode({ $setIsSubset: ['$arr1', '$arr2'] }, doc))).toEqual([17046, 17042, 17046, 17046, 17042]);
  });
});
