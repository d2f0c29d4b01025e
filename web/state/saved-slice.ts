/** The saved copy's status: storage notices, a refused restore, previous work, another tab. */
import type { StateCreator } from 'zustand';
import type { SavedSlice, Store } from './types.js';

export const createSavedSlice: StateCreator<Store, [], [], SavedSlice> = (set) => ({
  storageNotice: null,
  restoreFailure: null,
  previousWork: null,
  otherTab: null,
  linkOpened: false,
  setSaved: (patch) => set(patch),
});
