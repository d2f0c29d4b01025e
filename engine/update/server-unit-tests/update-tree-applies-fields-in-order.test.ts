/**
 * Applying the update tree (update_object_node_test.cpp, `UpdateObjectNode::apply`): an object
 * node applies its children in field-name order, whatever the update's order or collation, so new
 * fields are appended in that order and existing ones are updated in place; the positional `$`
 * child is merged with the explicit child of the matched index (a conflict there is 40, "Update
 * created a conflict at …"); a numeric path component with a leading zero finds the array element;
 * padding an array creates nulls. Each case asserts the document, the no-op decision, the `$v: 2`
 * oplog entry and the modified paths.
 *
 * Cases whose positional `$` is applied to a document without that array (the C++ sets the
 * matched field by hand, `setMatchedField`) cannot come from a query: they run on the engine's
 * update executor with the matched index given, as the C++ does. ApplyBlockingElementFromReplication
 * (oplog application of a modifier-style entry, which 8.0 no longer writes) is not ported.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';
import { applyError, applyTo } from '../test-support.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

interface Row {
  readonly from: string;
  readonly doc: string;
  readonly update: string;
  readonly query?: string;
  readonly collation?: string;
  readonly result: string;
  /** Absent: a no-op (nothing logged, nModified 0). */
  readonly oplog?: string;
  readonly paths?: readonly string[];
}

