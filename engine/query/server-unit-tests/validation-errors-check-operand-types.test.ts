/**
 * Port of doc_validation_error_test.cpp's miscellaneous and bit-test sections (TEST(
 * MiscellaneousMatchExpression, BasicExists, NotExists, BasicType, NotType, TypeMissingPath,
 * TypeImplicitArrayTraversal, TypeImplicitArrayTraversalEmptyArray, BasicMod, NotMod,
 * ModMissingPath, ModImplicitArrayTraversal, ModNonNumeric, ModImplicitArrayTraversalNonNumeric,
 * ModImplicitArrayTraversalMixedTypes, BasicRegex, NotRegex, RegexMissingPath,
 * RegexImplicitArrayTraversal, RegexNonString, RegexImplicitArrayTraversalNonString,
 * RegexImplicitArrayTraversalMixedTypes, RegexNoExplicitOperator, NotOverRegexNoExplicitOperator),
 * TEST(BitTestMatchExpression, GeneratesValidationError*)): an operator that only applies to some
 * types reports "type did not match" with `consideredType(s)` and the sorted `expectedType(s)`
 * when no considered value has one of them; `$type` reports the types it saw; `$exists` has its
 * own wording; `$regex` is reported with the whole operator document as written.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

const rx = (pattern: string): string => `{"$regularExpression":{"pattern":"${pattern}","options":""}}`;
const NUMBERS = '["decimal","double","int","long"]';

describe('$exists and $type', () => {
  it('BasicExists / NotExists', () => {
    expect(errInfo('{"a":{"$exists":true}}', '{"b":1}')).toBe(
      expected('{"operatorName":"$exists","specifiedAs":{"a":{"$exists":true}},"reason":"path does not exist"}'),
    );
    expect(errInfo('{"a":{"$exists":false}}', '{"a":1}')).toBe(
      expected('{"operatorName":"$exists","specifiedAs":{"a":{"$exists":false}},"reason":"path does exist"}'),
    );
  });
  it('BasicType / NotType / TypeMissingPath / TypeImplicitArrayTraversal / …EmptyArray', () => {
    expect(errInfo('{"a":{"$type":"int"}}', '{"a":"one"}')).toBe(
      expected(
        '{"operatorName":"$type","specifiedAs":{"a":{"$type":"int"}},"reason":"type did not match","consideredValue":"one","consideredType":"string"}',
      ),
    );
    expect(errInfo('{"a":{"$not":{"$type":"string"}}}', '{"a":"words"}')).toBe(
      expected(
        '{"operatorName":"$not","details":{"operatorName":"$type","specifiedAs":{"a":{"$type":"string"}},"reason":"type did match","consideredValue":"words","consideredType":"string"}}',
      ),
    );
    expect(errInfo('{"a":{"$type":"double"}}', '{"b":1}')).toBe(
      expected('{"operatorName":"$type","specifiedAs":{"a":{"$type":"double"}},"reason":"field was missing"}'),
    );
    expect(errInfo('{"a":{"$type":"double"}}', '{"a":["x","y","z"]}')).toBe(
      expected(
        '{"operatorName":"$type","specifiedAs":{"a":{"$type":"double"}},"reason":"type did not match","consideredValues":["x","y","z"],"consideredType":"string"}',
      ),
    );
    expect(errInfo('{"a":{"$type":"double"}}', '{"a":[]}')).toBe(
      expected(
        '{"operatorName":"$type","specifiedAs":{"a":{"$type":"double"}},"reason":"type did not match","consideredValues":[]}',
      ),
    );
  });
  it('several considered types are listed sorted as consideredTypes', () => {
    expect(errInfo('{"a":{"$type":"double"}}', '{"a":["x",1,{"$numberLong":"2"}]}')).toBe(
      expected(
        '{"operatorName":"$type","specifiedAs":{"a":{"$type":"double"}},"reason":"type did not match","consideredValues":["x",1,{"$numberLong":"2"}],"consideredTypes":["int","long","string"]}',
      ),
    );
  });
});

describe('$mod', () => {
  const spec = '{"a":{"$mod":[2,1]}}';
  it('BasicMod / NotMod / ModMissingPath / ModImplicitArrayTraversal', () => {
    expect(errInfo(spec, '{"a":2}')).toBe(
      expected(
        `{"operatorName":"$mod","specifiedAs":${spec},"reason":"$mod did not evaluate to expected remainder","consideredValue":2}`,
      ),
    );
    expect(errInfo('{"a":{"$not":{"$mod":[2,0]}}}', '{"a":2}')).toBe(
      expected(
        '{"operatorName":"$not","details":{"operatorName":"$mod","specifiedAs":{"a":{"$mod":[2,0]}},"reason":"$mod did evaluate to expected remainder","consideredValue":2}}',
      ),
    );
    expect(errInfo(spec, '{"b":2}')).toBe(
      expected(`{"operatorName":"$mod","specifiedAs":${spec},"reason":"field was missing"}`),
    );
    expect(errInfo(spec, '{"a":[0,2,4]}')).toBe(
      expected(
        `{"operatorName":"$mod","specifiedAs":${spec},"reason":"$mod did not evaluate to expected remainder","consideredValues":[0,2,4]}`,
      ),
    );
  });
  it('ModNonNumeric / ModImplicitArrayTraversalNonNumeric / ModImplicitArrayTraversalMixedTypes', () => {
    expect(errInfo(spec, '{"a":"two"}')).toBe(
      expected(
        `{"operatorName":"$mod","specifiedAs":${spec},"reason":"type did not match","consideredType":"string","expectedTypes":${NUMBERS},"consideredValue":"two"}`,
      ),
    );
    expect(errInfo(spec, '{"a":["zero","two","four"]}')).toBe(
      expected(
        `{"operatorName":"$mod","specifiedAs":${spec},"reason":"type did not match","consideredType":"string","expectedTypes":${NUMBERS},"consideredValues":["zero","two","four"]}`,
      ),
    );
    expect(errInfo(spec, '{"a":[0,"two","four"]}')).toBe(
      expected(
        `{"operatorName":"$mod","specifiedAs":${spec},"reason":"$mod did not evaluate to expected remainder","consideredValues":[0,"two","four"]}`,
      ),
    );
  });
});

describe('$regex', () => {
  const spec = `{"a":{"$regex":${rx('/myRegex/')},"$options":""}}`;
  const REGEX_TYPES = '["regex","string","symbol"]';
  it('BasicRegex / NotRegex / RegexMissingPath / RegexImplicitArrayTraversal', () => {
    expect(errInfo(spec, '{"a":"one"}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":${spec},"reason":"regular expression did not match","consideredValue":"one"}`,
      ),
    );
    const notSpec = `{"a":{"$regex":${rx('myRegex')},"$options":""}}`;
    expect(errInfo(`{"a":{"$not":{"$regex":${rx('myRegex')},"$options":""}}}`, '{"a":"myRegex"}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$regex","specifiedAs":${notSpec},"reason":"regular expression did match","consideredValue":"myRegex"}}`,
      ),
    );
    expect(errInfo(spec, '{"b":"myRegex"}')).toBe(
      expected(`{"operatorName":"$regex","specifiedAs":${spec},"reason":"field was missing"}`),
    );
    expect(errInfo(spec, '{"a":["x","y","z"]}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":${spec},"reason":"regular expression did not match","consideredValues":["x","y","z"]}`,
      ),
    );
  });
  it('RegexNonString / RegexImplicitArrayTraversalNonString / RegexImplicitArrayTraversalMixedTypes', () => {
    expect(errInfo(spec, '{"a":1}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":${spec},"reason":"type did not match","consideredType":"int","expectedTypes":${REGEX_TYPES},"consideredValue":1}`,
      ),
    );
    expect(errInfo(spec, '{"a":[0,1,2]}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":${spec},"reason":"type did not match","consideredType":"int","expectedTypes":${REGEX_TYPES},"consideredValues":[0,1,2]}`,
      ),
    );
    expect(errInfo(spec, '{"a":["x",1,2]}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":${spec},"reason":"regular expression did not match","consideredValues":["x",1,2]}`,
      ),
    );
  });
  it('RegexNoExplicitOperator / NotOverRegexNoExplicitOperator', () => {
    expect(errInfo(`{"a":${rx('^S')}}`, '{"a":"so sorry; not capitalized"}')).toBe(
      expected(
        `{"operatorName":"$regex","specifiedAs":{"a":${rx('^S')}},"reason":"regular expression did not match","consideredValue":"so sorry; not capitalized"}`,
      ),
    );
    expect(errInfo(`{"a":{"$not":${rx('^S')}}}`, '{"a":"S"}')).toBe(
      expected(
        `{"operatorName":"$not","details":{"operatorName":"$regex","specifiedAs":{"a":${rx('^S')}},"reason":"regular expression did match","consideredValue":"S"}}`,
      ),
    );
  });
  it('the specifiedAs of $regex is the whole operator document it sits in', () => {
    const both = `{"a":{"$regex":"^x","$options":"i","$gt":"a"}}`;
    expect(errInfo(both, '{"a":"b"}')).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":{"operatorName":"$regex","specifiedAs":${both},"reason":"regular expression did not match","consideredValue":"b"}}]}`,
      ),
    );
  });
});

describe('BitTestMatchExpression', () => {
  const bit = (
    op: string,
    arg: string,
    value: string,
    reason = 'bitwise operator failed to match',
  ): [string, string] => {
    const spec = `{"a":{"${op}":${arg}}}`;
    return [
      spec,
      expected(`{"operatorName":"${op}","specifiedAs":${spec},"reason":"${reason}","consideredValue":${value}}`),
    ];
  };
  const two = '{"$binary":{"base64":"Ag==","subType":"00"}}';
  const three = '{"$binary":{"base64":"Aw==","subType":"00"}}';
  it('GeneratesValidationError{BitsAllClear,BitsAllSet,BitsAnyClear,BitsAnySet}{Numeric,PositionList,BinData}', () => {
    for (const [op, arg, doc] of [
      ['$bitsAllClear', '2', '7'],
      ['$bitsAllClear', '[1]', '7'],
      ['$bitsAllClear', two, '7'],
      ['$bitsAllSet', '2', '5'],
      ['$bitsAllSet', '[1]', '5'],
      ['$bitsAllSet', two, '5'],
      ['$bitsAnyClear', '3', '7'],
      ['$bitsAnyClear', '[1,0]', '7'],
      ['$bitsAnyClear', three, '7'],
      ['$bitsAnySet', '3', '0'],
      ['$bitsAnySet', '[1,0]', '0'],
      ['$bitsAnySet', three, '0'],
    ] as const) {
      const [spec, want] = bit(op, arg, doc);
      expect(errInfo(spec, `{"a":${doc}}`)).toBe(want);
    }
  });
  it('GeneratesValidationErrorBitsAllClearNumericOnValueMatch', () => {
    expect(errInfo('{"a":{"$not":{"$bitsAllClear":2}}}', '{"a":5}')).toBe(
      expected(
        '{"operatorName":"$not","details":{"operatorName":"$bitsAllClear","specifiedAs":{"a":{"$bitsAllClear":2}},"reason":"bitwise operator matched successfully","consideredValue":5}}',
      ),
    );
  });
  it('GeneratesValidationErrorBitsAnyClearOnTypeMismatch / GeneratesValidationErrorBitsAllClearOnValueArray', () => {
    expect(errInfo('{"a":{"$bitsAnyClear":3}}', '{"a":"someString"}')).toBe(
      expected(
        '{"operatorName":"$bitsAnyClear","specifiedAs":{"a":{"$bitsAnyClear":3}},"reason":"type did not match","consideredType":"string","expectedTypes":["binData","decimal","double","int","long"],"consideredValue":"someString"}',
      ),
    );
    expect(errInfo('{"a":{"$bitsAllClear":2}}', '{"a":[7,3]}')).toBe(
      expected(
        '{"operatorName":"$bitsAllClear","specifiedAs":{"a":{"$bitsAllClear":2}},"reason":"bitwise operator failed to match","consideredValues":[7,3]}',
      ),
    );
  });
});
