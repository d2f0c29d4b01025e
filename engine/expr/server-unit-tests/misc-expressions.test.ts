/**
 * Port of expression_test.cpp's ExpressionRegexTest, NowAndClusterTime, ExpressionRandom,
 * ExpressionToHashedIndexKeyTest, ExpressionSubtractTest, ExpressionGetFieldTest /
 * ExpressionSetFieldTest (values; the serialized shapes need explain) and ExpressionIfNullTest
 * (the optimized expressions' values).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, ObjectId, Timestamp } from '../../bson/values.js';
import { aggregate, collection, updateAll } from '../jstests/harness.js';
import { evalTyped, expr, exprError, i, l, typed, v, type Lit } from './harness.js';

describe('ExpressionRegexTest', () => {
  /** $regexFindAll gives `all`; $regexFind its first element or null; $regexMatch whether there is one. */
  function all(args: Lit, doc: Lit, found: Lit[]): void {
    expect(evalTyped({ $regexFindAll: args }, doc)).toEqual(typed(v(found)));
    expect(evalTyped({ $regexFind: args }, doc)).toEqual(typed(v(found.length ? found[0]! : null)));
    expect(evalTyped({ $regexMatch: args }, doc)).toEqual(['bool', String(found.length > 0)]);
  }
  it('BasicTest / ExtendedRegexOptions / MultipleMatches / NoMatch', () => {
    all({ input: 'asdf', regex: '^as' }, {}, [{ match: 'as', idx: i(0), captures: [] }]);
    all({ input: 'FirstLine\nSecondLine', regex: '^second', options: 'mi' }, {}, [
      { match: 'Second', idx: i(10), captures: [] },
    ]);
    all({ input: 'a1b2c3', regex: '([a-c][1-3])' }, {}, [
      { match: 'a1', idx: i(0), captures: ['a1'] },
      { match: 'b2', idx: i(2), captures: ['b2'] },
      { match: 'c3', idx: i(4), captures: ['c3'] },
    ]);
    all({ input: 'a1b2c3', regex: 'ab' }, {}, []);
  });
  it('OptimizPatternWhenInputIsVariable / NoOptimizePatternWhenRegexVariable / NoOptimizePatternWhenOptionsVariable: missing input or regex matches nothing', () => {
    all({ input: '$input', regex: '([a-c][1-3])' }, {}, []);
    all({ input: 'asdf', regex: '$regex' }, {}, []);
    all({ input: 'asdf', regex: '(asdf)', options: '$options' }, {}, [
      { match: 'asdf', idx: i(0), captures: ['asdf'] },
    ]);
  });
  it('FailureCaseBadRegexType: 51105 / FailureCaseBadRegexPattern: 51111', () => {
    for (const op of ['$regexFindAll', '$regexFind', '$regexMatch']) {
      expect(
        exprError({ [op]: { input: 'FirstLine\nSecondLine', regex: { invalid: 'regex' }, options: 'mi' } }).code,
      ).toBe(51105);
      expect(exprError({ [op]: { input: 'FirstLine\nSecondLine', regex: '[0-9' } }).code).toBe(51111);
    }
  });
});

describe('NowAndClusterTime', () => {
  it('BasicTest: $$NOW is a date and $$CLUSTER_TIME a timestamp (replica set), each the same within a command', () => {
    expect(typed(expr('$$NOW'))[0]).toBe('date');
    expect(typed(expr('$$CLUSTER_TIME'))[0]).toBe('timestamp');
    expect(expr({ $eq: ['$$NOW', '$$NOW'] })).toBe(true);
    expect(expr({ $eq: ['$$CLUSTER_TIME', '$$CLUSTER_TIME'] })).toBe(true);
  });
});

describe('ExpressionRandom', () => {
  it('Basic: every evaluation is a new double in [0, 1], averaging 1/2', () => {
    const n = 2000;
    const coll = collection(Array.from({ length: n }, (_, k) => ({ _id: k })));
    updateAll(coll, [{ $set: { r: { $rand: {} } } }]);
    const rs = aggregate(coll, [{ $project: { _id: 0, r: 1 } }]).map((d) => d.get('r') as number);
    expect(rs.every((r) => typeof r === 'number' && r >= 0 && r <= 1)).toBe(true);
    expect(new Set(rs).size).toBeGreaterThan(n * 0.99);
    const avg = rs.reduce((a, b) => a + b, 0) / n;
    expect(Math.abs(avg - 0.5)).toBeLessThan(10 / Math.sqrt(12 * n));
  });
});

