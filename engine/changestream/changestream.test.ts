import { Binary, Int32, Long, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { canon, ejson, run as runOnEngine, testEngine as standaloneEngine } from '../commands/testing.js';
import { body } from '../deploy/testing.js';
import { ManualClock } from '../catalog/clock.js';
import { Engine } from '../engine.js';
import { eventsOf, type EventOptions } from './events.js';
import { flattenOplog } from './oplog-ops.js';
import { comparePositions, decodeResumeToken, encodeResumeToken } from './resume-token.js';
import { describeDiff, updateDescriptionOf } from './update-description.js';

// ManualClock starts at 2024-01-01T00:00:00Z: every oplog entry has t = 1704067200 (0x65920080)
// and an increment counting from 1.
const T = 1704067200;
const WALL = '{"$date": {"$numberLong": "1704067200000"}}';
const ts = (i: number): string => `{"$timestamp": {"t": ${T}, "i": ${i}}}`;
const token = (i: number, opIndex = 0, kind = '01'): string =>
  `{"_data": "8265920080${i.toString(16).toUpperCase().padStart(8, '0')}${opIndex.toString(16).toUpperCase().padStart(4, '0')}${kind}"}`;
const hwm = (i: number): string => token(i, 0xffff, '03');

/** An engine with `t.c` created (oplog entry 1) and `docs` inserted (entry 2). */
/** A command's reply without the replica set's gossip fields ($clusterTime, operationTime …). */
function run(e: Engine, db: string, command: string): Doc {
  return body(runOnEngine(e, db, command));
}

/** Change streams need a replica set (a standalone refuses them: 40573). */
function testEngine(): Engine {
  const e = standaloneEngine();
  runOnEngine(e, 'admin', '{"configureDeployment": 1, "topology": "replicaset"}');
  return e;
}

function engineWith(docs: string): Engine {
  const e = testEngine();
  run(e, 't', '{"create": "c"}');
  if (docs !== '') run(e, 't', `{"insert": "c", "documents": [${docs}]}`);
  return e;
}

function nextBatch(e: Engine, id = 1, collection = 'c', db = 't'): string {
  const reply = run(e, db, `{"getMore": {"$numberLong": "${id}"}, "collection": "${collection}"}`);
  const cursor = reply.get('cursor');
  return cursor instanceof Map ? ejson(cursor.get('nextBatch') as Value) : ejson(reply);
}

describe('$changeStream aggregate and getMore', () => {
  it('opens with an empty first batch, a high-water-mark postBatchResumeToken and an open cursor', () => {
    const e = engineWith('');
    expect(ejson(run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}'))).toBe(
      canon(
        `{"cursor": {"firstBatch": [], "postBatchResumeToken": ${hwm(1)}, "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}`,
      ),
    );
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon(
        `{"cursor": {"nextBatch": [], "postBatchResumeToken": ${hwm(1)}, "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}`,
      ),
    );
  });

  it('insert event: _id, operationType, clusterTime, wallTime, fullDocument, ns, documentKey', () => {
    const e = engineWith('');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}');
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon(
        `{"cursor": {"nextBatch": [{"_id": ${token(2)}, "operationType": "insert", "clusterTime": ${ts(2)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1, "a": 1}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}}], "postBatchResumeToken": ${hwm(2)}, "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}`,
      ),
    );
  });

  it('update event: updateDescription from the $v:2 diff (dotted paths, array indexes, removals)', () => {
    const e = engineWith('{"_id": 1, "a": [1, 2, 3], "b": 1, "d": {"e": 1}}');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(
      e,
      't',
      '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a.1": 5, "d.f": 2}, "$unset": {"b": 1}}}]}',
    );
    expect(nextBatch(e)).toBe(
      canon(
        `[{"_id": ${token(3)}, "operationType": "update", "clusterTime": ${ts(3)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "updateDescription": {"updatedFields": {"a.1": 5, "d.f": 2}, "removedFields": ["b"], "truncatedArrays": []}}]`,
      ),
    );
  });

  it('update event: a shortened array is reported in truncatedArrays', () => {
    const e = engineWith('{"_id": 1, "array": ["foo", {"a": "bar"}, 1, 2, 3]}');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"array": ["foo", {"a": "bar"}]}}]}]}');
    expect(ejson(parseEJSONDoc(nextBatch(e).slice(1, -1)).get('updateDescription') as Doc)).toBe(
      canon('{"updatedFields": {}, "removedFields": [], "truncatedArrays": [{"field": "array", "newSize": 2}]}'),
    );
  });

  it('showExpandedEvents: collectionUUID before wallTime and disambiguatedPaths in updateDescription', () => {
    const e = engineWith('{"_id": 1, "a": {"1": 1}}');
    const uuid = e.catalog.getCollection('t', 'c')!.uuid;
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {"showExpandedEvents": true}}], "cursor": {}}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a.1": 2}}}]}');
    expect(nextBatch(e)).toBe(
      canon(
        `[{"_id": ${token(3)}, "operationType": "update", "clusterTime": ${ts(3)}, "collectionUUID": ${ejson(uuid)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "updateDescription": {"updatedFields": {"a.1": 2}, "removedFields": [], "truncatedArrays": [], "disambiguatedPaths": {"a.1": ["a", "1"]}}}]`,
      ),
    );
  });

  it('replace and delete events', () => {
    const e = engineWith('{"_id": 1, "x": 1}');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"x": 3}}]}');
    run(e, 't', '{"delete": "c", "deletes": [{"q": {"_id": 1}, "limit": 1}]}');
    expect(nextBatch(e)).toBe(
      canon(
        `[{"_id": ${token(3)}, "operationType": "replace", "clusterTime": ${ts(3)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1, "x": 3}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}},` +
          ` {"_id": ${token(4)}, "operationType": "delete", "clusterTime": ${ts(4)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}}]`,
      ),
    );
  });

  it("fullDocument: 'updateLookup' puts the current document after wallTime", () => {
    const e = engineWith('{"_id": 1, "x": 1}');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocument": "updateLookup"}}], "cursor": {}}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"x": 1}}}]}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"x": 1}}}]}');
    // Both events show the document as it is when read (x: 3), as the server's lookup does.
    expect(nextBatch(e)).toBe(
      canon(
        `[{"_id": ${token(3)}, "operationType": "update", "clusterTime": ${ts(3)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1, "x": 3}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "updateDescription": {"updatedFields": {"x": 2}, "removedFields": [], "truncatedArrays": []}},` +
          ` {"_id": ${token(4)}, "operationType": "update", "clusterTime": ${ts(4)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1, "x": 3}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "updateDescription": {"updatedFields": {"x": 3}, "removedFields": [], "truncatedArrays": []}}]`,
      ),
    );
  });

  it('pre- and post-images once changeStreamPreAndPostImages is enabled (fullDocumentBeforeChange last)', () => {
    const e = engineWith('{"_id": 1, "x": 1}');
    expect(ejson(run(e, 't', '{"collMod": "c", "changeStreamPreAndPostImages": {"enabled": true}}'))).toBe(
      canon('{"ok": 1.0}'),
    );
    run(
      e,
      't',
      '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocument": "whenAvailable", "fullDocumentBeforeChange": "required"}}], "cursor": {}}',
    );
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"y": 1}}}]}');
    run(e, 't', '{"delete": "c", "deletes": [{"q": {"_id": 1}, "limit": 1}]}');
    expect(nextBatch(e)).toBe(
      canon(
        `[{"_id": ${token(4)}, "operationType": "update", "clusterTime": ${ts(4)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1, "x": 1, "y": 1}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "updateDescription": {"updatedFields": {"y": 1}, "removedFields": [], "truncatedArrays": []}, "fullDocumentBeforeChange": {"_id": 1, "x": 1}},` +
          ` {"_id": ${token(5)}, "operationType": "delete", "clusterTime": ${ts(5)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}, "fullDocumentBeforeChange": {"_id": 1, "x": 1, "y": 1}}]`,
      ),
    );
  });

  it('without recorded images: null for whenAvailable, 47 NoMatchingDocument for required (cursor closed)', () => {
    const e = engineWith('{"_id": 1, "x": 1}');
    run(
      e,
      't',
      '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocumentBeforeChange": "whenAvailable"}}], "cursor": {}}',
    );
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocument": "required"}}], "cursor": {}}');
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"y": 1}}}]}');
    expect(nextBatch(e, 1)).toContain('"fullDocumentBeforeChange":null');
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "2"}, "collection": "c"}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Executor error during getMore :: caused by :: Change stream was configured to require a post-image for all update events, but the post-image was not found for event: {operationType: \\"update\\", ns: {db: \\"t\\", coll: \\"c\\"}, clusterTime: Timestamp(${T}, 3)}", "code": 47, "codeName": "NoMatchingDocument"}`,
      ),
    );
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "2"}, "collection": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "cursor id 2 not found", "code": 43, "codeName": "CursorNotFound"}'),
    );
  });

  it('drop: a drop event then invalidate, and the cursor closes', () => {
    const e = engineWith('');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 't', '{"drop": "c"}');
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon(
        `{"cursor": {"nextBatch": [{"_id": ${token(2)}, "operationType": "drop", "clusterTime": ${ts(2)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}},` +
          ` {"_id": ${token(2, 0, '02')}, "operationType": "invalidate", "clusterTime": ${ts(2)}, "wallTime": ${WALL}}], "postBatchResumeToken": ${token(2, 0, '02')}, "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}`,
      ),
    );
  });

  it("rename: 'to' comes first, then the usual fields; the collection stream is invalidated", () => {
    const e = engineWith('');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 'admin', '{"renameCollection": "t.c", "to": "t.d"}');
    expect(nextBatch(e)).toBe(
      canon(
        `[{"to": {"db": "t", "coll": "d"}, "_id": ${token(2)}, "operationType": "rename", "clusterTime": ${ts(2)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}},` +
          ` {"_id": ${token(2, 0, '02')}, "operationType": "invalidate", "clusterTime": ${ts(2)}, "wallTime": ${WALL}}]`,
      ),
    );
  });

  it('database and cluster streams; dropDatabase invalidates only the database stream', () => {
    const e = engineWith('');
    run(e, 't', '{"aggregate": 1, "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 'admin', '{"aggregate": 1, "pipeline": [{"$changeStream": {"allChangesForCluster": true}}], "cursor": {}}');
    run(e, 'u', '{"insert": "x", "documents": [{"_id": 1}]}');
    run(e, 't', '{"insert": "d", "documents": [{"_id": 2}]}');
    run(e, 't', '{"dropDatabase": 1}');
    const db = nextBatch(e, 1, '$cmd.aggregate');
    expect((parseEJSONDoc(`{"b": ${db}}`).get('b') as Doc[]).map((d) => `${String(d.get('operationType'))}`)).toEqual([
      'insert',
      'drop',
      'drop',
      'dropDatabase',
      'invalidate',
    ]);
    const all = nextBatch(e, 2, '$cmd.aggregate', 'admin');
    expect((parseEJSONDoc(`{"b": ${all}}`).get('b') as Doc[]).map((d) => String(d.get('operationType')))).toEqual([
      'insert',
      'insert',
      'drop',
      'drop',
      'dropDatabase',
    ]);
    expect(all).toContain(
      canon(`{"operationType": "dropDatabase", "clusterTime": ${ts(8)}, "wallTime": ${WALL}, "ns": {"db": "t"}}`).slice(
        1,
        -1,
      ),
    );
  });

  it('showExpandedEvents: create, createIndexes, dropIndexes and modify events on a database stream', () => {
    const e = testEngine();
    run(e, 't', '{"aggregate": 1, "pipeline": [{"$changeStream": {"showExpandedEvents": true}}], "cursor": {}}');
    run(e, 't', '{"create": "c"}');
    const uuid = ejson(e.catalog.getCollection('t', 'c')!.uuid);
    run(e, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
    run(e, 't', '{"dropIndexes": "c", "index": "a_1"}');
    run(e, 't', '{"collMod": "c", "changeStreamPreAndPostImages": {"enabled": true}}');
    const head = (i: number, type: string): string =>
      `"_id": ${token(i)}, "operationType": "${type}", "clusterTime": ${ts(i)}, "collectionUUID": ${uuid}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}`;
    expect(nextBatch(e, 1, '$cmd.aggregate')).toBe(
      canon(
        `[{${head(1, 'create')}, "operationDescription": {"idIndex": {"v": 2, "key": {"_id": 1}, "name": "_id_"}}, "nsType": "collection"},` +
          ` {${head(2, 'createIndexes')}, "operationDescription": {"indexes": [{"v": 2, "key": {"a": 1}, "name": "a_1"}]}},` +
          ` {${head(3, 'dropIndexes')}, "operationDescription": {"indexes": [{"index": "a_1"}]}},` +
          ` {${head(4, 'modify')}, "operationDescription": {"changeStreamPreAndPostImages": {"enabled": true}}, "stateBeforeChange": {}}]`,
      ),
    );
  });

  it('resumeAfter / startAfter / startAtOperationTime pick the starting point', () => {
    const e = engineWith('');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 2}]}');
    const first = (x: string): string =>
      ejson(
        (
          (
            run(e, 't', `{"aggregate": "c", "pipeline": [{"$changeStream": ${x}}], "cursor": {}}`).get('cursor') as Doc
          ).get('firstBatch') as Doc[]
        ).map((d) => (d.get('documentKey') as Doc).get('_id')!),
      );
    expect(first(`{"resumeAfter": ${token(2)}}`)).toBe(canon('[2]'));
    expect(first(`{"startAfter": ${token(2)}}`)).toBe(canon('[2]'));
    expect(first(`{"startAtOperationTime": ${ts(2)}}`)).toBe(canon('[1, 2]'));
    expect(
      ejson(
        run(
          e,
          't',
          `{"aggregate": "c", "pipeline": [{"$changeStream": {"resumeAfter": ${token(2, 0, '02')}}}], "cursor": {}}`,
        ),
      ),
    ).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.", "code": 260, "codeName": "InvalidResumeToken"}`,
      ),
    );
  });

  it('batchSize limits a batch; postBatchResumeToken is then the last event returned', () => {
    const e = engineWith('');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}, {"_id": 3}]}');
    const reply = run(
      e,
      't',
      `{"aggregate": "c", "pipeline": [{"$changeStream": {"startAtOperationTime": ${ts(2)}}}], "cursor": {"batchSize": 2}}`,
    );
    const cursor = reply.get('cursor') as Doc;
    expect((cursor.get('firstBatch') as Doc[]).length).toBe(2);
    expect(ejson(cursor.get('postBatchResumeToken')!)).toBe(canon(token(3)));
  });

  it('stages after $changeStream shape events; modifying _id is 280 with NonResumableChangeStreamError', () => {
    const e = engineWith('');
    run(
      e,
      't',
      '{"aggregate": "c", "pipeline": [{"$changeStream": {}}, {"$match": {"fullDocument.z": 3}}, {"$project": {"optype": "$operationType", "ns": 1}}], "cursor": {}}',
    );
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}, {"$project": {"_id": 0}}], "cursor": {}}');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1, "y": 2}, {"_id": 2, "z": 3}]}');
    // Inclusion projections keep included fields in document order, computed fields after them.
    expect(nextBatch(e, 1)).toBe(canon(`[{"_id": ${token(3)}, "ns": {"db": "t", "coll": "c"}, "optype": "insert"}]`));
    const err = run(e, 't', '{"getMore": {"$numberLong": "2"}, "collection": "c"}');
    expect(err.get('code')).toEqual(expect.objectContaining({ value: 280 }));
    expect(err.get('codeName')).toBe('ChangeStreamFatalError');
    expect(ejson(err.get('errorLabels')!)).toBe(canon('["NonResumableChangeStreamError"]'));
    expect(
      ejson(
        run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}, {"$group": {"_id": 1}}], "cursor": {}}'),
      ),
    ).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "$group is not permitted in a $changeStream pipeline", "code": 20, "codeName": "IllegalOperation"}',
      ),
    );
  });

  it('killCursors closes a change stream cursor', () => {
    const e = engineWith('');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    expect(ejson(run(e, 't', '{"killCursors": "c", "cursors": [{"$numberLong": "1"}]}'))).toBe(
      canon(
        '{"cursorsKilled": [{"$numberLong": "1"}], "cursorsNotFound": [], "cursorsAlive": [], "cursorsUnknown": [], "ok": 1.0}',
      ),
    );
    expect(ejson(run(e, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "cursor id 1 not found", "code": 43, "codeName": "CursorNotFound"}'),
    );
  });
});

