/**
 * Port of expression_parser_leaf_test.cpp (TEST(MatchExpressionParserLeafTest, *) and its
 * TEST(MatchExpressionParserTest, BitTest*) cases): what the parser accepts, matched over the
 * case's documents (find + count + update, harness.ts), and what it refuses, as the commands'
 * exact code and message. The C++ asserts only ASSERT_NOT_OK; the codes and messages asserted here
 * are those of 8.0's expression_parser.cpp (parseMOD, parseInExpression, parseRegexDocument,
 * parseType / MatcherTypeSet, parseBitTest / parseIntegerElementToNonNegativeLong) and
 * BSONElement::toString (doubles printed as "%.16g", ".0" added when that has no '.', 'E' or 'N').
 * The `*Collation` / `*NullCollation` cases check which collator a node holds: observed as
 * whether the statement's collation changes the match ($ref and $db never take it: DBRef fields
 * compare binary).
 */
import { describe, expect, it } from 'vitest';
import { filterError, matching, parses } from './harness.js';

function expectSplit(filter: string, yes: string[], no: string[], collation?: string): void {
  expect(matching(filter, [...yes, ...no], collation === undefined ? {} : { collation })).toEqual(yes.map((_, i) => i));
}

const CI = '{"locale":"en","strength":2}';
const OID = '{"$oid":"000000000000000000000001"}';
const OIDX = '{"$oid":"000000000000000000000002"}';
const OIDY = '{"$oid":"000000000000000000000003"}';
const ref = (coll: string, id: string, db = 'db'): string => `{"$ref":"${coll}","$id":${id},"$db":"${db}"}`;

describe('comparison operators and their collator', () => {
  it('SimpleEQ2 / SimpleGT1 / SimpleLT1 / SimpleGTE1 / SimpleLTE1 / SimpleNE1', () => {
    const docs = ['{"x":1}', '{"x":2}', '{"x":3}'];
    expect(matching('{"x":{"$eq":2}}', docs)).toEqual([1]);
    expect(matching('{"x":{"$gt":2}}', docs)).toEqual([2]);
    expect(matching('{"x":{"$lt":2}}', docs)).toEqual([0]);
    expect(matching('{"x":{"$gte":2}}', docs)).toEqual([1, 2]);
    expect(matching('{"x":{"$lte":2}}', docs)).toEqual([0, 1]);
    expect(matching('{"x":{"$ne":2}}', docs)).toEqual([0, 2]);
  });
  it('SimpleEQUndefined: $eq undefined is refused', () => {
    expect(filterError('{"x":{"$eq":{"$undefined":true}}}')).toEqual({
      code: 2,
      errmsg: 'cannot compare to undefined',
    });
  });
  it('NullCollation / Collation / EQ*, GT*, LT*, GTE*, LTE*, NE*, IN*, NIN*Collation: every string comparison takes the collation', () => {
    const docs = ['{"x":"STRING"}', '{"x":"string"}', '{"x":"other"}'];
    for (const [filter, binary, collated] of [
      ['{"x":"string"}', [1], [0, 1]],
      ['{"x":{"$eq":"string"}}', [1], [0, 1]],
      ['{"x":{"$ne":"string"}}', [0, 2], [2]],
      ['{"x":{"$in":["string"]}}', [1], [0, 1]],
      ['{"x":{"$nin":["string"]}}', [0, 2], [2]],
      ['{"x":{"$gte":"string"}}', [1], [0, 1]],
      ['{"x":{"$lt":"string"}}', [0, 2], [2]],
      ['{"x":{"$lte":"string"}}', [0, 1, 2], [0, 1, 2]],
      ['{"x":{"$gt":"string"}}', [], []],
    ] as const) {
      expect([filter, matching(filter, docs)]).toEqual([filter, binary]);
      expect([filter, matching(filter, docs, { collation: CI })]).toEqual([filter, collated]);
    }
  });
  it('IdCollation / IdNullCollation / RefCollation / DbCollation: a top-level $id takes the collation, $ref and $db do not', () => {
    const docs = ['{"$id":"STRING","$ref":"COLL","$db":"DB"}'];
    expect(matching('{"$id":"string"}', docs, { collation: CI })).toEqual([0]);
    expect(matching('{"$id":"string"}', docs)).toEqual([]);
    expect(matching('{"$ref":"coll"}', docs, { collation: CI })).toEqual([]);
    expect(matching('{"$db":"db"}', docs, { collation: CI })).toEqual([]);
    expect(matching('{"$ref":"COLL","$db":"DB"}', docs, { collation: CI })).toEqual([0]);
  });
});

