/**
 * Malformed input on the socket (loopback, port 27111): each bad message gets the server's error
 * reply or a closed connection, and the server keeps serving every other connection. Bounded: a
 * fixed list of cases plus 150 random messages.
 */
import fc from 'fast-check';
import { Int32 } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Value } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { encodeDocument } from './wire/bson-codec.js';
import { MAX_MESSAGE_SIZE, OP_COMPRESSED, OP_MSG, OP_QUERY } from './wire/message.js';
import { opMsg, rawMessage, RawClient } from './test-support.js';
import { startWireServer, type WireServer } from './wire-server.js';

let server: WireServer;
/** A connection opened before the attacks, used after them: it must still be served. */
let bystander: RawClient;

const d = (entries: [string, Value][]): Doc => new Map(entries);
const ping = (): Buffer =>
  opMsg(
    d([
      ['ping', 1],
      ['$db', 'admin'],
    ]),
    { requestId: 99 },
  );

beforeAll(async () => {
  server = await startWireServer({ engine: new Engine(), port: 0 });
  bystander = await RawClient.open(server.port);
});

afterAll(async () => {
  bystander.end();
  await server.close();
});

async function expectServing(): Promise<void> {
  bystander.send(ping());
  const r = await bystander.reply();
  expect(r?.doc.get('ok')).toBe(1);
  const fresh = await RawClient.open(server.port);
  fresh.send(ping());
  expect((await fresh.reply())?.doc.get('ok')).toBe(1);
  fresh.end();
}

async function errorFor(bytes: Buffer): Promise<{ code: number | undefined; errmsg: unknown; open: boolean }> {
  const c = await RawClient.open(server.port);
  c.send(bytes);
  const r = await c.reply();
  const code = r?.doc.get('code');
  const result = {
    code: code instanceof Int32 ? code.value : undefined,
    errmsg: r?.doc.get('errmsg'),
    open: false,
  };
  // The connection stays usable after an error reply.
  c.send(ping());
  result.open = (await c.reply())?.doc.get('ok') === 1;
  c.end();
  return result;
}

async function closes(bytes: Buffer): Promise<boolean> {
  const c = await RawClient.open(server.port);
  c.send(bytes);
  const r = await c.reply(3000);
  const closed = r === undefined && (await c.waitClosed(3000));
  c.end();
  return closed;
}

