/**
 * The module worker that hosts the engine. The page creates it with
 * `new Worker(new URL('./worker/engine.worker.ts', import.meta.url), {type: 'module'})`
 * (see ../engine-bridge.ts) and talks to it through engine/worker/protocol.ts.
 */
import type { Endpoint } from '../../engine/worker/protocol.js';
import { serveEngine, type ShellRunner } from '../../engine/worker/handler.js';

// The shell interpreter (engine/shell/) is optional and loaded on first use, so the worker starts
// fast and builds work before the shell exists. import.meta.glob yields {} when the file is absent.
const shellModules = import.meta.glob<{ runShell?: ShellRunner }>('../../engine/shell/index.ts');

async function loadShell(): Promise<ShellRunner | undefined> {
  const load = Object.values(shellModules)[0];
  if (load === undefined) return undefined;
  const module = await load();
  return module.runShell;
}

serveEngine(self as unknown as Endpoint, { loadShell });
