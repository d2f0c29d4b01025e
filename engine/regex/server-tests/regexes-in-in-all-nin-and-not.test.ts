/**
 * Regexes inside `$in`, `$nin` and `$all` match like a bare regex (any array element may match),
 * `$nin` is the negation of `$in` (documents without the field match it), `$all` needs every listed
 * regex or value; `$not` takes a regex or a `{$regex, $options}` document and negates it, and
 * refuses a plain value, an empty document, `{$ref}` and `$options` alone. Each holds with and
 * without an index on the path.
 * From jstests/core/query/regex/regex5.js (SERVER-322, SERVER-505), jstests/core/query/not/not2.js
 * (and the older jstests/core/not2.js).
 */
import { describe, expect, it } from 'vitest';
import { re, RegexLab, withAndWithoutIndex } from './harness.js';

describe('regex5.js: $in, $all and $nin with regexes', () => {
  const filler = Array.from({ length: 10 }, (_, k) => `{"_id": ${k + 10}, "filler": "filler"}`).join(', ');
  const lab = new RegexLab().fill(
    't',
    `[${filler}, {"_id": 1, "x": ["abc", "xyz1"]}, {"_id": 2, "x": ["ac", "xyz2"]}]`,
  );
  const a = re('.*b.*c');
  const x = re('.*y.*');
  it('every count, before and after indexing x', () => {
    withAndWithoutIndex(lab, 't', '{"x": 1}', () => {
      expect(lab.count('t', `{"x": ${a}}`)).toBe(1);
      expect(lab.count('t', `{"x": ${x}}`)).toBe(2);
      expect(lab.count('t', `{"x": {"$in": [${x}]}}`)).toBe(2);
      expect(lab.ids('t', `{"x": {"$in": [${a}, "xyz1"]}}`)).toEqual([1]);
      expect(lab.ids('t', `{"x": {"$in": [${a}, "xyz2"]}}`)).toEqual([1, 2]);
      expect(lab.ids('t', `{"x": {"$all": [${a}, ${x}]}}`)).toEqual([1]);
      expect(lab.ids('t', `{"x": {"$all": [${a}, "abc"]}}`)).toEqual([1]);
      expect(lab.count('t', `{"x": {"$all": [${a}, "ac"]}}`)).toBe(0);
      expect(lab.count('t', `{"x": {"$nin": [${x}]}}`)).toBe(10);
      expect(lab.count('t', `{"x": {"$nin": [${a}, "xyz1"]}}`)).toBe(11);
      expect(lab.count('t', `{"x": {"$nin": [${a}, "xyz2"]}}`)).toBe(10);
      expect(lab.ids('t', `{"x": {"$not": {"$nin": [${x}]}}}`)).toEqual([1, 2]);
      expect(lab.count('t', `{"x": {"$nin": [${re('^a.c')}]}}`)).toBe(11);
    });
    expect(lab.count('t', `{"x": {"$all": ["a", ${re('^a')}]}}`)).toBe(0);
    expect(lab.ids('t', `{"x": {"$all": [${re('^a')}]}}`)).toEqual([1, 2]);
  });
});