describe('$mod', () => {
  it('SimpleModBad1: malformed arguments', () => {
    expect(parses('{"x":{"$mod":[3,2]}}')).toBe(true);
    for (const [arg, errmsg] of [
      ['[3]', 'malformed mod, not enough elements'],
      ['[3,2,4]', 'malformed mod, too many elements'],
      ['["q",2]', 'malformed mod, divisor not a number'],
      ['3', 'malformed mod, needs to be an array'],
      ['{"a":1,"b":2}', 'malformed mod, needs to be an array'],
      ['[]', 'malformed mod, not enough elements'],
    ] as const) {
      expect(filterError(`{"x":{"$mod":${arg}}}`)).toEqual({ code: 2, errmsg });
    }
  });
  it('SimpleMod1', () => {
    expectSplit('{"x":{"$mod":[3,2]}}', ['{"x":5}', '{"x":8}'], ['{"x":4}']);
  });
  it('SimpleModNotNumber: the stored C++ (pre-4.4 parser bug) accepts a string remainder; 8.0 refuses it', () => {
    expect(filterError('{"x":{"$mod":[2,"r"]}}')).toEqual({ code: 2, errmsg: 'malformed mod, remainder not a number' });
  });
  it('the divisor and remainder are coerced to 64-bit integers (tryCoerce), NaN/Inf and out-of-range refused', () => {
    expect(filterError('{"x":{"$mod":[{"$numberDouble":"NaN"},1]}}')).toEqual({
      code: 2,
      errmsg: 'malformed mod, divisor value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type',
    });
    expect(filterError('{"x":{"$mod":[2,{"$numberDouble":"Infinity"}]}}')).toEqual({
      code: 2,
      errmsg: 'malformed mod, remainder value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type',
    });
    expect(filterError('{"x":{"$mod":[1e30,1]}}')).toEqual({
      code: 2,
      errmsg: 'malformed mod, divisor value is invalid :: caused by :: Out of bounds coercing to integral value',
    });
    // 2.9 truncates to 2, -0.5 to 0 (then "divisor cannot be 0").
    expectSplit('{"x":{"$mod":[2.9,1.2]}}', ['{"x":3}'], ['{"x":4}']);
    expect(filterError('{"x":{"$mod":[-0.5,0]}}')).toEqual({ code: 2, errmsg: 'divisor cannot be 0' });
  });
});

