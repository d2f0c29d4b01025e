/**
 * Parse and compile rules of PCRE2 10.42 (the library MongoDB 8.0 builds) that the engine had
 * wrong, each found by running the same patterns through the real libpcre2-8 10.42 (UTF, newline
 * LF, no UCP, as the server compiles them) and read in pcre2_compile.c:
 * - `\N{2}`, `\N{1,3}` are `\N` with a quantifier (parse_escape reads the braces as repeat counts);
 *   only `\N{U+hh}` is a code point, and any other brace is error 137;
 * - `\K` inside a lookaround is error 199 (10.38+, without PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK);
 * - a backward relative reference past the first group (`\g{-1}`, `(?-1)` before any group) is
 *   error 115 as soon as it is read, before later parse errors;
 * - after parsing, lookbehind lengths are checked first (125, or 115 for a reference inside a
 *   lookbehind to a group that does not exist, a nested lookbehind checked where it stands, a
 *   quantified assertion counting zero), then the compile pass raises 115 and 199 in pattern order;
 * - under `x`, white space and comments may separate a quantifier from its `?`/`+` suffix;
 * - `\p{Xsp}` and `\p{Xps}` are PCRE2's horizontal and vertical space lists plus category Z.
 */
import { describe, expect, it } from 'vitest';
import { compilePcre } from './index.js';
import { RegexLab } from './server-tests/harness.js';

function error(pattern: string, options = ''): string {
  try {
    compilePcre(pattern, options);
  } catch (e) {
    return (e as Error).message;
  }
  return 'compiled';
}
function first(pattern: string, subject: string, options = ''): [number, number] | null {
  const m = compilePcre(pattern, options).exec(subject, 0);
  return m ? [m[0]!, m[1]!] : null;
}

const NOT_FIXED = 'lookbehind assertion is not fixed length';
const NO_GROUP = 'reference to non-existent subpattern';
const BSK = '\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)';

describe('\\N followed by braces', () => {
  it('a repeat count is a quantifier on \\N', () => {
    expect(first('\\N{2}x', 'abx')).toEqual([0, 3]);
    expect(first('\\N{2}x', 'a\nx')).toBeNull();
    expect(first('^\\N{1,3}$', 'abc')).toEqual([0, 3]);
    expect(first('^\\N{2,}$', 'abcd')).toEqual([0, 4]);
  });
  it('other braces are \\N{name} (137); a count out of order is 104; in a class 171', () => {
    expect(error('\\N{,2}')).toBe('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u');
    expect(error('\\N{name}')).toBe('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u');
    expect(error('\\N{3,2}')).toBe('numbers out of order in {} quantifier');
    expect(error('[\\N{2}]')).toBe('\\N is not supported in a class');
    expect(first('\\N{U+41}', 'A')).toEqual([0, 1]);
  });
});

describe('\\K in lookarounds', () => {
  it.each(['a(?=\\Kb)', '(?<=\\Ka)b', '(?!(?:a|\\K))', '(?(?=\\K)a)'])('%s is error 199', (p) => {
    expect(error(p)).toBe(BSK);
  });
  it('outside a lookaround it resets the match start', () => {
    expect(first('a\\Kb', 'ab')).toEqual([1, 2]);
  });
  it('is found in the compile pass: parse errors and lookbehind lengths come first', () => {
    expect(error('(?=\\K)(')).toBe('missing closing parenthesis');
    expect(error('(?=\\K)(?<=a+)')).toBe(NOT_FIXED);
    expect(error('(?=\\K)\\1')).toBe(BSK);
    expect(error('\\1(?=\\K)')).toBe(NO_GROUP);
  });
});

