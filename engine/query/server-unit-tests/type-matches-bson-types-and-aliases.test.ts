/**
 * Port of expression_type_test.cpp (TEST(ExpressionTypeTest, *)), matcher_type_set_test.cpp
 * (TEST(MatcherTypeSetTest, ParseFrom* / Parse*), in the version that still parsed elements) and
 * the alias table of matcher_type_alias_test.cpp: `$type` takes a code, an alias, "number" or an
 * array of those; it tests each element of an array and the array itself. The
 * `InternalSchemaType*` cases are `$jsonSchema`'s `bsonType`, which does not look into arrays.
 * Parse failures as the commands' code and message (matcher_type_set.cpp: the code printed as a
 * double with `%g`). n/a: `isSingleType` / `isEmpty` / `hasType` (C++ helpers, observed through
 * the matches), `equivalent()`, the `$_internalSchemaBinDataSubType` / encrypted-type cases
 * (internal operators with no user syntax; FLE is not modelled).
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, filterError, matching } from './harness.js';

function expectSplit(filter: string, yes: string[], no: string[]): void {
  expect(matching(filter, [...yes, ...no])).toEqual(yes.map((_, i) => i));
}

describe('ExpressionTypeTest', () => {
  it('MatchesElementStringType / NullType / Number / MatchesScalar / MatchesObject / MatchesNull', () => {
    expectSplit('{"a":{"$type":"string"}}', ['{"a":"abc"}'], ['{"a":5}']);
    expectSplit('{"a":{"$type":"null"}}', ['{"a":null}'], ['{"a":"abc"}', '{"a":4}', '{}']);
    expectSplit('{"a":{"$type":"number"}}', ['{"a":1}', '{"a":{"$numberLong":"1"}}', '{"a":2.5}'], ['{"a":"abc"}']);
    expectSplit('{"a":{"$type":"bool"}}', ['{"a":true}'], ['{"a":1}']);
    expectSplit('{"a":{"$type":"object"}}', ['{"a":{"b":1}}'], ['{"a":1}']);
  });
  it('MatchesArray / TypeArrayMatchesOuterAndInnerArray: elements are tested, and the array itself for "array"', () => {
    expectSplit(
      '{"a":{"$type":"int"}}',
      ['{"a":[4]}', '{"a":[4,"a"]}', '{"a":["a",4]}'],
      ['{"a":["a"]}', '{"a":[[4]]}'],
    );
    expectSplit('{"a":{"$type":"array"}}', ['{"a":[]}', '{"a":[4,"a"]}', '{"a":[[],2]}'], ['{"a":"bar"}']);
  });
  it('MatchesDotNotationFieldObject / ArrayElementArray / ArrayElementScalar / ArrayElementObject', () => {
    expectSplit('{"a.b":{"$type":"object"}}', ['{"a":{"b":{"c":1}}}'], ['{"a":{"b":1}}']);
    expectSplit('{"a.0":{"$type":"array"}}', ['{"a":[[1]]}'], ['{"a":["b"]}']);
    expectSplit('{"a.0":{"$type":"string"}}', ['{"a":["b"]}'], ['{"a":[1]}']);
    expectSplit('{"a.0":{"$type":"object"}}', ['{"a":[{"b":1}]}'], ['{"a":[1]}']);
  });
  it('ElemMatchKey', () => {
    expect(matching('{"a.b":{"$type":"string"}}', ['{"a":1}', '{"a":{"b":"string"}}'])).toEqual([1]);
    expect(elemMatchKey('{"a.b":{"$type":"string"}}', '{"a":{"b":["string"]}}', 'a.b')).toBe(0);
    expect(elemMatchKey('{"a.b":{"$type":"string"}}', '{"a":[2,{"b":["string"]}]}', 'a')).toBe(1);
  });
  it('TypeExprWithMultipleTypesMatchesAllSuchTypes', () => {
    expectSplit(
      '{"a":{"$type":["number","string","object"]}}',
      ['{"a":1}', '{"a":[1]}', '{"a":[{"b":1},{"b":2}]}', '{"a":"str"}', '{"a":["str"]}'],
      ['{"a":[]}', '{"a":null}'],
    );
  });
  it('InternalSchemaTypeArrayOnlyMatchesArrays / InternalSchemaTypeNumberDoesNotMatchArrays / InternalSchemaTypeExprWithMultipleTypesMatchesAllSuchTypes: $jsonSchema bsonType sees the value itself', () => {
    const schema = (t: string): string => `{"$jsonSchema":{"properties":{"a":{"bsonType":${t}}}}}`;
    expectSplit(schema('"array"'), ['{"a":[]}', '{"a":[1]}', '{"a":[{"b":1},{"b":2}]}'], ['{"a":1}', '{"a":{"b":[]}}']);
    expectSplit(
      schema('"number"'),
      ['{"a":1}'],
      ['{"a":[]}', '{"a":[1]}', '{"a":["b",2,3]}', '{"a":[{"b":1},{"b":2}]}', '{"a":{"b":[]}}'],
    );
    expectSplit(
      schema('["number","string","object"]'),
      ['{"a":1}', '{"a":"str"}'],
      ['{"a":[]}', '{"a":[1]}', '{"a":[{"b":1},{"b":2}]}', '{"a":null}', '{"a":["str"]}'],
    );
  });
});

describe('MatcherTypeSet::parse through $type', () => {
  it('ParseFromElementCanParseNumberAlias / LongAlias / RoundDoubleTypeCode / RoundDecimalTypeCode / ArrayWithSingleType / ArrayWithMultipleTypes', () => {
    const docs = ['{"a":1}', '{"a":{"$numberLong":"1"}}', '{"a":"s"}', '{"a":{}}', '{"a":true}'];
    expect(matching('{"a":{"$type":"number"}}', docs)).toEqual([0, 1]);
    expect(matching('{"a":{"$type":"long"}}', docs)).toEqual([1]);
    expect(matching('{"a":{"$type":2.0}}', docs)).toEqual([2]);
    expect(matching('{"a":{"$type":{"$numberDecimal":"2"}}}', docs)).toEqual([2]);
    expect(matching('{"a":{"$type":["string"]}}', docs)).toEqual([2]);
    expect(matching('{"a":{"$type":["string",3,"number"]}}', docs)).toEqual([0, 1, 2, 3]);
  });
  it('ParseFromElementFailsToParseUnknownAlias / WrongElementType / UnknownBSONType / ArrayHasUnknownType / ArrayElementIsNotStringOrNumber', () => {
    expect(filterError('{"a":{"$type":"unknown"}}')).toEqual({ code: 2, errmsg: 'Unknown type name alias: unknown' });
    expect(filterError('{"a":{"$type":["long","unknown"]}}')).toEqual({
      code: 2,
      errmsg: 'Unknown type name alias: unknown',
    });
    for (const arg of ['{"":""}', 'null', '["long",{}]']) {
      expect(filterError(`{"a":{"$type":${arg}}}`)).toEqual({
        code: 14,
        errmsg: 'type must be represented as a number or a string',
      });
    }
    expect(filterError('{"a":{"$type":99}}')).toEqual({ code: 2, errmsg: 'Invalid numerical type code: 99' });
  });
  it('ParseFails*: non-integral, out-of-int-range, NaN and infinite codes (printed with %g)', () => {
    for (const [arg, shown] of [
      ['2.5', '2.5'],
      ['{"$numberDecimal":"2.5"}', '2.5'],
      ['9223372036854775808.0', '9.22337e+18'],
      ['-1.7976931348623157e308', '-1.79769e+308'],
      ['{"$numberDouble":"NaN"}', 'nan'],
      ['{"$numberDouble":"Infinity"}', 'inf'],
      ['{"$numberDecimal":"2147483648"}', '2.14748e+09'],
      ['{"$numberDecimal":"-2147483649"}', '-2.14748e+09'],
      ['{"$numberDecimal":"NaN"}', 'nan'],
      ['{"$numberDecimal":"Infinity"}', 'inf'],
    ] as const) {
      expect([arg, filterError(`{"a":{"$type":${arg}}}`)]).toEqual([
        arg,
        { code: 2, errmsg: `Invalid numerical type code: ${shown}` },
      ]);
    }
  });
  it('ParseFromElementCanParseEmptyArray: an empty set, which $type refuses', () => {
    expect(filterError('{"a":{"$type":[]}}')).toEqual({ code: 9, errmsg: 'a must match at least one type' });
  });
});

describe('matcher_type_alias_test.cpp: every alias names its type', () => {
  it('the aliases of findBSONTypeAlias', () => {
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ['double', '1.5', '1'],
      ['string', '"s"', '1'],
      ['object', '{}', '[]'],
      ['array', '[]', '{}'],
      ['binData', '{"$binary":{"base64":"","subType":"00"}}', '""'],
      ['undefined', '{"$undefined":true}', 'null'],
      ['objectId', '{"$oid":"000000000000000000000000"}', '""'],
      ['bool', 'false', '0'],
      ['date', '{"$date":{"$numberLong":"0"}}', '0'],
      ['null', 'null', '{"$undefined":true}'],
      ['regex', '{"$regularExpression":{"pattern":"a","options":""}}', '"a"'],
      ['javascript', '{"$code":"x"}', '"x"'],
      ['symbol', '{"$symbol":"x"}', '"x"'],
      ['int', '1', '1.0'],
      ['timestamp', '{"$timestamp":{"t":1,"i":1}}', '{"$date":{"$numberLong":"1"}}'],
      ['long', '{"$numberLong":"1"}', '1'],
      ['decimal', '{"$numberDecimal":"1"}', '1.0'],
      ['minKey', '{"$minKey":1}', 'null'],
      ['maxKey', '{"$maxKey":1}', 'null'],
    ];
    for (const [alias, yes, no] of cases) {
      expect([alias, matching(`{"a":{"$type":"${alias}"}}`, [`{"a":${yes}}`, `{"a":${no}}`])]).toEqual([alias, [0]]);
    }
  });
  it('names are case-sensitive, and "missing" is explained', () => {
    expect(filterError('{"a":{"$type":"String"}}')).toEqual({ code: 2, errmsg: 'Unknown type name alias: String' });
    expect(filterError('{"a":{"$type":"missing"}}').errmsg).toBe(
      "'missing' is not a legal type name. To query for non-existence of a field, use {$exists:false}.",
    );
  });
});
