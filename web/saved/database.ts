/**
 * Where saved work lives: IndexedDB database `upsert-lab`, object store `saves`, through the `idb`
 * library. Three records: `collections` (database, deployment, collections, baseline with
 * unchanged collections stored as references), `editor` (command, selection, scenario) and
 * `previous` (the workspace a share link, another tab or the starter replaced, for one-click
 * recovery). Writes are asynchronous transactions, never on the keystroke path.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SavedCollections, SavedEditor, SavedWorkspace, StoredBaseline } from './workspace.js';
import { packBaseline, unpackBaseline } from './workspace.js';
import { forgetPendingEditor, takePendingEditor } from './pending.js';

export const DATABASE_NAME = 'upsert-lab';
const DATABASE_VERSION = 1;

interface StoredCollections extends Omit<SavedCollections, 'baseline'> {
  readonly baseline: readonly StoredBaseline[];
  readonly savedAt: number;
}

interface StoredEditor extends SavedEditor {
  readonly savedAt: number;
}

/** A workspace put aside (by a share link, another tab, or loading the starter over a failed restore). */
export interface PreviousWork {
  readonly label: string;
  readonly savedAt: number;
  readonly workspace: SavedWorkspace;
}

interface StoredPrevious {
  readonly label: string;
  readonly savedAt: number;
  readonly workspace: StoredCollections & SavedEditor;
}

interface SavesSchema extends DBSchema {
  saves: {
    key: 'collections' | 'editor' | 'previous';
    value: StoredCollections | StoredEditor | StoredPrevious;
  };
}

let opened: Promise<IDBPDatabase<SavesSchema>> | undefined;

/** Whether this runtime has IndexedDB at all (Node tests do not). */
export function hasIndexedDB(): boolean {
  return typeof indexedDB !== 'undefined';
}

function database(): Promise<IDBPDatabase<SavesSchema>> {
  opened ??= openDB<SavesSchema>(DATABASE_NAME, DATABASE_VERSION, {
    upgrade(db) {
      db.createObjectStore('saves');
    },
  });
  return opened;
}

function storedCollections(c: SavedCollections): StoredCollections {
  return {
    database: c.database,
    deployment: c.deployment,
    collections: c.collections,
    baseline: packBaseline(c.collections, c.baseline),
    savedAt: Date.now(),
  };
}

function savedCollections(s: StoredCollections): SavedCollections {
  return {
    database: s.database,
    deployment: s.deployment,
    collections: s.collections,
    baseline: unpackBaseline(s.collections, s.baseline),
  };
}

function editorRecord(e: SavedEditor): StoredEditor {
  return {
    command: e.command,
    selected: e.selected,
    scenarioId: e.scenarioId,
    scenarioInfo: e.scenarioInfo,
    savedAt: Date.now(),
  };
}

const NO_EDITOR: SavedEditor = { command: '', selected: null, scenarioId: null, scenarioInfo: null };

/** The saved workspace, or null when nothing was saved yet. */
export async function readWorkspace(): Promise<SavedWorkspace | null> {
  const db = await database();
  const tx = db.transaction('saves', 'readonly');
  const [c, e] = await Promise.all([tx.store.get('collections'), tx.store.get('editor')]);
  if (c === undefined) return null;
  const stored = e as StoredEditor | undefined;
  const editor = takePendingEditor(stored?.savedAt ?? 0) ?? stored ?? NO_EDITOR;
  return { ...savedCollections(c as StoredCollections), ...editorOfRecord(editor) };
}

function editorOfRecord(e: SavedEditor): SavedEditor {
  return { command: e.command, selected: e.selected, scenarioId: e.scenarioId, scenarioInfo: e.scenarioInfo };
}

/**
 * One put in its own transaction, done only when the transaction committed: a full disk shows up
 * at commit (QuotaExceededError aborts it), after the put request itself succeeded.
 */
async function put(key: 'collections' | 'editor' | 'previous', value: SavesSchema['saves']['value']): Promise<void> {
  const db = await database();
  const tx = db.transaction('saves', 'readwrite');
  await Promise.all([tx.store.put(value, key), tx.done]);
}

export async function writeCollections(c: SavedCollections): Promise<void> {
  await put('collections', storedCollections(c));
}

export async function writeEditor(e: SavedEditor): Promise<void> {
  await put('editor', editorRecord(e));
  forgetPendingEditor();
}

/** Both parts in one transaction (a migration or taking over from another tab). */
export async function writeWorkspace(w: SavedWorkspace): Promise<void> {
  const db = await database();
  const tx = db.transaction('saves', 'readwrite');
  await Promise.all([tx.store.put(storedCollections(w), 'collections'), tx.store.put(editorRecord(w), 'editor'), tx.done]);
}

export async function readPrevious(): Promise<PreviousWork | null> {
  const db = await database();
  const p = (await db.get('saves', 'previous')) as StoredPrevious | undefined;
  if (p === undefined) return null;
  return {
    label: p.label,
    savedAt: p.savedAt,
    workspace: { ...savedCollections(p.workspace), ...editorOfRecord(p.workspace) },
  };
}

export async function writePrevious(label: string, w: SavedWorkspace): Promise<PreviousWork> {
  const savedAt = Date.now();
  const record: StoredPrevious = { label, savedAt, workspace: { ...storedCollections(w), ...editorOfRecord(w) } };
  await put('previous', record);
  return { label, savedAt, workspace: w };
}
