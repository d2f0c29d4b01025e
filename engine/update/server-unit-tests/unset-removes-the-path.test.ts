/**
 * $unset removes a field, or sets an array element to null; a missing path is a no-op
 * (unset_node_test.cpp), through the update command on a replica set.
 */
import { describe, expect, it } from 'vitest';
import { canon, DURING_UPDATE, applyNode, nodeError, runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  { from: 'UnsetNoOp', doc: '{"b": 5}', update: '{"$unset": {"a": 1}}', result: '{"b": 5}', noop: true },
  { from: 'UnsetNoOpDottedPath', doc: '{"a": 5}', update: '{"$unset": {"a.b": 1}}', result: '{"a": 5}', noop: true },
  {
    from: 'UnsetNoOpThroughArray',
    doc: '{"a": [{"b": 1}]}',
    update: '{"$unset": {"a.b": 1}}',
    result: '{"a": [{"b": 1}]}',
    noop: true,
  },
  { from: 'UnsetNoOpEmptyDoc', doc: '{}', update: '{"$unset": {"a": 1}}', result: '{}', noop: true },
  {
    from: 'UnsetTopLevelPath, ApplyNoIndexDataNoLogBuilder, ApplyDoesNotAffectIndexes',
    doc: '{"a": 5}',
    update: '{"$unset": {"a": 1}}',
    result: '{}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}}}',
    paths: ['a'],
  },
  {
    from: 'UnsetNestedPath',
    doc: '{"a": {"b": {"c": 6}}}',
    update: '{"$unset": {"a.b.c": 1}}',
    result: '{"a": {"b": {}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"sb": {"d": {"c": false}}}}}',
    paths: ['a.b.c'],
  },
  {
    from: 'UnsetObject',
    doc: '{"a": {"b": {"c": 6}}}',
    update: '{"$unset": {"a.b": 1}}',
    result: '{"a": {}}',
    oplog: '{"$v": 2, "diff": {"sa": {"d": {"b": false}}}}',
    paths: ['a.b'],
  },
  {
    from: 'UnsetArrayElement',
    doc: '{"a": [1], "b": 1}',
    update: '{"$unset": {"a.0": 1}}',
    result: '{"a": [null], "b": 1}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": null}}}',
    paths: ['a.0'],
  },
  {
    from: 'UnsetPositional',
    doc: '{"a": [0, 1, 2]}',
    update: '{"$unset": {"a.$": 1}}',
    query: '{"a": 1}',
    result: '{"a": [0, null, 2]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": null}}}',
    paths: ['a.1'],
  },
  {
    from: 'UnsetEntireArray',
    doc: '{"a": [0, 1, 2]}',
    update: '{"$unset": {"a": 1}}',
    result: '{}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}}}',
    paths: ['a'],
  },
  {
    from: 'UnsetFromObjectInArray',
    doc: '{"a": [{"b": 1}]}',
    update: '{"$unset": {"a.0.b": 1}}',
    result: '{"a": [{}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"d": {"b": false}}}}}',
    paths: ['a.0.b'],
  },
  {
    from: 'CanUnsetInvalidField',
    doc: '{"b": 1, "a": [{"$b": 1}]}',
    update: '{"$unset": {"a.$.$b": true}}',
    query: '{"a.$b": 1}',
    result: '{"b": 1, "a": [{}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"d": {"$b": false}}}}}',
    paths: ['a.0.$b'],
  },
  {
    from: 'ApplyFieldWithDot',
    doc: '{"a.b": 4, "a": {"b": 2}}',
    update: '{"$unset": {"a.b": 1}}',
    result: '{"a.b": 4, "a": {}}',
    oplog: '{"$v": 2, "diff": {"sa": {"d": {"b": false}}}}',
    paths: ['a.b'],
  },
  {
    // ApplyCannotRemoveRequiredPartOfDBRef expects 10 InvalidDBRef: the C++ unit tests run with
    // the FCV uninitialized. At FCV 8.0, UnsetNode::validateUpdate's sibling check
    // (storageValid with recursionLevel 0) checks no `$`-prefixed names (storage_validation.cpp,
    // `checkFields = !dotsAndDollarsFeatureEnabled || checkTopLevelFields`), so an 8.0 server
    // removes `$id` as it does without storage validation.
    from: 'ApplyCanRemoveRequiredPartOfDBRefIfValidateForStorageIsFalse, ApplyCannotRemoveRequiredPartOfDBRef (as 8.0)',
    doc: '{"a": {"$ref": "c", "$id": 0}}',
    update: '{"$unset": {"a.$id": true}}',
    result: '{"a": {"$ref": "c"}}',
    oplog: '{"$v": 2, "diff": {"sa": {"d": {"$id": false}}}}',
    paths: ['a.$id'],
  },
];

describe('$unset removes fields and nulls array elements (unset_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });

  it('UnsetTopLevelPath, ApplyDoesNotAffectIndexes: the index on the field drops to null, another keeps its key', () => {
    const out = applyNode({
      doc: '{"a": 5, "b": 1}',
      update: '{"$unset": {"a": 1}}',
      indexes: ['{"a": 1}', '{"b": 1}'],
    });
    expect(out.indexKeys).toEqual([canon('[[null]]'), canon('[[1]]')]);
  });
});

/**
 * The immutable-path cases, with the immutable path renamed to `_id` (the update command's only
 * immutable path). ApplyCannotRemovePrefixOfImmutablePath needs a strict prefix of the immutable
 * path and has no `_id` counterpart.
 */
describe('$unset and the immutable _id (unset_node_test.cpp)', () => {
  it('ApplyCannotRemoveImmutablePath', () => {
    expect(nodeError({ doc: '{"_id": {"b": 1}}', update: '{"$unset": {"_id": true}}' })).toBe(
      `66: ${DURING_UPDATE}Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  });

  it('ApplyCannotRemoveSuffixOfImmutablePath', () => {
    expect(nodeError({ doc: '{"_id": {"c": 1}}', update: '{"$unset": {"_id.c": true}}' })).toBe(
      `66: ${DURING_UPDATE}Performing an update on the path '_id.c' would modify the immutable field '_id'`,
    );
  });

  it('ApplyCanRemoveImmutablePathIfNoop: a missing path below the immutable path is a no-op', () => {
    const { actual, expected } = runRow({
      from: 'ApplyCanRemoveImmutablePathIfNoop',
      doc: '{"_id": {"b": 1}}',
      update: '{"$unset": {"_id.b.c": true}}',
      result: '{"_id": {"b": 1}}',
      noop: true,
    });
    expect(actual).toEqual(expected);
  });
});
