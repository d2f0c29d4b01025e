/**
 * $pullAll (pullall_node_test.cpp): every array element equal to one of the listed values is
 * removed, in any order of the list; nothing removed is a no-op; a missing path or array index is
 * a no-op; equality follows the statement's collation; the whole array is logged.
 */
import { describe, expect, it } from 'vitest';
import { DURING_UPDATE, nodeError, runRow, type NodeRow } from './node-harness.js';

const DOC = '{"a": [1, "a", {"r": 1, "b": 2}]}';

const rows: readonly NodeRow[] = [
  { from: 'TargetNotFound', doc: DOC, update: '{"$pullAll": {"b": [1]}}', result: DOC, noop: true },
  {
    from: 'TargetArrayElementNotFound',
    doc: '{"a": [1, 2]}',
    update: '{"$pullAll": {"a.2": [1]}}',
    result: '{"a": [1, 2]}',
    noop: true,
  },
  {
    from: 'ApplyWithSingleNumber, ApplyNoIndexDataNoLogBuilder',
    doc: DOC,
    update: '{"$pullAll": {"a": [1]}}',
    result: '{"a": ["a", {"r": 1, "b": 2}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": ["a", {"r": 1, "b": 2}]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyWithElementNotPresentInArray',
    doc: DOC,
    update: '{"$pullAll": {"a": ["r"]}}',
    result: DOC,
    noop: true,
  },
  {
    from: 'ApplyWithWithTwoElements',
    doc: DOC,
    update: '{"$pullAll": {"a": [1, "a"]}}',
    result: '{"a": [{"r": 1, "b": 2}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [{"r": 1, "b": 2}]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyWithAllArrayElements',
    doc: DOC,
    update: '{"$pullAll": {"a": [1, "a", {"r": 1, "b": 2}]}}',
    result: '{"a": []}',
    oplog: '{"$v": 2, "diff": {"u": {"a": []}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyWithAllArrayElementsButOutOfOrder',
    doc: DOC,
    update: '{"$pullAll": {"a": [{"r": 1, "b": 2}, 1, "a"]}}',
    result: '{"a": []}',
    oplog: '{"$v": 2, "diff": {"u": {"a": []}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyWithAllArrayElementsAndThenSome',
    doc: DOC,
    update: '{"$pullAll": {"a": [2, 3, 1, "r", {"r": 1, "b": 2}, "a"]}}',
    result: '{"a": []}',
    oplog: '{"$v": 2, "diff": {"u": {"a": []}}}',
    paths: ['a'],
  },
  {
    // A document is equal only with the same fields in the same order.
    from: 'ApplyWithAllArrayElements (a document with its fields in another order is not equal)',
    doc: DOC,
    update: '{"$pullAll": {"a": [{"b": 2, "r": 1}]}}',
    result: DOC,
    noop: true,
  },
  /*
   * The collation cases use a mock collator that lower-cases strings; the update command takes
   * ICU collations, and `en` at strength 2 (case-insensitive) decides the same equalities.
   */
  {
    from: 'ApplyWithCollator, ApplyAfterSetCollator (with the collator)',
    doc: '{"a": ["foo", "bar", "baz"]}',
    update: '{"$pullAll": {"a": ["FOO", "BAR"]}}',
    collation: '{"locale": "en", "strength": 2}',
    result: '{"a": ["baz"]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": ["baz"]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAfterSetCollator (first without a collator)',
    doc: '{"a": ["foo", "bar", "baz"]}',
    update: '{"$pullAll": {"a": ["FOO", "BAR"]}}',
    result: '{"a": ["foo", "bar", "baz"]}',
    noop: true,
  },
];

describe('$pullAll removes every listed value (pullall_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});

describe('$pullAll refuses (pullall_node_test.cpp)', () => {
  it.each([
    // InitWithIntFails, InitWithStringFails, InitWithObjectFails, InitWithBoolFails
    ['{"$pullAll": {"a": 1}}', 'int'],
    ['{"$pullAll": {"a": "test"}}', 'string'],
    ['{"$pullAll": {"a": {}}}', 'object'],
    ['{"$pullAll": {"a": true}}', 'bool'],
  ])('%s', (update, type) => {
    expect(nodeError({ doc: '{"a": [1]}', update })).toBe(
      `2: $pullAll requires an array argument but was given a ${type}`,
    );
  });

  it('ApplyToNonArrayFails', () => {
    expect(nodeError({ doc: '{"a": [1, 2]}', update: '{"$pullAll": {"a.0": [1, 2]}}' })).toBe(
      `2: ${DURING_UPDATE}Cannot apply $pull to a non-array value`,
    );
  });
});
