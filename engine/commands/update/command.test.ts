import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../catalog/clock.js';
import { Engine } from '../../engine.js';
import { runUpdate, runStatement, runUpdateWithDetails } from './command.js';
import { buildErrorReply, toEngineError } from './reply.js';
import type { Doc } from '../../bson/values.js';
import type { UpdateExecutor } from '../../update/executor.js';
import { defaultUpdateDeps } from './deps.js';
import { d, ej, testDb, type TestDb } from './test-support.js';

/** Runs an update command; a command-level failure comes back as the error reply. */
function run(t: TestDb, cmd: string): string {
  try {
    return ej(runUpdate(t.ctx(cmd)));
  } catch (e) {
    return ej(buildErrorReply(toEngineError(e)));
  }
}

const PREFIX = 'Plan executor error during update :: caused by :: ';
void runStatement;

describe('Matching and update rules', () => {
  test('Matching and update rules 1: an operator document changes only the named fields; $set on a missing field adds it', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1, "b": "keep"}]');
    const before = t.oplogSize();
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 2, "n": {"x": 1}}}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":2,"b":"keep","n":{"x":1}}]');
    expect(t.oplog(before)).toEqual([
      '{"op":"u","ns":"test.c","o":{"$v":2,"diff":{"u":{"a":2},"i":{"n":{"x":1}}}},"o2":{"_id":1}}',
    ]);
  });

  test('Matching and update rules 2: a replacement replaces the whole document except _id', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1, "b": 2}]');
    const before = t.oplogSize();
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"z": "new"}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"z":"new"}]');
    expect(t.oplog(before)).toEqual(['{"op":"u","ns":"test.c","o":{"_id":1,"z":"new"},"o2":{"_id":1}}']);
  });

  test('Matching and update rules 2: a replacement with a different _id fails (8.0: code 66, seed: 16837)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"_id": 2, "a": 5}}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1}]');
  });

  test('Matching and update rules 3: with multi:false and several matches exactly one (the first in natural order) is updated', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 3, "a": 1}, {"_id": 1, "a": 1}, {"_id": 2, "a": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$inc": {"a": 10}}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":3,"a":11},{"_id":1,"a":1},{"_id":2,"a":1}]');
  });

  test('Matching and update rules 3: multi:true updates every match', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}, {"_id": 3, "a": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"hit": true}}, "multi": true}]}')).toBe(
      '{"n":2,"nModified":2,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1,"hit":true},{"_id":2,"a":2},{"_id":3,"a":1,"hit":true}]');
  });

  test('sort (8.0) picks the first match in sort order for a single-document update', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 3}, {"_id": 2, "v": 1}, {"_id": 3, "v": 2}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"hit": 1}}, "sort": {"v": 1}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"top": 1}}, "sort": {"v": -1}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":3,"top":1},{"_id":2,"v":1,"hit":1},{"_id":3,"v":2}]');
  });

  test('sort with multi:true fails the whole command (code 9), earlier statements stay applied', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}, {"q": {}, "u": {"$set": {"z": 1}}, "multi": true, "sort": {"v": 1}}]}',
      ),
    ).toBe('{"ok":0.0,"errmsg":"Cannot specify sort with multi=true","code":9,"codeName":"FailedToParse"}');
    expect(t.contents('c')).toBe('[{"_id":1,"v":1,"a":1}]');
  });

  test('Matching and update rules 4: a collation changes which documents match string comparisons', () => {
    const t = testDb();
    t.seed(
      'c',
      '[{"_id": 1, "s": "cafe"}, {"_id": 2, "s": "café"}, {"_id": 3, "s": "cafE"}, {"_id": 4, "s": "other"}]',
    );
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"s": "cafe"}, "u": {"$set": {"m": 1}}, "multi": true, "collation": {"locale": "fr", "strength": 1}}]}',
      ),
    ).toBe('{"n":3,"nModified":3,"ok":1.0}');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"s": "cafe"}, "u": {"$set": {"simple": 1}}, "multi": true}]}'),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe(
      '[{"_id":1,"s":"cafe","m":1,"simple":1},{"_id":2,"s":"café","m":1},{"_id":3,"s":"cafE","m":1},{"_id":4,"s":"other"}]',
    );
  });

  test('Matching and update rules 5: a hint naming an index that does not exist fails (code 2)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"z": 1}}, "hint": "a_1"}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":2,"errmsg":"error processing query: ns=test.cTree: a $eq 1\\nSort: {}\\nProj: {}\\n planner returned error :: caused by :: hint provided does not correspond to an existing index"}],"nModified":0,"ok":1.0}',
    );
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"z": 1}}, "hint": {"b": 1}}]}'),
    ).toContain('"code":2,');
    expect(t.contents('c')).toBe('[{"_id":1,"a":1}]');
  });

  test('hint by name or key pattern selects an existing index', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 2}, {"_id": 2, "a": 1}]');
    t.createIndex('c', '{"key": {"a": 1}}');
    // Through the index, the first match in index order is the document with a: 1.
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"a": {"$gte": 0}}, "u": {"$set": {"z": 1}}, "hint": "a_1"}]}'),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 2}, "u": {"$set": {"k": 1}}, "hint": {"a": 1}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":2,"k":1},{"_id":2,"a":1,"z":1}]');
  });

  test('Matching and update rules 6: let and c variables are read in $expr and in pipelines', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"$expr": {"$eq": ["$a", "$$target"]}}, "u": [{"$set": {"fromLet": "$$target", "fromC": "$$k"}}], "c": {"k": "const"}}], "let": {"target": {"$add": [1, 1]}}}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":1},{"_id":2,"a":2,"fromLet":2,"fromC":"const"}]');
  });

  test('c with a non-pipeline update fails with 51198', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}, "c": {"k": 1}}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":51198,"errmsg":"Constant values may only be specified for pipeline updates"}],"nModified":0,"ok":1.0}',
    );
  });

  test('Matching and update rules 7: a multi-update stops at the failing document; earlier ones stay updated', () => {
    const t = testDb();
    t.catalog.createCollection('test', 'c', { validator: d('{"v": {"$ne": 3}}') });
    t.seed('c', '[{"_id": 1, "v": 0}, {"_id": 2, "v": 1}, {"_id": 3, "v": 2}, {"_id": 4, "v": 0}]');
    const before = t.oplogSize();
    const reply = run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"v": 1}}, "multi": true}]}');
    expect(reply).toMatch(
      new RegExp(
        `^\\{"n":0,"writeErrors":\\[\\{"index":0,"code":121,"errmsg":"${PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}Document failed validation","errInfo":\\{"failingDocumentId":3,"details":\\{.*\\}\\}\\}\\],"nModified":0,"ok":1\\.0\\}$`,
      ),
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":1},{"_id":2,"v":2},{"_id":3,"v":2},{"_id":4,"v":0}]');
    expect(t.oplog(before)).toHaveLength(2);
  });

  test('bypassDocumentValidation skips the validator', () => {
    const t = testDb();
    t.catalog.createCollection('test', 'c', { validator: d('{"v": {"$ne": 3}}') });
    t.seed('c', '[{"_id": 1, "v": 2}]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"v": 1}}}], "bypassDocumentValidation": true}'),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"v":3}]');
  });

  test('validationAction warn lets the write through', () => {
    const t = testDb();
    t.catalog.createCollection('test', 'c', { validator: d('{"v": {"$ne": 3}}'), validationAction: 'warn' });
    t.seed('c', '[{"_id": 1, "v": 2}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"v": 1}}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":3}]');
  });

  test('validationLevel moderate does not check documents that already failed', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 3}]');
    t.catalog.getCollection('test', 'c')!.validator = d('{"v": {"$ne": 3}}');
    t.catalog.getCollection('test', 'c')!.validationLevel = 'moderate';
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"w": 1}}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":3,"w":1}]');
  });
});