const rows: readonly Row[] = [
  {
    from: 'ApplyCreateField',
    doc: '{"a": 5}',
    update: '{"$set": {"b": 6}}',
    result: '{"a": 5, "b": 6}',
    oplog: '{"$v": 2, "diff": {"i": {"b": 6}}}',
    paths: ['b'],
  },
  {
    from: 'ApplyExistingField',
    doc: '{"a": 5}',
    update: '{"$set": {"a": 6}}',
    result: '{"a": 6}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 6}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyExistingAndNonexistingFields',
    doc: '{"a": 0, "c": 0}',
    update: '{"$set": {"a": 5, "b": 6, "c": 7, "d": 8}}',
    result: '{"a": 5, "c": 7, "b": 6, "d": 8}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 5, "c": 7}, "i": {"b": 6, "d": 8}}}',
    paths: ['a', 'b', 'c', 'd'],
  },
  {
    from: 'ApplyExistingNestedPaths',
    doc: '{"a": {"b": 5, "c": 5}, "b": {"d": 5, "e": 5}}',
    update: '{"$set": {"a.b": 6, "a.c": 7, "b.d": 8, "b.e": 9}}',
    result: '{"a": {"b": 6, "c": 7}, "b": {"d": 8, "e": 9}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 6, "c": 7}}, "sb": {"u": {"d": 8, "e": 9}}}}',
    paths: ['a.b', 'a.c', 'b.d', 'b.e'],
  },
  {
    from: 'ApplyCreateNestedPaths',
    doc: '{"z": 0}',
    update: '{"$set": {"a.b": 6, "a.c": 7, "b.d": 8, "b.e": 9}}',
    result: '{"z": 0, "a": {"b": 6, "c": 7}, "b": {"d": 8, "e": 9}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 6, "c": 7}, "b": {"d": 8, "e": 9}}}}',
    paths: ['a.b', 'a.c', 'b.d', 'b.e'],
  },
  {
    from: 'ApplyCreateDeeplyNestedPaths',
    doc: '{"z": 0}',
    update: '{"$set": {"a.b.c.d": 6, "a.b.c.e": 7, "a.f": 8}}',
    result: '{"z": 0, "a": {"b": {"c": {"d": 6, "e": 7}}, "f": 8}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": {"c": {"d": 6, "e": 7}}, "f": 8}}}}',
    paths: ['a.b.c.d', 'a.b.c.e', 'a.f'],
  },
  {
    from: 'ChildrenShouldBeAppliedInAlphabeticalOrder',
    doc: '{"z": 0, "a": 0}',
    update: '{"$set": {"a": 5, "d": 6, "c": 7, "b": 8, "z": 9}}',
    result: '{"z": 9, "a": 5, "b": 8, "c": 7, "d": 6}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 5, "z": 9}, "i": {"b": 8, "c": 7, "d": 6}}}',
    paths: ['a', 'b', 'c', 'd', 'z'],
  },
  {
    // cmpPathsAndArrayIndexes: two names that start with a digit (and are not zero-padded)
    // compare by length first, so "9" < "10"; "09" is zero-padded and compares as a string.
    from: 'ChildrenShouldBeAppliedInAlphabeticalOrder (names of array indexes: shorter number first)',
    doc: '{}',
    update: '{"$set": {"b": 1, "10": 2, "9": 3, "a": 4, "09": 5}}',
    result: '{"09": 5, "9": 3, "10": 2, "a": 4, "b": 1}',
    oplog: '{"$v": 2, "diff": {"i": {"09": 5, "9": 3, "10": 2, "a": 4, "b": 1}}}',
  },
  {
    // The names are std::strings of UTF-8: bytes, not UTF-16 code units, decide ("\uff61" is
    // EF BD A1, before the F0… of an astral character), and lengths are counted in bytes.
    from: 'ChildrenShouldBeAppliedInAlphabeticalOrder (UTF-8 byte order and byte lengths)',
    doc: '{}',
    update: '{"$set": {"1\u00e9": 1, "123": 2, "12": 3, "\ud83d\ude00": 4, "\uff61": 5}}',
    result: '{"12": 3, "123": 2, "1\u00e9": 1, "\uff61": 5, "\ud83d\ude00": 4}',
    oplog: '{"$v": 2, "diff": {"i": {"12": 3, "123": 2, "1\u00e9": 1, "\uff61": 5, "\ud83d\ude00": 4}}}',
  },
  {
    from: 'CollatorShouldNotAffectUpdateOrder',
    doc: '{}',
    update: '{"$set": {"abc": 5, "cba": 6, "B": 7}}',
    collation: '{"locale": "en"}',
    result: '{"B": 7, "abc": 5, "cba": 6}',
    oplog: '{"$v": 2, "diff": {"i": {"B": 7, "abc": 5, "cba": 6}}}',
  },
  {
    from: 'ApplyNoop',
    doc: '{"a": 5, "b": 6, "c": 7}',
    update: '{"$set": {"a": 5, "b": 6, "c": 7}}',
    result: '{"a": 5, "b": 6, "c": 7}',
  },
  {
    from: 'ApplySomeChildrenNoops',
    doc: '{"a": 5, "b": 0, "c": 7}',
    update: '{"$set": {"a": 5, "b": 6, "c": 7}}',
    result: '{"a": 5, "b": 6, "c": 7}',
    oplog: '{"$v": 2, "diff": {"u": {"b": 6}}}',
  },
  {
    from: 'ApplyMergePositionalChild, ApplyUseStoredMergedPositional',
    doc: '{"a": [{"b": 0, "c": 0}]}',
    query: '{"a.c": 0}',
    update: '{"$set": {"a.0.b": 5, "a.$.c": 6}}',
    result: '{"a": [{"b": 5, "c": 6}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 5, "c": 6}}}}}',
    paths: ['a.0.b', 'a.0.c'],
  },
  {
    from: 'ApplyDoNotUseStoredMergedPositional (match at 0)',
    doc: '{"a": [{"b": 0, "c": 0}, {"c": 0, "d": 0}]}',
    query: '{"a.b": 0}',
    update: '{"$set": {"a.0.b": 5, "a.$.c": 6, "a.1.d": 7}}',
    result: '{"a": [{"b": 5, "c": 6}, {"c": 0, "d": 7}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 5, "c": 6}}, "s1": {"u": {"d": 7}}}}}',
    paths: ['a.0.b', 'a.0.c', 'a.1.d'],
  },
  {
    from: 'ApplyDoNotUseStoredMergedPositional (match at 1)',
    doc: '{"a": [{"b": 0, "c": 0}, {"c": 0, "d": 0}]}',
    query: '{"a.d": 0}',
    update: '{"$set": {"a.0.b": 5, "a.$.c": 6, "a.1.d": 7}}',
    result: '{"a": [{"b": 5, "c": 0}, {"c": 6, "d": 7}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 5}}, "s1": {"u": {"c": 6, "d": 7}}}}}',
    paths: ['a.0.b', 'a.1.c', 'a.1.d'],
  },
  {
    from: 'ApplyToArrayByIndexWithLeadingZero',
    doc: '{"a": [0, 0, 0, 0, 0]}',
    update: '{"$set": {"a.02": 2}}',
    result: '{"a": [0, 0, 2, 0, 0]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": 2}}}',
    paths: ['a.02'],
  },
  {
    from: 'ApplyMultipleArrayUpdates',
    doc: '{"a": []}',
    update: '{"$set": {"a.2": 2, "a.10": 10}}',
    result: '{"a": [null, null, 2, null, null, null, null, null, null, null, 10]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": 2, "u10": 10}}}',
  },
  {
    from: 'ApplyMultipleUpdatesToDocumentInArray',
    doc: '{"a": []}',
    update: '{"$set": {"a.2.b": 1, "a.2.c": 1}}',
    result: '{"a": [null, null, {"b": 1, "c": 1}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": {"b": 1, "c": 1}}}}',
  },
  {
    from: 'SetAndPopModifiersWithCommonPrefixApplySuccessfully',
    doc: '{"a": {"b": 3, "c": [1, 2, 3, 4]}}',
    update: '{"$set": {"a.b": 5}, "$pop": {"a.c": -1}}',
    result: '{"a": {"b": 5, "c": [2, 3, 4]}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 5, "c": [2, 3, 4]}}}}',
    paths: ['a.b', 'a.c'],
  },
];