describe('which error comes first', () => {
  it('a relative reference to no group fails while parsing', () => {
    expect(error('\\g{-1}{1,2}?(a)(?m){2}')).toBe(NO_GROUP);
    expect(error('(?-1)(a)')).toBe(NO_GROUP);
    expect(first('(a)\\g{-1}', 'aa')).toEqual([0, 2]);
  });
  it('lookbehind lengths are checked before other missing groups', () => {
    expect(error('\\2(?<=a+)')).toBe(NOT_FIXED);
    expect(error('(?<=1?A|\\g{1})')).toBe(NOT_FIXED);
  });
  it('a missing group inside a lookbehind is 115 where the length check meets it', () => {
    expect(error('(?<=a|\\k<n1>)')).toBe(NO_GROUP);
    expect(error('(?<=\\2*)')).toBe(NO_GROUP);
    expect(error('(?<=\\2*)(a)(b)')).toBe(NOT_FIXED);
    expect(error('(?<=a*\\2)')).toBe(NOT_FIXED);
    expect(error('(?<=(?<!\\3*)b+)')).toBe(NO_GROUP);
  });
  it('a quantified assertion in a lookbehind has length zero; a quantified group does not', () => {
    expect(first('(?<=(?=x)?a)', 'a')).toEqual([1, 1]);
    expect(first('(?<=(?=x){0,3}a)', 'a')).toEqual([1, 1]);
    expect(error('(?<=(?:(?=x))*a)')).toBe(NOT_FIXED);
    expect(error('(?<=(?:)*a)')).toBe(NOT_FIXED);
  });
});

describe('extended mode between a quantifier and its suffix', () => {
  it('a* ? is lazy, a* + possessive; a second quantifier is still error 109', () => {
    expect(first('a* ?', 'aa', 'x')).toEqual([0, 0]);
    expect(first('a* #c\n?', 'aa', 'x')).toEqual([0, 0]);
    expect(first('a* +b', 'aab', 'x')).toEqual([0, 3]);
    expect(error('a* ? ?', 'x')).toBe('quantifier does not follow a repeatable item');
    expect(error('a* *', 'x')).toBe('quantifier does not follow a repeatable item');
    expect(first('a* ?b', 'a ab')).toEqual([2, 4]);
  });
});

describe('\\p{Xsp} and \\p{Xps}', () => {
  it('tab, NEL, CR, NBSP, U+2028, VT and U+180E are all Perl space', () => {
    expect(first('\\p{Xsp}+', '\t\u0085\r\u00a0\u2028\u000b\u180e')).toEqual([0, 7]);
    expect(first('\\p{Xps}+', '\t\u0085\r\u00a0\u2028\u000b\u180e')).toEqual([0, 7]);
    expect(first('\\P{Xsp}', '\t\u0085x')).toEqual([2, 3]);
  });
  it('in a query', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "a\\u0085b"}, {"_id": 2, "s": "ab"}]');
    expect(lab.ids('t', '{"s": {"$regex": "a\\\\p{Xsp}b"}}')).toEqual([1]);
    expect(lab.ids('t', '{"s": {"$regex": "^\\\\N{2}$"}}')).toEqual([2]);
    expect(lab.error('{"find": "t", "filter": {"s": {"$regex": "a(?=\\\\Kb)"}}}')).toEqual({
      code: 51091,
      errmsg: `Regular expression is invalid: ${BSK}`,
    });
  });
});

describe("auto-possessification follows PCRE2's type table, also where the types overlap", () => {
  it.each([
    ['\\R+\\s', '\n\n'],
    ['\\R+.', '\r\r'],
    ['\\v+\\S', '\u2028\u2028'],
    ['\\h+\\S', '\u00a0\u00a0'],
    ['\\S+\\R', '\u2028\u2028'],
    ['\\S+\\h', '\u00a0\u00a0'],
    ['\\S+\\v', '\u0085\u0085'],
    ['.+\\R', '\r\r'],
    ['.+?\\R', '\r\r'],
    ['\\R+?\\s', '\n\n'],
    ['.*\\R', '\r\r'],
    ['.?\\R', '\r'],
    ['.{2,}\\R', 'xx\r\r'],
    ['.+\\R+', 'x\r\r'],
    ['.+(?:\\R)', 'x\r\r'],
  ])('%j finds no match in %j (the repeat gives nothing back)', (pattern, subject) => {
    expect(first(pattern, subject)).toBeNull();
  });
  it('pairs the table does not list keep backtracking', () => {
    expect(first('.+\\R*x', 'x\r\rx')).toEqual([0, 4]);
    expect(first('\\S+\\s?x', '\u2028\u2028x')).toEqual([0, 3]);
    expect(first('.{2}\\R', 'x\r\r')).toEqual([0, 3]);
    expect(first('.+?\\R\\p{Lu}', '\u00e9\u2028C')).toBeNull();
    expect(first('\\R\\p{Lu}', '\u2028C')).toEqual([0, 2]);
  });
  it('in a query', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "a\\r\\r"}, {"_id": 2, "s": "a\\r\\n"}]');
    expect(lab.ids('t', '{"s": {"$regex": "a.+\\\\R"}}')).toEqual([2]);
  });
});
