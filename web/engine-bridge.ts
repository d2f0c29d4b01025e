/**
 * Starts the engine worker and exposes it as an `EngineClient`. One worker per page.
 * The URL literal inside `new Worker(new URL(…))` is what lets Vite emit the worker as its own
 * chunk instead of inlining the engine into the main bundle.
 */
import { EngineClient } from '../engine/worker/client.js';

let client: EngineClient | undefined;

export function engineClient(): EngineClient {
  client ??= new EngineClient(
    new Worker(new URL('./worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
  );
  return client;
}
