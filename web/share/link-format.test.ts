import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../engine/bson/ejson.js';
import { Engine } from '../../engine/engine.js';
import { loadScenarioGallery } from '../scenarios/load.js';
import { bytesToBase64Url } from './base64url.js';
import { encodeV1Json } from './codec-v1.js';
import { decodeState, encodeState, MAX_SHARE_PAYLOAD_CHARS } from './codec.js';
import { SHARE_DICTIONARY_V2 } from './dictionary.js';
import { compactJsonText, stateToFrame } from './frame.js';
import { galleryShareStates } from './gallery-states.js';
import { loadShareStateIntoEngine } from './parse-state.js';
import { ShareError, type ShareState } from './state.js';

const gallery = loadScenarioGallery(
  readFileSync(fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url)), 'utf8'),
);
const pageStates = galleryShareStates(gallery);

async function rejection(p: Promise<unknown>): Promise<ShareError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ShareError) return e;
    throw e;
  }
  throw new Error('expected a ShareError');
}

/** Every collection of the state as the engine holds it once the link is opened. */
function opened(state: ShareState): string[] {
  const engine = new Engine();
  loadShareStateIntoEngine(engine, state, { reset: true });
  const db = state.database ?? 'test';
  return engine.collectionNames(db).map((n) => `${n}: ${stringifyEJSON(engine.documents(db, n))}`);
}

/** A format-2 payload around any frame text (to test what the decoder makes of bad frames). */
function v2Payload(frame: string): string {
  return `2.${bytesToBase64Url(deflateSync(new TextEncoder().encode(frame), { dictionary: SHARE_DICTIONARY_V2 }))}`;
}

describe('format 1 links (made before format 2) keep opening', () => {
  it('a link written by the format-1 encoder opens to exactly its state', async () => {
    // Made by encodeState on 2026-11-24, before format 2: must open forever.
    const link =
      'https://x.org/lab/#s=VZJBihsxEEWvIgovElA87oHZ6AYhyQksM8itGruxWrKlkpNGCHyIBGaRkHVWOcTcxCfIEUJ1tydkp_pUV_3_qgucQTUS2uActtQFn0CtC3jTIyjo_Bk9hTiABBva3KOnBArWRXshNDx2VoMSjZzKz1zcN8vVXHuui4aFz_0W48fgd6xoeNBQbz2BcBJb8_TyS1yfv4k_P58vQmsNpxwILb80aF83ICEcZ5cwezgb11lDIc7LTjTc1rppdLNa1ds6Dmp4wtzjQmvcbOApapBCQ6KIfkf78duqfQUJnbf4BSc4BxxAFUhkKCdQTZU3XpP02ICE7LtTRlAUM9ZNla9Mx5jpf6DrwiinSxjCHROfO6Fu6oYP1PfGW1Bgt8vXsyzz0RrCT8YPb8qJBiXKwpESDxxYlEVCUqJEDNFiVGL0Ut9qf3cnvHn5fUZxvXwV18v3EXS6Xn6wL0NmaxJ7JUzECh5dGNgrZ9ybaNGChISUjyMJlhKoezk9P-CQWP_3-3DTITOrWiXQHkcU1sQDz2nRm9iF9xyvz466d1MuqH8B';
    expect(await decodeState(link.split('#')[1]!)).toEqual({
      v: 1,
      database: 'test',
      collections: [
        {
          name: 'inventory',
          documents:
            '[{\n  "_id": 1,\n  "w": 21.0,\n  "n": {"$numberLong": "5"},\n  "note": "café ☕ 😀 \\"quoted\\""\n}]',
          options: '{\n  "validator": {"qty": {"$lte": 100}},\n  "collation": {"locale": "fr", "strength": 1}\n}',
          indexes: [{ key: { status: 1 }, name: 'status_1', unique: true }],
        },
        { name: 'cafés', documents: [{ _id: 1, category: 'café' }] },
      ],
      command: 'db.inventory.updateMany({qty: {$lt: 50}}, {$set: {reorder: true}})\n// naïve — “quotes”',
      deployment: 'sharded',
      setup: { shards: 2, shardKeys: { inventory: { sku: 1 } } },
      theme: 'dark',
      scenarioId: 'multi-update',
    });
  });

  it('every gallery example: the format-1 link and the format-2 link open the same collections', async () => {
    for (const { id, state } of pageStates) {
      const v1 = await decodeState(await encodeV1Json(JSON.stringify(state)));
      expect(v1, id).toEqual(state);
      const v2 = await decodeState(await encodeState(state));
      expect(opened(v2), id).toEqual(opened(v1));
      expect({ ...v2, collections: [] }, id).toEqual({ ...state, collections: [] });
    }
  });
});

