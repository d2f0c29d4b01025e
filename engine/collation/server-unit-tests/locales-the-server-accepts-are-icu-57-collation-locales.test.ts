/**
 * Every locale the server's ICU 57.1 builds a collator for is accepted, and collates; locales
 * that only newer CLDR versions define (and therefore the JavaScript runtime's Intl) are refused,
 * as the server falls back to root for them.
 *
 * From collator_factory_icu_locales_test.cpp: FactoryInitializationSucceedsWith<Language>Locale for
 * each of its locales; the variants are the `collation=` types MongoDB's "Collation Locales and
 * Default Parameters" page lists for 8.0 (CLDR's collation types).
 */
import { describe, expect, it } from 'vitest';
import { findWith, sorted } from './harness.js';

const ICU_57_LOCALES = (
  'af am ar as az be bg bn bo bs bs_Cyrl ca chr cs cy da de de_AT dsb dz ee el en en_US en_US_POSIX eo es et ' +
  'fa fa_AF fi fil fo fr fr_CA ga gl gu ha haw he hi hr hsb hu hy id ig is it ja ka kk kl km kn ko kok ky lb ' +
  'lkt ln lo lt lv mk ml mn mr ms mt my nb ne nl nn om or pa pl ps pt ro ru se si sk sl smn sq sr sr_Latn sv ' +
  'sw ta te th to tr ug uk ur vi wae yi yo zh zh_Hant zu'
).split(' ');

const VARIANTS = [
  'ar@collation=compat',
  'az@collation=search',
  'bn@collation=traditional',
  'bs@collation=search',
  'ca@collation=search',
  'zh@collation=big5han',
  'zh@collation=gb2312han',
  'zh@collation=unihan',
  'zh@collation=zhuyin',
  'hr@collation=search',
  'cs@collation=search',
  'da@collation=search',
  'fi@collation=search',
  'fi@collation=traditional',
  'gl@collation=search',
  'de@collation=search',
  'de@collation=eor',
  'de@collation=phonebook',
  'de_AT@collation=phonebook',
  'es@collation=search',
  'es@collation=traditional',
  'ko@collation=search',
  'ko@collation=searchjl',
  'ko@collation=unihan',
  'ja@collation=unihan',
  'si@collation=dictionary',
  'vi@collation=traditional',
];

describe('the locales of ICU 57.1', () => {
  it('every collation locale of the locales test is accepted and sorts', () => {
    for (const locale of ICU_57_LOCALES) {
      expect(findWith(`{"locale": "${locale}"}`), locale).toBe('ok');
    }
    expect(sorted(['b', 'a'], '{"locale": "zu"}')).toEqual(['a', 'b']);
  });

  it('the documented variants are accepted', () => {
    for (const locale of VARIANTS) {
      expect(findWith(`{"locale": "${locale}"}`), locale).toBe('ok');
    }
  });

  it('locales ICU 57.1 has no collation data for are refused, though Intl knows them', () => {
    for (const locale of ['br', 'ceb', 'ff', 'ku', 'no', 'sa', 'tk', 'uz', 'wo', 'xh']) {
      expect(findWith(`{"locale": "${locale}"}`), locale).toEqual([
        2,
        `Field 'locale' is invalid in: { locale: "${locale}" }`,
      ]);
    }
  });
});
