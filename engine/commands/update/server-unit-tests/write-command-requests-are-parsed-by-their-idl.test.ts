/**
 * How the write commands read their request (write_ops_parsers_test.cpp, from write_ops.idl and
 * write_ops.cpp): unknown fields are refused at the top level and inside a statement (40415),
 * each field has its IDL type (14 with the field's full path), a batch holds 1 to 100,000
 * operations (16), a delete's `limit` is 0 or 1 (9), and every documented `update` statement
 * form parses: a modifier or a pipeline `u` with `arrayFilters`, `multi`, `upsert` and
 * `collation` in every combination, `bypassDocumentValidation` as any number or boolean, `ordered`
 * as a boolean. The C++ parses the request alone; here each one runs as the command it is, on a
 * standalone engine, and the reply shows what the parse decided.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc } from '../../../bson/values.js';
import { canon, ejson, run, testEngine } from '../../testing.js';

/** `code: errmsg` of a command-level error, or of the first write error; otherwise the counts. */
function outcome(command: string, setup: readonly string[] = []): string {
  const engine = testEngine();
  for (const s of setup) run(engine, 'foo', s);
  const reply: Doc = run(engine, 'foo', command);
  if (reply.get('ok') !== 1 && Number(String(reply.get('ok'))) !== 1)
    return `${String(reply.get('code'))}: ${String(reply.get('errmsg'))}`;
  const writeErrors = reply.get('writeErrors');
  if (Array.isArray(writeErrors) && isDoc(writeErrors[0])) {
    return `${String(writeErrors[0].get('code'))}: ${String(writeErrors[0].get('errmsg'))}`;
  }
  const counts: Doc = new Map();
  for (const k of ['n', 'nModified', 'upserted']) if (reply.has(k)) counts.set(k, reply.get(k)!);
  return ejson(counts);
}

describe('unknown fields are refused (GarbageFieldsAtTopLevel_Body, GarbageFieldsInUpdateDoc, GarbageFieldsInDeleteDoc)', () => {
  it.each([
    [
      '{"insert": "bar", "documents": [{}], "GARBAGE": [{}]}',
      "40415: BSON field 'insert.GARBAGE' is an unknown field.",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}}], "GARBAGE": [{}]}',
      "40415: BSON field 'update.GARBAGE' is an unknown field.",
    ],
    [
      '{"delete": "bar", "deletes": [{"q": {}, "limit": 0}], "GARBAGE": [{}]}',
      "40415: BSON field 'delete.GARBAGE' is an unknown field.",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "GARBAGE": 1}]}',
      "40415: BSON field 'update.updates.GARBAGE' is an unknown field.",
    ],
    [
      '{"delete": "bar", "deletes": [{"q": {}, "limit": 0, "GARBAGE": 1}]}',
      "40415: BSON field 'delete.deletes.GARBAGE' is an unknown field.",
    ],
    // includeQueryStatsMetricsForOpIndex (NegativeIncludeQueryStatsMetricsForOpIndex*) is newer than 8.0: unknown there.
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "includeQueryStatsMetricsForOpIndex": 0}]}',
      "40415: BSON field 'update.updates.includeQueryStatsMetricsForOpIndex' is an unknown field.",
    ],
  ])('%s', (command, expected) => {
    expect(outcome(command)).toBe(expected);
  });
});

describe('each field has its IDL type (BadCollationFieldIn*Doc, BadArrayFilters*InUpdateDoc)', () => {
  it.each([
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "collation": 1}]}',
      "14: BSON field 'update.updates.collation' is the wrong type 'int', expected type 'object'",
    ],
    [
      '{"delete": "bar", "deletes": [{"q": {}, "limit": 0, "collation": 1}]}',
      "14: BSON field 'delete.deletes.collation' is the wrong type 'int', expected type 'object'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "arrayFilters": "bad"}]}',
      "14: BSON field 'update.updates.arrayFilters' is the wrong type 'string', expected type 'array'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "arrayFilters": ["bad"]}]}',
      "14: BSON field 'update.updates.arrayFilters.0' is the wrong type 'string', expected type 'object'",
    ],
    [
      '{"update": "bar", "updates": [{"q": 5, "u": {}}]}',
      "14: BSON field 'update.updates.q' is the wrong type 'int', expected type 'object'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": [{"$set": {"a": 1}}], "c": 5}]}',
      "14: BSON field 'update.updates.c' is the wrong type 'int', expected type 'object'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "multi": "yes"}]}',
      "14: BSON field 'update.updates.multi' is the wrong type 'string', expected type 'bool'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "upsert": 1}]}',
      "14: BSON field 'update.updates.upsert' is the wrong type 'int', expected type 'bool'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}, "upsertSupplied": 1}]}',
      "14: BSON field 'update.updates.upsertSupplied' is the wrong type 'int', expected type 'bool'",
    ],
    [
      '{"update": "bar", "updates": [5]}',
      "14: BSON field 'update.updates.0' is the wrong type 'int', expected type 'object'",
    ],
    [
      '{"update": "bar", "updates": {}}',
      "14: BSON field 'update.updates' is the wrong type 'object', expected type 'array'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}}], "ordered": 1}',
      "14: BSON field 'update.ordered' is the wrong type 'int', expected type 'bool'",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}, "u": {}}], "let": 5}',
      "14: BSON field 'update.let' is the wrong type 'int', expected type 'object'",
    ],
    ['{"update": "bar", "updates": [{"q": {}, "u": 5}]}', '9: Update argument must be either an object or an array'],
    [
      '{"update": "bar", "updates": [{"u": {}}]}',
      "40414: BSON field 'update.updates.q' is missing but a required field",
    ],
    [
      '{"update": "bar", "updates": [{"q": {}}]}',
      "40414: BSON field 'update.updates.u' is missing but a required field",
    ],
    ['{"update": "bar"}', "40414: BSON field 'update.updates' is missing but a required field"],
  ])('%s', (command, expected) => {
    expect(outcome(command)).toBe(expected);
  });
});

