import { describe, expect, it } from 'vitest';
import { body, canon, deployedEngine, ejson, run } from './testing.js';
import type { Engine } from '../engine.js';

/** Two shards; test.orders sharded by region with chunks [MinKey, "M") on shard0 and ["M", MaxKey) on shard1. */
function cluster(options: { legacy?: boolean } = {}): Engine {
  const engine = deployedEngine({ topology: 'sharded', legacyRouterWriteConcernErrors: options.legacy });
  run(
    engine,
    'test',
    `{"insert": "orders", "documents": [
      {"_id": 1, "region": "EU", "sku": "A1", "qty": 3},
      {"_id": 2, "region": "US", "sku": "A1", "qty": 4},
      {"_id": 3, "sku": "Z9", "qty": 0}]}`,
  );
  const r = run(
    engine,
    'admin',
    '{"shardCollection": "test.orders", "key": {"region": 1}, "splitPoints": [{"region": "M"}]}',
  );
  expect(ejson(body(r))).toBe(canon('{"collectionsharded": "test.orders", "ok": 1.0}'));
  return engine;
}

const update = (engine: Engine, stmts: string, extra = '') =>
  body(run(engine, 'test', `{"update": "orders", "updates": ${stmts}${extra}}`));
const docs = (engine: Engine) => ejson(engine.documents('test', 'orders'));
const RETRYABLE =
  ', "lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAQ==", "subType": "04"}}}, "txnNumber": {"$numberLong": "1"}';

describe('sharded cluster: router replies', () => {
  it('through the router: n, nModified, ok, $clusterTime, operationTime (no electionId/opTime)', () => {
    const engine = cluster();
    const reply = run(
      engine,
      'test',
      '{"update": "orders", "updates": [{"q": {"region": "EU"}, "u": {"$inc": {"qty": 1}}}]}',
    );
    expect([...reply.keys()]).toEqual(['n', 'nModified', 'ok', '$clusterTime', 'operationTime']);
  });

  it('getDeployment shows chunks and where documents live', () => {
    const engine = cluster();
    const d = body(run(engine, 'admin', '{"getDeployment": 1}'));
    expect(ejson(d.get('shardedCollections')!)).toBe(
      canon(
        `[{"ns": "test.orders", "key": {"region": 1}, "chunks": [
          {"min": {"region": {"$minKey": 1}}, "max": {"region": "M"}, "shard": "shard0"},
          {"min": {"region": "M"}, "max": {"region": {"$maxKey": 1}}, "shard": "shard1"}],
         "documents": {"shard0": 2, "shard1": 1}}]`,
      ),
    );
  });
});

