/**
 * Port of expression_test.cpp's optimize() tests whose results are values: ExpressionSwitch
 * (constant cases dropped or made the default, 40069 when no case can match),
 * ExpressionArray and ExpressionIndexOfArray (constant arguments fold). The shapes `optimize()`
 * leaves are only visible through explain, which the playground lacks; the values the optimized
 * expressions compute, and the errors optimizing raises in `aggregate` (with
 * `Failed to optimize pipeline`, while an update pipeline, never optimized, fails only when a
 * document reaches the expression), are asserted here.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { aggregateError, evalTyped, expr, i, typed, v, viaUpdate, type Lit } from './harness.js';

const sw = (branches: [Lit, Lit][], dflt?: Lit): Lit => ({
  $switch: {
    branches: branches.map(([c, t]) => ({ case: c, then: t })),
    ...(dflt === undefined ? {} : { default: dflt }),
  },
});

describe('ExpressionSwitch optimize()', () => {
  it('ShouldFilterOutConstantFalses / …MultipleConstantFalses: the remaining cases decide', () => {
    const one = sw(
      [
        ['$x', i(1)],
        [{ $const: false }, i(2)],
        ['$y', i(3)],
      ],
      i(4),
    );
    const many = sw(
      [
        [{ $const: false }, i(5)],
        ['$x', i(1)],
        [{ $const: false }, i(2)],
        [{ $const: false }, i(2)],
        ['$y', i(3)],
        [{ $const: false }, i(2)],
      ],
      i(4),
    );
    for (const s of [one, many]) {
      expect(evalTyped(s, { x: true })).toEqual(['int', '1']);
      expect(evalTyped(s, { y: true })).toEqual(['int', '3']);
      expect(evalTyped(s, {})).toEqual(['int', '4']);
    }
  });
  it('WithAllConstantFalsesAndNoDefaultErrors / WithZeroAsConstantFalse…: 40069 when optimizing, before any document', () => {
    for (const s of [
      sw([
        [{ $const: false }, i(5)],
        [{ $const: false }, i(1)],
        [{ $const: false }, i(2)],
      ]),
      sw([
        [{ $const: i(0) }, i(5)],
        [{ $const: false }, i(1)],
        [{ $const: false }, i(2)],
      ]),
    ]) {
      expect(aggregateError(s).code).toBe(40069);
      expect(aggregateError(s).errmsg.startsWith('Failed to optimize pipeline :: caused by :: ')).toBe(true);
      // An update pipeline is not optimized: evaluating finds no branch (ExpressionSwitch::evaluate).
      const u = viaUpdate(s);
      expect('error' in u && u.error.code).toBe(40066);
    }
  });
  it('ShouldMakeConstTrueDefaultAndRemoveRest (with and without a default) / ShouldOptimizeThensCorrectly / WithFirstCaseTrue… / WithNoCasesShouldReturnDefault / WithNoConstantsShouldStayTheSame', () => {
    for (const s of [
      sw(
        [
          ['$x', i(1)],
          [{ $const: true }, i(2)],
          ['$y', i(3)],
        ],
        i(4),
      ),
      sw([
        ['$x', i(1)],
        [{ $const: true }, i(2)],
        ['$y', i(3)],
      ]),
    ]) {
      expect(evalTyped(s, { x: true })).toEqual(['int', '1']);
      expect(evalTyped(s, { y: true })).toEqual(['int', '2']);
    }
    const thens = sw(
      [
        ['$x', { $add: [i(2), i(4)] }],
        [{ $const: true }, { $add: [i(3), i(4)] }],
        ['$y', i(3)],
      ],
      i(4),
    );
    expect(evalTyped(thens, { x: true })).toEqual(['int', '6']);
    expect(evalTyped(thens, { y: true })).toEqual(['int', '7']);
    expect(
      evalTyped(
        sw(
          [
            [{ $const: true }, i(3)],
            ['$y', i(4)],
          ],
          i(4),
        ),
        { y: true },
      ),
    ).toEqual(['int', '3']);
    expect(
      evalTyped(
        sw(
          [
            [{ $const: false }, i(1)],
            [{ $const: false }, i(2)],
          ],
          i(4),
        ),
      ),
    ).toEqual(['int', '4']);
    const none = sw(
      [
        ['$x', { $const: i(1) }],
        ['$z', { $const: i(2) }],
        ['$y', { $const: i(3) }],
      ],
      { $const: i(4) },
    );
    expect(evalTyped(none, { z: true })).toEqual(['int', '2']);
  });
  it('CaseEliminationShouldLeaveTreeInWalkableState: false cases dropped, a true case becomes the default', () => {
    const s = sw(
      [
        [false, { $const: i(0) }],
        ['$z', { $const: i(1) }],
        ['$y', { $const: i(3) }],
        [true, { $const: i(4) }],
        ['$a', { $const: i(5) }],
        ['$b', { $const: i(6) }],
        ['$c', { $const: i(7) }],
      ],
      { $const: i(8) },
    );
    expect(evalTyped(s, { z: true })).toEqual(['int', '1']);
    expect(evalTyped(s, { y: true })).toEqual(['int', '3']);
    expect(evalTyped(s, { a: true, b: true, c: true })).toEqual(['int', '4']);
  });
});

describe('ExpressionArray / ExpressionIndexOfArray optimize()', () => {
  it('ExpressionArrayWithAllConstantValues… / ShouldOptimizeSubExpressionToExpressionConstant: the array is its values', () => {
    expect(evalTyped([i(1), i(2), i(3), i(4)])).toEqual(typed(v([i(1), i(2), i(3), i(4)])));
    expect(evalTyped([i(1), { $add: [i(1), i(1)] }, i(3), i(4)])).toEqual(typed(v([i(1), i(2), i(3), i(4)])));
    expect(evalTyped([i(1), '$x', i(3), i(4)], { x: 'a' })).toEqual(typed(v([i(1), 'a', i(3), i(4)])));
  });
  it('ShouldOptimizeArguments / …NullishInputArrayToExpressionConstant', () => {
    expect(
      evalTyped({
        $indexOfArray: [
          [{ $add: [i(1), i(1)] }, i(1), i(1), i(2)],
          { $add: [i(1), i(1)] },
          { $add: [i(0), i(1)] },
          { $add: [i(1), i(3)] },
        ],
      }),
    ).toEqual(['int', '3']);
    expect(evalTyped({ $indexOfArray: [BSON_UNDEFINED, i(1), i(1)] })).toEqual(['null', 'null']);
  });
  it('OptimizedExpressionIndexOfArrayWithConstantArguments… (range, duplicates): the first index in range, -1 when absent', () => {
    const arr = [i(0), i(1), i(2), i(3), i(4), i(5), 'val'];
    for (const [x, n] of [
      [i(0), 0],
      [i(1), 1],
      [i(2), 2],
      [i(3), 3],
      [i(4), 4],
      [i(5), 5],
      ['val', 6],
      [i(10), -1],
      [i(100), -1],
      [i(1000), -1],
      ['string', -1],
      [i(-1), -1],
    ] as const) {
      expect(expr({ $indexOfArray: [arr, '$x'] }, { x })).toEqual(i(n));
    }
    expect(expr({ $indexOfArray: [[i(0), i(1), i(2), i(3), i(4), i(5)], '$x', i(3), i(5)] }, { x: i(4) })).toEqual(
      i(4),
    );
    expect(expr({ $indexOfArray: [[i(0), i(1), i(2), i(3), i(4), i(5)], '$x', i(3), i(5)] }, { x: i(0) })).toEqual(
      i(-1),
    );
    expect(expr({ $indexOfArray: [[i(0), i(1), i(2), i(2), i(3), i(4), i(5)], '$x'] }, { x: i(2) })).toEqual(i(2));
    expect(
      expr({ $indexOfArray: [[i(0), i(1), i(2), i(2), i(2), i(2), i(4), i(5)], '$x', i(4), i(6)] }, { x: i(2) }),
    ).toEqual(i(4));
  });
});
