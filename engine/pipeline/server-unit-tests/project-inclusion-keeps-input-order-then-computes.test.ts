/**
 * `$project` inclusion (inclusion_projection_executor_test.cpp, InclusionProjectionExecutionTest*):
 * included fields keep the input document's order, computed fields follow in specification order
 * except where the input already holds a field the projection descends into (that place is kept
 * and filled: ShouldApplyComputedFieldsAfterAllInclusions), `_id` is kept unless excluded, dotted
 * inclusions apply to every array element (dropping scalars), computed sub-fields replace scalars
 * and are added to every element, nested arrays included. Each row runs as an update pipeline and
 * as `aggregate` (stage-harness.ts). The C++ runs each case with and without the fast path; both
 * give the same document, as here.
 */
import { describe, expect, it } from 'vitest';
import { apply, canon } from './stage-harness.js';

interface Row {
  readonly from: string;
  readonly stage: string;
  readonly doc: string;
  readonly result: string;
  /** `_id` not first, changed or dropped: an update would store it first, refuse it or restore it. */
  readonly aggregateOnly?: boolean;
}

const ARRAY = '[1, {}, {"b": 1}, {"b": 1, "c": 2}, [], [1, {"c": 1}]]';
const NESTED = '{"a": [1, {"b": 2, "c": 3}, [{"b": 4, "c": 5}], {"d": 6}]}';

