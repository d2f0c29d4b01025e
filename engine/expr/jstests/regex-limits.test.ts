/**
 * Port of MongoDB's jstests/aggregation/expressions/regex_limits.js, with 8.0's PCRE2 limits: a
 * pattern of at most 32764 UTF-8 bytes (the stored jstest still says PCRE1's 16384), at most 250
 * nested parentheses, and $regexFindAll's 64 MB output buffer (51151). Each expression runs through
 * aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { expr, exprCode, exprError, i, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];

const z = 'c'.repeat(25000) + 'd'.repeat(25000) + 'e';
const doc = { z };
const m = (match: string, idx: number, captures: Lit[] = []) => v({ match, idx: i(idx), captures });

function all3(spec: Lit, on: Lit, expected: ReturnType<typeof m>[]): void {
  expect(expr({ $regexFindAll: spec }, on)).toEqual(expected);
  expect(expr({ $regexFind: spec }, on)).toEqual(expected.length === 0 ? null : expected[0]);
  expect(expr({ $regexMatch: spec }, on)).toBe(expected.length !== 0);
}

describe('regex_limits.js', () => {
  it('a pattern of 32764 bytes is accepted, one more byte is 51111', () => {
    const longest = 'c'.repeat(32764);
    all3({ input: '$z', regex: longest }, { z: `${longest}c` }, [m(longest, 0)]);
    for (const op of ['$regexFindAll', '$regexFind', '$regexMatch']) expect(exprCode({ [op]: { input: '$z', regex: `${longest}c` } }, doc)).toBe(51111);
  });
  it('$regexFindAll stops with 51151 when its matches pass 64 MB', () => {
    for (const pattern of ['('.repeat(150) + ')'.repeat(150), '()'.repeat(150)]) {
      expect(exprError({ $regexFindAll: { input: '$z', regex: pattern } }, doc)).toEqual({
        code: 51151, errmsg: '$regexFindAll: the size of buffer to store output exceeded the 64MB limit',
      });
    }
  });
  it('250 capture groups are allowed', () => {
    const pattern = '(d)'.repeat(250) + 'e';
    all3({ input: '$z', regex: pattern }, doc, [m(`${'d'.repeat(250)}e`, 49750, new Array<Lit>(250).fill('d'))]);
  });
  it('250 nested parentheses are allowed, 251 are 51111', () => {
    const deepest = `${'('.repeat(250)}e${')'.repeat(250)}`;
    all3({ input: '$z', regex: deepest }, doc, [m('e', 50000, new Array<Lit>(250).fill('e'))]);
    for (const op of ['$regexFindAll', '$regexFind', '$regexMatch']) expect(exprCode({ [op]: { input: '$z', regex: `(${deepest})` } }, doc)).toBe(51111);
  });
});