describe('the update tree applied through the update command', () => {
  for (const r of rows) {
    it(r.from, () => {
      const out = applyNode({
        doc: r.doc,
        update: r.update,
        ...(r.query === undefined ? {} : { query: r.query }),
        ...(r.collation === undefined ? {} : { collation: r.collation }),
      });
      expect(out.doc).toBe(canon(r.result));
      expect(out.nModified).toBe(r.oplog === undefined ? 0 : 1);
      expect(out.oplog).toBe(r.oplog === undefined ? null : canon(r.oplog));
      if (r.paths !== undefined) expect(out.modifiedPaths).toEqual(r.paths);
    });
  }

  it('ApplyBlockingElement', () => {
    expect(nodeError({ doc: '{"a": 0}', update: '{"$set": {"a.b": 5}}' })).toBe(
      `28: ${PREFIX}Cannot create field 'b' in element {a: 0}`,
    );
  });
  it('ApplyUpdateToNonViablePathInArray', () => {
    expect(nodeError({ doc: '{"a": [{"b": 1}, {"b": 2}]}', update: '{"$set": {"a.b": 3}}' })).toBe(
      `28: ${PREFIX}Cannot create field 'b' in element {a: [ { b: 1 }, { b: 2 } ]}`,
    );
  });
  it('ApplyPositionalMissingMatchedField', () => {
    expect(nodeError({ doc: '{}', update: '{"$set": {"a.$": 5}}', query: '{}' })).toBe(
      `2: ${PREFIX}The positional operator did not find the match needed from the query.`,
    );
  });
});

describe('the positional `$` merged with explicit indexes, on a document the query could not match (executor, matched index given)', () => {
  const cases: readonly {
    from: string;
    update: string;
    matched: string;
    result: string;
    oplog: string;
    paths: readonly string[];
  }[] = [
    {
      from: 'ApplyOrderMergedPositionalChild',
      update: '{"$set": {"a.2": 5, "a.1.b": 6, "a.0": 7, "a.$.c": 8}}',
      matched: '1',
      result: '{"a": {"0": 7, "1": {"b": 6, "c": 8}, "2": 5}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"0": 7, "1": {"b": 6, "c": 8}, "2": 5}}}}',
      paths: ['a.0', 'a.1.b', 'a.1.c', 'a.2'],
    },
    {
      from: 'ApplyDoNotMergePositionalChild',
      update: '{"$set": {"a.0": 5, "a.2": 6, "a.$": 7}}',
      matched: '1',
      result: '{"a": {"0": 5, "1": 7, "2": 6}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"0": 5, "1": 7, "2": 6}}}}',
      paths: ['a.0', 'a.1', 'a.2'],
    },
    {
      from: 'ApplyPositionalChildLast',
      update: '{"$set": {"a.$": 5, "a.0": 6, "a.1": 7}}',
      matched: '2',
      result: '{"a": {"0": 6, "1": 7, "2": 5}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"0": 6, "1": 7, "2": 5}}}}',
      paths: ['a.0', 'a.1', 'a.2'],
    },
  ];
  for (const c of cases) {
    it(c.from, () => {
      const r = applyTo(c.update, '{"_id": 0}', { matched: c.matched });
      expect(r.canonical).toBe(canon(`{"_id": 0, ${c.result.slice(1)}`));
      expect(r.noop).toBe(false);
      expect(r.oplog).toBe(c.oplog.replace(/\s/g, ''));
      expect(r.modifiedPaths).toEqual(c.paths);
    });
  }
  it('ApplyMergeConflictWithPositionalChild', () => {
    expect(applyError('{"$set": {"a.0": 5, "a.$": 6}}', '{"_id": 0}', { matched: '0' })).toBe(
      "40: Update created a conflict at 'a.0'",
    );
  });
});
