/**
 * String comparison under each collation option, as `find` observes it: `$eq` matching and the
 * order of a sort (harness `compare`: '=' when `{w: a}` matches b, else the sorted order).
 *
 * From collator_factory_icu_test.cpp: FactoryMadeCollatorComparesStringsCorrectlyEnUS,
 * PrimaryStrengthCollatorIgnoresCaseAndAccents, SecondaryStrengthCollatorsIgnoresCaseButNotAccents,
 * TertiaryStrengthCollatorConsidersCaseAndAccents, PrimaryStrengthCaseLevelTrue,
 * PrimaryStrengthCaseLevelTrueCaseFirstUpper, TertiaryStrengthCaseLevelTrueCaseFirstUpper,
 * NumericOrderingFalse, NumericOrderingTrue, PrimaryStrengthAlternateShifted,
 * QuaternaryStrengthAlternateShifted, PrimaryStrengthAlternateShiftedMaxVariableSpace,
 * SecondaryStrengthBackwardsFalse, SecondaryStrengthBackwardsTrue.
 * From collator_interface_icu_test.cpp: ASCIIComparisonWorksForUSEnglishCollation,
 * ASCIIComparisonWorksUsingLocaleStringParsing, ZeroLengthStringsCompareCorrectly,
 * EmptyNullTerminatedStringComparesCorrectly, LengthOneStringWithNullByteComparesCorrectly,
 * StringsWithEmbeddedNullByteCompareCorrectly, FrenchCanadianCollatorComparesCorrectly,
 * FirstPossibleSequenceOfLengthNotEqualToReplacementCharacter,
 * LastPossibleSequenceOfLengthNotEqualToReplacementCharacter (their valid halves), and the
 * `...UsingComparisonKeys` twins (the engine's index keys, exercised by a unique index).
 */
import { describe, expect, it } from 'vitest';
import { compare, outcome, run, sorted, testEngine } from './harness.js';

const enUS = '{"locale": "en_US"}';
const withStrength = (s: number): string => `{"locale": "en_US", "strength": ${s}}`;

describe('an ICU collator compares strings per its options', () => {
  it('en_US: letters first, then spaces and punctuation sort before letters', () => {
    expect(compare('ab', 'ba', enUS)).toBe('<');
    expect(compare('ba', 'ab', enUS)).toBe('>');
    expect(compare('ab', 'ab', enUS)).toBe('=');
    expect(compare('a b', 'ab', enUS)).toBe('<');
    expect(compare('a-b', 'ab', enUS)).toBe('<');
    expect(compare('ab', 'abb', enUS)).toBe('<');
  });

  it('empty strings and NUL characters', () => {
    expect(compare('', '', enUS)).toBe('=');
    expect(compare('', 'abc', enUS)).toBe('<');
    expect(compare('\0', '\0', enUS)).toBe('=');
    expect(compare('\0', 'abc', enUS)).toBe('<');
    expect(compare('a\0b', 'a\0c', enUS)).toBe('<');
    expect(compare('a\0c', 'a\0b', enUS)).toBe('>');
  });

  it('strength 1 ignores case and accents, 2 ignores case only, 3 considers both', () => {
    expect(compare('a', '\u00e1', withStrength(1))).toBe('=');
    expect(compare('a', 'A', withStrength(1))).toBe('=');
    expect(compare('a', '\u00e1', withStrength(2))).toBe('<');
    expect(compare('a', 'A', withStrength(2))).toBe('=');
    expect(compare('a', '\u00e1', withStrength(3))).toBe('<');
    expect(compare('a', 'A', withStrength(3))).toBe('<');
  });

  it('caseLevel at strength 1 adds case but not accents; caseFirst upper puts capitals first', () => {
    const caseLevel = '{"locale": "en_US", "strength": 1, "caseLevel": true}';
    expect(compare('a', '\u00e1', caseLevel)).toBe('=');
    expect(compare('a', 'A', caseLevel)).toBe('<');
    const upperFirst = '{"locale": "en_US", "strength": 1, "caseLevel": true, "caseFirst": "upper"}';
    expect(compare('a', '\u00e1', upperFirst)).toBe('=');
    expect(compare('A', 'a', upperFirst)).toBe('<');
    expect(compare('A', 'a', '{"locale": "en_US", "strength": 3, "caseLevel": true, "caseFirst": "upper"}')).toBe('<');
  });

  it('numericOrdering compares digit runs as numbers', () => {
    expect(compare('2', '10', enUS)).toBe('>');
    expect(compare('2', '10', '{"locale": "en_US", "numericOrdering": true}')).toBe('<');
  });

  it('alternate shifted ignores spaces and punctuation below strength 4; maxVariable space only spaces', () => {
    const shifted1 = '{"locale": "en_US", "strength": 1, "alternate": "shifted"}';
    expect(compare('a b', 'ab', shifted1)).toBe('=');
    expect(compare('a-b', 'ab', shifted1)).toBe('=');
    const shifted4 = '{"locale": "en_US", "strength": 4, "alternate": "shifted"}';
    expect(compare('a b', 'ab', shifted4)).toBe('<');
    expect(compare('a-b', 'ab', shifted4)).toBe('<');
    const space = '{"locale": "en_US", "strength": 1, "alternate": "shifted", "maxVariable": "space"}';
    expect(compare('a b', 'ab', space)).toBe('=');
    expect(compare('a-b', 'ab', space)).toBe('<');
  });

  it('backwards compares accents from the end of the string', () => {
    expect(compare('a\u00e1', '\u00e1a', withStrength(2))).toBe('<');
    expect(compare('a\u00e1', '\u00e1a', '{"locale": "en_US", "strength": 2, "backwards": true}')).toBe('>');
  });

  it('fr_CA orders pêche < pèché < pêché (backwards by default)', () => {
    const frCA = '{"locale": "fr_CA"}';
    const circumflex = 'p\u00eache';
    const graveAndAcute = 'p\u00e8ch\u00e9';
    const circumflexAndAcute = 'p\u00each\u00e9';
    expect(compare(circumflex, graveAndAcute, frCA)).toBe('<');
    expect(compare(graveAndAcute, circumflexAndAcute, frCA)).toBe('<');
    expect(compare(circumflex, circumflexAndAcute, frCA)).toBe('<');
    expect(sorted([circumflexAndAcute, graveAndAcute, circumflex], frCA)).toEqual([
      circumflex,
      graveAndAcute,
      circumflexAndAcute,
    ]);
  });

  it('valid characters at the edges of each UTF-8 length are not the replacement character', () => {
    for (const s of ['\u0000', '\u0080', '\u0800', '\u{10000}', '\u007f', '\u07ff', '\uffff', '\u{10ffff}']) {
      expect(compare(s, '\ufffd', enUS), JSON.stringify(s)).not.toBe('=');
    }
  });

  it('a unique index with a collation compares through its keys the same way (the ...UsingComparisonKeys twins)', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "k", "indexes": [{"key": {"w": 1}, "name": "w_1", "unique": true, "collation": {"locale": "en_US", "strength": 2}}]}',
    );
    expect(
      outcome(
        run(
          engine,
          't',
          '{"insert": "k", "documents": [{"_id": 1, "w": "ab"}, {"_id": 2, "w": "abb"}, {"_id": 3, "w": ""}]}',
        ),
      ),
    ).toBe('ok');
    expect(outcome(run(engine, 't', '{"insert": "k", "documents": [{"_id": 4, "w": "AB"}]}'))[0]).toBe(11000);
    expect(outcome(run(engine, 't', '{"insert": "k", "documents": [{"_id": 5, "w": "\u00e1b"}]}'))).toBe('ok');
  });
});
