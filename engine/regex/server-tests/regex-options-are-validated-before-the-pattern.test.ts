/**
 * A query regex's options are read first (`pcre_util::flagsToOptions`: `i m s x` set options, `u`
 * is accepted and changes nothing since UTF is always on, any other character — a NUL included —
 * fails with 51108 " invalid flag in regex options: <c>"), then the pattern is refused if it holds
 * a NUL (BadValue), then PCRE2 compiles it (51091 "Regular expression is invalid: <PCRE2 text>").
 * `$regex` may come with `$options` in either order, but not a regex that has its own options
 * (51075 when `$regex` comes first, 51074 when `$options` does); `$options` alone is BadValue.
 * From src/mongo/util/pcre_util_test.cpp (ParseOptions), jstests/core/query/regex/regex.js,
 * regex_options.js, regex_error.js, regex2.js (the `s` option), and the RegexMatchExpression
 * constructor of src/mongo/db/matcher/expression_leaf.cpp.
 */
import { describe, expect, it } from 'vitest';
import { re, RegexLab } from './harness.js';

const find = (filter: string) => `{"find": "t", "filter": ${filter}}`;

describe('ParseOptions: the option letters and what each one does', () => {
  const lab = new RegexLab().fill(
    't',
    '[{"_id": 1, "s": "A\\nb"}, {"_id": 2, "s": "a b"}, {"_id": 3, "s": "x\\nA.b"}]',
  );
  it.each([
    ['', 'A.b', [3]],
    ['i', 'a.b', [2, 3]],
    ['s', 'A.b', [1, 3]],
    ['m', '^A.b$', [3]],
    ['u', 'A.b', [3]],
    ['x', 'A . b', [3]],
    ['imsux', '^a . b$', [1, 2, 3]],
    ['xusmi', '^a . b$', [1, 2, 3]],
  ])('$options "%s" with pattern %j', (options, pattern, ids) => {
    expect(lab.ids('t', `{"s": {"$regex": ${JSON.stringify(pattern)}, "$options": "${options}"}}`)).toEqual(ids);
  });
  it('a regex value carries the same options (i m s x u as BSON regex options)', () => {
    expect(lab.ids('t', `{"s": ${re('a.b', 'is')}}`)).toEqual([1, 2, 3]);
    expect(lab.ids('t', `{"s": {"$regex": ${re('A.b', 'u')}}}`)).toEqual([3]);
  });
  it.each(['z', 'iz', 'g', 'I', 'e'])('"%s" fails with 51108 naming the first bad letter', (options) => {
    const bad = [...options].find((c) => !'imsux'.includes(c))!;
    expect(lab.error(find(`{"s": {"$regex": "a", "$options": "${options}"}}`))).toEqual({
      code: 51108,
      errmsg: ` invalid flag in regex options: ${bad}`,
    });
  });
  it('a regex value whose options the server does not know (l) fails the same way', () => {
    expect(lab.error(find(`{"s": ${re('a', 'l')}}`))).toEqual({
      code: 51108,
      errmsg: ' invalid flag in regex options: l',
    });
    expect(lab.error(find(`{"s": {"$in": [${re('a', 'il')}]}}`))).toEqual({
      code: 51108,
      errmsg: ' invalid flag in regex options: l',
    });
  });
});

describe('embedded NUL bytes (regex.js, regex_error.js)', () => {
  const lab = new RegexLab().fill('t', '[{"_id": 1, "a": "ab"}]');
  it('a NUL in the pattern is BadValue', () => {
    expect(lab.error(find('{"a": {"$regex": "a\\u0000b", "$options": "i"}}'))).toEqual({
      code: 2,
      errmsg: 'Regular expression cannot contain an embedded null byte',
    });
    expect(lab.error(find('{"key": {"$regex": "abcd\\u0000xyz"}}')).code).toBe(2);
  });
  it('a NUL in the options is an invalid flag (51108), wherever it is', () => {
    for (const options of ['i\\u0000', '\\u0000i']) {
      expect(lab.error(find(`{"a": {"$regex": "ab", "$options": "${options}"}}`))).toEqual({
        code: 51108,
        errmsg: ' invalid flag in regex options: \u0000',
      });
    }
  });
  it('options are checked before the pattern, the NUL check before compiling', () => {
    expect(lab.error(find('{"a": {"$regex": "(\\u0000", "$options": "z"}}')).code).toBe(51108);
    expect(lab.error(find('{"a": {"$regex": "(\\u0000"}}')).code).toBe(2);
    expect(lab.error(find('{"a": {"$regex": "[)"}}'))).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: missing terminating ] for character class',
    });
  });
});

