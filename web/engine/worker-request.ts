/**
 * The page's one way to the worker: the bridge (created on first use), requests with their time
 * limits, error texts, admin command lists. Everything else in web/engine/ sends through here.
 */
import type { RequestBody, RequestType } from '../../engine/worker/protocol.js';
import { store } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import { engineBridge, type EngineBridge, type Send } from './bridge.js';
import { useRangeTransport } from './run-ranges.js';

let bridgeInstance: EngineBridge | undefined;
function bridge(): EngineBridge {
  if (bridgeInstance === undefined) useBridge(engineBridge());
  return bridgeInstance as EngineBridge;
}

/** What reloads a restarted worker (engine-sync.ts registers it; kept here so imports stay one-way). */
let reloadAfterRestart: (send: Send) => Promise<void> = async () => undefined;

/** Sets what a restarted worker gets before any other request reaches it. */
export function whenWorkerRestarts(reload: (send: Send) => Promise<void>): void {
  reloadAfterRestart = reload;
}

/**
 * After a worker restart the store's collections are reloaded into the fresh worker before any
 * other request reaches it; if that keeps failing the page says so and keeps the state.
 */
export function useBridge(b: EngineBridge): void {
  bridgeInstance = b;
  b.onRestart = async (send) => {
    store.getState().setStatus('restarting');
    await reloadAfterRestart(send);
    store.getState().setStatus('ready');
  };
  b.onUnavailable = (error) => {
    store.getState().setStatus('error');
    store.getState().setNotice({ kind: 'error', text: error.message });
  };
}

/** The page's ordinary way to the worker (waits while a restarted worker is reloaded). */
export const request = (<T extends RequestType>(body: RequestBody<T> & { readonly type: T }, timeoutMs?: number) =>
  bridge().request<T>(body, timeoutMs)) as unknown as Send;

useRangeTransport(() => request);

/**
 * Time limit of a Run (ms). A Run is asked for explicitly and may be a long script (100,001
 * statements); the worker keeps the page responsive meanwhile. The live preview keeps the bridge's
 * short default, so a runaway preview is stopped quickly while typing.
 */
export const RUN_TIMEOUT_MS = 30_000;

/**
 * Time limit of loading collections into the worker (ms). The worker parses and inserts every
 * document: bounded, linear work that cannot run away, so the limit only guards against a worker
 * that died: 20 ms per kilobyte of text (a busy machine parses 100,000 documents in seconds), at
 * least 10 s, at most 5 minutes.
 */
export function setupTimeout(collections: readonly CollectionState[]): number {
  const chars = collections.reduce((n, c) => n + c.docs.reduce((m, d) => m + d.length, 0), 0);
  return Math.min(300_000, Math.max(10_000, chars / 50));
}

export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function errorText(error: { code: number; codeName: string; errmsg: string }): string {
  return `${error.codeName} (${error.code}): ${error.errmsg}`;
}

/** Runs admin commands (EJSON text) in order; the first failure throws. */
export async function adminCommands(commands: readonly string[], send: Send = request): Promise<void> {
  if (commands.length === 0) return;
  const r = await send({ type: 'setup', db: 'admin', reset: false, commands: [...commands] });
  if (!r.ok) throw new Error(errorText(r.error));
}
