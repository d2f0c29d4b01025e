/**
 * Port of src/mongo/db/exec/expression/evaluate_compare_test.cpp (EvaluateCompareTest: EqLt …
 * CmpBracketed) and src/mongo/db/pipeline/expression_compare_test.cpp (Compare::ZeroOperands,
 * OneOperand, ThreeOperands, IncompatibleTypes, OptimizeConstants, NoOptimize…, Optimize…): the
 * six comparisons and $cmp order any two values by BSON order (canonical type first), $cmp
 * answers an int -1/0/1, and each takes exactly two arguments (16020). The optimized shapes are
 * not observable (no aggregate explain); the values the optimized expressions compute are.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, exprError, i, SET } from './harness.js';

const lit = (a: unknown, b: unknown): unknown[] => [{ $literal: a }, { $literal: b }];

describe('EvaluateCompareTest', () => {
  it('EqLt … LteGt: each comparison of 1 with 2, 1 and 0 (int operands)', () => {
    const table: Record<string, [boolean, boolean, boolean]> = {
      $eq: [false, true, false],
      $ne: [true, false, true],
      $gt: [false, false, true],
      $gte: [false, true, true],
      $lt: [true, false, false],
      $lte: [true, true, false],
    };
    for (const [op, answers] of Object.entries(table)) {
      [2, 1, 0].forEach((second, k) => {
        expect([op, second, evalTyped({ [op]: lit(i(1), i(second)) } as never)]).toEqual([
          op,
          second,
          ['bool', String(answers[k])],
        ]);
      });
    }
  });
  it('CmpLt / CmpEq / CmpGt / CmpBracketed: an int -1, 0 or 1, whatever the distance', () => {
    expect(evalTyped({ $cmp: lit(i(1), i(2)) } as never)).toEqual(['int', '-1']);
    expect(evalTyped({ $cmp: lit(i(1), i(1)) } as never)).toEqual(['int', '0']);
    expect(evalTyped({ $cmp: lit(i(1), i(0)) } as never)).toEqual(['int', '1']);
    expect(evalTyped({ $cmp: ['z', 'a'] })).toEqual(['int', '1']);
  });
});

describe('Compare (expression_compare_test.cpp)', () => {
  it('ZeroOperands / OneOperand / ThreeOperands: exactly two arguments, 16020', () => {
    expect(exprError({ $ne: [] })).toEqual({
      code: 16020,
      errmsg: SET + 'Expression $ne takes exactly 2 arguments. 0 were passed in.',
    });
    expect(exprError({ $eq: [i(1)] })).toEqual({
      code: 16020,
      errmsg: SET + 'Expression $eq takes exactly 2 arguments. 1 were passed in.',
    });
    expect(exprError({ $gt: [i(2), i(3), i(4)] })).toEqual({
      code: 16020,
      errmsg: SET + 'Expression $gt takes exactly 2 arguments. 3 were passed in.',
    });
    expect(exprError({ $cmp: [i(2)] }).code).toBe(16020);
  });
  it('IncompatibleTypes: values of different types compare by type order', () => {
    expect(evalTyped({ $ne: ['a', i(1)] })).toEqual(['bool', 'true']);
    expect(evalTyped({ $gt: ['a', i(1)] })).toEqual(['bool', 'true']);
    expect(evalTyped({ $cmp: [i(1), 'a'] })).toEqual(['int', '-1']);
  });
  it('OptimizeConstants: constants fold to the same value', () => {
    expect(evalTyped({ $eq: [i(1), i(1)] })).toEqual(['bool', 'true']);
  });
  it('NoOptimize… / Optimize…: with a field path on either side the value is the comparison of the document', () => {
    const doc = { _id: 0, a: i(1), b: i(3) };
    const cases: [unknown, string][] = [
      [{ $cmp: [i(1), '$a'] }, '0'],
      [{ $ne: [i(1), '$a'] }, 'false'],
      [{ $ne: ['$a', '$b'] }, 'true'],
      [{ $eq: [{ $and: ['$a'] }, i(1)] }, 'false'],
      [{ $eq: [i(1), { $and: ['$a'] }] }, 'false'],
      [{ $eq: ['$a', i(1)] }, 'true'],
      [{ $eq: [i(1), '$a'] }, 'true'],
      [{ $lt: ['$a', i(1)] }, 'false'],
      [{ $lt: [i(1), '$a'] }, 'false'],
      [{ $lte: ['$b', i(2)] }, 'false'],
      [{ $lte: [i(2), '$b'] }, 'true'],
      [{ $gt: ['$b', i(2)] }, 'true'],
      [{ $gt: [i(2), '$b'] }, 'false'],
      [{ $gte: ['$b', i(2)] }, 'true'],
      [{ $gte: [i(2), '$b'] }, 'false'],
    ];
    for (const [spec, want] of cases) expect([spec, evalTyped(spec as never, doc)[1]]).toEqual([spec, want]);
    // A missing field compares below every value, null included.
    expect(evalTyped({ $lt: ['$missing', null] }, doc)).toEqual(['bool', 'true']);
  });
});
