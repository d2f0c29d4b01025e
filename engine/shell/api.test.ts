import { describe, expect, it } from 'vitest';
import { parseEJSON, toRelaxed } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import type { CommandEngine, CommandEvent } from './api.js';
import { MongoBulkWriteError, MongoNetworkError, MongoServerError, ShellClient, ShellClientError } from './api.js';

const d = (text: string): Doc => parseEJSON(text) as Doc;
const v = (text: string): Value => parseEJSON(text);

/** An engine stand-in: records commands and answers with the queued replies (default `{ok: 1}`). */
class FakeEngine implements CommandEngine {
  readonly sent: { db: string; command: Doc }[] = [];
  readonly replies: (Doc | Error)[] = [];
  runCommand(db: string, command: Doc): Doc {
    this.sent.push({ db, command });
    const next = this.replies.shift() ?? d('{"ok": 1}');
    if (next instanceof Error) throw next;
    return next;
  }
  last(): string {
    const c = this.sent[this.sent.length - 1];
    return c === undefined ? '<none>' : toRelaxed(c.command);
  }
}

function setup(options: ConstructorParameters<typeof ShellClient>[1] = {}) {
  const engine = new FakeEngine();
  const events: CommandEvent[] = [];
  const client = new ShellClient(engine, { observer: (e) => events.push(e), ...options });
  const coll = client.db('test').collection('c');
  return { engine, events, client, coll };
}

