/**
 * The replica-set reply fields share their constant values (electionId, the signature's hash and
 * keyId, the term) between replies, never their documents: a client that edits one reply's
 * `opTime` or `$clusterTime` leaves the next reply as the server sends it.
 */
import { Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc } from '../bson/values.js';
import { canon, deployedEngine, ejson, run } from './testing.js';

const sub = (doc: Doc, name: string): Doc => {
  const v = doc.get(name);
  if (!isDoc(v)) throw new Error(`${name} is not a document`);
  return v;
};

describe('replica-set reply fields', () => {
  it("are new documents per reply: editing one reply's opTime and $clusterTime changes no other", () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    const first = run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    sub(first, 'opTime').delete('t');
    sub(sub(first, '$clusterTime'), 'signature').set('keyId', Long.fromNumber(7));
    sub(first, '$clusterTime').delete('clusterTime');
    const second = run(engine, 'test', '{"insert": "c", "documents": [{"_id": 2}]}');
    const ts = '{"$timestamp": {"t": 1704067200, "i": 3}}';
    expect(ejson(second)).toBe(
      canon(
        `{"n": 1, "electionId": {"$oid": "7fffffff0000000000000001"}, "opTime": {"ts": ${ts}, "t": {"$numberLong": "1"}}, "ok": 1.0, "$clusterTime": {"clusterTime": ${ts}, "signature": {"hash": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "subType": "00"}}, "keyId": {"$numberLong": "0"}}}, "operationTime": ${ts}}`,
      ),
    );
    expect(sub(second, 'opTime')).not.toBe(sub(first, 'opTime'));
    expect(sub(second, '$clusterTime')).not.toBe(sub(first, '$clusterTime'));
  });
});
