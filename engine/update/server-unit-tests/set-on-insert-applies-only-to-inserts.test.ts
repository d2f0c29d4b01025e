/** $setOnInsert writes only when the update inserts (an upsert), set_node_test.cpp. */
import { describe, expect, it } from 'vitest';
import { applyNode, canon, expectedOutcome, observed } from './node-harness.js';

describe('$setOnInsert (set_node_test.cpp)', () => {
  it('ApplySetOnInsertIsNoopWhenInsertIsFalse: an update of a stored document is a no-op', () => {
    const out = applyNode({ doc: '{}', update: '{"$setOnInsert": {"a": 2}}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{}', noop: true }));
  });

  it('ApplySetOnInsertIsAppliedWhenInsertIsTrue: an upsert creates the field; the oplog holds an insert', () => {
    const out = applyNode({ doc: '{}', update: '{"$setOnInsert": {"a": 2}}', upsert: true });
    expect(out.doc).toBe(canon('{"a": 2}'));
    expect(out.op).toBe('i');
    expect(out.oplog).toBe(canon('{"_id": 0, "a": 2}'));
    expect(out.modifiedPaths).toEqual(['a']);
  });

  it('ApplySetOnInsertExistingPath: an upsert overwrites a field the query seeded', () => {
    const out = applyNode({ doc: '{"a": 1}', update: '{"$setOnInsert": {"a": 2}}', upsert: true });
    expect(out.doc).toBe(canon('{"a": 2}'));
    expect(out.oplog).toBe(canon('{"_id": 0, "a": 2}'));
    expect(out.modifiedPaths).toEqual(['a']);
  });
});