describe('update family command shapes', () => {
  it('updateOne', () => {
    const { engine, coll, events } = setup();
    engine.replies.push(d('{"n": 1, "nModified": 1, "ok": 1}'));
    const r = coll.updateOne(d('{"_id": 1}'), d('{"$inc": {"x": 1}}'));
    expect(engine.last()).toBe('{"update":"c","updates":[{"q":{"_id":1},"u":{"$inc":{"x":1}}}],"ordered":true}');
    expect(r).toEqual({
      kind: 'UpdateResult',
      acknowledged: true,
      insertedId: null,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
    });
    expect(events.map((e) => `${e.kind} ${e.commandName} ${e.databaseName}`)).toEqual([
      'started update test',
      'succeeded update test',
    ]);
  });

  it('updateOne with every option', () => {
    const { engine, coll } = setup();
    coll.updateOne(
      d('{"_id": 1}'),
      v('[{"$set": {"x": 1}}]'),
      d(
        '{"upsert": true, "arrayFilters": [{"i.b": 1}], "hint": "_id_", "collation": {"locale": "en_US"}, "sort": {"x": 1}, "let": {"a": 1}, "comment": "hi", "bypassDocumentValidation": false, "writeConcern": {"w": "majority"}, "rawData": true}',
      ),
    );
    expect(engine.last()).toBe(
      '{"update":"c","updates":[{"q":{"_id":1},"u":[{"$set":{"x":1}}],"upsert":true,"hint":"_id_","arrayFilters":[{"i.b":1}],"collation":{"locale":"en_US"},"sort":{"x":1}}],"ordered":true,"bypassDocumentValidation":false,"let":{"a":1},"comment":"hi","writeConcern":{"w":"majority"}}',
    );
  });

  it('updateMany sends multi: true; replaceOne sends the replacement', () => {
    const { engine, coll } = setup();
    coll.updateMany(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.last()).toBe('{"update":"c","updates":[{"q":{},"u":{"$set":{"a":1}},"multi":true}],"ordered":true}');
    coll.replaceOne(d('{"_id": 2}'), d('{"a": 2}'), d('{"upsert": false}'));
    expect(engine.last()).toBe('{"update":"c","updates":[{"q":{"_id":2},"u":{"a":2},"upsert":false}],"ordered":true}');
  });

  it('client-side validation sends nothing', () => {
    const { engine, coll, events } = setup();
    expect(() => coll.updateOne(d('{}'), d('{"x": 22}'))).toThrow(
      new ShellClientError('Update document requires atomic operators'),
    );
    expect(() => coll.updateMany(d('{}'), d('{"x": 22}'))).toThrow('Update document requires atomic operators');
    // A pipeline needs at least one stage whose first key is `$`-prefixed (the driver's hasAtomicOperators).
    expect(() => coll.updateOne(d('{}'), v('[{"a": 1}]'))).toThrow('Update document requires atomic operators');
    expect(() => coll.updateMany(d('{}'), v('[]'))).toThrow('Update document requires atomic operators');
    expect(() => coll.replaceOne(d('{}'), d('{"$set": {"x": 1}}'))).toThrow(
      'Replacement document must not contain atomic operators',
    );
    expect(() => coll.findOneAndUpdate(d('{}'), d('{"$set": {"x": 1}}'), d('{"returnDocument": "invalid"}'))).toThrow(
      ShellClientError,
    );
    expect(() => coll.bulkWrite([d('{"updateOne": {"filter": {}, "update": {"x": 1}}}')])).toThrow(
      'Update document requires atomic operators',
    );
    expect(engine.sent).toHaveLength(0);
    expect(events).toHaveLength(0);
  });

  it('upserted id is reported as insertedId (mongosh) and upsertedId (driver)', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 1, "nModified": 0, "upserted": [{"index": 0, "_id": 5}], "ok": 1}'));
    const r = coll.updateOne(d('{"_id": 5}'), d('{"$set": {"x": 1}}'), d('{"upsert": true}'));
    expect(toRelaxed(r.insertedId)).toBe('5');
    expect(r.matchedCount).toBe(0);
    expect(r.upsertedCount).toBe(1);
    expect(r.upsertedId !== undefined && toRelaxed(r.upsertedId)).toBe('5');
  });

  it('write errors of updateOne throw a MongoServerError with the write error fields', () => {
    const { engine, coll } = setup();
    engine.replies.push(
      d(
        '{"n": 0, "nModified": 0, "writeErrors": [{"index": 0, "code": 11000, "errmsg": "E11000 duplicate key", "keyPattern": {"a": 1}, "keyValue": {"a": 1}}], "ok": 1}',
      ),
    );
    let err: unknown;
    try {
      coll.updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MongoServerError);
    const e = err as MongoServerError;
    expect([e.code, e.codeName, e.errmsg]).toEqual([11000, 'DuplicateKey', 'E11000 duplicate key']);
    expect(toRelaxed(e.errorResponse.get('keyValue') as Value)).toBe('{"a":1}');
    expect(e.display).toBe('MongoServerError[DuplicateKey]: E11000 duplicate key');
  });

  it('command errors throw and emit a failed event', () => {
    const { engine, coll, events } = setup();
    engine.replies.push(d('{"ok": 0, "errmsg": "bad", "code": 2, "codeName": "BadValue"}'));
    expect(() => coll.updateOne(d('{}'), d('{"$set": {"a": 1}}'))).toThrow('bad');
    expect(events.map((e) => e.kind)).toEqual(['started', 'failed']);
    expect(events[1]?.failure).toEqual({ code: 2, codeName: 'BadValue', errmsg: 'bad' });
  });
});

describe('legacy update → WriteResult', () => {
  it('reports counts, the upserted _id and a write error inside the result', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 1, "nModified": 0, "upserted": [{"index": 0, "_id": 7}], "ok": 1}'));
    const r = coll.update(d('{"_id": 7}'), d('{"x": 1}'), d('{"upsert": true}'));
    expect(engine.last()).toBe('{"update":"c","updates":[{"q":{"_id":7},"u":{"x":1},"upsert":true}],"ordered":true}');
    expect([r.nMatched, r.nUpserted, r.nModified, toRelaxed(r._id ?? null)]).toEqual([0, 1, 0, '7']);
    engine.replies.push(
      d('{"n": 0, "nModified": 0, "writeErrors": [{"index": 0, "code": 9, "errmsg": "boom"}], "ok": 1}'),
    );
    const w = coll.update(d('{}'), d('{"$bad": 1}'), d('{"multi": true}'));
    expect(engine.last()).toBe('{"update":"c","updates":[{"q":{},"u":{"$bad":1},"multi":true}],"ordered":true}');
    expect(toRelaxed(w.writeError ?? null)).toBe('{"code":9,"errmsg":"boom"}');
  });
});