describe('$regex with $options (regex.js, regex2.js, regex_options.js)', () => {
  const lab = new RegexLab().fill(
    't',
    '[{"_id": 1, "x": ["abc"]}, {"_id": 2, "txt": "hello_test"}, {"_id": 3, "a": "1\\n2"}, {"_id": 4, "a": "1  2"}]',
  );
  it('options in both the regex and $options: 51075 ($regex first), 51074 ($options first)', () => {
    expect(lab.error(find(`{"x": {"$regex": ${re('ab', 'i')}, "$options": "s"}}`))).toEqual({
      code: 51075,
      errmsg: 'options set in both $regex and $options',
    });
    expect(lab.error(find(`{"x": {"$options": "s", "$regex": ${re('ab', 'i')}}}`))).toEqual({
      code: 51074,
      errmsg: 'options set in both $regex and $options',
    });
  });
  it('a regex without options takes $options in either order', () => {
    expect(lab.count('t', `{"x": {"$regex": ${re('ABC', 'i')}}}`)).toBe(1);
    expect(lab.count('t', `{"x": {"$regex": ${re('ABC')}, "$options": "i"}}`)).toBe(1);
    expect(lab.count('t', `{"x": {"$options": "i", "$regex": ${re('ABC')}}}`)).toBe(1);
  });
  it('$elemMatch over $regex and $options', () => {
    expect(lab.count('t', '{"x": {"$elemMatch": {"$regex": "ABC", "$options": "i"}}}')).toBe(1);
  });
  it('u is accepted, g is not (regex_options.js)', () => {
    expect(lab.count('t', '{"txt": {"$regex": "^hello.*"}}')).toBe(1);
    expect(lab.count('t', '{"txt": {"$regex": "^hello.*", "$options": "u"}}')).toBe(1);
    expect(lab.count('t', `{"txt": {"$regex": ${re('^hello.*', 'u')}}}`)).toBe(1);
    expect(lab.error(`{"count": "t", "query": {"txt": {"$regex": "^hello.*", "$options": "g"}}}`).code).toBe(51108);
  });
  it('s lets . match a newline (regex2.js)', () => {
    expect(lab.ids('t', '{"a": {"$regex": "1.*2"}}')).toEqual([4]);
    expect(lab.ids('t', '{"a": {"$regex": "1.*2", "$options": "s"}}')).toEqual([3, 4]);
  });
  it('$options alone, or not a string, and $regex not a string or regex, are BadValue', () => {
    expect(lab.error(find('{"a": {"$options": "i"}}'))).toEqual({ code: 2, errmsg: '$options needs a $regex' });
    expect(lab.error(find('{"a": {"$regex": "a", "$options": 1}}'))).toEqual({
      code: 2,
      errmsg: '$options has to be a string',
    });
    expect(lab.error(find('{"a": {"$regex": 1}}'))).toEqual({ code: 2, errmsg: '$regex has to be a string' });
  });
});

describe('$regexFind in a find projection takes the same options (regex_options.js)', () => {
  const lab = new RegexLab().fill('t', '[{"_id": 1, "txt": "hello_test"}]');
  it('u is accepted; an unknown letter is 51108 naming $regexFind', () => {
    const reply = (options: string) =>
      `{"find": "t", "projection": {"p": {"$regexFind": {"input": "$txt", "regex": "^hello.*", "options": "${options}"}}}}`;
    expect(
      lab.find(
        't',
        '{}',
        ', "projection": {"_id": 0, "p": {"$regexFind": {"input": "$txt", "regex": {"$regularExpression": {"pattern": "^hello.*", "options": "u"}}}}}',
      ),
    ).toBe('[{"p":{"match":"hello_test","idx":{"$numberInt":"0"},"captures":[]}}]');
    expect(lab.error(reply('g'))).toEqual({ code: 51108, errmsg: '$regexFind invalid flag in regex options: g' });
  });
});
