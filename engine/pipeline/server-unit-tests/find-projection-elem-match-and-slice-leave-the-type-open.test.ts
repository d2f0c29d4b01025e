/**
 * Find projections built into executors (projection_executor_builder_test.cpp), with the parse
 * rules of projection_parser.cpp they depend on: inclusion and exclusion with and without `_id`,
 * dotted paths, expressions, positional `a.b.$`, `$elemMatch` (with a collation) and find's
 * `$slice`. `$elemMatch` and `$slice` do not decide whether a projection includes or excludes:
 * the other fields do, and only when none does `computeProjectionType` picks (a `$slice` excludes
 * unless `_id: 1`, an `$elemMatch` includes). A positional projection and an `$elemMatch` cannot
 * be combined (31255/31256, whichever comes second); a literal in an exclusion is 31310, an
 * expression 31252. Each case runs through `find` and `findAndModify`'s `fields` (viaFind); the
 * C++ documents have no `_id`, so each stored one has `_id: 0`, which inclusions keep.
 */
import { describe, expect, it } from 'vitest';
import { canon, stageError, viaFind } from './stage-harness.js';

const rows: ReadonlyArray<{
  from: string;
  doc: string;
  projection: string;
  filter?: string;
  collation?: string;
  result: string;
}> = [
  {
    from: 'CanProjectInclusionWithIdPath',
    doc: '{"_id": 123, "a": "abc", "b": "def", "c": "ghi"}',
    projection: '{"a": 1, "_id": 1}',
    result: '{"_id": 123, "a": "abc"}',
  },
  {
    from: 'CanProjectInclusionWithIdPath',
    doc: '{"_id": 123, "a": "abc", "b": "def", "c": "ghi"}',
    projection: '{"a": 1, "_id": 0}',
    result: '{"a": "abc"}',
  },
  {
    from: 'CanProjectInclusionUndottedPath',
    doc: '{"_id": 0, "a": "abc", "b": "def", "c": "ghi"}',
    projection: '{"a": 1, "b": 1}',
    result: '{"_id": 0, "a": "abc", "b": "def"}',
  },
  {
    from: 'CanProjectInclusionDottedPath',
    doc: '{"_id": 0, "a": {"b": "abc", "c": "def", "d": "ghi"}}',
    projection: '{"a.b": 1, "a.d": 1}',
    result: '{"_id": 0, "a": {"b": "abc", "d": "ghi"}}',
  },
  {
    from: 'CanProjectExpression',
    doc: '{"_id": 0, "a": 1, "b": 2}',
    projection: '{"c": {"$add": ["$a", "$b"]}}',
    result: '{"_id": 0, "c": 3}',
  },
  {
    from: 'CanProjectExclusionWithIdPath',
    doc: '{"_id": 123, "a": "abc", "b": "def", "c": "ghi"}',
    projection: '{"a": 0, "_id": 0}',
    result: '{"b": "def", "c": "ghi"}',
  },
  {
    from: 'CanProjectExclusionUndottedPath',
    doc: '{"_id": 0, "a": "abc", "b": "def", "c": "ghi"}',
    projection: '{"a": 0, "b": 0}',
    result: '{"_id": 0, "c": "ghi"}',
  },
  {
    from: 'CanProjectExclusionDottedPath',
    doc: '{"_id": 0, "a": {"b": "abc", "c": "def", "d": "ghi"}}',
    projection: '{"a.b": 0, "a.d": 0}',
    result: '{"_id": 0, "a": {"c": "def"}}',
  },
  {
    from: 'CanProjectFindPositional',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3, 4]}}',
    filter: '{"a.b": {"$gte": 3}}',
    projection: '{"a.b.$": 1}',
    result: '{"_id": 0, "a": {"b": [3]}}',
  },
  {
    from: 'CanProjectFindPositional',
    doc: '{"_id": 0, "a": {"b": [4, 3, 2]}}',
    filter: '{"a.b": {"$gte": 3}}',
    projection: '{"a.b.$": 1}',
    result: '{"_id": 0, "a": {"b": [4]}}',
  },
  {
    from: 'CanProjectFindElemMatchWithInclusion',
    doc: '{"_id": 0, "a": [{"b": 1}, {"b": 2}, {"b": 3}]}',
    projection: '{"a": {"$elemMatch": {"b": {"$gte": 3}}}, "c": 1}',
    result: '{"_id": 0, "a": [{"b": 3}]}',
  },
  {
    from: 'CanProjectFindElemMatch',
    doc: '{"_id": 0, "a": [{"b": 3, "c": 1}, {"b": 1, "c": 2}, {"b": 1, "c": 3}]}',
    projection: '{"a": {"$elemMatch": {"b": 1}}}',
    result: '{"_id": 0, "a": [{"b": 1, "c": 2}]}',
  },
  {
    from: 'CanProjectFindElemMatch',
    doc: '{"_id": 0, "a": [{"b": 3, "c": 1}, {"b": 1, "c": 2}, {"b": 1, "c": 3}]}',
    projection: '{"a": {"$elemMatch": {"b": 1, "c": 3}}}',
    result: '{"_id": 0, "a": [{"b": 1, "c": 3}]}',
  },
  {
    // The C++ mock collator compares reversed strings; "en" orders "b" before "B" (binary puts
    // "B" first), so the first element >= "b" differs from the binary answer below.
    from: 'ElemMatchRespectsCollator',
    doc: '{"_id": 0, "a": ["B", "a", "c"]}',
    projection: '{"a": {"$elemMatch": {"$gte": "b"}}}',
    collation: '{"locale": "en"}',
    result: '{"_id": 0, "a": ["B"]}',
  },
  {
    from: 'ElemMatchRespectsCollator (binary contrast)',
    doc: '{"_id": 0, "a": ["B", "a", "c"]}',
    projection: '{"a": {"$elemMatch": {"$gte": "b"}}}',
    result: '{"_id": 0, "a": ["c"]}',
  },
  {
    // `c: 0` makes it an exclusion; the $elemMatch field keeps its place, `d` stays.
    from: 'CanProjectFindElemMatchWithExclusion',
    doc: '{"_id": 0, "a": [{"b": 1}, {"b": 2}, {"b": 3}], "c": "abc", "d": "def"}',
    projection: '{"a": {"$elemMatch": {"b": {"$gte": 3}}}, "c": 0}',
    result: '{"_id": 0, "a": [{"b": 3}], "d": "def"}',
  },
  {
    from: 'CanProjectFindSliceWithInclusion',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3]}, "c": "abc"}',
    projection: '{"a.b": {"$slice": [1, 2]}, "c": 1}',
    result: '{"_id": 0, "a": {"b": [2, 3]}, "c": "abc"}',
  },
  {
    from: 'CanProjectFindSliceSkipLimitWithInclusion',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3, 4]}, "c": "abc"}',
    projection: '{"a.b": {"$slice": [1, 2]}, "c": 1}',
    result: '{"_id": 0, "a": {"b": [2, 3]}, "c": "abc"}',
  },
  {
    from: 'CanProjectFindSliceBasicWithExclusion',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3, 4]}, "c": "abc"}',
    projection: '{"a.b": {"$slice": 3}, "c": 0}',
    result: '{"_id": 0, "a": {"b": [1, 2, 3]}}',
  },
  {
    from: 'CanProjectFindSliceSkipLimitWithExclusion',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3, 4]}, "c": "abc"}',
    projection: '{"a.b": {"$slice": [1, 2]}, "c": 0}',
    result: '{"_id": 0, "a": {"b": [2, 3]}}',
  },
  {
    from: 'CanProjectFindSliceAndPositional',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3, 4]}, "c": [5, 6, 7]}',
    filter: '{"c": {"$gte": 6}}',
    projection: '{"a.b": {"$slice": [1, 2]}, "c.$": 1}',
    result: '{"_id": 0, "a": {"b": [2, 3]}, "c": [6]}',
  },
  {
    from: 'ExecutorOptimizesExpression (applied)',
    doc: '{"_id": 0, "a": 1, "b": 5}',
    projection: '{"a": 1, "b": {"$add": [1, 2]}}',
    result: '{"_id": 0, "a": 1, "b": 3}',
  },
  // computeProjectionType when nothing else decides.
  {
    from: 'projection_parser.cpp: $slice alone excludes',
    doc: '{"_id": 0, "a": [1, 2], "b": 5}',
    projection: '{"a": {"$slice": 1}}',
    result: '{"_id": 0, "a": [1], "b": 5}',
  },
  {
    from: 'projection_parser.cpp: $slice with _id: 1 includes',
    doc: '{"_id": 0, "a": [1, 2], "b": 5}',
    projection: '{"a": {"$slice": 1}, "_id": 1}',
    result: '{"_id": 0, "a": [1]}',
  },
  {
    from: 'projection_parser.cpp: $elemMatch with _id: 0 includes',
    doc: '{"_id": 0, "a": [1, 2], "b": 5}',
    projection: '{"a": {"$elemMatch": {"$gt": 1}}, "_id": 0}',
    result: '{"a": [2]}',
  },
];

