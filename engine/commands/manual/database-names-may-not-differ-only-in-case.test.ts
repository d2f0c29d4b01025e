/**
 * Manual: reference/limits, "Naming Restrictions" → "Case Sensitivity in Database Names": database
 * names are case-sensitive, and "case cannot be the only difference between database names".
 * Server: database_holder_impl.cpp `DatabaseHolderImpl::openDb` refuses to create a database whose
 * name equals an existing one but for case: 13297 DatabaseDifferCase "db already exists with
 * different case already have: [<existing>] trying to create [<new>]". A write that would create
 * it fails where the collection is created: insert (`insertBatchAndHandleErrors`: each document
 * that reaches the collection gets the error) and upserts as write errors, create, createIndexes
 * and findAndModify as command errors; reads of the other spelling just see nothing.
 */
import { describe, expect, test } from 'vitest';
import { manual } from './harness.js';

const MSG = 'db already exists with different case already have: [test] trying to create [Test]';

describe('a database name may not differ from an existing one only in case (reference/limits)', () => {
  test('insert: every document that reaches the collection gets 13297; nothing is created', () => {
    const m = manual();
    m.cmd('{"insert": "c", "documents": [{"_id": 1}]}');
    expect(m.cmd('{"insert": "c", "documents": [{"_id": 1}, {"_id": [2]}, {"_id": 3}], "ordered": false}', 'Test')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":13297,"errmsg":"${MSG}"},{"index":1,"code":53,"errmsg":"The '_id' value cannot be of type array"},{"index":2,"code":13297,"errmsg":"${MSG}"}],"ok":1.0}`,
    );
    expect(m.cmd('{"listDatabases": 1, "nameOnly": true}', 'admin')).toBe(
      '{"databases":[{"name":"local"},{"name":"test"}],"ok":1.0}',
    );
    expect(m.cmd('{"find": "c"}', 'Test')).toBe('{"cursor":{"firstBatch":[],"id":0,"ns":"Test.c"},"ok":1.0}');
  });

  test('an upsert is a write error; an update that matches nothing creates nothing and succeeds', () => {
    const m = manual();
    m.cmd('{"insert": "c", "documents": [{"_id": 1}]}');
    expect(m.cmd('{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}, "upsert": true}]}', 'Test')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":13297,"errmsg":"${MSG}"}],"nModified":0,"ok":1.0}`,
    );
    expect(m.cmd('{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}]}', 'Test')).toBe(
      '{"n":0,"nModified":0,"ok":1.0}',
    );
  });

  test('create, createIndexes and an upserting findAndModify fail the command', () => {
    const m = manual();
    m.cmd('{"insert": "c", "documents": [{"_id": 1}]}');
    const failed = `{"ok":0.0,"errmsg":"${MSG}","code":13297,"codeName":"DatabaseDifferCase"}`;
    expect(m.cmd('{"create": "d"}', 'Test')).toBe(failed);
    expect(m.cmd('{"createIndexes": "d", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}', 'Test')).toBe(failed);
    expect(m.cmd('{"findAndModify": "d", "query": {}, "update": {"$set": {"a": 1}}, "upsert": true}', 'Test')).toBe(failed);
  });

  test('once the other spelling is gone, the name is free again', () => {
    const m = manual();
    m.cmd('{"insert": "c", "documents": [{"_id": 1}]}');
    m.cmd('{"dropDatabase": 1}');
    expect(m.cmd('{"insert": "c", "documents": [{"_id": 1}]}', 'Test')).toBe('{"n":1,"ok":1.0}');
  });
});
