/**
 * The `locale` of a collation: MongoDB 8.0 builds ICU's collator for it and refuses the locale
 * unless the collator's valid locale is spelled exactly as requested (collator_factory_icu.cpp
 * `validateLocaleID`): 2 BadValue `Field 'locale' is invalid in: {spec}`, with ". Did you mean
 * '<valid locale>'?" unless ICU fell back to root. `simple` is the simple collation whatever else
 * the document says (8.0 makeFromBSON returns null right after the IDL parse).
 *
 * From collator_factory_icu_test.cpp: LocaleStringParsesSuccessfully, SimpleLocaleReturnsNullPointer,
 * SimpleLocaleWithOtherFieldsFailsToParse (the stored file expects FailedToParse; 8.0 has no such
 * check any more), UnrecognizedLocaleFieldFailsToParse, LocaleEmptyStringDisallowed,
 * LongLocaleFieldDisallowed, LongLocaleFieldWithKeywordsDisallowed, LocaleRootDisallowed,
 * LocaleRootCanonicalizedDisallowed, LocaleWith…Underscore…Disallowed, LocaleWithExtra…ComponentDisallowed,
 * LocaleWithUnrecognizedTwoLetterBaseNameDisallowed, …TwoLetterCountryCodeDisallowed,
 * …ThreeLetterCountryCodeDisallowed, LocaleWithUnrecognizedFourLetterScriptCodeDisallowed,
 * LocaleWithFiveLetterSecondComponentDisallowed, LocaleWithUnrecognizedVariantCode,
 * LocaleWithMissingCountryCodeAndUnrecognizedVariantCode, LocaleWithValidVariantButMissingCountryCodeDisallowed,
 * LocaleWithValidKeywordButNoLanguageDisallowed, LocaleWithHyphen…Disallowed,
 * LocaleWith(Lowercase|MixedCase)CountryCode…, LocaleWithUpperCase(Script|Language)CodeDisallowed,
 * LocaleWithKeywordStringWithoutAValueDisallowed, LocaleKeywordStringWithExcess…SemicolonDisallowed,
 * TaiwanLocaleWithCollationStrokeDisallowed, LocaleWithValidLanguageCountryAndVariantAllowed,
 * USLocaleWithCollationPhonebookDisallowed, GermanLocaleWithCollationPhonebookAllowed,
 * ChineseTraditionalLocaleWithCollationPinyinAllowed, LocaleStringCannotContainNullByte,
 * InvalidLocaleKeywordFailsToParse, InvalidLocaleKeywordValueFailsToParse; older revisions'
 * LocaleStringCanonicalizesSuccessfully and LocaleKeywordsParseSuccessfully describe 3.4 betas,
 * whose canonicalising the server has since refused ("EN_US" and keyword lists are refused).
 * Also jstests/core/query/collation/invalid_collation_locale.js.
 */
import { describe, expect, it } from 'vitest';
import { createdWith, findWith } from './harness.js';

const invalid = (locale: string, suggestion?: string): [number, string] => [
  2,
  `Field 'locale' is invalid in: { locale: "${locale}" }${suggestion === undefined ? '' : `. Did you mean '${suggestion}'?`}`,
];