describe('findAndModify family', () => {
  it('findOneAndUpdate builds one findAndModify command', () => {
    const { engine, coll } = setup();
    engine.replies.push(
      d('{"lastErrorObject": {"n": 1, "updatedExisting": true}, "value": {"_id": 1, "x": 2}, "ok": 1}'),
    );
    const r = coll.findOneAndUpdate(
      d('{"_id": 1}'),
      d('{"$inc": {"x": 1}}'),
      d(
        '{"returnDocument": "after", "projection": {"x": 1}, "sort": {"x": -1}, "upsert": true, "arrayFilters": [], "hint": {"_id": 1}, "let": {"a": 1}, "comment": "c"}',
      ),
    );
    expect(engine.last()).toBe(
      '{"findAndModify":"c","query":{"_id":1},"remove":false,"new":true,"upsert":true,"sort":{"x":-1},"fields":{"x":1},"update":{"$inc":{"x":1}},"arrayFilters":[],"hint":{"_id":1},"let":{"a":1},"comment":"c"}',
    );
    expect(r === null ? null : toRelaxed(r)).toBe('{"_id":1,"x":2}');
  });

  it('findOneAndReplace / findOneAndDelete', () => {
    const { engine, coll } = setup();
    expect(
      coll.findOneAndReplace(
        d('{}'),
        d('{"a": 1}'),
        d('{"returnNewDocument": true, "bypassDocumentValidation": false}'),
      ),
    ).toBeNull();
    expect(engine.last()).toBe(
      '{"findAndModify":"c","query":{},"remove":false,"new":true,"upsert":false,"update":{"a":1},"bypassDocumentValidation":false}',
    );
    coll.findOneAndDelete(d('{"a": 1}'));
    expect(engine.last()).toBe('{"findAndModify":"c","query":{"a":1},"remove":true,"new":false,"upsert":false}');
  });
});

describe('bulkWrite', () => {
  it('ordered: one command per run of same-type operations, results merged', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 1, "ok": 1}'));
    engine.replies.push(d('{"n": 2, "nModified": 1, "upserted": [{"index": 1, "_id": 9}], "ok": 1}'));
    engine.replies.push(d('{"n": 1, "ok": 1}'));
    const r = coll.bulkWrite([
      d('{"insertOne": {"document": {"_id": 1}}}'),
      d('{"updateOne": {"filter": {"_id": 1}, "update": {"$set": {"a": 1}}}}'),
      d('{"replaceOne": {"filter": {"_id": 9}, "replacement": {"a": 2}, "upsert": true}}'),
      d('{"deleteMany": {"filter": {"a": 3}}}'),
    ]);
    expect(engine.sent.map((s) => toRelaxed(s.command))).toEqual([
      '{"insert":"c","documents":[{"_id":1}],"ordered":true}',
      '{"update":"c","updates":[{"q":{"_id":1},"u":{"$set":{"a":1}}},{"q":{"_id":9},"u":{"a":2},"upsert":true}],"ordered":true}',
      '{"delete":"c","deletes":[{"q":{"a":3},"limit":0}],"ordered":true}',
    ]);
    expect([r.insertedCount, r.matchedCount, r.modifiedCount, r.deletedCount, r.upsertedCount]).toEqual([
      1, 1, 1, 1, 1,
    ]);
    expect(toRelaxed(r.upsertedIds.get(2) ?? null)).toBe('9');
    expect(toRelaxed(r.insertedIds.get(0) ?? null)).toBe('1');
  });

  it('write errors become a MongoBulkWriteError with indexes of the models', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 1, "ok": 1}'));
    engine.replies.push(
      d('{"n": 0, "nModified": 0, "writeErrors": [{"index": 0, "code": 2, "errmsg": "x"}], "ok": 1}'),
    );
    let err: unknown;
    try {
      coll.bulkWrite([
        d('{"insertOne": {"document": {"_id": 1}}}'),
        d('{"updateOne": {"filter": {}, "update": {"$set": {"a": 1}}}}'),
        d('{"deleteOne": {"filter": {}}}'),
      ]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const e = err as MongoBulkWriteError;
    expect(e.writeErrors.map((w) => toRelaxed(w))).toEqual(['{"index":1,"code":2,"errmsg":"x"}']);
    expect(engine.sent).toHaveLength(2);
    expect(e.result.insertedCount).toBe(1);
  });
});

