/**
 * The page's handle on the engine worker, with a time limit on every request: a runaway script
 * never freezes the page. On timeout the worker is terminated, a fresh one started, and the
 * owner's collections reloaded into it (the store, not the worker, owns the data).
 *
 * While a fresh worker is being reloaded no request reaches it (they wait), so nothing runs
 * against a worker that does not hold the user's collections; an answer from a worker that was
 * replaced meanwhile is refused. A reload that keeps failing is retried a bounded number of
 * times, then the bridge reports itself unavailable (the owner tells the user; its data is intact).
 *
 *   const run = await bridge.request({type: 'runScript', db, script, dryRun: true});
 */
import { EngineClient } from '../../engine/worker/client.js';
import type { RequestBody, RequestType, WorkerResponse } from '../../engine/worker/protocol.js';

/** Default time limit of a request (ms). */
export const REQUEST_TIMEOUT_MS = 3000;
/** Fresh workers tried after a timeout before the bridge gives up (each reload has its own limits). */
export const RESTART_ATTEMPTS = 2;

export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The engine did not answer within ${ms / 1000} s; it was restarted and your collections restored.`);
    this.name = 'TimeoutError';
  }
}

/** The worker that was asked was replaced before it answered: its answer is not the user's data. */
export class WorkerReplacedError extends Error {
  constructor() {
    super('The engine was restarted while this request ran; nothing was changed. Try again.');
    this.name = 'WorkerReplacedError';
  }
}

/** Every reload attempt after a restart failed: no worker holds the user's collections. */
export class EngineUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(
      `The engine was restarted but could not reload your collections (${reason}). ` +
        'Your work is saved and unchanged: reload the page to try again.',
    );
    this.name = 'EngineUnavailableError';
  }
}

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  terminate(): void;
}

/** Sends one request to the worker being reloaded (bypasses the wait; never restarts it). */
export type Send = <T extends RequestType>(
  body: RequestBody<T> & { readonly type: T },
  timeoutMs?: number,
) => Promise<WorkerResponse<T>>;

export class EngineBridge {
  private worker: WorkerLike;
  private client: EngineClient;
  /** Bumped for every fresh worker. */
  private generation = 0;
  /** Settles when the current worker holds the owner's data (pending during a reload). */
  private ready: Promise<void> = Promise.resolve();
  private failure: EngineUnavailableError | null = null;
  /** Reloads the owner's data into a fresh worker, sending only through `send`. */
  onRestart: ((send: Send) => Promise<void>) | null = null;
  /** Told when every attempt failed (the page shows the message; the state stays as it was). */
  onUnavailable: ((error: EngineUnavailableError) => void) | null = null;

  constructor(private readonly spawn: () => WorkerLike) {
    this.worker = spawn();
    this.client = new EngineClient(this.worker);
  }

  /** Sends a request once the worker holds the data; rejects with TimeoutError (after restarting the worker) when too slow. */
  async request<T extends RequestType>(
    body: RequestBody<T> & { readonly type: T },
    timeoutMs: number = REQUEST_TIMEOUT_MS,
  ): Promise<WorkerResponse<T>> {
    await this.ready;
    if (this.failure !== null) throw this.failure;
    const generation = this.generation;
    const answer = await this.send<T>(body, timeoutMs, generation);
    if (answer === 'timeout') {
      if (generation === this.generation) await this.restart();
      throw this.failure ?? new TimeoutError(timeoutMs);
    }
    return answer;
  }

  /** One request to the current worker; 'timeout' when it does not answer in time. */
  private async send<T extends RequestType>(
    body: RequestBody<T> & { readonly type: T },
    timeoutMs: number,
    generation: number,
  ): Promise<WorkerResponse<T> | 'timeout'> {
    const client = this.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const answer = await Promise.race([client.request<T>(body), timeout]);
    clearTimeout(timer);
    if (generation !== this.generation) throw new WorkerReplacedError();
    return answer;
  }

  /** Terminates the worker and starts fresh ones until one holds the owner's data (bounded). */
  restart(): Promise<void> {
    let release = (): void => undefined;
    this.ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempt = async (): Promise<void> => {
      let reason = 'no reason given';
      for (let i = 0; i < RESTART_ATTEMPTS; i++) {
        this.worker.terminate();
        this.worker = this.spawn();
        this.client = new EngineClient(this.worker);
        const generation = ++this.generation;
        const sendOne = async <U extends RequestType>(
          body: RequestBody<U> & { readonly type: U },
          timeoutMs = REQUEST_TIMEOUT_MS,
        ): Promise<WorkerResponse<U>> => {
          const answer = await this.send<U>(body, timeoutMs, generation);
          if (answer === 'timeout') throw new TimeoutError(timeoutMs);
          return answer;
        };
        // (TypeScript cannot relate two generic signatures over RequestBody<T>; they are the same.)
        const send = sendOne as unknown as Send;
        try {
          if (this.onRestart !== null) await this.onRestart(send);
          this.failure = null;
          return;
        } catch (e) {
          reason = e instanceof Error ? e.message : String(e);
        }
      }
      this.failure = new EngineUnavailableError(reason);
      this.onUnavailable?.(this.failure);
    };
    const done = attempt().finally(release);
    return done;
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
