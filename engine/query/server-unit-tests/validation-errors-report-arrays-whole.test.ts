/**
 * Port of doc_validation_error_test.cpp's array section (TEST(ArrayMatchingMatchExpression,
 * BasicSize, SizeNonArray, SizeMissingPath, NotOverSize, BasicAll, AllRegex, AllMissingPath,
 * AllNoValues, NotOverAll, BasicElemMatchValue, ElemMatchValueMissingPath, ElemMatchValueNonArray,
 * NotOverElemMatchValue, BasicElemMatchObject, ElemMatchObjectMissingPath, ElemMatchObjectNonArray,
 * NestedElemMatchObject, NotOverElemMatchObject, AllOverElemMatch)): `$size`, `$all` and
 * `$elemMatch` consider the array whole (no traversal of the leaf array), `$size` and
 * `$elemMatch` expect an array, their sub-clauses are never reported, and `$all: []` "always
 * evaluates to false".
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

const rx = (pattern: string): string => `{"$regularExpression":{"pattern":"${pattern}","options":""}}`;

describe('$size', () => {
  const spec = '{"a":{"$size":2}}';
  it('BasicSize / SizeNonArray / SizeMissingPath / NotOverSize', () => {
    expect(errInfo(spec, '{"a":[1,2,3]}')).toBe(
      expected(
        `{"operatorName":"$size","specifiedAs":${spec},"reason":"array length was not equal to given size","consideredValue":[1,2,3]}`,
      ),
    );
    expect(errInfo(spec, '{"a":3}')).toBe(
      expected(
        `{"operatorName":"$size","specifiedAs":${spec},"reason":"type did not match","consideredType":"int","expectedType":"array","consideredValue":3}`,
      ),
    );
    expect(errInfo(spec, '{"b":3}')).toBe(
      expected(`{"operatorName":"$size","specifiedAs":${spec},"reason":"field was missing"}`),
    );
    expect(errInfo('{"a":{"$not":{"$size":2}}}', '{"a":[1,2]}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$size","specifiedAs":${spec},"reason":"array length was equal to given size","consideredValue":[1,2]}}`,
      ),
    );
  });
});

describe('$all', () => {
  const spec = '{"a":{"$all":[1,2,3]}}';
  it('BasicAll / AllRegex / AllMissingPath / AllNoValues / NotOverAll', () => {
    expect(errInfo(spec, '{"a":[1,2,4]}')).toBe(
      expected(
        `{"operatorName":"$all","specifiedAs":${spec},"reason":"array did not contain all specified values","consideredValue":[1,2,4]}`,
      ),
    );
    const rxSpec = `{"a":{"$all":[${rx('^a')},${rx('^b')}]}}`;
    expect(errInfo(rxSpec, '{"a":["abc","cbc"]}')).toBe(
      expected(
        `{"operatorName":"$all","specifiedAs":${rxSpec},"reason":"array did not contain all specified values","consideredValue":["abc","cbc"]}`,
      ),
    );
    expect(errInfo(spec, '{"b":[1,2,3]}')).toBe(
      expected(`{"operatorName":"$all","specifiedAs":${spec},"reason":"field was missing"}`),
    );
    expect(errInfo('{"a":{"$all":[]}}', '{"a":[1,2,3]}')).toBe(
      expected(
        '{"operatorName":"$all","specifiedAs":{"a":{"$all":[]}},"reason":"expression always evaluates to false"}',
      ),
    );
    expect(errInfo('{"a":{"$not":{"$all":[1,2,3]}}}', '{"a":[1,2,3]}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$all","specifiedAs":${spec},"reason":"array did contain all specified values","consideredValue":[1,2,3]}}`,
      ),
    );
  });
  it('AllOverElemMatch', () => {
    const allSpec = '{"a":{"$all":[{"$elemMatch":{"b":{"$gte":0}}},{"$elemMatch":{"c":{"$lt":0}}}]}}';
    expect(errInfo(allSpec, '{"a":[{"b":0,"c":0},{"b":1,"c":1}]}')).toBe(
      expected(
        `{"operatorName":"$all","specifiedAs":${allSpec},"reason":"array did not contain all specified values","consideredValue":[{"b":0,"c":0},{"b":1,"c":1}]}`,
      ),
    );
  });
});

describe('$elemMatch', () => {
  const value = '{"a":{"$elemMatch":{"$gt":0,"$lt":10}}}';
  const object = '{"a":{"$elemMatch":{"b":{"$gt":0},"c":{"$lt":0}}}}';
  it('BasicElemMatchValue / ElemMatchValueMissingPath / ElemMatchValueNonArray / NotOverElemMatchValue', () => {
    expect(errInfo(value, '{"a":[10,11,12]}')).toBe(
      expected(
        `{"operatorName":"$elemMatch","specifiedAs":${value},"reason":"array did not satisfy the child predicate","consideredValue":[10,11,12]}`,
      ),
    );
    expect(errInfo(value, '{"b":[10,11,12]}')).toBe(
      expected(`{"operatorName":"$elemMatch","specifiedAs":${value},"reason":"field was missing"}`),
    );
    expect(errInfo(value, '{"a":5}')).toBe(
      expected(
        `{"operatorName":"$elemMatch","specifiedAs":${value},"reason":"type did not match","consideredType":"int","expectedType":"array","consideredValue":5}`,
      ),
    );
    expect(errInfo('{"a":{"$not":{"$elemMatch":{"$gt":0,"$lt":10}}}}', '{"a":[3,4,5]}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$elemMatch","specifiedAs":${value},"reason":"array did satisfy the child predicate","consideredValue":[3,4,5]}}`,
      ),
    );
  });
  it('BasicElemMatchObject / ElemMatchObjectMissingPath / ElemMatchObjectNonArray / NestedElemMatchObject / NotOverElemMatchObject', () => {
    expect(errInfo(object, '{"a":[{"b":0,"c":0},{"b":1,"c":1}]}')).toBe(
      expected(
        `{"operatorName":"$elemMatch","specifiedAs":${object},"reason":"array did not satisfy the child predicate","consideredValue":[{"b":0,"c":0},{"b":1,"c":1}]}`,
      ),
    );
    expect(errInfo(object, '{"b":[{"b":0,"c":0},{"b":1,"c":1}]}')).toBe(
      expected(`{"operatorName":"$elemMatch","specifiedAs":${object},"reason":"field was missing"}`),
    );
    expect(errInfo(object, '{"a":"foo"}')).toBe(
      expected(
        `{"operatorName":"$elemMatch","specifiedAs":${object},"reason":"type did not match","consideredType":"string","expectedType":"array","consideredValue":"foo"}`,
      ),
    );
    const nested = '{"a":{"$elemMatch":{"b":{"$elemMatch":{"c":{"$lt":0}}}}}}';
    expect(errInfo(nested, '{"a":[{"b":[{"c":[1,2,3]},{"c":[4,5,6]}]}]}')).toBe(
      expected(
        `{"operatorName":"$elemMatch","specifiedAs":${nested},"reason":"array did not satisfy the child predicate","consideredValue":[{"b":[{"c":[1,2,3]},{"c":[4,5,6]}]}]}`,
      ),
    );
    const inner = '{"a":{"$elemMatch":{"b":{"$gte":0},"c":{"$lt":10}}}}';
    expect(
      errInfo('{"a":{"$not":{"$elemMatch":{"b":{"$gte":0},"c":{"$lt":10}}}}}', '{"a":[{"b":0,"c":0},{"b":1,"c":1}]}'),
    ).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$elemMatch","specifiedAs":${inner},"reason":"array did satisfy the child predicate","consideredValue":[{"b":0,"c":0},{"b":1,"c":1}]}}`,
      ),
    );
  });
});
