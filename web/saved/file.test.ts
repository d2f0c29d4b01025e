import { describe, expect, it } from 'vitest';
import { validateShareState } from '../share/state.js';
import { workspaceFileText } from './file.js';

describe('workspace file', () => {
  it('is a share state holding the documents verbatim, including ones the engine refused', () => {
    const docs = ['{"_id": {"$numberInt": "1"}}', '{"_id": {"$numberInt": "1"}, "a": "x\\u2028y"}'];
    const text = workspaceFileText({
      database: 'school',
      deployment: { topology: 'replicaset', setup: { members: [{ state: 'up' }] } },
      collections: [{ name: 'c"\n', docs, indexes: '[{"key": {"a": 1}, "name": "a_1"}]' }, { name: 'empty', docs: [] }],
      baseline: [],
      command: 'db.c.find()',
      selected: null,
      scenarioId: null,
      scenarioInfo: null,
    });
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(validateShareState(parsed)).toMatchObject({ database: 'school', command: 'db.c.find()', deployment: 'replicaset' });
    expect(parsed['collections']).toEqual([
      { name: 'c"\n', indexes: [{ key: { a: 1 }, name: 'a_1' }], documents: docs.map((d) => JSON.parse(d) as unknown) },
      { name: 'empty', documents: [] },
    ]);
  });
});