describe('malformed messages', () => {
  it('closes on a length under the header size or over maxMessageSizeBytes', async () => {
    expect(await closes(rawMessage(OP_MSG, Buffer.alloc(4), 10))).toBe(true);
    expect(await closes(rawMessage(OP_MSG, Buffer.alloc(4), -1))).toBe(true);
    expect(await closes(rawMessage(OP_MSG, Buffer.alloc(4), MAX_MESSAGE_SIZE + 1))).toBe(true);
    await expectServing();
  });

  it('closes on an unknown opcode and on OP_COMPRESSED (no compressor negotiated)', async () => {
    expect(await closes(rawMessage(4242, Buffer.alloc(8)))).toBe(true);
    const compressed = Buffer.alloc(9);
    compressed.writeInt32LE(OP_MSG, 0);
    compressed.writeInt32LE(0, 4);
    compressed[8] = 2; // zlib
    expect(await closes(rawMessage(OP_COMPRESSED, compressed))).toBe(true);
    await expectServing();
  });

  it('answers invalid BSON with InvalidBSON (22) and keeps the connection', async () => {
    const body = encodeDocument(
      d([
        ['ping', 1],
        ['$db', 'admin'],
      ]),
    );
    body.writeInt32LE(body.length + 50, 0); // the document claims more bytes than the message has
    expect(await errorFor(opMsg(new Map(), { rawBody: body }))).toMatchObject({ code: 22, open: true });
    const badType = Buffer.from(
      encodeDocument(
        d([
          ['ping', 1],
          ['$db', 'admin'],
        ]),
      ),
    );
    badType[4] = 0x42;
    expect(await errorFor(opMsg(new Map(), { rawBody: badType }))).toMatchObject({ code: 22, open: true });
    await expectServing();
  });

  it('refuses OP_MSG faults with the server codes', async () => {
    const cmd = d([
      ['ping', 1],
      ['$db', 'admin'],
    ]);
    expect(await errorFor(opMsg(cmd, { flags: 1 << 5 }))).toMatchObject({ code: 223, open: true });
    expect(await errorFor(opMsg(cmd, { flags: 1, sections: Buffer.from([1, 2, 3, 4]) }))).toMatchObject({
      code: 225,
      open: true,
    }); // wrong checksum
    expect(await errorFor(opMsg(cmd, { sections: Buffer.from([7]) }))).toMatchObject({ code: 40432 });
    expect(
      await errorFor(opMsg(cmd, { sections: Buffer.concat([Buffer.from([0]), encodeDocument(cmd)]) })),
    ).toMatchObject({ code: 40430 });
    expect(await errorFor(opMsg(d([['ping', 1]])))).toMatchObject({
      code: 40571,
      errmsg: 'OP_MSG requests require a $db argument',
    });
    const seq = (name: string): Buffer => {
      const docBytes = encodeDocument(d([['_id', 1]]));
      const size = 4 + Buffer.byteLength(name) + 1 + docBytes.length;
      const out = Buffer.alloc(1 + size);
      out[0] = 1;
      out.writeInt32LE(size, 1);
      out.write(`${name}\0`, 5);
      docBytes.copy(out, 5 + Buffer.byteLength(name) + 1);
      return out;
    };
    const insert = d([
      ['insert', 'c'],
      ['$db', 'm'],
    ]);
    expect(
      await errorFor(opMsg(insert, { sections: Buffer.concat([seq('documents'), seq('documents')]) })),
    ).toMatchObject({ code: 40431 });
    expect(
      await errorFor(
        opMsg(
          d([
            ['insert', 'c'],
            ['documents', []],
            ['$db', 'm'],
          ]),
          { sections: seq('documents') },
        ),
      ),
    ).toMatchObject({ code: 40433 });
    expect(await errorFor(opMsg(insert, { sections: Buffer.concat([seq('a'), seq('b'), seq('c')]) }))).toMatchObject({
      code: 224,
    });
    // A well-formed sequence inserts.
    const c = await RawClient.open(server.port);
    c.send(opMsg(insert, { sections: seq('documents') }));
    expect((await c.reply())?.doc.get('n')).toEqual(new Int32(1));
    c.end();
    await expectServing();
  });

  it('refuses OP_QUERY for anything but the handshake', async () => {
    const q = (ns: string, query: Doc): Buffer =>
      rawMessage(
        OP_QUERY,
        Buffer.concat([Buffer.alloc(4), Buffer.from(`${ns}\0`), Buffer.alloc(8), encodeDocument(query)]),
      );
    expect(await errorFor(q('admin.$cmd', d([['ping', 1]])))).toMatchObject({ code: 352 });
    expect(await errorFor(q('test.c', d([])))).toMatchObject({ code: 5739101 });
    await expectServing();
  });

  it('survives a message split into single bytes and a client that disconnects mid-message', async () => {
    const c = await RawClient.open(server.port);
    for (const b of ping()) c.send(Buffer.from([b]));
    expect((await c.reply())?.doc.get('ok')).toBe(1);
    c.send(ping().subarray(0, 20));
    c.end();
    await expectServing();
  });

  it('never crashes on random messages (150 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(OP_MSG, OP_QUERY, OP_COMPRESSED, 1, 2013, 0),
        fc.uint8Array({ maxLength: 200 }),
        async (opCode, payload) => {
          const c = await RawClient.open(server.port);
          c.send(rawMessage(opCode, Buffer.from(payload)));
          await c.reply(300);
          c.end();
        },
      ),
      { numRuns: 150 },
    );
    await expectServing();
  });
});
