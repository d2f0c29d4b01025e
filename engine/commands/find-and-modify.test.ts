import { describe, expect, test } from 'vitest';
import { runFindAndModify } from './find-and-modify.js';
import { buildErrorReply, toEngineError } from './update/reply.js';
import { ej, testDb, type TestDb } from './update/test-support.js';

function run(t: TestDb, cmd: string): string {
  try {
    return ej(runFindAndModify(t.ctx(cmd)));
  } catch (e) {
    return ej(buildErrorReply(toEngineError(e)));
  }
}

describe('findAndModify', () => {
  test('update returns the pre-image by default', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 1}]');
    expect(run(t, '{"findAndModify": "c", "query": {"a": 1}, "update": {"$inc": {"a": 5}}}')).toBe(
      '{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"_id":1,"a":1},"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":6},{"_id":2,"a":1}]');
  });

  test('new:true returns the post-image, projected by fields, in sort order', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1, "p": 3}, {"_id": 2, "a": 1, "p": 9}]');
    expect(
      run(
        t,
        '{"findAndModify": "c", "query": {"a": 1}, "sort": {"p": -1}, "update": {"$set": {"b": true}}, "new": true, "fields": {"_id": 0, "b": 1, "p": 1}}',
      ),
    ).toBe('{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"p":9,"b":true},"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":1,"p":3},{"_id":2,"a":1,"p":9,"b":true}]');
  });

  test('replacement (findOneAndReplace)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(run(t, '{"findAndModify": "c", "query": {"_id": 1}, "update": {"z": 1}, "new": true}')).toBe(
      '{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"_id":1,"z":1},"ok":1.0}',
    );
  });

  test('no match without upsert: n 0, updatedExisting false, value null', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(run(t, '{"findAndModify": "c", "query": {"_id": 9}, "update": {"$set": {"a": 1}}}')).toBe(
      '{"lastErrorObject":{"n":0,"updatedExisting":false},"value":null,"ok":1.0}',
    );
  });

  test('upsert reports the new _id; value is null unless new:true', () => {
    const t = testDb();
    t.seed('c', '[]');
    const before = t.oplogSize();
    expect(run(t, '{"findAndModify": "c", "query": {"k": 1}, "update": {"$set": {"a": 1}}, "upsert": true}')).toBe(
      '{"lastErrorObject":{"n":1,"updatedExisting":false,"upserted":{"$oid":"000000000000000000000001"}},"value":null,"ok":1.0}',
    );
    expect(
      run(t, '{"findAndModify": "c", "query": {"k": 2}, "update": {"$set": {"a": 1}}, "upsert": true, "new": true}'),
    ).toBe(
      '{"lastErrorObject":{"n":1,"updatedExisting":false,"upserted":{"$oid":"000000000000000000000002"}},"value":{"_id":{"$oid":"000000000000000000000002"},"k":2,"a":1},"ok":1.0}',
    );
    expect(t.contents('c')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"k":1,"a":1},{"_id":{"$oid":"000000000000000000000002"},"k":2,"a":1}]',
    );
    expect(t.oplog(before)).toHaveLength(2);
  });

  test('remove returns the deleted document', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "p": 1}, {"_id": 2, "p": 5}]');
    const before = t.oplogSize();
    expect(run(t, '{"findAndModify": "c", "query": {}, "sort": {"p": -1}, "remove": true}')).toBe(
      '{"lastErrorObject":{"n":1},"value":{"_id":2,"p":5},"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"p":1}]');
    expect(t.oplog(before)).toEqual(['{"op":"d","ns":"test.c","o":{"_id":2}}']);
    expect(run(t, '{"findAndModify": "c", "query": {"p": 7}, "remove": true}')).toBe(
      '{"lastErrorObject":{"n":0},"value":null,"ok":1.0}',
    );
  });

  test('validation errors are command errors with the server texts', () => {
    const t = testDb();
    expect(run(t, '{"findAndModify": "c", "query": {}}')).toBe(
      '{"ok":0.0,"errmsg":"Either an update or remove=true must be specified","code":9,"codeName":"FailedToParse"}',
    );
    expect(run(t, '{"findAndModify": "c", "remove": true, "update": {}}')).toBe(
      '{"ok":0.0,"errmsg":"Cannot specify both an update and remove=true","code":9,"codeName":"FailedToParse"}',
    );
    expect(run(t, '{"findAndModify": "c", "remove": true, "upsert": true}')).toBe(
      '{"ok":0.0,"errmsg":"Cannot specify both upsert=true and remove=true ","code":9,"codeName":"FailedToParse"}',
    );
    expect(run(t, '{"findAndModify": "c", "remove": true, "new": true}')).toBe(
      '{"ok":0.0,"errmsg":"Cannot specify both new=true and remove=true; \'remove\' always returns the deleted document","code":9,"codeName":"FailedToParse"}',
    );
    expect(run(t, '{"findAndModify": "c", "update": [{"$set": {"a": 1}}], "arrayFilters": [{"i": 1}]}')).toBe(
      '{"ok":0.0,"errmsg":"Cannot specify arrayFilters and a pipeline update","code":9,"codeName":"FailedToParse"}',
    );
    expect(run(t, '{"findAndModify": "c", "update": {}, "bogus": 1}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'findAndModify.bogus\' is an unknown field.","code":40415,"codeName":"IDLUnknownField"}',
    );
    expect(run(t, '{"findAndModify": "c", "update": {}, "new": "yes"}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'findAndModify.new\' is the wrong type \'string\', expected types \'[bool, long, int, decimal, double]\'","code":14,"codeName":"TypeMismatch"}',
    );
  });

  test('runtime errors are prefixed with "Plan executor error during findAndModify"', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": "x"}]');
    expect(run(t, '{"findAndModify": "c", "query": {}, "update": {"$inc": {"a": 1}}}')).toBe(
      '{"ok":0.0,"errmsg":"Plan executor error during findAndModify :: caused by :: Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field \'a\' of non-numeric type string","code":14,"codeName":"TypeMismatch"}',
    );
    t.createIndex('c', '{"key": {"u": 1}, "unique": true}');
    t.seed('c', '[{"_id": 2, "u": 1}]');
    expect(run(t, '{"findAndModify": "c", "query": {"_id": 1}, "update": {"$set": {"u": 1}}}')).toBe(
      '{"ok":0.0,"errmsg":"Plan executor error during findAndModify :: caused by :: E11000 duplicate key error collection: test.c index: u_1 dup key: { u: 1 }","code":11000,"codeName":"DuplicateKey","keyPattern":{"u":1},"keyValue":{"u":1}}',
    );
  });

  test('arrayFilters, collation, hint and let apply', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "s": "A", "xs": [1, 5]}]');
    expect(
      run(
        t,
        '{"findAndModify": "c", "query": {"s": "a", "$expr": {"$eq": ["$_id", "$$id"]}}, "collation": {"locale": "en", "strength": 2}, "update": {"$set": {"xs.$[e]": 0}}, "arrayFilters": [{"e": {"$gt": 2}}], "hint": {"_id": 1}, "let": {"id": 1}, "new": true}',
      ),
    ).toBe('{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"_id":1,"s":"A","xs":[1,0]},"ok":1.0}');
  });
});
