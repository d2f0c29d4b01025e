/**
 * A pattern is refused when its UTF-8 encoding is longer than the 32764 bytes the server lets
 * PCRE2 compile (51091 "Regular expression is invalid: pattern string is longer than the limit set
 * by the application"), in `$regex`, a bare regex and `$in` alike; anything up to the limit
 * compiles and matches. A pattern PCRE2 cannot compile for another reason fails with 51091 too.
 * From jstests/core/query/regex/regex_limit.js (stored PCRE1-era version: 16384 characters, twice
 * that plus one refused), regex_max_pattern_length.js, regex_error.js (SERVER-58705).
 */
import { describe, expect, it } from 'vitest';
import { re, RegexLab } from './harness.js';

const TOO_LONG = 'Regular expression is invalid: pattern string is longer than the limit set by the application';

describe('regex_limit.js: long patterns against a long string', () => {
  const lab = new RegexLab().fill('t', `[{"_id": 1, "z": "${'c'.repeat(100000)}"}]`);
  it('32764 bytes is the longest pattern accepted; it matches through $regex and $in', () => {
    expect(lab.count('t', `{"z": {"$regex": "${'c'.repeat(16384)}"}}`)).toBe(1);
    expect(lab.count('t', `{"z": {"$in": [${re('c'.repeat(16384))}]}}`)).toBe(1);
    expect(lab.count('t', `{"z": {"$regex": "${'c'.repeat(32764)}"}}`)).toBe(1);
    expect(lab.error(`{"find": "t", "filter": {"z": {"$regex": "${'c'.repeat(32765)}"}}}`)).toEqual({
      code: 51091,
      errmsg: TOO_LONG,
    });
  });
  it('twice 16384 plus one is refused in $regex and in $in', () => {
    const p = 'c'.repeat(2 * 16384 + 1);
    expect(lab.error(`{"find": "t", "filter": {"z": {"$regex": "${p}"}}}`)).toEqual({ code: 51091, errmsg: TOO_LONG });
    expect(lab.error(`{"find": "t", "filter": {"z": {"$in": [${re(p)}]}}}`)).toEqual({ code: 51091, errmsg: TOO_LONG });
    expect(lab.error(`{"find": "t", "filter": {"z": ${re(p)}}}`)).toEqual({ code: 51091, errmsg: TOO_LONG });
  });
  it('the limit counts UTF-8 bytes: 16382 two-byte characters fit, 16383 do not', () => {
    expect(lab.count('t', `{"z": {"$regex": "${'é'.repeat(16382)}"}}`)).toBe(0);
    expect(lab.error(`{"find": "t", "filter": {"z": {"$regex": "${'é'.repeat(16383)}"}}}`)).toEqual({
      code: 51091,
      errmsg: TOO_LONG,
    });
  });
});

describe('regex_max_pattern_length.js: anchored patterns past the old 16384 limit', () => {
  it.each([0, 1, 100, 1000, 10000])('^ and 16383+%i y match a string of that many y', (extra) => {
    const n = 16384 + extra;
    const lab = new RegexLab().fill('t', `[{"a": "${'y'.repeat(n)}"}]`);
    expect(lab.count('t', `{"a": {"$regex": "^${'y'.repeat(n - 1)}"}}`)).toBe(1);
  });
  it('a 32767-character pattern fails with the limit message', () => {
    const lab = new RegexLab().fill('t', '[{"a": "y"}]');
    expect(lab.error(`{"find": "t", "filter": {"a": {"$regex": "^${'y'.repeat(32766)}"}}}`)).toEqual({
      code: 51091,
      errmsg: TOO_LONG,
    });
  });
});
