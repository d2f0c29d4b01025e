/**
 * $pop (pop_node_test.cpp): `1` removes the last element, `-1` the first, and the whole array is
 * logged; a missing path, a missing array index and an empty array are no-ops; a scalar in the
 * way (28), a non-array (14) and an argument other than 1/-1 (9) are refused.
 */
import { describe, expect, it } from 'vitest';
import { DURING_UPDATE, nodeError, runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  {
    from: 'NoopWhenFirstPathComponentDoesNotExist',
    doc: '{"b": [1, 2, 3]}',
    update: '{"$pop": {"a.b": 1}}',
    result: '{"b": [1, 2, 3]}',
    noop: true,
  },
  {
    from: 'NoopWhenPathPartiallyExists',
    doc: '{"a": {}}',
    update: '{"$pop": {"a.b.c": 1}}',
    result: '{"a": {}}',
    noop: true,
  },
  {
    from: 'NoopWhenNumericalPathComponentExceedsArrayLength',
    doc: '{"a": []}',
    update: '{"$pop": {"a.0": 1}}',
    result: '{"a": []}',
    noop: true,
  },
  {
    from: 'NoopWhenPathContainsAnEmptyArray',
    doc: '{"a": {"b": []}}',
    update: '{"$pop": {"a.b": 1}}',
    result: '{"a": {"b": []}}',
    noop: true,
  },
  {
    from: 'PopsSingleElementFromTheBack, InitSucceedsPositiveOne',
    doc: '{"a": {"b": [1]}}',
    update: '{"$pop": {"a.b": 1}}',
    result: '{"a": {"b": []}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": []}}}}',
    paths: ['a.b'],
  },
  {
    from: 'PopsSingleElementFromTheFront, InitSucceedsNegativeOne',
    doc: '{"a": {"b": [[1]]}}',
    update: '{"$pop": {"a.b": -1}}',
    result: '{"a": {"b": []}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": []}}}}',
    paths: ['a.b'],
  },
  {
    from: 'PopsFromTheBackOfMultiElementArray, SucceedsWithNullUpdateIndexData, SucceedsWithNullLogBuilder',
    doc: '{"a": {"b": [1, 2, 3]}}',
    update: '{"$pop": {"a.b": 1}}',
    result: '{"a": {"b": [1, 2]}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": [1, 2]}}}}',
    paths: ['a.b'],
  },
  {
    from: 'PopsFromTheFrontOfMultiElementArray, PopsFromTheFrontOfMultiElementArrayWithoutAffectingIndexes',
    doc: '{"a": {"b": [1, 2, 3]}}',
    update: '{"$pop": {"a.b": -1}}',
    result: '{"a": {"b": [2, 3]}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": [2, 3]}}}}',
    paths: ['a.b'],
  },
  {
    // The immutable-path no-op, on `_id`: an empty array below `_id` is left alone.
    from: 'NoopOnImmutablePathSucceeds',
    doc: '{"_id": {"b": []}}',
    update: '{"$pop": {"_id.b": 1}}',
    result: '{"_id": {"b": []}}',
    noop: true,
  },
];

describe('$pop removes the first or last element (pop_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});

describe('$pop refuses what it cannot pop (pop_node_test.cpp)', () => {
  it.each([
    // InitFailsOnePointOne, InitFailsZero, InitFailsString, InitFailsNestedObject, InitFailsNestedArray, InitFailsBool
    ['{"$pop": {"a": 1.1}}', '9: Expected an integer: a: 1.1'],
    ['{"$pop": {"a": 0}}', '9: $pop expects 1 or -1, found: 0'],
    ['{"$pop": {"a": "foo"}}', '9: Expected a number in: a: "foo"'],
    ['{"$pop": {"a": {"b": 1}}}', '9: Expected a number in: a: { b: 1 }'],
    ['{"$pop": {"a": [{"b": 1}]}}', '9: Expected a number in: a: [ { b: 1 } ]'],
    ['{"$pop": {"a": true}}', '9: Expected a number in: a: true'],
  ])('%s', (update, error) => {
    expect(nodeError({ doc: '{"a": [1]}', update })).toBe(error);
  });

  it.each([
    // ThrowsWhenPathIsBlockedByAScalar
    [
      '{"a": "foo"}',
      '{"$pop": {"a.b": 1}}',
      `28: ${DURING_UPDATE}Cannot use the part (b) of (a.b) to traverse the element ({a: "foo"})`,
    ],
    // ThrowsWhenPathExistsButDoesNotContainAnArray
    [
      '{"a": {"b": "foo"}}',
      '{"$pop": {"a.b": 1}}',
      `14: ${DURING_UPDATE}Path 'a.b' contains an element of non-array type 'string'`,
    ],
    // ThrowsWhenPathIsSuffixOfImmutable, on `_id` (ThrowsWhenPathIsImmutable and
    // ThrowsWhenPathIsPrefixOfImmutable need an array at or above the immutable path: `_id` cannot be one)
    [
      '{"_id": {"b": [0]}}',
      '{"$pop": {"_id.b": 1}}',
      `66: ${DURING_UPDATE}Performing an update on the path '_id.b' would modify the immutable field '_id'`,
    ],
  ])('%s with %s', (doc, update, error) => {
    expect(nodeError({ doc, update })).toBe(error);
  });
});
