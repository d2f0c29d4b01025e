import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import { runWriteWithDetails } from '../worker/write-details.js';
import { body, canon, deployedEngine, ejson, run, txnFields } from './testing.js';

describe("the playground's detailed write path goes through the deployment", () => {
  it('a transaction statement stays in the transaction; write concern and router rules apply', () => {
    const engine = deployedEngine({ topology: 'replicaset', members: [{}, { state: 'down' }, { state: 'down' }] });
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    const inTxn = runWriteWithDetails(
      engine,
      'test',
      parseEJSONDoc(
        `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
      ),
    );
    expect(ejson(body(inTxn.reply))).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(inTxn.statements.length).toBe(1);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1}]'));
    run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(1, 1)}}`);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "a": 1}]'));
    const wc = runWriteWithDetails(
      engine,
      'test',
      parseEJSONDoc(
        '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 2}}}], "writeConcern": {"w": 2, "wtimeout": 5}}',
      ),
    );
    expect(ejson(body(wc.reply).get('writeConcernError')!)).toContain('"code":{"$numberInt":"64"}');
  });

  it('sharded: an upsert without the shard key is refused on the detailed path too', () => {
    const engine = deployedEngine({ topology: 'sharded' });
    run(engine, 'admin', '{"shardCollection": "test.o", "key": {"r": 1}}');
    const r = runWriteWithDetails(
      engine,
      'test',
      parseEJSONDoc('{"update": "o", "updates": [{"q": {"x": 1}, "u": {"$set": {"a": 1}}, "upsert": true}]}'),
    );
    expect(ejson(body(r.reply))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 61, "errmsg": "Failed to target upsert by query :: could not extract exact shard key"}], "nModified": 0, "ok": 1.0}',
      ),
    );
  });
});
