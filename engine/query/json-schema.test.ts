import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { compileQuery } from './index.js';

const d = (t: string): Doc => parseEJSON(t) as Doc;

function which(schema: string, docs: string[]): number[] {
  const m = compileQuery(d(`{"$jsonSchema":${schema}}`), { collator: null });
  return docs.flatMap((doc, i) => (m.matches(d(doc)) ? [i] : []));
}

function err(schema: string): [number, string] {
  try {
    compileQuery(d(`{"$jsonSchema":${schema}}`), { collator: null });
  } catch (e) {
    if (isEngineError(e)) return [e.code, e.errmsg];
    throw e;
  }
  throw new Error('no error');
}

describe('$jsonSchema', () => {
  it('checks required fields and property types', () => {
    const schema =
      '{"required":["name"],"properties":{"name":{"bsonType":"string"},"age":{"bsonType":"int","minimum":0,"maximum":150}}}';
    const docs = [
      '{"name":"a","age":3}',
      '{"age":3}',
      '{"name":1}',
      '{"name":"a","age":-1}',
      '{"name":"a","age":3.5}',
      '{"name":"a"}',
    ];
    expect(which(schema, docs)).toEqual([0, 5]);
  });

  it('type "number" covers all numeric types; keywords ignore other types', () => {
    expect(
      which('{"properties":{"x":{"type":"number","minimum":5,"exclusiveMinimum":true}}}', [
        '{"x":5}',
        '{"x":{"$numberLong":"6"}}',
        '{"x":"9"}',
        '{}',
      ]),
    ).toEqual([1, 3]);
    expect(
      which('{"properties":{"x":{"minLength":2}}}', ['{"x":"a"}', '{"x":"ab"}', '{"x":1}', '{"x":"😀😀"}']),
    ).toEqual([1, 2, 3]);
  });

  it('handles objects: additionalProperties, patternProperties, min/maxProperties, dependencies', () => {
    const schema =
      '{"properties":{"_id":{},"a":{}},"patternProperties":{"^x":{"bsonType":"int"}},"additionalProperties":false}';
    expect(which(schema, ['{"_id":1,"a":2}', '{"_id":1,"b":2}', '{"_id":1,"x1":2}', '{"_id":1,"x1":"s"}'])).toEqual([
      0, 2,
    ]);
    expect(which('{"minProperties":2,"maxProperties":2}', ['{"a":1}', '{"a":1,"b":2}', '{"a":1,"b":2,"c":3}'])).toEqual(
      [1],
    );
    expect(which('{"dependencies":{"a":["b"]}}', ['{"a":1}', '{"a":1,"b":1}', '{"c":1}'])).toEqual([1, 2]);
  });

  it('handles arrays: items, tuples, additionalItems, min/maxItems, uniqueItems', () => {
    expect(
      which('{"properties":{"t":{"items":{"bsonType":"int"}}}}', ['{"t":[1,2]}', '{"t":[1,"x"]}', '{"t":5}']),
    ).toEqual([0, 2]);
    expect(
      which('{"properties":{"t":{"items":[{"bsonType":"int"}],"additionalItems":false}}}', [
        '{"t":[1]}',
        '{"t":[1,2]}',
        '{"t":[]}',
      ]),
    ).toEqual([0, 2]);
    expect(
      which('{"properties":{"t":{"minItems":1,"maxItems":2}}}', ['{"t":[]}', '{"t":[1]}', '{"t":[1,2,3]}']),
    ).toEqual([1]);
    expect(
      which('{"properties":{"t":{"uniqueItems":true}}}', [
        '{"t":[1,2]}',
        '{"t":[1,1.0]}',
        '{"t":[{"a":1,"b":2},{"b":2,"a":1}]}',
      ]),
    ).toEqual([0]);
  });

  it('handles enum, pattern and the combinators', () => {
    expect(
      which('{"properties":{"s":{"enum":["a",{"x":1,"y":2}]}}}', ['{"s":"a"}', '{"s":"b"}', '{"s":{"y":2,"x":1}}']),
    ).toEqual([0, 2]);
    expect(which('{"properties":{"s":{"pattern":"^a+$"}}}', ['{"s":"aaa"}', '{"s":"ab"}'])).toEqual([0]);
    expect(
      which('{"properties":{"n":{"anyOf":[{"bsonType":"string"},{"bsonType":"int"}]}}}', [
        '{"n":"x"}',
        '{"n":1}',
        '{"n":true}',
      ]),
    ).toEqual([0, 1]);
    expect(
      which('{"properties":{"n":{"oneOf":[{"minimum":1},{"maximum":5}]}}}', ['{"n":3}', '{"n":0}', '{"n":9}']),
    ).toEqual([1, 2]);
    expect(which('{"properties":{"n":{"not":{"bsonType":"string"}}}}', ['{"n":"x"}', '{"n":1}'])).toEqual([1]);
    expect(which('{"properties":{"n":{"allOf":[{"minimum":1},{"maximum":5}]}}}', ['{"n":3}', '{"n":9}'])).toEqual([0]);
  });

  it('rejects unsupported and malformed schemas', () => {
    expect(err('{"$ref":"#/x"}')).toEqual([9, "$jsonSchema keyword '$ref' is not currently supported"]);
    expect(err('{"foo":1}')).toEqual([9, 'Unknown $jsonSchema keyword: foo']);
    expect(err('{"type":"integer"}')).toEqual([9, "$jsonSchema type 'integer' is not currently supported."]);
    expect(err('{"required":[]}')).toEqual([9, "$jsonSchema keyword 'required' cannot be an empty array"]);
    expect(err('{"required":"a"}')).toEqual([14, "$jsonSchema keyword 'required' must be an array"]);
    expect(err('{"type":"object","bsonType":"object"}')).toEqual([
      9,
      "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'",
    ]);
    expect(err('{"minimum":"a"}')).toEqual([14, "$jsonSchema keyword 'minimum' must be a number"]);
  });
});