describe('Upsert rules', () => {
  test('Upsert rules 1: when documents match the update is performed; when none match one document is inserted', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 1}]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}, "upsert": true, "multi": true}]}'),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    const before = t.oplogSize();
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 9}, "u": {"$set": {"b": 1}}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe(
      '[{"_id":1,"a":1,"b":1},{"_id":2,"a":1,"b":1},{"_id":{"$oid":"000000000000000000000001"},"a":9,"b":1}]',
    );
    expect(t.oplog(before)).toEqual([
      '{"op":"i","ns":"test.c","o":{"_id":{"$oid":"000000000000000000000001"},"a":9,"b":1},"o2":{"_id":{"$oid":"000000000000000000000001"}}}',
    ]);
  });

  test('Upsert rules 2: replacement upsert uses _id from the query', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": 5, "x": 1}, "u": {"name": "r"}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":5}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":5,"name":"r"}]');
  });

  test('Upsert rules 2: replacement upsert uses _id from the replacement', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"x": 1}, "u": {"name": "r", "_id": 6}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":6}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":6,"name":"r"}]');
  });

  test('Upsert rules 2: replacement upsert without _id gets a generated ObjectId (and no query fields)', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"x": 1}, "u": {"name": "r"}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"name":"r"}]');
  });

  test('Upsert rules 2: different _id values in query and replacement cause an error', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"_id": 2, "name": "r"}, "upsert": true}]}'),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });

  test('Upsert rules 3: operator upsert builds the base document from equality clauses (sorted paths); comparison operators are not copied', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"b": 2, "a": 1, "n": {"$gt": 5}, "x.y": "z", "t": {"$in": ["only"]}}, "u": {"$set": {"d": 1, "c": 1}}, "upsert": true}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(t.contents('c')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"a":1,"b":2,"t":"only","x":{"y":"z"},"c":1,"d":1}]',
    );
  });

  test('Upsert rules 3: $setOnInsert applies only on insert', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "k": "a"}]');
    const cmd =
      '{"update": "c", "updates": [{"q": {"k": "%K%"}, "u": {"$set": {"s": 1}, "$setOnInsert": {"created": true}}, "upsert": true}]}';
    expect(run(t, cmd.replace('%K%', 'a'))).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(run(t, cmd.replace('%K%', 'b'))).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe(
      '[{"_id":1,"k":"a","s":1},{"_id":{"$oid":"000000000000000000000001"},"k":"b","created":true,"s":1}]',
    );
  });

  test('Upsert rules 3: pipeline upsert starts from the query equalities', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"k": 1}, "u": [{"$set": {"double": {"$multiply": ["$k", 2]}}}], "upsert": true}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"k":1,"double":2}]');
  });

  test('Upsert rules 3: _id from the query comes first; a query _id may not be changed by the update', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"z": 1, "_id": 4}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":4}],"nModified":0,"ok":1.0}');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": 5}, "u": {"$set": {"_id": 6}}, "upsert": true}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}Performing an update on the path '_id' would modify the immutable field '_id'"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":4,"z":1,"a":1}]');
  });

  test('Upsert rules 3: the positional operator fails on insert', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"a.$": 2}}, "upsert": true}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":2,"errmsg":"${PREFIX}The positional operator did not find the match needed from the query."}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });

  test('Upsert rules 3: conflicting equality clauses fail with 54', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"x": 1, "x.y": 2}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":54,"errmsg":"${PREFIX}cannot infer query fields to set, both paths 'x.y' and 'x' are matched"}],"nModified":0,"ok":1.0}`,
    );
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"x": {"$all": [1, 2]}}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":54,"errmsg":"${PREFIX}cannot infer query fields to set, path 'x' is matched twice"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });

  test('Upsert rules 4: with multi:true and no match one document is still inserted', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 0}]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"a": 5}, "u": {"$inc": {"n": 1}}, "upsert": true, "multi": true}]}'),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":0},{"_id":{"$oid":"000000000000000000000001"},"a":5,"n":1}]');
  });

  test('Upsert rules 5: a query on _id in dot notation cannot be upserted when nothing matches (111)', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"_id.authorID": 1}, "u": {"name": "Robert Frost"}, "upsert": true}]}'),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":111,"errmsg":"${PREFIX}field at '_id' must be exactly specified, field at sub-path '_id.authorID'found"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });

  test('Upsert rules 5: with an operator update a dotted _id builds an _id document (server behaviour)', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {"_id.x": 1, "_id.y": 2}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"x":1,"y":2}}],"nModified":0,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":{"x":1,"y":2},"a":1}]');
  });

  test('Upsert rules 6: $expr in a query with upsert:true generates an error (224)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"$expr": {"$eq": ["$a", 1]}}, "u": {"$set": {"z": 1}}, "upsert": true}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":224,"errmsg":"$expr is not allowed in the query predicate for an upsert"}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1}]');
  });

  test('Upsert rules 8: an upsert on a non-existing collection creates it', () => {
    const t = testDb();
    const before = t.oplogSize();
    expect(run(t, '{"update": "fresh", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":1}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('fresh')).toBe('[{"_id":1,"a":1}]');
    const entries = t.oplog(before);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/^\{"op":"c","ns":"test.\$cmd","o":\{"create":"fresh"/);
    expect(entries[1]).toBe('{"op":"i","ns":"test.fresh","o":{"_id":1,"a":1},"o2":{"_id":1}}');
  });

  test('an update without upsert on a missing collection matches nothing and creates nothing', () => {
    const t = testDb();
    expect(run(t, '{"update": "none", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}]}')).toBe(
      '{"n":0,"nModified":0,"ok":1.0}',
    );
    expect(t.catalog.getCollection('test', 'none')).toBeUndefined();
  });

  test('the upsert document is validated for storage and against the validator', () => {
    const t = testDb();
    t.catalog.createCollection('test', 'c', { validator: d('{"a": {"$type": "string"}}') });
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}, "upsert": true}]}')).toMatch(
      /"code":121,"errmsg":"Plan executor error during update :: caused by :: Document failed validation","errInfo":\{"failingDocumentId":\{"\$oid":"000000000000000000000001"\}/,
    );
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"_id": [1]}, "u": {"$set": {"b": 1}}, "upsert": true}], "bypassDocumentValidation": true}',
      ),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":53,"errmsg":"${PREFIX}The '_id' value cannot be of type array"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });
});

