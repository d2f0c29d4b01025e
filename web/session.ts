/**
 * What the page does with the engine: boot it with the example collections, then show a
 * collection by running `find` in the worker. Only the latest `find` may write its result, so a
 * slow answer for an earlier click never overwrites a newer one.
 */
import { parseEJSON, stringifyEJSON } from '../engine/bson/ejson.js';
import { isArray, isDoc, type Value } from '../engine/bson/values.js';
import type { EngineClient } from '../engine/worker/client.js';
import type { WorkerResponse } from '../engine/worker/protocol.js';
import { fetchExampleCollections, fetchExampleIndex } from './examples.js';
import { playgroundStore } from './store.js';

let latestFind = 0;

function fail(message: string): void {
  playgroundStore.setState({ status: 'error', error: message });
}

function unwrap<T>(response: WorkerResponse & ({ ok: true; result: T } | { ok: false })): T {
  if (response.ok) return response.result;
  const { code, codeName, errmsg } = response.error;
  throw new Error(`${codeName} (${code}): ${errmsg}`);
}

/** Starts the engine, loads public/examples/ into it and shows the first collection. */
export async function boot(client: EngineClient): Promise<void> {
  try {
    unwrap(await client.request({ type: 'ping' }));
    const index = await fetchExampleIndex();
    const collections = await fetchExampleCollections(index);
    unwrap(await client.request({ type: 'loadCollections', db: index.database, collections }));
    playgroundStore.setState({ database: index.database, collections: index.collections });
    const first = index.collections[0];
    if (first !== undefined) await showCollection(client, first.name);
    else playgroundStore.setState({ status: 'ready' });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
}

/** Runs `{find: name}` in the worker and shows the first batch. */
export async function showCollection(client: EngineClient, name: string): Promise<void> {
  const ticket = ++latestFind;
  playgroundStore.setState({ selected: name });
  const { database } = playgroundStore.getState();
  try {
    const command = stringifyEJSON(new Map<string, Value>([['find', name]]));
    const replyText = unwrap(await client.request({ type: 'runCommand', db: database, command }));
    if (ticket !== latestFind) return;
    const reply = parseEJSON(replyText);
    const cursor = isDoc(reply) ? reply.get('cursor') : undefined;
    const batch = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
    if (!isArray(batch)) {
      const errmsg = isDoc(reply) ? reply.get('errmsg') : undefined;
      throw new Error(typeof errmsg === 'string' ? errmsg : `unexpected find reply: ${replyText}`);
    }
    playgroundStore.setState({
      status: 'ready',
      error: null,
      documents: batch.map((d) => stringifyEJSON(d, { relaxed: true, indent: 2 })),
    });
  } catch (e) {
    if (ticket === latestFind) fail(e instanceof Error ? e.message : String(e));
  }
}