describe('find projections (projection_executor_builder_test.cpp)', () => {
  it.each(rows)('$from: $projection', (row) => {
    expect(viaFind(row)).toBe(canon(row.result));
  });
});

describe('what a projection may combine (projection_parser.cpp)', () => {
  const doc = '{"_id": 0, "a": [1, 2], "b": 5, "c": 6}';
  it.each([
    ['{"a": {"$elemMatch": {"$gt": 1}}, "a.$": 1}', '31256: Cannot specify positional operator and $elemMatch.'],
    ['{"b": {"$elemMatch": {"$gt": 1}}, "a.$": 1}', '31256: Cannot specify positional operator and $elemMatch.'],
    ['{"a.$": 1, "b": {"$elemMatch": {"$gt": 1}}}', '31255: Cannot specify positional operator and $elemMatch.'],
    ['{"a": 0, "b": "x"}', '31310: Cannot use an expression b: "x" in an exclusion projection'],
    ['{"a": 0, "_id": "$b"}', '31310: Cannot use an expression _id: "$b" in an exclusion projection'],
    ['{"a": 0, "b": {"$add": [1]}}', '31252: Cannot use expression other than $meta in exclusion projection'],
    // An expression on _id makes the projection an inclusion, as on any field.
    ['{"_id": "$b", "a": 0}', '31254: Cannot do exclusion on field a in inclusion projection'],
  ])('find %s', (projection, expected) => {
    expect(viaFind({ doc, projection, filter: '{"a": 2}' })).toBe(expected);
  });

  it.each([
    [
      '{"a": 0, "b": "x"}',
      '31310: Invalid $project :: caused by :: Cannot use an expression b: "x" in an exclusion projection',
    ],
    [
      '{"_id": "$b", "a": 0}',
      '31254: Invalid $project :: caused by :: Cannot do exclusion on field a in inclusion projection',
    ],
    [
      '{"a": {"$elemMatch": {"$gt": 1}}}',
      '168: Invalid $project :: caused by :: Cannot use $elemMatch in this context',
    ],
  ])('$project %s (aggregate and update pipeline)', (projection, expected) => {
    expect(stageError(`{"$project": ${projection}}`, doc)).toBe(expected);
  });
});