describe('client bulkWrite', () => {
  it('builds one admin bulkWrite command with nsInfo', () => {
    const { engine, client } = setup();
    engine.replies.push(
      d(
        '{"cursor": {"id": 0, "firstBatch": [{"ok": 1, "idx": 0, "n": 1, "nModified": 1}, {"ok": 1, "idx": 1, "n": 1, "nModified": 0, "upserted": {"_id": 4}}], "ns": "admin.$cmd.bulkWrite"}, "nErrors": 0, "nInserted": 0, "nMatched": 1, "nModified": 1, "nUpserted": 1, "nDeleted": 0, "ok": 1}',
      ),
    );
    const r = client.bulkWrite(
      [
        d('{"updateOne": {"namespace": "db.a", "filter": {"_id": 1}, "update": {"$inc": {"x": 1}}}}'),
        d('{"replaceOne": {"namespace": "db.b", "filter": {"_id": 4}, "replacement": {"x": 44}, "upsert": true}}'),
      ],
      d('{"verboseResults": true}'),
    );
    expect(engine.sent[0]?.db).toBe('admin');
    expect(engine.last()).toBe(
      '{"bulkWrite":1,"errorsOnly":false,"ordered":true,"ops":[{"update":0,"filter":{"_id":1},"updateMods":{"$inc":{"x":1}},"multi":false},{"update":1,"filter":{"_id":4},"updateMods":{"x":44},"upsert":true,"multi":false}],"nsInfo":[{"ns":"db.a"},{"ns":"db.b"}]}',
    );
    expect(r.upsertedCount).toBe(1);
    expect(r.updateResults?.get(1)?.upsertedId).toBeDefined();
  });
});

describe('reads and indexes', () => {
  it('countDocuments, find, createIndex', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"cursor": {"id": 0, "ns": "test.c", "firstBatch": [{"_id": 1, "n": 3}]}, "ok": 1}'));
    expect(coll.countDocuments(d('{"a": 1}'))).toBe(3);
    expect(engine.last()).toBe(
      '{"aggregate":"c","pipeline":[{"$match":{"a":1}},{"$group":{"_id":1,"n":{"$sum":1}}}],"cursor":{}}',
    );
    engine.replies.push(d('{"cursor": {"id": 0, "ns": "test.c", "firstBatch": [{"_id": 1}]}, "ok": 1}'));
    expect(
      coll
        .find(d('{}'))
        .sort(d('{"_id": 1}'))
        .limit(2)
        .toArray()
        .map((x) => toRelaxed(x)),
    ).toEqual(['{"_id":1}']);
    expect(engine.last()).toBe('{"find":"c","filter":{},"sort":{"_id":1},"limit":2}');
    expect(coll.createIndex(d('{"a": 1, "b": -1}'), d('{"unique": true}'))).toBe('a_1_b_-1');
    expect(engine.last()).toBe(
      '{"createIndexes":"c","indexes":[{"key":{"a":1,"b":-1},"name":"a_1_b_-1","unique":true}]}',
    );
  });

  it('explain wraps the command', () => {
    const { engine, coll } = setup();
    coll.explain().update(d('{"a": 1}'), d('{"$set": {"b": 1}}'), d('{"multi": true}'));
    expect(engine.last()).toBe(
      '{"explain":{"update":"c","updates":[{"q":{"a":1},"u":{"$set":{"b":1}},"multi":true}],"ordered":true},"verbosity":"queryPlanner"}',
    );
  });
});

