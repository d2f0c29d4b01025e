/**
 * Issue 13, "never hang": the worker answers a catastrophic regular expression itself (PCRE2's
 * match limit), without relying on the page's watchdog that restarts a runaway worker.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineClient } from './client.js';
import { serveEngine } from './handler.js';
import type { Endpoint } from './protocol.js';

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

describe('worker: catastrophic regular expressions', () => {
  it('runShell with find({s: {$regex: "(a+)+$"}}) over "aaa…ab" answers with no documents', async () => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    serveEngine(port1 as unknown as Endpoint);
    const client = new EngineClient(port2 as unknown as Endpoint);
    port1.start();
    port2.start();
    const script = [
      `db.c.insertOne({_id: 1, s: "${'a'.repeat(40)}b"})`,
      'db.c.find({s: {$regex: "(a+)+$"}}).toArray()',
      'db.c.countDocuments({s: {$regex: "b$"}})',
    ].join('\n');
    const response = await client.request({ type: 'runShell', db: 'test', script });
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    expect(response.result.map((r) => r.printed)).toEqual(['{ acknowledged: true, insertedId: 1 }', '[]', '1']);
  });
});
