/**
 * Port of src/mongo/db/exec/expression/evaluate_split_test.cpp (ExpressionEvaluateSplitTest) and
 * evaluate_replace_test.cpp (ExpressionEvaluateReplaceTest, ExpressionReplaceOneTest,
 * ExpressionReplaceAllTest). Both stored files are newer than 8.0: their regular-expression
 * separators and `find` values come with featureFlagMqlJsEngineGap (requires_fcv_82/83), which
 * 8.0 does not have, so the port asserts 8.0's answer for those, a type error (40086 for $split's
 * separator, 51745 for `find`); the memory-tracking cases (ExceededMemoryLimit) are newer than
 * 8.0 too. Every string case is ported: nullish arguments give null, no match gives the input
 * (as a one-element array for $split), the empty separator is refused (40087) while the empty
 * `find` matches between every character, replacements are not searched again, and matching is
 * by bytes: a precomposed "é" never matches "e" + U+0301 or the reverse.
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp } from '../../bson/values.js';
import { evalTyped, exprError, i, typed, v, type Lit } from './harness.js';

const split = (input: Lit, separator: Lit): [string, string] =>
  evalTyped({ $split: [{ $literal: input }, { $literal: separator }] });
const replace = (op: '$replaceOne' | '$replaceAll', input: Lit, find: Lit, replacement: Lit): [string, string] =>
  evalTyped({ [op]: { input: { $literal: input }, find: { $literal: find }, replacement: { $literal: replacement } } });
const re = (pattern: string): BSONRegExp => new BSONRegExp(pattern, '');

const COMBINING_ACUTE = '\u0301';
const COMBINED_ACUTE_E = `e${COMBINING_ACUTE}`;
const PRECOMPOSED_ACUTE_E = '\u00e9';

describe('ExpressionEvaluateSplitTest', () => {
  it('ExpectsStringsOrNullish: 40085 for the input, 40086 for the separator (a regex included, in 8.0)', () => {
    const first = (found: string) => ({
      code: 40085,
      errmsg: `$split requires an expression that evaluates to a string as a first argument, found: ${found}`,
    });
    const second = (found: string) => ({
      code: 40086,
      errmsg: `$split requires an expression that evaluates to a string as a second argument, found: ${found}`,
    });
    expect(exprError({ $split: [{ $literal: i(1) }, ''] })).toEqual(first('int'));
    expect(exprError({ $split: [{ $literal: i(1) }, { $literal: re('') }] })).toEqual(first('int'));
    expect(exprError({ $split: ['', { $literal: i(1) }] })).toEqual(second('int'));
    expect(exprError({ $split: [{ $literal: re('') }, ''] })).toEqual(first('regex'));
    expect(exprError({ $split: ['abcd', { $literal: re('x') }] })).toEqual(second('regex'));
  });
  it('HandlesNullish', () => {
    expect(split(null, '')).toEqual(['null', 'null']);
    expect(split('', null)).toEqual(['null', 'null']);
    expect(evalTyped({ $split: ['$missing', 'x'] })).toEqual(['null', 'null']);
  });
  it('SplitNothingWhenNoMatches', () => {
    for (const [input, sep] of [
      ['', 'x'],
      ['a', 'x'],
      ['abcd', 'x'],
      ['abcd', 'xyz'],
      ['xyyz', 'xyz'],
    ]) {
      expect(split(input!, sep!)).toEqual(typed(v([input!])));
    }
  });
  it('SplitUsingStringOrConstantRegex (the string half)', () => {
    const cases: [string, string, string[]][] = [
      ['x', 'x', ['', '']],
      ['xyz', 'xyz', ['', '']],
      ['..xyz..', 'xyz', ['..', '..']],
      ['..xyz', 'xyz', ['..', '']],
      ['xyz..', 'xyz', ['', '..']],
      ['xyzyz', 'y', ['x', 'z', 'z']],
      ['xyyyz', 'y', ['x', '', '', 'z']],
    ];
    for (const [input, sep, parts] of cases) expect(split(input, sep)).toEqual(typed(v(parts)));
  });
  it('SplitWithEmptyString: 40087, except that "" split by "." is [""]', () => {
    expect(exprError({ $split: ['', ''] })).toEqual({ code: 40087, errmsg: '$split requires a non-empty separator' });
    expect(exprError({ $split: ['..', ''] }).code).toBe(40087);
    expect(split('', '.')).toEqual(typed(v([''])));
  });
  it('SplitWithUnicode (the string half): bytes, not normalized characters', () => {
    expect(split(COMBINED_ACUTE_E, 'e')).toEqual(typed(v(['', COMBINING_ACUTE])));
    expect(split(PRECOMPOSED_ACUTE_E, 'e')).toEqual(typed(v([PRECOMPOSED_ACUTE_E])));
    expect(split(PRECOMPOSED_ACUTE_E, PRECOMPOSED_ACUTE_E)).toEqual(typed(v(['', ''])));
  });
  it('MatchPossiblyEmpty / MatchWithSubGroups: regex separators are newer than 8.0 (40086)', () => {
    expect(exprError({ $split: ['x', { $literal: re('x*') }] }).code).toBe(40086);
    expect(exprError({ $split: ['x-y', { $literal: re('(-)') }] }).code).toBe(40086);
  });
});

describe('ExpressionEvaluateReplaceTest / ExpressionReplaceOneTest / ExpressionReplaceAllTest', () => {
  const ops = ['$replaceOne', '$replaceAll'] as const;
  it("ExpectsStringsOrNullish: 51746 'input', 51745 'find' (a regex included, in 8.0), 51744 'replacement'", () => {
    for (const op of ops) {
      const named = (input: Lit, find: Lit, replacement: Lit) =>
        exprError({
          [op]: { input: { $literal: input }, find: { $literal: find }, replacement: { $literal: replacement } },
        });
      expect(named(i(1), null, null)).toEqual({
        code: 51746,
        errmsg: `${op} requires that 'input' be a string, found: 1`,
      });
      expect(named(null, i(1), null)).toEqual({
        code: 51745,
        errmsg: `${op} requires that 'find' be a string, found: 1`,
      });
      expect(named(null, null, i(1))).toEqual({
        code: 51744,
        errmsg: `${op} requires that 'replacement' be a string, found: 1`,
      });
      expect(named(i(1), '', '').code).toBe(51746);
      expect(named('', i(1), '').code).toBe(51745);
      expect(named('', '', i(1)).code).toBe(51744);
      expect(named('', re(''), '')).toEqual({
        code: 51745,
        errmsg: `${op} requires that 'find' be a string, found: //`,
      });
      expect(named('xyz', re('x*'), 'a').code).toBe(51745);
    }
  });
  it('HandlesNullish', () => {
    for (const op of ops) {
      expect(replace(op, null, '', '')).toEqual(['null', 'null']);
      expect(replace(op, '', null, '')).toEqual(['null', 'null']);
      expect(replace(op, '', '', null)).toEqual(['null', 'null']);
    }
  });
  it('ReplacesNothingWhenNoMatches', () => {
    for (const op of ops) {
      for (const [input, find] of [
        ['', 'x'],
        ['a', 'x'],
        ['abcd', 'x'],
        ['abcd', 'xyz'],
        ['xyyz', 'xyz'],
      ]) {
        expect(replace(op, input!, find!, 'y')).toEqual(typed(input!));
      }
    }
  });
  it('ReplacesOnlyMatch', () => {
    for (const op of ops) {
      const cases: [string, string, string][] = [
        ['', '', 'abc'],
        ['x', 'x', 'abc'],
        ['xyz', 'xyz', 'abc'],
        ['..xyz..', 'xyz', '..abc..'],
        ['..xyz', 'xyz', '..abc'],
        ['xyz..', 'xyz', 'abc..'],
      ];
      for (const [input, find, out] of cases) expect(replace(op, input, find, 'abc')).toEqual(typed(out));
    }
  });
  it('ReplacesFirstMatchOnly / ReplacesAllMatches: the empty find matches before every character and at the end', () => {
    expect(replace('$replaceOne', '.', '', 'abc')).toEqual(typed('abc.'));
    expect(replace('$replaceOne', '..', '', 'abc')).toEqual(typed('abc..'));
    expect(replace('$replaceOne', '..', '.', 'abc')).toEqual(typed('abc.'));
    expect(replace('$replaceOne', 'abc->defg->hij', '->', '.')).toEqual(typed('abc.defg->hij'));
    expect(replace('$replaceAll', '.', '', 'abc')).toEqual(typed('abc.abc'));
    expect(replace('$replaceAll', '..', '', 'abc')).toEqual(typed('abc.abc.abc'));
    expect(replace('$replaceAll', '..', '.', 'abc')).toEqual(typed('abcabc'));
    expect(replace('$replaceAll', 'abc->defg->hij', '->', '.')).toEqual(typed('abc.defg.hij'));
  });
  it('DoesNotReplaceInTheReplacement', () => {
    expect(replace('$replaceOne', 'a.b.c', '.', '..')).toEqual(typed('a..b.c'));
    expect(replace('$replaceAll', 'a.b.c', '.', '..')).toEqual(typed('a..b..c'));
  });
  it('DoesNotNormalizeUnicode (the string half)', () => {
    for (const op of ops) {
      expect(replace(op, COMBINED_ACUTE_E, 'e', 'a')).toEqual(typed(`a${COMBINING_ACUTE}`));
      expect(replace(op, PRECOMPOSED_ACUTE_E, 'e', 'x')).toEqual(typed(PRECOMPOSED_ACUTE_E));
      expect(replace(op, PRECOMPOSED_ACUTE_E, COMBINED_ACUTE_E, 'x')).toEqual(typed(PRECOMPOSED_ACUTE_E));
      expect(replace(op, COMBINED_ACUTE_E, PRECOMPOSED_ACUTE_E, 'x')).toEqual(typed(COMBINED_ACUTE_E));
    }
  });
});
