import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { Engine } from '../engine.js';
import { ShellClient } from './api.js';

// CRUD specification (create-null-ids, DRIVERS-2124): a driver keeps an explicit `_id: null` and
// generates an ObjectId only when `_id` is absent. The Node driver (so mongosh) replaces null too
// (`document._id == null` in maybeAddIdToDocuments), which stays the default of the shell.

const d = (text: string): Doc => parseEJSON(text) as Doc;
const arr = (text: string): Value[] => parseEJSON(text) as Value[];

function inserts(keepNullId: boolean | undefined) {
  const engine = new Engine({ topology: 'replicaset' });
  const client = new ShellClient(engine, keepNullId === undefined ? {} : { keepNullId });
  const coll = client.db('db').collection('c');
  coll.insertOne(d('{"_id": null, "via": "insertOne"}'));
  coll.drop();
  coll.insertMany(arr('[{"_id": null, "via": "insertMany"}]'));
  coll.drop();
  coll.bulkWrite(arr('[{"insertOne": {"document": {"_id": null, "via": "bulkWrite"}}}]'));
  coll.drop();
  client.bulkWrite(arr('[{"insertOne": {"namespace": "db.c", "document": {"_id": null, "via": "client"}}}]'));
  const nullCount = coll.countDocuments(d('{"_id": {"$type": "null"}}'));
  return { engine, client, coll, nullCount };
}

describe('an explicit _id: null', () => {
  it('is kept by every insert path of a specification client (keepNullId)', () => {
    const engine = new Engine({ topology: 'replicaset' });
    const coll = new ShellClient(engine, { keepNullId: true }).db('db').collection('c');
    const paths: [string, () => unknown][] = [
      ['insertOne', () => coll.insertOne(d('{"_id": null}'))],
      ['insertMany', () => coll.insertMany(arr('[{"_id": null}]'))],
      ['bulkWrite', () => coll.bulkWrite(arr('[{"insertOne": {"document": {"_id": null}}}]'))],
    ];
    for (const [name, insert] of paths) {
      coll.drop();
      const r = insert() as { insertedId?: Value; insertedIds?: Map<number, Value> };
      expect(coll.countDocuments(d('{"_id": {"$type": "null"}}')), name).toBe(1);
      expect('insertedId' in r ? r.insertedId : r.insertedIds?.get(0), name).toBeNull();
    }
    expect(inserts(true).nullCount).toBe(1);
  });

  it('is replaced by a generated ObjectId by default, as the Node driver and mongosh do', () => {
    const { engine, nullCount } = inserts(undefined);
    expect(nullCount).toBe(0);
    expect(engine.documents('db', 'c').map((x) => x.get('_id')?.constructor.name)).toEqual(['ObjectId']);
  });

  it('an absent _id is generated either way', () => {
    const engine = new Engine({ topology: 'replicaset' });
    const coll = new ShellClient(engine, { keepNullId: true }).db('db').collection('c');
    const r = coll.insertOne(d('{"x": 1}'));
    expect(r.insertedId?.constructor.name).toBe('ObjectId');
  });
});
