/** Collections, their engine views and the undo/redo history of collection states. */
import type { StateCreator } from 'zustand';
import type { CollectionsSlice, Store } from './types.js';

/** Undo keeps this many steps; older ones are dropped. */
export const HISTORY_LIMIT = 50;

export const createCollectionsSlice: StateCreator<Store, [], [], CollectionsSlice> = (set) => ({
  database: 'test',
  deployment: { topology: 'replicaset', setup: null },
  setDeployment: (deployment) => set({ deployment }),
  collections: [],
  baseline: [],
  selected: null,
  views: [],
  past: [],
  future: [],
  selectCollection: (name) => set({ selected: name }),
  commitCollections: (next, label) =>
    set((s) => {
      const selected = next.some((c) => c.name === s.selected) ? s.selected : (next[0]?.name ?? null);
      if (label === null) return { collections: next, selected };
      const past = [...s.past, { label, collections: s.collections }].slice(-HISTORY_LIMIT);
      return { collections: next, selected, past, future: [] };
    }),
  setViews: (views) => set({ views }),
  setBaseline: (baseline) => set({ baseline }),
});
