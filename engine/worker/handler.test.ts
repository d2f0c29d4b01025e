/**
 * Drives the worker handler the way the page does, but over Node's MessageChannel: a client on
 * one port, `serveEngine` on the other, everything crossing as structured-cloned messages.
 */
import { readFileSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Int32 } from 'bson';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { EngineClient } from './client.js';
import { serveEngine, type HandlerOptions } from './handler.js';
import type { Endpoint, ShellStatementReply } from './protocol.js';

const inventory = readFileSync(new URL('../../public/examples/inventory.json', import.meta.url), 'utf8');
const open: MessagePort[] = [];

function connect(options: HandlerOptions = {}): EngineClient {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  serveEngine(port1 as unknown as Endpoint, options);
  const client = new EngineClient(port2 as unknown as Endpoint);
  port1.start();
  port2.start();
  return client;
}

afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function commandText(entries: [string, Value][]): string {
  return stringifyEJSON(new Map(entries));
}

async function find(client: EngineClient, collection: string): Promise<Doc[]> {
  const response = await client.request({
    type: 'runCommand',
    db: 'test',
    command: commandText([['find', collection]]),
  });
  if (!response.ok) throw new Error(response.error.errmsg);
  const reply = parseEJSON(response.result);
  const cursor = isDoc(reply) ? reply.get('cursor') : undefined;
  const batch = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
  if (!isArray(batch)) throw new Error(`no firstBatch in ${response.result}`);
  return batch as Doc[];
}

