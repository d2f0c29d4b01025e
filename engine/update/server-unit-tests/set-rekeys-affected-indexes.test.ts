/**
 * Which indexes a $set affects (set_node_test.cpp's `indexesAffected`): an affected index must
 * hold the new document's keys afterwards, including the null key a new array element adds to an
 * index on a sibling field.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, canon } from './node-harness.js';

describe('$set re-keys the indexes it affects (set_node_test.cpp)', () => {
  it('ApplyEmptyPathToCreate, ApplyDoesNotAffectIndexes: an index on the field gets the new key, another keeps its own', () => {
    const out = applyNode({ doc: '{"a": 5, "b": 1}', update: '{"$set": {"a": 6}}', indexes: ['{"a": 1}', '{"b": 1}'] });
    expect(out.indexKeys).toEqual([canon('[[6]]'), canon('[[1]]')]);
  });

  it('ApplySetFieldInNonExistentArrayElementAffectsIndexOnSiblingField: a new element adds a null key to {a.b: 1}', () => {
    const out = applyNode({ doc: '{"a": [{"b": 0}]}', update: '{"$set": {"a.1.c": 2}}', indexes: ['{"a.b": 1}'] });
    expect(out.doc).toBe(canon('{"a": [{"b": 0}, {"c": 2}]}'));
    expect(out.indexKeys).toEqual([canon('[[null], [0]]')]);
  });

  it('ApplySetFieldInExistingArrayElementDoesNotAffectIndexOnSiblingField: {a.b: 1} keeps its one key', () => {
    const out = applyNode({ doc: '{"a": [{"b": 0}]}', update: '{"$set": {"a.0.c": 2}}', indexes: ['{"a.b": 1}'] });
    expect(out.indexKeys).toEqual([canon('[[0]]')]);
  });

  it('ApplySetFieldInNonExistentNumericFieldDoesNotAffectIndexOnSiblingField: a numeric field of a document is no element', () => {
    const out = applyNode({
      doc: '{"a": {"0": {"b": 0}}}',
      update: '{"$set": {"a.1.c": 2}}',
      indexes: ['{"a.b": 1}', '{"a.1.b": 1}'],
    });
    expect(out.doc).toBe(canon('{"a": {"0": {"b": 0}, "1": {"c": 2}}}'));
    expect(out.indexKeys).toEqual([canon('[[null]]'), canon('[[null]]')]);
  });

  it('ApplyNoOp: a no-op leaves the index as it was', () => {
    const out = applyNode({ doc: '{"a": 5}', update: '{"$set": {"a": 5}}', indexes: ['{"a": 1}'] });
    expect(out.nModified).toBe(0);
    expect(out.indexKeys).toEqual([canon('[[5]]')]);
  });
});
