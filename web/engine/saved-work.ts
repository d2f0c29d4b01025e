/**
 * The page's saved work: read it (moving an old localStorage save into IndexedDB), restore it into
 * the engine, keep whatever a share link, another tab or the starter replaces as the previous
 * work, and the choices offered when a restore is refused or another tab saved.
 * Rule: nothing here writes over the saved work with something worse; what is replaced is kept.
 */
import { Autosave } from '../saved/autosave.js';
import { hasIndexedDB, readPrevious, readWorkspace, writePrevious, writeWorkspace } from '../saved/database.js';
import { forgetLegacy, readLegacy } from '../saved/legacy.js';
import { onOtherTabSaved } from '../saved/tabs.js';
import { workspaceOf, type SavedWorkspace } from '../saved/workspace.js';
import { getInitialState } from '../share/url.js';
import { validateShareState, type ShareState } from '../share/state.js';
import { writePrefs } from '../saved/prefs.js';
import { prefsOf, store } from '../state/store.js';
import { applyDeployment, syncEngine } from './engine-sync.js';
import { schedulePreview } from './preview.js';
import { loadStarter, loadState, resetEverything } from './load-state.js';

export const autosave = new Autosave(store);

/** False in an embed, without IndexedDB, or when the saved work could not be read. */
let storageUsable = false;

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The saved workspace; an old localStorage save is moved into IndexedDB first (then removed). */
export async function readSavedWork(): Promise<SavedWorkspace | null> {
  const legacy = readLegacy();
  let saved = await readWorkspace();
  if (legacy !== null) {
    if (legacy.workspace !== null) {
      if (saved === null) {
        await writeWorkspace(legacy.workspace);
        saved = await readWorkspace();
      } else {
        await writePrevious('the autosave of an older version of the page', legacy.workspace);
      }
    }
    writePrefs({ ...prefsOf(store.getState()), ...legacy.prefs });
    store.setState(legacy.prefs);
    if (saved !== null) forgetLegacy();
  }
  return saved;
}

/** Puts a workspace into the store and the engine (throws when the engine refuses it). */
export async function restoreWorkspace(w: SavedWorkspace): Promise<void> {
  store.setState({
    database: w.database,
    deployment: w.deployment,
    collections: w.collections,
    baseline: w.baseline,
    command: w.command,
    selected: w.selected,
    scenarioId: w.scenarioId,
    scenarioInfo: w.scenarioInfo,
    past: [],
    future: [],
    shown: null,
    views: [],
  });
  await applyDeployment();
  await syncEngine(w.collections);
  schedulePreview(0);
}

/** Keeps `w` as the previous work (one click brings it back). */
export async function keepAsPrevious(label: string, w: SavedWorkspace): Promise<void> {
  if (!storageUsable) return;
  const kept = await writePrevious(label, w);
  store.getState().setSaved({ previousWork: { label: kept.label, savedAt: kept.savedAt } });
}

/** Starts saving (unless this page must not: embed, unreadable storage, another tab's save). */
function startSaving(alreadySaved: boolean): void {
  if (storageUsable && store.getState().otherTab === null) autosave.start(alreadySaved);
}

/** What the user is working on, for putting aside: the refused save while a restore failed. */
async function currentWork(): Promise<SavedWorkspace | null> {
  if (store.getState().restoreFailure !== null) return storageUsable ? readWorkspace() : null;
  return workspaceOf(store.getState());
}

/** Opens a share link over the current work, which is kept as the previous work. */
export async function openSharedState(shared: ShareState, before: SavedWorkspace | null): Promise<void> {
  if (autosave.running) await autosave.flush();
  if (before !== null && before.collections.length > 0) {
    await keepAsPrevious('your work before you opened a shared link', before);
  }
  await loadState(shared, null);
  store.getState().setSaved({ linkOpened: before !== null, restoreFailure: null });
  startSaving(false);
}

/** Opens a downloaded workspace file (share-state JSON); null when it loaded, else why not. */
export async function openWorkspaceFile(text: string): Promise<string | null> {
  let shared: ShareState;
  try {
    shared = validateShareState(JSON.parse(text) as unknown);
  } catch (e) {
    return `This file is not an Upsert Lab workspace: ${message(e)}`;
  }
  try {
    await openSharedState(shared, await currentWork());
    store.getState().openDialog(null);
    return null;
  } catch (e) {
    return `The file could not be loaded: ${message(e)}`;
  }
}

/** A share link pasted into the address bar of an open tab (`hashchange`). */
async function onHashChange(): Promise<void> {
  let shared: ShareState | undefined;
  try {
    shared = await getInitialState(window.location);
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: message(e) });
    return;
  }
  if (shared === undefined) return;
  window.history.replaceState(null, '', window.location.href.replace(/#.*$/, ''));
  try {
    await openSharedState(shared, await currentWork());
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: `The shared state could not be loaded: ${message(e)}` });
  }
}