describe('Errors', () => {
  test('Errors: upsert with no match and a dotted _id condition is write error 111 and nothing is inserted', () => {
    const t = testDb();
    t.seed('c', '[{"_id": {"x": 1}}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id.x": 2}, "u": {"v": 1}, "upsert": true}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":111,"errmsg":"${PREFIX}field at '_id' must be exactly specified, field at sub-path '_id.x'found"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":{"x":1}}]');
  });

  test('Errors: changing _id fails per statement with its own index; other statements still succeed', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]');
    expect(
      run(
        t,
        '{"update": "c", "ordered": false, "updates": [{"q": {"_id": 1}, "u": {"$set": {"_id": 10}}}, {"q": {"_id": 2}, "u": {"$set": {"b": 1}}}, {"q": {"_id": 2}, "u": {"_id": 20}}]}',
      ),
    ).toBe(
      `{"n":1,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}Performing an update on the path '_id' would modify the immutable field '_id'"},{"index":2,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 20"}],"nModified":1,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1},{"_id":2,"a":2,"b":1}]');
  });

  test('Errors: a document failing the validator is a write error (121 with errInfo)', () => {
    const t = testDb();
    t.catalog.createCollection('test', 'c', { validator: d('{"v": {"$ne": 3}}') });
    t.seed('c', '[{"_id": 1, "v": 2}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"v": 1}}}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":121,"errmsg":"${PREFIX}Document failed validation","errInfo":{"failingDocumentId":1,"details":{"operatorName":"$ne","specifiedAs":{"v":{"$ne":3}},"reason":"comparison succeeded","consideredValue":3}}}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":1,"v":2}]');
  });

  test('Errors: multi:true with a replacement document is not allowed (9)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"a": 1}, "multi": true}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"multi update is not supported for replacement-style update"}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1}]');
  });

  test('Errors: $expr in the query with upsert:true is an error even when documents match', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"$or": [{"a": 2}, {"$expr": true}]}, "u": {"$set": {"z": 1}}, "upsert": true}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":224,"errmsg":"$expr is not allowed in the query predicate for an upsert"}],"nModified":0,"ok":1.0}',
    );
  });

  test('Errors: upsert with different _id values in query and replacement', () => {
    const t = testDb();
    t.seed('c', '[]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": "a"}, "u": {"_id": "b"}, "upsert": true}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: \\"b\\""}],"nModified":0,"ok":1.0}`,
    );
  });

  test('Errors: hint naming an index that does not exist', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}, "hint": "missing"}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":2,"errmsg":"error processing query: ns=test.cTree: $and\\nSort: {}\\nProj: {}\\n planner returned error :: caused by :: hint provided does not correspond to an existing index"}],"nModified":0,"ok":1.0}',
    );
  });

  test('Errors: arrayFilters with a filter for an unused identifier are invalid (9)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": [1, 2]}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a.$[i]": 0}}, "arrayFilters": [{"i": 1}, {"j": 2}]}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"The array filter for identifier \'j\' was not used in the update { $set: { a.$[i]: 0 } }"}],"nModified":0,"ok":1.0}',
    );
  });

  test('Errors: arrayFilters with several filters for one identifier are invalid (9)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": [1, 2]}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a.$[i]": 0}}, "arrayFilters": [{"i": 1}, {"i": 2}]}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"Found multiple array filters with the same top-level field name i"}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":[1,2]}]');
  });

  test('arrayFilters select the elements to update', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": [1, 5, 2, 7]}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a.$[big]": 0}}, "arrayFilters": [{"big": {"$gt": 4}}]}]}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":[1,0,2,0]}]');
  });

  test('per-document runtime errors carry the 8.0 prefix; parse-time errors stay bare', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "s": "x"}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"s": 1}}}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":14,"errmsg":"${PREFIX}Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 's' of non-numeric type string"}],"nModified":0,"ok":1.0}`,
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"s": "x"}}}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":14,"errmsg":"Cannot increment with non-numeric argument: {s: \\"x\\"}"}],"nModified":0,"ok":1.0}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": {"$bad": 1}}, "u": {"$set": {"s": 1}}}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":2,"errmsg":"unknown operator: $bad"}],"nModified":0,"ok":1.0}',
    );
  });

  test('a duplicate key error from a unique index carries keyPattern and keyValue', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]');
    t.createIndex('c', '{"key": {"a": 1}, "unique": true}');
    expect(run(t, '{"update": "c", "updates": [{"q": {"_id": 2}, "u": {"$set": {"a": 1}}}]}')).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":11000,"errmsg":"${PREFIX}E11000 duplicate key error collection: test.c index: a_1 dup key: { a: 1 }","keyPattern":{"a":1},"keyValue":{"a":1}}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1},{"_id":2,"a":2}]');
  });
});