describe('write concern, sessions and transactions', () => {
  it('collection write concern is sent; {} means default; w:0 is unacknowledged', () => {
    const { engine, client } = setup();
    const c0 = client.db('test').collection('c', { writeConcern: d('{"w": 0}') });
    const r = c0.updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.last()).toBe(
      '{"update":"c","updates":[{"q":{},"u":{"$set":{"a":1}}}],"ordered":true,"writeConcern":{"w":0}}',
    );
    expect(r.acknowledged).toBe(false);
    client
      .db('test')
      .collection('c', { writeConcern: d('{}') })
      .updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.last()).not.toContain('writeConcern');
  });

  it('transactions add lsid, txnNumber, startTransaction, autocommit and drop writeConcern', () => {
    const { engine, client } = setup();
    const session = client.startSession();
    const coll = session.getDatabase('test').collection('c', { writeConcern: d('{"w": 1}') });
    session.startTransaction();
    expect(session.transactionState).toBe('starting');
    coll.updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    coll.updateOne(d('{}'), d('{"$set": {"a": 2}}'));
    session.commitTransaction();
    const [first, second, commit] = engine.sent.map((s) => s.command);
    expect(first?.get('lsid')).toBe(session.id);
    expect(toRelaxed(first?.get('txnNumber') ?? null)).toBe('1');
    expect(first?.get('startTransaction')).toBe(true);
    expect(first?.get('autocommit')).toBe(false);
    expect(first?.has('writeConcern')).toBe(false);
    expect(second?.has('startTransaction')).toBe(false);
    expect(engine.sent[2]?.db).toBe('admin');
    expect([...(commit?.keys() ?? [])]).toEqual(['commitTransaction', 'lsid', 'txnNumber', 'autocommit']);
    expect(session.transactionState).toBe('committed');
  });

  it('a client error inside a transaction leaves the state unchanged', () => {
    const { client } = setup();
    const session = client.startSession();
    session.startTransaction();
    expect(() => session.getDatabase('t').collection('c').updateOne(d('{}'), d('{"x": 1}'))).toThrow(ShellClientError);
    expect(session.transactionState).toBe('starting');
  });

  it('retryable writes carry txnNumber on implicit sessions; multi updates do not', () => {
    const { engine, coll } = setup({ implicitSessions: true });
    coll.updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.sent[0]?.command.has('lsid')).toBe(true);
    expect(engine.sent[0]?.command.has('txnNumber')).toBe(true);
    coll.updateMany(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.sent[1]?.command.has('txnNumber')).toBe(false);
  });

  it('serverApi fields are appended', () => {
    const { engine, coll } = setup({ serverApi: { version: '1', deprecationErrors: true } });
    coll.deleteOne(d('{}'));
    expect(engine.last()).toBe(
      '{"delete":"c","deletes":[{"q":{},"limit":1}],"ordered":true,"apiVersion":"1","apiDeprecationErrors":true}',
    );
  });
});

