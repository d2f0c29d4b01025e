import { describe, expect, it } from 'vitest';
import { body, canon, deployedEngine, ejson, lsid, run, txnFields } from './testing.js';
import type { Engine } from '../engine.js';

function engineWith(docs = '[{"_id": 1, "qty": 25}]'): Engine {
  const engine = deployedEngine({ topology: 'replicaset' });
  run(engine, 'test', `{"insert": "c", "documents": ${docs}}`);
  return engine;
}

const commit = (engine: Engine, n: number, txn: number) =>
  body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(n, txn)}}`));
const abort = (engine: Engine, n: number, txn: number) =>
  body(run(engine, 'admin', `{"abortTransaction": 1, ${txnFields(n, txn)}}`));
const oplogOps = (engine: Engine) => engine.oplogEntries().map((e) => `${String(e.get('op'))} ${String(e.get('ns'))}`);

describe('transactions', () => {
  it('snapshot isolation: own writes visible inside, nothing outside until commit', () => {
    const engine = engineWith();
    const upd = run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    expect(ejson(body(upd))).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    const inside = run(engine, 'test', `{"find": "c", ${txnFields(1, 1)}}`);
    expect(ejson(body(inside))).toBe(
      canon(
        '{"cursor": {"firstBatch": [{"_id": 1, "qty": 26}], "id": {"$numberLong": "0"}, "ns": "test.c"}, "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}]'));
    // A later outside write is not seen by the transaction's snapshot.
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 9}]}');
    const again = run(engine, 'test', `{"find": "c", "filter": {"_id": 9}, ${txnFields(1, 1)}}`);
    expect(ejson(body(again).get('cursor')!)).toBe(
      canon('{"firstBatch": [], "id": {"$numberLong": "0"}, "ns": "test.c"}'),
    );
    expect(ejson(commit(engine, 1, 1))).toBe(canon('{"ok": 1.0}'));
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}, {"_id": 9}]'));
  });

  it('commit logs one applyOps entry with lsid and txnNumber', () => {
    const engine = engineWith();
    const before = engine.oplogEntries().length;
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    run(engine, 'test', `{"insert": "c", "documents": [{"_id": 2}], ${txnFields(1, 1)}}`);
    commit(engine, 1, 1);
    const entries = engine.oplogEntries().slice(before);
    expect(entries.length).toBe(1);
    const e = entries[0]!;
    const uuid = engine.catalog.getCollection('test', 'c')!.uuid;
    expect([...e.keys()]).toEqual(['lsid', 'txnNumber', 'op', 'ns', 'o', 'ts', 't', 'v', 'wall', 'prevOpTime']);
    expect(ejson(e.get('lsid')!)).toBe(
      canon(
        `${lsid(1).slice(0, -1)}, "uid": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "subType": "00"}}}`,
      ),
    );
    expect(ejson(e.get('txnNumber')!)).toBe(canon('{"$numberLong": "1"}'));
    expect(e.get('op')).toBe('c');
    expect(e.get('ns')).toBe('admin.$cmd');
    const uui = ejson(uuid);
    expect(ejson(e.get('o')!)).toBe(
      canon(
        `{"applyOps": [
          {"op": "u", "ns": "test.c", "ui": ${uui}, "o": {"$v": 2, "diff": {"i": {"a": 1}}}, "o2": {"_id": 1}},
          {"op": "i", "ns": "test.c", "ui": ${uui}, "o": {"_id": 2}, "o2": {"_id": 2}}]}`,
      ),
    );
    expect(ejson(e.get('prevOpTime')!)).toBe(
      canon('{"ts": {"$timestamp": {"t": 0, "i": 0}}, "t": {"$numberLong": "-1"}}'),
    );
  });

  it('abort leaves no trace in documents or the oplog', () => {
    const engine = engineWith();
    const before = oplogOps(engine);
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    run(
      engine,
      'test',
      `{"update": "fresh", "updates": [{"q": {"_id": 5}, "u": {"$set": {"a": 1}}, "upsert": true}], ${txnFields(1, 1)}}`,
    );
    expect(ejson(abort(engine, 1, 1))).toBe(canon('{"ok": 1.0}'));
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}]'));
    expect(engine.collectionNames('test')).toEqual(['c']);
    expect(oplogOps(engine)).toEqual(before);
    // The aborted transaction cannot continue.
    expect(ejson(body(run(engine, 'test', `{"find": "c", ${txnFields(1, 1)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Transaction with { txnNumber: 1 } has been aborted.", "code": 251, "codeName": "NoSuchTransaction", "errorLabels": ["TransientTransactionError"]}',
      ),
    );
  });

  it('an upsert in a transaction creates the collection; the create is inside applyOps', () => {
    const engine = engineWith();
    const before = engine.oplogEntries().length;
    const up = run(
      engine,
      'test',
      `{"update": "logbook", "updates": [{"q": {"_id": 1}, "u": {"$set": {"entry": "first"}}, "upsert": true}], ${txnFields(1, 1, true)}}`,
    );
    expect(ejson(body(up))).toBe(canon('{"n": 1, "upserted": [{"index": 0, "_id": 1}], "nModified": 0, "ok": 1.0}'));
    expect(engine.collectionNames('test')).toEqual(['c']);
    commit(engine, 1, 1);
    expect(engine.collectionNames('test')).toEqual(['c', 'logbook']);
    expect(ejson(engine.documents('test', 'logbook'))).toBe(canon('[{"_id": 1, "entry": "first"}]'));
    const entries = engine.oplogEntries().slice(before);
    expect(entries.length).toBe(1);
    const ops = (entries[0]!.get('o') as Map<string, unknown>).get('applyOps') as Map<string, unknown>[];
    expect(ops.map((o) => `${String(o.get('op'))} ${String(o.get('ns'))}`)).toEqual(['c test.$cmd', 'i test.logbook']);
    expect(ejson(ops[0]!.get('ui') as never)).toBe(ejson(engine.catalog.getCollection('test', 'logbook')!.uuid));
  });

  it('two open transactions writing one document: the second gets WriteConflict 112 and is aborted', () => {
    const engine = engineWith();
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    const second = run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 10}}}], ${txnFields(2, 1, true)}}`,
    );
    expect(ejson(body(second))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Caused by :: Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.", "code": 112, "codeName": "WriteConflict", "errorLabels": ["TransientTransactionError"]}',
      ),
    );
    expect(ejson(body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(2, 1)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Transaction with { txnNumber: 1 } has been aborted.", "code": 251, "codeName": "NoSuchTransaction"}',
      ),
    );
    commit(engine, 1, 1);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}]'));
  });

  it('a write to a document committed after the snapshot conflicts', () => {
    const engine = engineWith();
    run(engine, 'test', `{"find": "c", ${txnFields(1, 1, true)}}`);
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}], ${txnFields(2, 1, true)}}`,
    );
    commit(engine, 2, 1);
    const late = run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 5}}}], ${txnFields(1, 1)}}`,
    );
    expect(body(late).get('code')!.valueOf()).toBe(112);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}]'));
  });

  it('writes to different documents do not conflict', () => {
    const engine = engineWith('[{"_id": 1}, {"_id": 2}]');
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 2}, "u": {"$set": {"b": 1}}}], ${txnFields(2, 1, true)}}`,
    );
    commit(engine, 1, 1);
    commit(engine, 2, 1);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "a": 1}, {"_id": 2, "b": 1}]'));
  });

  it('writeConcern on a statement inside a transaction → 72', () => {
    const engine = engineWith();
    const r = run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], "writeConcern": {"w": 1}, ${txnFields(1, 1, true)}}`,
    );
    expect(ejson(body(r))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "writeConcern is not allowed within a multi-statement transaction", "code": 72, "codeName": "InvalidOptions"}',
      ),
    );
  });

  it('commit with a write concern that times out reports writeConcernError', () => {
    const engine = deployedEngine({ topology: 'replicaset', members: [{}, { state: 'down' }, { state: 'down' }] });
    run(engine, 'test', `{"insert": "c", "documents": [{"_id": 1}], ${txnFields(1, 1, true)}}`);
    const r = run(
      engine,
      'admin',
      `{"commitTransaction": 1, ${txnFields(1, 1)}, "writeConcern": {"w": "majority", "wtimeout": 10}}`,
    );
    expect(ejson(body(r))).toBe(
      canon(
        '{"writeConcernError": {"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": "majority", "wtimeout": 10, "provenance": "clientSupplied"}}}, "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1}]'));
  });

  it('NoSuchTransaction for a commit without a transaction, and a wrong txnNumber', () => {
    const engine = engineWith();
    expect(ejson(commit(engine, 7, 3))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Given transaction number 3 does not match any in-progress transactions. The active transaction number is -1", "code": 251, "codeName": "NoSuchTransaction"}',
      ),
    );
    run(engine, 'test', `{"find": "c", ${txnFields(7, 4, true)}}`);
    expect(ejson(body(run(engine, 'test', `{"find": "c", ${txnFields(7, 5)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Given transaction number 5 does not match any in-progress transactions. The active transaction number is 4", "code": 251, "codeName": "NoSuchTransaction", "errorLabels": ["TransientTransactionError"]}',
      ),
    );
  });

  it('a committed transaction: commit again is ok, a further statement is 256', () => {
    const engine = engineWith();
    run(engine, 'test', `{"find": "c", ${txnFields(1, 1, true)}}`);
    expect(ejson(commit(engine, 1, 1))).toBe(canon('{"ok": 1.0}'));
    expect(ejson(commit(engine, 1, 1))).toBe(canon('{"ok": 1.0}'));
    expect(ejson(body(run(engine, 'test', `{"find": "c", ${txnFields(1, 1)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Transaction with { txnNumber: 1 } has been committed.", "code": 256, "codeName": "TransactionCommitted"}',
      ),
    );
  });

  it('commands a transaction cannot run → 263', () => {
    const engine = engineWith();
    expect(ejson(body(run(engine, 'test', `{"count": "c", ${txnFields(1, 1, true)}}`)))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Cannot run 'count' in a multi-document transaction.", "code": 263, "codeName": "OperationNotSupportedInTransaction"}`,
      ),
    );
  });

  it('a read-only transaction commits without an oplog entry', () => {
    const engine = engineWith();
    const before = engine.oplogEntries().length;
    run(engine, 'test', `{"find": "c", ${txnFields(1, 1, true)}}`);
    commit(engine, 1, 1);
    expect(engine.oplogEntries().length).toBe(before);
  });

  it('a write outside transactions to a document an open transaction wrote would wait: 50, undone', () => {
    const engine = engineWith('[{"_id": 1, "qty": 25}, {"_id": 2}]');
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    expect(
      ejson(
        body(run(engine, 'test', '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"x": 1}}, "multi": true}]}')),
      ),
    ).toBe(canon('{"ok": 0.0, "errmsg": "operation exceeded time limit", "code": 50, "codeName": "MaxTimeMSExpired"}'));
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}, {"_id": 2}]'));
    // Other documents are free.
    expect(
      ejson(body(run(engine, 'test', '{"update": "c", "updates": [{"q": {"_id": 2}, "u": {"$set": {"x": 1}}}]}'))),
    ).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    commit(engine, 1, 1);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}, {"_id": 2, "x": 1}]'));
  });

  it('a standalone refuses transactions: 20 IllegalOperation, nothing written', () => {
    const engine = deployedEngine({});
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    expect(
      ejson(
        body(
          run(
            engine,
            'test',
            `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
          ),
        ),
      ),
    ).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Transaction numbers are only allowed on a replica set member or mongos", "code": 20, "codeName": "IllegalOperation"}',
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1}]'));
  });

  it('a commit that would break a unique index changes nothing and aborts', () => {
    const engine = engineWith('[]');
    run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true}]}');
    run(
      engine,
      'test',
      `{"insert": "c", "documents": [{"_id": 1, "a": 1}, {"_id": 2, "b": 1}], ${txnFields(1, 1, true)}}`,
    );
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 3, "a": 1}]}');
    const before = engine.oplogEntries().length;
    expect(
      body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(1, 1)}}`))
        .get('code')!
        .valueOf(),
    ).toBe(11000);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 3, "a": 1}]'));
    expect(engine.oplogEntries().length).toBe(before);
    expect(
      body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(1, 1)}}`))
        .get('code')!
        .valueOf(),
    ).toBe(251);
  });

  it('a failing statement aborts the transaction', () => {
    const engine = engineWith();
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    const bad = run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], "bogus": 1, ${txnFields(1, 1)}}`,
    );
    expect(body(bad).get('ok')).toBe(0);
    expect(
      body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(1, 1)}}`))
        .get('code')!
        .valueOf(),
    ).toBe(251);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}]'));
  });

  it('session field checks in the server order (72 InvalidOptions)', () => {
    const engine = engineWith();
    const err = (fields: string) => ejson(body(run(engine, 'test', `{"find": "c", ${fields}}`)));
    const invalid = (msg: string) =>
      canon(`{"ok": 0.0, "errmsg": ${JSON.stringify(msg)}, "code": 72, "codeName": "InvalidOptions"}`);
    expect(err('"txnNumber": {"$numberLong": "1"}, "autocommit": false')).toBe(
      invalid('Transaction number requires a session ID to also be specified'),
    );
    expect(err(`"lsid": ${lsid(1)}, "autocommit": false`)).toBe(
      invalid("'autocommit' field requires a transaction number to also be specified"),
    );
    expect(err(`"lsid": ${lsid(1)}, "txnNumber": {"$numberLong": "1"}, "autocommit": true`)).toBe(
      invalid('Specifying autocommit=true is not allowed.'),
    );
    expect(err(`"lsid": ${lsid(1)}, "txnNumber": {"$numberLong": "1"}, "startTransaction": true`)).toBe(
      invalid("'startTransaction' field requires 'autocommit' field to also be specified"),
    );
    expect(
      err(`"lsid": ${lsid(1)}, "txnNumber": {"$numberLong": "1"}, "startTransaction": false, "autocommit": false`),
    ).toBe(invalid('Specifying startTransaction=false is not allowed.'));
    expect(ejson(body(run(engine, 'admin', `{"commitTransaction": 1, "lsid": ${lsid(1)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "commitTransaction must be run within a transaction", "code": 125, "codeName": "CommandFailed"}',
      ),
    );
  });

  it('starting a transaction number again: 50911 while in progress or committed, 225 for an older one', () => {
    const engine = engineWith();
    run(engine, 'test', `{"find": "c", ${txnFields(1, 5, true)}}`);
    expect(ejson(body(run(engine, 'test', `{"find": "c", ${txnFields(1, 5, true)}}`)))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Cannot start a transaction at given transaction number 5 a transaction with the same number is in state TxnState::InProgress", "code": 50911, "codeName": "Location50911"}',
      ),
    );
    expect(
      body(run(engine, 'test', `{"find": "c", ${txnFields(1, 4, true)}}`))
        .get('code')!
        .valueOf(),
    ).toBe(225);
  });
});