describe('command parsing', () => {
  test('wrong types fail the command with code 14', () => {
    const t = testDb();
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "ordered": "yes"}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.ordered\' is the wrong type \'string\', expected type \'bool\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}, "multi": 1}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates.multi\' is the wrong type \'int\', expected type \'bool\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": 1, "u": {}}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates.q\' is the wrong type \'int\', expected type \'object\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "bypassDocumentValidation": "x"}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.bypassDocumentValidation\' is the wrong type \'string\', expected types \'[bool, long, int, decimal, double]\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": "c", "updates": {}}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates\' is the wrong type \'object\', expected type \'array\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": 1, "updates": []}')).toBe(
      '{"ok":0.0,"errmsg":"collection name has invalid type int","code":73,"codeName":"InvalidNamespace"}',
    );
  });

  test('unknown fields fail with 40415; missing required fields with 40414', () => {
    const t = testDb();
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "bogus": 1}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.bogus\' is an unknown field.","code":40415,"codeName":"IDLUnknownField"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}, "x": 1}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates.x\' is an unknown field.","code":40415,"codeName":"IDLUnknownField"}',
    );
    expect(run(t, '{"update": "c"}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates\' is missing but a required field","code":40414,"codeName":"IDLFailedToParse"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"u": {}}]}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.updates.q\' is missing but a required field","code":40414,"codeName":"IDLFailedToParse"}',
    );
  });

  test('updates must hold 1 to 100000 statements (16)', () => {
    const t = testDb();
    expect(run(t, '{"update": "c", "updates": []}')).toBe(
      '{"ok":0.0,"errmsg":"Write batch sizes must be between 1 and 100000. Got 0 operations.","code":16,"codeName":"InvalidLength"}',
    );
  });

  test('u of another type fails with 9; null optional fields read as absent', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": 5}]}')).toBe(
      '{"ok":0.0,"errmsg":"Update argument must be either an object or an array","code":9,"codeName":"FailedToParse"}',
    );
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}, "multi": null, "upsert": null}], "ordered": null}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
  });

  test('generic arguments (writeConcern, comment, lsid) are accepted', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}], "writeConcern": {"w": 1}, "comment": {"why": "test"}, "lsid": {"id": 1}}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
  });

  test('maxTimeMS must be a non-negative integral number', () => {
    const t = testDb();
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "maxTimeMS": "x"}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'update.maxTimeMS\' is the wrong type \'string\', expected types \'[long, int, decimal, double]\'","code":14,"codeName":"TypeMismatch"}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "maxTimeMS": -1}')).toBe(
      '{"ok":0.0,"errmsg":"BSON field \'maxTimeMS\' value must be >= 0, actual value \'-1\'","code":51024}',
    );
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {}}], "maxTimeMS": 1.5}')).toBe(
      '{"ok":0.0,"errmsg":"maxTimeMS has non-integral value","code":2,"codeName":"BadValue"}',
    );
  });

  test('a statement whose q plus u exceeds 16 MiB is refused', () => {
    const t = testDb();
    const big = 'x'.repeat(16 * 1024 * 1024);
    const cmd = d('{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}]}');
    ((cmd.get('updates') as Doc[])[0]!.get('u') as Doc).set('$set', new Map([['a', big]]));
    let reply: string;
    try {
      reply = ej(runUpdate(t.ctx(cmd)));
    } catch (e) {
      reply = ej(buildErrorReply(toEngineError(e)));
    }
    expect(reply).toContain('"code":10334');
  });
});

