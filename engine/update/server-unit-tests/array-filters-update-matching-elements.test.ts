/**
 * `$[<id>]` and `$[]` (update_array_node_test.cpp, `UpdateArrayNode::apply`): the update applies
 * to every element its array filter matches (`$[]`: every element); when several identifiers match
 * one element their children are merged, and two that write the same path are a conflict (40,
 * "Update created a conflict at …", the element's concrete path). Logging: when more than one
 * element changed the whole array is logged; when one element changed, that element's own change
 * (`s<i>` sub-diff, or `u<i>` when the element was replaced); nothing when none changed.
 *
 * Not ported: ArrayElementsMustNotBeDeserialized (a death test of mutable BSON internals);
 * ApplyArrayUpdateFromReplication (oplog application of a modifier-style entry, which 8.0 no
 * longer writes: its not-from-replication twin is ported).
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

interface Row {
  readonly from: string;
  readonly doc: string;
  readonly update: string;
  readonly arrayFilters?: string;
  readonly query?: string;
  readonly result: string;
  /** Absent: a no-op. */
  readonly oplog?: string;
  readonly paths?: readonly string[];
}

const rows: readonly Row[] = [
  {
    from: 'UpdateIsAppliedToAllMatchingElements',
    doc: '{"a": [0, 1, 0]}',
    update: '{"$set": {"a.$[i]": 2}}',
    arrayFilters: '[{"i": 0}]',
    result: '{"a": [2, 1, 2]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [2, 1, 2]}}}',
    paths: ['a.0', 'a.2'],
  },
  {
    from: 'UpdateForEmptyIdentifierIsAppliedToAllArrayElements',
    doc: '{"a": [0, 0, 0]}',
    update: '{"$set": {"a.$[]": 1}}',
    result: '{"a": [1, 1, 1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1, 1, 1]}}}',
    paths: ['a.0', 'a.1', 'a.2'],
  },
  {
    from: 'ApplyMultipleUpdatesToArrayElement',
    doc: '{"a": [{"b": 0, "c": 0, "d": 0}]}',
    update: '{"$set": {"a.$[i].b": 1, "a.$[j].c": 1, "a.$[k].d": 1}}',
    arrayFilters: '[{"i.b": 0}, {"j.c": 0}, {"k.d": 0}]',
    result: '{"a": [{"b": 1, "c": 1, "d": 1}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 1, "c": 1, "d": 1}}}}}',
    paths: ['a.0.b', 'a.0.c', 'a.0.d'],
  },
  {
    from: 'ApplyMultipleUpdatesToArrayElementsUsingMergedChildrenCache',
    doc: '{"a": [{"b": 0, "c": 0}, {"b": 0, "c": 0}]}',
    update: '{"$set": {"a.$[i].b": 1, "a.$[j].c": 1}}',
    arrayFilters: '[{"i.b": 0}, {"j.c": 0}]',
    result: '{"a": [{"b": 1, "c": 1}, {"b": 1, "c": 1}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [{"b": 1, "c": 1}, {"b": 1, "c": 1}]}}}',
    paths: ['a.0.b', 'a.0.c', 'a.1.b', 'a.1.c'],
  },
  {
    from: 'ApplyMultipleUpdatesToArrayElementsWithoutMergedChildrenCache',
    doc: '{"a": [{"b": 0, "c": 0, "d": 1}, {"b": 1, "c": 0, "d": 0}]}',
    update: '{"$set": {"a.$[i].b": 2, "a.$[j].c": 2, "a.$[k].d": 2}}',
    arrayFilters: '[{"i.b": 0}, {"j.c": 0}, {"k.d": 0}]',
    result: '{"a": [{"b": 2, "c": 2, "d": 1}, {"b": 1, "c": 2, "d": 2}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [{"b": 2, "c": 2, "d": 1}, {"b": 1, "c": 2, "d": 2}]}}}',
    paths: ['a.0.b', 'a.0.c', 'a.1.c', 'a.1.d'],
  },
  {
    from: 'ApplyMultipleUpdatesToArrayElementWithEmptyIdentifiers',
    doc: '{"a": [{"b": 0, "c": 0}]}',
    update: '{"$set": {"a.$[].b": 1, "a.$[].c": 1}}',
    result: '{"a": [{"b": 1, "c": 1}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 1, "c": 1}}}}}',
    paths: ['a.0.b', 'a.0.c'],
  },
  {
    from: 'ApplyNestedArrayUpdates',
    doc: '{"a": [{"x": 0, "b": [{"c": 0, "d": 0}]}]}',
    update: '{"$set": {"a.$[i].b.$[j].c": 1, "a.$[k].b.$[l].d": 1}}',
    arrayFilters: '[{"i.x": 0}, {"j.c": 0}, {"k.x": 0}, {"l.d": 0}]',
    result: '{"a": [{"x": 0, "b": [{"c": 1, "d": 1}]}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"sb": {"a": true, "s0": {"u": {"c": 1, "d": 1}}}}}}}',
    paths: ['a.0.b.0.c', 'a.0.b.0.d'],
  },
  {
    from: 'NoArrayElementsMatch',
    doc: '{"a": [2, 2, 2]}',
    update: '{"$set": {"a.$[i]": 1}}',
    arrayFilters: '[{"i": 0}]',
    result: '{"a": [2, 2, 2]}',
  },
  {
    from: 'UpdatesToAllArrayElementsAreNoops',
    doc: '{"a": [1, 1, 1]}',
    update: '{"$set": {"a.$[i]": 1}}',
    arrayFilters: '[{"i": 1}]',
    result: '{"a": [1, 1, 1]}',
  },
  {
    from: 'NoArrayElementAffectsIndexes',
    doc: '{"a": [{"c": 0}, {"c": 0}, {"c": 0}]}',
    update: '{"$set": {"a.$[i].b": 0}}',
    arrayFilters: '[{"i.c": 0}]',
    result: '{"a": [{"c": 0, "b": 0}, {"c": 0, "b": 0}, {"c": 0, "b": 0}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [{"c": 0, "b": 0}, {"c": 0, "b": 0}, {"c": 0, "b": 0}]}}}',
    paths: ['a.0.b', 'a.1.b', 'a.2.b'],
  },
  {
    from: 'WhenOneElementIsMatchedLogElementUpdateDirectly',
    doc: '{"a": [{"c": 1}, {"c": 0}, {"c": 1}]}',
    update: '{"$set": {"a.$[i].b": 0}}',
    arrayFilters: '[{"i.c": 0}]',
    result: '{"a": [{"c": 1}, {"c": 0, "b": 0}, {"c": 1}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s1": {"i": {"b": 0}}}}}',
    paths: ['a.1.b'],
  },
  {
    // Two elements matched but only one changed: the changed element is logged whole (u1).
    from: 'WhenOneElementIsModifiedLogElement',
    doc: '{"a": [{"c": 0, "b": 0}, {"c": 0}, {"c": 1}]}',
    update: '{"$set": {"a.$[i].b": 0}}',
    arrayFilters: '[{"i.c": 0}]',
    result: '{"a": [{"c": 0, "b": 0}, {"c": 0, "b": 0}, {"c": 1}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": {"c": 0, "b": 0}}}}',
  },
  { from: 'ArrayUpdateOnEmptyArrayIsANoop', doc: '{"a": []}', update: '{"$set": {"a.$[]": 0}}', result: '{"a": []}' },
  {
    // The C++ sets the matched field "1" by hand; here the query on another array supplies it.
    from: 'ApplyPositionalInsideArrayUpdate',
    doc: '{"a": [{"b": [0, 0], "c": 0}], "m": [5, 6]}',
    query: '{"m": 6}',
    update: '{"$set": {"a.$[i].b.$": 1}}',
    arrayFilters: '[{"i.c": 0}]',
    result: '{"a": [{"b": [0, 1], "c": 0}], "m": [5, 6]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"sb": {"a": true, "u1": 1}}}}}',
    paths: ['a.0.b.1'],
  },
  {
    from: 'ApplyArrayUpdateWithoutLogBuilderOrIndexData',
    doc: '{"a": [0]}',
    update: '{"$set": {"a.$[i]": 1}}',
    arrayFilters: '[{"i": 0}]',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": 1}}}',
    paths: ['a.0'],
  },
];

