/**
 * What MongoDB's PCRE2 wrapper promises, observed where a user meets it: patterns PCRE2 accepts
 * compile and ones it refuses fail with PCRE2's text (51091 in a query, 51111 in `$regexFind`);
 * a query regex is an unanchored search (PCRE2's partial match); `s` and `i` change `.` and case;
 * `.` is one UTF-8 character; `$regexFind` reports the match, its code-point offset and one
 * capture per group PCRE2 numbers — non-capturing groups count none, named groups count as
 * numbered ones, an unset group is null, an empty one "".
 * From src/mongo/util/pcre_test.cpp: GoodPatterns, BadPatterns, RegexCopyConstruct,
 * RegexCopyAssign, RegexMoveConstruct, RegexMoveAssign (one compiled regex applied to many
 * documents), MatchView, StartPos, PartialMatch, FullMatch, CompileOptions, CaptureCount, Captures,
 * SkippedCapture, UnusedLastCapture, NullCapture, CapturesByName, Utf.
 */
import { BSONRegExp } from 'bson';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import { expr, exprError, i, v } from '../../expr/jstests/harness.js';
import { re, RegexLab } from './harness.js';

const find = (input: string, regex: string | BSONRegExp) => expr({ $regexFind: { input, regex } });
const text = (x: unknown) => stringifyEJSON(v(x as never));

describe('GoodPatterns / BadPatterns', () => {
  const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "hi"}]');
  it('"hi" and "h(i)" compile and match', () => {
    expect(lab.count('t', `{"s": ${re('hi')}}`)).toBe(1);
    expect(lab.count('t', `{"s": ${re('h(i)')}}`)).toBe(1);
  });
  it.each([
    ['h(', 'missing closing parenthesis'],
    ['h)', 'unmatched closing parenthesis'],
    ['h\\', '\\ at end of pattern'],
  ])('%j fails with PCRE2\'s "%s"', (pattern, message) => {
    expect(lab.error(`{"find": "t", "filter": {"s": {"$regex": ${JSON.stringify(pattern)}}}}`)).toEqual({
      code: 51091,
      errmsg: `Regular expression is invalid: ${message}`,
    });
    expect(lab.error(`{"find": "t", "filter": {"s": {"$in": [${re(pattern)}]}}}`).code).toBe(51091);
    expect(exprError({ $regexFind: { input: 'hi', regex: pattern } })).toMatchObject({
      code: 51111,
      errmsg: `Invalid Regex in $regexFind: ${message}`,
    });
  });
});

describe('one compiled regex over many subjects (Regex copy/move cases, MatchView, PartialMatch)', () => {
  it('ab*c matches abbbc, not def; de*f the reverse', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "s": "abbbc"}, {"_id": 2, "s": "def"}, {"_id": 3, "s": "deeef"}, {"_id": 4, "s": "ghhhi"}]',
    );
    expect(lab.ids('t', `{"s": ${re('ab*c')}}`)).toEqual([1]);
    expect(lab.ids('t', `{"s": ${re('de*f')}}`)).toEqual([2, 3]);
    expect(lab.ids('t', `{"s": ${re('gh*i')}}`)).toEqual([4]);
  });
  it('a query regex is a search anywhere in the string (partialMatch): "hi" in hi, thigh, not hello', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "hi"}, {"_id": 2, "s": "hello"}, {"_id": 3, "s": "thigh"}]');
    expect(lab.ids('t', `{"s": ${re('hi')}}`)).toEqual([1, 3]);
  });
  it('"abc" is found in abc, zabc, abcz and not in "", a, bc', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "s": ""}, {"_id": 2, "s": "a"}, {"_id": 3, "s": "bc"}, {"_id": 4, "s": "abc"}, {"_id": 5, "s": "zabc"}, {"_id": 6, "s": "abcz"}]',
    );
    expect(lab.ids('t', `{"s": ${re('abc')}}`)).toEqual([4, 5, 6]);
  });
  it('fullMatch is an anchored pattern: ^hi$ matches hi only', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "s": "hello"}, {"_id": 2, "s": "hi"}, {"_id": 3, "s": "hii"}, {"_id": 4, "s": "hhi"}]',
    );
    expect(lab.ids('t', `{"s": ${re('^hi$')}}`)).toEqual([2]);
    expect(lab.ids('t', `{"s": ${re('\\Ahi\\z')}}`)).toEqual([2]);
  });
});