describe('retryable writes', () => {
  it('retries once after a network error with the same txnNumber', () => {
    const { engine, coll, events } = setup({ implicitSessions: true });
    engine.replies.push(new MongoNetworkError('closed'), d('{"n": 1, "nModified": 1, "ok": 1}'));
    const r = coll.updateOne(d('{"_id": 1}'), d('{"$inc": {"x": 1}}'));
    expect(r.modifiedCount).toBe(1);
    expect(engine.sent).toHaveLength(2);
    expect(toRelaxed(engine.sent[0]?.command.get('txnNumber') ?? null)).toBe(
      toRelaxed(engine.sent[1]?.command.get('txnNumber') ?? null),
    );
    expect(events.map((e) => e.kind)).toEqual(['started', 'failed', 'started', 'succeeded']);
  });

  it('labels a second network error RetryableWriteError and gives up', () => {
    const { engine, coll } = setup({ implicitSessions: true });
    engine.replies.push(new MongoNetworkError('closed'), new MongoNetworkError('closed again'));
    let err: unknown;
    try {
      coll.updateOne(d('{}'), d('{"$inc": {"x": 1}}'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MongoNetworkError);
    expect((err as MongoNetworkError).errorLabels).toEqual(['RetryableWriteError']);
    expect(engine.sent).toHaveLength(2);
  });

  it('retries server errors only when labelled RetryableWriteError; multi updates never', () => {
    const { engine, coll } = setup({ implicitSessions: true });
    engine.replies.push(
      d('{"ok": 0, "code": 11600, "codeName": "InterruptedAtShutdown", "errmsg": "x", "errorLabels": []}'),
    );
    expect(() => coll.updateOne(d('{}'), d('{"$inc": {"x": 1}}'))).toThrow(MongoServerError);
    expect(engine.sent).toHaveLength(1);
    engine.replies.push(
      d(
        '{"ok": 0, "code": 189, "codeName": "PrimarySteppedDown", "errmsg": "x", "errorLabels": ["RetryableWriteError"]}',
      ),
    );
    expect(() => coll.updateMany(d('{}'), d('{"$inc": {"x": 1}}'))).toThrow(MongoServerError);
    expect(engine.sent).toHaveLength(2);
  });

  it('reports the first error when the retry says NoWritesPerformed', () => {
    const { engine, coll } = setup({ implicitSessions: true });
    engine.replies.push(
      d('{"ok": 0, "code": 91, "errmsg": "first", "errorLabels": ["RetryableWriteError"]}'),
      d('{"ok": 0, "code": 10107, "errmsg": "second", "errorLabels": ["RetryableWriteError", "NoWritesPerformed"]}'),
    );
    expect(() => coll.deleteOne(d('{}'))).toThrow('first');
  });

  it('does not retry when retryWrites is false (and sends no txnNumber)', () => {
    const { engine, coll } = setup({ implicitSessions: true, retryWrites: false });
    engine.replies.push(new MongoNetworkError('closed'));
    expect(() => coll.insertOne(d('{"_id": 1}'))).toThrow(MongoNetworkError);
    expect(engine.sent).toHaveLength(1);
    expect(engine.sent[0]?.command.has('txnNumber')).toBe(false);
  });
});

describe('other helpers: exact commands', () => {
  it('insertOne appends a generated _id after the fields; insertMany batches one insert', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 1, "ok": 1}'));
    const r = coll.insertOne(d('{"a": 1}'));
    const sent = engine.sent[0]?.command.get('documents') as Doc[];
    expect([...(sent[0]?.keys() ?? [])]).toEqual(['a', '_id']);
    expect(r.insertedId).toBe(sent[0]?.get('_id'));
    engine.replies.push(d('{"n": 2, "ok": 1}'));
    const m = coll.insertMany([d('{"_id": 1}'), d('{"_id": 2}')], d('{"ordered": false}'));
    expect(engine.last()).toBe('{"insert":"c","documents":[{"_id":1},{"_id":2}],"ordered":false}');
    expect([...m.insertedIds.keys()]).toEqual([0, 1]);
  });

  it('deleteMany, distinct, aggregate, count', () => {
    const { engine, coll } = setup();
    engine.replies.push(d('{"n": 3, "ok": 1}'));
    expect(coll.deleteMany(d('{"a": 1}'), d('{"collation": {"locale": "fr"}}')).deletedCount).toBe(3);
    expect(engine.last()).toBe(
      '{"delete":"c","deletes":[{"q":{"a":1},"limit":0,"collation":{"locale":"fr"}}],"ordered":true}',
    );
    engine.replies.push(d('{"values": [1, 2], "ok": 1}'));
    expect(coll.distinct('a', d('{"b": 1}'))).toHaveLength(2);
    expect(engine.last()).toBe('{"distinct":"c","key":"a","query":{"b":1}}');
    engine.replies.push(d('{"cursor": {"id": 0, "ns": "test.c", "firstBatch": []}, "ok": 1}'));
    coll.aggregate(v('[{"$match": {}}]') as Value[], d('{"let": {"x": 1}}'));
    expect(engine.last()).toBe('{"aggregate":"c","pipeline":[{"$match":{}}],"cursor":{},"let":{"x":1}}');
    engine.replies.push(d('{"n": 4, "ok": 1}'));
    expect(coll.count(d('{}'))).toBe(4);
    expect(engine.last()).toBe('{"count":"c","query":{}}');
  });

  it('createCollection, drop (false when missing), runCommand string form', () => {
    const { engine, client, coll } = setup();
    const db = client.db('test');
    db.createCollection('v', d('{"validator": {"a": {"$type": "int"}}, "collation": {"locale": "en", "strength": 2}}'));
    expect(engine.last()).toBe(
      '{"create":"v","validator":{"a":{"$type":"int"}},"collation":{"locale":"en","strength":2}}',
    );
    engine.replies.push(d('{"ok": 0, "errmsg": "ns not found", "code": 26, "codeName": "NamespaceNotFound"}'));
    expect(coll.drop()).toBe(false);
    expect(engine.last()).toBe('{"drop":"c"}');
    db.runCommand('ping');
    expect(engine.last()).toBe('{"ping":1}');
    db.adminCommand(d('{"listDatabases": 1}'));
    expect(engine.sent[engine.sent.length - 1]?.db).toBe('admin');
  });

  it('getMore follows a cursor until id 0, with the batch size', () => {
    const { engine, coll } = setup();
    engine.replies.push(
      d('{"cursor": {"id": {"$numberLong": "7"}, "ns": "test.c", "firstBatch": [{"_id": 1}]}, "ok": 1}'),
    );
    engine.replies.push(d('{"cursor": {"id": 0, "ns": "test.c", "nextBatch": [{"_id": 2}]}, "ok": 1}'));
    expect(coll.find().batchSize(1).toArray()).toHaveLength(2);
    expect(engine.last()).toBe('{"getMore":7,"collection":"c","batchSize":1}');
  });
});

