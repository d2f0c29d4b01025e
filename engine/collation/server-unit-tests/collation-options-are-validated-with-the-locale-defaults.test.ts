/**
 * Option combinations that cannot take effect are refused, on the resolved collation — the
 * locale's defaults included (collator_factory_icu.cpp `validateCollationSpec`, run after
 * `updateCollationSpecFromICUCollator`): `backwards` only affects the secondary level, so it is
 * invalid at strength 1; `caseFirst` only affects the tertiary level or the case level, so it is
 * invalid at strength 1–2 unless caseLevel is on. Both 2 BadValue with the document as given.
 * So fr_CA (backwards by default) at strength 1, and da or mt (caseFirst upper by default) at
 * strength 1–2, are refused unless the document turns the attribute off.
 *
 * From collator_factory_icu_test.cpp: PrimaryStrengthCaseLevelTrueCaseFirstUpper (accepted) and the
 * factory's validation; the stored test file predates the check on defaults.
 */
import { describe, expect, it } from 'vitest';
import { createdWith, findWith } from './harness.js';

describe('validateCollationSpec runs on the resolved attributes', () => {
  it('backwards with strength 1 is refused, whether given or the locale default', () => {
    expect(findWith('{"locale": "en", "strength": 1, "backwards": true}')).toEqual([
      2,
      "'backwards' is invalid with 'strength' of 1 in: { locale: \"en\", strength: 1, backwards: true }",
    ]);
    expect(findWith('{"locale": "fr_CA", "strength": 1}')).toEqual([
      2,
      "'backwards' is invalid with 'strength' of 1 in: { locale: \"fr_CA\", strength: 1 }",
    ]);
    expect(findWith('{"locale": "fr_CA", "strength": 1, "backwards": false}')).toBe('ok');
    expect(findWith('{"locale": "fr_CA", "strength": 2}')).toBe('ok');
    expect(findWith('{"locale": "en", "strength": 1, "backwards": false}')).toBe('ok');
  });

  it('caseFirst other than off at strength 1 or 2 needs caseLevel, whether given or the locale default', () => {
    expect(findWith('{"locale": "en", "strength": 2, "caseFirst": "upper"}')).toEqual([
      2,
      "'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: { locale: \"en\", strength: 2, caseFirst: \"upper\" }",
    ]);
    expect(findWith('{"locale": "en", "strength": 1, "caseFirst": "lower"}')[0]).toBe(2);
    expect(findWith('{"locale": "en", "strength": 1, "caseFirst": "off"}')).toBe('ok');
    expect(findWith('{"locale": "en_US", "strength": 1, "caseLevel": true, "caseFirst": "upper"}')).toBe('ok');
    expect(findWith('{"locale": "en_US", "strength": 3, "caseFirst": "upper"}')).toBe('ok');
    expect(findWith('{"locale": "da", "strength": 2}')).toEqual([
      2,
      "'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: { locale: \"da\", strength: 2 }",
    ]);
    expect(findWith('{"locale": "mt", "strength": 1}')[0]).toBe(2);
    expect(findWith('{"locale": "da", "strength": 2, "caseFirst": "off"}')).toBe('ok');
    expect(findWith('{"locale": "da", "strength": 1, "caseLevel": true}')).toBe('ok');
  });

  it('the combination check comes after the version check', () => {
    expect(findWith('{"locale": "en", "strength": 1, "backwards": true, "version": "1"}')[0]).toBe(161);
  });

  it('createCollection refuses the same combinations', () => {
    expect(createdWith('{"locale": "fr_CA", "strength": 1}')[0]).toBe(2);
  });
});
