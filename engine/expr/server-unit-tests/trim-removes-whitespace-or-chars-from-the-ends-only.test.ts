/**
 * Port of the ExpressionTrimTest cases of src/mongo/db/exec/expression/evaluate_string_test.cpp
 * (the other classes of that file, Strcasecmp, StrLenBytes/CP, SubstrBytes/CP, ToLower/ToUpper,
 * are in sets-and-strings.test.ts and types-and-objects.test.ts). Without `chars`, $trim/$ltrim/
 * $rtrim remove the server's whitespace set (NUL, space, \t \n \v \f \r, U+00A0, U+1680,
 * U+2000–U+200A) from the chosen ends; with `chars`, any of its code points; the middle is never
 * touched, an empty `chars` trims nothing, a collation does not apply, and a nullish input or
 * `chars` gives null. Input or chars that is not a string fails (50699 / 50700).
 * ShouldRejectInvalidUTFInCharsArgument, ShouldIgnoreUTF8InputWithTruncatedCodePoint and
 * ShouldNotTrimUTF8InputWithTrailingExtraContinuationBytes need strings that are not valid UTF-8,
 * which no request can carry into the engine: n/a.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { evalTyped, expr, exprError, i, typed, type Lit } from './harness.js';

type Op = '$trim' | '$ltrim' | '$rtrim';
const trim = (op: Op, input: Lit, chars?: Lit): [string, string] =>
  evalTyped({
    [op]:
      chars === undefined ? { input: { $literal: input } } : { input: { $literal: input }, chars: { $literal: chars } },
  });
const expectTrim = (op: Op, input: string, out: string, chars?: string): void => {
  expect([op, input, chars, trim(op, input, chars)]).toEqual([op, input, chars, typed(out)]);
};

describe('ExpressionTrimTest', () => {
  it('ThrowsIfInputIsNotString / ThrowsIfCharsIsNotAString', () => {
    expect(exprError({ $trim: { input: i(1) } })).toEqual({
      code: 50699,
      errmsg: '$trim requires its input to be a string, got 1 (of type int) instead.',
    });
    expect(exprError({ $trim: { input: { $literal: [i(1), i(2)] } } }).code).toBe(50699);
    expect(exprError({ $ltrim: { input: i(3) } }).code).toBe(50699);
    expect(exprError({ $rtrim: { input: { $literal: { x: i(1) } } } }).code).toBe(50699);
    expect(exprError({ $trim: { input: ' x ', chars: i(1) } })).toEqual({
      code: 50700,
      errmsg: "$trim requires 'chars' to be a string, got 1 (of type int) instead.",
    });
    expect(exprError({ $trim: { input: ' x ', chars: { $literal: [i(1), i(2)] } } }).code).toBe(50700);
    expect(exprError({ $ltrim: { input: ' x ', chars: i(3) } }).code).toBe(50700);
    expect(exprError({ $rtrim: { input: ' x ', chars: { $literal: { x: i(1) } } } }).code).toBe(50700);
  });
  it('DoesTrimAsciiWhitespace', () => {
    expectTrim('$trim', '  abc  ', 'abc');
    expectTrim('$trim', '\n  abc \r\n ', 'abc');
    expectTrim('$rtrim', 'abc  ', 'abc');
    expectTrim('$rtrim', 'abc \r\n ', 'abc');
    expectTrim('$ltrim', '  abc', 'abc');
    expectTrim('$ltrim', '\n  abc', 'abc');
    expectTrim('$rtrim', '  abc', '  abc');
    expectTrim('$rtrim', '\t \nabc \r\n ', '\t \nabc');
    expectTrim('$ltrim', '  abc  ', 'abc  ');
    expectTrim('$ltrim', '\n  abc \t\n  ', 'abc \t\n  ');
    expectTrim('$ltrim', 'abc  ', 'abc  ');
  });
  it('DoesTrimNullCharacters', () => {
    expectTrim('$trim', '\0\0abc\0', 'abc');
    expectTrim('$trim', '\0 \0 abc \0  ', 'abc');
    expectTrim('$trim', '\n \0  abc \r\0\n ', 'abc');
    expectTrim('$rtrim', 'abc\0\0', 'abc');
    expectTrim('$rtrim', 'abc \r\0\n\0 ', 'abc');
    expectTrim('$ltrim', '\0\0abc', 'abc');
    expectTrim('$ltrim', '\n \0\0 abc', 'abc');
    expectTrim('$rtrim', '\0\0abc', '\0\0abc');
    expectTrim('$rtrim', ' \0 abc', ' \0 abc');
    expectTrim('$rtrim', '\t\0\0 \nabc \r\n ', '\t\0\0 \nabc');
    expectTrim('$ltrim', '  abc\0\0', 'abc\0\0');
    expectTrim('$ltrim', '\n  abc \t\0\n \0\0 ', 'abc \t\0\n \0\0 ');
    expectTrim('$ltrim', 'abc\0\0', 'abc\0\0');
  });
  it('DoesTrimUnicodeWhitespace', () => {
    expectTrim('$trim', '\u2001abc\u2004\u200A', 'abc');
    expectTrim('$trim', '\n\u0020 \0\u2007  abc \r\0\n\u0009\u200A ', 'abc');
    expectTrim('$rtrim', 'abc\u2007\u2006', 'abc');
    expectTrim('$rtrim', 'abc \r\u2009\u0009\u200A\n\0 ', 'abc');
    expectTrim('$ltrim', '\u2009\u2004abc', 'abc');
    expectTrim('$ltrim', '\n \u2000 \0\u2008\0 \u200Aabc', 'abc');
  });
  it('DoesTrimCustomAsciiCharacters', () => {
    expectTrim('$trim', 'xxXXxx', 'XX', 'x');
    expectTrim('$trim', '00123', '123', '0');
    expectTrim('$trim', "30:00:12 I don't care about the time", "I don't care about the time", '0123456789: ');
    expectTrim('$rtrim', 'xxXXxx', 'xxXX', 'x');
    expectTrim('$rtrim', '00123', '00123', '0');
    expectTrim(
      '$rtrim',
      "30:00:12 I don't care about the time",
      "30:00:12 I don't care about the time",
      '0123456789: ',
    );
  });
  it('DoesTrimCustomUnicodeCharacters / DoesTrimCustomMixOfUnicodeAndAsciiCharacters', () => {
    expectTrim('$ltrim', '∃x.x ≥ y', 'x.x ≥ y', '∃');
    expectTrim('$rtrim', '∃x.x ≥ y', '∃x.x ≥ y', '∃');
    expectTrim('$trim', '∃x.x ≥ y', 'x.x ≥ y', '∃');
    expectTrim('$ltrim', '⌊x⌋', 'x⌋', '⌊⌋');
    expectTrim('$rtrim', '⌊x⌋', '⌊x', '⌊⌋');
    expectTrim('$trim', '⌊x⌋', 'x', '⌊⌋');
    expectTrim('$ltrim', '∃x.x ≥ y', 'x.x ≥ y', '∃y');
    expectTrim('$rtrim', '∃x.x ≥ y', '∃x.x ≥ ', '∃y');
    expectTrim('$trim', '∃x.x ≥ y', 'x.x ≥ ', '∃y');
    for (const op of ['$ltrim', '$rtrim', '$trim'] as const) expectTrim(op, '⌊x⌋', '', '⌊x⌋');
    expectTrim('$ltrim', '▹▱◯□ I ▙◉VE Shapes □◯▱◃', 'I ▙◉VE Shapes □◯▱◃', '□◯▱◃▹ ');
    expectTrim('$rtrim', '▹▱◯□ I ▙◉VE Shapes □◯▱◃', '▹▱◯□ I ▙◉VE Shapes', '□◯▱◃▹ ');
    expectTrim('$trim', '▹▱◯□ I ▙◉VE Shapes □◯▱◃', 'I ▙◉VE Shapes', '□◯▱◃▹ ');
  });
  it('DoesNotTrimFromMiddle', () => {
    expectTrim('$trim', '  a\tb c  ', 'a\tb c');
    expectTrim('$trim', '\n  a\nb  c \r\n ', 'a\nb  c');
    expectTrim('$rtrim', '  a\tb c  ', '  a\tb c');
    expectTrim('$rtrim', '\n  a\nb  c \r\n ', '\n  a\nb  c');
    expectTrim('$ltrim', '  a\tb c  ', 'a\tb c  ');
    expectTrim('$ltrim', '\n  a\nb  c \r\n ', 'a\nb  c \r\n ');
    expectTrim('$trim', '\u2001a\u2001\u000Ab\u2009c\u2004\u200A', 'a\u2001\u000Ab\u2009c');
    expectTrim('$ltrim', '\u2001a\u2001\u000Ab\u2009c\u2004\u200A', 'a\u2001\u000Ab\u2009c\u2004\u200A');
    expectTrim('$rtrim', '\u2001a\u2001\u000Ab\u2009c\u2004\u200A', '\u2001a\u2001\u000Ab\u2009c');
    expectTrim('$trim', 'xxXxXxx', 'XxX', 'x');
    expectTrim('$rtrim', 'xxXxXxx', 'xxXxX', 'x');
    expectTrim('$ltrim', 'xxXxXxx', 'XxXxx', 'x');
    expectTrim('$trim', '⌊y + 2⌋⌊x⌋', 'y + 2⌋⌊x', '⌊⌋');
    expectTrim('$ltrim', '⌊y + 2⌋⌊x⌋', 'y + 2⌋⌊x⌋', '⌊⌋');
    expectTrim('$rtrim', '⌊y + 2⌋⌊x⌋', '⌊y + 2⌋⌊x', '⌊⌋');
  });
  it('DoesTrimEntireString', () => {
    expectTrim('$trim', '  \t \n  ', '');
    expectTrim('$ltrim', '   \t  \n\0  ', '');
    expectTrim('$rtrim', '  \t   ', '');
    for (const op of ['$trim', '$ltrim', '$rtrim'] as const) {
      expectTrim(op, '\u2001 \u2001\t\u000A  \u2009\u2004\u200A', '');
      expectTrim(op, '⌊y⌋⌊x⌋', '', '⌊xy⌋');
    }
  });
  it('DoesNotTrimAnyThingWithEmptyChars', () => {
    expectTrim('$trim', 'abcde', 'abcde', '');
    expectTrim('$trim', '  ', '  ', '');
    expectTrim('$trim', ' ⌊y⌋⌊x⌋ ', ' ⌊y⌋⌊x⌋ ', '');
  });
  it('the whitespace set is exactly the server’s: U+00A0 and U+1680 trim, U+3000, U+FEFF and U+200B do not', () => {
    expectTrim('$trim', '\u00A0\u1680abc\u1680\u00A0', 'abc');
    expectTrim('$trim', '\u3000abc\uFEFF', '\u3000abc\uFEFF');
    expectTrim('$trim', '\u200Babc\u2028', '\u200Babc\u2028');
  });
  it('TrimComparisonsShouldNotRespectCollation: a case-insensitive collation leaves "X" in place', () => {
    expect(
      typed(expr({ $trim: { input: 'xxXXxx', chars: 'x' } }, { _id: 0 }, { collation: { locale: 'en', strength: 2 } })),
    ).toEqual(typed('XX'));
  });
  it('ShouldRetunNullIfInputIsNullish / ShouldRetunNullIfCharsIsNullish / ShouldReturnNullIfBothCharsAndCharsAreNullish', () => {
    const nul = ['null', 'null'];
    for (const [op, input, chars] of [
      ['$trim', null, undefined],
      ['$trim', BSON_UNDEFINED, undefined],
      ['$trim', null, '∃'],
      ['$trim', BSON_UNDEFINED, '∃'],
      ['$ltrim', null, undefined],
      ['$trim', ' x ', null],
      ['$trim', ' x ', BSON_UNDEFINED],
      ['$rtrim', ' x ', BSON_UNDEFINED],
      ['$trim', null, null],
    ] as [Op, Lit, Lit | undefined][]) {
      expect(trim(op, input, chars)).toEqual(nul);
    }
    expect(evalTyped({ $trim: { input: '$missingField' } })).toEqual(nul);
    expect(evalTyped({ $trim: { input: '$missingField', chars: '∃' } })).toEqual(nul);
    expect(evalTyped({ $rtrim: { input: '$missingField', chars: '∃' } })).toEqual(nul);
    expect(evalTyped({ $trim: { input: ' x ', chars: '$missingField' } })).toEqual(nul);
    expect(evalTyped({ $ltrim: { input: ' x ', chars: '$missingField' } })).toEqual(nul);
    expect(evalTyped({ $trim: { input: { $literal: BSON_UNDEFINED }, chars: '$missingField' } })).toEqual(nul);
    expect(evalTyped({ $trim: { input: '$missingField', chars: { $literal: BSON_UNDEFINED } } })).toEqual(nul);
    expect(evalTyped({ $rtrim: { input: null, chars: '$missingField' } })).toEqual(nul);
    expect(evalTyped({ $ltrim: { input: '$missingField', chars: null } })).toEqual(nul);
  });
});
