/**
 * $rename (rename_node_test.cpp): a $set of the destination plus an $unset of the source, logged
 * as one diff; a missing source is a no-op; sources and destinations through arrays, dynamic
 * paths and overlapping paths are refused, through the update command on a replica set.
 */
import { describe, expect, it } from 'vitest';
import { DURING_UPDATE, nodeError, runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  {
    from: 'SimpleNumberAtRoot, RenameWithoutLogBuilderOrIndexData',
    doc: '{"a": 2}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 2}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "i": {"b": 2}}}',
    paths: ['a', 'b'],
  },
  {
    from: 'ToExistsAtSameLevel',
    doc: '{"a": 2, "b": 1}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 2}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "u": {"b": 2}}}',
    paths: ['a', 'b'],
  },
  {
    // The destination already holds the value: only the source's removal changes the document.
    from: 'ToAndFromHaveSameValue',
    doc: '{"a": 2, "b": 2}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 2}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "u": {"b": 2}}}',
    paths: ['a', 'b'],
  },
  {
    from: 'RenameToFieldWithSameValueButDifferentType',
    doc: '{"a": 1, "b": {"$numberLong": "1"}}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 1}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "u": {"b": 1}}}',
    paths: ['a', 'b'],
  },
  {
    from: 'FromDottedElement',
    doc: '{"a": {"c": {"d": 6}}, "b": 1}',
    update: '{"$rename": {"a.c": "b"}}',
    result: '{"a": {}, "b": {"d": 6}}',
    oplog: '{"$v": 2, "diff": {"u": {"b": {"d": 6}}, "sa": {"d": {"c": false}}}}',
    paths: ['a.c', 'b'],
  },
  {
    from: 'RenameToExistingNestedFieldDoesNotReorderFields',
    doc: '{"a": {"b": {"c": 1, "d": 2}}, "b": 3, "c": {"d": 4}}',
    update: '{"$rename": {"c.d": "a.b.c"}}',
    result: '{"a": {"b": {"c": 4, "d": 2}}, "b": 3, "c": {}}',
    oplog: '{"$v": 2, "diff": {"sa": {"sb": {"u": {"c": 4}}}, "sc": {"d": {"d": false}}}}',
    paths: ['a.b.c', 'c.d'],
  },
  {
    from: 'MissingCompleteTo',
    doc: '{"a": 2, "b": 1, "c": {}}',
    update: '{"$rename": {"a": "c.r.d"}}',
    result: '{"b": 1, "c": {"r": {"d": 2}}}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "sc": {"i": {"r": {"d": 2}}}}}',
    paths: ['a', 'c.r.d'],
  },
  {
    from: 'ToIsCompletelyMissing',
    doc: '{"a": 2}',
    update: '{"$rename": {"a": "b.c.d"}}',
    result: '{"b": {"c": {"d": 2}}}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "i": {"b": {"c": {"d": 2}}}}}',
    paths: ['a', 'b.c.d'],
  },
  {
    from: 'ToMissingDottedField',
    doc: '{"a": [{"a": 2, "b": 1}]}',
    update: '{"$rename": {"a": "b.c.d"}}',
    result: '{"b": {"c": {"d": [{"a": 2, "b": 1}]}}}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "i": {"b": {"c": {"d": [{"a": 2, "b": 1}]}}}}}',
    paths: ['a', 'b.c.d'],
  },
  {
    from: 'ReplaceArrayField',
    doc: '{"a": 2, "b": []}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 2}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "u": {"b": 2}}}',
    paths: ['a', 'b'],
  },
  {
    from: 'ReplaceWithArrayField',
    doc: '{"a": [], "b": 2}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": []}',
    oplog: '{"$v": 2, "diff": {"d": {"a": false}, "u": {"b": []}}}',
    paths: ['a', 'b'],
  },
  {
    // CanRenameFromInvalidFieldName renames a top-level `$a`; a stored document cannot hold a
    // top-level `$`-prefixed field (insert refuses it), so the rule runs one level down.
    from: 'CanRenameFromInvalidFieldName (a nested $-prefixed source)',
    doc: '{"x": {"$a": 2}}',
    update: '{"$rename": {"x.$a": "x.a"}}',
    result: '{"x": {"a": 2}}',
    oplog: '{"$v": 2, "diff": {"sx": {"d": {"$a": false}, "i": {"a": 2}}}}',
    paths: ['x.$a', 'x.a'],
  },
  {
    from: 'RenameFromNonExistentPathIsNoOp',
    doc: '{"b": 2}',
    update: '{"$rename": {"a": "b"}}',
    result: '{"b": 2}',
    noop: true,
  },
  {
    // ApplyCannotRemoveRequiredPartOfDBRef expects 10 InvalidDBRef: the FCV-uninitialized branch of
    // storage validation. At FCV 8.0 the sibling check takes no `$`-prefixed name (as for $unset),
    // so an 8.0 server moves `$id` out as it does without storage validation.
    from: 'ApplyCanRemoveRequiredPartOfDBRefIfValidateForStorageIsFalse, ApplyCannotRemoveRequiredPartOfDBRef (as 8.0)',
    doc: '{"a": {"$ref": "c", "$id": 0}}',
    update: '{"$rename": {"a.$id": "b"}}',
    result: '{"a": {"$ref": "c"}, "b": 0}',
    oplog: '{"$v": 2, "diff": {"i": {"b": 0}, "sa": {"d": {"$id": false}}}}',
    paths: ['a.$id', 'b'],
  },
  {
    // The immutable-path no-op, on `_id`: a missing source below `_id` changes nothing.
    from: 'ApplyCanRemoveImmutablePathIfNoop',
    doc: '{"_id": {"b": {}}}',
    update: '{"$rename": {"_id.b.c": "d"}}',
    result: '{"_id": {"b": {}}}',
    noop: true,
  },
];

