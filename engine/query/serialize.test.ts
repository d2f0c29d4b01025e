import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { compileQuery, serializeMatchNode } from './index.js';

function round(filter: string): string {
  const m = compileQuery(parseEJSON(filter) as Doc, { collator: null });
  return stringifyEJSON(serializeMatchNode(m.root), { relaxed: true });
}

describe('serializeMatchNode', () => {
  it('writes the parsedQuery shapes', () => {
    expect(round('{"a":1}')).toBe('{"a":{"$eq":1}}');
    expect(round('{"a":1,"b":{"$gt":2,"$lt":5}}')).toBe('{"$and":[{"a":{"$eq":1}},{"b":{"$lt":5}},{"b":{"$gt":2}}]}');
    expect(round('{"a":{"$ne":1}}')).toBe('{"a":{"$not":{"$eq":1}}}');
    expect(round('{"a":{"$nin":[3,1]}}')).toBe('{"a":{"$not":{"$in":[1,3]}}}');
    expect(round('{"a":{"$exists":false}}')).toBe('{"a":{"$not":{"$exists":true}}}');
    expect(round('{"a":{"$regex":"x","$options":"i"}}')).toBe('{"a":{"$regex":"x","$options":"i"}}');
    expect(round('{"a":{"$not":{"$gt":1,"$lt":5}}}')).toBe('{"a":{"$not":{"$lt":5,"$gt":1}}}');
    expect(round('{"$or":[{"a":1},{"b":{"$elemMatch":{"c":1}}}]}')).toBe(
      '{"$or":[{"b":{"$elemMatch":{"c":{"$eq":1}}}},{"a":{"$eq":1}}]}',
    );
    expect(round('{"a":{"$elemMatch":{"$gt":1,"$lt":3}}}')).toBe('{"a":{"$elemMatch":{"$lt":3,"$gt":1}}}');
    expect(round('{"a":{"$type":["string","number"]}}')).toBe('{"a":{"$type":["number",2]}}');
    expect(round('{}')).toBe('{}');
    // Canonical form (MatchExpression::normalize): nested $and flattened, children sorted by
    // match type then path, one-clause $or unwrapped, one-clause $nor a negation.
    expect(round('{"z":1,"$and":[{"y":{"$gt":1}},{"$and":[{"x":1}]}]}')).toBe(
      '{"$and":[{"x":{"$eq":1}},{"z":{"$eq":1}},{"y":{"$gt":1}}]}',
    );
    expect(round('{"$or":[{"b":1}],"a":{"$exists":true}}')).toBe('{"$and":[{"b":{"$eq":1}},{"a":{"$exists":true}}]}');
    expect(round('{"$nor":[{"a":1}]}')).toBe('{"a":{"$not":{"$eq":1}}}');
    expect(round('{"a":1,"$alwaysTrue":1}')).toBe('{"a":{"$eq":1}}');
    expect(round('{"a":1,"$alwaysFalse":1}')).toBe('{"$alwaysFalse":1}');
    // jstests/core/or_to_in.js: a one-path $or of equalities/regexes is that path's $in.
    expect(round('{"$or":[{"f1":5},{"f1":{"$eq":3}},{"f1":{"$regex":"^x"}}]}')).toBe(
      '{"f1":{"$in":[3,5,{"$regularExpression":{"pattern":"^x","options":""}}]}}',
    );
    expect(round('{"$or":[{"f1":{"$eq":{"$regularExpression":{"pattern":"a","options":""}}}},{"f1":1}]}')).toBe(
      '{"$or":[{"f1":{"$eq":{"$regularExpression":{"pattern":"a","options":""}}}},{"f1":{"$eq":1}}]}',
    );
    expect(round('{"$or":[{"f2":9},{"f1":1},{"f1":99}]}')).toBe(
      '{"$or":[{"f1":{"$eq":1}},{"f1":{"$eq":99}},{"f2":{"$eq":9}}]}',
    );
    expect(round('{"$or":[{"f1":{"$lt":2}},{"f1":{"$gt":3}}]}')).toBe('{"$or":[{"f1":{"$lt":2}},{"f1":{"$gt":3}}]}');
  });
});