describe('StartPos: ^ anchors at the subject start, not where a later search starts', () => {
  it('$regexFindAll restarts after each match: "hi" twice in ohihi, "^hi" once in hihi', () => {
    expect(text(expr({ $regexFindAll: { input: 'ohihi', regex: 'hi' } }))).toBe(
      text([
        { match: 'hi', idx: i(1), captures: [] },
        { match: 'hi', idx: i(3), captures: [] },
      ]),
    );
    expect(text(expr({ $regexFindAll: { input: 'hihi', regex: '^hi' } }))).toBe(
      text([{ match: 'hi', idx: i(0), captures: [] }]),
    );
    expect(text(expr({ $regexFindAll: { input: 'hihi', regex: '\\Ghi' } }))).toBe(
      text([
        { match: 'hi', idx: i(0), captures: [] },
        { match: 'hi', idx: i(2), captures: [] },
      ]),
    );
  });
});

describe('CompileOptions: a.b over a\\nb, A_b, A\\nb', () => {
  const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "a\\nb"}, {"_id": 2, "s": "A_b"}, {"_id": 3, "s": "A\\nb"}]');
  it.each([
    ['', []],
    ['s', [1]],
    ['i', [2]],
    ['is', [1, 2, 3]],
  ])('options "%s"', (options, ids) => {
    expect(lab.ids('t', `{"s": ${re('a.b', options)}}`)).toEqual(ids);
  });
});

describe('CaptureCount, Captures, SkippedCapture, UnusedLastCapture, NullCapture, CapturesByName', () => {
  it.each([
    ['hi', 'hi', 0],
    ['()', 'x', 1],
    ['a(b*)c', 'abc', 1],
    ['(\\d*):(\\w*)', '1:a', 2],
    ['(\\d*|(b*))c', 'c', 2],
    ['a(?:b|c)d', 'abd', 0],
    ['a(?:b|(?:c*))d', 'ad', 0],
    ['a(?:b|(c*))d', 'acd', 1],
  ])('%j has one capture per capturing group (%s → %i)', (pattern, input, n) => {
    const got = find(input, pattern) as Map<string, unknown>;
    expect((got.get('captures') as unknown[]).length).toBe(n);
  });
  it('a(b*)c in 123abbbc456: the match, its offset and the group', () => {
    expect(text(find('123abbbc456', 'a(b*)c'))).toBe(text({ match: 'abbbc', idx: i(3), captures: ['bbb'] }));
  });
  it('nested groups are numbered by their opening parenthesis; (?:…) takes no number', () => {
    expect(text(find('the red queen', 'the ((red|white) (king|queen))'))).toBe(
      text({ match: 'the red queen', idx: i(0), captures: ['red queen', 'red', 'queen'] }),
    );
    expect(text(find('the white queen', 'the ((?:red|white) (king|queen))'))).toBe(
      text({ match: 'the white queen', idx: i(0), captures: ['white queen', 'queen'] }),
    );
    expect(text(find('the red queen', 'the ((?:red|white) (king|queen))'))).toBe(
      text({ match: 'the red queen', idx: i(0), captures: ['red queen', 'queen'] }),
    );
  });
  it('an unset group is null, an empty one ""', () => {
    expect(text(find('a', '(a)|(b)'))).toBe(text({ match: 'a', idx: i(0), captures: ['a', null] }));
    expect(text(find('b', '(a*)b'))).toBe(text({ match: 'b', idx: i(0), captures: [''] }));
    expect(text(find('b', '(?:b|(a))'))).toBe(text({ match: 'b', idx: i(0), captures: [null] }));
  });
  it('a named group is a numbered capture', () => {
    expect(text(find('123abbbc456', 'a(?P<bees>b*)c'))).toBe(text({ match: 'abbbc', idx: i(3), captures: ['bbb'] }));
    expect(text(find('123abbbc456', new BSONRegExp('a(?<bees>b*)c')))).toBe(
      text({ match: 'abbbc', idx: i(3), captures: ['bbb'] }),
    );
  });
});

describe('Utf: patterns and subjects are UTF-8, "." is one character', () => {
  it('é is matched by ^.$ and not by ^..$', () => {
    const lab = new RegexLab().fill('t', '[{"_id": 1, "s": "é"}, {"_id": 2, "s": "🍌"}]');
    expect(lab.ids('t', `{"s": ${re('^.$')}}`)).toEqual([1, 2]);
    expect(lab.ids('t', `{"s": ${re('^..$')}}`)).toEqual([]);
    expect(text(find('xé🍌y', '.y'))).toBe(text({ match: '🍌y', idx: i(2), captures: [] }));
  });
});
