/**
 * The one store: the four slices combined in a vanilla zustand store (usable from the engine
 * bridge, actions and tests without React), persisted to localStorage through an explicit
 * `partialize` — collections, command, theme and layout; never run results.
 */
import { useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { createCollectionsSlice } from './collections-slice.js';
import { createCommandSlice } from './command-slice.js';
import { createRunSlice } from './run-slice.js';
import type { CollectionState, DeploymentChoice, InspectTab, ScenarioInfo, Store, Theme } from './types.js';
import { createUiSlice } from './ui-slice.js';

export const PERSIST_KEY = 'upsert-lab:v1';
export const PERSIST_VERSION = 1;

/** What autosave keeps. */
export interface PersistedState {
  readonly database: string;
  readonly deployment: DeploymentChoice;
  readonly collections: readonly CollectionState[];
  readonly baseline: readonly CollectionState[];
  readonly selected: string | null;
  readonly command: string;
  readonly scenarioId: string | null;
  readonly scenarioInfo: ScenarioInfo | null;
  readonly theme: Theme;
  readonly inspectTab: InspectTab;
  readonly introDismissed: boolean;
}

export function partialize(s: Store): PersistedState {
  return {
    database: s.database,
    deployment: s.deployment,
    collections: s.collections,
    baseline: s.baseline,
    selected: s.selected,
    command: s.command,
    scenarioId: s.scenarioId,
    scenarioInfo: s.scenarioInfo,
    theme: s.theme,
    inspectTab: s.inspectTab,
    introDismissed: s.introDismissed,
  };
}

const memory = new Map<string, string>();
let writable = true;
/** localStorage when there is one (the page), an in-memory map otherwise (Node tests). */
const backing: StateStorage =
  typeof localStorage === 'undefined'
    ? {
        getItem: (k) => memory.get(k) ?? null,
        setItem: (k, v) => void memory.set(k, v),
        removeItem: (k) => void memory.delete(k),
      }
    : localStorage;
const storage: StateStorage = {
  getItem: (k) => backing.getItem(k),
  setItem: (k, v) => (writable ? backing.setItem(k, v) : undefined),
  removeItem: (k) => (writable ? backing.removeItem(k) : undefined),
};

/**
 * Stops autosave for this page: an embedded example (same origin as the full page) must not
 * overwrite what the reader was working on.
 */
export function disableAutosave(): void {
  writable = false;
}

export function createPlaygroundStore(options: { readonly persistent?: boolean } = {}) {
  return createStore<Store>()(
    persist(
      (...a) => ({
        ...createCollectionsSlice(...a),
        ...createCommandSlice(...a),
        ...createRunSlice(...a),
        ...createUiSlice(...a),
      }),
      {
        name: PERSIST_KEY,
        version: PERSIST_VERSION,
        storage: createJSONStorage(() => storage),
        partialize,
        skipHydration: options.persistent === false,
      },
    ),
  );
}

export type PlaygroundStore = ReturnType<typeof createPlaygroundStore>;

export const store: PlaygroundStore = createPlaygroundStore();

/** Components select single fields (or use `useShallow` for derived arrays). */
export function usePlayground<T>(selector: (s: Store) => T): T {
  return useStore(store, selector);
}

/** True when autosave has something for this page (a returning visitor). */
export function hasPersistedState(): boolean {
  return storage.getItem(PERSIST_KEY) !== null;
}
