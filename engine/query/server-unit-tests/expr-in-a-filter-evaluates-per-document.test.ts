/**
 * Port of expression_expr_test.cpp (TEST_F(ExprMatchTest, *)): `$expr` in a filter evaluates an
 * aggregation expression per document and matches when it is truthy. Its comparisons are the
 * expression language's: no type bracketing, missing is not null, NaN is the smallest number,
 * no implicit array traversal. Run through find + count + update (harness.ts); `$$var` through
 * the commands' `let` (count has none: find and update only); the statement's collation as the
 * expression's collator. n/a: `equivalent()` / `shallowClone()` / optimize-shape cases (C++
 * objects; no explain of `$expr`'s optimized form here).
 */
import { describe, expect, it } from 'vitest';
import { filterError, matching } from './harness.js';

function expectSplit(
  filter: string,
  yes: string[],
  no: string[],
  options: { collation?: string; let?: string } = {},
): void {
  expect(matching(filter, [...yes, ...no], options)).toEqual(yes.map((_, i) => i));
}

const expr = (e: string): string => `{"$expr":${e}}`;

describe('ExprMatchTest: comparisons', () => {
  it('ComparisonToConstant / ComparisonToConstantVariable / ComparisonBetweenTwoFieldPaths', () => {
    expectSplit(expr('{"$eq":["$a",5]}'), ['{"a":5}'], ['{"a":4}', '{"a":6}']);
    expectSplit(expr('{"$eq":["$a","$$var"]}'), ['{"a":5}'], ['{"a":4}', '{"a":6}'], { let: '{"var":5}' });
    expectSplit(expr('{"$gt":["$a","$b"]}'), ['{"a":10,"b":2}'], ['{"a":2,"b":2}', '{"a":2,"b":10}']);
  });
  it('ComparisonThrowsWithUnboundVariable: 17276', () => {
    expect(filterError(expr('{"$eq":["$a","$$var"]}'))).toEqual({
      code: 17276,
      errmsg: 'Use of undefined variable: var',
    });
  });
  it('Eq / Ne / Gt / Gte / Lt / Lte with the field path on either side', () => {
    const docs = ['{"x":1}', '{"x":3}', '{"x":10}'];
    for (const [op, lhs, rhs] of [
      ['$eq', [1], [1]],
      ['$ne', [0, 2], [0, 2]],
      ['$gt', [2], [0]],
      ['$gte', [1, 2], [0, 1]],
      ['$lt', [0], [2]],
      ['$lte', [0, 1], [1, 2]],
    ] as const) {
      expect([op, matching(expr(`{"${op}":["$x",3]}`), docs)]).toEqual([op, lhs]);
      expect([op, matching(expr(`{"${op}":[3,"$x"]}`), docs)]).toEqual([op, rhs]);
    }
  });
  it('EqWithTwoFieldPaths / EqWithTwoConstants / EqWithDottedFieldPath / InWithDottedFieldPath: no implicit array traversal', () => {
    expectSplit(expr('{"$eq":["$x","$y"]}'), ['{"x":2,"y":2}'], ['{"x":2,"y":3}', '{"x":2}']);
    expectSplit(expr('{"$eq":[3,4]}'), [], ['{"x":3}']);
    expectSplit(
      expr('{"$eq":["$x.y",3]}'),
      ['{"x":{"y":3}}'],
      ['{"x":{"y":[3]}}', '{"x":[{"y":3}]}', '{"x":[{"y":[3]}]}'],
    );
    expectSplit(expr('{"$in":["$x.y",[1,2,3]]}'), ['{"x":{"y":3}}'], ['{"x":{"y":[3]}}']);
  });
  it('ExprLtDoesNotUseTypeBracketing: missing, objects and false sort below true, timestamps above', () => {
    expectSplit(
      expr('{"$lt":["$x",true]}'),
      ['{"x":false}', '{"x":{"y":1}}', '{}'],
      ['{"x":{"$timestamp":{"t":0,"i":1}}}'],
    );
  });
  it('NullMatchesCorrectly / UndefinedMatchesCorrectly: missing equals undefined, not null', () => {
    expectSplit(expr('{"$eq":["$x",null]}'), ['{"x":null}'], ['{"x":{"$undefined":true}}', '{}']);
    expectSplit(expr('{"$eq":["$x",{"$undefined":true}]}'), ['{"x":{"$undefined":true}}', '{}'], ['{"x":null}']);
  });
  it('NaNMatchesCorrectly: NaN is below every number and above missing', () => {
    const NAN = '{"$numberDouble":"NaN"}';
    const docs = [`{"x":${NAN}}`, '{}', '{"x":0}'];
    expect(matching(expr(`{"$eq":["$x",${NAN}]}`), docs)).toEqual([0]);
    expect(matching(expr(`{"$lt":["$x",${NAN}]}`), docs)).toEqual([1]);
    expect(matching(expr(`{"$lte":["$x",${NAN}]}`), docs)).toEqual([0, 1]);
    expect(matching(expr(`{"$gt":["$x",${NAN}]}`), docs)).toEqual([2]);
    expect(matching(expr(`{"$gte":["$x",${NAN}]}`), docs)).toEqual([0, 2]);
  });
  it('MatchAgainstArrayIsCorrect: an array is compared whole (and sorts above numbers)', () => {
    expectSplit(expr('{"$gt":["$x",4]}'), ['{"x":[1.0,2.0,3.0]}'], []);
    expectSplit(expr('{"$eq":["$x",[4]]}'), ['{"x":[4]}'], ['{"x":4}']);
  });
  it('InitialCollationUsedForComparisons / SetCollatorChangesCollationUsedForComparisons', () => {
    // The kToLowerString mock → a strength-2 collation (case-insensitive).
    expectSplit(expr('{"$eq":["$x","abc"]}'), ['{"x":"AbC"}'], ['{"x":"cba"}'], {
      collation: '{"locale":"en","strength":2}',
    });
    expectSplit(expr('{"$eq":["$x","abc"]}'), [], ['{"x":"AbC"}', '{"x":"cba"}']);
  });
});