describe('batches and replies', () => {
  test('reply field order: n, writeErrors, upserted, nModified, ok', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "ordered": false, "updates": [{"q": {"_id": 7}, "u": {"$set": {"a": 1}}, "upsert": true}, {"q": {"_id": 1}, "u": {"$set": {"_id": 2}}}, {"q": {"_id": 1}, "u": {"$set": {"a": 1}}}, {"q": {"_id": 1}, "u": {"$set": {"a": 5}}}]}',
      ),
    ).toBe(
      `{"n":3,"writeErrors":[{"index":1,"code":66,"errmsg":"${PREFIX}Performing an update on the path '_id' would modify the immutable field '_id'"}],"upserted":[{"index":0,"_id":7}],"nModified":1,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":5},{"_id":7,"a":1}]');
  });

  test('ordered:true (the default) stops at the first failing statement', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"b": 1}}}, {"q": {"_id": 1}, "u": {"$inc": {"b": "x"}}}, {"q": {"_id": 1}, "u": {"$set": {"c": 1}}}]}',
      ),
    ).toBe(
      '{"n":1,"writeErrors":[{"index":1,"code":14,"errmsg":"Cannot increment with non-numeric argument: {b: \\"x\\"}"}],"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1,"b":1}]');
  });

  test('ordered:false continues after a failing statement', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "ordered": false, "updates": [{"q": {"_id": 1}, "u": {"$inc": {"b": "x"}}}, {"q": {"_id": 1}, "u": {"$set": {"c": 1}}}]}',
      ),
    ).toBe(
      '{"n":1,"writeErrors":[{"index":0,"code":14,"errmsg":"Cannot increment with non-numeric argument: {b: \\"x\\"}"}],"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1,"c":1}]');
  });

  test('n counts matches including no-ops; a no-op writes no oplog entry', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]');
    const before = t.oplogSize();
    expect(run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}, "multi": true}]}')).toBe(
      '{"n":2,"nModified":1,"ok":1.0}',
    );
    expect(t.oplog(before)).toEqual(['{"op":"u","ns":"test.c","o":{"$v":2,"diff":{"u":{"a":1}}},"o2":{"_id":2}}']);
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 99}, "u": {"$set": {"a": 1}}}]}')).toBe(
      '{"n":0,"nModified":0,"ok":1.0}',
    );
    expect(t.oplogSize()).toBe(before + 1);
  });

  test('maxTimeMS: exceeding the limit during a multi-update fails the whole command with 50', () => {
    // A clock that moves 10 ms every time it is read.
    const clock = new ManualClock(new Date('2024-01-01T00:00:00.000Z'));
    const ticking = Object.assign(Object.create(clock) as ManualClock, {
      now(): Date {
        clock.advance(10);
        return clock.now();
      },
    });
    const t = testDb({ clock: ticking });
    t.seed('c', '[{"_id": 1}, {"_id": 2}, {"_id": 3}, {"_id": 4}, {"_id": 5}, {"_id": 6}]');
    expect(
      run(t, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"x": 1}}, "multi": true}], "maxTimeMS": 25}'),
    ).toBe('{"ok":0.0,"errmsg":"operation exceeded time limit","code":50,"codeName":"MaxTimeMSExpired"}');
    // Command start at +10 ms, limit at +35 ms; each read moves 10 ms: the first document is
    // updated (its oplog entry reads the clock too), the check before the second one fails.
    expect(t.contents('c')).toBe('[{"_id":1,"x":1},{"_id":2},{"_id":3},{"_id":4},{"_id":5},{"_id":6}]');
  });
});

describe('hooks and limits', () => {
  test('writeConcernError comes from the write-concern hook, after nModified and before ok', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    const hook = (wc: Doc | undefined) =>
      wc
        ? d(
            '{"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true}}',
          )
        : undefined;
    expect(
      ej(
        runUpdate(
          t.ctx(
            '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}], "writeConcern": {"w": 2, "wtimeout": 1}}',
          ),
          { writeConcernHook: hook },
        ),
      ),
    ).toBe(
      '{"n":1,"nModified":1,"writeConcernError":{"code":64,"codeName":"WriteConcernTimeout","errmsg":"waiting for replication timed out","errInfo":{"wtimeout":true}},"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":1}]');
  });

  test('an upsert document over 16 MiB fails with 17420', () => {
    const t = testDb();
    t.seed('c', '[]');
    // An executor that grows the seed past 16 MiB (no statement small enough can do it otherwise).
    const deps = {
      ...defaultUpdateDeps,
      parseUpdate: (): UpdateExecutor => ({
        kind: 'modifier',
        apply: (doc) => {
          const out = new Map(doc);
          out.set('big', 'x'.repeat(16 * 1024 * 1024 + 8));
          return { doc: out, noop: false, modifiedPaths: ['big'], oplog: null, arrayTouches: [] };
        },
      }),
    };
    expect(
      ej(
        runUpdate(t.ctx('{"update": "c", "updates": [{"q": {"k": 1}, "u": {"$set": {"big": 1}}, "upsert": true}]}'), {
          deps,
        }),
      ),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":17420,"errmsg":"${PREFIX}Document to upsert is larger than 16777216"}],"nModified":0,"ok":1.0}`,
    );
    expect(t.contents('c')).toBe('[]');
  });
});

