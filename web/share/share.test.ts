import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarioGallery } from '../scenarios/load.js';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  decodeState,
  embedSnippet,
  embedUrl,
  encodeState,
  getInitialState,
  MAX_SHARE_PAYLOAD_CHARS,
  readEmbedOptions,
  readSharePayload,
  scenarioToShareState,
  ShareError,
  shareUrl,
  type ShareState,
} from './index.js';
import { compactJsonText } from './frame.js';

/** What a link carries back: Extended JSON texts without their insignificant whitespace. */
function compacted(s: ShareState): ShareState {
  const text = <T>(x: T): T => (typeof x === 'string' ? (compactJsonText(x) as T) : x);
  return {
    ...s,
    collections: s.collections.map((c) => {
      const out = { ...c, documents: text(c.documents) };
      if (c.options !== undefined) out.options = text(c.options);
      if (c.indexes !== undefined) out.indexes = text(c.indexes);
      return out;
    }),
  };
}

const state: ShareState = {
  v: 1,
  database: 'test',
  collections: [
    {
      name: 'inventory',
      documents: '[{"_id": 1, "w": 21.0, "n": {"$numberLong": "5"}}]',
      options: { validator: { qty: { $lte: 100 } }, collation: { locale: 'fr', strength: 1 } },
      indexes: [{ key: { status: 1 }, name: 'status_1', unique: true }],
    },
    { name: 'cafe', documents: [{ _id: 1, category: 'café' }] },
  ],
  command: 'db.inventory.updateMany({qty: {$lt: 50}}, {$set: {reorder: true}})',
  deployment: 'replicaset',
  setup: { members: [{ state: 'up' }, { state: 'down' }] },
  theme: 'dark',
  scenarioId: 'multi-update',
};

async function rejection(p: Promise<unknown>): Promise<ShareError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ShareError) return e;
    throw e;
  }
  throw new Error('expected a ShareError');
}