describe('not2.js: $not with regexes and other operators', () => {
  const lab = new RegexLab();
  const check = (filter: string, expected: string) =>
    expect(lab.find('t', filter, ', "projection": {"_id": 0, "i": 1}, "sort": {"i": 1}')).toBe(expected);
  const fails = (filter: string) => expect(lab.error(`{"find": "t", "filter": ${filter}}`).code).toBe(2);
  const strings = (phase: string) => {
    lab.ok('{"delete": "t", "deletes": [{"q": {}, "limit": 0}]}');
    lab.ok('{"insert": "t", "documents": [{"i": "a"}, {"i": "b"}]}');
    const A = '[{"i":"a"}]';
    const B = '[{"i":"b"}]';
    const AB = '[{"i":"a"},{"i":"b"}]';
    fails('{"i": {"$not": {"$not": "a"}}}');
    check('{"i": {"$not": {"$not": {"$gt": "a"}}}}', B);
    fails('{"i": {"$not": "a"}}');
    fails('{"i": {"$not": {"$ref": "foo"}}}');
    fails('{"i": {"$not": {}}}');
    check('{"i": {"$gt": "a"}}', B);
    check('{"i": {"$not": {"$gt": "a"}}}', A);
    check('{"i": {"$not": {"$ne": "a"}}}', A);
    check('{"i": {"$not": {"$gte": "b"}}}', A);
    check('{"i": {"$exists": true}}', AB);
    check('{"i": {"$not": {"$exists": true}}}', '[]');
    check('{"j": {"$not": {"$exists": false}}}', '[]');
    check('{"j": {"$not": {"$exists": true}}}', AB);
    check('{"i": {"$not": {"$in": ["a"]}}}', B);
    check('{"i": {"$not": {"$in": ["a", "b"]}}}', '[]');
    check('{"i": {"$not": {"$in": ["g"]}}}', AB);
    check('{"i": {"$not": {"$nin": ["a"]}}}', A);
    check(`{"i": {"$not": ${re('a')}}}`, B);
    check(`{"i": {"$not": ${re('(a|b)')}}}`, '[]');
    check(`{"i": {"$not": ${re('a')}, "$regex": "a"}}`, '[]');
    check(`{"i": {"$not": ${re('aa')}}}`, AB);
    check('{"i": {"$not": {"$regex": "a"}}}', B);
    check('{"i": {"$not": {"$regex": "A", "$options": "i"}}}', B);
    check('{"i": {"$not": {"$regex": "[ab]"}}}', '[]');
    check('{"i": {"$not": {"$regex": "^foo"}}}', AB);
    fails('{"i": {"$not": {"$options": "a"}}}');
    check('{"i": {"$type": 2}}', AB);
    check('{"i": {"$not": {"$type": 1}}}', AB);
    check('{"i": {"$not": {"$type": 2}}}', '[]');
    return phase;
  };
  const others = () => {
    lab.ok('{"delete": "t", "deletes": [{"q": {}, "limit": 0}]}');
    lab.ok('{"insert": "t", "documents": [{"i": 1}]}');
    check('{"i": {"$not": {"$mod": [5, 1]}}}', '[]');
    check('{"i": {"$mod": [5, 2]}}', '[]');
    check('{"i": {"$not": {"$mod": [5, 2]}}}', '[{"i":{"$numberInt":"1"}}]');
    lab.ok('{"delete": "t", "deletes": [{"q": {}, "limit": 0}]}');
    lab.ok('{"insert": "t", "documents": [{"i": ["a", "b"]}]}');
    check('{"i": {"$not": {"$size": 2}}}', '[]');
    check('{"i": {"$not": {"$size": 3}}}', '[{"i":["a","b"]}]');
    check('{"i": {"$not": {"$gt": "a"}}}', '[]');
    check('{"i": {"$not": {"$gt": "c"}}}', '[{"i":["a","b"]}]');
    check('{"i": {"$not": {"$all": ["a", "b"]}}}', '[]');
    check('{"i": {"$not": {"$all": ["c"]}}}', '[{"i":["a","b"]}]');
    lab.ok('{"delete": "t", "deletes": [{"q": {}, "limit": 0}]}');
    lab.ok('{"insert": "t", "documents": [{"i": [{"j": "a"}]}, {"i": [{"j": "b"}]}]}');
    check('{"i": {"$not": {"$elemMatch": {"j": "a"}}}}', '[{"i":[{"j":"b"}]}]');
    check('{"i": {"$not": {"$elemMatch": {"j": "f"}}}}', '[{"i":[{"j":"a"}]},{"i":[{"j":"b"}]}]');
  };
  it('without an index, then with an index on i', () => {
    lab.sh.command('{"drop": "t"}');
    strings('no index');
    others();
    lab.index('t', '{"i": 1}');
    strings('with index');
    others();
  });
  it("the errors are the parser's", () => {
    lab.fill('t', '[{"i": "a"}]');
    const err = (f: string) => lab.error(`{"find": "t", "filter": ${f}}`);
    expect(err('{"i": {"$not": "a"}}')).toEqual({ code: 2, errmsg: '$not needs a regex or a document' });
    expect(err('{"i": {"$not": {}}}')).toEqual({ code: 2, errmsg: '$not cannot be empty' });
    expect(err('{"i": {"$not": {"$options": "a"}}}')).toEqual({ code: 2, errmsg: '$options needs a $regex' });
    expect(err(`{"i": {"$not": ${re('a', 'l')}}}`)).toEqual({
      code: 51108,
      errmsg: ' invalid flag in regex options: l',
    });
    expect(err(`{"i": {"$not": ${re('(')}}}`)).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: missing closing parenthesis',
    });
  });
});
