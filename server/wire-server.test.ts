/**
 * The official `mongodb` driver against the served engine (loopback, port 27110): handshake,
 * CRUD, updates, bulk writes, cursors with getMore, sessions and replica-set transactions, and
 * exact types and field order across the wire.
 */
import { Decimal128, Double, Int32, Long, MongoClient, MongoServerError } from 'mongodb';
import { Int32 as EngineInt32, Long as EngineLong } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine/engine.js';
import { crc32c } from './wire/crc32c.js';
import { OP_QUERY } from './wire/message.js';
import { opMsg, rawMessage, RawClient } from './test-support.js';
import { startWireServer, type WireServer } from './wire-server.js';

/** Documents with numeric _id (the driver's default schema types _id as ObjectId). */
interface Row {
  _id: number;
  n?: number;
  z?: number | Double | Int32;
  x?: number;
  y?: Double;
  a?: number | Long;
  d?: Decimal128;
  t?: number;
  up?: boolean;
}

let server: WireServer;
const engine = new Engine({ topology: 'replicaset' });
let client: MongoClient;

beforeAll(async () => {
  server = await startWireServer({ engine, port: 0 });
  client = new MongoClient(`mongodb://127.0.0.1:${server.port}/`, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await server.close();
});

describe('the official driver against npm run serve', () => {
  it('discovers a replica set whose primary is this server', async () => {
    const hello = await client.db('admin').command({ hello: 1 });
    expect(hello.setName).toBe('rs0');
    expect(hello.hosts).toEqual([`127.0.0.1:${server.port}`]);
    expect(hello.primary).toBe(`127.0.0.1:${server.port}`);
    expect(hello.isWritablePrimary).toBe(true);
    const build = await client.db('admin').command({ buildInfo: 1 });
    expect(build.version).toMatch(/^8\.0\./);
  });

  it('runs CRUD, updates and cursors with getMore', async () => {
    const c = client.db('crud').collection<Row>('c');
    await c.insertMany(Array.from({ length: 7 }, (_, i) => ({ _id: i, n: i })));
    expect(await c.updateMany({ n: { $gte: 5 } }, { $inc: { n: 10 } })).toMatchObject({
      matchedCount: 2,
      modifiedCount: 2,
    });
    expect(await c.updateOne({ _id: 99 }, { $set: { up: true } }, { upsert: true })).toMatchObject({
      upsertedId: 99,
      upsertedCount: 1,
    });
    const batches: number[] = [];
    const cursor = c.find({}, { batchSize: 2 }).sort({ _id: 1 });
    const all = [];
    for await (const d of cursor) {
      all.push(d);
      batches.push(cursor.bufferedCount());
    }
    expect(all.map((d) => d._id)).toEqual([0, 1, 2, 3, 4, 5, 6, 99]);
    expect(all[6]).toEqual({ _id: 6, n: 16 });
    expect(await c.deleteMany({ n: { $lt: 2 } })).toMatchObject({ deletedCount: 2 });
    expect(await c.findOneAndUpdate({ _id: 2 }, { $set: { x: 1 } }, { returnDocument: 'after' })).toEqual({
      _id: 2,
      n: 2,
      x: 1,
    });
  });

  it('reports a write error with the server code', async () => {
    const c = client.db('crud').collection<Row>('e');
    await c.insertOne({ _id: 1 });
    const err = await c.updateOne({ _id: 1 }, { $set: { _id: 2 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(66);
  });

  it('runs bulk writes, ordered and unordered', async () => {
    const c = client.db('bulk').collection<Row>('c');
    const r = await c.bulkWrite([
      { insertOne: { document: { _id: 1, a: 1 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { a: 2 } } } },
      { replaceOne: { filter: { _id: 2 }, replacement: { a: 3 }, upsert: true } },
      { deleteOne: { filter: { _id: 1 } } },
    ]);
    expect(r).toMatchObject({ insertedCount: 1, matchedCount: 1, modifiedCount: 1, upsertedCount: 1, deletedCount: 1 });
    const err = await c
      .bulkWrite([{ insertOne: { document: { _id: 2 } } }, { insertOne: { document: { _id: 3 } } }], { ordered: false })
      .catch((e: unknown) => e);
    expect((err as { writeErrors: { code: number }[] }).writeErrors[0]?.code).toBe(11000);
    expect(await c.countDocuments()).toBe(2);
  });

  it('keeps numeric types and field order both ways', async () => {
    const c = client.db('types').collection<Row>('c');
    await c.insertOne({
      _id: 1,
      z: new Int32(1),
      y: new Double(2),
      a: Long.fromNumber(3),
      d: Decimal128.fromString('4.50'),
    });
    await c.updateOne({ _id: 1 }, { $inc: { z: new Double(0.5) } });
    const raw = await c.findOne({ _id: 1 }, { promoteValues: false });
    expect(Object.keys(raw ?? {})).toEqual(['_id', 'z', 'y', 'a', 'd']);
    expect(raw?.z).toBeInstanceOf(Double);
    expect(raw?.a).toBeInstanceOf(Long);
    expect(String(raw?.d)).toBe('4.50');
    const docs = engine.documents('types', 'c');
    expect([...docs[0]!.keys()]).toEqual(['_id', 'z', 'y', 'a', 'd']);
    expect(docs[0]!.get('y')).toBe(2);
  });

  it('commits and aborts transactions in sessions', async () => {
    const c = client.db('txn').collection<Row>('c');
    await c.insertOne({ _id: 0 });
    const session = client.startSession();
    await session.withTransaction(async () => {
      await c.insertOne({ _id: 1 }, { session });
      await c.updateOne({ _id: 0 }, { $set: { t: 1 } }, { session });
    });
    session.startTransaction();
    await c.insertOne({ _id: 2 }, { session });
    await session.abortTransaction();
    await session.endSession();
    expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 0, t: 1 }, { _id: 1 }]);
  });

  it('answers the legacy OP_QUERY handshake with OP_REPLY', async () => {
    const raw = await RawClient.open(server.port);
    const { encodeDocument } = await import('./wire/bson-codec.js');
    const body = Buffer.concat([
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('admin.$cmd\0'),
      Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]),
      encodeDocument(
        new Map<string, never>([
          ['isMaster', 1 as never],
          ['helloOk', true as never],
        ]),
      ),
    ]);
    raw.send(rawMessage(OP_QUERY, body));
    const reply = await raw.reply();
    expect(reply?.opCode).toBe(1);
    expect(reply?.responseTo).toBe(9);
    expect(reply?.doc.get('ismaster')).toBe(true);
    expect(reply?.doc.get('helloOk')).toBe(true);
    raw.end();
  });

  it('checks and answers OP_MSG checksums; moreToCome requests get no reply', async () => {
    const raw = await RawClient.open(server.port);
    const msg = opMsg(
      new Map<string, never>([
        ['ping', 1 as never],
        ['$db', 'admin' as never],
      ]),
      { flags: 1, requestId: 21 },
    );
    const withSum = Buffer.concat([msg, Buffer.alloc(4)]);
    withSum.writeInt32LE(withSum.length, 0);
    withSum.writeUInt32LE(crc32c(withSum.subarray(0, withSum.length - 4)), withSum.length - 4);
    raw.send(withSum);
    const reply = await raw.reply();
    expect(reply?.doc.get('ok')).toBe(1);
    expect(reply?.flags).toBe(1);
    raw.send(
      opMsg(
        new Map<string, never>([
          ['insert', 'w0' as never],
          ['documents', [new Map([['_id', 1]])] as never],
          ['$db', 'mtc' as never],
        ]),
        { flags: 2 },
      ),
    );
    raw.send(
      opMsg(
        new Map<string, never>([
          ['count', 'w0' as never],
          ['$db', 'mtc' as never],
        ]),
        { requestId: 22 },
      ),
    );
    const count = await raw.reply();
    expect(count?.responseTo).toBe(22);
    expect(count?.doc.get('n')).toEqual(new Int32(1));
    raw.end();
  });

  it('streams getMore batches when the client allows exhaust', async () => {
    const c = client.db('exhaust').collection<Row>('c');
    await c.insertMany(Array.from({ length: 6 }, (_, i) => ({ _id: i })));
    const found = await client.db('exhaust').command({ find: 'c', batchSize: 1 });
    const raw = await RawClient.open(server.port);
    raw.send(
      opMsg(
        new Map<string, never>([
          ['getMore', EngineLong.fromString(String(found.cursor.id)) as never],
          ['collection', 'c' as never],
          ['batchSize', EngineInt32.fromString('2') as never],
          ['$db', 'exhaust' as never],
        ]),
        { flags: 1 << 16, requestId: 30 },
      ),
    );
    const replies = [];
    for (
      let r = await raw.reply();
      r !== undefined;
      r = (replies.at(-1)!.flags & 2) !== 0 ? await raw.reply() : undefined
    )
      replies.push(r);
    expect(replies.map((r) => r.flags & 2)).toEqual([2, 2, 0]);
    expect(replies[0]!.responseTo).toBe(30);
    raw.end();
  });
});