describe('$in / $nin', () => {
  it('SimpleIN1 / SimpleNIN1', () => {
    expect(matching('{"x":{"$in":[2,3]}}', ['{"x":1}', '{"x":2}', '{"x":3}'])).toEqual([1, 2]);
    expect(matching('{"x":{"$nin":[2,3]}}', ['{"x":1}', '{"x":2}', '{"x":3}'])).toEqual([0]);
  });
  it('INSingleDBRef: a DBRef member equals documents with the same fields in the same order', () => {
    expectSplit(
      `{"x":{"$in":[${ref('coll', OID)}]}}`,
      [`{"x":${ref('coll', OID)}}`, `{"x":[${ref('coll', OID)}]}`, `{"x":[${ref('collx', OIDX)},${ref('coll', OID)}]}`],
      [
        `{"x":${ref('collx', OIDX)}}`,
        `{"x":${ref('coll', OIDX)}}`,
        `{"x":{"$id":${OID},"$ref":"coll","$db":"db"}}`,
        `{"x":[{"$id":${OID},"$ref":"coll","$db":"db"}]}`,
        `{"x":${ref('coll', OID, 'dbx')}}`,
        `{"x":{"$db":"db","$ref":"coll","$id":${OID}}}`,
      ],
    );
  });
  it('INMultipleDBRef', () => {
    expectSplit(
      `{"x":{"$in":[${ref('colly', OIDY)},${ref('coll', OID)}]}}`,
      [`{"x":${ref('coll', OID)}}`, `{"x":[${ref('collx', OIDX)},${ref('colly', OIDY)}]}`],
      [
        `{"x":${ref('collx', OIDX)}}`,
        `{"x":${ref('coll', OIDX)}}`,
        `{"x":{"$id":${OID},"$ref":"coll","$db":"db"}}`,
        `{"x":[${ref('coll', OIDY)}]}`,
        `{"x":[${ref('colly', OID)}]}`,
        `{"x":[${ref('coll', OID, 'dbx')}]}`,
      ],
    );
  });
  it('INDBRefWithOptionalField1: $ref and $id make a DBRef, other fields compare too', () => {
    const member = `{"$ref":"coll","$id":${OID},"foo":12345}`;
    expectSplit(
      `{"x":{"$in":[${member}]}}`,
      [`{"x":[${member}]}`, `{"x":[{"$ref":"collx","$id":${OIDX},"foo":12345},${member}]}`],
      [`{"x":${ref('coll', OIDX)}}`],
    );
  });
  it('INInvalidDBRefs / INExpressionDocument / INNotElemMatch: a $-document that is not a DBRef is refused', () => {
    for (const member of [
      '{"$ref":"coll"}',
      '{"$ref":"coll","$foo":1}',
      `{"$id":${OID},"foo":3}`,
      '{"$db":"test","foo":3}',
      '{"$foo":1}',
      '{"$elemMatch":1}',
      '{"$regex":"abc"}',
    ]) {
      expect(filterError(`{"x":{"$in":[${member}]}}`)).toEqual({ code: 2, errmsg: 'cannot nest $ under $in' });
    }
    expect(filterError('{"x":{"$nin":[{"$regex":"x"}]}}')).toEqual({ code: 2, errmsg: 'cannot nest $ under $in' });
  });
  it('INNotArray / NINNotArray / INUndefined', () => {
    expect(filterError('{"x":{"$in":5}}')).toEqual({ code: 2, errmsg: '$in needs an array' });
    expect(filterError('{"x":{"$nin":5}}')).toEqual({ code: 2, errmsg: '$nin needs an array' });
    expect(filterError('{"x":{"$in":[{"$undefined":true}]}}')).toEqual({
      code: 2,
      errmsg: 'InMatchExpression equality cannot be undefined',
    });
  });
  it('INRegexTooLong / INRegexTooLong2', () => {
    const big = 'z'.repeat(50_000);
    expect(filterError(`{"x":{"$in":[{"$regularExpression":{"pattern":"${big}","options":""}}]}}`)).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: pattern string is longer than the limit set by the application',
    });
    expect(filterError(`{"x":{"$in":[{"$regex":"${big}"}]}}`)).toEqual({ code: 2, errmsg: 'cannot nest $ under $in' });
  });
  it('INRegexStuff: regex members match strings, and stored regexes with the same pattern and flags', () => {
    const rx = (p: string, o: string): string => `{"$regularExpression":{"pattern":"${p}","options":"${o}"}}`;
    expectSplit(
      `{"a":{"$in":[${rx('^a', '')},${rx('B', 'i')},4]}}`,
      ['{"a":"ax"}', `{"a":${rx('^a', '')}}`, '{"a":"qqb"}', `{"a":${rx('B', 'i')}}`, '{"a":4}'],
      ['{"a":"l"}', `{"a":${rx('B', '')}}`],
    );
  });
});

