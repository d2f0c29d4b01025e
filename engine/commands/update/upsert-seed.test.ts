import { describe, expect, test } from 'vitest';
import { parseEJSONDoc, toRelaxed } from '../../bson/ejson.js';
import { isEngineError } from '../../errors.js';
import { buildUpsertSeed, extractEqualityMatches, queryHasExpr } from './upsert-seed.js';

const q = (s: string) => parseEJSONDoc(s);
const seed = (s: string, kind: 'modifier' | 'replacement' | 'pipeline' = 'modifier') =>
  toRelaxed(buildUpsertSeed(q(s), kind).doc);

function errorOf(fn: () => unknown): { code: number; errmsg: string } {
  try {
    fn();
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, errmsg: e.errmsg };
    throw e;
  }
  throw new Error('expected an error');
}

describe('upsert seed (server-facts §3, jstests/core/upsert_fields.js)', () => {
  test('Upsert rules 3: equality clauses are copied, comparison operators are not', () => {
    expect(seed('{"a": 1, "b": {"$gt": 5}, "c": {"$eq": "x"}}')).toBe('{"a":1,"c":"x"}');
  });
  test('single-element $in and $all are equalities; multi-element $in is not', () => {
    expect(seed('{"x": {"$in": [1]}, "y": {"$all": [2]}, "z": {"$in": [1, 2]}}')).toBe('{"x":1,"y":2}');
  });
  test('$and is flattened and single-child $or collapses; multi-child $or is ignored', () => {
    expect(seed('{"$and": [{"a": 1}, {"$and": [{"b": 2}]}], "$or": [{"c": 3}]}')).toBe('{"a":1,"b":2,"c":3}');
    expect(seed('{"$or": [{"c": 3}, {"d": 4}]}')).toBe('{}');
  });
  test('dotted paths create nested documents, in sorted path order', () => {
    expect(seed('{"x.y": 1, "x.a": 2, "b": 3}')).toBe('{"b":3,"x":{"a":2,"y":1}}');
  });
  test('seed fields follow sorted full-path order (5.0 EqualityMatches map)', () => {
    expect(seed('{"b": 2, "a": 1}')).toBe('{"a":1,"b":2}');
  });
  test('array and object values are copied verbatim; a bare regex is not extracted', () => {
    expect(seed('{"x": [1, 2], "y": {"y.y": 1}, "r": {"$regularExpression": {"pattern": "a", "options": ""}}}')).toBe(
      '{"x":[1,2],"y":{"y.y":1}}',
    );
  });
  test('$eq with a regex is extracted', () => {
    expect(seed('{"r": {"$eq": {"$regularExpression": {"pattern": "a", "options": ""}}}}')).toBe(
      '{"r":{"$regularExpression":{"pattern":"a","options":""}}}',
    );
  });
  test('$elemMatch, $exists, $not, $ne, $nor are not extracted', () => {
    expect(
      seed(
        '{"a": {"$elemMatch": {"b": 1}}, "c": {"$exists": true}, "d": {"$not": {"$eq": 1}}, "e": {"$ne": 1}, "$nor": [{"f": 1}]}',
      ),
    ).toBe('{}');
  });
  test('conflict: the same path twice gives 54 "is matched twice"', () => {
    expect(errorOf(() => seed('{"x": {"$all": [1, 2]}}'))).toEqual({
      code: 54,
      errmsg: "cannot infer query fields to set, path 'x' is matched twice",
    });
    expect(errorOf(() => seed('{"$and": [{"x": {"$eq": 1}}, {"x": 2}]}')).code).toBe(54);
  });
  test('conflict: a path and its prefix give 54 "both paths … are matched"', () => {
    expect(errorOf(() => seed('{"x": 1, "x.x": 1}'))).toEqual({
      code: 54,
      errmsg: "cannot infer query fields to set, both paths 'x.x' and 'x' are matched",
    });
    expect(errorOf(() => seed('{"x.y": 1, "x": {"x": 1}}')).errmsg).toBe(
      "cannot infer query fields to set, both paths 'x.y' and 'x' are matched",
    );
  });
  test('dotted _id works for modifier upserts', () => {
    expect(seed('{"_id.x": 1, "_id.y": 2}')).toBe('{"_id":{"x":1,"y":2}}');
  });
  test('replacement upsert copies only _id and ignores other conflicts', () => {
    expect(seed('{"_id": 1, "x": [1, {"x": 1}], "x.x": 1}', 'replacement')).toBe('{"_id":1}');
  });
  test('Upsert rules 5: dotted _id in a replacement upsert fails with 111', () => {
    expect(errorOf(() => seed('{"_id.x": 1}', 'replacement'))).toEqual({
      code: 111,
      errmsg: "field at '_id' must be exactly specified, field at sub-path '_id.x'found",
    });
  });
  test('onlyEqualities tells an AND of equalities from anything else', () => {
    expect(extractEqualityMatches(q('{"a": 1, "b": {"$in": [2]}}')).onlyEqualities).toBe(true);
    expect(extractEqualityMatches(q('{"a": 1, "b": {"$gt": 2}}')).onlyEqualities).toBe(false);
    expect(extractEqualityMatches(q('{"$or": [{"a": 1}, {"b": 2}]}')).onlyEqualities).toBe(false);
  });
  test('$expr is found at the top level and inside logical operators', () => {
    expect(queryHasExpr(q('{"$expr": true}'))).toBe(true);
    expect(queryHasExpr(q('{"$or": [{"a": 1}, {"$expr": true}]}'))).toBe(true);
    expect(queryHasExpr(q('{"a": {"$eq": 1}}'))).toBe(false);
  });
});
