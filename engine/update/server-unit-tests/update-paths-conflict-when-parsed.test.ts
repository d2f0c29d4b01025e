/**
 * Building the update tree (update_object_node_test.cpp, `UpdateObjectNode::parseAndMerge`): which
 * paths are refused when the update is parsed — empty paths (56), positional `$` misplaced or
 * repeated (2), `$[<id>]` without its array filter or in the first position (2), two modifiers on
 * one path or on a path and its prefix, through `$`, `$[]` and `$[<id>]` alike (40, "Updating the
 * path 'x' would create a conflict at 'y'", where y is the shorter path as far as it exists in the
 * tree) — and which combinations parse and apply. The C++ feeds two modifiers of one `$set` to
 * parseAndMerge twice; a document cannot repeat a field name, so a repeated path is written here as
 * `$set` plus a second operator, which reaches parseAndMerge the same way.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const conflict = (path: string, at: string) => `40: Updating the path '${path}' would create a conflict at '${at}'`;

describe('paths refused when the update is parsed', () => {
  const rows: readonly { from: string; update: string; arrayFilters?: string; error: string }[] = [
    { from: 'InvalidPathFailsToParse', update: '{"$set": {"": 5}}', error: '56: An empty update path is not valid.' },
    {
      from: 'MultiplePositionalElementsFailToParse',
      update: '{"$set": {"a.$.b.$": 5}}',
      error: "2: Too many positional (i.e. '$') elements found in path 'a.$.b.$'",
    },
    {
      from: 'PositionalElementFirstPositionFailsToParse',
      update: '{"$set": {"$": 5}}',
      error: "2: Cannot have positional (i.e. '$') element in the first position in path '$'",
    },
    {
      from: 'TwoModifiersOnSameFieldFailToParse',
      update: '{"$set": {"a": 5}, "$inc": {"a": 5}}',
      error: conflict('a', 'a'),
    },
    {
      from: 'TwoModifiersWithSameDottedPathFailToParse',
      update: '{"$set": {"a.b": 5}, "$inc": {"a.b": 5}}',
      error: conflict('a.b', 'a.b'),
    },
    {
      from: 'FirstModifierPrefixOfSecondFailToParse',
      update: '{"$set": {"a": 5, "a.b": 6}}',
      error: conflict('a.b', 'a'),
    },
    {
      from: 'FirstModifierDottedPrefixOfSecondFailsToParse',
      update: '{"$set": {"a.b": 5, "a.b.c": 6}}',
      error: conflict('a.b.c', 'a.b'),
    },
    {
      from: 'SecondModifierPrefixOfFirstFailsToParse',
      update: '{"$set": {"a.b": 5, "a": 6}}',
      error: conflict('a', 'a'),
    },
    {
      from: 'SecondModifierDottedPrefixOfFirstFailsToParse',
      update: '{"$set": {"a.b.c": 5, "a.b": 6}}',
      error: conflict('a.b', 'a.b'),
    },
    {
      from: 'TwoModifiersOnSamePositionalFieldFailToParse',
      update: '{"$set": {"a.$": 5}, "$inc": {"a.$": 5}}',
      error: conflict('a.$', 'a.$'),
    },
    {
      from: 'TwoModifiersWithSamePositionalDottedPathFailToParse',
      update: '{"$set": {"a.$.b": 5}, "$inc": {"a.$.b": 5}}',
      error: conflict('a.$.b', 'a.$.b'),
    },
    {
      from: 'FirstModifierPositionalPrefixOfSecondFailsToParse',
      update: '{"$set": {"a.$": 5, "a.$.b": 6}}',
      error: conflict('a.$.b', 'a.$'),
    },
    {
      from: 'SecondModifierPositionalPrefixOfFirstFailsToParse',
      update: '{"$set": {"a.$.b": 5, "a.$": 6}}',
      error: conflict('a.$', 'a.$'),
    },
    {
      from: 'IdentifierWithoutArrayFilterFailsToParse',
      update: '{"$set": {"a.$[i]": 5}}',
      error: "2: No array filter found for identifier 'i' in path 'a.$[i]'",
    },
    {
      from: 'IdentifierInMiddleOfPathWithoutArrayFilterFailsToParse',
      update: '{"$set": {"a.$[i].b": 5}}',
      error: "2: No array filter found for identifier 'i' in path 'a.$[i].b'",
    },
    {
      from: 'IdentifierInFirstPositionFailsToParse',
      update: '{"$set": {"$[i]": 5}}',
      arrayFilters: '[{"i": 0}]',
      error: "2: Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '$[i]'",
    },
    {
      from: 'IdentifierInFirstPositionWithSuffixFailsToParse',
      update: '{"$set": {"$[i].a": 5}}',
      arrayFilters: '[{"i": 0}]',
      error: "2: Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '$[i].a'",
    },
    {
      from: 'CreateObjectNodeInSamePositionAsArrayNodeFailsToParse',
      update: '{"$set": {"a.$[i]": 5, "a.0": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a.0', 'a'),
    },
    {
      from: 'CreateArrayNodeInSamePositionAsObjectNodeFailsToParse',
      update: '{"$set": {"a.0": 5, "a.$[i]": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a.$[i]', 'a'),
    },
    {
      from: 'CreateLeafNodeInSamePositionAsArrayNodeFailsToParse',
      update: '{"$set": {"a.$[i]": 5, "a": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a', 'a'),
    },
    {
      from: 'CreateArrayNodeInSamePositionAsLeafNodeFailsToParse',
      update: '{"$set": {"a": 5, "a.$[i]": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a.$[i]', 'a'),
    },
    {
      from: 'ConflictAtArrayNodeChildFailsToParse',
      update: '{"$set": {"a.$[i]": 5}, "$inc": {"a.$[i]": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a.$[i]', 'a.$[i]'),
    },
    {
      from: 'ConflictThroughArrayNodeChildFailsToParse',
      update: '{"$set": {"a.$[i].b": 5, "a.$[i].b.c": 6}}',
      arrayFilters: '[{"i": 0}]',
      error: conflict('a.$[i].b.c', 'a.$[i].b'),
    },
    {
      from: 'ConflictAtArrayNodeChildFailsToParse ($[])',
      update: '{"$set": {"a.$[]": 5}, "$inc": {"a.$[]": 6}}',
      error: conflict('a.$[]', 'a.$[]'),
    },
    {
      from: 'CreateLeafNodeInSamePositionAsArrayNodeFailsToParse ($[])',
      update: '{"$set": {"a.$[].b": 5, "a": 6}}',
      error: conflict('a', 'a'),
    },
    // ParseRenameTest: RenameNode::init's own errors come before any conflict with its placeholder.
    {
      from: 'RenameToStringWithEmbeddedNullFails',
      update: '{"$rename": {"a.b": "a\\u0000b"}}',
      error: "2: The 'to' field for $rename cannot contain an embedded null byte",
    },
    {
      from: 'RenameToStringWithEmbeddedNullFails (a single null byte)',
      update: '{"$rename": {"a.b": "\\u0000"}}',
      error: "2: The 'to' field for $rename cannot contain an embedded null byte",
    },
    {
      from: 'RenameToStringWithEmbeddedNullFails (leading)',
      update: '{"$rename": {"a.b": "\\u0000bbbb"}}',
      error: "2: The 'to' field for $rename cannot contain an embedded null byte",
    },
    {
      from: 'RenameToStringWithEmbeddedNullFails (trailing)',
      update: '{"$rename": {"a.b": "bbbb\\u0000"}}',
      error: "2: The 'to' field for $rename cannot contain an embedded null byte",
    },
    {
      from: 'RenameToNonUpdatablePathFails',
      update: '{"$rename": {"a": "b."}}',
      error: "56: The update path 'b.' contains an empty field name, which is not allowed.",
    },
    {
      from: 'RenameFromNonUpdatablePathFails',
      update: '{"$rename": {".a": "b"}}',
      error: "56: The update path '.a' contains an empty field name, which is not allowed.",
    },
    {
      from: 'RenameToNonStringPathFails',
      update: '{"$rename": {"a": 5}}',
      error: "2: The 'to' field for $rename must be a string: a: 5",
    },
    {
      from: 'RenameWithSameNameFails',
      update: '{"$rename": {"a": "a"}}',
      error: '2: The source and target field for $rename must differ: a: "a"',
    },
    {
      from: 'RenameUpwardFails',
      update: '{"$rename": {"b.a": "b"}}',
      error: '2: The source and target field for $rename must not be on the same path: b.a: "b"',
    },
    {
      from: 'RenameDownwardFails',
      update: '{"$rename": {"b": "b.a"}}',
      error: '2: The source and target field for $rename must not be on the same path: b: "b.a"',
    },
    {
      from: 'ConflictWithRenameSourceFailsToParse',
      update: '{"$set": {"a": 5}, "$rename": {"a": "b"}}',
      error: conflict('a', 'a'),
    },
    {
      from: 'ConflictWithRenameDestinationFailsToParse',
      update: '{"$set": {"b": 5}, "$rename": {"a": "b"}}',
      error: conflict('b', 'b'),
    },
    {
      from: 'ValidRenamePathParsesSuccessfully (the source holds a placeholder that conflicts)',
      update: '{"$rename": {"a.b": "c.d"}, "$set": {"a.b": 1}}',
      error: conflict('a.b', 'a.b'),
    },
    {
      from: 'ValidRenamePathParsesSuccessfully (the destination holds the rename)',
      update: '{"$rename": {"a.b": "c.d"}, "$set": {"c.d.e": 1}}',
      error: conflict('c.d.e', 'c.d'),
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      expect(
        nodeError({
          doc: '{"a": [0]}',
          update: r.update,
          ...(r.arrayFilters === undefined ? {} : { arrayFilters: r.arrayFilters }),
        }),
      ).toBe(r.error);
    });
  }
});

describe('paths that parse, merge and apply', () => {
  const rows: readonly {
    from: string;
    doc: string;
    update: string;
    query?: string;
    arrayFilters?: string;
    result: string;
    oplog: string;
  }[] = [
    {
      from: 'ValidIncPathParsesSuccessfully',
      doc: '{}',
      update: '{"$inc": {"a.b": 5}}',
      result: '{"a": {"b": 5}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 5}}}}',
    },
    {
      from: 'ValidMulPathParsesSuccessfully',
      doc: '{"a": {"b": 2}}',
      update: '{"$mul": {"a.b": 5}}',
      result: '{"a": {"b": 10}}',
      oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 10}}}}',
    },
    {
      from: 'ValidRenamePathParsesSuccessfully',
      doc: '{"a": {"b": 1}}',
      update: '{"$rename": {"a.b": "c.d"}}',
      result: '{"a": {}, "c": {"d": 1}}',
      oplog: '{"$v": 2, "diff": {"i": {"c": {"d": 1}}, "sa": {"d": {"b": false}}}}',
    },
    {
      from: 'ValidSetPathParsesSuccessfully',
      doc: '{}',
      update: '{"$set": {"a.b": 5}}',
      result: '{"a": {"b": 5}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 5}}}}',
    },
    {
      from: 'ValidUnsetPathParsesSuccessfully',
      doc: '{"a": {"b": 1, "c": 2}}',
      update: '{"$unset": {"a.b": 5}}',
      result: '{"a": {"c": 2}}',
      oplog: '{"$v": 2, "diff": {"sa": {"d": {"b": false}}}}',
    },
    {
      from: 'ValidAddToSetPathParsesSuccessfully',
      doc: '{}',
      update: '{"$addToSet": {"a.b": 5}}',
      result: '{"a": {"b": [5]}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": [5]}}}}',
    },
    {
      from: 'ValidPopPathParsesSuccessfully',
      doc: '{"a": {"b": [1, 2]}}',
      update: '{"$pop": {"a.b": 1}}',
      result: '{"a": {"b": [1]}}',
      oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": [1]}}}}',
    },
    {
      from: 'ValidMaxPathParsesSuccessfully',
      doc: '{"a": {"b": 0}}',
      update: '{"$max": {"a.b": 1}}',
      result: '{"a": {"b": 1}}',
      oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 1}}}}',
    },
    {
      from: 'ValidMinPathParsesSuccessfully',
      doc: '{"a": {"b": 2}}',
      update: '{"$min": {"a.b": 1}}',
      result: '{"a": {"b": 1}}',
      oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 1}}}}',
    },
    {
      from: 'ValidPushParsesSuccessfully',
      doc: '{}',
      update: '{"$push": {"a.b": {"$each": [0, 1], "$sort": 1, "$position": 0, "$slice": 10}}}',
      result: '{"a": {"b": [0, 1]}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": [0, 1]}}}}',
    },
    {
      from: 'TwoModifiersOnDifferentFieldsParseSuccessfully',
      doc: '{}',
      update: '{"$set": {"a": 5, "b": 6}}',
      result: '{"a": 5, "b": 6}',
      oplog: '{"$v": 2, "diff": {"i": {"a": 5, "b": 6}}}',
    },
    {
      from: 'ModifiersWithCommonPrefixParseSuccessfully',
      doc: '{}',
      update: '{"$set": {"a.b": 5, "a.c": 6}}',
      result: '{"a": {"b": 5, "c": 6}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 5, "c": 6}}}}',
    },
    {
      from: 'ModifiersWithCommonDottedPrefixParseSuccessfully',
      doc: '{}',
      update: '{"$set": {"a.b.c": 5, "a.b.d": 6}}',
      result: '{"a": {"b": {"c": 5, "d": 6}}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": {"c": 5, "d": 6}}}}}',
    },
    {
      from: 'ModifiersWithCommonPrefixDottedSuffixParseSuccessfully',
      doc: '{}',
      update: '{"$set": {"a.b.c": 5, "a.d.e": 6}}',
      result: '{"a": {"b": {"c": 5}, "d": {"e": 6}}}',
      oplog: '{"$v": 2, "diff": {"i": {"a": {"b": {"c": 5}, "d": {"e": 6}}}}}',
    },
    {
      from: 'FirstModifierFieldPrefixOfSecondParsesSuccessfully, DistinctFieldsMergeCorrectly',
      doc: '{}',
      update: '{"$set": {"a": 5, "ab": 6}}',
      result: '{"a": 5, "ab": 6}',
      oplog: '{"$v": 2, "diff": {"i": {"a": 5, "ab": 6}}}',
    },
    {
      from: 'SecondModifierFieldPrefixOfSecondParsesSuccessfully',
      doc: '{}',
      update: '{"$set": {"ab": 5, "a": 6}}',
      result: '{"a": 6, "ab": 5}',
      oplog: '{"$v": 2, "diff": {"i": {"a": 6, "ab": 5}}}',
    },
    {
      from: 'PositionalFieldsWithDifferentPrefixesParseSuccessfully',
      doc: '{"a": [0], "b": [1]}',
      query: '{"a": 0, "b": 1}',
      update: '{"$set": {"a.$": 5, "b.$": 6}}',
      result: '{"a": [5], "b": [6]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": 5}, "sb": {"a": true, "u0": 6}}}',
    },
    {
      from: 'PositionalAndNonpositionalFieldWithCommonPrefixParseSuccessfully, FieldAndPositionalMergeCorrectly',
      doc: '{"a": [0, 1]}',
      query: '{"a": 1}',
      update: '{"$set": {"a.$": 5, "a.0": 6}}',
      result: '{"a": [6, 5]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": 6, "u1": 5}}}',
    },
    {
      from: 'ParsingSetsPositionalTrue, MergeThroughPositionalSucceeds',
      doc: '{"a": [{"b": 0}, {"b": 1}]}',
      query: '{"a.b": 1}',
      update: '{"$set": {"a.$.b": 5, "a.$.c": 6}}',
      result: '{"a": [{"b": 0}, {"b": 5, "c": 6}]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s1": {"u": {"b": 5}, "i": {"c": 6}}}}}',
    },
    {
      from: 'EmptyIdentifierParsesSuccessfully',
      doc: '{"a": [0, 1]}',
      update: '{"$set": {"a.$[]": 5}}',
      result: '{"a": [5, 5]}',
      oplog: '{"$v": 2, "diff": {"u": {"a": [5, 5]}}}',
    },
    {
      from: 'EmptyIdentifierInMiddleOfPathParsesSuccessfully',
      doc: '{"a": [{}, {}]}',
      update: '{"$set": {"a.$[].b": 5}}',
      result: '{"a": [{"b": 5}, {"b": 5}]}',
      oplog: '{"$v": 2, "diff": {"u": {"a": [{"b": 5}, {"b": 5}]}}}',
    },
    {
      from: 'IdentifierWithArrayFilterParsesSuccessfully',
      doc: '{"a": [0, 1]}',
      arrayFilters: '[{"i": 0}]',
      update: '{"$set": {"a.$[i]": 5}}',
      result: '{"a": [5, 1]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u0": 5}}}',
    },
    {
      from: 'IdentifierWithArrayFilterInMiddleOfPathParsesSuccessfully',
      doc: '{"a": [{"c": 0}, {"c": 1}]}',
      arrayFilters: '[{"i.c": 0}]',
      update: '{"$set": {"a.$[i].b": 5}}',
      result: '{"a": [{"c": 0, "b": 5}, {"c": 1}]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"i": {"b": 5}}}}}',
    },
    {
      from: 'CreateTwoChildrenOfArrayNodeParsesSuccessfully, MergingTwoArrayNodesSucceeds',
      doc: '{"a": [0, 1]}',
      arrayFilters: '[{"i": 0}, {"j": 1}]',
      update: '{"$set": {"a.$[i]": 5, "a.$[j]": 6}}',
      result: '{"a": [5, 6]}',
      oplog: '{"$v": 2, "diff": {"u": {"a": [5, 6]}}}',
    },
    {
      from: 'NoConflictDueToDifferentArrayNodeChildrenParsesSuccessfully',
      doc: '{"a": [{"b": 0}, {"b": {"c": 0}}]}',
      arrayFilters: '[{"i.b": 0}, {"j.b.c": 0}]',
      update: '{"$set": {"a.$[i].b": 5, "a.$[j].b.c": 6}}',
      result: '{"a": [{"b": 5}, {"b": {"c": 6}}]}',
      oplog: '{"$v": 2, "diff": {"u": {"a": [{"b": 5}, {"b": {"c": 6}}]}}}',
    },
    {
      from: 'NoMergeConflictThroughArrayNodesSucceeds',
      doc: '{"a": [{"b": 0, "c": 0}]}',
      arrayFilters: '[{"i.b": 0}]',
      update: '{"$set": {"a.$[i].b": 5, "a.$[i].c": 6}}',
      result: '{"a": [{"b": 5, "c": 6}]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 5, "c": 6}}}}}',
    },
    {
      from: 'MultipleArrayNodesAlongPathParsesSuccessfully',
      doc: '{"a": [[[0, 1]], 2]}',
      arrayFilters: '[{"i": {"$in": [[[0, 1]], 0]}}, {"j": {"$size": 2}}]',
      update: '{"$set": {"a.$[i].$[j].$[i]": 5}}',
      result: '{"a": [[[5, 1]], 2]}',
      oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"a": true, "s0": {"a": true, "u0": 5}}}}}',
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      const out = applyNode({
        doc: r.doc,
        update: r.update,
        ...(r.query === undefined ? {} : { query: r.query }),
        ...(r.arrayFilters === undefined ? {} : { arrayFilters: r.arrayFilters }),
      });
      expect(out.doc).toBe(canon(r.result));
      expect(out.nModified).toBe(1);
      expect(out.oplog).toBe(canon(r.oplog));
    });
  }

  it('ParsingSetsPositionalFalse: a path without `$` needs no match from the query', () => {
    expect(applyNode({ doc: '{"a": {"b": 0}}', query: '{}', update: '{"$set": {"a.b": 5}}' }).doc).toBe(
      canon('{"a": {"b": 5}}'),
    );
  });
  it('ParsingSetsPositionalTrue: a path with `$` needs the query to match an array element', () => {
    expect(nodeError({ doc: '{"a": [{"b": 0}]}', query: '{}', update: '{"$set": {"a.$.b": 5}}' })).toBe(
      '2: Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query.',
    );
  });
});