describe('$regex / $options', () => {
  it('Regex1 / Regex2 / Regex3: a regex value, $regex + $options in either order', () => {
    for (const filter of [
      '{"x":{"$regularExpression":{"pattern":"abc","options":"i"}}}',
      '{"x":{"$regex":"abc","$options":"i"}}',
      '{"x":{"$options":"i","$regex":"abc"}}',
    ]) {
      expectSplit(filter, ['{"x":"abc"}', '{"x":"ABC"}'], ['{"x":"AC"}']);
    }
  });
  it('RegexBad', () => {
    expect(filterError('{"x":{"$regex":"abc","$optionas":"i"}}')).toEqual({
      code: 2,
      errmsg: 'unknown operator: $optionas',
    });
    expect(filterError('{"x":{"$regex":123}}')).toEqual({ code: 2, errmsg: '$regex has to be a string' });
    expect(filterError('{"x":{"$regex":["abc"]}}')).toEqual({ code: 2, errmsg: '$regex has to be a string' });
    expect(filterError('{"x":{"$optionas":"i"}}')).toEqual({ code: 2, errmsg: 'unknown operator: $optionas' });
    expect(filterError('{"x":{"$options":"i"}}')).toEqual({ code: 2, errmsg: '$options needs a $regex' });
  });
  it('options given twice: 51074 when $regex brings flags after $options, 51075 when $options comes second', () => {
    expect(filterError('{"a":{"$options":"m","$regex":{"$regularExpression":{"pattern":"a","options":"i"}}}}')).toEqual(
      {
        code: 51074,
        errmsg: 'options set in both $regex and $options',
      },
    );
    expect(filterError('{"a":{"$regex":{"$regularExpression":{"pattern":"a","options":"i"}},"$options":"m"}}')).toEqual(
      {
        code: 51075,
        errmsg: 'options set in both $regex and $options',
      },
    );
    // A regex without flags leaves $options free.
    expectSplit(
      '{"a":{"$regex":{"$regularExpression":{"pattern":"^a","options":""}},"$options":"m"}}',
      ['{"a":"x\\na"}'],
      ['{"a":"x\\nb"}'],
    );
  });
  it('RegexEmbeddedNULByte: the escape \\x00 in a pattern matches a NUL in the value', () => {
    expectSplit('{"x":{"$regex":"^a\\\\x00b"}}', ['{"x":"a\\u0000b"}'], ['{"x":"a"}']);
  });
});

