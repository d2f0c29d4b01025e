/**
 * Expressions that compare strings ($cmp, $eq, $ne, $lt, $lte, $gt, $gte, $in, $indexOfArray, the
 * set operators, and every comparison nested in $and, $or, $filter, $let, $map, $reduce, $switch,
 * $zip and $group's _id) use the operation's collation (the command's, else the collection
 * default); $indexOfBytes, $indexOfCP, $strcasecmp and $split never do. Each expression runs
 * through aggregate and an update pipeline, which must agree (harness `expr`).
 *
 * Ported from jstests/aggregation/expressions/collation_expressions.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { expr, type Lit } from '../../expr/jstests/harness.js';
import { i } from '../../expr/test-helpers.js';
import { ejson, run, testEngine } from './harness.js';

const caseInsensitive = { locale: 'en_US', strength: 2 };
const numericOrdering = { locale: 'en_US', numericOrdering: true };
const withCollation = (expression: Lit, collation: Lit, doc: Lit = { _id: 0 }) => expr(expression, doc, { collation });
const text = (x: unknown) => ejson(x as never);

describe('expressions compare strings by the collation (collation_expressions.js)', () => {
  it('$cmp follows the collection default collation in aggregate and in an update pipeline', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "collation": {"locale": "en_US", "strength": 2}}');
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const agg = run(
      engine,
      't',
      '{"aggregate": "c", "pipeline": [{"$project": {"_id": 0, "r": {"$cmp": ["a", "A"]}}}], "cursor": {}}',
    );
    expect(text((agg.get('cursor') as Doc).get('firstBatch'))).toBe('[{"r":{"$numberInt":"0"}}]');
    run(engine, 't', '{"update": "c", "updates": [{"q": {}, "u": [{"$set": {"r": {"$cmp": ["a", "A"]}}}]}]}');
    expect(text(engine.documents('t', 'c'))).toBe('[{"_id":{"$numberInt":"1"},"r":{"$numberInt":"0"}}]');
  });

  it.each([
    [{ $cmp: ['a', 'A'] }, i(0), caseInsensitive],
    [{ $eq: ['a', 'A'] }, true, caseInsensitive],
    [{ $ne: ['a', 'A'] }, false, caseInsensitive],
    [{ $lt: ['2', '10'] }, true, numericOrdering],
    [{ $lte: ['2', '10'] }, true, numericOrdering],
    [{ $lte: ['b', 'B'] }, true, caseInsensitive],
    [{ $gt: ['2', '10'] }, false, numericOrdering],
    [{ $gte: ['2', '10'] }, false, numericOrdering],
    [{ $gte: ['b', 'B'] }, true, caseInsensitive],
    [{ $in: ['A', [1, 2, 'a', 3, 4]] }, true, caseInsensitive],
    [{ $indexOfArray: [[1, 2, 'a', 'b', 'c', 'B'], 'B'] }, i(3), caseInsensitive],
    [
      {
        $setEquals: [
          ['a', 'B'],
          ['b', 'A'],
        ],
      },
      true,
      caseInsensitive,
    ],
    [
      {
        $setDifference: [
          ['a', 'B'],
          ['b', 'A'],
        ],
      },
      [],
      caseInsensitive,
    ],
    [
      {
        $setIsSubset: [
          ['a', 'B'],
          ['b', 'A', 'c'],
        ],
      },
      true,
      caseInsensitive,
    ],
  ] as [Lit, Lit, Lit][])('%j is %j under %j', (expression, expected, collation) => {
    expect(text(withCollation(expression, collation))).toBe(text(expr({ $literal: expected })));
  });

  it.each([
    [{ $indexOfBytes: ['12abcB', 'B'] }, i(5), caseInsensitive],
    [{ $indexOfCP: ['12abcB', 'B'] }, i(5), caseInsensitive],
    [{ $strcasecmp: ['100', '2'] }, i(-1), numericOrdering],
    [{ $split: ['abc', 'B'] }, ['abc'], caseInsensitive],
  ] as [Lit, Lit, Lit][])('%j ignores the collation: %j', (expression, expected, collation) => {
    expect(text(withCollation(expression, collation))).toBe(text(expr({ $literal: expected })));
  });

  it('$setIntersection and $setUnion deduplicate by the collation', () => {
    const inter = withCollation(
      {
        $setIntersection: [
          ['a', 'B', 'c'],
          ['d', 'b', 'A'],
        ],
      },
      caseInsensitive,
    ) as unknown[];
    expect(inter).toHaveLength(2);
    const union = withCollation(
      {
        $setUnion: [
          ['a', 'B', 'c'],
          ['d', 'b', 'A'],
        ],
      },
      caseInsensitive,
    ) as unknown[];
    expect(union).toHaveLength(4);
  });

  it('$and and $or, whether or not they fold to a constant', () => {
    expect(
      withCollation({ $and: [{ $eq: ['$str', 'a'] }, { $eq: ['b', 'B'] }] }, caseInsensitive, { _id: 1, str: 'A' }),
    ).toBe(true);
    expect(
      withCollation({ $and: [{ $eq: ['$str', 'a'] }, { $eq: ['$str2', 'b'] }] }, caseInsensitive, {
        _id: 1,
        str: 'A',
        str2: 'B',
      }),
    ).toBe(true);
    expect(
      withCollation({ $or: [{ $eq: ['$str', 'a'] }, { $eq: ['b', 'c'] }] }, caseInsensitive, { _id: 1, str: 'A' }),
    ).toBe(true);
    expect(
      withCollation({ $or: [{ $eq: ['$str', 'c'] }, { $eq: ['$str2', 'b'] }] }, caseInsensitive, {
        _id: 1,
        str: 'A',
        str2: 'B',
      }),
    ).toBe(true);
  });

  it('$filter, $let, $map, $reduce and $zip subexpressions', () => {
    const filtered = {
      $filter: {
        input: { $cond: { if: { $eq: ['FOO', 'foo'] }, then: ['a', 'b', 'A', 'c', 'C', 'd'], else: null } },
        as: 'str',
        cond: { $or: [{ $eq: ['$$str', 'a'] }, { $eq: ['$$str', 'c'] }] },
      },
    };
    expect(text(withCollation(filtered, caseInsensitive))).toBe('["a","A","c","C"]');
    const bound = {
      $let: {
        vars: { str: { $cond: [{ $eq: ['A', 'a'] }, 'b', 'c'] } },
        in: { $cond: [{ $eq: ['$$str', 'B'] }, 'd', 'e'] },
      },
    };
    expect(withCollation(bound, caseInsensitive)).toBe('d');
    const mapped = {
      $map: {
        input: { $cond: [{ $eq: ['A', 'a'] }, ['aa', 'a', 'AA', 'b'], null] },
        as: 'val',
        in: { $and: [{ $eq: ['$$val', 'aA'] }, { $eq: ['$$val', 'Aa'] }] },
      },
    };
    expect(text(withCollation(mapped, caseInsensitive))).toBe('[true,false,true,false]');
    const reduced = {
      $reduce: {
        input: { $cond: [{ $eq: ['a', 'A'] }, [1, 2, 3], null] },
        initialValue: { $cond: [{ $eq: ['a', 'A'] }, { sum: 1 }, { sum: 0 }] },
        in: { $cond: [{ $eq: ['a', 'A'] }, { sum: { $add: ['$$value.sum', '$$this'] } }, { sum: 0 }] },
      },
    };
    expect(text(withCollation(reduced, caseInsensitive))).toBe('{"sum":{"$numberDouble":"7.0"}}');
    const zipped = {
      $zip: {
        inputs: [
          { $cond: [{ $eq: ['A', 'a'] }, '$evens', '$odds'] },
          { $cond: [{ $eq: ['B', 'b'] }, '$odds', '$evens'] },
        ],
        defaults: [0, { $cond: [{ $eq: ['C', 'c'] }, 5, 7] }],
        useLongestLength: true,
      },
    };
    expect(text(withCollation(zipped, caseInsensitive, { _id: 0, evens: [0, 2, 4], odds: [1, 3] }))).toBe(
      text(
        expr({
          $literal: [
            [0, 1],
            [2, 3],
            [4, 5],
          ],
        }),
      ),
    );
  });

  it('$switch branches, per document', () => {
    const sw = {
      $switch: {
        branches: [
          { case: { $eq: ['$a', 'a'] }, then: 'foo' },
          { case: { $eq: ['$b', 'b'] }, then: 'bar' },
        ],
        default: 'baz',
      },
    };
    expect(
      [
        { _id: 1, a: 'A' },
        { _id: 2, b: 'B' },
        { _id: 3, c: 'C' },
      ].map((doc) => withCollation(sw, caseInsensitive, doc)),
    ).toEqual(['foo', 'bar', 'baz']);
  });

  it("$group's _id expressions", () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(
      engine,
      't',
      '{"aggregate": "c", "pipeline": [{"$group": {"_id": {"a": {"$eq": ["a", "A"]}, "b": {"$eq": ["b", "B"]}}}}], "cursor": {}, "collation": {"locale": "en_US", "strength": 2}}',
    );
    expect(text((reply.get('cursor') as Doc).get('firstBatch'))).toBe('[{"_id":{"a":true,"b":true}}]');
  });
});