/** Brings back the previous work; what it replaces becomes the previous work in turn. */
export async function bringBackPrevious(): Promise<void> {
  if (!storageUsable) return;
  const previous = await readPrevious();
  if (previous === null) return;
  if (autosave.running) await autosave.flush();
  const current = await currentWork();
  try {
    await restoreWorkspace(previous.workspace);
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: `The previous work could not be restored: ${message(e)}` });
    if (current !== null && store.getState().restoreFailure === null) await restoreWorkspace(current).catch(() => undefined);
    return;
  }
  if (current !== null && current.collections.length > 0) await keepAsPrevious('the work you replaced by going back', current);
  store.getState().setSaved({ linkOpened: false, restoreFailure: null });
  startSaving(false);
}

/** The explicit way out of a refused restore: the refused save is kept as the previous work. */
export async function loadStarterOverFailedRestore(): Promise<void> {
  const refused = storageUsable ? await readWorkspace() : null;
  if (refused !== null) await keepAsPrevious('saved work that could not be restored', refused);
  store.setState({ past: [], future: [] });
  store.getState().setSaved({ restoreFailure: null });
  await loadStarter(null);
  startSaving(false);
}

/** Reset everything: the work it replaces is kept as the previous work. */
export async function resetKeepingPrevious(): Promise<void> {
  const current = await currentWork();
  if (current !== null && current.collections.length > 0) await keepAsPrevious('your work before Reset', current);
  store.getState().setSaved({ restoreFailure: null });
  await resetEverything();
  startSaving(false);
}

/** The saved work as it is stored (the refused one while a restore failed). */
export async function workToDownload(): Promise<SavedWorkspace> {
  return (await currentWork()) ?? workspaceOf(store.getState());
}

/** Another tab saved: stop saving here until the user chooses whose work to keep. */
function watchOtherTabs(): void {
  onOtherTabSaved((m) => {
    autosave.pause();
    store.getState().setSaved({ otherTab: { at: m.at } });
  });
}

/** Loads the work the other tab saved into this tab. */
export async function takeOtherTabsWork(): Promise<void> {
  const theirs = await readWorkspace();
  store.getState().setSaved({ otherTab: null });
  if (theirs === null) return;
  try {
    await restoreWorkspace(theirs);
    store.getState().setSaved({ restoreFailure: null });
    startSaving(true);
  } catch (e) {
    store.getState().setSaved({ restoreFailure: { message: `The other tab's work could not be restored: ${message(e)}` } });
  }
}

/** Saves this tab's work over the other tab's, which is kept as the previous work. */
export async function keepThisTabsWork(): Promise<void> {
  const theirs = await readWorkspace();
  if (theirs !== null) await keepAsPrevious("the other tab's work (replaced by this tab's)", theirs);
  store.getState().setSaved({ otherTab: null });
  startSaving(false);
}

/**
 * The saved-work part of booting: share link > saved work > starter. A saved workspace the engine
 * refuses is kept untouched (no autosave starts) and the page offers a download and the starter.
 */
export async function bootSavedWork(address: Location | string, embed: boolean): Promise<void> {
  const s = store.getState();
  storageUsable = !embed && hasIndexedDB();
  let saved: SavedWorkspace | null = null;
  if (storageUsable) {
    try {
      saved = await readSavedWork();
      const previous = await readPrevious();
      if (previous !== null) s.setSaved({ previousWork: { label: previous.label, savedAt: previous.savedAt } });
    } catch (e) {
      storageUsable = false;
      s.setSaved({
        storageNotice: `Your saved work could not be read (${message(e)}), so this tab saves nothing and cannot overwrite it.`,
      });
    }
    watchOtherTabs();
    if (typeof window !== 'undefined') window.addEventListener('hashchange', () => void onHashChange());
  }
  let shared: ShareState | undefined;
  try {
    shared = await getInitialState(address);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
  if (shared !== undefined) {
    try {
      await openSharedState(shared, saved);
      // The save now holds the state: a reload must not bring the link back over later typing
      // (an embed keeps its link: it never saves).
      if (!embed && typeof address !== 'string') {
        window.history.replaceState(null, '', address.href.replace(/#.*$/, ''));
      }
      return;
    } catch (e) {
      s.setNotice({ kind: 'error', text: `The shared state could not be loaded: ${message(e)}` });
    }
  }
  if (saved !== null) {
    try {
      await restoreWorkspace(saved);
      startSaving(true);
      return;
    } catch (e) {
      store.getState().setSaved({ restoreFailure: { message: message(e) } });
      return;
    }
  }
  await loadStarter(null);
  startSaving(false);
}
