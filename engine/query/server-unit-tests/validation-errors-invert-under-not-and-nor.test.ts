/**
 * Port of doc_validation_error_test.cpp's logical section beyond plain comparisons
 * (TEST(LogicalMatchExpression, BasicNot, NotOverImplicitAnd, NestedNot, NestedAndOr,
 * NestedAndOrOneFailingClause, NestedAndOrNorOneSuccessfulClause,
 * NestedAndOrNorNotOneFailingClause)): `$not` reports its clause under `details` with the
 * inverted reason; a `$not` over several operators reports a `$and` of the clauses that matched
 * (`clausesSatisfied`); each negation flips the wording again; clauses of `$and` that match and
 * clauses of `$or` under `$and` that do not fail are left out.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

const cmp = (op: string, field: string, n: number, value: number, reason: string): string =>
  `{"operatorName":"${op}","specifiedAs":{"${field}":{"${op}":${n}}},"reason":"${reason}","consideredValue":${value}}`;

describe('LogicalMatchExpression: $not', () => {
  it('BasicNot', () => {
    expect(errInfo('{"a":{"$not":{"$lt":10}}}', '{"a":9}')).toBe(
      expected(`{"operatorName":"$not","details":${cmp('$lt', 'a', 10, 9, 'comparison succeeded')}}`),
    );
  });
  it('NotOverImplicitAnd', () => {
    expect(errInfo('{"a":{"$not":{"$lt":20,"$gt":5}}}', '{"a":10}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$and","clausesSatisfied":[{"index":0,"details":${cmp('$lt', 'a', 20, 10, 'comparison succeeded')}},{"index":1,"details":${cmp('$gt', 'a', 5, 10, 'comparison succeeded')}}]}}`,
      ),
    );
  });
  it('NestedNot', () => {
    expect(errInfo('{"a":{"$not":{"$not":{"$lt":10}}}}', '{"a":11}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$not","details":${cmp('$lt', 'a', 10, 11, 'comparison failed')}}}`,
      ),
    );
  });
});

describe('LogicalMatchExpression: combinations', () => {
  it('NestedAndOr', () => {
    expect(
      errInfo(
        '{"$and":[{"$or":[{"price":{"$gt":50}},{"price":{"$lt":20}}]},{"qty":{"$gt":0}},{"qty":{"$lt":10}}]}',
        '{"price":30,"qty":30}',
      ),
    ).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":{"operatorName":"$or","clausesNotSatisfied":[{"index":0,"details":${cmp('$gt', 'price', 50, 30, 'comparison failed')}},{"index":1,"details":${cmp('$lt', 'price', 20, 30, 'comparison failed')}}]}},{"index":2,"details":${cmp('$lt', 'qty', 10, 30, 'comparison failed')}}]}`,
      ),
    );
  });
  it('NestedAndOrOneFailingClause', () => {
    expect(
      errInfo(
        '{"$and":[{"$or":[{"price":{"$lt":20}}]},{"qty":{"$gt":0}},{"qty":{"$lt":10}}]}',
        '{"price":15,"qty":30}',
      ),
    ).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":2,"details":${cmp('$lt', 'qty', 10, 30, 'comparison failed')}}]}`,
      ),
    );
  });
  it('NestedAndOrNorOneSuccessfulClause', () => {
    expect(
      errInfo(
        '{"$and":[{"$or":[{"price":{"$lt":20}}]},{"$nor":[{"qty":{"$gt":20}},{"qty":{"$lt":20}}]}]}',
        '{"price":10,"qty":15}',
      ),
    ).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":1,"details":{"operatorName":"$nor","clausesSatisfied":[{"index":1,"details":${cmp('$lt', 'qty', 20, 15, 'comparison succeeded')}}]}}]}`,
      ),
    );
  });
  it('NestedAndOrNorNotOneFailingClause', () => {
    expect(
      errInfo(
        '{"$and":[{"$or":[{"price":{"$lt":20}}]},{"$nor":[{"qty":{"$gt":30}},{"qty":{"$not":{"$lt":20}}}]}]}',
        '{"price":10,"qty":25}',
      ),
    ).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":1,"details":{"operatorName":"$nor","clausesSatisfied":[{"index":1,"details":{"operatorName":"$not","details":${cmp('$lt', 'qty', 20, 25, 'comparison failed')}}}]}}]}`,
      ),
    );
  });
  it('an $or under $nor reports the clauses that matched (inverted $or needs its children)', () => {
    expect(errInfo('{"$nor":[{"$or":[{"a":1},{"b":2}]}]}', '{"a":5,"b":2}')).toBe(
      expected(
        '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$or","clausesSatisfied":[{"index":1,"details":{"operatorName":"$eq","specifiedAs":{"b":2},"reason":"comparison succeeded","consideredValue":2}}]}}]}',
      ),
    );
  });
});
