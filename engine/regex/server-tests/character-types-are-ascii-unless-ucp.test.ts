/**
 * The server compiles with UTF but without UCP: `\w`, `\d` and POSIX classes are ASCII unless the
 * pattern starts with `(*UCP)`; `\p{…}` properties are always Unicode; `(*UTF)` and `(*UTF8)` are
 * accepted (the 8-bit library knows both); caseless matching folds non-ASCII letters; the
 * backtracking verbs are accepted, `(*FAIL)` never matches and `(*ACCEPT)` matches at once.
 * From jstests/core/query/regex/regex_unicode.js, regex_verbs.js, regex2.js.
 */
import { describe, expect, it } from 'vitest';
import { RegexLab } from './harness.js';

const byRegex = (lab: RegexLab, pattern: string) => lab.ids('t', `{"text": {"$regex": ${JSON.stringify(pattern)}}}`);

describe('regex_unicode.js: letters', () => {
  const lab = new RegexLab().fill(
    't',
    '[{"_id": 0, "text": "kyle"}, {"_id": 1, "text": "박정수"}, {"_id": 2, "text": "suárez"}]',
  );
  it.each([
    ['y', [0]],
    ['e', [0, 2]],
    ['á', [2]],
    ['정', [1]],
    ['(*UTF)e', [0, 2]],
    ['(*UTF)á', [2]],
    ['(*UTF)정', [1]],
    ['(*UTF8)e', [0, 2]],
    ['(*UTF8)á', [2]],
    ['(*UTF8)정', [1]],
    ['\\p{Latin}', [0, 2]],
    ['^\\p{Latin}+$', [0, 2]],
    ['\\p{Hangul}', [1]],
    ['^\\p{Hangul}+$', [1]],
    ['^\\p{L}+$', [0, 1, 2]],
    ['^\\p{Xan}+$', [0, 1, 2]],
    ['\\w', [0, 2]],
    ['^\\w+$', [0]],
    ['(*UCP)\\w', [0, 1, 2]],
    ['(*UCP)^\\w+$', [0, 1, 2]],
    ['[[:alpha:]]', [0, 2]],
    ['^[[:alpha:]]+$', [0]],
    ['(*UCP)[[:alpha:]]', [0, 1, 2]],
    ['(*UCP)^[[:alpha:]]+$', [0, 1, 2]],
  ])('%j', (pattern, ids) => {
    expect(byRegex(lab, pattern)).toEqual(ids);
  });
});

describe('regex_unicode.js: digits', () => {
  const lab = new RegexLab().fill(
    't',
    '[{"_id": 0, "text": "02191996"}, {"_id": 1, "text": "༢༣༤༥"}, {"_id": 2, "text": "9୩୪୬୯6"}]',
  );
  it.each([
    ['1', [0]],
    ['9', [0, 2]],
    ['୪', [2]],
    ['༣', [1]],
    ['^\\p{N}+$', [0, 1, 2]],
    ['^\\p{Xan}+$', [0, 1, 2]],
    ['\\d', [0, 2]],
    ['^\\d+$', [0]],
    ['(*UCP)\\d', [0, 1, 2]],
    ['(*UCP)^\\d+$', [0, 1, 2]],
    ['[[:digit:]]', [0, 2]],
    ['^[[:digit:]]+$', [0]],
    ['(*UCP)[[:digit:]]', [0, 1, 2]],
    ['(*UCP)^[[:digit:]]+$', [0, 1, 2]],
  ])('%j', (pattern, ids) => {
    expect(byRegex(lab, pattern)).toEqual(ids);
  });
});

describe('regex_verbs.js: backtracking verbs', () => {
  const lab = new RegexLab().fill('t', '[{"_id": 0, "text": "a"}, {"_id": 1, "text": "b"}]');
  it('(*FAIL) matches nothing, (*ACCEPT) everything it reaches', () => {
    for (const p of ['(*FAIL)', 'a(*FAIL)', '(*FAIL)b']) expect(byRegex(lab, p)).toEqual([]);
    for (const p of ['(*ACCEPT)', '(*ACCEPT)a', '(*ACCEPT)c']) expect(byRegex(lab, p)).toEqual([0, 1]);
    expect(byRegex(lab, 'b(*ACCEPT)')).toEqual([1]);
  });
  it.each(['COMMIT', 'PRUNE', 'PRUNE:FOO', 'SKIP', 'SKIP:BAR', 'THEN', 'THEN:BAZ'])(
    "(*%s) keeps the pattern's matches",
    (verb) => {
      expect(byRegex(lab, `(*${verb})`)).toEqual([0, 1]);
      expect(byRegex(lab, `(*${verb})a`)).toEqual([0]);
      expect(byRegex(lab, `(*${verb})[Bb]`)).toEqual([1]);
    },
  );
});

describe('regex2.js: case, in ASCII and Cyrillic', () => {
  it('i folds test/Test and тест/Тест; without it each matches itself', () => {
    const lab = new RegexLab().fill(
      't',
      '[{"_id": 1, "a": "test"}, {"_id": 2, "a": "Test"}, {"_id": 3, "a": "тест"}, {"_id": 4, "a": "Тест"}]',
    );
    const q = (p: string, o = '') => lab.ids('t', `{"a": {"$regex": "${p}", "$options": "${o}"}}`);
    expect(lab.ids('t', '{"a": "Test"}')).toEqual([2]);
    expect(q('Test')).toEqual([2]);
    expect(q('test')).toEqual([1]);
    expect(q('test', 'i')).toEqual([1, 2]);
    expect(lab.ids('t', '{"a": {"$options": "i", "$regex": "test"}}')).toEqual([1, 2]);
    expect(q('тест')).toEqual([3]);
    expect(q('Тест')).toEqual([4]);
    expect(q('тест', 'i')).toEqual([3, 4]);
  });
});
