/**
 * The module worker that hosts the engine. The page creates it with
 * `new Worker(new URL('./worker/engine.worker.ts', import.meta.url), {type: 'module'})`
 * (see ../engine-bridge.ts) and talks to it through engine/worker/protocol.ts.
 */
import type { Endpoint } from '../../engine/worker/protocol.js';
import { serveEngine } from '../../engine/worker/handler.js';
import { workReaders } from './readers.js';

serveEngine(self as unknown as Endpoint, { work: workReaders });