describe('encodeState / decodeState', () => {
  it('round-trips the whole state', async () => {
    const payload = await encodeState(state);
    expect(payload).toMatch(/^2\.[A-Za-z0-9_-]+$/);
    const back = compacted(state);
    expect(back.collections[0]!.documents).toBe('[{"_id":1,"w":21.0,"n":{"$numberLong":"5"}}]');
    expect(await decodeState(payload)).toEqual(back);
    expect(await decodeState(`#s=${payload}`)).toEqual(back);
    expect(await decodeState(`s=${payload}&x=1`)).toEqual(back);
  });

  it('keeps unicode (accents, CJK, emoji, astral planes) intact', async () => {
    const s: ShareState = {
      v: 1,
      collections: [{ name: 'cafés', documents: '[{"name": "café ☕ 東京 😀 \\u0000 𝄞"}]' }],
      command: 'db.cafés.updateOne({name: "café"}, {$set: {note: "naïve — “quotes” 😀"}})',
    };
    expect(await decodeState(await encodeState(s))).toEqual(compacted(s));
    expect(compacted(s).collections[0]!.documents).toBe('[{"name":"café ☕ 東京 😀 \\u0000 𝄞"}]');
  });

  it('compresses a large-ish state and round-trips it', async () => {
    const docs = Array.from({ length: 2000 }, (_, i) => ({ _id: i, item: `item-${i}`, qty: i % 97, tags: ['a', 'b'] }));
    const s: ShareState = {
      v: 1,
      collections: [{ name: 'big', documents: JSON.stringify(docs) }],
      command: 'db.big.find()',
    };
    const payload = await encodeState(s);
    expect(payload.length).toBeLessThan(JSON.stringify(docs).length / 2);
    expect(await decodeState(payload)).toEqual(s);
  });

  it('refuses a state over the size limit with an actionable message', async () => {
    const random = Array.from({ length: 3000 }, (_, i) => `${i}:${Math.sin(i).toString(36)}`).join(',');
    const s: ShareState = { v: 1, collections: [{ name: 'r', documents: `["${random}"]` }], command: '' };
    const e = await rejection(encodeState(s, 1000));
    expect(e.kind).toBe('too-large');
    expect(e.message).toMatch(/export it as a mongosh script/);
    expect(MAX_SHARE_PAYLOAD_CHARS).toBeGreaterThan(1000);
  });

  it('reports corrupt input clearly', async () => {
    const payload = await encodeState(state);
    expect((await rejection(decodeState('#s=not base64!'))).kind).toBe('corrupt');
    expect((await rejection(decodeState(payload.slice(0, payload.length / 2)))).kind).toBe('corrupt');
    expect((await rejection(decodeState('#s='))).kind).toBe('missing');
    expect((await rejection(decodeState('#other=1'))).kind).toBe('missing');
    // Valid deflate of something that is not JSON.
    const notJson = bytesToBase64Url(
      new Uint8Array(
        await new Response(
          new Blob(['hello']).stream().pipeThrough(new CompressionStream('deflate-raw')),
        ).arrayBuffer(),
      ),
    );
    expect((await rejection(decodeState(notJson))).message).toMatch(/not valid JSON/);
  });

  it('checks the version and the shape', async () => {
    const encodeRaw = async (x: unknown) =>
      bytesToBase64Url(
        new Uint8Array(
          await new Response(
            new Blob([JSON.stringify(x)]).stream().pipeThrough(new CompressionStream('deflate-raw')),
          ).arrayBuffer(),
        ),
      );
    const newer = await rejection(decodeState(await encodeRaw({ ...state, v: 2 })));
    expect(newer.kind).toBe('version');
    expect(newer.message).toMatch(/newer Upsert Lab/);
    expect((await rejection(decodeState(await encodeRaw({ v: 1, collections: [] })))).kind).toBe('invalid');
    expect((await rejection(decodeState(await encodeRaw({ v: 1, command: '', collections: [{}] })))).message).toMatch(
      /collection 0 has no name/,
    );
    expect((await rejection(decodeState(await encodeRaw({ ...state, deployment: 'mesh' })))).kind).toBe('invalid');
  });

  it('stops a decompression bomb', async () => {
    const huge = { v: 1, collections: [], command: 'x'.repeat(9 * 1024 * 1024) };
    const payload = bytesToBase64Url(
      new Uint8Array(
        await new Response(
          new Blob([JSON.stringify(huge)]).stream().pipeThrough(new CompressionStream('deflate-raw')),
        ).arrayBuffer(),
      ),
    );
    expect(payload.length).toBeLessThan(MAX_SHARE_PAYLOAD_CHARS);
    expect((await rejection(decodeState(payload))).kind).toBe('too-large');
  });

  it('base64url round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64UrlToBytes(bytesToBase64Url(bytes))).toEqual(bytes);
  });
});

