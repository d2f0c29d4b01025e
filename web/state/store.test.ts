import { describe, expect, it } from 'vitest';
import { createPlaygroundStore, partialize } from './store.js';

describe('playground store', () => {
  it('persists collections, command, theme and layout but never run results', () => {
    const store = createPlaygroundStore({ persistent: false });
    store.getState().setCommand('db.c.find()');
    store.getState().showRun({
      kind: 'committed',
      script: 'x',
      run: { dryRun: false, statements: [], commands: [], oplog: [], elapsedMs: 1 },
    });
    const saved = partialize(store.getState());
    expect(saved.command).toBe('db.c.find()');
    expect(Object.keys(saved)).not.toContain('shown');
    expect(Object.keys(saved)).not.toContain('views');
    expect(Object.keys(saved).sort()).toEqual(
      [
        'baseline',
        'collections',
        'command',
        'database',
        'deployment',
        'inspectTab',
        'introDismissed',
        'scenarioId',
        'scenarioInfo',
        'selected',
        'theme',
      ].sort(),
    );
  });

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
