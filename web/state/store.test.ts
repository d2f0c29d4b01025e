import { describe, expect, it } from 'vitest';
import { createPlaygroundStore } from './store.js';
import type { ShownRun } from './types.js';

describe('playground store', () => {
  it('records an undo step per labelled change and clears redo', () => {
    const store = createPlaygroundStore({ persistent: false });
    const a = [{ name: 'c', docs: ['{"_id": 1}'] }];
    const b = [{ name: 'c', docs: ['{"_id": 1}', '{"_id": 2}'] }];
    store.getState().commitCollections(a, null);
    store.getState().commitCollections(b, 'add document');
    expect(store.getState().past).toEqual([{ label: 'add document', collections: a }]);
    expect(store.getState().selected).toBe('c');
    expect(store.getState().future).toEqual([]);
  });

  it('marks the first run shown after empty panes as appeared (no entrance), later ones not', () => {
    const store = createPlaygroundStore({ persistent: false });
    const run = (script: string): ShownRun => ({ kind: 'preview', script, run: {} as ShownRun['run'] });
    expect(store.getState().appeared).toBe(false);
    store.getState().showRun(run('a'));
    expect(store.getState().appeared).toBe(true);
    store.getState().showRun(run('b'));
    expect(store.getState().appeared).toBe(false);
    store.getState().showRun(null);
    expect(store.getState().appeared).toBe(false);
    store.getState().showRun(run('c'));
    expect(store.getState().appeared).toBe(true);
  });
});