describe('$exists / $type', () => {
  it('ExistsYes1 / ExistsNO1', () => {
    expectSplit('{"x":{"$exists":true}}', ['{"x":"abc"}'], ['{"y":"AC"}']);
    expectSplit('{"x":{"$exists":false}}', ['{"y":"AC"}'], ['{"x":"abc"}']);
  });
  it('Type1 / Type2 / TypeDoubleOperator / TypeDecimalOperator / TypeNull', () => {
    expectSplit('{"x":{"$type":2}}', ['{"x":"abc"}'], ['{"x":5}']);
    expectSplit('{"x":{"$type":1.0}}', ['{"x":5.3}'], ['{"x":5}']);
    expectSplit('{"x":{"$type":19}}', ['{"x":{"$numberDecimal":"1"}}'], ['{"x":5.3}']);
    expectSplit('{"x":{"$type":10}}', ['{"x":null}'], ['{}', '{"x":5}']);
  });
  it('TypeDoubleOperator: a non-integral type code is refused in 8.0 (the stored C++ predates that and matches nothing)', () => {
    expect(filterError('{"x":{"$type":1.5}}')).toEqual({ code: 2, errmsg: 'Invalid numerical type code: 1.5' });
  });
  it('TypeBadType / TypeBad / TypeBadString / InvalidTypeCode*FailsToParse', () => {
    for (const code of ['128', '-20', '400', '62']) {
      expect(filterError(`{"a":{"$type":${code}}}`)).toEqual({
        code: 2,
        errmsg: `Invalid numerical type code: ${code}`,
      });
    }
    for (const arg of ['{"x":1}', 'null', 'true', '{}', '{"$oid":"000000000000000000000000"}']) {
      expect(filterError(`{"a":{"$type":${arg}}}`)).toEqual({
        code: 14,
        errmsg: 'type must be represented as a number or a string',
      });
    }
    expect(filterError('{"a":{"$type":[]}}')).toEqual({ code: 9, errmsg: 'a must match at least one type' });
  });
  it('MatcherTypeSet::parse: 0 and "missing" point to $exists; a bad code is printed as a double with %g', () => {
    expect(filterError('{"a":{"$type":0}}')).toEqual({
      code: 2,
      errmsg: 'Invalid numerical type code: 0. Instead use {$exists:false}.',
    });
    expect(filterError('{"a":{"$type":"missing"}}')).toEqual({
      code: 2,
      errmsg: "'missing' is not a legal type name. To query for non-existence of a field, use {$exists:false}.",
    });
    expect(filterError('{"a":{"$type":[2,"missing"]}}').errmsg).toMatch(/^'missing' is not a legal type name/);
    // `str::stream() << elt.number()` (StringBuilder's `%g`): 6 significant digits.
    expect(filterError('{"a":{"$type":2147483648}}').errmsg).toBe('Invalid numerical type code: 2.14748e+09');
    expect(filterError('{"a":{"$type":1000000}}').errmsg).toBe('Invalid numerical type code: 1e+06');
    expect(filterError('{"a":{"$type":1.23456789}}').errmsg).toBe('Invalid numerical type code: 1.23457');
    expect(filterError('{"a":{"$type":1e100}}').errmsg).toBe('Invalid numerical type code: 1e+100');
    expect(filterError('{"a":{"$type":{"$numberDecimal":"2.5"}}}').errmsg).toBe('Invalid numerical type code: 2.5');
    expect(matching('{"a":{"$type":{"$numberDecimal":"2.0"}}}', ['{"a":"s"}'])).toEqual([0]);
  });
  it('TypeStringname*: aliases', () => {
    expectSplit('{"a":{"$type":"double"}}', ['{"a":5.4}'], ['{"a":5}']);
    expectSplit('{"a":{"$type":"decimal"}}', ['{"a":{"$numberDecimal":"1"}}'], ['{"a":true}']);
    expectSplit('{"a":{"$type":"int"}}', ['{"a":5}'], ['{"a":5.4}']);
    expectSplit('{"a":{"$type":"long"}}', ['{"a":{"$numberLong":"-1"}}'], ['{"a":true}']);
    expectSplit('{"a":{"$type":"string"}}', ['{"a":"hello world"}'], ['{"a":5.4}']);
    expectSplit('{"a":{"$type":"objectId"}}', ['{"a":{"$oid":"000000000000000000000000"}}'], ['{"a":"hello world"}']);
    expectSplit('{"a":{"$type":"null"}}', ['{"a":null}'], ['{"a":true}']);
    expectSplit('{"a":{"$type":"bool"}}', ['{"a":true}'], ['{"a":null}']);
    expectSplit('{"a":{"$type":"object"}}', ['{"a":{}}'], ['{"a":[]}']);
    expectSplit('{"a":{"$type":"array"}}', ['{"a":[[]]}'], ['{"a":{}}']);
    expectSplit('{"a":{"$type":"number"}}', ['{"a":5.4}', '{"a":5}', '{"a":{"$numberLong":"-1"}}'], ['{"a":""}']);
  });
  it('ValidTypeCodesParseSuccessfully (EOO = 0 excepted: refused since the stored C++, see below)', () => {
    for (const code of [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 127]) {
      expect([code, parses(`{"a":{"$type":${code}}}`)]).toEqual([code, true]);
    }
  });
});

