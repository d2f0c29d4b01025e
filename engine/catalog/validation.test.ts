import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from '../commands/testing.js';
import { docFromJS } from '../bson/ejson.js';
import { replaceDocument } from './writes.js';
import { isEngineError } from '../errors.js';

function writeError(reply: Map<string, unknown>): Map<string, unknown> {
  return (reply.get('writeErrors') as Map<string, unknown>[])[0]!;
}

describe('document validation', () => {
  it('fails a query validator with 121 and 5.0+ errInfo details', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "validator": {"a": {"$gt": 5}}}');
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}'))).toBe(
      canon(`{"n": 0, "writeErrors": [{"index": 0, "code": 121, "errInfo": {"failingDocumentId": 1, "details":
        {"operatorName": "$gt", "specifiedAs": {"a": {"$gt": 5}}, "reason": "comparison failed", "consideredValue": 1}},
        "errmsg": "Document failed validation"}], "ok": 1.0}`),
    );
  });

  it('lists failing clauses of a multi-clause validator under $and', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "validator": {"a": {"$gt": 5}, "b": {"$type": "string"}, "c": 1}}');
    const err = writeError(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1, "b": 2, "c": 1}]}'));
    expect(ejson(err.get('errInfo') as never)).toBe(
      canon(`{"failingDocumentId": 1, "details": {"operatorName": "$and", "clausesNotSatisfied": [
        {"index": 0, "details": {"operatorName": "$gt", "specifiedAs": {"a": {"$gt": 5}}, "reason": "comparison failed", "consideredValue": 1}},
        {"index": 1, "details": {"operatorName": "$type", "specifiedAs": {"b": {"$type": "string"}}, "reason": "type did not match", "consideredValue": 2, "consideredType": "int"}}]}}`),
    );
  });

  // The server's keyword order (json_schema_parser.cpp's translateObjectKeywords), not the written one.
  it('reports $jsonSchema failures as schemaRulesNotSatisfied', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"create": "c", "validator": {"$jsonSchema": {"required": ["name"], "properties": {"age": {"bsonType": "int"}}}}}',
    );
    const err = writeError(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "age": 1.5}]}'));
    expect(ejson(err.get('errInfo') as never)).toBe(
      canon(`{"failingDocumentId": 1, "details": {"operatorName": "$jsonSchema", "schemaRulesNotSatisfied": [
        {"operatorName": "properties", "propertiesNotSatisfied": [{"propertyName": "age", "details": [
          {"operatorName": "bsonType", "specifiedAs": {"bsonType": "int"}, "reason": "type did not match", "consideredValue": 1.5, "consideredType": "double"}]}]},
        {"operatorName": "required", "specifiedAs": {"required": ["name"]}, "missingProperties": ["name"]}]}}`),
    );
  });

  it('lets the write through with validationAction warn and records a warning', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "validator": {"a": 1}, "validationAction": "warn"}');
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 2}]}'))).toBe(
      canon('{"n": 1, "ok": 1.0}'),
    );
    const warning = engine.recentOperations().find((r) => r.kind === 'warning')!;
    expect(warning.message).toBe('Document would fail validation');
    expect(warning.ns).toBe('t.c');
  });

  it('skips validation with bypassDocumentValidation and with validationLevel off', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "validator": {"a": 1}}');
    expect(
      ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}], "bypassDocumentValidation": true}')),
    ).toBe(canon('{"n": 1, "ok": 1.0}'));
    run(engine, 't', '{"collMod": "c", "validationLevel": "off"}');
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 2}]}'))).toBe(canon('{"n": 1, "ok": 1.0}'));
  });

  it('with validationLevel moderate, does not check updates of already-invalid documents', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 0}, {"_id": 2, "a": 1}]}');
    run(engine, 't', '{"collMod": "c", "validator": {"a": 1}, "validationLevel": "moderate"}');
    const coll = engine.catalog.getCollection('t', 'c')!;
    const [invalid, valid] = coll.snapshot();
    replaceDocument(engine.catalog, coll, invalid!, docFromJS({ _id: 1, a: 5 }));
    let error: unknown;
    try {
      replaceDocument(engine.catalog, coll, valid!, docFromJS({ _id: 2, a: 5 }));
    } catch (e) {
      error = e;
    }
    expect(isEngineError(error) && error.code).toBe(121);
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1, "a": 5}, {"_id": 2, "a": 1}]'));
  });

  it('rejects a malformed validator at create time', () => {
    expect(run(testEngine(), 't', '{"create": "c", "validator": {"a": {"$bad": 1}}}').get('ok')).toBe(0);
  });
});