describe('transactions (applyOps)', () => {
  it('a committed transaction on a replica set streams its operations with txnNumber and lsid', () => {
    const e = new Engine({ topology: 'replicaset', clock: new ManualClock() });
    const lsid = '{"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAA==", "subType": "04"}}}';
    const txn = `"lsid": ${lsid}, "txnNumber": {"$numberLong": "1"}, "autocommit": false`;
    run(e, 't', '{"create": "c"}');
    run(e, 't', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
    run(e, 't', `{"insert": "c", "documents": [{"_id": 1}], ${txn}, "startTransaction": true}`);
    run(e, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txn}}`);
    expect(nextBatch(e)).toBe('[]');
    run(e, 'admin', `{"commitTransaction": 1, ${txn}}`);
    const events = parseEJSONDoc(`{"b": ${nextBatch(e)}}`).get('b') as Doc[];
    expect(events.map((d) => [...d.keys()].slice(0, 4).join(','))).toEqual([
      'txnNumber,lsid,_id,operationType',
      'txnNumber,lsid,_id,operationType',
    ]);
    expect(events.map((d) => ejson(d.get('_id')!))).toEqual([canon(token(4, 0)), canon(token(4, 1))]);
    expect(events.map((d) => d.get('operationType'))).toEqual(['insert', 'update']);
  });

  it('expands applyOps; events lead with txnNumber and lsid and share the commit time', () => {
    const lsid: Doc = new Map<string, Value>([['id', new Binary(new Uint8Array(16), 4)]]);
    const ui = new Binary(new Uint8Array(16).fill(7), 4);
    const entry: Doc = new Map<string, Value>([
      ['lsid', lsid],
      ['txnNumber', Long.fromNumber(3)],
      ['op', 'c'],
      ['ns', 'admin.$cmd'],
      [
        'o',
        new Map<string, Value>([
          [
            'applyOps',
            [
              new Map<string, Value>([
                ['op', 'i'],
                ['ns', 't.c'],
                ['ui', ui],
                ['o', new Map<string, Value>([['_id', new Int32(1)]])],
                ['o2', new Map<string, Value>([['_id', new Int32(1)]])],
              ]),
              new Map<string, Value>([
                ['op', 'd'],
                ['ns', 't.c'],
                ['ui', ui],
                ['o', new Map<string, Value>([['_id', new Int32(0)]])],
              ]),
            ],
          ],
        ]),
      ],
      ['ts', new Timestamp({ t: T, i: 9 })],
      ['t', Long.fromNumber(1)],
      ['v', Long.fromNumber(2)],
      ['wall', new Date(T * 1000)],
    ]);
    const ops = flattenOplog([entry]);
    const options: EventOptions = {
      scope: { kind: 'collection', db: 't', coll: 'c' },
      fullDocument: 'default',
      fullDocumentBeforeChange: 'off',
      showExpandedEvents: false,
    };
    const events = [0, 1].flatMap((i) => eventsOf(testEngine().catalog, ops, i, options).map((ev) => ev.event));
    const lsidText = ejson(lsid);
    expect(ejson(events)).toBe(
      canon(
        `[{"txnNumber": {"$numberLong": "3"}, "lsid": ${lsidText}, "_id": ${token(9, 0)}, "operationType": "insert", "clusterTime": ${ts(9)}, "wallTime": ${WALL}, "fullDocument": {"_id": 1}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 1}},` +
          ` {"txnNumber": {"$numberLong": "3"}, "lsid": ${lsidText}, "_id": ${token(9, 1)}, "operationType": "delete", "clusterTime": ${ts(9)}, "wallTime": ${WALL}, "ns": {"db": "t", "coll": "c"}, "documentKey": {"_id": 0}}]`,
      ),
    );
  });
});

describe('changeStreamPreAndPostImages collection option', () => {
  it('create with the option records pre-images from the start; listCollections shows it', () => {
    const e = testEngine();
    run(e, 't', '{"create": "c", "changeStreamPreAndPostImages": {"enabled": true}}');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1, "x": 1}]}');
    run(
      e,
      't',
      '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocumentBeforeChange": "required"}}], "cursor": {}}',
    );
    run(e, 't', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"x": 2}}]}');
    expect(nextBatch(e)).toContain(canon('{"fullDocumentBeforeChange": {"_id": 1, "x": 1}}').slice(1, -1));
    const listed = run(e, 't', '{"listCollections": 1}');
    expect(ejson(listed)).toContain(
      canon('{"options": {"changeStreamPreAndPostImages": {"enabled": true}}}').slice(1, -1),
    );
  });

  it('collMod with enabled: false stops recording; a malformed option is refused', () => {
    const e = testEngine();
    run(e, 't', '{"create": "c", "changeStreamPreAndPostImages": {"enabled": true}}');
    run(e, 't', '{"insert": "c", "documents": [{"_id": 1, "x": 1}]}');
    run(e, 't', '{"collMod": "c", "changeStreamPreAndPostImages": {"enabled": false}}');
    run(
      e,
      't',
      '{"aggregate": "c", "pipeline": [{"$changeStream": {"fullDocumentBeforeChange": "whenAvailable"}}], "cursor": {}}',
    );
    run(e, 't', '{"delete": "c", "deletes": [{"q": {"_id": 1}, "limit": 1}]}');
    expect(nextBatch(e)).toContain('"fullDocumentBeforeChange":null');
    expect(ejson(run(e, 't', '{"collMod": "c", "changeStreamPreAndPostImages": {}}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'collMod.changeStreamPreAndPostImages.enabled' is missing but a required field", "code": 40414, "codeName": "IDLFailedToParse"}`,
      ),
    );
  });
});

