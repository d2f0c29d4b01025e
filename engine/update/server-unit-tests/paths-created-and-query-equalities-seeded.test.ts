/**
 * path_support_test.cpp. `findLongestPrefix` + `createPathAt` decide where a `$set` creates its
 * path: through existing documents, into array elements (an index past the end pads with null,
 * at most 1,500,000 nulls: 34), never through a scalar or by a name in an array (28, "Cannot
 * create field …"). `extractEqualityMatches` / `extractFullEqualityMatches` decide what an upsert's
 * query seeds into the new document: every equality (`{a: 1}`, `$eq`, inside `$and`, dotted
 * paths), with 54 when two name the same path or one names a prefix of the other; a replacement
 * upsert takes only the immutable `_id`, which must be given whole (111).
 *
 * Not ported: IdAndOtherImmutable, IdAndNestedImmutable and NonFullImmutable (immutable paths other
 * than `_id` are a sharded collection's shard key); NotStartingFromRoot and the FindParentEquality
 * cases are internal lookups whose results the seeding cases below already show.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError, runNodeCase } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

describe('findLongestPrefix / createPathAt: where $set creates its path', () => {
  const rows: readonly { from: string; doc: string; path: string; value?: string; result: string; oplog: string }[] = [
    { from: 'EmptyDoc.NewField', doc: '{}', path: 'a', result: '{"a": 1}', oplog: '{"i": {"a": 1}}' },
    {
      from: 'SimpleDoc.NotCommonPrefix',
      doc: '{"a": 1}',
      path: 'b',
      result: '{"a": 1, "b": 1}',
      oplog: '{"i": {"b": 1}}',
    },
    { from: 'SimpleDoc.SimplePath', doc: '{"a": 2}', path: 'a', result: '{"a": 1}', oplog: '{"u": {"a": 1}}' },
    {
      from: 'NestedDoc.ExactPath',
      doc: '{"a": {"b": {"c": 2}}}',
      path: 'a.b.c',
      result: '{"a": {"b": {"c": 1}}}',
      oplog: '{"sa": {"sb": {"u": {"c": 1}}}}',
    },
    {
      from: 'NestedDoc.NewFieldNested',
      doc: '{"a": {"b": {"c": 1}}}',
      path: 'a.b.d',
      result: '{"a": {"b": {"c": 1, "d": 1}}}',
      oplog: '{"sa": {"sb": {"i": {"d": 1}}}}',
    },
    {
      from: 'NestedDoc.ShorterPath',
      doc: '{"a": {"b": {"c": 1}}}',
      path: 'a.b',
      result: '{"a": {"b": 1}}',
      oplog: '{"sa": {"u": {"b": 1}}}',
    },
    {
      from: 'ArrayDoc.PathOnEmptyArray',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'a.0',
      result: '{"a": [1], "b": [{"c": 1}]}',
      oplog: '{"sa": {"a": true, "u0": 1}}',
    },
    {
      from: 'ArrayDoc.PathOnPopulatedArray',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.0',
      result: '{"a": [], "b": [1]}',
      oplog: '{"sb": {"a": true, "u0": 1}}',
    },
    {
      from: 'ArrayDoc.MixedArrayAndObjectPath',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.0.c',
      value: '2',
      result: '{"a": [], "b": [{"c": 2}]}',
      oplog: '{"sb": {"a": true, "s0": {"u": {"c": 2}}}}',
    },
    {
      from: 'ArrayDoc.ExtendingExistingObject',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.0.d',
      result: '{"a": [], "b": [{"c": 1, "d": 1}]}',
      oplog: '{"sb": {"a": true, "s0": {"i": {"d": 1}}}}',
    },
    {
      from: 'ArrayDoc.NewObjectInsideArray',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.1.c',
      value: '2',
      result: '{"a": [], "b": [{"c": 1}, {"c": 2}]}',
      oplog: '{"sb": {"a": true, "u1": {"c": 2}}}',
    },
    {
      from: 'ArrayDoc.NewNestedObjectInsideArray',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.1.c.d',
      value: '2',
      result: '{"a": [], "b": [{"c": 1}, {"c": {"d": 2}}]}',
      oplog: '{"sb": {"a": true, "u1": {"c": {"d": 2}}}}',
    },
    {
      from: 'ArrayDoc.ArrayPaddingNecessary',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.5',
      result: '{"a": [], "b": [{"c": 1}, null, null, null, null, 1]}',
      oplog: '{"sb": {"a": true, "u5": 1}}',
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      const out = applyNode({ doc: r.doc, update: `{"$set": {"${r.path}": ${r.value ?? '1'}}}` });
      expect(out.doc).toBe(canon(r.result));
      expect(out.oplog).toBe(canon(`{"$v": 2, "diff": ${r.oplog}}`));
    });
  }

  const refused: readonly { from: string; doc: string; path: string; error: string }[] = [
    {
      from: 'SimpleDoc.LongerPath',
      doc: '{"a": 1}',
      path: 'a.b',
      error: `28: ${PREFIX}Cannot create field 'b' in element {a: 1}`,
    },
    {
      from: 'NestedDoc.LongerPath',
      doc: '{"a": {"b": {"c": 1}}}',
      path: 'a.b.c.d',
      error: `28: ${PREFIX}Cannot create field 'd' in element {c: 1}`,
    },
    {
      from: 'ArrayDoc.NonNumericPathInArray',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.z',
      error: `28: ${PREFIX}Cannot create field 'z' in element {b: [ { c: 1 } ]}`,
    },
    {
      from: 'ArrayDoc.ExcessivePaddingRequested',
      doc: '{"a": [], "b": [{"c": 1}]}',
      path: 'b.1500002',
      error: `34: ${PREFIX}can't backfill more than 1500000 elements`,
    },
    {
      from: 'EmptyDoc.EmptyPath, SimpleDoc.EmptyPath',
      doc: '{"a": 1}',
      path: '',
      error: '56: An empty update path is not valid.',
    },
  ];
  for (const r of refused) {
    it(r.from, () => {
      expect(nodeError({ doc: r.doc, update: `{"$set": {"${r.path}": 1}}` })).toBe(r.error);
    });
  }

  it('ArrayDoc.ExcessivePaddingNotRequestedIfArrayAlreadyPadded: the limit counts nulls added, not the index', () => {
    const out = runNodeCase({ doc: '{"a": [1, 1, 1, 1, 1]}', update: '{"$set": {"a.1500005": 99}}' });
    if ('code' in out) throw new Error(`${out.code}: ${out.errmsg}`);
    expect(out.oplog).toBe(canon('{"$v": 2, "diff": {"sa": {"a": true, "u1500005": 99}}}'));
  });
});

/** The document an upsert inserts for `query` with the update `{$set: {z: 1}}` (or `update`). */
function seeded(query: string, update = '{"$set": {"z": 1}}'): string {
  return applyNode({ doc: '{}', upsert: true, query, update }).doc;
}
const oid = '{"$oid": "000000000000000000000001"}';