describe('a collation locale is an ICU collation locale, spelled exactly', () => {
  it('accepts ICU collation locales and the collation types they define', () => {
    for (const locale of [
      'en_US',
      'en_US_POSIX',
      'de@collation=phonebook',
      'zh_Hant@collation=pinyin',
      'zh_Hant',
      'fr_CA',
    ]) {
      expect(findWith(`{"locale": "${locale}"}`), locale).toBe('ok');
    }
    expect(createdWith('{"locale": "en_US"}')).toContain('"locale":"en_US"');
  });

  it('simple is the simple collation, even with other fields', () => {
    expect(createdWith('{"locale": "simple"}')).toBe('no collation');
    expect(createdWith('{"locale": "simple", "caseLevel": true}')).toBe('no collation');
  });

  it('refuses an empty locale and a NUL byte', () => {
    expect(findWith('{"locale": ""}')).toEqual([2, 'Field \'locale\' cannot be the empty string in: { locale: "" }']);
    expect(findWith('{"locale": "en_US\\u0000"}')[0]).toBe(2);
    expect((findWith('{"locale": "en_US\\u0000"}') as [number, string])[1]).toMatch(
      /^Field 'locale' cannot contain null byte\. Collation spec: \{ locale: "en_US/,
    );
  });

  it('refuses a locale ICU falls back to root for, without a suggestion', () => {
    for (const locale of [
      'garbage',
      'xx',
      'root',
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      '_en',
      '_en_US',
      '__en',
      '@collation=phonebook',
    ]) {
      expect(findWith(`{"locale": "${locale}"}`), locale).toEqual(invalid(locale));
    }
    expect(findWith('{"locale": "ROOT@collation=search"}')[0]).toBe(2);
    expect(findWith('{"locale": "xx_US"}')).toEqual(invalid('xx_US'));
  });

  it('refuses ID-prefixed locales (invalid_collation_locale.js, SERVER-38840) with BadValue', () => {
    for (const locale of ['x_invalid', 'X_invalid', 'i-invalid', 'I-invalid', 'xx_invalid']) {
      const refused = createdWith(`{"locale": "${locale}"}`);
      expect(refused[0], locale).toBe(2);
    }
  });

  it('refuses a locale ICU falls back from, suggesting what it found', () => {
    expect(findWith('{"locale": "en_"}')).toEqual(invalid('en_', 'en'));
    expect(findWith('{"locale": "en_US_"}')).toEqual(invalid('en_US_', 'en_US'));
    expect(findWith('{"locale": "en__"}')).toEqual(invalid('en__', 'en'));
    expect(findWith('{"locale": "en__US_POSIX"}')).toEqual(invalid('en__US_POSIX', 'en'));
    expect(findWith('{"locale": "en_Comp_US_POSIX"}')).toEqual(invalid('en_Comp_US_POSIX', 'en'));
    expect(findWith('{"locale": "en_ZZ"}')).toEqual(invalid('en_ZZ', 'en'));
    expect(findWith('{"locale": "en_USX"}')).toEqual(invalid('en_USX', 'en'));
    expect(findWith('{"locale": "zh_Blah"}')).toEqual(invalid('zh_Blah', 'zh'));
    expect(findWith('{"locale": "zh_Blahh"}')).toEqual(invalid('zh_Blahh', 'zh'));
    expect(findWith('{"locale": "en_US_FOO"}')).toEqual(invalid('en_US_FOO', 'en_US'));
    expect(findWith('{"locale": "en__FOO"}')).toEqual(invalid('en__FOO', 'en'));
    expect(findWith('{"locale": "en__POSIX"}')).toEqual(invalid('en__POSIX', 'en'));
    expect(findWith('{"locale": "en_GB"}')).toEqual(invalid('en_GB', 'en'));
    // Three-letter country codes map to two letters in ICU (en_USA → en_US); the engine
    // suggests the fallback only (README fidelity).
    expect(findWith('{"locale": "en_USA"}')[0]).toBe(2);
  });

  it('refuses a spelling ICU canonicalises, suggesting the canonical one', () => {
    expect(findWith('{"locale": "en-US"}')).toEqual(invalid('en-US', 'en_US'));
    expect(findWith('{"locale": "en_US-POSIX"}')).toEqual(invalid('en_US-POSIX', 'en_US_POSIX'));
    expect(findWith('{"locale": "en_us"}')).toEqual(invalid('en_us', 'en_US'));
    expect(findWith('{"locale": "en_uS"}')).toEqual(invalid('en_uS', 'en_US'));
    expect(findWith('{"locale": "en_us_posix"}')).toEqual(invalid('en_us_posix', 'en_US_POSIX'));
    expect(findWith('{"locale": "EN_US"}')).toEqual(invalid('EN_US', 'en_US'));
    expect(findWith('{"locale": "zh_HANT"}')).toEqual(invalid('zh_HANT', 'zh_Hant'));
    expect(findWith('{"locale": "ZH_hant"}')).toEqual(invalid('ZH_hant', 'zh_Hant'));
  });

  it('refuses keywords ICU drops: malformed, unknown, or a collation type the locale lacks', () => {
    expect(findWith('{"locale": "de@collation"}')).toEqual(invalid('de@collation', 'de'));
    expect(findWith('{"locale": "de@collation=phonebook;"}')).toEqual(
      invalid('de@collation=phonebook;', 'de@collation=phonebook'),
    );
    expect(findWith('{"locale": "de@;collation=phonebook"}')).toEqual(
      invalid('de@;collation=phonebook', 'de@collation=phonebook'),
    );
    expect(findWith('{"locale": "en_US@collation=phonebook"}')).toEqual(invalid('en_US@collation=phonebook', 'en_US'));
    expect(findWith('{"locale": "en_US@invalid=phonebook"}')).toEqual(invalid('en_US@invalid=phonebook', 'en_US'));
    expect(findWith('{"locale": "en_US@calendar=invalid"}')).toEqual(invalid('en_US@calendar=invalid', 'en_US'));
    expect(findWith('{"locale": "en_US@calendar=islamic;collation=phonebook;currency=IEP;numbers=arab"}')[0]).toBe(2);
    // zh_TW is no collation locale of its own (ICU aliases it to zh_Hant_TW).
    expect(findWith('{"locale": "zh_TW@collation=stroke"}')[0]).toBe(2);
    // The default type spelled out is not the valid locale's spelling.
    expect(findWith('{"locale": "de@collation=standard"}')).toEqual(invalid('de@collation=standard', 'de'));
    expect(findWith('{"locale": "zh@collation=pinyin"}')).toEqual(invalid('zh@collation=pinyin', 'zh'));
  });
});
