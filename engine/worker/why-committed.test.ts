/** Why after Run: the worker keeps the state the last committed run saw until anything else changes. */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, expect, it } from 'vitest';
import { EngineClient } from './client.js';
import { serveEngine } from './handler.js';
import type { Endpoint, WhyTrace } from './protocol.js';

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function connect(): EngineClient {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  serveEngine(port1 as unknown as Endpoint);
  const client = new EngineClient(port2 as unknown as Endpoint);
  port1.start();
  port2.start();
  return client;
}

it('explains a committed run on the state it saw, leaves the committed state, and refuses once the collections changed', async () => {
  const client = connect();
  const load = await client.request({
    type: 'loadCollections',
    db: 'test',
    collections: { c: '[{"_id": 1, "n": 1}, {"_id": 2, "n": 5}]' },
  });
  expect(load.ok).toBe(true);
  const script = 'db.c.updateMany({n: {$lt: 3}}, {$inc: {n: 10}})';
  const run = await client.request({ type: 'runScript', db: 'test', script, dryRun: false });
  expect(run.ok).toBe(true);
  const why = async (): Promise<WhyTrace> => {
    const r = await client.request({
      type: 'why',
      db: 'test',
      script,
      command: 0,
      statement: 0,
      documentId: '1',
      committed: true,
    });
    if (!r.ok) throw new Error(r.error.errmsg);
    return r.result;
  };
  const trace = await why();
  // Before the run, _id 1 had n: 1 (now 11): the trace sees the state the run saw.
  expect(trace.document!.filter.values).toEqual(['n: 1']);
  expect(trace.document!.steps).toEqual([
    { operator: '$inc', field: 'n', path: 'n', before: '1', after: '11', changed: true },
  ]);
  // A preview explains the current state instead: n is 11 now, the filter misses.
  const preview = await client.request({ type: 'why', db: 'test', script, command: 0, statement: 0, documentId: '1' });
  expect(preview.ok && preview.result.document!.matched).toBe(false);
  // The committed state is intact, and a dry run does not drop the kept state.
  const dry = await client.request({ type: 'runScript', db: 'test', script: 'db.c.find()', dryRun: true });
  expect(dry.ok).toBe(true);
  expect((await why()).document!.matched).toBe(true);
  const after = await client.request({ type: 'collections', db: 'test' });
  expect(after.ok && JSON.stringify(after.result)).toContain('11');
  // Any change (here: loading collections) drops it.
  await client.request({ type: 'loadCollections', db: 'test', collections: { c: '[{"_id": 1, "n": 1}]' } });
  expect((await why()).error).toBe(
    'The state this run saw is gone (the collections changed since it ran): Undo and Run again to explain it.',
  );
});