describe('array filters applied through the update command', () => {
  for (const r of rows) {
    it(r.from, () => {
      const out = applyNode({
        doc: r.doc,
        update: r.update,
        ...(r.arrayFilters === undefined ? {} : { arrayFilters: r.arrayFilters }),
        ...(r.query === undefined ? {} : { query: r.query }),
      });
      expect(out.doc).toBe(canon(r.result));
      expect(out.nModified).toBe(r.oplog === undefined ? 0 : 1);
      expect(out.oplog).toBe(r.oplog === undefined ? null : canon(r.oplog));
      if (r.paths !== undefined) expect(out.modifiedPaths).toEqual(r.paths);
    });
  }
});

describe('array updates refused while applying', () => {
  const errors: readonly { from: string; doc: string; update: string; arrayFilters?: string; error: string }[] = [
    {
      from: 'ApplyCreatePathFails',
      doc: '{"a": {}}',
      update: '{"$set": {"a.b.$[i]": 0}}',
      arrayFilters: '[{"i": 0}]',
      error: `2: ${PREFIX}The path 'a.b' must exist in the document in order to apply array updates.`,
    },
    {
      from: 'ApplyToNonArrayFails',
      doc: '{"a": {}}',
      update: '{"$set": {"a.$[i]": 0}}',
      arrayFilters: '[{"i": 0}]',
      error: `2: ${PREFIX}Cannot apply array updates to non-array element a: {}`,
    },
    {
      from: 'ApplyUpdatesWithMergeConflictToArrayElementFails',
      doc: '{"a": [0]}',
      update: '{"$set": {"a.$[i]": 1, "a.$[j]": 1}}',
      arrayFilters: '[{"i": 0}, {"j": 0}]',
      error: `40: ${PREFIX}Update created a conflict at 'a.0'`,
    },
    {
      from: 'ApplyUpdatesWithEmptyIdentifiersWithMergeConflictToArrayElementFails',
      doc: '{"a": [{"b": [0]}]}',
      update: '{"$set": {"a.$[].b.$[i]": 1, "a.$[].b.$[j]": 1}}',
      arrayFilters: '[{"i": 0}, {"j": 0}]',
      error: `40: ${PREFIX}Update created a conflict at 'a.0.b.0'`,
    },
    {
      from: 'ApplyNestedArrayUpdatesWithMergeConflictFails',
      doc: '{"a": [{"b": [0], "c": 0}]}',
      update: '{"$set": {"a.$[i].b.$[j]": 1, "a.$[k].b.$[l]": 1}}',
      arrayFilters: '[{"i.c": 0}, {"j": 0}, {"k.c": 0}, {"l": 0}]',
      error: `40: ${PREFIX}Update created a conflict at 'a.0.b.0'`,
    },
    {
      from: 'MergeConflictThroughArrayNodesFails ($[i] and $[] both reach a.0.b)',
      doc: '{"a": [{"b": 1}]}',
      update: '{"$set": {"a.$[i].b": 5, "a.$[].b": 6}}',
      arrayFilters: '[{"i.b": 1}]',
      error: `40: ${PREFIX}Update created a conflict at 'a.0.b'`,
    },
    {
      from: 'LeftPrefixMergeFails (a.$[i].b and a.$[j].b.c on one element)',
      doc: '{"a": [{"b": 1}]}',
      update: '{"$set": {"a.$[i].b": 5, "a.$[j].b.c": 6}}',
      arrayFilters: '[{"i.b": 1}, {"j.b": 1}]',
      error: `40: ${PREFIX}Update created a conflict at 'a.0.b'`,
    },
    {
      from: 'ApplyArrayUpdateNotFromReplication',
      doc: '{"a": [0]}',
      update: '{"$set": {"a.$[i].b": 1}}',
      arrayFilters: '[{"i": 0}]',
      error: `28: ${PREFIX}Cannot create field 'b' in element {0: 0}`,
    },
  ];
  for (const e of errors) {
    it(e.from, () => {
      expect(
        nodeError({
          doc: e.doc,
          update: e.update,
          ...(e.arrayFilters === undefined ? {} : { arrayFilters: e.arrayFilters }),
        }),
      ).toBe(e.error);
    });
  }
});
