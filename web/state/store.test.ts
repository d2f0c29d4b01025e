import { describe, expect, it } from 'vitest';
import { createPlaygroundStore } from './store.js';

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
});
