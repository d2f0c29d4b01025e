/**
 * The variadic operators whose server loop evaluates one operand at a time and checks it before
 * evaluating the next (`ExpressionAdd`, `ExpressionMultiply`, `ExpressionConcat`,
 * `ExpressionConcatArrays`, `ExpressionSetUnion`, `ExpressionSetIntersection` in expression.cpp):
 * the first null answers null and the first operand of a wrong type fails, before a later operand
 * is evaluated, so a later operand's error is never the answer. concat_arrays.js relies on it
 * ("if null precedes non-array input, null is returned"). Through aggregate and update (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { expr, exprError } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const failing: Lit = { $divide: [1, '$zero'] };
const doc = { zero: 0, n: null, s: 'a', arr: [1] };

describe('variadic operators stop at the first null or wrong type', () => {
  it('a null operand answers null without evaluating the operands after it', () => {
    for (const op of ['$add', '$multiply', '$concat', '$concatArrays', '$setUnion', '$setIntersection']) {
      expect(expr({ [op]: ['$n', failing] }, doc), op).toBeNull();
      expect(expr({ [op]: ['$missing', failing] }, doc), op).toBeNull();
    }
  });
  it('an operand of a wrong type fails with its own code before a later operand is evaluated', () => {
    expect(exprError({ $add: ['$s', failing] }, doc)).toEqual({ code: 14, errmsg: '$add only supports numeric or date types, not string' });
    expect(exprError({ $multiply: ['$s', failing] }, doc)).toEqual({ code: 14, errmsg: '$multiply only supports numeric types, not string' });
    expect(exprError({ $concat: ['$arr', failing] }, doc)).toEqual({ code: 16702, errmsg: '$concat only supports strings, not array' });
    expect(exprError({ $concatArrays: ['$s', failing] }, doc)).toEqual({ code: 28664, errmsg: '$concatArrays only supports arrays, not string' });
    expect(exprError({ $setUnion: ['$s', failing] }, doc).code).toBe(17043);
    expect(exprError({ $setIntersection: ['$s', failing] }, doc).code).toBe(17047);
  });
  it('operands before the failing one are evaluated and checked first', () => {
    expect(exprError({ $add: [1, failing, '$s'] }, doc)).toEqual({ code: 2, errmsg: "can't $divide by zero" });
    expect(expr({ $concat: ['x', '$n', failing] }, doc)).toBeNull();
  });
});
