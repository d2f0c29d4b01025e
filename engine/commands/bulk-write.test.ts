import { describe, expect, test } from 'vitest';
import { runBulkWrite } from './bulk-write.js';
import { buildErrorReply, toEngineError } from './update/reply.js';
import { ej, testDb, type TestDb } from './update/test-support.js';

function run(t: TestDb, cmd: string, db = 'admin'): string {
  try {
    return ej(runBulkWrite(t.ctx(cmd, db)));
  } catch (e) {
    return ej(buildErrorReply(toEngineError(e)));
  }
}

describe('bulkWrite (8.0 admin command)', () => {
  test('mixed namespaces: insert, update, delete, replace with per-op results', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "x": 11}, {"_id": 2, "x": 22}]');
    expect(
      run(
        t,
        '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {"_id": 3}}, {"update": 0, "filter": {"_id": 1}, "updateMods": {"$inc": {"x": 1}}, "multi": false}, {"delete": 1, "filter": {"_id": 9}, "multi": false}, {"update": 0, "filter": {"_id": 4}, "updateMods": {"x": 44}, "upsert": true}, {"delete": 0, "filter": {"_id": 2}}], "nsInfo": [{"ns": "test.c"}, {"ns": "other.d"}]}',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":1.0,"idx":0,"n":1},{"ok":1.0,"idx":1,"n":1,"nModified":1},{"ok":1.0,"idx":2,"n":0},{"ok":1.0,"idx":3,"n":1,"nModified":0,"upserted":{"_id":4}},{"ok":1.0,"idx":4,"n":1}],"ns":"admin.$cmd.bulkWrite"},"nErrors":0,"nInserted":1,"nMatched":1,"nModified":1,"nUpserted":1,"nDeleted":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"x":12},{"_id":3},{"_id":4,"x":44}]');
  });

  test('ordered stops at the first error; unordered continues; errorsOnly keeps only failures', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(
      run(
        t,
        '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {"_id": 1}}, {"insert": 0, "document": {"_id": 9}}], "nsInfo": [{"ns": "test.c"}]}',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":0.0,"idx":0,"code":11000,"errmsg":"E11000 duplicate key error collection: test.c index: _id_ dup key: { _id: 1 }","keyPattern":{"_id":1},"keyValue":{"_id":1},"n":0}],"ns":"admin.$cmd.bulkWrite"},"nErrors":1,"nInserted":0,"nMatched":0,"nModified":0,"nUpserted":0,"nDeleted":0,"ok":1.0}',
    );
    expect(
      run(
        t,
        '{"bulkWrite": 1, "ops": [{"update": 0, "filter": {}, "updateMods": {"$inc": {"_id": 1}}}, {"insert": 0, "document": {"_id": 9}}], "nsInfo": [{"ns": "test.c"}], "ordered": false, "errorsOnly": true}',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":0.0,"idx":0,"code":66,"errmsg":"Plan executor error during update :: caused by :: Performing an update on the path \'_id\' would modify the immutable field \'_id\'","n":0,"nModified":0}],"ns":"admin.$cmd.bulkWrite"},"nErrors":1,"nInserted":1,"nMatched":0,"nModified":0,"nUpserted":0,"nDeleted":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1},{"_id":9}]');
  });

  test('let and constants reach $expr and pipelines; sort picks the document', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 2}, {"_id": 2, "v": 1}]');
    expect(
      run(
        t,
        '{"bulkWrite": 1, "ops": [{"update": 0, "filter": {"$expr": {"$gte": ["$v", "$$min"]}}, "updateMods": [{"$set": {"tag": "$$t"}}], "constants": {"t": "c"}, "sort": {"v": 1}}], "nsInfo": [{"ns": "test.c"}], "let": {"min": 1}}',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":1.0,"idx":0,"n":1,"nModified":1}],"ns":"admin.$cmd.bulkWrite"},"nErrors":0,"nInserted":0,"nMatched":1,"nModified":1,"nUpserted":0,"nDeleted":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":2},{"_id":2,"v":1,"tag":"c"}]');
  });

  test("the command's let applies to delete ops too", () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}, {"_id": 2}]');
    expect(
      run(
        t,
        '{"bulkWrite": 1, "ops": [{"delete": 0, "filter": {"$expr": {"$eq": ["$_id", "$$id2"]}}}], "nsInfo": [{"ns": "test.c"}], "let": {"id2": 2}}',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":1.0,"idx":0,"n":1}],"ns":"admin.$cmd.bulkWrite"},"nErrors":0,"nInserted":0,"nMatched":0,"nModified":0,"nUpserted":0,"nDeleted":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1}]');
  });

  test('argument errors as mongod reports them', () => {
    const t = testDb();
    expect(
      run(t, '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {}}], "nsInfo": [{"ns": "test.c"}]}', 'test'),
    ).toBe(
      '{"ok":0.0,"errmsg":"bulkWrite may only be run against the admin database.","code":13,"codeName":"Unauthorized"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [], "nsInfo": [{"ns": "test.c"}]}')).toBe(
      '{"ok":0.0,"errmsg":"Write batch sizes must be between 1 and 100000. Got 0 operations.","code":16,"codeName":"InvalidLength"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [], "nsInfo": 5}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'bulkWrite.nsInfo\' is the wrong type \'int\', expected type \'array\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {}}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'bulkWrite.nsInfo\' is missing but a required field","code":40414,"codeName":"IDLFailedToParse"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"frobnicate": 0}], "nsInfo": [{"ns": "test.c"}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'bulkWrite.frobnicate\' is an unknown field.","code":40415,"codeName":"IDLUnknownField"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"update": 0, "updateMods": {}}], "nsInfo": [{"ns": "test.c"}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'bulkWrite.ops.filter\' is missing but a required field","code":40414,"codeName":"IDLFailedToParse"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"insert": -1, "document": {}}], "nsInfo": [{"ns": "test.c"}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'insert\' value must be >= 0, actual value \'-1\'","code":2,"codeName":"BadValue"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"insert": 5, "document": {}}], "nsInfo": [{"ns": "test.c"}]}')).toBe(
      '{"ok":0.0,"errmsg":"BulkWrite ops entry 0 has an invalid nsInfo index.","code":2,"codeName":"BadValue"}',
    );
    expect(run(t, '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {}}], "nsInfo": [{"ns": "nodot"}]}')).toBe(
      '{"ok":0.0,"errmsg":"Invalid namespace specified for bulkWrite: \'nodot\'","code":73,"codeName":"InvalidNamespace"}',
    );
  });
});
