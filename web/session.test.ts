/**
 * The first page's logic without a browser: the real worker handler on one end of a
 * MessageChannel, the page's session code on the other, public/examples/ served by a stub fetch.
 */
import { readFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient } from '../engine/worker/client.js';
import { serveEngine } from '../engine/worker/handler.js';
import type { Endpoint } from '../engine/worker/protocol.js';
import { boot, showCollection } from './session.js';
import { initialState, playgroundStore } from './store.js';

const { port1, port2 } = new MessageChannel();
serveEngine(port1 as unknown as Endpoint);
const client = new EngineClient(port2 as unknown as Endpoint);
port1.start();
port2.start();

vi.stubGlobal('fetch', (url: string) => {
  const path = new URL(`../public${url}`, import.meta.url);
  try {
    const text = readFileSync(path, 'utf8');
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(text) });
  } catch {
    return Promise.resolve({ ok: false, status: 404, text: () => Promise.resolve('') });
  }
});

afterAll(() => {
  vi.unstubAllGlobals();
  port1.close();
  port2.close();
});

beforeEach(() => playgroundStore.setState(initialState, true));

describe('first page session', () => {
  it('boots the engine with the examples and shows the first collection', async () => {
    await boot(client);
    const state = playgroundStore.getState();
    expect(state.status).toBe('ready');
    expect(state.error).toBeNull();
    expect(state.collections.map((c) => c.name)).toEqual(['inventory', 'students', 'cafe']);
    expect(state.selected).toBe('inventory');
    expect(state.documents).toHaveLength(6);
    expect(state.documents[0]).toContain('"item": "journal"');
  });

  it('shows another collection, keeping only the latest answer', async () => {
    await boot(client);
    await Promise.all([showCollection(client, 'students'), showCollection(client, 'cafe')]);
    const state = playgroundStore.getState();
    expect(state.selected).toBe('cafe');
    expect(state.documents.map((d) => JSON.parse(d).category)).toEqual(['café', 'cafe', 'cafE']);
  });
});
