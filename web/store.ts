/**
 * The page's state: one vanilla zustand store (usable without React, e.g. from tests), read by
 * components through narrow selectors with `usePlayground`.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { ExampleCollection } from './examples.js';

export type EngineStatus = 'starting' | 'ready' | 'error';

export interface PlaygroundState {
  readonly status: EngineStatus;
  /** Human-readable error of the last failed step, shown instead of the documents. */
  readonly error: string | null;
  readonly database: string;
  readonly collections: readonly ExampleCollection[];
  readonly selected: string | null;
  /** The selected collection's documents, each as relaxed Extended JSON text. */
  readonly documents: readonly string[];
}

export const initialState: PlaygroundState = {
  status: 'starting',
  error: null,
  database: 'test',
  collections: [],
  selected: null,
  documents: [],
};

export const playgroundStore = createStore<PlaygroundState>()(() => initialState);

export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  return useStore(playgroundStore, selector);
}