describe('format 2', () => {
  it('is shorter than format 1 for every gallery example', async () => {
    for (const { id, state } of pageStates) {
      const v1 = await encodeV1Json(JSON.stringify(state));
      const v2 = await encodeState(state);
      expect(v2, id).toMatch(/^2\.[A-Za-z0-9_-]+$/);
      expect(v2.length, id).toBeLessThan(v1.length * 0.75);
    }
  });

  it('keeps text that is not JSON, lone surrogates, JSON values and absent fields as they were', async () => {
    const state: ShareState = {
      v: 1,
      collections: [
        { name: 'a', documents: '[{a: 1,   b: "x  y"}] // not JSON: kept verbatim' },
        { name: 'b', documents: [{ _id: 1, s: 'p  q' }], options: { capped: false }, indexes: '[ {"key": {"x": 1}} ]' },
        { name: '5:t', documents: '[]' },
      ],
      command: 'db.a.find({s: "\uD800 lone"})\n\t0:j',
      scenarioId: '',
    };
    const back = await decodeState(await encodeState(state));
    expect(back).toEqual({
      ...state,
      collections: [state.collections[0], state.collections[1]!, state.collections[2]].map((c) =>
        c!.indexes === undefined ? c : { ...c, indexes: '[{"key":{"x":1}}]' },
      ),
    });
    expect(back.command.charCodeAt(15)).toBe(0xd800);
  });

  it('compacts JSON text only between tokens', () => {
    expect(compactJsonText('[ {"a b": "c\\" d", "e":\n 1.0 } ]')).toBe('[{"a b":"c\\" d","e":1.0}]');
    expect(compactJsonText('{a: 1}')).toBe('{a: 1}');
  });

  it('refuses a newer format, damaged payloads and bad frames with a ShareError', async () => {
    const newer = await rejection(decodeState('#s=3.abc'));
    expect(newer.kind).toBe('version');
    expect(newer.message).toMatch(/newer Upsert Lab/);
    const payload = await encodeState(pageStates[0]!.state);
    expect((await rejection(decodeState(payload.slice(0, payload.length - 8)))).kind).toBe('corrupt');
    expect((await rejection(decodeState('2.'))).kind).toBe('corrupt');
    expect((await rejection(decodeState('2.a.b'))).kind).toBe('corrupt');
    expect((await rejection(decodeState(v2Payload('5:ttest')))).message).toMatch(/wrong number of fields/);
    expect((await rejection(decodeState(v2Payload('99:tx')))).message).toMatch(/cut short/);
    expect((await rejection(decodeState(v2Payload('x:')))).message).toMatch(/no length/);
    expect((await rejection(decodeState(v2Payload('2:qx0:0:0:0:1:t')))).message).toMatch(/unknown kind/);
    expect((await rejection(decodeState(v2Payload('0:0:2:j{0:0:1:t')))).message).toMatch(/not valid JSON/);
    expect((await rejection(decodeState(v2Payload('0:0:0:0:0:1:t2:tc0:0:0:')))).message).toMatch(/has no documents/);
    expect((await rejection(decodeState(v2Payload('0:0:0:0:0:0:')))).message).toMatch(/command is missing/);
    // Every single-character change of a real payload is refused or opens a valid state: never a crash.
    for (let i = 2; i < payload.length; i += 3) {
      const damaged = payload.slice(0, i) + (payload[i] === 'A' ? 'B' : 'A') + payload.slice(i + 1);
      await decodeState(damaged).catch((e: unknown) => expect(e).toBeInstanceOf(ShareError));
    }
  });

  it('stops a decompression bomb', async () => {
    const bomb = v2Payload(`0:0:0:0:0:${9 * 1024 * 1024 + 1}:t${'x'.repeat(9 * 1024 * 1024)}`);
    expect(bomb.length).toBeLessThan(MAX_SHARE_PAYLOAD_CHARS);
    expect((await rejection(decodeState(bomb))).kind).toBe('too-large');
  });

  it('frames the fields in their documented order', () => {
    const frame = stateToFrame({
      v: 1,
      database: 'test',
      collections: [{ name: 'c', documents: '[ ]' }],
      command: 'db.c.find()',
      deployment: 'replicaset',
    });
    expect(frame).toBe('5:ttest11:treplicaset0:0:0:12:tdb.c.find()2:tc3:t[]0:0:');
  });

  it('uses the frozen dictionary (a changed dictionary breaks every format-2 link)', () => {
    expect(SHARE_DICTIONARY_V2.length).toBeLessThanOrEqual(32 * 1024);
    expect(createHash('sha256').update(SHARE_DICTIONARY_V2).digest('hex')).toBe(
      'a547feaca4c14d65354ae2673ca7766b8fe2a36912ba4ca252de5e3d865858a3',
    );
  });
});