describe('$rename moves a field (rename_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});

describe('$rename refuses paths it cannot move (rename_node_test.cpp)', () => {
  it.each([
    // PositionalNotAllowedInFromField, PositionalNotAllowedInToField
    ['{"a": 1}', '{"$rename": {"a.$": "b"}}', '2: The source field for $rename may not be dynamic: a.$'],
    ['{"a": 1}', '{"$rename": {"a": "b.$"}}', '2: The destination field for $rename may not be dynamic: b.$'],
    // MoveUpNotAllowed, MoveDownNotAllowed, MoveToSelfNotAllowed
    [
      '{"b": {"a": 1}}',
      '{"$rename": {"b.a": "b"}}',
      '2: The source and target field for $rename must not be on the same path: b.a: "b"',
    ],
    [
      '{"b": {"a": 1}}',
      '{"$rename": {"b": "b.a"}}',
      '2: The source and target field for $rename must not be on the same path: b: "b.a"',
    ],
    [
      '{"b": {"a": 1}}',
      '{"$rename": {"b.a": "b.a"}}',
      '2: The source and target field for $rename must differ: b.a: "b.a"',
    ],
    // MoveIntoArray, MoveToArrayElement, MoveOutOfArray, MoveEmbeddedFieldOutWithElementNumber
    [
      '{"_id": "test_object", "a": [1, 2], "b": 2}',
      '{"$rename": {"b": "a.2"}}',
      `2: ${DURING_UPDATE}The destination field cannot be an array element, 'a.2' in doc with _id: "test_object" has an array field called 'a'`,
    ],
    [
      '{"_id": "test_object", "a": [1, 2], "b": 2}',
      '{"$rename": {"b": "a.1"}}',
      `2: ${DURING_UPDATE}The destination field cannot be an array element, 'a.1' in doc with _id: "test_object" has an array field called 'a'`,
    ],
    [
      '{"_id": "test_object", "a": [1, 2]}',
      '{"$rename": {"a.0": "b"}}',
      `2: ${DURING_UPDATE}The source field cannot be an array element, 'a.0' in doc with _id: "test_object" has an array field called 'a'`,
    ],
    [
      '{"_id": "test_object", "a": [{"a": 1}, {"b": 2}]}',
      '{"$rename": {"a.0.a": "b"}}',
      `2: ${DURING_UPDATE}The source field cannot be an array element, 'a.0.a' in doc with _id: "test_object" has an array field called 'a'`,
    ],
    // MoveNonexistentEmbeddedFieldOut
    [
      '{"a": [{"a": 1}, {"b": 2}]}',
      '{"$rename": {"a.a": "b"}}',
      `28: ${DURING_UPDATE}cannot use the part (a of a.a) to traverse the element ({a: [ { a: 1 }, { b: 2 } ]})`,
    ],
    // ApplyCannotCreateDollarPrefixedField, as 8.0 words a top-level refusal (see set-refuses-paths-it-cannot-store)
    [
      '{"a": 0}',
      '{"$rename": {"a": "$bad"}}',
      `52: ${DURING_UPDATE}The dollar ($) prefixed field '$bad' in '$bad' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
    ],
    // The immutable-path cases on `_id`: ApplyCannotRemoveImmutablePath, ApplyCannotRemoveSuffixOfImmutablePath,
    // ApplyCannotOverwriteImmutablePath (ApplyCannotRemovePrefixOfImmutablePath has no `_id` counterpart)
    [
      '{"_id": {"b": 1}}',
      '{"$rename": {"_id": "c"}}',
      `66: ${DURING_UPDATE}Performing an update on the path '_id' would modify the immutable field '_id'`,
    ],
    [
      '{"_id": {"c": 1}}',
      '{"$rename": {"_id.c": "d"}}',
      `66: ${DURING_UPDATE}Performing an update on the path '_id.c' would modify the immutable field '_id'`,
    ],
    [
      '{"_id": 1, "a": 0}',
      '{"$rename": {"a": "_id"}}',
      `66: ${DURING_UPDATE}Performing an update on the path '_id' would modify the immutable field '_id'`,
    ],
  ])('%s with %s', (doc, update, error) => {
    expect(nodeError({ doc, update })).toBe(error);
  });

  it.each([
    // ArrayFilterNotAllowedInFromField, ArrayFilterNotAllowedInToField
    ['{"$rename": {"a.$[i]": "b"}}', '2: The source field for $rename may not be dynamic: a.$[i]'],
    ['{"$rename": {"a": "b.$[i]"}}', '2: The destination field for $rename may not be dynamic: b.$[i]'],
  ])('%s (with an arrayFilter for i)', (update, error) => {
    expect(nodeError({ doc: '{"a": [1]}', update, arrayFilters: '[{"i": 1}]' })).toBe(error);
  });
});
