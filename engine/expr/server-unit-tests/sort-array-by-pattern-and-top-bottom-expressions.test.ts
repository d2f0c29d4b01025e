/**
 * Port of the parts of src/mongo/db/exec/expression/evaluate_array_test.cpp that
 * arrays.test.ts and sets-and-strings.test.ts (ported from expression_test.cpp) did not cover:
 * ExpressionSortArrayTest with a sort pattern (SortsObjectsByFieldAscending/Descending,
 * SortsObjectsByDottedPath, NonObjectElementsSortAsNullKeyByPattern, NoMemoryTrackerNoProblems),
 * and ExpressionTopNTest / ExpressionTopTest / ExpressionBottomNTest / ExpressionBottomTest. The
 * stored file is newer than 8.0: the array forms of $top/$topN/$bottom/$bottomN are not
 * expressions in 8.0 (they are $group/$setWindowFields accumulators only), so 8.0 refuses them
 * with 168; its memory-tracking cases (ExceededMemoryLimit) are newer than 8.0 as well.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, exprError, i, SET, typed, v, type Lit } from './harness.js';

const sortArray = (input: Lit, sortBy: Lit): [string, string] =>
  evalTyped({ $sortArray: { input: { $literal: input }, sortBy } });

describe('ExpressionSortArrayTest (sort patterns)', () => {
  it('SortsObjectsByFieldAscending / …Descending / SortsObjectsByDottedPath / NoMemoryTrackerNoProblems', () => {
    expect(sortArray([{ x: i(3) }, { x: i(1) }, { x: i(2) }], { x: i(1) })).toEqual(
      typed(v([{ x: i(1) }, { x: i(2) }, { x: i(3) }])),
    );
    expect(sortArray([{ x: i(1) }, { x: i(3) }, { x: i(2) }], { x: i(-1) })).toEqual(
      typed(v([{ x: i(3) }, { x: i(2) }, { x: i(1) }])),
    );
    expect(sortArray([{ a: { b: i(3) } }, { a: { b: i(1) } }, { a: { b: i(2) } }], { 'a.b': i(1) })).toEqual(
      typed(v([{ a: { b: i(1) } }, { a: { b: i(2) } }, { a: { b: i(3) } }])),
    );
  });
  it('NonObjectElementsSortAsNullKeyByPattern: a scalar has a null key, before every number', () => {
    expect(sortArray([{ x: i(2) }, i(42), { x: i(1) }], { x: i(1) })).toEqual(
      typed(v([i(42), { x: i(1) }, { x: i(2) }])),
    );
  });
});

describe('ExpressionTopNTest / ExpressionTopTest / ExpressionBottomNTest / ExpressionBottomTest', () => {
  it('newer than 8.0: 8.0 does not know them as expressions (168)', () => {
    for (const op of ['$topN', '$bottomN']) {
      expect(exprError({ [op]: { n: i(2), input: [i(2), i(1), i(3)], sortBy: i(1) } })).toEqual({
        code: 168,
        errmsg: `${SET}Unrecognized expression '${op}'`,
      });
    }
    for (const op of ['$top', '$bottom']) {
      expect(exprError({ [op]: { input: [i(2), i(1), i(3)], sortBy: i(1) } })).toEqual({
        code: 168,
        errmsg: `${SET}Unrecognized expression '${op}'`,
      });
    }
  });
});
