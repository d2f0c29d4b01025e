/**
 * Edits of the collections and their history: forms' replacements and engine commands (each an
 * undo step), undo/redo, reset to the baseline. A refused edit puts the previous state back.
 */
import { store } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import { fromViews } from './convert.js';
import { syncEngine } from './engine-sync.js';
import { schedulePreview } from './preview.js';
import { errorText, message, request } from './worker-request.js';

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
      const r = await request({ type: 'runCommand', db: c.db, command: c.command });
      if (!r.ok) throw new Error(errorText(r.error));
      const failure = commandFailure(r.result);
      if (failure !== null) throw new Error(failure);
    }
    const views = await request({ type: 'collections', db: s.database }, 15_000);
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
