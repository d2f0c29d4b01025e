/**
 * A regex query returns the same documents whether or not its path is indexed, whatever the
 * index's or the query's collation (a regex ignores collation), prefix regexes and others alike;
 * `distinct` with a regex filter gives each matching value once; a regex is never an `_id`.
 * From jstests/core/query/regex/regex3.js, regex4.js, regex6.js, regex_collations.js,
 * regex_distinct.js and regex_not_id.js — their result assertions (their explain assertions,
 * keys examined and plan shapes, are not ported: see CHECKLIST.md).
 */
import { describe, expect, it } from 'vitest';
import { re, RegexLab, withAndWithoutIndex } from './harness.js';

describe('regex3.js / regex4.js: prefix regexes on name', () => {
  it('/^e.*/ finds eliot and emily', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "name": "eliot"}, {"_id": 2, "name": "emily"}, {"_id": 3, "name": "bob"}, {"_id": 4, "name": "aaron"}]',
    );
    withAndWithoutIndex(lab, 't', '{"name": 1}', () => {
      expect(lab.ids('t', `{"name": ${re('^e.*')}}`)).toEqual([1, 2]);
      expect(lab.count('t', `{"name": ${re('^e.*')}}`)).toBe(2);
    });
  });
  it('/^aa*/, /^a[ab]/, /^a[bc]/ over aa ab ac c', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "name": "aa"}, {"_id": 2, "name": "ab"}, {"_id": 3, "name": "ac"}, {"_id": 4, "name": "c"}]',
    );
    withAndWithoutIndex(lab, 't', '{"name": 1}', () => {
      expect(lab.ids('t', `{"name": ${re('^aa*')}}`)).toEqual([1, 2, 3]);
      expect(lab.ids('t', `{"name": ${re('^a[ab]')}}`)).toEqual([1, 2]);
      expect(lab.ids('t', `{"name": ${re('^a[bc]')}}`)).toEqual([2, 3]);
    });
  });
  it('/^a?/ matches the empty string', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "name": ""}]');
    withAndWithoutIndex(lab, 't', '{"name": 1}', () => {
      expect(lab.count('t', `{"name": ${re('^a?')}}`)).toBe(1);
    });
  });
});

describe('regex6.js: prefixes with escapes and \\Q…\\E, and a regex beside a range', () => {
  const lab = new RegexLab().fill(
    't',
    '[{"_id": 1, "name": "eliot"}, {"_id": 2, "name": "emily"}, {"_id": 3, "name": "bob"}, {"_id": 4, "name": "aaron"}, {"_id": 5, "name": "[with]some?symbols"}]',
  );
  lab.index('t', '{"name": 1}');
  it.each([
    ['^\\/', []],
    ['^é', []],
    ['^\\é', []],
    ['^\\.', []],
    ['^.', [1, 2, 3, 4, 5]],
    ['^\\Qblah\\E', []],
    ['^blah', []],
    ['^\\Q[\\Ewi\\Qth]some?s\\Eym', [5]],
    ['^bob', [3]],
  ])('%j', (pattern, ids) => {
    expect(lab.ids('t', `{"name": ${re(pattern)}}`)).toEqual(ids);
  });
  it('$regex with $gte or $gt on the same path', () => {
    expect(lab.ids('t', '{"name": {"$regex": "^e", "$gte": "emily"}}')).toEqual([2]);
    expect(lab.ids('t', '{"name": {"$gt": "a", "$regex": "^emily"}}')).toEqual([2]);
  });
});

describe('regex_collations.js: a regex ignores the index and query collation', () => {
  it('^c and c find only "c" among c, d, ç, for every index/query collation pair', () => {
    for (const indexCollation of ['', ', "collation": {"locale": "fr"}']) {
      const lab = new RegexLab().fill('t', '[{"value": "c"}, {"value": "d"}, {"value": "ç"}]');
      lab.index('t', '{"value": 1}', indexCollation);
      for (const queryCollation of ['', ', "collation": {"locale": "fr"}']) {
        for (const pattern of ['^c', 'c']) {
          expect(
            lab.find('t', `{"value": {"$regex": "${pattern}"}}`, `, "projection": {"_id": 0}${queryCollation}`),
          ).toBe('[{"value":"c"}]');
        }
      }
    }
  });
});

describe('regex_distinct.js: distinct with a prefix regex ending in .*', () => {
  it('each matching value once', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"a": "abc", "b": "foo"}, {"a": "abc", "b": "bar"}, {"a": "abd", "b": "far"}, {"a": "aeb", "b": "car"}]',
    );
    lab.index('t', '{"a": 1}');
    const reply = lab.ok('{"distinct": "t", "key": "a", "query": {"a": {"$regex": "^ab.*"}}}');
    expect([...(reply.get('values') as string[])].sort()).toEqual(['abc', 'abd']);
  });
});

describe('regex_not_id.js: a regex cannot be an _id (SERVER-9502)', () => {
  it('an insert with a regex _id, first or not, is a write error and stores nothing', () => {
    const lab = new RegexLab().fill('t', '[{"_id": "ABCDEF1"}]');
    for (const doc of [`{"_id": ${re('^A')}}`, `{"xxx": "ABCDEF", "_id": ${re('ABCDEF')}}`]) {
      const reply = lab.sh.command(`{"insert": "t", "documents": [${doc}]}`);
      expect(reply.get('n')?.valueOf()).toBe(0);
      expect((reply.get('writeErrors') as unknown[]).length).toBe(1);
    }
    expect(lab.count('t', '{}')).toBe(1);
  });
});