describe('$bitsAllSet / $bitsAllClear / $bitsAnySet / $bitsAnyClear', () => {
  const OPS = ['$bitsAllSet', '$bitsAllClear', '$bitsAnySet', '$bitsAnyClear'];
  it('BitTestMatchExpressionValidMask / ValidArray / ValidBinData', () => {
    for (const op of OPS) {
      for (const arg of [
        '54',
        '{"$numberLong":"9223372036854775807"}',
        '4294967296.0',
        '4294967295.0',
        '[0]',
        '[0,1,2,3]',
        '[{"$numberLong":"0"},{"$numberLong":"1"},{"$numberLong":"2"},{"$numberLong":"3"}]',
        '[2147483647]',
        '{"$binary":{"base64":"AAAAAAAAAAAAAAAAAAAAAAAAAAAA","subType":"00"}}',
      ]) {
        expect([op, arg, parses(`{"a":{"${op}":${arg}}}`)]).toEqual([op, arg, true]);
      }
    }
  });
  it('BitTestMatchExpressionInvalidMaskType', () => {
    for (const op of OPS) {
      for (const [arg, shown] of [
        ['null', 'null'],
        ['true', 'true'],
        ['{}', '{}'],
        ['""', '""'],
        ['{"$oid":"000000000000000000000000"}', "ObjectId('000000000000000000000000')"],
      ] as const) {
        expect(filterError(`{"a":{"${op}":${arg}}}`)).toEqual({
          code: 2,
          errmsg: `a takes an Array, a number, or a BinData but received: ${op}: ${shown}`,
        });
      }
    }
  });
  it('BitTestMatchExpressionInvalidMaskValue: code 9', () => {
    for (const op of OPS) {
      for (const [arg, errmsg] of [
        ['{"$numberDouble":"NaN"}', `Expected an integer, but found NaN in: ${op}: nan.0`],
        ['-54', `Expected a positive number in: ${op}: -54`],
        ['1.7976931348623157e308', `Cannot represent as a 64-bit integer: ${op}: 1.797693134862316e+308`],
        ['9223372036854775808.0', `Cannot represent as a 64-bit integer: ${op}: 9.223372036854776e+18`],
        ['2.5', `Expected an integer: ${op}: 2.5`],
      ] as const) {
        expect(filterError(`{"a":{"${op}":${arg}}}`)).toEqual({ code: 9, errmsg });
      }
    }
  });
  it('BitTestMatchExpressionInvalidArray / InvalidArrayValue: each position must be a non-negative int', () => {
    const P = 'Failed to parse bit position. ';
    for (const op of OPS) {
      for (const [arg, errmsg] of [
        ['null', 'Expected a number in: 0: null'],
        ['true', 'Expected a number in: 0: true'],
        ['""', 'Expected a number in: 0: ""'],
        ['{}', 'Expected a number in: 0: {}'],
        ['[]', 'Expected a number in: 0: []'],
        ['-1', 'Expected a positive number in: 0: -1'],
        ['2.5', 'Expected an integer: 0: 2.5'],
        [
          '{"$binary":{"base64":"AAAAAAAAAAAAAAAAAAAAAAAAAAAA","subType":"00"}}',
          'Expected a number in: 0: BinData(0, 000000000000000000000000000000000000000000)',
        ],
        ['-54', 'Expected a positive number in: 0: -54'],
        ['{"$numberDouble":"NaN"}', 'Expected an integer, but found NaN in: 0: nan.0'],
        ['1e100', 'Cannot represent as a 64-bit integer: 0: 1e+100.0'],
        ['-1e100', 'Cannot represent as a 64-bit integer: 0: -1e+100.0'],
        ['{"$numberLong":"9223372036854775807"}', 'Cannot represent 0: 9223372036854775807 in an int'],
        ['{"$numberLong":"-9223372036854775808"}', 'Expected a positive number in: 0: -9223372036854775808'],
      ] as const) {
        expect(filterError(`{"a":{"${op}":[${arg}]}}`)).toEqual({ code: 2, errmsg: P + errmsg });
      }
    }
  });
});
