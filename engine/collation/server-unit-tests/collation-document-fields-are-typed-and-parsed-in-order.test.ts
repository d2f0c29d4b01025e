/**
 * The collation document's fields, as MongoDB 8.0 parses them: the IDL `Collation` struct
 * (basic_types.idl, strict) read in document order, through a command's `collation` option.
 *
 * From collator_factory_icu_test.cpp: LocaleFieldNotAStringFailsToParse, MissingLocaleStringFailsToParse,
 * UnknownSpecFieldFailsToParse, NonBooleanCaseLevelFieldFailsToParse, NonStringCaseFirstFieldFailsToParse,
 * InvalidStringCaseFirstFieldFailsToParse, NonNumberStrengthFieldFailsToParse,
 * TooLargeStrengthFieldFailsToParse, FractionalStrengthFieldFailsToParse,
 * NegativeStrengthFieldFailsToParse, InvalidIntegerStrengthFieldFailsToParse,
 * NonBoolNumericOrderingFieldFailsToParse, NonStringAlternateFieldFailsToParse,
 * InvalidStringAlternateFieldFailsToParse, NonStringMaxVariableFieldFailsToParse,
 * InvalidStringMaxVariableFieldFailsToParse, NonBoolNormalizationFieldFailsToParse,
 * NonBoolBackwardsFieldFailsToParse, NonStringVersionFieldFailsToParse, LongStrengthFieldParsesSuccessfully,
 * DoubleStrengthFieldParsesSuccessfully. The stored test file predates the IDL parser (it expects
 * bson_extract's NoSuchKey/FailedToParse codes); the codes and messages here are 8.0's
 * (collator_factory_icu.cpp `Collation::parse(spec, IDLParserContext{"collation"})`, idl_parser.cpp).
 * Also jstests/core/query/collation/collation.js: invalid collations refused by createCollection.
 */
import { describe, expect, it } from 'vitest';
import { createdWith, findWith } from './harness.js';

