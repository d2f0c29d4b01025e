/**
 * The one store: the slices combined in a vanilla zustand store (usable from the engine bridge,
 * actions and tests without React). The user's work is saved to IndexedDB by web/saved/autosave.ts
 * (not here: never re-serialised on a keystroke); display preferences go to localStorage.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readPrefs, writePrefs, type Prefs } from '../saved/prefs.js';
import { createCollectionsSlice } from './collections-slice.js';
import { createCommandSlice } from './command-slice.js';
import { createRunSlice } from './run-slice.js';
import { createSavedSlice } from './saved-slice.js';
import type { Store } from './types.js';
import { createUiSlice } from './ui-slice.js';

export function prefsOf(s: Store): Prefs {
  return { theme: s.theme, inspectTab: s.inspectTab, introDismissed: s.introDismissed };
}

export function createPlaygroundStore(options: { readonly persistent?: boolean } = {}) {
  const s = createStore<Store>()((...a) => ({
    ...createCollectionsSlice(...a),
    ...createCommandSlice(...a),
    ...createRunSlice(...a),
    ...createUiSlice(...a),
    ...createSavedSlice(...a),
  }));
  if (options.persistent !== false) {
    s.setState(readPrefs());
    let last = prefsOf(s.getState());
    s.subscribe((state) => {
      const next = prefsOf(state);
      if (next.theme === last.theme && next.inspectTab === last.inspectTab && next.introDismissed === last.introDismissed) {
        return;
      }
      last = next;
      writePrefs(next);
    });
  }
  return s;
}

export type PlaygroundStore = ReturnType<typeof createPlaygroundStore>;

export const store: PlaygroundStore = createPlaygroundStore();

/** Components select single fields (or use `useShallow` for derived arrays). */
export function usePlayground<T>(selector: (s: Store) => T): T {
  return useStore(store, selector);
}