describe('engine worker handler over a MessageChannel', () => {
  it('answers ping with pong', async () => {
    expect(await connect().request({ type: 'ping' })).toEqual({ id: 1, ok: true, result: 'pong' });
  });

  it('loads a collection and finds its documents with their BSON types and field order', async () => {
    const client = connect();
    const loaded = await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    expect(loaded).toEqual({ id: 1, ok: true, result: { inventory: 6 } });
    const docs = await find(client, 'inventory');
    expect(docs).toHaveLength(6);
    const first = docs[0]!;
    expect([...first.keys()]).toEqual(['_id', 'item', 'qty', 'size', 'status', 'tags']);
    expect(first.get('_id')).toEqual(new Int32(1));
    expect(first.get('item')).toBe('journal');
  });

  it('replaces a collection when it is loaded again', async () => {
    const client = connect();
    await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    const again = await client.request({
      type: 'loadCollections',
      db: 'test',
      collections: { inventory: '[{"_id": 7, "item": "pen"}]' },
    });
    expect(again).toMatchObject({ ok: true, result: { inventory: 1 } });
    expect((await find(client, 'inventory')).map((d) => d.get('item'))).toEqual(['pen']);
  });

  it('returns the reply of an update command as EJSON', async () => {
    const client = connect();
    await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    const update = commandText([
      ['update', 'inventory'],
      [
        'updates',
        [
          new Map<string, Value>([
            ['q', new Map([['item', 'paper']])],
            ['u', new Map([['$set', new Map([['status', 'P']])]])],
          ]),
        ],
      ],
    ]);
    const response = await client.request({ type: 'runCommand', db: 'test', command: update });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const reply = parseEJSON(response.result);
    expect(isDoc(reply) && reply.get('nModified')).toEqual(new Int32(1));
    const paper = (await find(client, 'inventory')).find((d) => d.get('item') === 'paper');
    expect(paper?.get('status')).toBe('P');
  });

  it('starts from an empty engine after reset', async () => {
    const client = connect();
    await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    expect(await client.request({ type: 'reset' })).toMatchObject({ ok: true, result: null });
    expect(await find(client, 'inventory')).toEqual([]);
  });

  it('reports unparsable command text as FailedToParse', async () => {
    const response = await connect().request({ type: 'runCommand', db: 'test', command: '{"find": ' });
    expect(response).toMatchObject({ ok: false, error: { code: 9, codeName: 'FailedToParse' } });
  });

  it('rejects a collection file that is not an array of documents, changing nothing', async () => {
    const client = connect();
    const response = await client.request({
      type: 'loadCollections',
      db: 'test',
      collections: { inventory, broken: '{"a": 1}' },
    });
    expect(response).toEqual({
      id: 1,
      ok: false,
      error: { code: 9, codeName: 'FailedToParse', errmsg: "collection 'broken' must be an array of documents" },
    });
    expect(await find(client, 'inventory')).toEqual([]);
  });

  it('answers malformed requests with BadValue instead of throwing', async () => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    serveEngine(port1 as unknown as Endpoint);
    const answer = new Promise<unknown>((resolve) => port2.once('message', resolve));
    port2.postMessage({ id: 41, type: 'dropEverything' });
    expect(await answer).toEqual({
      id: 41,
      ok: false,
      error: { code: 2, codeName: 'BadValue', errmsg: 'unknown request type: dropEverything' },
    });
  });

  it('says so when the build has no shell interpreter', async () => {
    const client = connect({ loadShell: () => Promise.resolve(undefined) });
    const response = await client.request({ type: 'runShell', db: 'test', script: 'db.c.find()' });
    expect(response).toMatchObject({ ok: false, error: { code: 115, codeName: 'CommandNotSupported' } });
  });

  it('runs scripts through the shell it is given and passes its errors on as data', async () => {
    const statement = (source: string): ShellStatementReply => ({
      index: 0,
      range: {
        startOffset: 0,
        endOffset: source.length,
        startLine: 1,
        startColumn: 1,
        endLine: 1,
        endColumn: source.length + 1,
      },
      source,
      warnings: [],
      kind: 'text',
      printed: `ran in ${source}`,
    });
    const client = connect({
      loadShell: () =>
        Promise.resolve((_engine, db, script) => {
          if (script === 'boom') throw fail(14, 'Cannot increment with non-numeric argument: {a: "foo"}');
          return [statement(`${db}: ${script}`)];
        }),
    });
    const ok = await client.request({ type: 'runShell', db: 'test', script: 'db.c.find()' });
    expect(ok).toEqual({ id: 1, ok: true, result: [statement('test: db.c.find()')] });
    const error = await client.request({ type: 'runShell', db: 'test', script: 'boom' });
    expect(error).toEqual({
      id: 2,
      ok: false,
      error: { code: 14, codeName: 'TypeMismatch', errmsg: 'Cannot increment with non-numeric argument: {a: "foo"}' },
    });
  });

  it('runs mongosh scripts with the engine shell by default', async () => {
    const client = connect();
    await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    const response = await client.request({
      type: 'runShell',
      db: 'test',
      script:
        'db.inventory.updateOne({item: "paper"}, {$set: {status: "P"}})\ndb.inventory.findOne({item: "paper"}).status',
    });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    expect(response.result.map((r) => r.kind)).toEqual(['result', 'value']);
    expect(response.result[0]!.printed).toContain('modifiedCount: 1');
    expect(response.result[1]!.value).toBe('"P"');
  });

  it('reports shell errors per statement with the server code', async () => {
    const client = connect();
    await client.request({ type: 'loadCollections', db: 'test', collections: { inventory } });
    const response = await client.request({
      type: 'runShell',
      db: 'test',
      script: 'db.inventory.updateOne({_id: 1}, {$inc: {item: 1}})',
    });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const [statement] = response.result;
    expect(statement?.kind).toBe('error');
    expect(statement?.error).toMatchObject({ name: 'MongoServerError', code: 14, codeName: 'TypeMismatch' });
  });

  it('answers in request order even when a shell load is slow', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = connect({ loadShell: () => gate.then(() => () => []) });
    const order: string[] = [];
    const shell = client.request({ type: 'runShell', db: 'test', script: 'x' }).then(() => order.push('shell'));
    const ping = client.request({ type: 'ping' }).then(() => order.push('ping'));
    setTimeout(release, 20);
    await Promise.all([shell, ping]);
    expect(order).toEqual(['shell', 'ping']);
  });
});
