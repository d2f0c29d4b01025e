/**
 * What the page does with the engine: keep the worker's collections equal to the store's (also
 * after a worker restart), live preview (debounced dry runs), run, undo/redo, edits.
 * Only the latest preview may write its result ("did anything change in the meantime?").
 */
import type {
  CollectionView,
  RequestBody,
  RequestType,
  RunHead,
  ShellErrorReply,
  WhyTrace,
} from '../../engine/worker/protocol.js';
import { store } from '../state/store.js';
import type { CollectionState, DeploymentChoice } from '../state/types.js';
import { engineBridge, REQUEST_TIMEOUT_MS, type EngineBridge, type Send } from './bridge.js';
import { useRangeTransport } from './run-ranges.js';
import {
  authCommandText,
  authorizationOf,
  deploymentCommandTexts,
  memberCommandTexts,
  collectionTexts,
  fromViews,
  shardKeyCommandTexts,
} from './convert.js';

/**
 * Wait between a keystroke and its preview (ms): none. The debounce is the previews themselves:
 * while one runs the next waits for it (see `preview`) and only the newest text then runs, so
 * keystrokes of one burst (a key held down, typing faster than previews finish) share a preview
 * and the wait adapts to how long a preview takes. Changes within one task (an edit Monaco reports
 * in parts) still share one: the preview starts in a microtask.
 */
export const PREVIEW_DELAY_MS = 0;

let bridgeInstance: EngineBridge | undefined;
function bridge(): EngineBridge {
  if (bridgeInstance === undefined) useBridge(engineBridge());
  return bridgeInstance as EngineBridge;
}

/**
 * After a worker restart the store's collections are reloaded into the fresh worker before any
 * other request reaches it; if that keeps failing the page says so and keeps the state.
 */
