import { describe, expect, test } from 'vitest';
import { runUpsertRace, upsertRaceCommand } from './interleave.js';
import { d, ej, testDb } from './update/test-support.js';

const stmt = (s: string) => d(s);

describe('Upsert rules 7: concurrent identical upserts (interleave facility)', () => {
  test('Upsert rules 7: with a unique index on the predicate field the loser retries as an update', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"name": 1}, "unique": true}');
    const before = t.oplogSize();
    const s = '{"q": {"name": "x"}, "u": {"$inc": {"count": 1}}, "upsert": true}';
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), { collection: 'c', first: stmt(s), second: stmt(s) });
    expect(ej(r.first)).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}',
    );
    expect(ej(r.second)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(r.firstOutcome).toBe('inserted');
    expect(r.secondOutcome).toBe('retriedAsUpdate');
    expect(r.retryConditions).toEqual({
      uniqueIndexRaisedDuplicateKey: true,
      notMulti: true,
      equalityPredicatesOnly: true,
      predicateFieldsMatchIndexKey: true,
      updateLeavesIndexKeyAlone: true,
    });
    expect(r.details.second?.retriedAsUpdate).toBe(true);
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"name":"x","count":2}]');
    expect(t.oplog(before)).toEqual([
      '{"op":"i","ns":"test.c","o":{"_id":{"$oid":"000000000000000000000001"},"name":"x","count":1},"o2":{"_id":{"$oid":"000000000000000000000001"}}}',
      '{"op":"u","ns":"test.c","o":{"$v":2,"diff":{"u":{"count":2}}},"o2":{"_id":{"$oid":"000000000000000000000001"}}}',
    ]);
  });

  test('Upsert rules 7: an _id equality races on the _id index and retries', () => {
    const t = testDb();
    t.seed('c', '[]');
    const s = '{"q": {"_id": 5}, "u": {"$push": {"log": "hit"}}, "upsert": true}';
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), { collection: 'c', first: stmt(s), second: stmt(s) });
    expect(r.secondOutcome).toBe('retriedAsUpdate');
    expect(t.contents('c')).toBe('[{"_id":5,"log":["hit","hit"]}]');
  });

  test('Upsert rules 7: without a unique index both inserts succeed (duplicates)', () => {
    const t = testDb();
    t.seed('c', '[]');
    const s = '{"q": {"name": "x"}, "u": {"$inc": {"count": 1}}, "upsert": true}';
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), { collection: 'c', first: stmt(s), second: stmt(s) });
    expect(r.secondOutcome).toBe('inserted');
    expect(ej(r.second)).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000002"}}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"name":"x","count":1},{"_id":{"$oid":"000000000000000000000002"},"name":"x","count":1}]',
    );
  });

  test('Upsert rules 7: multi:true fails on the duplicate key instead of retrying', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"name": 1}, "unique": true}');
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), {
      collection: 'c',
      first: stmt('{"q": {"name": "x"}, "u": {"$inc": {"count": 1}}, "upsert": true}'),
      second: stmt('{"q": {"name": "x"}, "u": {"$inc": {"count": 1}}, "upsert": true, "multi": true}'),
    });
    expect(r.secondOutcome).toBe('duplicateKeyError');
    expect(r.retryConditions?.notMulti).toBe(false);
    expect(ej(r.second)).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":11000,"errmsg":"Plan executor error during update :: caused by :: E11000 duplicate key error collection: test.c index: name_1 dup key: { name: \\"x\\" }","keyPattern":{"name":1},"keyValue":{"name":"x"}}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"name":"x","count":1}]');
  });

  test('Upsert rules 7: a predicate that is not only equalities fails', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"name": 1}, "unique": true}');
    const s = '{"q": {"name": "x", "n": {"$exists": false}}, "u": {"$set": {"v": 1}}, "upsert": true}';
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), { collection: 'c', first: stmt(s), second: stmt(s) });
    expect(r.secondOutcome).toBe('duplicateKeyError');
    expect(r.retryConditions?.equalityPredicatesOnly).toBe(false);
  });

  test('Upsert rules 7: predicate fields different from the index key fail', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"name": 1}, "unique": true}');
    const s = '{"q": {"name": "x", "city": "y"}, "u": {"$set": {"v": 1}}, "upsert": true}';
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), { collection: 'c', first: stmt(s), second: stmt(s) });
    expect(r.secondOutcome).toBe('duplicateKeyError');
    expect(r.retryConditions?.predicateFieldsMatchIndexKey).toBe(false);
  });

  test('Upsert rules 7: an update that modifies the index key fails', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"name": 1}, "unique": true}');
    const r = runUpsertRace(t.ctx('{"upsertRace": "c"}'), {
      collection: 'c',
      first: stmt('{"q": {"name": "x"}, "u": {"$set": {"v": 1}}, "upsert": true}'),
      second: stmt('{"q": {"name": "x"}, "u": {"$set": {"name": "x", "v": 2}}, "upsert": true}'),
    });
    expect(r.secondOutcome).toBe('duplicateKeyError');
    expect(r.retryConditions?.updateLeavesIndexKeyAlone).toBe(false);
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"name":"x","v":1}]');
  });

  test('the upsertRace command returns both replies and the outcome', () => {
    const t = testDb();
    t.seed('c', '[]');
    t.createIndex('c', '{"key": {"k": 1}, "unique": true}');
    const ctx = t.ctx(
      '{"upsertRace": "c", "first": {"q": {"k": 1}, "u": {"$set": {"a": 1}}, "upsert": true}, "second": {"q": {"k": 1}, "u": {"$set": {"b": 2}}, "upsert": true}}',
    );
    expect(ej(upsertRaceCommand(ctx))).toBe(
      '{"first":{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0},"second":{"n":1,"nModified":1,"ok":1.0},"firstOutcome":"inserted","secondOutcome":"retriedAsUpdate","retryConditions":{"uniqueIndexRaisedDuplicateKey":true,"notMulti":true,"equalityPredicatesOnly":true,"predicateFieldsMatchIndexKey":true,"updateLeavesIndexKeyAlone":true}}',
    );
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"k":1,"a":1,"b":2}]');
  });

  test('the upsertRace command accepts the generic arguments a driver adds (lsid, $clusterTime, $db), refuses others', () => {
    const t = testDb();
    t.seed('c', '[]');
    const ctx = t.ctx(
      '{"upsertRace": "c", "first": {"q": {"k": 1}, "u": {"$set": {"a": 1}}, "upsert": true}, "second": {"q": {"k": 1}, "u": {"$set": {"b": 2}}, "upsert": true}, "lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAA==", "subType": "04"}}}, "$clusterTime": {"clusterTime": {"$timestamp": {"t": 0, "i": 0}}}, "$db": "test"}',
    );
    expect(ej(upsertRaceCommand(ctx))).toContain('"firstOutcome":"inserted"');
    expect(() => upsertRaceCommand(t.ctx('{"upsertRace": "c", "first": {}, "second": {}, "bogus": 1}'))).toThrow(
      "BSON field 'upsertRace.bogus' is an unknown field.",
    );
  });
});