describe('extractEqualityMatches: what an upsert query seeds', () => {
  const rows: readonly (readonly [string, string, string])[] = [
    ['Basic', '{"a": 1}', `{"_id": ${oid}, "a": 1, "z": 1}`],
    ['Multiple', '{"a": 1, "b": 2}', `{"_id": ${oid}, "a": 1, "b": 2, "z": 1}`],
    ['EqOperator', '{"a": {"$eq": 1}}', `{"_id": ${oid}, "a": 1, "z": 1}`],
    ['AndOperator', '{"$and": [{"a": {"$eq": 1}}, {"b": 2}]}', `{"_id": ${oid}, "a": 1, "b": 2, "z": 1}`],
    [
      'NestedAndOperator',
      '{"$and": [{"$and": [{"a": {"$eq": 1}}, {"b": 2}]}, {"c": 3}]}',
      `{"_id": ${oid}, "a": 1, "b": 2, "c": 3, "z": 1}`,
    ],
    ['NestedPaths', '{"a.a": 1}', `{"_id": ${oid}, "a": {"a": 1}, "z": 1}`],
    ['SiblingPaths', '{"a.a": 1, "a.b": {"$eq": 2}}', `{"_id": ${oid}, "a": {"a": 1, "b": 2}, "z": 1}`],
    [
      'NestedAndNestedPaths',
      '{"$and": [{"$and": [{"a.a": {"$eq": 1}}, {"a.b": 2}]}, {"c.c.c": 3}]}',
      `{"_id": ${oid}, "a": {"a": 1, "b": 2}, "c": {"c": {"c": 3}}, "z": 1}`,
    ],
    ['IdOnly', '{"_id": 1}', '{"_id": 1, "z": 1}'],
    ['Empty', '{"": 0}', `{"_id": ${oid}, "": 0, "z": 1}`],
    ['EmptyMulti', '{"": 0, "a": {"$eq": 1}}', `{"_id": ${oid}, "": 0, "a": 1, "z": 1}`],
  ];
  for (const [from, query, inserted] of rows) {
    it(from, () => {
      expect(seeded(query)).toBe(canon(inserted));
    });
  }

  const conflicts: readonly (readonly [string, string, string])[] = [
    ['EqConflict', '{"$and": [{"a": 1}, {"a": 1}]}', "cannot infer query fields to set, path 'a' is matched twice"],
    [
      'PrefixConflict',
      '{"a": 1, "a.b": {"$eq": 1}}',
      "cannot infer query fields to set, both paths 'a.b' and 'a' are matched",
    ],
    [
      'AndPrefixConflict',
      '{"$and": [{"a": 1}, {"a.b": {"$eq": 1}}]}',
      "cannot infer query fields to set, both paths 'a.b' and 'a' are matched",
    ],
    [
      'EmptyConflict',
      '{"": 0, "$and": [{"": {"$eq": 0}}]}',
      "cannot infer query fields to set, path '' is matched twice",
    ],
  ];
  for (const [from, query, message] of conflicts) {
    it(from, () => {
      expect(nodeError({ doc: '{}', upsert: true, query, update: '{"$set": {"z": 1}}' })).toBe(
        `54: ${PREFIX}${message}`,
      );
    });
  }
});

describe('extractFullEqualityMatches: a replacement upsert takes only the immutable _id', () => {
  it('IdOnlyMulti', () => {
    expect(seeded('{"_id": {"$eq": 1}, "a": 1}', '{"z": 1}')).toBe(canon('{"_id": 1, "z": 1}'));
  });
  it('IdOnlyIgnoreConflict', () => {
    expect(seeded('{"_id": 1, "a": 1, "a.b": 1}', '{"z": 1}')).toBe(canon('{"_id": 1, "z": 1}'));
  });
  it('IdOnlyNested', () => {
    expect(
      nodeError({ doc: '{}', upsert: true, query: '{"_id.a": 1, "_id.b": {"$eq": 2}, "c": 3}', update: '{"z": 1}' }),
    ).toBe(`111: ${PREFIX}field at '_id' must be exactly specified, field at sub-path '_id.a'found`);
  });
});