describe('sharded cluster: the router rules', () => {
  it('rule 2: upsert without the full shard key → 61', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"sku": "B7"}, "u": {"$set": {"qty": 1}}, "upsert": true}]'))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 61, "errmsg": "Failed to target upsert by query :: could not extract exact shard key"}], "nModified": 0, "ok": 1.0}',
      ),
    );
    // A replacement upsert needs it in the filter too.
    expect(
      update(engine, '[{"q": {"sku": "B7"}, "u": {"region": "US", "sku": "B7"}, "upsert": true}]').get('writeErrors'),
    ).toBeDefined();
  });

  it('rule 1/2: upsert with the full shard key inserts', () => {
    const engine = cluster();
    const r = update(engine, '[{"q": {"region": "US", "sku": "B7"}, "u": {"$set": {"qty": 1}}, "upsert": true}]');
    expect(ejson(r)).toBe(
      canon(
        '{"n": 1, "upserted": [{"index": 0, "_id": {"$oid": "000000000000000000000001"}}], "nModified": 0, "ok": 1.0}',
      ),
    );
  });

  it('rule 1: multi:false without _id or shard key: 8.0 updates one document', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"sku": "A1"}, "u": {"$inc": {"qty": 1}}, "multi": false}]'))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
  });

  it('rule 5: operator updates may target several shards', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"sku": "A1"}, "u": {"$inc": {"qty": 1}}, "multi": true}]'))).toBe(
      canon('{"n": 2, "nModified": 2, "ok": 1.0}'),
    );
  });

  it('rule 4: a replacement targets by query, then by the replacement document', () => {
    const engine = cluster();
    run(
      engine,
      'admin',
      '{"configureDeployment": 1, "shardMembers": {"shard1": [{"state": "down"}, {"state": "down"}, {"state": "down"}]}}',
    );
    // The query has no shard key, but the replacement does: only shard0 is targeted.
    expect(ejson(update(engine, '[{"q": {"_id": 1}, "u": {"region": "EU", "sku": "A2", "qty": 9}}]'))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
    // An operator update without the shard key is broadcast and meets the down shard.
    const r = update(engine, '[{"q": {"_id": 1}, "u": {"$set": {"qty": 1}}}]');
    expect(ejson(r.get('writeErrors')!)).toBe(
      canon(
        '[{"index": 0, "code": 7, "errmsg": "Write results unavailable from failing to target a host in the shard shard1 :: caused by :: Could not find host matching read preference { mode: \\"primary\\" } for set shard1"}]',
      ),
    );
  });

  it('rule 6: changing the shard key with multi: true → 72', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"region": "EU"}, "u": {"$set": {"region": "US"}}, "multi": true}]'))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 72, "errmsg": "Multi-update operations are not allowed when updating the shard key field."}], "nModified": 0, "ok": 1.0}',
      ),
    );
    expect(docs(engine)).toContain('"region":"EU"');
  });

  it('rule 6: changing the shard key without the full shard key in the query → 31025', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"_id": 1}, "u": {"$set": {"region": "US"}}}]', RETRYABLE))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 31025, "errmsg": "Shard key update is not allowed without specifying the full shard key in the query"}], "nModified": 0, "ok": 1.0}',
      ),
    );
  });

  it('rule 6: changing the shard key outside a transaction or retryable write → 20', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"region": "EU", "_id": 1}, "u": {"$set": {"region": "US"}}}]'))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 20, "errmsg": "Must run update to shard key field in a multi-statement transaction or with retryWrites: true."}], "nModified": 0, "ok": 1.0}',
      ),
    );
  });

  it('rule 6: a retryable write with the full shard key moves the document to its new shard', () => {
    const engine = cluster();
    expect(
      ejson(update(engine, '[{"q": {"region": "EU", "_id": 1}, "u": {"$set": {"region": "US"}}}]', RETRYABLE)),
    ).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    const d = body(run(engine, 'admin', '{"getDeployment": 1}'));
    expect(ejson((d.get('shardedCollections') as Map<string, unknown>[])[0]!.get('documents') as never)).toBe(
      canon('{"shard0": 1, "shard1": 2}'),
    );
    // The oplog document key holds the shard key and _id.
    const last = engine.oplogEntries().at(-1)!;
    expect(ejson(last.get('o2')!)).toBe(canon('{"region": "US", "_id": 1}'));
  });

  it('rule 6: in a transaction the shard key may change', () => {
    const engine = cluster();
    const lsid = '"lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAg==", "subType": "04"}}}';
    const r = body(
      run(
        engine,
        'test',
        `{"update": "orders", "updates": [{"q": {"region": "EU", "_id": 1}, "u": {"$set": {"region": "US"}}}], ${lsid}, "txnNumber": {"$numberLong": "1"}, "startTransaction": true, "autocommit": false}`,
      ),
    );
    expect(ejson(r)).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    run(engine, 'admin', `{"commitTransaction": 1, ${lsid}, "txnNumber": {"$numberLong": "1"}, "autocommit": false}`);
    expect(docs(engine)).toBe(
      canon(
        '[{"_id": 1, "region": "US", "sku": "A1", "qty": 3}, {"_id": 2, "region": "US", "sku": "A1", "qty": 4}, {"_id": 3, "sku": "Z9", "qty": 0}]',
      ),
    );
  });

  it('rule 3: a document lacking the shard key is reached by a null equality plus _id', () => {
    const engine = cluster();
    expect(ejson(update(engine, '[{"q": {"region": null, "_id": 3}, "u": {"$inc": {"qty": 1}}}]'))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
  });

  it('rule 7: setting a missing shard key needs the null equality on the full key (and a retryable write)', () => {
    const engine = cluster();
    expect(
      update(engine, '[{"q": {"_id": 3}, "u": {"$set": {"region": "EU"}}}]', RETRYABLE).get('writeErrors'),
    ).toBeDefined();
    expect(
      ejson(update(engine, '[{"q": {"region": null, "_id": 3}, "u": {"$set": {"region": "EU"}}}]', RETRYABLE)),
    ).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
  });

  it('a shard without a primary: write error 7; ordered stops, unordered goes on', () => {
    const engine = cluster();
    run(
      engine,
      'admin',
      '{"configureDeployment": 1, "shardMembers": {"shard1": [{"state": "down"}, {"state": "down"}, {"state": "down"}]}}',
    );
    const r = update(
      engine,
      '[{"q": {"region": "US"}, "u": {"$inc": {"qty": 1}}}, {"q": {"region": "EU"}, "u": {"$inc": {"qty": 1}}}]',
      ', "ordered": false',
    );
    expect(ejson(r)).toBe(
      canon(
        '{"n": 1, "writeErrors": [{"index": 0, "code": 7, "errmsg": "Write results unavailable from failing to target a host in the shard shard1 :: caused by :: Could not find host matching read preference { mode: \\"primary\\" } for set shard1"}], "nModified": 1, "ok": 1.0}',
      ),
    );
  });

  it('a write concern error is reported with write errors (7.0.6+), omitted with legacyRouterWriteConcernErrors', () => {
    const stmts =
      '[{"q": {"region": "EU"}, "u": {"$inc": {"qty": 1}}}, {"q": {"sku": "X"}, "u": {"$set": {"a": 1}}, "upsert": true}]';
    const wc = ', "ordered": false, "writeConcern": {"w": 3, "wtimeout": 10}';
    for (const legacy of [false, true]) {
      const engine = cluster({ legacy });
      run(engine, 'admin', '{"configureDeployment": 1, "members": [{}, {"state": "down"}, {"state": "down"}]}');
      const r = update(engine, stmts, wc);
      expect(r.get('writeErrors')).toBeDefined();
      expect(r.has('writeConcernError'), `legacy=${String(legacy)}`).toBe(!legacy);
    }
  });

  it('hashed shard key: equality targets the hashed chunk', () => {
    const engine = deployedEngine({ topology: 'sharded' });
    expect(run(engine, 'admin', '{"shardCollection": "test.h", "key": {"k": "hashed"}}').get('ok')).toBe(1);
    expect(
      ejson(
        body(
          run(engine, 'test', '{"update": "h", "updates": [{"q": {"k": 5}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
        ),
      ),
    ).toBe(
      canon(
        '{"n": 1, "upserted": [{"index": 0, "_id": {"$oid": "000000000000000000000001"}}], "nModified": 0, "ok": 1.0}',
      ),
    );
    expect(
      run(
        engine,
        'test',
        '{"update": "h", "updates": [{"q": {"k": {"$gt": 5}}, "u": {"$set": {"a": 1}}, "upsert": true}]}',
      ).get('writeErrors'),
    ).toBeDefined();
  });

  it('shardCollection exists only on a router', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    expect(
      body(run(engine, 'admin', '{"shardCollection": "test.c", "key": {"a": 1}}'))
        .get('code')!
        .valueOf(),
    ).toBe(59);
  });

  it('findAndModify: upsert without the shard key → 61; shard key change rules; primary down → 7', () => {
    const engine = cluster();
    expect(
      ejson(
        body(
          run(
            engine,
            'test',
            '{"findAndModify": "orders", "query": {"sku": "B7"}, "update": {"$set": {"qty": 1}}, "upsert": true}',
          ),
        ),
      ),
    ).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Query for sharded findAndModify must contain the shard key", "code": 61, "codeName": "ShardKeyNotFound"}',
      ),
    );
    expect(
      body(
        run(
          engine,
          'test',
          '{"findAndModify": "orders", "query": {"region": "US", "sku": "B7"}, "update": {"$set": {"qty": 1}}, "upsert": true}',
        ),
      ).get('ok'),
    ).toBe(1);
    // 8.0: without the shard key and without upsert, one document is modified.
    expect(
      body(
        run(engine, 'test', '{"findAndModify": "orders", "query": {"sku": "A1"}, "update": {"$inc": {"qty": 1}}}'),
      ).get('ok'),
    ).toBe(1);
    expect(
      body(
        run(engine, 'test', '{"findAndModify": "orders", "query": {"_id": 1}, "update": {"$set": {"region": "US"}}}'),
      )
        .get('code')!
        .valueOf(),
    ).toBe(31025);
    expect(
      body(
        run(
          engine,
          'test',
          '{"findAndModify": "orders", "query": {"region": "EU", "_id": 1}, "update": {"$set": {"region": "US"}}}',
        ),
      )
        .get('code')!
        .valueOf(),
    ).toBe(20);
    expect(docs(engine)).toContain('"_id":{"$numberInt":"1"},"region":"EU"');
    run(
      engine,
      'admin',
      '{"configureDeployment": 1, "shardMembers": {"shard0": [{"state": "down"}, {"state": "down"}, {"state": "down"}]}}',
    );
    expect(
      body(
        run(engine, 'test', '{"findAndModify": "orders", "query": {"region": "EU"}, "update": {"$inc": {"qty": 1}}}'),
      )
        .get('code')!
        .valueOf(),
    ).toBe(7);
  });

  it('in a transaction the router rules apply; a cross-shard write transaction cannot create a collection (263)', () => {
    const engine = cluster();
    const lsid = '"lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAw==", "subType": "04"}}}';
    const txn = (n: number, start: boolean) =>
      `${lsid}, "txnNumber": {"$numberLong": "${n}"}${start ? ', "startTransaction": true' : ''}, "autocommit": false`;
    const upsertNoKey = body(
      run(
        engine,
        'test',
        `{"update": "orders", "updates": [{"q": {"sku": "Q"}, "u": {"$set": {"a": 1}}, "upsert": true}], ${txn(1, true)}}`,
      ),
    );
    expect(ejson(upsertNoKey.get('writeErrors')!)).toBe(
      canon(
        '[{"index": 0, "code": 61, "errmsg": "Failed to target upsert by query :: could not extract exact shard key"}]',
      ),
    );
    // Single-shard write transaction (the new collection is on shard0 with the EU order): allowed.
    run(
      engine,
      'test',
      `{"update": "orders", "updates": [{"q": {"region": "EU", "_id": 1}, "u": {"$inc": {"qty": 1}}}], ${txn(2, true)}}`,
    );
    run(
      engine,
      'test',
      `{"update": "fresh", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}, "upsert": true}], ${txn(2, false)}}`,
    );
    expect(body(run(engine, 'admin', `{"commitTransaction": 1, ${txn(2, false)}}`)).get('ok')).toBe(1);
    // Cross-shard: writes on shard1 (US order) and a new collection on shard0.
    run(
      engine,
      'test',
      `{"update": "orders", "updates": [{"q": {"region": "US", "_id": 2}, "u": {"$inc": {"qty": 1}}}], ${txn(3, true)}}`,
    );
    run(
      engine,
      'test',
      `{"update": "fresh2", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}, "upsert": true}], ${txn(3, false)}}`,
    );
    expect(ejson(body(run(engine, 'admin', `{"commitTransaction": 1, ${txn(3, false)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Cannot create new collections inside distributed transactions", "code": 263, "codeName": "OperationNotSupportedInTransaction"}',
      ),
    );
    expect(engine.collectionNames('test')).toEqual(['orders', 'fresh']);
  });

  it('oplog document keys on a sharded collection: insert o2, delete o', () => {
    const engine = cluster();
    run(engine, 'test', '{"insert": "orders", "documents": [{"_id": 7, "region": "EU"}]}');
    expect(ejson(engine.oplogEntries().at(-1)!.get('o2')!)).toBe(canon('{"region": "EU", "_id": 7}'));
    run(engine, 'test', '{"delete": "orders", "deletes": [{"q": {"_id": 7}, "limit": 1}]}');
    expect(ejson(engine.oplogEntries().at(-1)!.get('o')!)).toBe(canon('{"region": "EU", "_id": 7}'));
  });

  it('a shard write error keeps its details (duplicate key) at the statement index', () => {
    const engine = cluster();
    run(
      engine,
      'test',
      '{"createIndexes": "orders", "indexes": [{"key": {"sku": 1, "region": 1}, "name": "sku_region", "unique": true}]}',
    );
    const r = update(
      engine,
      '[{"q": {"region": "EU"}, "u": {"$set": {"a": 1}}}, {"q": {"region": "US", "_id": 2}, "u": {"$set": {"region": "US", "sku": "A1"}}}, {"q": {"region": "EU", "_id": 1}, "u": {"$set": {"region": "US"}}}]',
      RETRYABLE,
    );
    expect(ejson(r)).toBe(
      canon(
        '{"n": 2, "writeErrors": [{"index": 2, "code": 11000, "errmsg": "Plan executor error during update :: caused by :: E11000 duplicate key error collection: test.orders index: sku_region dup key: { sku: \\"A1\\", region: \\"US\\" }", "keyPattern": {"sku": 1, "region": 1}, "keyValue": {"sku": "A1", "region": "US"}}], "nModified": 1, "ok": 1.0}',
      ),
    );
  });

  it('admin bulkWrite through the router: each update op follows the rules; items and counters merge', () => {
    const engine = cluster();
    const reply = body(
      run(
        engine,
        'admin',
        `{"bulkWrite": 1, "ops": [
          {"update": 0, "filter": {"region": "EU"}, "updateMods": {"$inc": {"qty": 1}}},
          {"update": 0, "filter": {"sku": "Q"}, "updateMods": {"$set": {"a": 1}}, "upsert": true},
          {"insert": 0, "document": {"_id": 9, "region": "US"}},
          {"update": 0, "filter": {"region": "EU"}, "updateMods": {"$set": {"region": "US"}}, "multi": true}],
         "nsInfo": [{"ns": "test.orders"}], "ordered": false}`,
      ),
    );
    expect(ejson(reply)).toBe(
      canon(`{"cursor": {"id": {"$numberLong": "0"}, "firstBatch": [
        {"ok": 1.0, "idx": 0, "n": 1, "nModified": 1},
        {"ok": 0.0, "idx": 1, "code": 61, "errmsg": "Failed to target upsert by query :: could not extract exact shard key", "n": 0, "nModified": 0},
        {"ok": 1.0, "idx": 2, "n": 1},
        {"ok": 0.0, "idx": 3, "code": 72, "errmsg": "Multi-update operations are not allowed when updating the shard key field.", "n": 0, "nModified": 0}],
        "ns": "admin.$cmd.bulkWrite"},
        "nErrors": 2, "nInserted": 1, "nMatched": 1, "nModified": 1, "nUpserted": 0, "nDeleted": 0, "ok": 1.0}`),
    );
  });

  it('dropping a sharded collection unshards it', () => {
    const engine = cluster();
    run(engine, 'test', '{"drop": "orders"}');
    expect(ejson(body(run(engine, 'admin', '{"getDeployment": 1}')).get('shardedCollections')!)).toBe(canon('[]'));
    expect(update(engine, '[{"q": {"sku": "B7"}, "u": {"$set": {"qty": 1}}, "upsert": true}]').has('writeErrors')).toBe(
      false,
    );
  });

  it('rule 1 before 7.1 (legacyShardKeyTargeting): multi:false needs an exact _id or one target shard (72)', () => {
    const engine = cluster();
    run(engine, 'admin', '{"configureDeployment": 1, "legacyShardKeyTargeting": true}');
    expect(ejson(update(engine, '[{"q": {"sku": "A1"}, "u": {"$inc": {"qty": 1}}}]'))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 72, "errmsg": "A {multi:false} update on a sharded collection must contain an exact match on _id (and have the collection default collation) or contain the shard key (and have the simple collation), but this update targeted 2 shards. Update request: { q: { sku: \\"A1\\" }, u: { $inc: { qty: 1 } }, multi: false, upsert: false }, shard key pattern: { region: 1 }"}], "nModified": 0, "ok": 1.0}',
      ),
    );
    // Accepted: an exact _id, the shard key, or multi: true.
    expect(update(engine, '[{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}]').has('writeErrors')).toBe(false);
    expect(update(engine, '[{"q": {"region": "EU"}, "u": {"$inc": {"qty": 1}}}]').has('writeErrors')).toBe(false);
    expect(update(engine, '[{"q": {"sku": "A1"}, "u": {"$inc": {"qty": 1}}, "multi": true}]').has('writeErrors')).toBe(
      false,
    );
    expect(
      body(run(engine, 'test', '{"findAndModify": "orders", "query": {"sku": "A1"}, "update": {"$inc": {"qty": 1}}}'))
        .get('code')!
        .valueOf(),
    ).toBe(61);
  });
});