const rows: readonly Row[] = [
  {
    from: 'ShouldIncludeTopLevelField',
    stage: '{"$project": {"a": true}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"a": 1}',
  },
  { from: 'ShouldIncludeTopLevelField', stage: '{"$project": {"a": true}}', doc: '{"a": 1}', result: '{"a": 1}' },
  { from: 'ShouldIncludeTopLevelField', stage: '{"$project": {"a": true}}', doc: '{"c": 1}', result: '{}' },
  { from: 'ShouldIncludeTopLevelField', stage: '{"$project": {"a": true}}', doc: '{}', result: '{}' },
  {
    from: 'ShouldAddComputedTopLevelField',
    stage: '{"$project": {"newField": {"$literal": "computedVal"}}}',
    doc: '{}',
    result: '{"newField": "computedVal"}',
  },
  {
    from: 'ShouldAddComputedTopLevelField',
    stage: '{"$project": {"newField": {"$literal": "computedVal"}}}',
    doc: '{"newField": "preExisting"}',
    result: '{"newField": "computedVal"}',
  },
  {
    from: 'ShouldApplyBothInclusionsAndComputedFields',
    stage: '{"$project": {"a": true, "newField": {"$literal": "computedVal"}}}',
    doc: '{"a": 1}',
    result: '{"a": 1, "newField": "computedVal"}',
  },
  {
    from: 'ShouldIncludeFieldsInOrderOfInputDoc',
    stage: '{"$project": {"first": true, "second": true, "third": true}}',
    doc: '{"second": 1, "first": 0, "third": 2}',
    result: '{"second": 1, "first": 0, "third": 2}',
  },
  {
    from: 'ShouldApplyComputedFieldsInOrderSpecified',
    stage: '{"$project": {"firstComputed": {"$literal": "FIRST"}, "secondComputed": {"$literal": "SECOND"}}}',
    doc: '{"first": 0, "second": 1, "third": 2}',
    result: '{"firstComputed": "FIRST", "secondComputed": "SECOND"}',
  },
  {
    from: 'ShouldImplicitlyIncludeId, ShouldIncludeIdByDefault',
    stage: '{"$project": {"a": true}}',
    doc: '{"_id": "ID", "a": 1, "b": 2}',
    result: '{"_id": "ID", "a": 1}',
  },
  {
    from: 'ShouldImplicitlyIncludeId',
    stage: '{"$project": {"a": true}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"a": 1, "_id": "ID"}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldImplicitlyIncludeIdWithComputedFields',
    stage: '{"$project": {"newField": {"$literal": "computedVal"}}}',
    doc: '{"_id": "ID", "a": 1}',
    result: '{"_id": "ID", "newField": "computedVal"}',
  },
  {
    from: 'ShouldIncludeIdIfExplicitlyIncluded',
    stage: '{"$project": {"a": true, "_id": true, "b": true}}',
    doc: '{"_id": "ID", "a": 1, "b": 2, "c": 3}',
    result: '{"_id": "ID", "a": 1, "b": 2}',
  },
  {
    from: 'ShouldExcludeIdIfExplicitlyExcluded',
    stage: '{"$project": {"a": true, "_id": false}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"a": 1}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldOverrideIncludePolicyWithExplicitExcludeIdSpec, ShouldSerializeExplicitExclusionOfId',
    stage: '{"$project": {"_id": false, "a": true}}',
    doc: '{"_id": 2, "a": 3}',
    result: '{"a": 3}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldReplaceIdWithComputedId',
    stage: '{"$project": {"_id": {"$literal": "newId"}}}',
    doc: '{"a": 1, "b": 2, "_id": "ID"}',
    result: '{"_id": "newId"}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldIncludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": true}}',
    doc: '{"a": {"b": 1, "c": 2}}',
    result: '{"a": {"b": 1}}',
  },
  {
    from: 'ShouldIncludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": true}}',
    doc: '{"a": {"b": 1}}',
    result: '{"a": {"b": 1}}',
  },
  {
    from: 'ShouldIncludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": true}}',
    doc: '{"a": {"c": 1}}',
    result: '{"a": {}}',
  },
  {
    from: 'ShouldIncludeSimpleDottedFieldFromSubDoc',
    stage: '{"$project": {"a.b": true}}',
    doc: '{"a": {}}',
    result: '{"a": {}}',
  },
  {
    from: 'ShouldNotCreateSubDocIfDottedIncludedFieldDoesNotExist',
    stage: '{"$project": {"sub.target": true}}',
    doc: '{}',
    result: '{}',
  },
  {
    from: 'ShouldNotCreateSubDocIfDottedIncludedFieldDoesNotExist',
    stage: '{"$project": {"sub.target": true}}',
    doc: '{"sub": "notADocument"}',
    result: '{}',
  },
  {
    from: 'ShouldApplyDottedInclusionToEachElementInArray',
    stage: '{"$project": {"a.b": true}}',
    doc: `{"a": ${ARRAY}}`,
    result: '{"a": [{}, {"b": 1}, {"b": 1}, [], [{}]]}',
  },
  {
    from: 'ShouldAddComputedDottedFieldToSubDocument',
    stage: '{"$project": {"sub.target": {"$literal": "computedVal"}}}',
    doc: '{"sub": {"target": 1, "c": 2}}',
    result: '{"sub": {"target": "computedVal"}}',
  },
  {
    from: 'ShouldAddComputedDottedFieldToSubDocument',
    stage: '{"$project": {"sub.target": {"$literal": "computedVal"}}}',
    doc: '{"sub": {"c": 1}}',
    result: '{"sub": {"target": "computedVal"}}',
  },
  {
    from: 'ShouldAddComputedDottedFieldToSubDocument',
    stage: '{"$project": {"sub.target": {"$literal": "computedVal"}}}',
    doc: '{"sub": {}}',
    result: '{"sub": {"target": "computedVal"}}',
  },
  {
    from: 'ShouldCreateSubDocIfDottedComputedFieldDoesntExist',
    stage: '{"$project": {"sub.target": {"$literal": "computedVal"}}}',
    doc: '{}',
    result: '{"sub": {"target": "computedVal"}}',
  },
  {
    from: 'ShouldCreateSubDocIfDottedComputedFieldDoesntExist',
    stage: '{"$project": {"sub.target": {"$literal": "computedVal"}}}',
    doc: '{"sub": "notADocument"}',
    result: '{"sub": {"target": "computedVal"}}',
  },
  {
    from: 'ShouldCreateNestedSubDocumentsAllTheWayToComputedField',
    stage: '{"$project": {"a.b.c.d": {"$literal": "computedVal"}}}',
    doc: '{}',
    result: '{"a": {"b": {"c": {"d": "computedVal"}}}}',
  },
  {
    from: 'ShouldCreateNestedSubDocumentsAllTheWayToComputedField',
    stage: '{"$project": {"a.b.c.d": {"$literal": "computedVal"}}}',
    doc: '{"a": {"b": "other"}}',
    result: '{"a": {"b": {"c": {"d": "computedVal"}}}}',
  },
  {
    from: 'ShouldAddComputedDottedFieldToEachElementInArray, ComputedFieldIsAddedToNestedArrayElementsForRecursePolicy',
    stage: '{"$project": {"a.b": {"$literal": "COMPUTED"}}}',
    doc: `{"a": ${ARRAY}}`,
    result:
      '{"a": [{"b": "COMPUTED"}, {"b": "COMPUTED"}, {"b": "COMPUTED"}, {"b": "COMPUTED"}, [], [{"b": "COMPUTED"}, {"b": "COMPUTED"}]]}',
  },
  {
    from: 'ShouldApplyInclusionsAndAdditionsToEachElementInArray',
    stage: '{"$project": {"a.inc": true, "a.comp": {"$literal": "COMPUTED"}}}',
    doc: '{"a": [1, {}, {"inc": 1}, {"inc": 1, "c": 2}, {"c": 2, "inc": 1}, {"inc": 1, "c": 2, "comp": "original"}, [], [1, {"inc": 1}]]}',
    result:
      '{"a": [{"comp": "COMPUTED"}, {"comp": "COMPUTED"}, {"inc": 1, "comp": "COMPUTED"}, {"inc": 1, "comp": "COMPUTED"}, {"inc": 1, "comp": "COMPUTED"}, {"inc": 1, "comp": "COMPUTED"}, [], [{"comp": "COMPUTED"}, {"inc": 1, "comp": "COMPUTED"}]]}',
  },
  {
    from: 'ShouldAddOrIncludeSubFieldsOfId',
    stage: '{"$project": {"_id.X": true, "_id.Z": {"$literal": "NEW"}}}',
    doc: '{"_id": {"X": 1, "Y": 2}}',
    result: '{"_id": {"X": 1, "Z": "NEW"}}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldAllowMixedNestedAndDottedFields',
    stage:
      '{"$project": {"a.b": true, "a.c": true, "a.W": {"$literal": "W"}, "a.X": {"$literal": "X"}, "a": {"d": true, "e": true, "Y": {"$literal": "Y"}, "Z": {"$literal": "Z"}}}}',
    doc: '{"a": {"b": "b", "c": "c", "d": "d", "e": "e", "f": "f"}}',
    result: '{"a": {"b": "b", "c": "c", "d": "d", "e": "e", "W": "W", "X": "X", "Y": "Y", "Z": "Z"}}',
  },
  {
    from: 'ShouldApplyNestedComputedFieldsInOrderSpecified',
    stage: '{"$project": {"a": {"$literal": "FIRST"}, "b.c": {"$literal": "SECOND"}}}',
    doc: '{}',
    result: '{"a": "FIRST", "b": {"c": "SECOND"}}',
  },
  {
    from: 'ShouldApplyComputedFieldsAfterAllInclusions',
    stage: '{"$project": {"b.c": {"$literal": "NEW"}, "a": true}}',
    doc: '{"a": 1}',
    result: '{"a": 1, "b": {"c": "NEW"}}',
  },
  {
    from: 'ShouldApplyComputedFieldsAfterAllInclusions',
    stage: '{"$project": {"b.c": {"$literal": "NEW"}, "a": true}}',
    doc: '{"a": 1, "b": 4}',
    result: '{"a": 1, "b": {"c": "NEW"}}',
  },
  {
    // The input's `b` comes first and the projection descends into it: its place is kept.
    from: 'ShouldApplyComputedFieldsAfterAllInclusions',
    stage: '{"$project": {"b.c": {"$literal": "NEW"}, "a": true}}',
    doc: '{"b": 4, "a": 1}',
    result: '{"b": {"c": "NEW"}, "a": 1}',
  },
  {
    from: 'ComputedFieldReplacingExistingShouldAppearAfterInclusions',
    stage: '{"$project": {"b": {"$literal": "NEW"}, "a": true}}',
    doc: '{"b": 1, "a": 1}',
    result: '{"a": 1, "b": "NEW"}',
  },
  {
    from: 'ComputedFieldReplacingExistingShouldAppearAfterInclusions',
    stage: '{"$project": {"b": {"$literal": "NEW"}, "a": true}}',
    doc: '{"a": 1, "b": 4}',
    result: '{"a": 1, "b": "NEW"}',
  },
  {
    from: 'ShouldAllowInclusionOfIdSubfieldWithDefaultIncludePolicy',
    stage: '{"$project": {"_id.id1": true, "a": true}}',
    doc: '{"_id": {"id1": 1, "id2": 2}, "a": 3, "b": 4}',
    result: '{"_id": {"id1": 1}, "a": 3}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldRecurseNestedArraysByDefault',
    stage: '{"$project": {"a.b": true}}',
    doc: NESTED,
    result: '{"a": [{"b": 2}, [{"b": 4}], {}]}',
  },
  {
    // ShouldSerializeToEquivalentProjection's specification, applied: `b: {d: 3}` includes b.d,
    // `x.y` computed over a scalar x keeps x's place.
    from: 'ShouldSerializeToEquivalentProjection, ShouldOptimizeTopLevelExpressions, ShouldOptimizeNestedExpressions',
    stage: '{"$project": {"a": {"$add": ["$a", 2]}, "b": {"d": 3}, "x.y": {"$literal": 4}}}',
    doc: '{"_id": 0, "a": 1, "b": {"d": 5, "e": 6}, "x": 1}',
    result: '{"_id": 0, "b": {"d": 5}, "x": {"y": 4}, "a": 3}',
  },
];

describe('$project inclusion keeps the input order, then computes (inclusion_projection_executor_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc, { aggregateOnly: row.aggregateOnly ?? false })).toBe(canon(row.result));
  });
});