describe('session read concerns', () => {
  it('causally consistent sessions add afterClusterTime to reads and to a transaction start, not to writes', () => {
    const { engine, client } = setup();
    const session = client.startSession();
    const coll = session.getDatabase('test').collection('c');
    engine.replies.push(d('{"n": 1, "nModified": 1, "ok": 1, "operationTime": {"$timestamp": {"t": 5, "i": 1}}}'));
    coll.updateOne(d('{}'), d('{"$set": {"a": 1}}'));
    expect(engine.sent[0]?.command.has('readConcern')).toBe(false);
    engine.replies.push(d('{"cursor": {"id": 0, "ns": "test.c", "firstBatch": []}, "ok": 1}'));
    coll.find().toArray();
    expect(toRelaxed(engine.sent[1]?.command.get('readConcern') ?? null)).toBe(
      '{"afterClusterTime":{"$timestamp":{"t":5,"i":1}}}',
    );
    session.startTransaction(d('{"readConcern": {"level": "snapshot"}}'));
    coll.updateOne(d('{}'), d('{"$set": {"a": 2}}'));
    expect(toRelaxed(engine.sent[2]?.command.get('readConcern') ?? null)).toBe(
      '{"level":"snapshot","afterClusterTime":{"$timestamp":{"t":5,"i":1}}}',
    );
  });

  it('snapshot sessions send the snapshot read concern on every command', () => {
    const { engine, client } = setup();
    const session = client.startSession(d('{"snapshot": true}'));
    session.getDatabase('test').collection('c').deleteOne(d('{}'));
    expect(toRelaxed(engine.sent[0]?.command.get('readConcern') ?? null)).toBe('{"level":"snapshot"}');
    expect(() => session.startTransaction()).toThrow(ShellClientError);
  });

  it('aggregate with $out keeps the collection read concern and takes the write concern', () => {
    const { engine, client } = setup();
    const coll = client
      .db('test')
      .collection('c', { readConcern: d('{"level": "majority"}'), writeConcern: d('{"w": 1}') });
    coll.aggregate(v('[{"$out": "o"}]') as Value[]);
    expect(engine.last()).toBe(
      '{"aggregate":"c","pipeline":[{"$out":"o"}],"cursor":{},"readConcern":{"level":"majority"},"writeConcern":{"w":1}}',
    );
  });

  it('startTransaction refuses an unacknowledged write concern; operations inside refuse their own', () => {
    const { engine, client } = setup();
    const session = client.startSession();
    expect(() => session.startTransaction(d('{"writeConcern": {"w": 0}}'))).toThrow(
      'Transactions do not support unacknowledged write concern',
    );
    session.startTransaction();
    expect(() =>
      session.getDatabase('t').collection('c').insertOne(d('{"_id": 1}'), d('{"writeConcern": {"w": 1}}')),
    ).toThrow('Cannot set write concern after starting a transaction');
    expect(engine.sent).toHaveLength(0);
  });
});
