/**
 * A regex in a filter matches a string field, a string inside an array, or a string reached through
 * embedded documents and arrays of them, with and without an index on the path; several regexes in
 * one filter are a conjunction; a regex value of the field matches an equal regex (a BSON regex
 * equals itself), and a string field is matched by pattern.
 * From jstests/core/query/regex/regex.js (A–H), regex8.js, regex9.js, regex_embed1.js, regexa.js,
 * regexb.js, regexc.js, regex7.js.
 */
import { describe, expect, it } from 'vitest';
import { re, RegexLab, withAndWithoutIndex } from './harness.js';

describe('a regex matches the strings under a path (regex.js A–H)', () => {
  it('a plain string: substring patterns', () => {
    const lab = new RegexLab().fill('t', '[{"a": "bcd"}]');
    expect(['b', 'bc', 'bcd', 'bcde'].map((p) => lab.count('t', `{"a": ${re(p)}}`))).toEqual([1, 1, 1, 0]);
  });
  it.each([
    ['{"a": {"b": "cde"}}', 'E'],
    ['{"a": {"b": ["cde"]}}', 'F'],
    ['{"a": [{"b": "cde"}]}', 'G'],
    ['{"a": [{"b": ["cde"]}]}', 'H'],
  ])('%s is matched by {"a.b": /de/} (%s)', (doc) => {
    const lab = new RegexLab().fill('t', `[${doc}]`);
    expect(lab.count('t', `{"a.b": ${re('de')}}`)).toBe(1);
  });
});

describe('regex9.js: an array matches when one element does, in each regex syntax', () => {
  it('/a/, {$regex: "a"}, {$regex: /a/}', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "a": ["a", "b", "c"]}, {"_id": 2, "a": ["a", "b", "c", "d"]}, {"_id": 3, "a": ["b", "c", "d"]}]',
    );
    for (const f of [`{"a": ${re('a')}}`, '{"a": {"$regex": "a"}}', `{"a": {"$regex": ${re('a')}}}`]) {
      expect(lab.ids('t', f)).toEqual([1, 2]);
    }
  });
});

describe('regex8.js: documents with and without _id, with and without an index on a', () => {
  it('/a.*/ matches 2, /[ab].*/ and /[a|b].*/ match 3', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "a": "abc"}, {"_ud": 2, "a": "abc"}, {"_id": 3, "a": "bdc"}]');
    withAndWithoutIndex(lab, 't', '{"a": 1}', () => {
      expect(lab.count('t', '{}')).toBe(3);
      expect(lab.count('t', `{"a": ${re('a.*')}}`)).toBe(2);
      expect(lab.count('t', `{"a": ${re('[ab].*')}}`)).toBe(3);
      expect(lab.count('t', `{"a": ${re('[a|b].*')}}`)).toBe(3);
    });
  });
});

describe('regex_embed1.js: a regex on a path through an array of documents', () => {
  it('"a.x" and the positional "a.0.x"', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "a": [{"x": "abc"}, {"x": "def"}]}, {"_id": 2, "a": [{"x": "ab"}, {"x": "de"}]}, {"_id": 3, "a": [{"x": "ab"}, {"x": "de"}, {"x": "abc"}]}]',
    );
    withAndWithoutIndex(lab, 't', '{"a.x": 1}', () => {
      expect(lab.ids('t', '{"a.x": "abc"}')).toEqual([1, 3]);
      expect(lab.ids('t', `{"a.x": ${re('.*abc.*')}}`)).toEqual([1, 3]);
      expect(lab.ids('t', '{"a.0.x": "abc"}')).toEqual([1]);
      expect(lab.ids('t', `{"a.0.x": ${re('abc')}}`)).toEqual([1]);
    });
  });
});

describe('regexa.js: an alternation is not a simple prefix (SERVER-3298)', () => {
  it('/^(z|.)/ /^z|./ /^z(z|.)/ /^zz|./ on "a"', () => {
    const lab = new RegexLab().fill('t', '[{"a": "a"}]');
    withAndWithoutIndex(lab, 't', '{"a": 1}', () => {
      expect(['^(z|.)', '^z|.', '^z(z|.)', '^zz|.'].map((p) => lab.count('t', `{"a": ${re(p)}}`))).toEqual([
        1, 1, 0, 1,
      ]);
    });
  });
});

describe('regexb.js: more than four regexes in one filter (SERVER-969)', () => {
  it('every field must match its regex', () => {
    const lab = new RegexLab().fill('t', '[{"a": "a", "b": "b", "c": "c", "d": "d", "e": "e"}]');
    const f = (last: string) =>
      `{"a": ${re('a')}, "b": ${re('b')}, "c": ${re('c')}, "d": ${re('d')}, "e": ${re(last)}}`;
    expect(lab.count('t', f('e'))).toBe(1);
    expect(lab.count('t', f('barf'))).toBe(0);
  });
});

describe('regexc.js: several regexes over the same index', () => {
  it('$and of two regexes on a', () => {
    const lab = new RegexLab();
    lab.sh.command('{"drop": "t"}');
    lab.index('t', '{"a": 1}');
    lab.ok('{"insert": "t", "documents": [{"_id": 1, "a": "0"}, {"_id": 2, "a": "1"}, {"_id": 3, "a": "10"}]}');
    expect(lab.ids('t', `{"$and": [{"a": ${re('0')}}, {"a": ${re('1')}}]}`)).toEqual([3]);
  });
  it('an implicit $and over a compound index', () => {
    const lab = new RegexLab();
    lab.sh.command('{"drop": "t"}');
    lab.index('t', '{"a": 1, "b": 1}');
    lab.ok(
      '{"insert": "t", "documents": [{"_id": 1, "a": "0", "b": "1"}, {"_id": 2, "a": "10", "b": "10"}, {"_id": 3, "a": "10", "b": "2"}]}',
    );
    expect(lab.ids('t', `{"a": ${re('0')}, "b": ${re('1')}}`)).toEqual([1, 2]);
  });
  it('$or of two regexes on a', () => {
    const lab = new RegexLab();
    lab.sh.command('{"drop": "t"}');
    lab.index('t', '{"a": 1}');
    lab.ok(
      '{"insert": "t", "documents": [{"_id": 1, "a": "0"}, {"_id": 2, "a": "1"}, {"_id": 3, "a": "2"}, {"_id": 4, "a": "10"}]}',
    );
    expect(lab.ids('t', `{"$or": [{"a": ${re('0')}}, {"a": ${re('1')}}]}`)).toEqual([1, 2, 4]);
  });
});

describe('regex7.js: a stored regex is matched by the equal regex, and strings by pattern', () => {
  it('/^a/ finds the document holding /^a/ (not /^a/i), with and without an index', () => {
    const lab = new RegexLab().fill(
      't',
      `[{"_id": 1, "r": ${re('^a')}}, {"_id": 2, "r": ${re('^a', 'i')}}, {"_id": 3, "r": ${re('^b')}}]`,
    );
    withAndWithoutIndex(lab, 't', '{"r": 1}', () => {
      expect(lab.find('t', `{"r": ${re('^a')}}`, ', "projection": {"_id": 0}')).toBe(
        '[{"r":{"$regularExpression":{"pattern":"^a","options":""}}}]',
      );
      expect(lab.ids('t', `{"r": ${re('^a', 'i')}}`)).toEqual([2]);
      expect(lab.ids('t', `{"r": ${re('^b')}}`)).toEqual([3]);
    });
    lab.ok('{"insert": "t", "documents": [{"_id": 4, "r": "a"}]}');
    expect(lab.ids('t', `{"r": ${re('^a')}}`)).toEqual([1, 4]);
  });
});
