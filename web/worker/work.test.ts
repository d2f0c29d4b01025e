/**
 * The worker's side of the page's collections (setupCollections, collections, documentTexts) and
 * Import (parseImport), driven over a MessageChannel with the readers the page's worker uses.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineClient } from '../../engine/worker/client.js';
import { serveEngine } from '../../engine/worker/handler.js';
import type { CollectionText, Endpoint } from '../../engine/worker/protocol.js';
import { PACK_THRESHOLD } from '../../engine/worker/work-requests.js';
import { workReaders } from './readers.js';

const open: MessagePort[] = [];

function connect(): EngineClient {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  serveEngine(port1 as unknown as Endpoint, { work: workReaders });
  const client = new EngineClient(port2 as unknown as Endpoint);
  port1.start();
  port2.start();
  return client;
}

afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

/** Documents of every BSON type the page must keep exactly, numbered. */
function docText(i: number): string {
  return (
    `{\n  "_id": ${i},\n  "d": ${i}.5,\n  "w": 2.0,\n  "n": {"$numberLong":"${i}"},` +
    `\n  "s": "é \\"q\\" ${i}",\n  "0": [1, {"$numberDecimal":"1.10"}]\n}`
  );
}

async function setup(client: EngineClient, collections: CollectionText[]) {
  return client.request({ type: 'setupCollections', db: 'test', collections });
}

async function views(client: EngineClient) {
  const r = await client.request({ type: 'collections', db: 'test' });
  if (!r.ok) throw new Error(r.error.errmsg);
  return r.result;
}

describe('setupCollections and collection texts', () => {
  it('keeps a small collection one text per document, exactly as typed EJSON', async () => {
    const client = connect();
    const docs = [docText(1), docText(2)];
    const r = await setup(client, [{ name: 'small', documents: docs.join(',\n'), indexes: '[{"key": {"s": 1}}]' }]);
    expect(r.ok).toBe(true);
    const [view] = await views(client);
    expect(view?.count).toBe(2);
    expect(view?.texts).toEqual(docs);
    expect(view?.indexes).toContain('"s_1"');
  });

  it(`packs a collection over ${PACK_THRESHOLD} documents into one text that restores to the same documents`, async () => {
    const client = connect();
    const docs = Array.from({ length: PACK_THRESHOLD + 1 }, (_, i) => docText(i));
    expect((await setup(client, [{ name: 'big', documents: docs.join(',\n') }])).ok).toBe(true);
    const [view] = await views(client);
    expect(view?.count).toBe(docs.length);
    expect(view?.texts).toEqual([docs.join(',\n')]);
    const each = await client.request({ type: 'documentTexts', db: 'test', collection: 'big' });
    expect(each.ok && each.result).toEqual(docs);
    // The packed text is what the page keeps and saves: loading it again gives the same documents.
    expect((await setup(client, [{ name: 'big', documents: view!.texts.join(',\n') }])).ok).toBe(true);
    expect((await views(client))[0]?.texts).toEqual(view?.texts);
  });

  it('a text that does not parse is code 9 naming the collection, and changes nothing', async () => {
    const client = connect();
    await setup(client, [{ name: 'kept', documents: docText(1) }]);
    const r = await setup(client, [{ name: 'kept', documents: '{"_id": 2, "a": }' }]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(9);
      expect(r.error.errmsg).toContain("collection 'kept' documents is not valid Extended JSON");
    }
    expect((await views(client))[0]?.texts).toEqual([docText(1)]);
  });

  it('a document the engine refuses is its error (duplicate key)', async () => {
    const client = connect();
    const r = await setup(client, [{ name: 'dup', documents: `${docText(1)},\n${docText(1)}` }]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(11000);
      expect(r.error.errmsg).toContain('duplicate key');
    }
  });
});

describe('parseImport', () => {
  it('reads mongosh syntax into typed EJSON texts (a JS number that is integral is an int, as mongosh sends it)', async () => {
    const client = connect();
    const r = await client.request({
      type: 'parseImport',
      text: '{ _id: 1, n: NumberLong(5), w: 2.0 }\n{ _id: 2 }',
      format: 'documents',
    });
    expect(r.ok && r.result).toEqual({
      ok: true,
      count: 2,
      texts: ['{\n  "_id": 1,\n  "n": {"$numberLong":"5"},\n  "w": 2\n}', '{\n  "_id": 2\n}'],
    });
  });

  it('says where a text stops parsing (line and column)', async () => {
    const client = connect();
    const r = await client.request({ type: 'parseImport', text: '{ _id: 1 }\n{ _id: 2, a: }', format: 'documents' });
    expect(r.ok).toBe(true);
    if (r.ok && !r.result.ok) {
      expect(r.result.line).toBe(2);
      expect(r.result.column).toBeGreaterThan(1);
    } else throw new Error('expected an error');
  });

  it('reads a CSV table with the chosen column types, inferring the others', async () => {
    const client = connect();
    const r = await client.request({
      type: 'parseImport',
      text: 'id,qty,code\n1,5,007\n2,6,008',
      format: 'csv',
      types: { code: 'string' },
    });
    expect(r.ok && r.result).toEqual({
      ok: true,
      count: 2,
      texts: ['{"id": 1, "qty": 5, "code": "007"}', '{"id": 2, "qty": 6, "code": "008"}'],
    });
  });

  it(`packs an import of more than ${PACK_THRESHOLD} documents into one text`, async () => {
    const client = connect();
    const text = JSON.stringify(Array.from({ length: PACK_THRESHOLD + 5 }, (_, i) => ({ _id: i })));
    const r = await client.request({ type: 'parseImport', text, format: 'documents' });
    if (!r.ok || !r.result.ok) throw new Error('expected documents');
    expect(r.result.count).toBe(PACK_THRESHOLD + 5);
    expect(r.result.texts).toHaveLength(1);
    expect(JSON.parse(`[${r.result.texts[0]!}]`)).toHaveLength(PACK_THRESHOLD + 5);
  });
});
