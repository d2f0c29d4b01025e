/**
 * Port of doc_validation_error_json_schema_test.cpp's `dependencies` and `additionalProperties:
 * false` sections (TEST(JSONSchemaValidation, BasicPropertyDependency, NestedPropertyDependency,
 * PropertyDependencyOneFailingDependency, PropertyDependencyManyFailingDependencies,
 * PropertyFailingBiconditionalDependency, PropertyDependencyWithRequiredMissingProperty,
 * PropertyDependencyWithRequiredMissingDependency, BasicSchemaDependency, NestedSchemaDependency,
 * SchemaDependencyWithRequiredMissingProperty, SchemaDependencyWithRequiredFailedDependency,
 * BiconditionalSchemaDependency, SchemaDependencySomeDependenciesSatisfied,
 * SchemaDependencyAllDependenciesFailed, SchemaDependencyAndPropertyDependency,
 * BasicAdditionalPropertiesFalse, BasicAdditionalPropertiesFalseRequiredMissingProperty)): each
 * failing dependency is reported with its `conditionalProperty` and either the missing properties
 * or the dependent schema's errors; a `title` inside `dependencies` is accepted and reported;
 * `additionalProperties: false` lists the extra fields, `_id` included.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo, validationErrInfo } from './validation-harness.js';

const errInfo = (validator: string, doc: string): string => validationErrInfo(validator, doc);
const schemaError = (rules: string): string =>
  expectedErrInfo(`{"operatorName":"$jsonSchema","schemaRulesNotSatisfied":[${rules}]}`);
const deps = (entries: string, extra = ''): string =>
  `{"operatorName":"dependencies",${extra}"failingDependencies":[${entries}]}`;
const missing = (name: string, props: string): string =>
  `{"conditionalProperty":"${name}","missingProperties":${props}}`;
const typeIn = (prop: string, spec: string, value: string, t: string): string =>
  `{"operatorName":"properties","propertiesNotSatisfied":[{"propertyName":"${prop}","details":[{"operatorName":"type","specifiedAs":{"type":"${spec}"},"reason":"type did not match","consideredValue":${value},"consideredType":"${t}"}]}]}`;
const schemaDep = (name: string, details: string): string => `{"conditionalProperty":"${name}","details":[${details}]}`;
const requiredA = '{"operatorName":"required","specifiedAs":{"required":["a"]},"missingProperties":["a"]}';

describe('property dependencies', () => {
  it('BasicPropertyDependency / NestedPropertyDependency', () => {
    expect(errInfo('{"$jsonSchema":{"dependencies":{"a":["b","c"],"title":"a needs b and c"}}}', '{"a":1,"b":2}')).toBe(
      schemaError(deps(missing('a', '["c"]'), '"title":"a needs b and c",')),
    );
    expect(
      errInfo('{"$jsonSchema":{"properties":{"obj":{"dependencies":{"a":["b","c"]}}}}}', '{"obj":{"a":1,"b":2}}'),
    ).toBe(
      schemaError(
        `{"operatorName":"properties","propertiesNotSatisfied":[{"propertyName":"obj","details":[${deps(missing('a', '["c"]'))}]}]}`,
      ),
    );
  });
  it('PropertyDependencyOneFailingDependency / …ManyFailingDependencies / PropertyFailingBiconditionalDependency', () => {
    expect(
      errInfo('{"$jsonSchema":{"dependencies":{"a":["b","c"],"b":["c","d"],"c":["a","b"]}}}', '{"a":1,"b":2,"c":5}'),
    ).toBe(schemaError(deps(missing('b', '["d"]'))));
    expect(
      errInfo(
        '{"$jsonSchema":{"dependencies":{"a":["b","c","d"],"b":["c","d"],"e":["c","d"]}}}',
        '{"a":1,"b":2,"e":3}',
      ),
    ).toBe(
      schemaError(deps([missing('a', '["c","d"]'), missing('b', '["c","d"]'), missing('e', '["c","d"]')].join(','))),
    );
    expect(errInfo('{"$jsonSchema":{"dependencies":{"a":["b"],"b":["a"]}}}', '{"a":1}')).toBe(
      schemaError(deps(missing('a', '["b"]'))),
    );
  });
  it('PropertyDependencyWithRequiredMissingProperty / …MissingDependency', () => {
    const schema = '{"$jsonSchema":{"required":["a"],"dependencies":{"a":["b","c"]}}}';
    expect(errInfo(schema, '{}')).toBe(schemaError(requiredA));
    expect(errInfo(schema, '{"a":1}')).toBe(schemaError(deps(missing('a', '["b","c"]'))));
  });
});

describe('schema dependencies', () => {
  it('BasicSchemaDependency / NestedSchemaDependency', () => {
    expect(
      errInfo(
        '{"$jsonSchema":{"dependencies":{"a":{"properties":{"b":{"type":"number"}}},"title":"a needs b"}}}',
        '{"a":1,"b":"foo"}',
      ),
    ).toBe(schemaError(deps(schemaDep('a', typeIn('b', 'number', '"foo"', 'string')), '"title":"a needs b",')));
    expect(
      errInfo(
        '{"$jsonSchema":{"properties":{"topLevelField":{"dependencies":{"a":{"properties":{"b":{"type":"number"}}}}}}}}',
        '{"topLevelField":{"a":1,"b":"foo"}}',
      ),
    ).toBe(
      schemaError(
        `{"operatorName":"properties","propertiesNotSatisfied":[{"propertyName":"topLevelField","details":[${deps(schemaDep('a', typeIn('b', 'number', '"foo"', 'string')))}]}]}`,
      ),
    );
  });
  it('SchemaDependencyWithRequiredMissingProperty / …RequiredFailedDependency', () => {
    const schema = '{"$jsonSchema":{"required":["a"],"dependencies":{"a":{"properties":{"b":{"type":"number"}}}}}}';
    expect(errInfo(schema, '{"b":"foo"}')).toBe(schemaError(requiredA));
    expect(errInfo(schema, '{"a":1,"b":"foo"}')).toBe(
      schemaError(deps(schemaDep('a', typeIn('b', 'number', '"foo"', 'string')))),
    );
  });
  it('BiconditionalSchemaDependency / SchemaDependencySomeDependenciesSatisfied / …AllDependenciesFailed / SchemaDependencyAndPropertyDependency', () => {
    expect(
      errInfo(
        '{"$jsonSchema":{"dependencies":{"a":{"properties":{"b":{"type":"array"}}},"b":{"properties":{"a":{"type":"number"}}}}}}',
        '{"a":"foo","b":"bar"}',
      ),
    ).toBe(
      schemaError(
        deps(
          [
            schemaDep('a', typeIn('b', 'array', '"bar"', 'string')),
            schemaDep('b', typeIn('a', 'number', '"foo"', 'string')),
          ].join(','),
        ),
      ),
    );
    const three =
      '{"$jsonSchema":{"dependencies":{"a":{"properties":{"b":{"type":"number"}}},"b":{"properties":{"c":{"type":"string"}}},"c":{"properties":{"a":{"type":"array"}}}}}}';
    expect(errInfo(three, '{"a":[0,1,2,3],"b":1,"c":12}')).toBe(
      schemaError(deps(schemaDep('b', typeIn('c', 'string', '12', 'int')))),
    );
    expect(errInfo(three, '{"a":"foo","b":[],"c":12}')).toBe(
      schemaError(
        deps(
          [
            schemaDep('a', typeIn('b', 'number', '[]', 'array')),
            schemaDep('b', typeIn('c', 'string', '12', 'int')),
            schemaDep('c', typeIn('a', 'array', '"foo"', 'string')),
          ].join(','),
        ),
      ),
    );
    expect(
      errInfo(
        '{"$jsonSchema":{"dependencies":{"a":{"properties":{"b":{"type":"number"}}},"b":["a","c"]}}}',
        '{"a":[0,1,2,3],"b":"foo"}',
      ),
    ).toBe(
      schemaError(deps([schemaDep('a', typeIn('b', 'number', '"foo"', 'string')), missing('b', '["c"]')].join(','))),
    );
  });
});

describe('additionalProperties: false', () => {
  it('BasicAdditionalPropertiesFalse / BasicAdditionalPropertiesFalseRequiredMissingProperty', () => {
    expect(
      validationErrInfo(
        '{"$jsonSchema":{"properties":{"b":{"type":"number"}},"additionalProperties":false}}',
        '{"_id":0,"a":1,"b":2}',
      ),
    ).toBe(
      expectedErrInfo(
        '{"operatorName":"$jsonSchema","schemaRulesNotSatisfied":[{"operatorName":"additionalProperties","specifiedAs":{"additionalProperties":false},"additionalProperties":["_id","a"]}]}',
        '0',
      ),
    );
    expect(
      validationErrInfo(
        '{"$jsonSchema":{"required":["a"],"properties":{"b":{"type":"number"}},"additionalProperties":false}}',
        '{"_id":0,"b":2}',
      ),
    ).toBe(
      expectedErrInfo(
        `{"operatorName":"$jsonSchema","schemaRulesNotSatisfied":[{"operatorName":"additionalProperties","specifiedAs":{"additionalProperties":false},"additionalProperties":["_id"]},${requiredA}]}`,
        '0',
      ),
    );
  });
});