export function useBridge(b: EngineBridge): void {
  bridgeInstance = b;
  b.onRestart = async (send) => {
    store.getState().setStatus('restarting');
    engineAuthorization = false;
    await applyDeployment(send);
    await syncEngine(store.getState().collections, send);
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

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function errorText(error: { code: number; codeName: string; errmsg: string }): string {
  return `${error.codeName} (${error.code}): ${error.errmsg}`;
}

/** Runs admin commands (EJSON text) in order; the first failure throws. */
async function adminCommands(commands: readonly string[], send: Send = request): Promise<void> {
  if (commands.length === 0) return;
  const r = await send({ type: 'setup', db: 'admin', reset: false, commands: [...commands] });
  if (!r.ok) throw new Error(errorText(r.error));
}

/** Puts the worker's engine in the store's deployment and refreshes the selector's list. */
export async function applyDeployment(send: Send = request): Promise<void> {
  await adminCommands(deploymentCommandTexts(store.getState().deployment), send);
  const list = await send({ type: 'deployments' });
  if (list.ok) store.getState().setDeployments(list.result);
}

/** The selector's choice: a fresh deployment of that shape; the collections are reloaded. */
export async function switchDeployment(topology: DeploymentChoice['topology']): Promise<void> {
  const s = store.getState();
  s.setDeployment({ topology, setup: null });
  try {
    await applyDeployment();
    await syncEngine(store.getState().collections);
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}

/** Member up/down states (the same for every shard's replica set on a cluster). */
export async function setMemberStates(up: readonly boolean[]): Promise<void> {
  const s = store.getState();
  const setup = s.deployment.setup;
  const base = typeof setup === 'object' && setup !== null && !Array.isArray(setup) ? setup : {};
  s.setDeployment({
    topology: s.deployment.topology,
    setup: { ...base, members: up.map((u) => ({ state: u ? 'up' : 'down' })) },
  });
  try {
    await adminCommands(memberCommandTexts(store.getState().deployment, false));
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}

/**
 * Whether the worker's engine may have authorization on. The page's own setup commands run
 * unauthenticated, so a reload turns it off first and back on once the data is in.
 */
let engineAuthorization = false;

async function setEngineAuthorization(on: boolean, send: Send = request): Promise<void> {
  await adminCommands([authCommandText(on)], send);
  engineAuthorization = on;
}

/**
 * The Authorization switch: `configureDeployment {auth}` (engine/deploy). With it on, a script
 * runs as an unauthenticated connection until it calls `db.auth()` (the first user can be created
 * without authenticating, as the server's localhost exception allows).
 */
export async function setAuthorization(on: boolean): Promise<void> {
  const s = store.getState();
  const setup = s.deployment.setup;
  const base = typeof setup === 'object' && setup !== null && !Array.isArray(setup) ? setup : {};
  const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'auth'));
  const next = on ? { ...rest, auth: true } : rest;
  s.setDeployment({ topology: s.deployment.topology, setup: Object.keys(next).length > 0 ? next : null });
  try {
    await setEngineAuthorization(on);
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}

/** Loads the collections into a fresh database in the worker and refreshes the views. */
export async function syncEngine(
  collections: readonly CollectionState[],
  send: Send = request,
): Promise<CollectionView[]> {
  const s = store.getState();
  if (engineAuthorization) await setEngineAuthorization(false, send);
  await adminCommands(memberCommandTexts(s.deployment, true), send);
  // The worker reads the texts and builds the commands (inserts in batches): the page's main
  // thread never parses a document, whatever the collection's size.
  const setup = await send(
    { type: 'setupCollections', db: s.database, collections: collectionTexts(collections) },
    setupTimeout(collections),
  );
  if (!setup.ok) throw new Error(errorText(setup.error));
  await adminCommands(shardKeyCommandTexts(s.database, s.deployment), send);
  await adminCommands(memberCommandTexts(s.deployment, false), send);
  if (authorizationOf(s.deployment)) await setEngineAuthorization(true, send);
  const views = await send({ type: 'collections', db: s.database }, 15_000);
  if (!views.ok) throw new Error(errorText(views.error));
  store.getState().setViews(views.result);
  return views.result;
}

/**
 * Replaces the collections (read by the worker: a text that does not parse, or a document the
 * engine refuses, changes nothing) and records an undo step. Returns an error message instead of
 * throwing, for forms to show.
 */
export async function applyCollections(next: readonly CollectionState[], label: string): Promise<string | null> {
  try {
    const views = await syncEngine(next);
    store.getState().commitCollections(fromViews(views), label);
    schedulePreview();
    return null;
  } catch (e) {
    // The engine refused (e.g. duplicate _id): put the old state back.
    await syncEngine(store.getState().collections).catch(() => undefined);
    return message(e);
  }
}

/**
 * Changes collections with the engine's own commands (drop, renameCollection, collMod,
 * createIndexes, dropIndexes; EJSON text, run on `db`), then keeps what the engine holds and
 * records an undo step. The first refusal stops the list and puts the previous state back.
 * Returns an error message instead of throwing, for forms to show.
 */
export async function collectionCommands(
  commands: readonly { readonly db: string; readonly command: string }[],
  label: string,
): Promise<string | null> {
  const s = store.getState();
  try {
    for (const c of commands) {
      const r = await bridge().request({ type: 'runCommand', db: c.db, command: c.command });
      if (!r.ok) throw new Error(errorText(r.error));
      const failure = commandFailure(r.result);
      if (failure !== null) throw new Error(failure);
    }
    const views = await bridge().request({ type: 'collections', db: s.database }, 15_000);
    if (!views.ok) throw new Error(errorText(views.error));
    store.getState().setViews(views.result);
    store.getState().commitCollections(fromViews(views.result), label);
    schedulePreview();
    return null;
  } catch (e) {
    await syncEngine(store.getState().collections).catch(() => undefined);
    return message(e);
  }
}

/** "codeName (code): errmsg" of a reply with ok: 0, else null (the reply is canonical EJSON). */
function commandFailure(replyText: string): string | null {
  const reply = JSON.parse(replyText) as Record<string, unknown>;
  const ok = reply['ok'];
  const okValue = typeof ok === 'object' && ok !== null ? Number(Object.values(ok)[0]) : Number(ok);
  if (okValue === 1) return null;
  const code = reply['code'];
  const codeValue = typeof code === 'object' && code !== null ? Number(Object.values(code)[0]) : Number(code);
  return `${String(reply['codeName'] ?? 'Error')} (${codeValue}): ${String(reply['errmsg'] ?? '')}`;
}

let previewTicket = 0;
let previewTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by every schedule and cancel: a queued microtask runs only if still the latest. */
let previewScheduled = 0;
/** The dry run the worker is running now (at most one: the next waits for it). */
let previewInFlight: Promise<void> | undefined;
/** How long the last preview took, page to page (ms): sets the next one's time limit. */
let lastPreviewMs = 0;

/** Dry run of the current command, after `delay` ms (0: once the current task's changes are in). */
export function schedulePreview(delay: number = PREVIEW_DELAY_MS): void {
  cancelScheduledPreview();
  const scheduled = previewScheduled;
  if (delay > 0) previewTimer = setTimeout(() => void preview(), delay);
  else queueMicrotask(() => scheduled === previewScheduled && void preview());
}

/** Drops the preview `schedulePreview` set up and has not started (a Run, a newer schedule). */
function cancelScheduledPreview(): void {
  clearTimeout(previewTimer);
  previewTimer = undefined;
  previewScheduled++;
}

/**
 * A preview's time limit: the bridge's 3 s stops a runaway script quickly while typing, but a
 * large collection gets more: 0.1 ms per document held (its first preview has no history), and
 * three times the last preview; at most 15 s.
 */
function previewTimeout(): number {
  const documents = store.getState().views.reduce((n, v) => n + v.count, 0);
  return Math.min(15_000, Math.max(REQUEST_TIMEOUT_MS, 3 * lastPreviewMs, documents / 10));
}

/** A dry run that sent no command: the text does not parse, or is a call not finished yet. */
export function isUnfinished(run: RunHead): boolean {
  return run.counts.commands === 0 && run.paused === undefined;
}

/** The first error a run reports (a syntax error, or a shell-side refusal such as a missing argument). */
export function firstErrorOf(run: RunHead): ShellErrorReply | undefined {
  return run.marked.find((st) => st.kind === 'error')?.error;
}

/** The run the panes show, which the worker keeps while it asks for a new one. */
function shownRunId(): number | undefined {
  return store.getState().shown?.run.runId;
}

/**
 * Runs the command as a dry run and shows it, unless something newer happened meanwhile. While a
 * preview is running in the worker the next one waits for it and then runs the newest text: an
 * out-of-date preview is never queued behind another, and one that finishes late is dropped.
 */
export async function preview(): Promise<void> {
  const ticket = ++previewTicket;
  while (previewInFlight !== undefined) {
    await previewInFlight;
    if (ticket !== previewTicket) return;
  }
  const done = previewOnce(ticket);
  previewInFlight = done;
  try {
    await done;
  } finally {
    if (previewInFlight === done) previewInFlight = undefined;
  }
}

async function previewOnce(ticket: number): Promise<void> {
  const s = store.getState();
  const script = s.command;
  if (script.trim() === '') {
    // An emptied editor is the start of a new command: the last preview stays (greyed).
    if (s.shown === null) s.showRun(null);
    else s.showProblem(null);
    return;
  }
  try {
    const started = performance.now();
    const keep = shownRunId();
    const response = await request(
      { type: 'runScript', db: s.database, script, dryRun: true, ...(keep === undefined ? {} : { keep }) },
      previewTimeout(),
    );
    lastPreviewMs = performance.now() - started;
    if (ticket !== previewTicket) return;
    if (!response.ok) {
      s.setNotice({ kind: 'error', text: errorText(response.error) });
      return;
    }
    const latest = store.getState();
    // Text still being typed (it does not parse, or sends no command yet) keeps the last preview
    // that ran on screen, greyed, with its problem beside it: the panes never blank mid-keystroke.
    if (latest.shown !== null && isUnfinished(response.result)) {
      latest.showProblem({ kind: 'preview', script, run: response.result });
      return;
    }
    latest.showRun({ kind: 'preview', script, run: response.result });
  } catch (e) {
    if (ticket === previewTicket) store.getState().setNotice({ kind: 'error', text: message(e) });
  }
}

/** Runs the command for real: the collections change, an undo step is recorded. */
export async function run(): Promise<RunHead | null> {
  cancelScheduledPreview();
  const ticket = ++previewTicket;
  const s = store.getState();
  if (s.readOnly) return null;
  const script = s.command;
  s.setStatus('running');
  s.setNotice(null);
  try {
    const keep = shownRunId();
    const response = await request(
      { type: 'runScript', db: s.database, script, dryRun: false, ...(keep === undefined ? {} : { keep }) },
      RUN_TIMEOUT_MS,
    );
    if (!response.ok) {
      store.getState().setNotice({ kind: 'error', text: errorText(response.error) });
      return null;
    }
    const result = response.result;
    const after = store.getState();
    if (result.collections !== undefined) {
      after.setViews(result.collections);
      after.commitCollections(fromViews(result.collections), 'run');
    }
    void ticket;
    after.showRun({ kind: 'committed', script, run: result });
    return result;
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: message(e) });
    return null;
  } finally {
    store.getState().setStatus('ready');
  }
}

/** Goes back one step of the collection history (runs and edits). */
export async function undo(): Promise<void> {
  const s = store.getState();
  const last = s.past[s.past.length - 1];
  if (last === undefined) return;
  store.setState({
    past: s.past.slice(0, -1),
    future: [{ label: last.label, collections: s.collections }, ...s.future],
    collections: last.collections,
    shown: null,
  });
  await syncEngine(last.collections).catch((e: unknown) => s.setNotice({ kind: 'error', text: message(e) }));
  schedulePreview(0);
}

export async function redo(): Promise<void> {
  const s = store.getState();
  const next = s.future[0];
  if (next === undefined) return;
  store.setState({
    future: s.future.slice(1),
    past: [...s.past, { label: next.label, collections: s.collections }],
    collections: next.collections,
    shown: null,
  });
  await syncEngine(next.collections).catch((e: unknown) => s.setNotice({ kind: 'error', text: message(e) }));
  schedulePreview(0);
}

/** Puts one collection back to its baseline (an undo step). */
export async function resetCollection(name: string): Promise<string | null> {
  const s = store.getState();
  const base = s.baseline.find((c) => c.name === name);
  const next = s.collections.flatMap((c) => (c.name !== name ? [c] : base === undefined ? [] : [base]));
  return applyCollections(next, `reset ${name}`);
}

/**
 * The Why trace of one update statement of what the panes show: a preview (a dry run of its script
 * up to that command, traced on the state it saw) or the last committed run (the worker keeps the
 * state that run saw until anything else changes).
 */
export async function explainWhy(target: {
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
}): Promise<WhyTrace | string> {
  const s = store.getState();
  if (s.shown === null) return 'Nothing to explain: type a command or pick an example.';
  const committed = s.shown.kind === 'committed' ? { committed: true } : {};
  try {
    const response = await request({ type: 'why', db: s.database, script: s.shown.script, ...target, ...committed });
    return response.ok ? response.result : errorText(response.error);
  } catch (e) {
    return message(e);
  }
}
