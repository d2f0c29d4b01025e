/**
 * $addToSet (addtoset_node_test.cpp): values (one, or `$each`) not already in the array are
 * appended in order, duplicates among them dropped, existing duplicates kept; nothing to add is a
 * no-op, but creating an empty array is not; equality follows the statement's collation.
 *
 * The oplog: since SERVER-72941 (7.1, so in 8.0) AddToSetNode returns kArrayAppendUpdate and logs
 * each appended element (`u<idx>`), as $push does; a created array is logged whole (`i`). The
 * stored addtoset_node_test.cpp predates that change and expects the whole array as `u`; these
 * tests assert the 8.0 shape.
 */
import { describe, expect, it } from 'vitest';
import { DURING_UPDATE, nodeError, runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  {
    from: 'ApplyNonEach, InitSucceedsWithScaler, ApplyIndexesNotAffected, ApplyNoIndexDataOrLogBuilder',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": 1}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNonEachArray, InitSucceedsWithArray',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": [1]}}',
    result: '{"a": [0, [1]]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": [1]}}}',
    paths: ['a'],
  },
  {
    from: 'InitSucceedsWithObject',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {}}}',
    result: '{"a": [0, {}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": {}}}}',
    paths: ['a'],
  },
  {
    // `$each` counts only as the first field: otherwise the document is the value to add.
    from: 'InitSucceedsWithFailsBeforeEach',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"other": 1, "$each": []}}}',
    result: '{"a": [0, {"other": 1, "$each": []}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": {"other": 1, "$each": []}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyEach',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"$each": [1, 2]}}}',
    result: '{"a": [0, 1, 2]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1, "u2": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyToEmptyArray',
    doc: '{"a": []}',
    update: '{"$addToSet": {"a": {"$each": [1, 2]}}}',
    result: '{"a": [1, 2]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": 1, "u1": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyDeduplicateElementsToAdd',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"$each": [1, 1]}}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyDoNotAddExistingElements',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"$each": [0, 1]}}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyDoNotDeduplicateExistingElements',
    doc: '{"a": [0, 0]}',
    update: '{"$addToSet": {"a": {"$each": [1]}}}',
    result: '{"a": [0, 0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNoElementsToAdd',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"$each": []}}}',
    result: '{"a": [0]}',
    noop: true,
  },
  {
    from: 'ApplyNoNonDuplicateElementsToAdd',
    doc: '{"a": [0]}',
    update: '{"$addToSet": {"a": {"$each": [0]}}}',
    result: '{"a": [0]}',
    noop: true,
  },
  {
    from: 'ApplyCreateArray',
    doc: '{}',
    update: '{"$addToSet": {"a": {"$each": [0, 1]}}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"i": {"a": [0, 1]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyCreateEmptyArrayIsNotNoop',
    doc: '{}',
    update: '{"$addToSet": {"a": {"$each": []}}}',
    result: '{"a": []}',
    oplog: '{"$v": 2, "diff": {"i": {"a": []}}}',
    paths: ['a'],
  },
  /*
   * The collation cases use a mock collator that lower-cases strings; the update command takes
   * ICU collations, and `en` at strength 2 (case-insensitive) decides the same equalities.
   */
  {
    from: 'ApplyDeduplicationOfElementsToAddRespectsCollation, ApplyRespectsCollationFromSetCollator',
    doc: '{"a": []}',
    update: '{"$addToSet": {"a": {"$each": ["abc", "ABC", "def", "abc"]}}}',
    collation: '{"locale": "en", "strength": 2}',
    result: '{"a": ["abc", "def"]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": "abc", "u1": "def"}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyComparisonToExistingElementsRespectsCollation',
    doc: '{"a": ["ABC"]}',
    update: '{"$addToSet": {"a": {"$each": ["abc", "def"]}}}',
    collation: '{"locale": "en", "strength": 2}',
    result: '{"a": ["ABC", "def"]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": "def"}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyDeduplicationOfElementsToAddRespectsCollation (without a collation every spelling is added)',
    doc: '{"a": []}',
    update: '{"$addToSet": {"a": {"$each": ["abc", "ABC", "def", "abc"]}}}',
    result: '{"a": ["abc", "ABC", "def"]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": "abc", "u1": "ABC", "u2": "def"}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNestedArray',
    doc: '{"_id": 1, "a": [1, []]}',
    update: '{"$addToSet": {"a.1": 1}}',
    result: '{"_id": 1, "a": [1, [1]]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s1": {"a": true, "u0": 1}}}}',
    paths: ['a.1'],
  },
];

describe('$addToSet appends only values not already present (addtoset_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});

describe('$addToSet refuses (addtoset_node_test.cpp)', () => {
  it.each([
    // InitFailsIfEachIsNotArray
    [
      '{"a": [0]}',
      '{"$addToSet": {"a": {"$each": {}}}}',
      '14: The argument to $each in $addToSet must be an array but it was of type object',
    ],
    // InitFailsIfThereAreFieldsAfterEach
    [
      '{"a": [0]}',
      '{"$addToSet": {"a": {"$each": [], "bad": 1}}}',
      '2: Found unexpected fields after $each in $addToSet: { $each: [], bad: 1 }',
    ],
    // ApplyFailsOnNonArray
    [
      '{"a": 2}',
      '{"$addToSet": {"a": 1}}',
      `2: ${DURING_UPDATE}Cannot apply $addToSet to non-array field. Field named 'a' has non-array type int`,
    ],
  ])('%s with %s', (doc, update, error) => {
    expect(nodeError({ doc, update })).toBe(error);
  });
});