describe('URLs', () => {
  it('puts the state in the fragment and reads it back from a URL, a Location or a string', async () => {
    const url = await shareUrl('https://example.org/lab/?embed=1#old', state);
    expect(url).toMatch(/^https:\/\/example\.org\/lab\/\?embed=1#s=2\.[A-Za-z0-9_-]+$/);
    expect(await getInitialState(url)).toEqual(compacted(state));
    expect(await getInitialState(new URL(url))).toEqual(compacted(state));
    expect(await getInitialState({ href: url })).toEqual(compacted(state));
    expect(await getInitialState('https://example.org/lab/')).toBeUndefined();
    expect(readSharePayload('https://example.org/lab/#other')).toBeUndefined();
  });

  it('reads and writes the embed flags', () => {
    const panes = ['editor', 'diff'];
    expect(readEmbedOptions('https://x.org/?embed=1&readonly=1')).toEqual({ embed: true, readOnly: true, panes });
    expect(readEmbedOptions('https://x.org/?embed=1')).toEqual({ embed: true, readOnly: false, panes });
    expect(readEmbedOptions('https://x.org/?readonly=1')).toEqual({ embed: false, readOnly: false, panes });
    expect(readEmbedOptions('https://x.org/?embed=0')).toEqual({ embed: false, readOnly: false, panes });
    // Panes in the order asked, unknown names and repeats dropped; none known: the default.
    expect(readEmbedOptions('https://x.org/?embed=1&panes=result,editor,nope,result').panes).toEqual([
      'result',
      'editor',
    ]);
    expect(readEmbedOptions('https://x.org/?embed=1&panes=nope').panes).toEqual(panes);
    expect(embedUrl('https://x.org/lab/#s=abc', { readOnly: true })).toBe(
      'https://x.org/lab/?embed=1&readonly=1#s=abc',
    );
    expect(embedUrl('https://x.org/lab/?readonly=1#s=abc')).toBe('https://x.org/lab/?embed=1#s=abc');
  });

  it('builds an iframe snippet', () => {
    const html = embedSnippet('https://x.org/lab/#s=abc', { readOnly: true, height: 360 });
    expect(html).toBe(
      '<iframe src="https://x.org/lab/?embed=1&amp;readonly=1#s=abc" title="Upsert Lab example" width="100%" height="360" ' +
        'style="border: 1px solid #d0d7de; border-radius: 6px;" loading="lazy" ' +
        'sandbox="allow-scripts allow-same-origin allow-popups"></iframe>',
    );
    expect(embedSnippet('https://x.org/', { title: 'A "quoted" <title>' })).toContain(
      'title="A &quot;quoted&quot; &lt;title&gt;"',
    );
    expect(() => embedSnippet('https://x.org/', { height: 5 })).toThrow(RangeError);
  });

  it('keeps a hostile page address inside the src attribute', () => {
    for (const address of [
      `https://x.org/lab/?a="><script>alert(1)</script>&b='\n\u2028#s="onload="alert(1)`,
      'https://x.org/l\'a"b/?q=`${1}`&embed=0#s=abc&x=</iframe>',
    ]) {
      const html = embedSnippet(address, { readOnly: true });
      // One element, every attribute a double-quoted value without quotes or angle brackets.
      expect(html).toMatch(/^<iframe(?: [a-z]+="[^"<>\n\u2028]*")+><\/iframe>$/);
      expect(html).not.toMatch(/<script/i);
    }
  });
});

describe('scenarioToShareState', () => {
  it('turns every gallery scenario into a state that survives a share link', async () => {
    const path = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
    const gallery = loadScenarioGallery(readFileSync(path, 'utf8'));
    for (const s of gallery.scenarios) {
      const st = scenarioToShareState(s);
      expect(st.command).toBe(s.script);
      expect(st.scenarioId).toBe(s.id);
      expect(await decodeState(await encodeState(st))).toEqual(compacted(st));
    }
  });
});

describe('loadShareStateIntoEngine', () => {
  it('builds the same collections as the scenario loader, for every gallery scenario', async () => {
    const { Engine } = await import('../../engine/engine.js');
    const { loadScenarioIntoEngine } = await import('../scenarios/setup.js');
    const { loadShareStateIntoEngine } = await import('./parse-state.js');
    const { stringifyEJSON } = await import('../../engine/bson/ejson.js');
    const path = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
    const gallery = loadScenarioGallery(readFileSync(path, 'utf8'));
    for (const s of gallery.scenarios) {
      const a = new Engine();
      loadScenarioIntoEngine(a, s);
      const b = new Engine();
      // Through a share link, as the page restores it.
      loadShareStateIntoEngine(b, await decodeState(await encodeState(scenarioToShareState(s))), { reset: true });
      expect(b.collectionNames(s.database), s.id).toEqual(a.collectionNames(s.database));
      for (const name of a.collectionNames(s.database)) {
        expect(stringifyEJSON(b.documents(s.database, name)), `${s.id}.${name}`).toBe(
          stringifyEJSON(a.documents(s.database, name)),
        );
      }
    }
  });

  it('names unnamed indexes and reports unparsable documents', async () => {
    const { shareStateSetupCommands } = await import('./parse-state.js');
    const { stringifyEJSON } = await import('../../engine/bson/ejson.js');
    const cmds = shareStateSetupCommands({
      v: 1,
      collections: [{ name: 'c', documents: [], indexes: [{ key: { a: 1, b: -1 } }] }],
      command: '',
    });
    expect(cmds.map((c) => stringifyEJSON(c, { relaxed: true }))).toEqual([
      '{"create":"c"}',
      '{"createIndexes":"c","indexes":[{"key":{"a":1,"b":-1},"name":"a_1_b_-1"}]}',
    ]);
    expect(() => shareStateSetupCommands({ v: 1, collections: [{ name: 'c', documents: '[{' }], command: '' })).toThrow(
      /collection 'c' documents is not valid Extended JSON/,
    );
  });
});
