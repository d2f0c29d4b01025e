/**
 * Port of doc_validation_error_json_schema_test.cpp: the `errInfo` of a document a `$jsonSchema`
 * validator refuses. The schema is reported as `schemaRulesNotSatisfied` (one entry per failing
 * keyword, in the parser's keyword order), `properties` as `propertiesNotSatisfied` per property
 * (with the property schema's `title`/`description`), keywords for other types are silent, a
 * `not` only says "child expression matched", a schema under `$nor`/`$not` only "schema matched",
 * and a top-level type that excludes objects "always evaluates to false". Each case names its
 * TEST(JSONSchemaValidation, …) source; every case also runs as an update and a findAndModify.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo, validationErrInfo } from './validation-harness.js';

const errInfo = (validator: string, doc: string): string => validationErrInfo(validator, doc);
const schemaError = (rules: string): string =>
  expectedErrInfo(`{"operatorName":"$jsonSchema","schemaRulesNotSatisfied":[${rules}]}`);
const properties = (...entries: string[]): string =>
  `{"operatorName":"properties","propertiesNotSatisfied":[${entries.join(',')}]}`;
const property = (name: string, ...details: string[]): string =>
  `{"propertyName":"${name}","details":[${details.join(',')}]}`;
const cmp = (kw: string, spec: string, value: string): string =>
  `{"operatorName":"${kw}","specifiedAs":${spec},"reason":"comparison failed","consideredValue":${value}}`;
const NOT_MATCHED = '{"operatorName":"not","reason":"child expression matched"}';

describe('minimum, maximum and their exclusive forms', () => {
  it('BasicMinimum / ExclusiveMinimum / ExclusiveMaximum', () => {
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"minimum":1}}}}', '{"a":0}')).toBe(
      schemaError(properties(property('a', cmp('minimum', '{"minimum":1}', '0')))),
    );
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"minimum":1,"exclusiveMinimum":true}}}}', '{"a":1}')).toBe(
      schemaError(properties(property('a', cmp('minimum', '{"minimum":1,"exclusiveMinimum":true}', '1')))),
    );
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"maximum":1,"exclusiveMaximum":true}}}}', '{"a":1}')).toBe(
      schemaError(properties(property('a', cmp('maximum', '{"maximum":1,"exclusiveMaximum":true}', '1')))),
    );
  });
  it('ExclusiveMinimumInverted / …TypeMismatch / …MissingField / ExclusiveMaximumInverted', () => {
    const notMin = '{"$jsonSchema":{"not":{"properties":{"a":{"minimum":1,"exclusiveMinimum":true}}}}}';
    for (const doc of ['{"a":2}', '{"a":"foo"}', '{"b":100}'])
      expect(errInfo(notMin, doc)).toBe(schemaError(NOT_MATCHED));
    expect(
      errInfo('{"$jsonSchema":{"not":{"properties":{"a":{"maximum":1,"exclusiveMaximum":true}}}}}', '{"a":0}'),
    ).toBe(schemaError(NOT_MATCHED));
  });
  it('MinimumAtTopLevelHasNoEffect / MaximumAtTopLevelHasNoEffect', () => {
    for (const kw of ['minimum', 'maximum']) {
      expect(errInfo(`{"$nor":[{"$jsonSchema":{"${kw}":1}}]}`, '{"a":2}')).toBe(
        expectedErrInfo(
          '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$jsonSchema","reason":"schema matched"}}]}',
        ),
      );
    }
  });
});

describe('properties', () => {
  it('NestedProperties / NestedPropertiesMultipleFailingClauses (maximum before minimum)', () => {
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"properties":{"b":{"minimum":1}}}}}}', '{"a":{"b":0}}')).toBe(
      schemaError(properties(property('a', properties(property('b', cmp('minimum', '{"minimum":1}', '0')))))),
    );
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"properties":{"b":{"minimum":10,"maximum":-10}}}}}}',
        '{"a":{"b":5}}',
      ),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            properties(property('b', cmp('maximum', '{"maximum":-10}', '5'), cmp('minimum', '{"minimum":10}', '5'))),
          ),
        ),
      ),
    );
  });
  it('PropertiesObjectTypeMismatch / TypeRestrictionContradictsSpecifiedType', () => {
    const typeError = (spec: string, value: string, type: string): string =>
      `{"operatorName":"type","specifiedAs":{"type":"${spec}"},"reason":"type did not match","consideredValue":${value},"consideredType":"${type}"}`;
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"type":"object","properties":{"b":{"minimum":10}}}}}}',
        '{"a":"eleven"}',
      ),
    ).toBe(schemaError(properties(property('a', typeError('object', '"eleven"', 'string')))));
    expect(
      errInfo('{"$jsonSchema":{"type":"object","properties":{"a":{"type":"string","minimum":5}}}}', '{"a":6}'),
    ).toBe(schemaError(properties(property('a', typeError('string', '6', 'int')))));
  });
  it('MultipleNestedProperties', () => {
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"properties":{"b":{"minimum":1},"c":{"minimum":10}}},"d":{"properties":{"e":{"minimum":50},"f":{"minimum":100}}}}}}',
        '{"a":{"b":0,"c":5},"d":{"e":25,"f":50}}',
      ),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            properties(
              property('b', cmp('minimum', '{"minimum":1}', '0')),
              property('c', cmp('minimum', '{"minimum":10}', '5')),
            ),
          ),
          property(
            'd',
            properties(
              property('e', cmp('minimum', '{"minimum":50}', '25')),
              property('f', cmp('minimum', '{"minimum":100}', '50')),
            ),
          ),
        ),
      ),
    );
  });
  it('JSONSchemaAndQueryOperators', () => {
    const one = (name: string, value: string): string =>
      `{"operatorName":"$jsonSchema","schemaRulesNotSatisfied":[${properties(property(name, cmp('minimum', '{"minimum":1}', value)))}]}`;
    expect(
      errInfo(
        '{"$and":[{"$jsonSchema":{"properties":{"a":{"minimum":1}}}},{"$jsonSchema":{"properties":{"b":{"minimum":1}}}},{"$jsonSchema":{"properties":{"c":{"minimum":1}}}}]}',
        '{"a":0,"b":2,"c":-1}',
      ),
    ).toBe(
      expectedErrInfo(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":${one('a', '0')}},{"index":2,"details":${one('c', '-1')}}]}`,
      ),
    );
  });
  it('NoTopLevelObjectTypeRejectsAllDocuments', () => {
    const schema = '{"$jsonSchema":{"type":"number","properties":{"a":{"properties":{"b":{"minimum":1}}}}}}';
    expect(errInfo(schema, '{"a":{"b":1}}')).toBe(
      expectedErrInfo(
        `{"operatorName":"$jsonSchema","specifiedAs":${schema},"reason":"expression always evaluates to false"}`,
      ),
    );
  });
});

describe('type, bsonType, minLength, maxLength', () => {
  const typeError = (kw: string, spec: string, value: string, type: string): string =>
    `{"operatorName":"${kw}","specifiedAs":{"${kw}":"${spec}"},"reason":"type did not match","consideredValue":${value},"consideredType":"${type}"}`;
  it('BasicType / MultipleTypeFailures / TypeNoImplicitArrayTraversal', () => {
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"type":"string"}}}}', '{"a":{"b":1}}')).toBe(
      schemaError(properties(property('a', typeError('type', 'string', '{"b":1}', 'object')))),
    );
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"type":"string"},"b":{"type":"number"},"c":{"type":"object"}}}}',
        '{"a":{"b":1},"b":4,"c":"foo"}',
      ),
    ).toBe(
      schemaError(
        properties(
          property('a', typeError('type', 'string', '{"b":1}', 'object')),
          property('c', typeError('type', 'object', '"foo"', 'string')),
        ),
      ),
    );
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"type":"string"}}}}', '{"a":["Mihai","was","here"]}')).toBe(
      schemaError(properties(property('a', typeError('type', 'string', '["Mihai","was","here"]', 'array')))),
    );
  });
  it('BasicBSONType / MultipleBSONTypeFailures / BSONTypeNoImplicitArrayTraversal', () => {
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"bsonType":"double"}}}}', '{"a":{"b":1}}')).toBe(
      schemaError(properties(property('a', typeError('bsonType', 'double', '{"b":1}', 'object')))),
    );
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"bsonType":"double"},"b":{"bsonType":"int"},"c":{"bsonType":"decimal"}}}}',
        '{"a":{"b":1},"b":4,"c":"foo"}',
      ),
    ).toBe(
      schemaError(
        properties(
          property('a', typeError('bsonType', 'double', '{"b":1}', 'object')),
          property('c', typeError('bsonType', 'decimal', '"foo"', 'string')),
        ),
      ),
    );
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"bsonType":"string"}}}}', '{"a":["Mihai","was","here"]}')).toBe(
      schemaError(properties(property('a', typeError('bsonType', 'string', '["Mihai","was","here"]', 'array')))),
    );
  });
  it('BasicMinLength / MinLengthNoExplicitType / MinLengthNested / BasicMaxLength / MaxLengthNoExplicitType / MaxLengthNested', () => {
    for (const [kw, n, value] of [
      ['minLength', 4, 'foo'],
      ['maxLength', 4, 'foo, bar, baz'],
    ] as const) {
      const err = `{"operatorName":"${kw}","specifiedAs":{"${kw}":${n}},"reason":"specified string length was not satisfied","consideredValue":"${value}"}`;
      expect(errInfo(`{"$jsonSchema":{"properties":{"a":{"type":"string","${kw}":${n}}}}}`, `{"a":"${value}"}`)).toBe(
        schemaError(properties(property('a', err))),
      );
      expect(errInfo(`{"$jsonSchema":{"properties":{"a":{"${kw}":${n}}}}}`, `{"a":"${value}"}`)).toBe(
        schemaError(properties(property('a', err))),
      );
      expect(
        errInfo(
          `{"$jsonSchema":{"properties":{"a":{"properties":{"b":{"type":"string","${kw}":${n}}}}}}}`,
          `{"a":{"b":"${value}"}}`,
        ),
      ).toBe(schemaError(properties(property('a', properties(property('b', err))))));
    }
  });
  it('MinLengthNonString / MaxLengthNonString: only the type reports (8.0 generator; the older stored test also lists the keyword)', () => {
    for (const kw of ['minLength', 'maxLength']) {
      expect(errInfo(`{"$jsonSchema":{"properties":{"a":{"type":"string","${kw}":4}}}}`, '{"a":1}')).toBe(
        schemaError(properties(property('a', typeError('type', 'string', '1', 'int')))),
      );
    }
  });
  it('MinLengthAtTopLevelHasNoEffect / MaxLengthAtTopLevelHasNoEffect / MinLengthInverted*', () => {
    for (const schema of ['{"minLength":1}', '{"maxLength":1000}']) {
      expect(errInfo(`{"$nor":[{"$jsonSchema":${schema}}]}`, '{"a":"foo"}')).toBe(
        expectedErrInfo(
          '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$jsonSchema","reason":"schema matched"}}]}',
        ),
      );
    }
    for (const doc of ['{"a":"this string is long"}', '{"a":1}', '{"b":1}']) {
      expect(errInfo('{"$jsonSchema":{"not":{"properties":{"a":{"minLength":4}}}}}', doc)).toBe(
        schemaError(NOT_MATCHED),
      );
    }
  });
});

describe('array keywords', () => {
  const requiredA = '{"operatorName":"required","specifiedAs":{"required":["a"]},"missingProperties":["a"]}';
  const schemaMatched = expectedErrInfo(
    '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$jsonSchema","reason":"schema matched"}}]}',
  );
  const items = (index: number, details: string, extra = ''): string =>
    `{"operatorName":"items",${extra}"reason":"At least one item did not match the sub-schema","itemIndex":${index},"details":[${details}]}`;
  const type = (spec: string, value: string, t: string): string =>
    `{"operatorName":"type","specifiedAs":{"type":"${spec}"},"reason":"type did not match","consideredValue":${value},"consideredType":"${t}"}`;
  it('ArrayMaxItems / ArrayMaxItemsRequiredMissingProperty / ArrayMaxItemsAlwaysTrue', () => {
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"maxItems":2}}}}', '{"a":[1,2,3]}')).toBe(
      schemaError(
        properties(
          property(
            'a',
            '{"operatorName":"maxItems","specifiedAs":{"maxItems":2},"reason":"array did not match specified length","consideredValue":[1,2,3],"numberOfItems":3}',
          ),
        ),
      ),
    );
    expect(errInfo('{"$jsonSchema":{"required":["a"],"properties":{"a":{"maxItems":2}}}}', '{}')).toBe(
      schemaError(requiredA),
    );
    expect(errInfo('{"$nor":[{"$jsonSchema":{"maxItems":2}}]}', '{}')).toBe(schemaMatched);
  });
  it('ArrayUniqueItems / ArrayUniqueItemTypeArray / …RequiredMissingProperty / …OnNonArrayAttribute / ArrayUniqueItemsAlwaysTrue', () => {
    const unique =
      '{"operatorName":"uniqueItems","specifiedAs":{"uniqueItems":true},"reason":"found a duplicate item","consideredValue":[1,2,3,3,4,4],"duplicatedValue":3}';
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"uniqueItems":true}}}}', '{"a":[1,2,3,3,4,4]}')).toBe(
      schemaError(properties(property('a', unique))),
    );
    expect(
      errInfo('{"$jsonSchema":{"properties":{"a":{"type":"array","uniqueItems":true}}}}', '{"a":[1,2,3,3,4,4]}'),
    ).toBe(schemaError(properties(property('a', unique))));
    expect(errInfo('{"$jsonSchema":{"required":["a"],"properties":{"a":{"uniqueItems":true}}}}', '{}')).toBe(
      schemaError(requiredA),
    );
    expect(
      errInfo('{"$jsonSchema":{"required":["a"],"properties":{"a":{"type":"array","uniqueItems":true}}}}', '{}'),
    ).toBe(schemaError(requiredA));
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"type":"array","uniqueItems":true}}}}', '{"a":1}')).toBe(
      schemaError(properties(property('a', type('array', '1', 'int')))),
    );
    expect(errInfo('{"$nor":[{"$jsonSchema":{"uniqueItems":true}}]}', '{}')).toBe(schemaMatched);
  });
  it('ArrayItemsSingleSchema (with its description) / …RequiredMissingProperty / …TypeArrayOnNonArrayAttribute / …CombinedWithMinItems / …AlwaysTrue', () => {
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"items":{"type":"string","description":"elements must be of string type"}}}}}',
        '{"a":[1,"A",{}]}',
      ),
    ).toBe(
      schemaError(
        properties(
          property('a', items(0, type('string', '1', 'int'), '"description":"elements must be of string type",')),
        ),
      ),
    );
    expect(errInfo('{"$jsonSchema":{"required":["a"],"properties":{"a":{"items":{"type":"string"}}}}}', '{}')).toBe(
      schemaError(requiredA),
    );
    expect(errInfo('{"$jsonSchema":{"properties":{"a":{"items":{"type":"string"},"type":"array"}}}}', '{"a":1}')).toBe(
      schemaError(properties(property('a', type('array', '1', 'int')))),
    );
    expect(
      errInfo('{"$jsonSchema":{"properties":{"a":{"items":{"type":"string"},"minItems":5}}}}', '{"a":["A","B"]}'),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            '{"operatorName":"minItems","specifiedAs":{"minItems":5},"reason":"array did not match specified length","consideredValue":["A","B"],"numberOfItems":2}',
          ),
        ),
      ),
    );
    expect(errInfo('{"$nor":[{"$jsonSchema":{"items":{"type":"string"}}}]}', '{}')).toBe(schemaMatched);
  });
  it('ArrayItemsSingleSchemaNested / …NestedRequiredMissingProperty / …2DArray / …NestedWithMinimum', () => {
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"items":{"properties":{"b":{"minItems":2}}}}}}}',
        '{"a":[{"b":[1]}]}',
      ),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            items(
              0,
              properties(
                property(
                  'b',
                  '{"operatorName":"minItems","specifiedAs":{"minItems":2},"reason":"array did not match specified length","consideredValue":[1],"numberOfItems":1}',
                ),
              ),
            ),
          ),
        ),
      ),
    );
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"items":{"required":["b"],"properties":{"b":{"minItems":2}}}}}}}',
        '{"a":[{}]}',
      ),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            items(0, '{"operatorName":"required","specifiedAs":{"required":["b"]},"missingProperties":["b"]}'),
          ),
        ),
      ),
    );
    expect(
      errInfo('{"$jsonSchema":{"properties":{"a":{"items":{"items":{"minimum":0}}}}}}', '{"a":[[1],[],[2,4],[-1]]}'),
    ).toBe(schemaError(properties(property('a', items(3, items(0, cmp('minimum', '{"minimum":0}', '-1')))))));
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"a":{"items":{"properties":{"b":{"minimum":2}}}}}}}',
        '{"a":[{"b":2},{"b":1}]}',
      ),
    ).toBe(
      schemaError(properties(property('a', items(1, properties(property('b', cmp('minimum', '{"minimum":2}', '1'))))))),
    );
  });
  it('ArrayItemsSchemaArray', () => {
    expect(
      errInfo('{"$jsonSchema":{"properties":{"a":{"items":[{"type":"number"},{"type":"string"}]}}}}', '{"a":[1,2]}'),
    ).toBe(
      schemaError(
        properties(
          property(
            'a',
            `{"operatorName":"items","details":[{"itemIndex":1,"details":[${type('string', '2', 'int')}]}]}`,
          ),
        ),
      ),
    );
  });
});
