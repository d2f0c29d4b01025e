/**
 * Autosave: watches the store and writes to IndexedDB only what changed — the collections part
 * when a run or an edit committed new collections, the editor part (command, selection) after a
 * pause in typing — always later than the keystroke, in a transaction of its own. A failed write
 * (full disk) leaves a notice and the last good save; the page keeps working, the next change
 * tries again. Paused while another tab owns the save or a restore was refused.
 */
import type { PlaygroundStore } from '../state/store.js';
import type { Store } from '../state/types.js';
import { writeCollections, writeEditor } from './database.js';
import { writePendingEditor } from './pending.js';
import { announceSaved } from './tabs.js';
import { collectionsOf, editorOf } from './workspace.js';

/** Pause after the last change before writing (ms). */
export const SAVE_DELAY_MS = 400;

type Refs = readonly unknown[];

const collectionRefs = (s: Store): Refs => [s.collections, s.baseline, s.database, s.deployment];
const editorRefs = (s: Store): Refs => [s.command, s.selected, s.scenarioId, s.scenarioInfo];
const same = (a: Refs, b: Refs): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function quotaExceeded(e: unknown): boolean {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  return name === 'QuotaExceededError' || /quota/i.test(e instanceof Error ? e.message : String(e));
}

export class Autosave {
  private active = false;
  private savedCollections: Refs = [];
  private savedEditor: Refs = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly store: PlaygroundStore) {}

  /**
   * Starts watching. With `alreadySaved` the current state is what storage holds (nothing to
   * write); otherwise it is written at once.
   */
  start(alreadySaved: boolean): void {
    const s = this.store.getState();
    this.savedCollections = alreadySaved ? collectionRefs(s) : [];
    this.savedEditor = alreadySaved ? editorRefs(s) : [];
    this.active = true;
    if (this.unsubscribe === null) {
      this.unsubscribe = this.store.subscribe(() => this.schedule());
      // Leaving or hiding the page writes what is pending at once (a reload right after typing).
      if (typeof window !== 'undefined') {
        window.addEventListener('pagehide', () => this.leave());
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') void this.flush();
        });
      }
    }
    if (!alreadySaved) this.schedule(0);
  }

  /** Stops writing (another tab owns the save, or the saved work must not be touched). */
  pause(): void {
    this.active = false;
    clearTimeout(this.timer);
  }

  get running(): boolean {
    return this.active;
  }

  /**
   * Committed collections are written at once (they change on a run or an edit, not per
   * keystroke); the editor part after a pause in typing.
   */
  private schedule(delay?: number): void {
    if (!this.active) return;
    const s = this.store.getState();
    const collectionsChanged = !same(collectionRefs(s), this.savedCollections);
    if (!collectionsChanged && same(editorRefs(s), this.savedEditor)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay ?? (collectionsChanged ? 0 : SAVE_DELAY_MS));
  }

  /** The page is being left: keep unsaved typing synchronously, start the rest. */
  private leave(): void {
    if (!this.active) return;
    const s = this.store.getState();
    if (!same(editorRefs(s), this.savedEditor)) writePendingEditor(editorOf(s));
    void this.flush();
  }

  /** Writes whatever changed now (also used before a share link replaces the work). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    if (!this.active) return;
    const s = this.store.getState();
    const c = collectionRefs(s);
    const e = editorRefs(s);
    const collectionsChanged = !same(c, this.savedCollections);
    const editorChanged = !same(e, this.savedEditor);
    if (!collectionsChanged && !editorChanged) return;
    try {
      if (collectionsChanged) {
        await writeCollections(collectionsOf(s));
        this.savedCollections = c;
      }
      if (editorChanged) {
        await writeEditor(editorOf(s));
        this.savedEditor = e;
      }
      announceSaved();
      if (this.store.getState().storageNotice !== null) this.store.getState().setSaved({ storageNotice: null });
    } catch (err) {
      const time = new Date().toLocaleTimeString();
      this.store.getState().setSaved({
        storageNotice: quotaExceeded(err)
          ? `Your browser's storage for this page is full: changes since ${time} are not saved. ` +
            'The page keeps working; free some space (or delete large collections) and your next change is saved, ' +
            'or use Share → Download to keep a copy.'
          : `Your changes could not be saved (${err instanceof Error ? err.message : String(err)}); they are not saved. ` +
            'Use Share → Download to keep a copy.',
      });
    }
  }
}
