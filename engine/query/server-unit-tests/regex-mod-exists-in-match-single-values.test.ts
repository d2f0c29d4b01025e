/**
 * Port of expression_leaf_test.cpp's TEST(RegexMatchExpression, *), TEST(ModMatchExpression, *),
 * TEST(ExistsMatchExpression, *) and TEST(InMatchExpression, *): each `matchesSingleElement` /
 * `matchesBSON` as find + count + update over the case's documents (harness.ts), constructor
 * failures as the commands' error, `elemMatchKey` as the position an update's `$` takes.
 * `equivalent()` cases compare C++ objects and have no observable counterpart.
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, filterError, matching } from './harness.js';

function expectSplit(filter: string, yes: string[], no: string[]): void {
  expect(matching(filter, [...yes, ...no])).toEqual(yes.map((_, i) => i));
}

const re = (pattern: string, options = ''): string => JSON.stringify({ $regularExpression: { pattern, options } });

describe('RegexMatchExpression', () => {
  it('MatchesElementExact / SimplePrefix / CaseSensitive / CaseInsensitive', () => {
    expectSplit('{"x":{"$regex":"b"}}', ['{"x":"b"}'], ['{"x":"c"}']);
    expectSplit('{"x":{"$regex":"^ab"}}', ['{"x":"abc"}'], ['{"x":"adz"}']);
    expectSplit('{"x":{"$regex":"abc"}}', ['{"x":"abc"}'], ['{"x":"ABC"}']);
    expectSplit('{"x":{"$regex":"abc","$options":"i"}}', ['{"x":"abc"}', '{"x":"ABC"}'], ['{"x":"abz"}']);
  });
  it('MatchesElementMultilineOff / On, ExtendedOff / On, DotAllOff / On, MultipleFlags', () => {
    expectSplit('{"x":{"$regex":"^a"}}', ['{"x":"az"}'], ['{"x":"\\naz"}']);
    expectSplit('{"x":{"$regex":"^a","$options":"m"}}', ['{"x":"az"}', '{"x":"\\naz"}'], ['{"x":"\\n\\n"}']);
    expectSplit('{"x":{"$regex":"a b"}}', ['{"x":"a b"}'], ['{"x":"ab"}']);
    expectSplit('{"x":{"$regex":"a b","$options":"x"}}', ['{"x":"ab"}'], ['{"x":"a b"}']);
    expectSplit('{"x":{"$regex":"a.b"}}', ['{"x":"a b"}'], ['{"x":"a\\nb"}']);
    expectSplit('{"x":{"$regex":"a.b","$options":"s"}}', ['{"x":"a b"}', '{"x":"a\\nb"}'], ['{"x":"ab"}']);
    expectSplit('{"x":{"$regex":"^a.b","$options":"ms"}}', ['{"x":"\\na\\nb"}'], []);
  });
  it('MatchesElementRegexType: a stored regex matches only the same pattern and flags', () => {
    expectSplit(
      `{"x":{"$regex":"yz","$options":"i"}}`,
      [`{"x":${re('yz', 'i')}}`],
      [`{"x":${re('r', 'i')}}`, `{"x":${re('yz', 's')}}`],
    );
  });
  it('MatchesElementSymbolType / WrongType / Utf8', () => {
    expectSplit('{"x":{"$regex":"yz"}}', ['{"x":{"$symbol":"yz"}}'], ['{"x":{"$symbol":"gg"}}']);
    expectSplit('{"x":{"$regex":"1"}}', [], ['{"x":1}', '{"x":true}']);
    // One code point of two UTF-8 bytes is one `.`.
    expectSplit('{"x":{"$regex":"^.$"}}', ['{"x":"\u00a5"}'], []);
  });
  it('MatchesScalar / MatchesArrayValue / MatchesNull / ElemMatchKey', () => {
    expectSplit(
      '{"a":{"$regex":"b"}}',
      ['{"a":"b"}', '{"a":["c","b"]}'],
      ['{"a":"c"}', '{"a":["d","c"]}', '{}', '{"a":null}'],
    );
    expect(elemMatchKey('{"a":{"$regex":"b"}}', '{"a":["c","b"]}', 'a')).toBe(1);
  });
  it('TooLargePattern / MalformedRegexNotAccepted / MalformedRegexWithStartOptionNotAccepted: 51091', () => {
    expect(filterError(`{"a":{"$regex":"${'z'.repeat(50_000)}"}}`)).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: pattern string is longer than the limit set by the application',
    });
    expect(filterError('{"a":{"$regex":"["}}')).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: missing terminating ] for character class',
    });
    expect(filterError('{"a":{"$regex":"[(*ACCEPT)"}}').code).toBe(51091);
  });
  it('RegexCannotContainEmbeddedNullByte: BadValue for every position of the null byte', () => {
    for (const pattern of ['a\\u0000b', '\\u0000', '\\u0000bbbb', 'bbbb\\u0000']) {
      expect(filterError(`{"path":{"$regex":"${pattern}"}}`)).toEqual({
        code: 2,
        errmsg: 'Regular expression cannot contain an embedded null byte',
      });
    }
  });
  it('RegexOptionsStringCannotContainEmbeddedNullByte: 51108', () => {
    for (const options of ['a\\u0000b', '\\u0000', '\\u0000bbbb', 'bbbb\\u0000']) {
      expect(filterError(`{"path":{"$regex":"pattern","$options":"${options}"}}`).code).toBe(51108);
    }
  });
  it('RegexAcceptsUCPStartOption / RegexAcceptsLFOption', () => {
    expectSplit('{"a":{"$regex":"(*UCP)(\\\\w|\u304C)"}}', ['{"a":"k"}', '{"a":"\u304B"}', '{"a":"\u304C"}'], []);
    expectSplit('{"a":{"$regex":"(*LF)a.b"}}', ['{"a":"a\\rb"}'], ['{"a":"a\\nb"}']);
    expectSplit('{"a":{"$regex":"(*CR)a.b"}}', ['{"a":"a\\nb"}'], ['{"a":"a\\rb"}']);
  });
});

describe('ModMatchExpression', () => {
  it('MatchesElement: the dividend truncated to a 64-bit integer, the remainder signed', () => {
    expectSplit(
      '{"a":{"$mod":[3,1]}}',
      ['{"a":1}', '{"a":4.0}', '{"a":{"$numberLong":"68719476736"}}'],
      ['{"a":6}', '{"a":-2}'],
    );
  });
  it('ZeroDivisor: BadValue', () => {
    expect(filterError('{"a":{"$mod":[0,1]}}')).toEqual({ code: 2, errmsg: 'divisor cannot be 0' });
  });
  it('MatchesScalar / MatchesArrayValue / MatchesNull / ElemMatchKey', () => {
    expectSplit(
      '{"a":{"$mod":[5,2]}}',
      ['{"a":7.0}', '{"a":[5,{"$numberLong":"12"}]}'],
      ['{"a":4}', '{"a":[6,8]}', '{}', '{"a":null}'],
    );
    expect(elemMatchKey('{"a":{"$mod":[5,2]}}', '{"a":[1,2,5]}', 'a')).toBe(1);
  });
});

describe('ExistsMatchExpression', () => {
  it('MatchesElement / MatchesElementExistsTrueValue / MatchesScalar / MatchesArray', () => {
    expectSplit('{"a":{"$exists":true}}', ['{"a":5}', '{"a":null}', '{"a":1}', '{"a":[4,5.5]}'], ['{}', '{"b":1}']);
  });
  it('ElemMatchKey', () => {
    expect(elemMatchKey('{"a.b":{"$exists":true}}', '{"a":[2,{"b":7}]}', 'a')).toBe(1);
    expect(matching('{"a.b":{"$exists":true}}', ['{"a":1}', '{"a":{"b":6}}'])).toEqual([1]);
  });
});

describe('InMatchExpression', () => {
  it('MatchesElementSingle / MatchesEmpty / MatchesElementMultiple', () => {
    expectSplit('{"a":{"$in":[1]}}', ['{"a":1}'], ['{"a":2}']);
    expectSplit('{"a":{"$in":[]}}', [], ['{"a":2}', '{"a":1}', '{}']);
    expectSplit('{"a":{"$in":[1,"r",true,1]}}', ['{"a":1}', '{"a":"r"}', '{"a":true}'], ['{"a":false}']);
  });
  it('MatchesScalar / MatchesArrayValue: elements, not nested arrays', () => {
    expectSplit('{"a":{"$in":[5]}}', ['{"a":5.0}', '{"a":[5.0,6]}'], ['{"a":4}', '{"a":[6,7]}', '{"a":[[5]]}']);
  });
  it('MatchesNull: null matches null and missing, not undefined (8.0)', () => {
    // The stored C++ (older than 8.0) also matches BSON undefined; since 8.0 null in $in does not.
    expectSplit('{"a":{"$in":[null]}}', ['{}', '{"a":null}', '{"b":4}'], ['{"a":4}', '{"a":{"$undefined":true}}']);
  });
  it('MatchesUndefined: undefined is refused', () => {
    expect(filterError('{"a":{"$in":[{"$undefined":true}]}}')).toEqual({
      code: 2,
      errmsg: 'InMatchExpression equality cannot be undefined',
    });
  });
  it('MatchesMinKey / MatchesMaxKey / MatchesFullArray', () => {
    expectSplit('{"a":{"$in":[{"$minKey":1}]}}', ['{"a":{"$minKey":1}}'], ['{"a":{"$maxKey":1}}', '{"a":4}']);
    expectSplit('{"a":{"$in":[{"$maxKey":1}]}}', ['{"a":{"$maxKey":1}}'], ['{"a":{"$minKey":1}}', '{"a":4}']);
    expectSplit('{"a":{"$in":[[1,2],4,5]}}', ['{"a":[1,2]}'], ['{"a":[1,2,3]}', '{"a":[1]}', '{"a":1}']);
  });
  it('ElemMatchKey', () => {
    expect(elemMatchKey('{"a":{"$in":[5,2]}}', '{"a":[1,2,5]}', 'a')).toBe(1);
  });
  it('StringMatchingWithNullCollatorUsesBinaryComparison / StringMatchingRespectsCollation', () => {
    expectSplit('{"a":{"$in":["string"]}}', [], ['{"a":"string2"}', '{"a":"STRING"}']);
    // The kAlwaysEqual mock → a strength-1 collation, which equates case variants.
    expect(
      matching('{"a":{"$in":["string"]}}', ['{"a":"STRING"}', '{"a":"string2"}'], {
        collation: '{"locale":"en","strength":1}',
      }),
    ).toEqual([0]);
  });
  it('ChangingCollationAfterAddingEqualitiesPreservesEqualities: equal-under-collation members stay distinct for binary matching', () => {
    const docs = ['{"a":"string1"}', '{"a":"STRING1"}', '{"a":"string2"}'];
    expect(matching('{"a":{"$in":["string1","STRING1"]}}', docs)).toEqual([0, 1]);
    expect(
      matching('{"a":{"$in":["string1","STRING1"]}}', docs, { collation: '{"locale":"en","strength":2}' }),
    ).toEqual([0, 1]);
  });
});
