/**
 * The editor part still waiting for its debounced write when the page is left (a reload right
 * after typing): IndexedDB cannot be awaited during `pagehide`, so the small editor record is
 * put synchronously into localStorage and applied on the next load if it is newer. Collections
 * never go here (they are written at once when a run or an edit commits them).
 */
import type { SavedEditor } from './workspace.js';

export const PENDING_EDITOR_KEY = 'upsert-lab:pending-editor';

export function writePendingEditor(e: SavedEditor): void {
  try {
    localStorage.setItem(PENDING_EDITOR_KEY, JSON.stringify({ ...e, at: Date.now() }));
  } catch {
    // A full localStorage only loses the last keystrokes, never the saved work.
  }
}

/** Once the editor part is in IndexedDB again. */
export function forgetPendingEditor(): void {
  try {
    localStorage.removeItem(PENDING_EDITOR_KEY);
  } catch {
    // Nothing to do: an older pending record loses against a newer IndexedDB save.
  }
}

/** The pending editor record if it is newer than `savedAt` (kept until the next editor write). */
export function takePendingEditor(savedAt: number): SavedEditor | null {
  try {
    if (typeof localStorage === 'undefined') return null;
    const text = localStorage.getItem(PENDING_EDITOR_KEY);
    if (text === null) return null;
    const p = JSON.parse(text) as Partial<SavedEditor> & { at?: unknown };
    if (typeof p.at !== 'number' || p.at <= savedAt || typeof p.command !== 'string') return null;
    return {
      command: p.command,
      selected: typeof p.selected === 'string' ? p.selected : null,
      scenarioId: typeof p.scenarioId === 'string' ? p.scenarioId : null,
      scenarioInfo: p.scenarioInfo ?? null,
    };
  } catch {
    return null;
  }
}
