/**
 * The page's handle on the engine worker, with a time limit on every request: a runaway script
 * never freezes the page. On timeout the worker is terminated, a fresh one started, and the
 * collections restored from the store's copy (the store, not the worker, owns the data).
 *
 *   const run = await bridge.request({type: 'runScript', db, script, dryRun: true});
 */
import { EngineClient } from '../../engine/worker/client.js';
import type { RequestBody, RequestType, WorkerResponse } from '../../engine/worker/protocol.js';

/** Default time limit of a request (ms). */
export const REQUEST_TIMEOUT_MS = 3000;

export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The engine did not answer within ${ms / 1000} s; it was restarted and your collections restored.`);
    this.name = 'TimeoutError';
  }
}

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  terminate(): void;
}

export class EngineBridge {
  private worker: WorkerLike;
  private client: EngineClient;
  /** Called after a restart so the owner can reload the collections. */
  onRestart: (() => Promise<void>) | null = null;

  constructor(private readonly spawn: () => WorkerLike) {
    this.worker = spawn();
    this.client = new EngineClient(this.worker);
  }

  /** Sends a request; rejects with TimeoutError (after restarting the worker) when too slow. */
  async request<T extends RequestType>(
    body: RequestBody<T> & { readonly type: T },
    timeoutMs: number = REQUEST_TIMEOUT_MS,
  ): Promise<WorkerResponse<T>> {
    const client = this.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const answer = await Promise.race([client.request<T>(body), timeout]);
    clearTimeout(timer);
    if (answer !== 'timeout') return answer;
    if (client === this.client) await this.restart();
    throw new TimeoutError(timeoutMs);
  }

  /** Terminates the worker and starts a fresh one (then lets the owner reload data). */
  async restart(): Promise<void> {
    this.worker.terminate();
    this.worker = this.spawn();
    this.client = new EngineClient(this.worker);
    if (this.onRestart !== null) await this.onRestart();
  }
}

let bridge: EngineBridge | undefined;

/** The page's one bridge, over the module worker (its own chunk, see engine.worker.ts). */
export function engineBridge(): EngineBridge {
  bridge ??= new EngineBridge(
    () => new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
  );
  return bridge;
}
