/**
 * Manual: reference/bson-types, "Timestamps": "If you insert a document containing an empty
 * timestamp value in a top-level field, the MongoDB server replaces that empty timestamp with the
 * current timestamp value", with the exception that an `_id` holding an empty timestamp is kept.
 * Server (8.0): insert.cpp `fixDocumentForInsert` (insert command and bulkWrite's insert ops):
 * each top-level field other than `_id` whose timestamp value is 0 gets
 * `VectorClockMutable::tickClusterTime(1)`, one tick per field in field order, so the values
 * precede the insert's own oplog entry; embedded empty timestamps stay as written.
 */
import { describe, expect, test } from 'vitest';
import { manual } from './harness.js';

const ZERO = '{"$timestamp":{"t":0,"i":0}}';
const SECS = 1767323045; // the harness clock, 2026-01-02T03:04:05.678Z

function ts(i: number): string {
  return `{"$timestamp":{"t":${SECS},"i":${i}}}`;
}

describe('insert: top-level empty timestamps take the cluster time (bson-types, fixDocumentForInsert)', () => {
  test('each top-level Timestamp(0, 0) gets its own tick, before the oplog entry; _id and embedded ones stay', () => {
    const m = manual({ topology: 'replicaset' });
    // fixDocumentForInsert runs before the collection is made: the two fields take i 1 and 2, the
    // implicit creation of `c` logs at i 3, the insert at i 4.
    m.cmd(
      `{"insert": "c", "documents": [{"_id": ${ZERO}, "a": ${ZERO}, "n": {"t": ${ZERO}}, "arr": [${ZERO}], "b": ${ZERO}, "c": {"$timestamp": {"t": 0, "i": 7}}}]}`,
    );
    expect(m.docs('c')).toBe(
      `[{"_id":${ZERO},"a":${ts(1)},"n":{"t":${ZERO}},"arr":[${ZERO}],"b":${ts(2)},"c":{"$timestamp":{"t":0,"i":7}}}]`,
    );
    expect(m.cmd('{"find": "oplog.rs", "filter": {"op": "i"}, "projection": {"ts": 1, "o": 1, "_id": 0}}', 'local')).toBe(
      `{"cursor":{"firstBatch":[{"o":{"_id":${ZERO},"a":${ts(1)},"n":{"t":${ZERO}},"arr":[${ZERO}],"b":${ts(2)},"c":{"$timestamp":{"t":0,"i":7}}},"ts":${ts(4)}}],"id":0,"ns":"local.oplog.rs"},"ok":1.0,"$clusterTime":{"clusterTime":${ts(4)},"signature":{"hash":{"$binary":{"base64":"AAAAAAAAAAAAAAAAAAAAAAAAAAA=","subType":"00"}},"keyId":0}},"operationTime":${ts(4)}}`,
    );
  });

  test('an _id that is not the first field keeps its empty timestamp too; the shell’s insertOne goes the same way', () => {
    const m = manual();
    expect(m.sh('db.c.insertOne({ a: Timestamp(0, 0), _id: Timestamp(0, 0) })')).toEqual([
      "{ acknowledged: true, insertedId: Timestamp({ t: 0, i: 0 }) }",
    ]);
    expect(m.docs('c')).toBe(`[{"_id":${ZERO},"a":${ts(1)}}]`);
  });

  test('bulkWrite’s insert op fills them as well; a refused document takes no tick', () => {
    const m = manual({ topology: 'standalone' });
    m.cmd(
      `{"bulkWrite": 1, "ops": [{"insert": 0, "document": {"_id": [1], "t": ${ZERO}}}, {"insert": 0, "document": {"_id": 2, "t": ${ZERO}}}], "nsInfo": [{"ns": "test.c"}], "ordered": false}`,
      'admin',
    );
    expect(m.docs('c')).toBe(`[{"_id":2,"t":${ts(1)}}]`);
  });
});
