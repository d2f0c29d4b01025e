/**
 * mongosh's legacy Bulk API (`initializeOrderedBulkOp` / `initializeUnorderedBulkOp`), run through
 * the real interpreter and engine. What it must do is the Node driver's OrderedBulkOperation /
 * UnorderedBulkOperation (mongodb/lib/bulk/common.js, which mongosh's bulk.ts wraps): the
 * statements and batches it sends, the BulkWriteResult, and the client-side refusals.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { toRelaxed } from '../bson/ejson.js';
import { ManualClock } from '../catalog/clock.js';
import { Engine } from '../engine.js';
import { formatShellResult, runShellScript } from './index.js';

function shell(script: string) {
  let n = 0;
  const newObjectId = (): ObjectId => new ObjectId((++n).toString(16).padStart(24, '0'));
  const NOW = new Date('2026-01-02T03:04:05.678Z');
  const engine = new Engine({ clock: new ManualClock(NOW), newObjectId });
  const sent: string[] = [];
  const results = runShellScript(engine, script, {
    now: () => NOW,
    newObjectId,
    continueOnError: true,
    client: {
      observer: (e) => {
        if (e.kind === 'started' && e.command !== undefined && e.commandName !== 'find')
          sent.push(toRelaxed(e.command));
      },
    },
  });
  return {
    out: results.map((r) => formatShellResult(r)),
    sent,
    contents: (coll: string) => toRelaxed(engine.documents('test', coll)),
  };
}

describe('legacy Bulk API', () => {
  it('an unordered bulk sends its inserts, then its updates, then its deletes, one command each', () => {
    const { out, sent, contents } = shell(`var bulk = db.c.initializeUnorderedBulkOp()
bulk.insert({_id: 1, a: 1})
bulk.find({_id: 1}).hint({_id: 1}).updateOne({$set: {b: 1}})
bulk.insert({_id: 2, a: 2})
bulk.find({a: 9}).upsert().update({$set: {c: 1}})
bulk.find({a: 2}).collation({locale: "en"}).removeOne()
bulk.execute()`);
    expect(sent).toEqual([
      '{"insert":"c","documents":[{"_id":1,"a":1},{"_id":2,"a":2}],"ordered":false}',
      '{"update":"c","updates":[{"q":{"_id":1},"u":{"$set":{"b":1}},"hint":{"_id":1}},{"q":{"a":9},"u":{"$set":{"c":1}},"upsert":true,"multi":true}],"ordered":false}',
      '{"delete":"c","deletes":[{"q":{"a":2},"limit":1,"collation":{"locale":"en"}}],"ordered":false}',
    ]);
    // Indexes in insertedIds / upsertedIds are the operations' positions in the bulk.
    expect(out[6]).toBe(`{
  acknowledged: true,
  insertedCount: 2,
  insertedIds: { '0': 1, '2': 2 },
  matchedCount: 1,
  modifiedCount: 1,
  deletedCount: 1,
  upsertedCount: 1,
  upsertedIds: { '3': ObjectId('000000000000000000000001') }
}`);
    expect(contents('c')).toBe('[{"_id":1,"a":1,"b":1},{"_id":{"$oid":"000000000000000000000001"},"a":9,"c":1}]');
  });

  it('an ordered bulk batches runs of the same kind and stops at the first batch with a write error', () => {
    const { out, sent, contents } = shell(`db.c.insertOne({_id: 1})
var b = db.c.initializeOrderedBulkOp()
b.insert({_id: 2})
b.insert({_id: 1})
b.insert({_id: 3})
b.find({_id: 2}).updateOne({$set: {z: 1}})
b.execute()`);
    expect(sent.slice(1)).toEqual(['{"insert":"c","documents":[{"_id":2},{"_id":1},{"_id":3}],"ordered":true}']);
    expect(out[6]).toContain(
      'MongoBulkWriteError[DuplicateKey]: E11000 duplicate key error collection: test.c index: _id_ dup key: { _id: 1 }',
    );
    expect(out[6]).toContain("insertedCount: 1,\n  insertedIds: { '0': 2 },");
    expect(contents('c')).toBe('[{"_id":1},{"_id":2}]');
  });

  it('arrayFilters and a pipeline travel in the statement; update() takes any update form', () => {
    const { sent, contents } = shell(`db.c.insertOne({_id: 1, a: [1, 2, 3]})
var b = db.c.initializeOrderedBulkOp()
b.find({_id: 1}).arrayFilters([{i: {$gte: 2}}]).updateOne({$set: {"a.$[i]": 0}})
b.find({_id: 1}).update([{$set: {n: {$size: "$a"}}}])
b.find({_id: 1}).replaceOne({r: 1})
b.execute()`);
    expect(sent[1]).toBe(
      '{"update":"c","updates":[{"q":{"_id":1},"u":{"$set":{"a.$[i]":0}},"arrayFilters":[{"i":{"$gte":2}}]},{"q":{"_id":1},"u":[{"$set":{"n":{"$size":"$a"}}}],"multi":true},{"q":{"_id":1},"u":{"r":1}}],"ordered":true}',
    );
    expect(contents('c')).toBe('[{"_id":1,"r":1}]');
  });

  it('prints the operation counts, and refuses what the driver refuses before anything is sent', () => {
    const { out, sent } = shell(`var b = db.c.initializeOrderedBulkOp()
b
b.execute()
b.find({}).updateOne({x: 1})
b.find({}).replaceOne({$set: {x: 1}})
b.find(null)
b.find()
b.find({_id: 1}).deleteOne()
b.getOperations()
b.find({})
b.execute()
b.getOperations()
b.execute()`);
    expect(out.slice(1, 10)).toEqual([
      '{ nInsertOps: 0, nUpdateOps: 0, nRemoveOps: 0, nBatches: 0 }',
      'MongoInvalidArgumentError: Invalid BulkOperation, Batch cannot be empty',
      'MongoInvalidArgumentError: Update document requires atomic operators',
      'MongoInvalidArgumentError: Replacement document must not use atomic operators',
      'MongoInvalidArgumentError: Bulk find operation must specify a selector',
      'MongoshInvalidInputError: [COMMON-10001] Missing required argument at position 0 (Bulk.find)',
      // mongosh counts an operation before the driver checks it.
      '{ nInsertOps: 0, nUpdateOps: 2, nRemoveOps: 1, nBatches: 1 }',
      'MongoshInvalidInputError: [COMMON-10002] Cannot call getOperations on an unexecuted Bulk operation',
      'BulkFindOp',
    ]);
    expect(out[11]).toBe(`[
  {
    originalZeroIndex: 0,
    batchType: 3,
    operations: [ { q: { _id: 1 }, limit: 1 } ]
  }
]`);
    expect(out[12]).toBe(
      'MongoBatchReExecutionError: This batch has already been executed, create new batch to execute',
    );
    expect(sent).toEqual(['{"delete":"c","deletes":[{"q":{"_id":1},"limit":1}],"ordered":true}']);
  });

  it('a verb consumes the find: a second verb on it has no selector', () => {
    const { out } = shell(`var b = db.c.initializeOrderedBulkOp()
var f = b.find({_id: 1})
f.updateOne({$set: {a: 1}})
f.updateOne({$set: {a: 2}})`);
    expect(out[3]).toBe('MongoInvalidArgumentError: Selector must be a valid JavaScript object');
  });
});