describe('updateDescription from diffs', () => {
  const diff = (text: string): Doc => parseEJSONDoc(text);

  it('reads u, then i, then d, then sub-diffs, whatever their order in the diff', () => {
    expect(
      ejson(
        updateDescriptionOf(diff('{"sb": {"u": {"c": 1}}, "i": {"z": 1}, "u": {"y": 2}, "d": {"x": false}}'), false),
      ),
    ).toBe(canon('{"updatedFields": {"y": 2, "z": 1, "b.c": 1}, "removedFields": ["x"], "truncatedArrays": []}'));
  });

  it('array diffs: resize, element updates and nested sub-diffs by index', () => {
    expect(
      ejson(updateDescriptionOf(diff('{"sarr": {"a": true, "l": 3, "u1": "x", "s2": {"u": {"k": 1}}}}'), true)),
    ).toBe(
      canon(
        '{"updatedFields": {"arr.1": "x", "arr.2.k": 1}, "removedFields": [], "truncatedArrays": [{"field": "arr", "newSize": 3}], "disambiguatedPaths": {}}',
      ),
    );
  });

  it('disambiguates dotted names and numeric names below the top level, array indexes as int32', () => {
    const parts = describeDiff(
      diff(
        '{"sa": {"a": true, "s0": {"u": {"1": 2, "01": 3}}}, "u": {"x.y": 1, "7": 1}, "d": {"5": false}, "sb": {"d": {"2": false}}}',
      ),
    );
    // "7" and "5" are top-level (never array indexes), "01" is not a strict array index.
    expect(ejson(parts.disambiguatedPaths)).toBe(canon('{"x.y": ["x.y"], "a.0.1": ["a", 0, "1"], "b.2": ["b", "2"]}'));
  });
});

describe('resume tokens', () => {
  it('round-trip and order: before(T) < events at T (by opIndex) < invalidate < high-water mark(T)', () => {
    const at = new Timestamp({ t: T, i: 4 });
    const before = { t: T, i: 4, opIndex: 0, kind: 'before' as const };
    const ev = { t: T, i: 4, opIndex: 2, kind: 'event' as const };
    const inv = { t: T, i: 4, opIndex: 2, kind: 'invalidate' as const };
    const mark = { t: at.t, i: at.i, opIndex: 0, kind: 'highWaterMark' as const };
    expect(decodeResumeToken(encodeResumeToken(ev))).toEqual(ev);
    expect(decodeResumeToken(encodeResumeToken(mark))).toEqual(mark);
    expect(comparePositions(before, ev)).toBe(-1);
    expect(comparePositions(ev, inv)).toBe(-1);
    expect(comparePositions(inv, mark)).toBe(-1);
    expect(() => decodeResumeToken(new Map([['_data', 'zz']]))).toThrow(/Invalid resume token/);
  });
});