describe('ExprMatchTest: logical expressions and constants', () => {
  it('And / Or / AndNestedWithinOr / OrNestedWithinAnd', () => {
    expectSplit(
      expr('{"$and":[{"$eq":["$x",3]},{"$ne":["$y",4]}]}'),
      ['{"x":3}', '{"x":3,"y":5}'],
      ['{"x":10,"y":5}', '{"x":3,"y":4}'],
    );
    expectSplit(expr('{"$or":[{"$lte":["$x",3]},{"$gte":["$y",4]}]}'), ['{"x":3}', '{"y":5}'], ['{"x":10}']);
    expectSplit(
      expr('{"$or":[{"$and":[{"$eq":["$x",3]},{"$gt":["$z",5]}]},{"$lt":["$y",4]}]}'),
      ['{"x":3,"z":7}', '{"y":1}'],
      ['{"y":5}'],
    );
    expectSplit(
      expr('{"$and":[{"$or":[{"$eq":["$x",3]},{"$eq":["$z",5]}]},{"$eq":["$y",4]}]}'),
      ['{"x":3,"y":4}', '{"z":5,"y":4}', '{"x":3,"z":5,"y":4}'],
      ['{"x":3,"z":5}', '{"y":4}', '{"x":3,"y":10}'],
    );
  });
  it('InWithLhsFieldPath / InWithLhsFieldPathAndArrayAsConst / InWithoutLhsFieldPath / Cmp', () => {
    for (const arr of ['[1,2,3]', '{"$const":[1,2,3]}']) {
      expectSplit(expr(`{"$in":["$x",${arr}]}`), ['{"x":1}', '{"x":3}'], ['{"x":5}', '{"y":2}', '{"x":{"y":2}}']);
    }
    expectSplit(expr('{"$in":[2,[1,2,3]]}'), ['{"x":2}'], []);
    expectSplit(expr('{"$in":[2,[5,6,7]]}'), [], ['{"x":2}']);
    expectSplit(expr('{"$cmp":["$x",3]}'), ['{"x":2}', '{"x":4}', '{"y":3}'], ['{"x":3}']);
  });
  it('ConstantLiteral / PositiveNumber / NegativeNumber / NumberZero / TrueValue / FalseValue', () => {
    expectSplit(expr('{"$literal":{"$eq":["$x",10]}}'), ['{"x":2}'], []);
    expectSplit(expr('1'), ['{"x":2}'], []);
    expectSplit(expr('-1'), ['{"x":2}'], []);
    expectSplit(expr('0'), [], ['{"x":2}']);
    expectSplit(expr('true'), ['{"x":2}'], []);
    expectSplit(expr('false'), [], ['{"x":2}']);
  });
  it('AndWithNoMatchRewritableChildren / OrWithDistinct… / NestedAndWithTwoFieldPathsWithinOr / AndWithDistinctMatchAndNonMatchSubTree / OrWithAndContaining…', () => {
    expectSplit(
      expr('{"$and":[{"$eq":["$w","$x"]},{"$eq":["$y","$z"]}]}'),
      ['{"w":2,"x":2,"y":5,"z":5}'],
      ['{"w":1,"x":2,"y":5,"z":5}', '{"w":2,"x":2,"y":5,"z":6}', '{"w":2,"y":5}'],
    );
    expectSplit(
      expr('{"$or":[{"$eq":["$x",1]},{"$eq":["$y","$z"]}]}'),
      ['{"x":1}', '{"y":1,"z":1}'],
      ['{"x":2,"y":3}', '{"y":1}', '{"y":1,"z":2}'],
    );
    expectSplit(
      expr('{"$or":[{"$and":[{"$eq":["$x","$w"]},{"$eq":["$z",5]}]},{"$eq":["$y",4]}]}'),
      ['{"x":2,"w":2,"z":5}', '{"y":4}'],
      ['{"x":2,"w":4}', '{"y":5}'],
    );
    expectSplit(
      expr('{"$and":[{"$eq":["$x",1]},{"$eq":["$y","$z"]}]}'),
      ['{"x":1,"y":2,"z":2}'],
      ['{"x":2,"y":2,"z":2}', '{"x":1,"y":2,"z":10}', '{"x":1,"y":2}'],
    );
    expectSplit(
      expr('{"$or":[{"$eq":["$x",3]},{"$and":[{"$eq":["$y",4]},{"$eq":["$y","$z"]}]}]}'),
      ['{"x":3}', '{"y":4,"z":4}'],
      ['{"x":4}', '{"y":4,"z":5}'],
    );
  });
  it('ComplexExprMatchesCorrectly', () => {
    const e = expr(
      '{"$and":[{"$eq":["$a",1]},{"$eq":["$b","$c"]},{"$or":[{"$eq":["$d",1]},{"$eq":["$e",3]},{"$and":[{"$eq":["$f",1]},{"$eq":["$g","$h"]},{"$or":[{"$eq":["$i",3]},{"$eq":["$j","$k"]}]}]}]}]}',
    );
    expectSplit(
      e,
      [
        '{"a":1,"b":3,"c":3,"d":1}',
        '{"a":1,"b":3,"c":3,"e":3}',
        '{"a":1,"b":3,"c":3,"f":1,"i":3}',
        '{"a":1,"b":3,"c":3,"f":1,"j":5,"k":5}',
      ],
      ['{"a":1}', '{"a":1,"b":3,"c":3}', '{"a":1,"b":3,"c":3,"d":5}', '{"a":1,"b":3,"c":3,"j":5,"k":10}'],
    );
  });
  it('FailGracefullyOnInvalidExpression: a constant argument fails while the filter is optimized (17041), under $and/$or/$nor too', () => {
    const expected = { code: 17041, errmsg: "$anyElementTrue's argument must be an array, but is undefined" };
    const bad = '{"$expr":{"$anyElementTrue":{"$undefined":true}}}';
    expect(filterError(bad)).toEqual(expected);
    for (const op of ['$and', '$or', '$nor']) expect(filterError(`{"${op}":[{"x":1},${bad}]}`)).toEqual(expected);
  });
});
