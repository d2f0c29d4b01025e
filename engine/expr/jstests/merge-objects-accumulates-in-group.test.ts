/**
 * The $group case of MongoDB's jstests/aggregation/expressions/merge_objects.js ("Test merge
 * within a $group stage"), and the rest of AccumulatorMergeObjects::processInternal it relies on:
 * per group, in document order, later fields win over earlier ones and keep the place of their
 * first appearance; null, undefined and missing inputs are skipped (a group of only those gives
 * `{}`); any other non-object is 40400. Through the real aggregate command, compared as canonical
 * Extended JSON.
 */
import { describe, expect, it } from 'vitest';
import { ejson } from '../../commands/testing.js';
import { aggregate, collection, v } from './harness.js';
import { BSON_UNDEFINED } from '../../bson/values.js';

describe('merge_objects.js: $mergeObjects as a $group accumulator', () => {
  it("merges each group's objects in order: later values win, first appearance keeps the place", () => {
    const coll = collection([
      { _id: 13, group: 1, obj: {} },
      { _id: 14, group: 1, obj: { a: 2, b: 2 } },
      { _id: 15, group: 1, obj: { a: 1, c: 3 } },
      { _id: 16, group: 2, obj: { a: 1, b: 1 } },
    ]);
    const result = aggregate(coll, [
      { $match: { _id: { $in: [13, 14, 15, 16] } } },
      { $sort: { _id: 1 } },
      { $group: { _id: '$group', mergedDocument: { $mergeObjects: '$obj' } } },
      { $sort: { _id: 1 } },
    ]);
    expect(ejson(result)).toBe(
      ejson(v([{ _id: 1, mergedDocument: { a: 1, b: 2, c: 3 } }, { _id: 2, mergedDocument: { a: 1, b: 1 } }])),
    );
  });
  it('skips null, undefined and missing inputs; a group of only those merges to {}', () => {
    const coll = collection([
      { _id: 1, g: 1, obj: { a: 1 } },
      { _id: 2, g: 1, obj: null },
      { _id: 3, g: 1 },
      { _id: 4, g: 1, obj: BSON_UNDEFINED },
      { _id: 5, g: 1, obj: { b: null } },
      { _id: 6, g: 2, obj: null },
      { _id: 7, g: 2 },
    ]);
    const result = aggregate(coll, [{ $sort: { _id: 1 } }, { $group: { _id: '$g', m: { $mergeObjects: '$obj' } } }, { $sort: { _id: 1 } }]);
    expect(ejson(result)).toBe(ejson(v([{ _id: 1, m: { a: 1, b: null } }, { _id: 2, m: {} }])));
  });
  it('refuses any other non-object input with 40400, as the expression does', () => {
    const coll = collection([
      { _id: 1, obj: { a: 1 } },
      { _id: 2, obj: 'string' },
    ]);
    expect(() => aggregate(coll, [{ $sort: { _id: 1 } }, { $group: { _id: null, m: { $mergeObjects: '$obj' } } }])).toThrow(
      expect.objectContaining({
        code: 40400,
        errmsg: 'PlanExecutor error during aggregation :: caused by :: $mergeObjects requires object inputs, but input "string" is of type string',
      }),
    );
  });
});
