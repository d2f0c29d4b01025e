/**
 * A non-simple collation is stored and reported with every attribute: the ones the document gives,
 * the locale's ICU defaults for the rest, and `version: "57.1"` (collator_factory_icu.cpp
 * `updateCollationSpecFromICUCollator`). Observable as listCollections' `options.collation`, as
 * listIndexes' `collation`, and in indexes that inherit the collection's default.
 *
 * From collator_factory_icu_test.cpp: DefaultsSetSuccessfully, LanguageDependentDefaultsSetSuccessfully,
 * CaseLevel(False|True)ParsesSuccessfully, CaseFirst(Off|Upper|Lower)ParsesSuccessfully,
 * (Primary|Secondary|Tertiary|Quaternary|Identical)StrengthParsesSuccessfully,
 * NumericOrdering(False|True)ParsesSuccessfully, Alternate(NonIgnorable|Shifted)ParsesSuccessfully,
 * MaxVariable(Punct|Space)ParsesSuccessfully, Normalization(False|True)ParsesSuccessfully,
 * Backwards(False|True)ParsesSuccessfully, VersionFieldParsesSuccessfully, VersionFieldPopulatedWhenOmitted,
 * UnknownCollatorVersionResultsInIncompatibleCollationVersionError. And
 * jstests/core/query/collation/collation.js: the fr_CA collection default, index inheritance,
 * an index's own collation, the simple collation not stored, the version mismatch on
 * createCollection and createIndex.
 */
import { describe, expect, it } from 'vitest';
import { canon, createdWith, ejson, findWith, run, testEngine } from './harness.js';

const full = (over: Record<string, unknown>): string => {
  const base: Record<string, unknown> = {
    locale: 'en_US',
    caseLevel: false,
    caseFirst: 'off',
    strength: 3,
    numericOrdering: false,
    alternate: 'non-ignorable',
    maxVariable: 'punct',
    normalization: false,
    backwards: false,
    version: '57.1',
  };
  return canon(JSON.stringify({ ...base, ...over }));
};

describe('the stored collation has every attribute', () => {
  it('defaults for en_US, and fr_CA reads accents backwards by default', () => {
    expect(createdWith('{"locale": "en_US"}')).toBe(full({}));
    expect(createdWith('{"locale": "fr_CA"}')).toBe(full({ locale: 'fr_CA', backwards: true }));
  });

  it('each attribute given is kept', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['"caseLevel": false', { caseLevel: false }],
      ['"caseLevel": true', { caseLevel: true }],
      ['"caseFirst": "off"', { caseFirst: 'off' }],
      ['"caseFirst": "upper"', { caseFirst: 'upper' }],
      ['"caseFirst": "lower"', { caseFirst: 'lower' }],
      ['"strength": 1', { strength: 1 }],
      ['"strength": 2', { strength: 2 }],
      ['"strength": 3', { strength: 3 }],
      ['"strength": 4', { strength: 4 }],
      ['"strength": 5', { strength: 5 }],
      ['"strength": {"$numberLong": "1"}', { strength: 1 }],
      ['"strength": 1.0', { strength: 1 }],
      ['"numericOrdering": false', { numericOrdering: false }],
      ['"numericOrdering": true', { numericOrdering: true }],
      ['"alternate": "non-ignorable"', { alternate: 'non-ignorable' }],
      ['"alternate": "shifted"', { alternate: 'shifted' }],
      ['"maxVariable": "punct"', { maxVariable: 'punct' }],
      ['"maxVariable": "space"', { maxVariable: 'space' }],
      ['"normalization": false', { normalization: false }],
      ['"normalization": true', { normalization: true }],
      ['"backwards": false', { backwards: false }],
      ['"backwards": true', { backwards: true }],
      ['"version": "57.1"', {}],
    ];
    for (const [field, expected] of cases) {
      expect(createdWith(`{"locale": "en_US", ${field}}`), field).toBe(full(expected));
    }
  });

  it("the locale's own defaults fill what the document leaves out, and a given attribute overrides them", () => {
    expect(createdWith('{"locale": "fr_CA", "backwards": false}')).toBe(full({ locale: 'fr_CA' }));
    expect(createdWith('{"locale": "da"}')).toBe(full({ locale: 'da', caseFirst: 'upper' }));
    expect(createdWith('{"locale": "th"}')).toBe(full({ locale: 'th', alternate: 'shifted', normalization: true }));
  });

  it('a version other than ICU 57.1 is IncompatibleCollationVersion (161), after the other fields', () => {
    const message =
      'Requested collation version unknownVersion but the only available collator version was 57.1. Requested collation spec: { locale: "en_US", version: "unknownVersion" }';
    expect(findWith('{"locale": "en_US", "version": "unknownVersion"}')).toEqual([161, message]);
    expect(createdWith('{"locale": "en", "version": "unknownVersion"}')[0]).toBe(161);
    const engine = testEngine();
    const reply = run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "collation": {"locale": "en", "version": "unknownVersion"}}]}',
    );
    expect(reply.get('code')).toEqual(expect.anything());
    expect(Number(String(reply.get('code')))).toBe(161);
  });

  it('indexes inherit the collection default unless they name their own (collation.js)', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "collation": {"locale": "fr_CA"}}');
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"b": 1}, "name": "b_1", "collation": {"locale": "en_US"}}]}',
    );
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"d": 1}, "name": "d_1", "collation": {"locale": "simple"}}]}',
    );
    const indexes = (run(engine, 't', '{"listIndexes": "c"}').get('cursor') as Map<string, unknown>).get(
      'firstBatch',
    ) as Map<string, unknown>[];
    const collationOf = (name: string) => {
      const c = indexes.find((i) => i.get('name') === name)!.get('collation');
      return c === undefined ? 'simple' : ejson(c as never);
    };
    expect(collationOf('a_1')).toBe(full({ locale: 'fr_CA', backwards: true }));
    expect(collationOf('b_1')).toBe(full({}));
    expect(collationOf('d_1')).toBe('simple');
  });
});