describe('a batch holds 1 to 100,000 operations (EmptyMultiInsertFails)', () => {
  it.each([
    ['{"insert": "foo", "documents": []}'],
    ['{"update": "foo", "updates": []}'],
    ['{"delete": "foo", "deletes": []}'],
  ])('%s', (command) => {
    expect(outcome(command)).toBe('16: Write batch sizes must be between 1 and 100000. Got 0 operations.');
  });
});

describe("a delete's limit is 0 or 1 (RemoveErrorsWithBadLimit, Remove)", () => {
  it.each([
    ['-1', '9: The limit field in delete objects must be 0 or 1. Got -1'],
    ['2', '9: The limit field in delete objects must be 0 or 1. Got 2'],
    ['0.5', '9: The limit field in delete objects must be 0 or 1. Got 0.5'],
  ])('limit %s', (limit, expected) => {
    expect(outcome(`{"delete": "bar", "deletes": [{"q": {}, "limit": ${limit}}]}`)).toBe(expected);
  });
  it.each([
    ['0', '{"n": 2}'],
    ['1', '{"n": 1}'],
  ])('limit %s with a collation deletes %s', (limit, expected) => {
    const setup = ['{"insert": "foo", "documents": [{"_id": 1, "x": 1}, {"_id": 2, "x": 1}]}'];
    expect(
      outcome(
        `{"delete": "foo", "deletes": [{"q": {"x": 1}, "limit": ${limit}, "collation": {"locale": "en_US"}}]}`,
        setup,
      ),
    ).toBe(canon(expected));
  });
});

describe('every update statement form parses (UpdateCommandRequest, UpdateWithPipeline)', () => {
  const setup = ['{"insert": "foo", "documents": [{"_id": 1, "x": 1, "a": [0, 1]}]}'];
  for (const upsert of [false, true]) {
    for (const multi of [false, true]) {
      it(`modifier with arrayFilters, multi: ${multi}, upsert: ${upsert}, collation`, () => {
        const command = `{"update": "foo", "updates": [{"q": {"x": 1}, "u": {"$inc": {"a.$[i]": 1}}, "arrayFilters": [{"i": 0}], "multi": ${multi}, "upsert": ${upsert}, "collation": {"locale": "en_US"}}]}`;
        expect(outcome(command, setup)).toBe(canon('{"n": 1, "nModified": 1}'));
      });
      it(`pipeline [{$addFields: {x: 1}}], multi: ${multi}, upsert: ${upsert}, collation`, () => {
        const command = `{"update": "foo", "updates": [{"q": {"x": 2}, "u": [{"$addFields": {"x": 1}}], "multi": ${multi}, "upsert": ${upsert}, "collation": {"locale": "en_US"}}]}`;
        expect(outcome(command, setup)).toBe(
          canon(
            upsert
              ? '{"n": 1, "nModified": 0, "upserted": [{"index": 0, "_id": {"$oid": "000000000000000000000001"}}]}'
              : '{"n": 0, "nModified": 0}',
          ),
        );
      });
    }
  }
});

describe('bypassDocumentValidation is any boolean or number, ordered a boolean (CommonFields_BypassDocumentValidation, CommonFields_Ordered)', () => {
  const setup = ['{"create": "foo", "validator": {"x": {"$type": "string"}}}'];
  it.each([
    ['true', canon('{"n": 1}')],
    ['1', canon('{"n": 1}')],
    ['1.0', canon('{"n": 1}')],
    ['false', '121: Document failed validation'],
    ['0', '121: Document failed validation'],
    ['0.0', '121: Document failed validation'],
  ])('bypassDocumentValidation: %s', (value, expected) => {
    expect(outcome(`{"insert": "foo", "documents": [{"x": 1}], "bypassDocumentValidation": ${value}}`, setup)).toBe(
      expected,
    );
  });
  it.each([
    ['true', canon('{"n": 0}')],
    ['false', canon('{"n": 1}')],
  ])('ordered: %s', (ordered, expected) => {
    // A duplicate _id first: ordered stops there, unordered inserts the second document.
    const command = `{"insert": "foo", "documents": [{"_id": 1}, {"_id": 2}], "ordered": ${ordered}}`;
    const engine = testEngine();
    run(engine, 'foo', '{"insert": "foo", "documents": [{"_id": 1}]}');
    const reply = run(engine, 'foo', command);
    expect(ejson(new Map([['n', reply.get('n')!]]))).toBe(expected);
  });
});
