/**
 * `$project` exclusion and `$unset` (exclusion_projection_executor_test.cpp,
 * ExclusionProjectionExecutionTest): the listed paths are removed and everything else keeps its
 * place, numbers of every type that are zero exclude, `_id` stays unless excluded, a dotted
 * exclusion applies to every array element (nested arrays too) and never creates a path. Each row
 * runs as an update pipeline and as `aggregate` (stage-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, viaUpdate } from './stage-harness.js';

interface Row {
  readonly from: string;
  readonly stage: string;
  readonly doc: string;
  readonly result: string;
  readonly aggregateOnly?: boolean;
}

const rows: readonly Row[] = [
  {
    from: 'ShouldExcludeTopLevelField',
    stage: '{"$project": {"a": false}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"b": 2}',
  },
  { from: 'ShouldExcludeTopLevelField', stage: '{"$project": {"a": false}}', doc: '{"a": 1}', result: '{}' },
  { from: 'ShouldExcludeTopLevelField', stage: '{"$project": {"a": false}}', doc: '{"c": 1}', result: '{"c": 1}' },
  { from: 'ShouldExcludeTopLevelField', stage: '{"$unset": "a"}', doc: '{}', result: '{}' },
  {
    from: 'ShouldCoerceNumericsToBools',
    stage:
      '{"$project": {"a": {"$numberInt": "0"}, "b": {"$numberLong": "0"}, "c": 0.0, "d": {"$numberDecimal": "0"}}}',
    doc: '{"_id": "ID", "a": 1, "b": 2, "c": 3}',
    result: '{"_id": "ID"}',
  },
  {
    from: 'ShouldPreserveOrderOfExistingFields',
    stage: '{"$project": {"second": false}}',
    doc: '{"first": 0, "second": 1, "third": 2}',
    result: '{"first": 0, "third": 2}',
  },
  {
    from: 'ShouldImplicitlyIncludeId',
    stage: '{"$project": {"a": false}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"b": 2, "_id": "ID"}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldExcludeIdIfExplicitlyExcluded',
    stage: '{"$project": {"a": false, "_id": false}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"b": 2}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldExcludeIdAndKeepAllOtherFields',
    stage: '{"$project": {"_id": false}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"a": 1, "b": 2}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldExcludeSubFieldsOfId',
    stage: '{"$project": {"_id.x": false, "_id": {"y": false}}}',
    doc: '{"_id": {"x": 1, "y": 2, "z": 3}, "a": 1}',
    result: '{"_id": {"z": 3}, "a": 1}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldExcludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": false}}',
    doc: '{"a": {"b": 1, "c": 2}}',
    result: '{"a": {"c": 2}}',
  },
  {
    from: 'ShouldExcludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": false}}',
    doc: '{"a": {"b": 1}}',
    result: '{"a": {}}',
  },
  {
    from: 'ShouldExcludeSimpleDottedFieldFromSubDoc',
    stage: '{"$unset": "a.b"}',
    doc: '{"a": {"c": 1}}',
    result: '{"a": {"c": 1}}',
  },
  {
    from: 'ShouldExcludeSimpleDottedFieldFromSubDoc',
    stage: '{"$unset": ["a.b"]}',
    doc: '{"a": {}}',
    result: '{"a": {}}',
  },
  {
    from: 'ShouldNotCreateSubDocIfDottedExcludedFieldDoesNotExist',
    stage: '{"$project": {"sub.target": false}}',
    doc: '{}',
    result: '{}',
  },
  {
    from: 'ShouldNotCreateSubDocIfDottedExcludedFieldDoesNotExist',
    stage: '{"$project": {"sub.target": false}}',
    doc: '{"sub": "notADocument"}',
    result: '{"sub": "notADocument"}',
  },
  {
    from: 'ShouldApplyDottedExclusionToEachElementInArray',
    stage: '{"$project": {"a.b": false}}',
    doc: '{"a": [1, {}, {"b": 1}, {"b": 1, "c": 2}, [], [1, {"c": 1, "b": 1}]]}',
    result: '{"a": [1, {}, {}, {"c": 2}, [], [1, {"c": 1}]]}',
  },
  {
    from: 'ShouldAllowMixedNestedAndDottedFields',
    stage: '{"$project": {"a.b": false, "a.c": false, "a": {"d": false, "e": false}}}',
    doc: '{"a": {"b": 1, "c": 2, "d": 3, "e": 4, "f": 5}}',
    result: '{"a": {"f": 5}}',
  },
  {
    from: 'ShouldIncludeIdByDefault',
    stage: '{"$project": {"a": false}}',
    doc: '{"_id": 2, "a": 3}',
    result: '{"_id": 2}',
  },
  {
    from: 'ShouldOverrideIncludePolicyWithExplicitExcludeIdSpec',
    stage: '{"$project": {"_id": false, "a": false}}',
    doc: '{"_id": 2, "a": 3}',
    result: '{}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldAllowExclusionOfIdSubfieldWithDefaultIncludePolicy',
    stage: '{"$project": {"_id.id1": false, "a": false}}',
    doc: '{"_id": {"id1": 1, "id2": 2}, "a": 3, "b": 4}',
    result: '{"_id": {"id2": 2}, "b": 4}',
    aggregateOnly: true,
  },
  {
    // Run with the default _id policy (kExcludeId is no stage's policy); `_id` is excluded explicitly.
    from: 'ShouldAllowLimitedDollarPrefixedFields',
    stage: '{"$project": {"$id": false, "$db": false, "$ref": false, "$sortKey": false, "_id": false}}',
    doc: '{"$id": 5, "$db": 3, "$ref": 4, "$sortKey": 5, "someField": 6}',
    result: '{"someField": 6}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldRecurseNestedArraysByDefault',
    stage: '{"$project": {"a.b": false}}',
    doc: '{"a": [1, {"b": 2, "c": 3}, [{"b": 4, "c": 5}], {"d": 6}]}',
    result: '{"a": [1, {"c": 3}, [{"c": 5}], {"d": 6}]}',
  },
  {
    // ShouldSerializeToEquivalentProjection's specification, applied.
    from: 'ShouldSerializeToEquivalentProjection, ShouldReportExcludedFieldsAsModified',
    stage:
      '{"$project": {"a": 0, "b": {"c": {"$numberLong": "0"}, "d": 0.0}, "x.y": false, "_id": {"$numberInt": "0"}}}',
    doc: '{"_id": 1, "a": 1, "b": {"c": 1, "d": 2, "e": 3}, "x": {"y": 1, "z": 2}, "w": 4}',
    result: '{"b": {"e": 3}, "x": {"z": 2}, "w": 4}',
    aggregateOnly: true,
  },
];

describe('$project exclusion removes paths in place (exclusion_projection_executor_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc, { aggregateOnly: row.aggregateOnly ?? false })).toBe(canon(row.result));
  });

  it('an update pipeline that excludes _id keeps the stored _id (ShouldExcludeIdAndKeepAllOtherFields)', () => {
    // ObjectReplaceExecutor copies the original _id into a replacement without one.
    expect(viaUpdate('{"$project": {"_id": false}}', '{"_id": "ID", "a": 1, "b": 2}')).toEqual({
      doc: canon('{"_id": "ID", "a": 1, "b": 2}'),
    });
  });
});
