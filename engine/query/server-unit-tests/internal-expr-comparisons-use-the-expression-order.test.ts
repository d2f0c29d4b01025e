/**
 * Port of expression_internal_expr_comparison_test.cpp (TEST(InternalExprComparisonMatchExpression,
 * *)) and of expression_parser_test.cpp's InternalExprEqParsesCorrectly /
 * InternalExprEqComparisonToArrayDoesNotParse / …ToUndefinedDoesNotParse: `$_internalExprEq`,
 * `$_internalExprGt`, `$_internalExprGte`, `$_internalExprLt`, `$_internalExprLte` are accepted
 * in any filter (the parser's `queryOperatorMap`), compare in the expression language's total
 * order (no type bracketing; missing lowest after MinKey; NaN below every number) and match
 * outright wherever the path meets an array (kMatchSubpath; the server leaves the exact answer to
 * the `$expr` they stand for). Through find + count + update (harness.ts). n/a: the
 * `CannotCompareTo*` DEATH_TESTs (invariants; the parser's refusal is asserted instead).
 */
import { describe, expect, it } from 'vitest';
import { filterError, matching } from './harness.js';

const OPS = ['$_internalExprGt', '$_internalExprGte', '$_internalExprLt', '$_internalExprLte'] as const;

/** For each operator, which of `docs` match `{<path>: {op: rhs}}`. */
function perOperator(path: string, rhs: string, docs: string[]): Record<string, number[]> {
  return Object.fromEntries(OPS.map((op) => [op, matching(`{"${path}":{"${op}":${rhs}}}`, docs)]));
}

describe('InternalExprComparisonMatchExpression', () => {
  it('DoesNotPerformTypeBracketing', () => {
    const docs = [
      '{"x":{"$minKey":1}}',
      '{"y":0}',
      '{"x":null}',
      '{"x":{"$undefined":true}}',
      '{"x":1}',
      '{"x":2}',
      '{"x":3.5}',
      '{"x":"string"}',
      '{"x":{"a":1}}',
      '{"x":[1,2,3]}',
      '{"x":{"$oid":"000000000000000000000000"}}',
      '{"x":{"$date":{"$numberLong":"1700000000000"}}}',
      '{"x":{"$timestamp":{"t":0,"i":3}}}',
      '{"x":"/^m/"}',
      '{"x":{"$maxKey":1}}',
    ];
    expect(perOperator('x', '2', docs)).toEqual({
      $_internalExprGt: [6, 7, 8, 9, 10, 11, 12, 13, 14],
      $_internalExprGte: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
      // An array on the path always matches.
      $_internalExprLt: [0, 1, 2, 3, 4, 9],
      $_internalExprLte: [0, 1, 2, 3, 4, 5, 9],
    });
  });
  it('CorrectlyComparesNaN: NaN is below every number, equal to itself', () => {
    const docs = [
      '{"x":{"$minKey":1}}',
      '{"x":null}',
      '{"x":{"$numberDouble":"NaN"}}',
      '{"x":{"$numberDecimal":"-Infinity"}}',
      '{"x":2}',
      '{"x":3.5}',
      '{"x":{"$maxKey":1}}',
    ];
    expect(perOperator('x', '{"$numberDouble":"NaN"}', docs)).toEqual({
      $_internalExprGt: [3, 4, 5, 6],
      $_internalExprGte: [2, 3, 4, 5, 6],
      $_internalExprLt: [0, 1],
      $_internalExprLte: [0, 1, 2],
    });
  });
  it('AlwaysReturnsTrueWithLeafArrays', () => {
    const docs = ['{"x":[null]}', '{"x":[0]}', '{"x":[1,2,3]}', '{"x":1}', '{"x":3}'];
    expect(perOperator('x', '2', docs)).toEqual({
      $_internalExprGt: [0, 1, 2, 4],
      $_internalExprGte: [0, 1, 2, 4],
      $_internalExprLt: [0, 1, 2, 3],
      $_internalExprLte: [0, 1, 2, 3],
    });
  });
  it('AlwaysReturnsTrueWithNonLeafArrays', () => {
    const docs = [
      '{"x":[null]}',
      '{"x":[1,2,3]}',
      '{"x":[{"y":1}]}',
      '{"x":[{"y":2},{"y":3}]}',
      '{"x":{"y":1}}',
      '{"x":{"y":3}}',
    ];
    expect(perOperator('x.y', '2', docs)).toEqual({
      $_internalExprGt: [0, 1, 2, 3, 5],
      $_internalExprGte: [0, 1, 2, 3, 5],
      $_internalExprLt: [0, 1, 2, 3, 4],
      $_internalExprLte: [0, 1, 2, 3, 4],
    });
  });
});

describe('MatchExpressionParserTest: $_internalExprEq', () => {
  it('InternalExprEqParsesCorrectly', () => {
    expect(
      matching('{"a":{"$_internalExprEq":"foo"}}', ['{"a":"foo"}', '{"a":["foo"]}', '{"a":["bar"]}', '{"a":"bar"}']),
    ).toEqual([0, 1, 2]);
    expect(
      matching('{"a.b":{"$_internalExprEq":5}}', [
        '{"a":{"b":5}}',
        '{"a":{"b":[5]}}',
        '{"a":{"b":[6]}}',
        '{"a":{"b":6}}',
      ]),
    ).toEqual([0, 1, 2]);
  });
  it('missing is not null, and a numeric path component meets the array', () => {
    expect(matching('{"a":{"$_internalExprEq":null}}', ['{"a":null}', '{}', '{"a":{"$undefined":true}}'])).toEqual([0]);
    expect(
      matching('{"a.0.b":{"$_internalExprEq":1}}', ['{"a":[{"b":2}]}', '{"a":{"0":{"b":1}}}', '{"a":{"0":{"b":2}}}']),
    ).toEqual([0, 1]);
  });
  it('takes the collation', () => {
    expect(
      matching('{"a":{"$_internalExprEq":"foo"}}', ['{"a":"FOO"}'], { collation: '{"locale":"en","strength":2}' }),
    ).toEqual([0]);
    expect(matching('{"a":{"$_internalExprEq":"foo"}}', ['{"a":"FOO"}'])).toEqual([]);
  });
  it('InternalExprEqComparisonToArrayDoesNotParse / …ToUndefinedDoesNotParse: BadValue for every operator', () => {
    for (const op of ['$_internalExprEq', ...OPS]) {
      expect(filterError(`{"a.b":{"${op}":[5]}}`)).toEqual({
        code: 2,
        errmsg: `${op} cannot be used to compare to type: array`,
      });
      expect(filterError(`{"a.b":{"${op}":{"$undefined":true}}}`)).toEqual({
        code: 2,
        errmsg: `${op} cannot be used to compare to type: undefined`,
      });
    }
  });
});
