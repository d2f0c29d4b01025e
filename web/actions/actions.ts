/**
 * User commands as action objects, shared by the toolbar, the keyboard and the tests
 * (`window.__playground.actions`). Each names itself, says when it applies and what key runs it.
 */
import { store } from '../state/store.js';
import type { Store } from '../state/types.js';
import { redo, resetCollection, undo } from '../engine/collection-actions.js';
import { run } from '../engine/preview.js';
import { resetKeepingPrevious } from '../engine/saved-work.js';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export interface Action {
  readonly name: ActionName;
  readonly label: string;
  /** Shown in tooltips, e.g. "Ctrl+Enter". */
  readonly shortcut?: string;
  readonly keyTest?: (e: KeyLike) => boolean;
  readonly enabled: (s: Store) => boolean;
  readonly perform: () => Promise<unknown>;
}

export type ActionName = 'run' | 'undo' | 'redo' | 'resetCollection' | 'resetEverything' | 'openExamples' | 'openShare';

const mod = (e: KeyLike): boolean => e.ctrlKey || e.metaKey;
/** Not while starting, and not while a refused restore waits for the user's choice. */
const editable = (s: Store): boolean => !s.readOnly && s.status !== 'starting' && s.restoreFailure === null;

export const ACTIONS: Readonly<Record<ActionName, Action>> = {
  run: {
    name: 'run',
    label: 'Run',
    shortcut: 'Ctrl+Enter',
    keyTest: (e) => mod(e) && e.key === 'Enter',
    enabled: (s) => editable(s) && s.status !== 'running' && s.command.trim() !== '',
    perform: () => run(),
  },
  undo: {
    name: 'undo',
    label: 'Undo',
    shortcut: 'Ctrl+Alt+Z',
    keyTest: (e) => mod(e) && e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z',
    enabled: (s) => editable(s) && s.past.length > 0,
    perform: () => undo(),
  },
  redo: {
    name: 'redo',
    label: 'Redo',
    shortcut: 'Ctrl+Alt+Shift+Z',
    keyTest: (e) => mod(e) && e.altKey && e.shiftKey && e.key.toLowerCase() === 'z',
    enabled: (s) => editable(s) && s.future.length > 0,
    perform: () => redo(),
  },
  resetCollection: {
    name: 'resetCollection',
    label: 'Reset collection',
    enabled: (s) => editable(s) && s.selected !== null,
    perform: async () => {
      const name = store.getState().selected;
      if (name !== null) await resetCollection(name);
    },
  },
  resetEverything: {
    name: 'resetEverything',
    label: 'Reset everything',
    enabled: (s) => !s.readOnly,
    perform: () => resetKeepingPrevious(),
  },
  openExamples: {
    name: 'openExamples',
    label: 'Examples',
    enabled: (s) => !s.readOnly,
    perform: async () => store.getState().openDialog('examples'),
  },
  openShare: {
    name: 'openShare',
    label: 'Share',
    enabled: () => true,
    perform: async () => store.getState().openDialog('share'),
  },
};

/** Runs the first enabled action whose key test matches; true if one ran. */
export function performKey(e: KeyLike): boolean {
  const s = store.getState();
  for (const action of Object.values(ACTIONS)) {
    if (action.keyTest?.(e) === true && action.enabled(s)) {
      void action.perform();
      return true;
    }
  }
  return false;
}

export function perform(name: ActionName): Promise<unknown> {
  const action = ACTIONS[name];
  return action.enabled(store.getState()) ? action.perform() : Promise.resolve(undefined);
}