describe('let', () => {
  test('an invalid let variable name is a write error of the statements the batch reaches', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}, {"q": {}, "u": {"$set": {"b": 1}}}], "let": {"Bad": 1}, "ordered": false}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"\'Bad\' starts with an invalid character for a user variable name"},{"index":1,"code":9,"errmsg":"\'Bad\' starts with an invalid character for a user variable name"}],"nModified":0,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1}]');
  });

  test('let values are expressions evaluated once, with $$NOW fixed for the command', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1}, {"_id": 2}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {}, "u": [{"$set": {"at": "$$when", "now": "$$NOW", "n": "$$n"}}], "multi": true}], "let": {"when": "$$NOW", "n": {"$multiply": [3, 4]}}}',
      ),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    expect(t.contents('c')).toBe(
      '[{"_id":1,"at":{"$date":"2024-01-01T00:00:00.000Z"},"now":{"$date":"2024-01-01T00:00:00.000Z"},"n":12},{"_id":2,"at":{"$date":"2024-01-01T00:00:00.000Z"},"now":{"$date":"2024-01-01T00:00:00.000Z"},"n":12}]',
    );
  });
});

describe('through the engine', () => {
  test('comment is kept with the operation in the recent-operations log', () => {
    const engine = new Engine({ clock: new ManualClock(new Date('2024-01-01T00:00:00.000Z')) });
    engine.runCommand('test', d('{"insert": "c", "documents": [{"_id": 1}]}'));
    const reply = engine.runCommand(
      'test',
      d('{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}}], "comment": {"ticket": 42}}'),
    );
    expect(ej(reply)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    const last = engine.recentOperations().at(-1)!;
    expect([last.command, last.ns, ej(last.comment!)]).toEqual(['update', 'test.c', '{"ticket":42}']);
  });

  test('runUpdateWithDetails returns the reply and details; dryRun leaves the engine unchanged', () => {
    const engine = new Engine({ clock: new ManualClock(new Date('2024-01-01T00:00:00.000Z')) });
    engine.runCommand('test', d('{"insert": "c", "documents": [{"_id": 1, "v": 1}]}'));
    const oplogBefore = engine.oplogEntries().length;
    const r = runUpdateWithDetails(
      engine,
      'test',
      d('{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"v": 1}}}]}'),
      {
        dryRun: true,
      },
    );
    expect(ej(r.reply)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(r.dryRun).toBe(true);
    expect(ej(r.statements[0]!.documents[0]!.after)).toBe('{"_id":1,"v":2}');
    expect(ej(engine.documents('test', 'c'))).toBe('[{"_id":1,"v":1}]');
    expect(engine.oplogEntries()).toHaveLength(oplogBefore);
    const bad = runUpdateWithDetails(engine, 'test', d('{"update": "c", "updates": []}'));
    expect(ej(bad.reply)).toBe(
      '{"ok":0.0,"errmsg":"Write batch sizes must be between 1 and 100000. Got 0 operations.","code":16,"codeName":"InvalidLength"}',
    );
  });

  test('the positional $ updates the element the query matched', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": [1, 5, 7]}]');
    expect(run(t, '{"update": "c", "updates": [{"q": {"a": 5}, "u": {"$set": {"a.$": 0}}}]}')).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":[1,0,7]}]');
  });

  test('sort with upsert still inserts when nothing matches', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 1}]');
    expect(
      run(
        t,
        '{"update": "c", "updates": [{"q": {"v": 99}, "u": {"$set": {"z": 1}}, "upsert": true, "sort": {"v": 1}}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"v":1},{"_id":{"$oid":"000000000000000000000001"},"v":99,"z":1}]');
  });
});