describe('the collation document is the IDL Collation struct', () => {
  it('locale is required and must be a string; null counts as missing', () => {
    expect(findWith('{}')).toEqual([40414, "BSON field 'collation.locale' is missing but a required field"]);
    expect(findWith('{"strength": 1}')).toEqual([
      40414,
      "BSON field 'collation.locale' is missing but a required field",
    ]);
    expect(findWith('{"locale": null}')).toEqual([
      40414,
      "BSON field 'collation.locale' is missing but a required field",
    ]);
    expect(findWith('{"locale": 3}')).toEqual([
      14,
      "BSON field 'collation.locale' is the wrong type 'int', expected type 'string'",
    ]);
  });

  it('an unknown field is refused when the parser reaches it, before a missing locale or a bad later field', () => {
    expect(findWith('{"locale": "en_US", "unknown": "field"}')).toEqual([
      40415,
      "BSON field 'collation.unknown' is an unknown field.",
    ]);
    expect(findWith('{"blah": 1}')).toEqual([40415, "BSON field 'collation.blah' is an unknown field."]);
    expect(findWith('{"locale": "en", "foo": 1, "strength": 9}')).toEqual([
      40415,
      "BSON field 'collation.foo' is an unknown field.",
    ]);
    expect(findWith('{"locale": "en", "strength": 9, "foo": 1}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be <= 5, actual value '9'",
    ]);
    expect(findWith('{"caseLevel": "x", "locale": 3}')).toEqual([
      14,
      "BSON field 'collation.caseLevel' is the wrong type 'string', expected type 'bool'",
    ]);
  });

  it('caseLevel, numericOrdering and normalization are bools', () => {
    for (const field of ['caseLevel', 'numericOrdering', 'normalization']) {
      expect(findWith(`{"locale": "en_US", "${field}": "garbage"}`)).toEqual([
        14,
        `BSON field 'collation.${field}' is the wrong type 'string', expected type 'bool'`,
      ]);
      expect(findWith(`{"locale": "en_US", "${field}": 1}`)).toEqual([
        14,
        `BSON field 'collation.${field}' is the wrong type 'int', expected type 'bool'`,
      ]);
    }
  });

  it('caseFirst, alternate and maxVariable are strings from their enumerations', () => {
    const cases: [string, string][] = [
      ['caseFirst', 'upper'],
      ['alternate', 'shifted'],
      ['maxVariable', 'space'],
    ];
    for (const [field] of cases) {
      expect(findWith(`{"locale": "en_US", "${field}": 1}`)).toEqual([
        14,
        `BSON field 'collation.${field}' is the wrong type 'int', expected type 'string'`,
      ]);
      expect(findWith(`{"locale": "en_US", "${field}": "invalid"}`)).toEqual([
        2,
        `Enumeration value 'invalid' for field 'collation.${field}' is not a valid value.`,
      ]);
    }
    // Enumeration values are case-sensitive.
    expect(findWith('{"locale": "en_US", "caseFirst": "Upper"}')).toEqual([
      2,
      "Enumeration value 'Upper' for field 'collation.caseFirst' is not a valid value.",
    ]);
  });

  it('strength is any number, truncated toward zero, checked against 0..5, then against the enumeration 1..5', () => {
    expect(findWith('{"locale": "en_US", "strength": "garbage"}')).toEqual([
      14,
      "BSON field 'collation.strength' is the wrong type 'string', expected types '[long, int, decimal, double']",
    ]);
    expect(findWith('{"locale": "en_US", "strength": {"$numberLong": "1"}}')).toBe('ok');
    expect(findWith('{"locale": "en_US", "strength": 1.0}')).toBe('ok');
    expect(findWith('{"locale": "en_US", "strength": {"$numberDecimal": "3"}}')).toBe('ok');
    // safeNumberInt truncates: 1.5 is 1, 9.9 is 9 (collation.js: strength 9.9 is refused).
    expect(createdWith('{"locale": "en_US", "strength": 1.5}')).toContain('"strength":{"$numberInt":"1"}');
    expect(findWith('{"locale": "en", "strength": 9.9}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be <= 5, actual value '9'",
    ]);
    expect(findWith('{"locale": "en", "strength": 99}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be <= 5, actual value '99'",
    ]);
    expect(findWith('{"locale": "en_US", "strength": 6}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be <= 5, actual value '6'",
    ]);
    // 2^31 is clamped to int32's maximum.
    expect(findWith('{"locale": "en_US", "strength": {"$numberLong": "2147483648"}}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be <= 5, actual value '2147483647'",
    ]);
    expect(findWith('{"locale": "en_US", "strength": -1}')).toEqual([
      51024,
      "BSON field 'collation.strength' value must be >= 0, actual value '-1'",
    ]);
    // 0 passes the IDL validator but is no CollationStrength (checked after the locale).
    expect(findWith('{"locale": "en_US", "strength": 0.5}')).toEqual([
      2,
      "Enumeration value '0' for field 'collation.strength' is not a valid value.",
    ]);
    expect(findWith('{"locale": "en_US", "strength": 0}')).toEqual([
      2,
      "Enumeration value '0' for field 'collation.strength' is not a valid value.",
    ]);
    expect(findWith('{"locale": "xx", "strength": 0}')).toEqual([
      2,
      'Field \'locale\' is invalid in: { locale: "xx", strength: 0 }',
    ]);
    // NaN is 0.
    expect(findWith('{"locale": "en_US", "strength": {"$numberDouble": "NaN"}}')).toEqual([
      2,
      "Enumeration value '0' for field 'collation.strength' is not a valid value.",
    ]);
  });

  it('backwards is an optional bool that refuses every other type, null included', () => {
    expect(findWith('{"locale": "en_US", "backwards": "garbage"}')).toEqual([
      14,
      "Field 'backwards' should be a boolean value, but found: string",
    ]);
    expect(findWith('{"locale": "en_US", "backwards": null}')).toEqual([
      14,
      "Field 'backwards' should be a boolean value, but found: null",
    ]);
    expect(findWith('{"locale": "en_US", "backwards": 1}')).toEqual([
      14,
      "Field 'backwards' should be a boolean value, but found: int",
    ]);
  });

  it('version is a string', () => {
    expect(findWith('{"locale": "en_US", "version": 3}')).toEqual([
      14,
      "BSON field 'collation.version' is the wrong type 'int', expected type 'string'",
    ]);
  });

  it('a null attribute other than locale and backwards counts as given with its IDL default', () => {
    // The field is present, so the server sets the IDL default on the collator instead of the
    // locale's own attribute: da's caseFirst "upper" becomes "off".
    expect(createdWith('{"locale": "da", "caseFirst": null}')).toContain('"caseFirst":"off"');
    expect(createdWith('{"locale": "da"}')).toContain('"caseFirst":"upper"');
    expect(createdWith('{"locale": "en_US", "strength": null}')).toContain('"strength":{"$numberInt":"3"}');
  });

  it('createCollection refuses the same documents (collation.js)', () => {
    expect(createdWith('{}')).toEqual([40414, "BSON field 'collation.locale' is missing but a required field"]);
    expect(createdWith('{"blah": 1}')).toEqual([40415, "BSON field 'collation.blah' is an unknown field."]);
    expect(createdWith('{"locale": "en", "blah": 1}')).toEqual([
      40415,
      "BSON field 'collation.blah' is an unknown field.",
    ]);
    expect(createdWith('{"locale": "xx"}')).toEqual([2, 'Field \'locale\' is invalid in: { locale: "xx" }']);
    expect(createdWith('{"locale": "en", "strength": 99}')[0]).toBe(51024);
    expect(createdWith('{"locale": "en", "strength": 9.9}')[0]).toBe(51024);
  });
});
