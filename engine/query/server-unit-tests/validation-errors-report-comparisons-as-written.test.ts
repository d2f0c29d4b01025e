/**
 * Port of doc_validation_error_test.cpp's comparison section (TEST(GenerateValidationError,
 * FailingDocumentId), TEST(ComparisonMatchExpression, BasicEq … LteImplicitArrayTraversal, the
 * $gt/$gte cases)): the `errInfo` of an insert a validator refuses (121). `specifiedAs` is the
 * clause as written; the considered values are what the path gives with leaf arrays opened
 * (kTraverseOmitArray) — one value as `consideredValue`, none or several as `consideredValues`;
 * a path that does not exist is "field was missing". Also ported: the `$in`/`$nin` cases and the
 * `$and` / implicit AND / `$or` / `$nor` cases over comparisons (TEST(LogicalMatchExpression,
 * BasicAnd … NorAllSuccessfulClauses)); `$nor` reports the clauses that matched with the inverted
 * reason. Every case also runs as an update and a findAndModify (validation-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

describe('GenerateValidationError', () => {
  it('FailingDocumentId', () => {
    expect(errInfo('{"a":{"$eq":2}}', '{"a":1,"_id":10}')).toBe(
      expected(
        '{"operatorName":"$eq","specifiedAs":{"a":{"$eq":2}},"reason":"comparison failed","consideredValue":1}',
        '10',
      ),
    );
  });
});

describe('ComparisonMatchExpression: $eq', () => {
  const eq = (specified: string, rest: string): string =>
    expected(`{"operatorName":"$eq","specifiedAs":${specified},${rest}}`);
  it('BasicEq / EqNoOperator: specifiedAs as written', () => {
    expect(errInfo('{"a":{"$eq":2}}', '{"a":1}')).toBe(
      eq('{"a":{"$eq":2}}', '"reason":"comparison failed","consideredValue":1'),
    );
    expect(errInfo('{"a":2}', '{"a":1}')).toBe(eq('{"a":2}', '"reason":"comparison failed","consideredValue":1'));
  });
  it('EqMissingPath', () => {
    expect(errInfo('{"a":{"$eq":2}}', '{"b":1}')).toBe(eq('{"a":{"$eq":2}}', '"reason":"field was missing"'));
  });
  it('EqImplicitArrayTraversal / …NestedDocumentSingleElement / …NestedDocument / …NestedArrays / EqEmptyArray', () => {
    expect(errInfo('{"a":{"$eq":2}}', '{"a":[3,4,5]}')).toBe(
      eq('{"a":{"$eq":2}}', '"reason":"comparison failed","consideredValues":[3,4,5]'),
    );
    expect(errInfo('{"a.b":{"$eq":2}}', '{"a":[{"b":3}]}')).toBe(
      eq('{"a.b":{"$eq":2}}', '"reason":"comparison failed","consideredValue":3'),
    );
    expect(errInfo('{"a.b":{"$eq":2}}', '{"a":[{"b":3},{"b":4},{"b":5}]}')).toBe(
      eq('{"a.b":{"$eq":2}}', '"reason":"comparison failed","consideredValues":[3,4,5]'),
    );
    expect(errInfo('{"a.b":{"$eq":0}}', '{"a":[{"b":[1,2]},{"b":[3,4]}]}')).toBe(
      eq('{"a.b":{"$eq":0}}', '"reason":"comparison failed","consideredValues":[1,2,3,4]'),
    );
    expect(errInfo('{"a":{"$eq":[1,2]}}', '{"a":[]}')).toBe(
      eq('{"a":{"$eq":[1,2]}}', '"reason":"comparison failed","consideredValues":[]'),
    );
  });
});

describe('ComparisonMatchExpression: $ne, $lt, $lte, $gt, $gte', () => {
  it('BasicNe / NeImplicitArrayTraversal: the inverted reason', () => {
    expect(errInfo('{"a":{"$ne":2}}', '{"a":2}')).toBe(
      expected(
        '{"operatorName":"$ne","specifiedAs":{"a":{"$ne":2}},"reason":"comparison succeeded","consideredValue":2}',
      ),
    );
    expect(errInfo('{"a":{"$ne":2}}', '{"a":[1,2,3]}')).toBe(
      expected(
        '{"operatorName":"$ne","specifiedAs":{"a":{"$ne":2}},"reason":"comparison succeeded","consideredValues":[1,2,3]}',
      ),
    );
  });
  it('Basic*, *MissingPath, *ImplicitArrayTraversal', () => {
    for (const [op, rhs, value] of [
      ['$lt', '0', '1'],
      ['$lte', '0', '1'],
      ['$gt', '3', '0'],
      ['$gte', '3', '0'],
    ] as const) {
      const specified = `{"a":{"${op}":${rhs}}}`;
      const head = `"operatorName":"${op}","specifiedAs":${specified}`;
      expect(errInfo(specified, `{"a":${value}}`)).toBe(
        expected(`{${head},"reason":"comparison failed","consideredValue":${value}}`),
      );
      expect(errInfo(specified, '{"b":1}')).toBe(expected(`{${head},"reason":"field was missing"}`));
      const arr = op === '$lt' || op === '$lte' ? '[3,4,5]' : '[0,1,2]';
      expect(errInfo(specified, `{"a":${arr}}`)).toBe(
        expected(`{${head},"reason":"comparison failed","consideredValues":${arr}}`),
      );
    }
  });
  it('the enumeration stops where the path stops, and an explicit index gives its element whole', () => {
    // {a: [{b: 3}, {}, {b: 5}]}: 3, then EOO ends the enumeration.
    expect(errInfo('{"a.b":{"$gt":10}}', '{"a":[{"b":3},{},{"b":5}]}')).toBe(
      expected(
        '{"operatorName":"$gt","specifiedAs":{"a.b":{"$gt":10}},"reason":"comparison failed","consideredValue":3}',
      ),
    );
    expect(errInfo('{"a.1":{"$gt":10}}', '{"a":[5,[2,4],3]}')).toBe(
      expected(
        '{"operatorName":"$gt","specifiedAs":{"a.1":{"$gt":10}},"reason":"comparison failed","consideredValue":[2,4]}',
      ),
    );
    // {a: [4]}: nothing, and a.b does not exist.
    expect(errInfo('{"a.b":{"$gt":10}}', '{"a":[4]}')).toBe(
      expected('{"operatorName":"$gt","specifiedAs":{"a.b":{"$gt":10}},"reason":"field was missing"}'),
    );
  });
});

describe('ComparisonMatchExpression: $in, $nin', () => {
  const arr = (body: string): string => body;
  it('BasicIn / InMissingPath / InNestedDocumentsAndArrays / InAcceptsRegex', () => {
    expect(errInfo('{"a":{"$in":[1,2,3]}}', '{"a":4}')).toBe(
      expected(
        '{"operatorName":"$in","specifiedAs":{"a":{"$in":[1,2,3]}},"reason":"no matching value found in array","consideredValue":4}',
      ),
    );
    expect(errInfo('{"a":{"$in":[1,2,3]}}', '{"b":1}')).toBe(
      expected('{"operatorName":"$in","specifiedAs":{"a":{"$in":[1,2,3]}},"reason":"field was missing"}'),
    );
    expect(errInfo('{"a.b":{"$in":[5,6,7,[2,3,4]]}}', arr('{"a":[{"b":[1,2]},{"b":[3,4]}]}'))).toBe(
      expected(
        '{"operatorName":"$in","specifiedAs":{"a.b":{"$in":[5,6,7,[2,3,4]]}},"reason":"no matching value found in array","consideredValues":[1,2,3,4]}',
      ),
    );
    const rx = (p: string): string => `{"$regularExpression":{"pattern":"${p}","options":""}}`;
    const inRx = `{"a":{"$in":[${rx('^v')},${rx('^b')},${rx('^c')}]}}`;
    expect(errInfo(inRx, '{"a":"Validation"}')).toBe(
      expected(
        `{"operatorName":"$in","specifiedAs":${inRx},"reason":"no matching value found in array","consideredValue":"Validation"}`,
      ),
    );
    const ninRx = `{"a":{"$nin":[${rx('^v')},${rx('^b')},${rx('^c')}]}}`;
    expect(errInfo(ninRx, '{"a":"berry"}')).toBe(
      expected(
        `{"operatorName":"$nin","specifiedAs":${ninRx},"reason":"matching value found in array","consideredValue":"berry"}`,
      ),
    );
  });
  it('BasicNin / NinNestedDocumentsAndArrays', () => {
    expect(errInfo('{"a":{"$nin":[1,2,3]}}', '{"a":3}')).toBe(
      expected(
        '{"operatorName":"$nin","specifiedAs":{"a":{"$nin":[1,2,3]}},"reason":"matching value found in array","consideredValue":3}',
      ),
    );
    expect(errInfo('{"a.b":{"$nin":[1,[2,3,4]]}}', '{"a":[{"b":[1,2]},{"b":[3,4]}]}')).toBe(
      expected(
        '{"operatorName":"$nin","specifiedAs":{"a.b":{"$nin":[1,[2,3,4]]}},"reason":"matching value found in array","consideredValues":[1,2,3,4]}',
      ),
    );
  });
});

describe('LogicalMatchExpression over comparisons', () => {
  const lt = (field: string, n: number, value: number, reason = 'comparison failed'): string =>
    `{"operatorName":"$lt","specifiedAs":{"${field}":{"$lt":${n}}},"reason":"${reason}","consideredValue":${value}}`;
  const gt = (field: string, n: number, value: number, reason = 'comparison failed'): string =>
    `{"operatorName":"$gt","specifiedAs":{"${field}":{"$gt":${n}}},"reason":"${reason}","consideredValue":${value}}`;
  it('BasicAnd / ImplicitAnd / AndMultipleFailingClauses / NestedAndDoesNotReportErrorDetailsIfItMatches', () => {
    const one = expected(`{"operatorName":"$and","clausesNotSatisfied":[{"index":1,"details":${lt('a', 10, 11)}}]}`);
    expect(errInfo('{"$and":[{"b":{"$gt":0}},{"a":{"$lt":10}}]}', '{"a":11,"b":2}')).toBe(one);
    expect(errInfo('{"a":{"$gt":0,"$lt":10}}', '{"a":11}')).toBe(one);
    expect(errInfo('{"$and":[{"a":{"$lt":10}},{"a":{"$gt":20}}]}', '{"a":15}')).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":${lt('a', 10, 15)}},{"index":1,"details":${gt('a', 20, 15)}}]}`,
      ),
    );
    expect(errInfo('{"$and":[{"$and":[{"a":1}]},{"$and":[{"b":1}]}]}', '{"a":1,"b":2}')).toBe(
      expected(
        '{"operatorName":"$and","clausesNotSatisfied":[{"index":1,"details":{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":{"operatorName":"$eq","specifiedAs":{"b":1},"reason":"comparison failed","consideredValue":2}}]}}]}',
      ),
    );
  });
  it('BasicOr / OrMultipleFailingClauses', () => {
    expect(errInfo('{"$or":[{"a":{"$lt":10}}]}', '{"a":11}')).toBe(
      expected(`{"operatorName":"$or","clausesNotSatisfied":[{"index":0,"details":${lt('a', 10, 11)}}]}`),
    );
    expect(errInfo('{"$or":[{"a":{"$lt":10}},{"a":{"$gt":20}}]}', '{"a":15}')).toBe(
      expected(
        `{"operatorName":"$or","clausesNotSatisfied":[{"index":0,"details":${lt('a', 10, 15)}},{"index":1,"details":${gt('a', 20, 15)}}]}`,
      ),
    );
  });
  it('BasicNor / NorAllSuccessfulClauses: the clauses that matched, with the inverted reason', () => {
    expect(errInfo('{"$nor":[{"a":{"$gt":10}},{"b":{"$lt":10}}]}', '{"a":9,"b":9}')).toBe(
      expected(
        `{"operatorName":"$nor","clausesSatisfied":[{"index":1,"details":${lt('b', 10, 9, 'comparison succeeded')}}]}`,
      ),
    );
    expect(errInfo('{"$nor":[{"a":{"$lt":20}},{"a":{"$gt":10}}]}', '{"a":15}')).toBe(
      expected(
        `{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":${lt('a', 20, 15, 'comparison succeeded')}},{"index":1,"details":${gt('a', 10, 15, 'comparison succeeded')}}]}`,
      ),
    );
  });
});