describe('ExpressionToHashedIndexKeyTest', () => {
  it('…InputSucceeds: the hashed index key of the value (null, undefined and missing hash as null… except undefined)', () => {
    const cases: [Lit, bigint][] = [
      ['hashThisStringLiteral', -5776344739422278694n],
      [i(123), -6548868637522515075n],
      [new Timestamp({ t: 0, i: 0 }), -7867208682377458672n],
      [new ObjectId('47cc67093475061e3d95369d'), 1576265281381834298n],
      [new Date(0), -1178696894582842035n],
      [null, 2338878944348059895n],
      [{ $pow: [i(2), i(4)] }, 2598032665634823220n],
      [BSON_UNDEFINED, 40158834000849533n],
    ];
    for (const [x, h] of cases) expect(expr({ $toHashedIndexKey: x })).toEqual(l(h));
    expect(expr({ $toHashedIndexKey: '$missingField' })).toEqual(l(2338878944348059895n));
  });
});

describe('ExpressionSubtractTest', () => {
  it('OverflowLong: a long difference that leaves int64 is a double', () => {
    const max = 9223372036854775807n;
    const min = -9223372036854775808n;
    expect(evalTyped({ $subtract: [l(max), l(min)] })).toEqual(typed(Number(max) - Number(min)));
    expect(evalTyped({ $subtract: [l(min), l(max)] })).toEqual(typed(Number(min) - Number(max)));
    expect(evalTyped({ $subtract: [i(-1), l(max)] })).toEqual(typed(v(l(min))));
    expect(evalTyped({ $subtract: [i(0), l(min)] })).toEqual(typed(-Number(min)));
  });
});

describe('ExpressionGetFieldTest / ExpressionSetFieldTest', () => {
  it('the string shorthand reads $$CURRENT; the full form reads its input; $setField sets the field', () => {
    expect(evalTyped({ $getField: 'foo' }, { foo: i(1) })).toEqual(['int', '1']);
    expect(evalTyped({ $getField: { field: 'foo', input: { a: i(1) } } })).toEqual(['missing', '']);
    expect(evalTyped({ $getField: { field: 'a', input: { a: i(1) } } })).toEqual(['int', '1']);
    expect(evalTyped({ $getField: 'a.b.c' }, { 'a.b.c': i(7) })).toEqual(['int', '7']);
    expect(evalTyped({ $setField: { field: 'foo', input: { a: i(1) }, value: i(24) } })).toEqual(
      typed(v({ a: i(1), foo: i(24) })),
    );
  });
});

describe('ExpressionIfNullTest', () => {
  it('the first non-nullish operand, whichever of them are constants', () => {
    expect(evalTyped({ $ifNull: [null, '$a', '$b'] }, { b: i(2) })).toEqual(['int', '2']);
    expect(evalTyped({ $ifNull: [null, '$a'] }, { a: i(1) })).toEqual(['int', '1']);
    expect(evalTyped({ $ifNull: [null, '$a'] }, {})).toEqual(['missing', '']);
    expect(evalTyped({ $ifNull: [null, '$a', null, null] }, {})).toEqual(['null', 'null']);
    expect(evalTyped({ $ifNull: [null, null] })).toEqual(['null', 'null']);
    expect(evalTyped({ $ifNull: [i(1), i(2)] })).toEqual(['int', '1']);
    expect(evalTyped({ $ifNull: [i(1), '$a'] }, { a: i(3) })).toEqual(['int', '1']);
    expect(evalTyped({ $ifNull: ['$a', i(5), '$b'] }, { b: i(2) })).toEqual(['int', '5']);
    expect(evalTyped({ $ifNull: [null, i(1), '$a'] }, { a: i(3) })).toEqual(['int', '1']);
  });
});
