/**
 * Port of expression_array_test.cpp (TEST(ElemMatchObjectMatchExpression, *),
 * TEST(ElemMatchValueMatchExpression, *), TEST(AndOfElemMatch, *), TEST(SizeMatchExpression, *))
 * and expression_parser_array_test.cpp (TEST(MatchExpressionParserArrayTest, *)): `$elemMatch`
 * needs an array and one element satisfying every clause, `$size` counts only the array itself,
 * `$all` is an AND of equalities / regexes / `$elemMatch`es. Matching through find + count +
 * update (harness.ts); `elemMatchKey` as the update's `$` position (the element of the outermost
 * array traversed). Parse failures as the commands' code and message (expression_parser.cpp's
 * parseElemMatch, parseAll, parseSize via parseIntegerElementToNonNegativeLong).
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, filterError, matching } from './harness.js';

function expectSplit(filter: string, yes: string[], no: string[], collation?: string): void {
  expect(matching(filter, [...yes, ...no], collation === undefined ? {} : { collation })).toEqual(yes.map((_, i) => i));
}

const OID = '{"$oid":"000000000000000000000001"}';
const OIDX = '{"$oid":"000000000000000000000002"}';

describe('ElemMatchObjectMatchExpression', () => {
  it('MatchesElementSingle / MatchesElementArray: the clause applies to each element, arrays indexed by position', () => {
    expectSplit('{"a":{"$elemMatch":{"b":5}}}', ['{"a":[{"b":5.0}]}'], ['{"a":[{"b":6}]}']);
    expectSplit('{"a":{"$elemMatch":{"1":5}}}', ['{"a":[["s",5.0]]}'], ['{"a":[[5,6]]}']);
  });
  it('MatchesElementMultiple: one element must satisfy every clause', () => {
    expectSplit(
      '{"a":{"$elemMatch":{"b":5,"b.0":5,"c":7}}}',
      ['{"a":[{"b":[5,6],"c":7}]}'],
      ['{"a":[{"b":5,"c":7}]}', '{"a":[{"b":6,"c":7}]}', '{"a":[{"b":[5,6]}]}'],
    );
  });
  it('MatchesNonArray / MatchesArrayObject / MatchesMultipleNamedValues', () => {
    expectSplit(
      '{"a":{"$elemMatch":{"b":5}}}',
      ['{"a":[{"b":5}]}', '{"a":[4,{"b":5}]}', '{"a":[{},{"b":5}]}', '{"a":[{"b":6},{"b":5}]}'],
      ['{"a":{"b":5}}', '{"a":{"0":{"b":5}}}', '{"a":4}'],
    );
    expectSplit(
      '{"a.b":{"$elemMatch":{"c":5}}}',
      ['{"a":[{"b":[{"c":5}]}]}', '{"a":[{"b":[{"c":1}]},{"b":[{"c":5}]}]}'],
      [],
    );
  });
  it('ElemMatchKey: the element of the $elemMatch array, or of a parent array when there is one', () => {
    expect(matching('{"a.b":{"$elemMatch":{"c":6}}}', ['{}', '{"a":{"b":[{"c":7}]}}'])).toEqual([]);
    expect(elemMatchKey('{"a.b":{"$elemMatch":{"c":6}}}', '{"a":{"b":[3,{"c":6}]}}', 'a.b')).toBe(1);
    expect(elemMatchKey('{"a.b":{"$elemMatch":{"c":6}}}', '{"a":[1,2,{"b":[3,5,{"c":6}]}]}', 'a')).toBe(2);
  });
  it('Collation: the clauses take the collation', () => {
    expectSplit(
      '{"a":{"$elemMatch":{"b":"string"}}}',
      ['{"a":[{"b":"STRING"}]}'],
      ['{"a":[{"b":"string2"}]}'],
      '{"locale":"en","strength":1}',
    );
  });
});

describe('ElemMatchValueMatchExpression', () => {
  it('MatchesElementSingle / MatchesElementMultiple: one element satisfies every operator', () => {
    expectSplit('{"a":{"$elemMatch":{"$gt":5}}}', ['{"a":[6]}'], ['{"a":[4]}']);
    expectSplit('{"a":{"$elemMatch":{"$gt":1,"$lt":10}}}', ['{"a":[0,5,11]}'], ['{"a":[0,1]}', '{"a":[10,11]}']);
  });
  it('MatchesNonArray / MatchesArrayScalar / MatchesMultipleNamedValues', () => {
    expectSplit(
      '{"a":{"$elemMatch":{"$gt":5}}}',
      ['{"a":[6]}', '{"a":[4,6]}', '{"a":[{},7]}'],
      ['{"a":6}', '{"a":{"0":6}}'],
    );
    expectSplit('{"a.b":{"$elemMatch":{"$gt":5}}}', ['{"a":[{"b":[6]}]}', '{"a":[{"b":[4]},{"b":[4,6]}]}'], []);
  });
  it('ElemMatchKey', () => {
    expect(matching('{"a.b":{"$elemMatch":{"$gt":6}}}', ['{}', '{"a":{"b":[2]}}'])).toEqual([]);
    expect(elemMatchKey('{"a.b":{"$elemMatch":{"$gt":6}}}', '{"a":{"b":[3,7]}}', 'a.b')).toBe(1);
    expect(elemMatchKey('{"a.b":{"$elemMatch":{"$gt":6}}}', '{"a":[1,2,{"b":[3,7]}]}', 'a')).toBe(2);
  });
});

describe('AndOfElemMatch', () => {
  it('MatchesElement / Matches: each $elemMatch may be satisfied by a different element', () => {
    expectSplit(
      '{"$and":[{"x":{"$elemMatch":{"a":1,"b":1}}},{"x":{"$elemMatch":{"a":2,"b":2}}}]}',
      ['{"x":[{"a":1,"b":1},{"a":2,"b":2}]}'],
      [
        '{"x":4}',
        '{"x":[]}',
        '{"x":[4]}',
        '{"x":[{"a":1,"b":1}]}',
        '{"x":[{"a":2,"b":2}]}',
        '{"x":[{"a":1,"b":2},{"a":2,"b":1}]}',
      ],
    );
    expectSplit(
      '{"$and":[{"x":{"$elemMatch":{"$gt":1,"$lt":10}}},{"x":{"$elemMatch":{"$gt":101,"$lt":110}}}]}',
      ['{"x":[5,105]}'],
      ['{"x":4}', '{"x":[]}', '{"x":["q"]}', '{"x":[5]}', '{"x":[105]}', '{"x":[0,200]}'],
    );
  });
});

describe('SizeMatchExpression / $size', () => {
  it('MatchesElement / MatchesNonArray / MatchesArray / MatchesNestedArray / Size1', () => {
    expectSplit(
      '{"a":{"$size":2}}',
      ['{"a":[5,6]}', '{"a":[4,5.5]}'],
      ['{"a":[5]}', '{"a":1}', '{"a":[1,2,3]}', '{"a":[4,5.5,[1,2]]}'],
    );
    expectSplit('{"a":{"$size":0}}', ['{"a":[]}'], ['{"a":"z"}', '{"a":0}']);
    expectSplit('{"a.2":{"$size":2}}', ['{"a":[4,5.5,[1,2]]}'], []);
  });
  it('ElemMatchKey', () => {
    expect(matching('{"a.b":{"$size":3}}', ['{"a":1}', '{"a":{"b":[1,2,3]}}'])).toEqual([1]);
    expect(elemMatchKey('{"a.b":{"$size":3}}', '{"a":[2,{"b":[1,2,3]}]}', 'a')).toBe(1);
  });
  it('SizeAsString / SizeWithDouble / SizeBad: 8.0 refuses what is not a non-negative integer (the stored C++ predates it)', () => {
    const P = 'Failed to parse $size. ';
    expect(filterError('{"x":{"$size":"a"}}')).toEqual({ code: 2, errmsg: `${P}Expected a number in: $size: "a"` });
    expect(filterError('{"x":{"$size":2.5}}')).toEqual({ code: 2, errmsg: `${P}Expected an integer: $size: 2.5` });
    expect(filterError('{"x":{"$size":null}}')).toEqual({ code: 2, errmsg: `${P}Expected a number in: $size: null` });
    expect(filterError('{"x":{"$size":-1}}')).toEqual({
      code: 2,
      errmsg: `${P}Expected a positive number in: $size: -1`,
    });
    expect(filterError('{"x":{"$size":{"$numberLong":"9223372036854775807"}}}')).toEqual({
      code: 2,
      errmsg: `${P}Cannot represent $size: 9223372036854775807 in an int`,
    });
    expectSplit('{"x":{"$size":2.0}}', ['{"x":[1,2]}'], ['{"x":[1]}']);
  });
});

describe('MatchExpressionParserArrayTest: $elemMatch', () => {
  it('ElemMatchArr1 / ElemMatchVal1', () => {
    expectSplit(
      '{"x":{"$elemMatch":{"x":1,"y":2}}}',
      ['{"x":[{"x":1,"y":2}]}'],
      ['{"x":1}', '{"x":[1,2]}', '{"x":[{"x":1}]}'],
    );
    expectSplit('{"x":{"$elemMatch":{"$gt":5}}}', ['{"x":[6]}'], ['{"x":1}', '{"x":[4]}']);
  });
  it('ElemMatchDBRef1 / ElemMatchDBRef2 / ElemMatchDBRef4: a DBRef document is an object query, its fields in any order', () => {
    const match = `{"$ref":"coll","$id":${OID},"$db":"db"}`;
    const notMatch = `{"$ref":"coll","$id":${OIDX},"$db":"db"}`;
    for (const query of [`{"$eq":${match}}`, match, `{"$db":"db","$id":${OID},"$ref":"coll"}`]) {
      expectSplit(`{"x":{"$elemMatch":${query}}}`, [`{"x":[${match}]}`], [`{"x":${match}}`, `{"x":[${notMatch}]}`]);
    }
  });
  it('ElemMatchDBRef3 / 5 / 6 / 7 / 8: extra and missing DBRef fields', () => {
    const match = `{"$ref":"coll","$id":${OID},"foo":12345}`;
    const extra = `{"$ref":"coll","$id":${OID},"foo":12345,"bar":678}`;
    for (const query of [
      match,
      `{"foo":12345,"$id":${OID},"$ref":"coll"}`,
      '{"$ref":"coll","foo":12345}',
      `{"$id":${OID},"foo":12345}`,
    ]) {
      expectSplit(
        `{"x":{"$elemMatch":${query}}}`,
        [`{"x":[${match}]}`, `{"x":[${extra}]}`],
        [
          `{"x":${match}}`,
          query.includes('$id')
            ? `{"x":[{"$ref":"coll","$id":${OIDX},"foo":12345}]}`
            : `{"x":[{"$ref":"collx","$id":${OID},"foo":12345}]}`,
        ],
      );
    }
    const withDb = `{"$ref":"coll","$id":${OID},"$db":"db","foo":12345}`;
    expectSplit(
      '{"x":{"$elemMatch":{"$db":"db","foo":12345}}}',
      [`{"x":[${withDb}]}`, `{"x":[{"$ref":"coll","$id":${OID},"$db":"db","foo":12345,"bar":678}]}`],
      [`{"x":${withDb}}`, `{"x":[{"$ref":"coll","$id":${OID},"$db":"dbx","foo":12345}]}`],
    );
  });
  it('parseElemMatch refusals', () => {
    expect(filterError('{"a":{"$elemMatch":1}}')).toEqual({ code: 2, errmsg: '$elemMatch needs an Object' });
    expect(filterError('{"a":{"$elemMatch":[]}}')).toEqual({ code: 2, errmsg: '$elemMatch needs an Object' });
    expect(filterError('{"a":{"$elemMatch":{"$foo":1}}}')).toEqual({ code: 2, errmsg: 'unknown operator: $foo' });
    for (const op of ['$where', '$text', '$expr']) {
      const arg = op === '$where' ? '"true"' : op === '$text' ? '{"$search":"x"}' : '{"$eq":[1,1]}';
      const got = filterError(`{"a":{"$elemMatch":{"${op}":${arg}}}}`);
      expect(got.code).toBe(2);
      expect(got.errmsg).toBe(`${op} can only be applied to the top-level document`);
    }
  });
});

describe('MatchExpressionParserArrayTest: $all', () => {
  it('All1 / AllNull / AllNonArray', () => {
    expectSplit(
      '{"x":{"$all":[1,2]}}',
      ['{"x":[1,2]}', '{"x":[1,2,3]}'],
      ['{"x":1}', '{"x":[1]}', '{"x":[2]}', '{"x":[2,3]}'],
    );
    expectSplit('{"x":{"$all":[null]}}', ['{"x":null}', '{"x":[null]}'], ['{"x":1}', '{"x":[1]}']);
    expectSplit('{"x":{"$all":[5]}}', ['{"x":5}', '{"x":[5]}'], ['{"x":4}', '{"x":[4]}']);
  });
  it('AllBadArg / AllBadRegexArg / AllElemMatchBad', () => {
    expect(filterError('{"x":{"$all":1}}')).toEqual({ code: 2, errmsg: '$all needs an array' });
    expect(
      filterError(`{"x":{"$all":[{"$regularExpression":{"pattern":"${'z'.repeat(50_000)}","options":""}}]}}`).code,
    ).toBe(51091);
    expect(filterError('{"x":{"$all":[{"$elemMatch":{"x":1,"y":2}},5]}}')).toEqual({
      code: 2,
      errmsg: '$all/$elemMatch has to be consistent',
    });
    expect(filterError('{"x":{"$all":[5,{"$elemMatch":{"x":1,"y":2}}]}}')).toEqual({
      code: 2,
      errmsg: 'no $ expressions in $all',
    });
  });
  it('AllRegex1 / AllRegex2: every regex and value must match', () => {
    const rx = (p: string, o: string): string => `{"$regularExpression":{"pattern":"${p}","options":"${o}"}}`;
    expectSplit(`{"a":{"$all":[${rx('^a', '')},${rx('B', 'i')}]}}`, ['{"a":"ab"}'], ['{"a":"ax"}', '{"a":"qqb"}']);
    expectSplit(`{"a":{"$all":[${rx('^a', '')},"abc"]}}`, ['{"a":"abc"}'], ['{"a":"ax"}']);
  });
  it('AllElemMatch1', () => {
    expectSplit(
      '{"x":{"$all":[{"$elemMatch":{"x":1,"y":2}}]}}',
      ['{"x":[{"x":1,"y":2}]}'],
      ['{"x":1}', '{"x":[1,2]}', '{"x":[{"x":1}]}'],
    );
  });
  it('AllEmptyString / AllISODate / AllDottedEmptyString / AllDottedISODate', () => {
    const MATCH = '{"$date":{"$numberLong":"253402214400000"}}';
    const NOT = '{"$date":{"$numberLong":"253402128000000"}}';
    for (const [value, other] of [
      ['""', '"a"'],
      [MATCH, NOT],
    ] as const) {
      expectSplit(
        `{"x":{"$all":[${value}]}}`,
        [`{"x":${value}}`, `{"x":[null,${value}]}`, `{"x":[{},${value}]}`],
        [`{"x":${other}}`, `{"x":[null,${other}]}`, `{"x":[{},${other}]}`, '{"x":[]}'],
      );
      expectSplit(
        `{"x.1":{"$all":[${value}]}}`,
        [`{"x":[null,${value}]}`, `{"x":[{},${value}]}`],
        [
          `{"x":${other}}`,
          `{"x":[null,${other}]}`,
          `{"x":[{},${other}]}`,
          `{"x":[${value},null]}`,
          `{"x":[${value},{}]}`,
          '{"x":[]}',
          `{"x":${value}}`,
        ],
      );
    }
  });
});
