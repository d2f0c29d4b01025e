/**
 * explain's `parsedQuery` (and a COLLSCAN's `filter`) print a query regex the way
 * `RegexMatchExpression::appendSerializedRightHandSide` writes it: `{$regex: <pattern>}` plus
 * `$options` when there are options — whether the filter gave a bare regex, `$regex` with a string
 * or a regex, or `$regex` with `$options` in either order; `$options` is not a predicate of its
 * own. Under `$not` it is `{$not: {$regex, $options}}`; in `$in` the regexes follow the other
 * values (`InMatchExpression` keeps equalities and regexes apart).
 * From jstests/core/query/regex/regex.js (explain serialization of $elemMatch with $regex) and
 * the serializers of src/mongo/db/matcher/expression_leaf.cpp.
 */
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { re, RegexLab, x } from './harness.js';

const lab = new RegexLab().fill('t', '[{"_id": 1, "a": "bcd", "x": ["abc"]}]');
const parsed = (filter: string) => {
  const reply = lab.ok(`{"explain": {"find": "t", "filter": ${filter}}, "verbosity": "queryPlanner"}`);
  const planner = reply.get('queryPlanner') as Doc;
  const scan = planner.get('winningPlan') as Doc;
  expect(stringifyEJSON(scan.get('filter')!)).toBe(stringifyEJSON(planner.get('parsedQuery')!));
  return stringifyEJSON(planner.get('parsedQuery')!);
};

describe('a regex predicate prints as $regex and $options', () => {
  it('$elemMatch with $regex and $options prints as given (regex.js)', () => {
    expect(parsed('{"x": {"$elemMatch": {"$regex": "ABC", "$options": "i"}}}')).toBe(
      x('{"x": {"$elemMatch": {"$regex": "ABC", "$options": "i"}}}'),
    );
  });
  it.each([
    [`{"a": ${re('^b')}}`, '{"a": {"$regex": "^b"}}'],
    [`{"a": ${re('^b', 'im')}}`, '{"a": {"$regex": "^b", "$options": "im"}}'],
    ['{"a": {"$regex": "^b"}}', '{"a": {"$regex": "^b"}}'],
    ['{"a": {"$regex": "^b", "$options": "i"}}', '{"a": {"$regex": "^b", "$options": "i"}}'],
    ['{"a": {"$options": "i", "$regex": "^b"}}', '{"a": {"$regex": "^b", "$options": "i"}}'],
    [`{"a": {"$regex": ${re('^b', 's')}}}`, '{"a": {"$regex": "^b", "$options": "s"}}'],
    [`{"a": {"$regex": ${re('^b')}, "$options": "x"}}`, '{"a": {"$regex": "^b", "$options": "x"}}'],
    ['{"a": {"$regex": "^b", "$options": ""}}', '{"a": {"$regex": "^b"}}'],
  ])('%s', (filter, expected) => {
    expect(parsed(filter)).toBe(x(expected));
  });
  it('beside other operators on the path, the regex is one predicate of the $and', () => {
    expect(parsed('{"a": {"$gt": "a", "$regex": "^b", "$options": "i"}}')).toBe(
      x('{"$and": [{"a": {"$gt": "a"}}, {"a": {"$regex": "^b", "$options": "i"}}]}'),
    );
  });
  it('under $not', () => {
    expect(parsed(`{"a": {"$not": ${re('b', 'i')}}}`)).toBe(x('{"a": {"$not": {"$regex": "b", "$options": "i"}}}'));
    expect(parsed('{"a": {"$not": {"$regex": "b"}}}')).toBe(x('{"a": {"$not": {"$regex": "b"}}}'));
  });
  it('in $in, after the other values', () => {
    expect(parsed(`{"a": {"$in": [${re('b')}, "z"]}}`)).toBe(x(`{"a": {"$in": ["z", ${re('b')}]}}`));
  });
});
