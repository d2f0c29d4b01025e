/**
 * `$set`/`$addFields` (add_fields_projection_executor_test.cpp, AddFieldsProjectionExecutorExecutionTest):
 * an existing field is replaced where it stands, a new one is appended in specification order,
 * dotted and nested specifications create sub-documents (replacing scalars) and apply to every
 * element of an array, `_id` is a field like any other. Each row runs as an update pipeline and
 * as `aggregate` (stage-harness.ts); both must give the C++ expectation.
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, viaUpdate } from './stage-harness.js';

interface Row {
  /** The C++ TEST cases the row comes from. */
  readonly from: string;
  readonly stage: string;
  readonly doc: string;
  readonly result: string;
  /** The row changes or adds `_id`: an update refuses that (66), so only `aggregate` runs it. */
  readonly aggregateOnly?: boolean;
}

const rows: readonly Row[] = [
  { from: 'AddsNewFieldToEndOfDocument', stage: '{"$addFields": {"c": 3}}', doc: '{}', result: '{"c": 3}' },
  {
    from: 'AddsNewFieldToEndOfDocument',
    stage: '{"$addFields": {"c": 3}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"a": 1, "b": 2, "c": 3}',
  },
  {
    from: 'ReplacesFieldThatAlreadyExistsInDocument',
    stage: '{"$set": {"c": 3}}',
    doc: '{"c": 1}',
    result: '{"c": 3}',
  },
  {
    from: 'ReplacesFieldThatAlreadyExistsInDocument',
    stage: '{"$set": {"c": 3}}',
    doc: '{"c": 1, "b": 2}',
    result: '{"c": 3, "b": 2}',
  },
  {
    from: 'ReplacesMultipleFieldsWhilePreservingInputFieldOrder',
    stage: '{"$set": {"second": "SECOND", "first": "FIRST"}}',
    doc: '{"first": 0, "second": 1, "third": 2}',
    result: '{"first": "FIRST", "second": "SECOND", "third": 2}',
  },
  {
    from: 'AddsNewFieldsAfterExistingFieldsInOrderSpecified',
    stage: '{"$set": {"firstComputed": "FIRST", "secondComputed": "SECOND"}}',
    doc: '{"first": 0, "second": 1, "third": 2}',
    result: '{"first": 0, "second": 1, "third": 2, "firstComputed": "FIRST", "secondComputed": "SECOND"}',
  },
  {
    from: 'ReplacesAndAddsNewFieldsWithSameOrderingRulesAsSeparately',
    stage: '{"$set": {"firstComputed": "FIRST", "second": "SECOND"}}',
    doc: '{"first": 0, "second": 1, "third": 2}',
    result: '{"first": 0, "second": "SECOND", "third": 2, "firstComputed": "FIRST"}',
  },
  {
    from: 'IdFieldIsKeptInOrderItAppearsInInputDocument',
    stage: '{"$set": {"newField": "computedVal"}}',
    doc: '{"_id": "ID", "a": 1}',
    result: '{"_id": "ID", "a": 1, "newField": "computedVal"}',
  },
  {
    // The update path stores `_id` first, so the second half runs through aggregate alone.
    from: 'IdFieldIsKeptInOrderItAppearsInInputDocument',
    stage: '{"$set": {"newField": "computedVal"}}',
    doc: '{"a": 1, "_id": "ID"}',
    result: '{"a": 1, "_id": "ID", "newField": "computedVal"}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldReplaceIdWithComputedId',
    stage: '{"$set": {"_id": "newId"}}',
    doc: '{"_id": "ID", "a": 1}',
    result: '{"_id": "newId", "a": 1}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldReplaceIdWithComputedId',
    stage: '{"$set": {"_id": "newId"}}',
    doc: '{"a": 1, "_id": "ID"}',
    result: '{"a": 1, "_id": "newId"}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldReplaceIdWithComputedId',
    stage: '{"$set": {"_id": "newId"}}',
    doc: '{"a": 1}',
    result: '{"a": 1, "_id": "newId"}',
    aggregateOnly: true,
  },
  {
    from: 'KeepsExistingSubFieldsWhenAddingSimpleDottedFieldToSubDoc',
    stage: '{"$set": {"a.b": true}}',
    doc: '{"a": {"b": 1, "c": 2}}',
    result: '{"a": {"b": true, "c": 2}}',
  },
  {
    from: 'KeepsExistingSubFieldsWhenAddingSimpleDottedFieldToSubDoc',
    stage: '{"$set": {"a.b": true}}',
    doc: '{"a": {"b": 1}}',
    result: '{"a": {"b": true}}',
  },
  {
    from: 'KeepsExistingSubFieldsWhenAddingSimpleDottedFieldToSubDoc',
    stage: '{"$set": {"a.b": true}}',
    doc: '{"a": {"c": 1}}',
    result: '{"a": {"c": 1, "b": true}}',
  },
  {
    from: 'KeepsExistingSubFieldsWhenAddingSimpleDottedFieldToSubDoc',
    stage: '{"$set": {"a.b": true}}',
    doc: '{"a": {}}',
    result: '{"a": {"b": true}}',
  },
  {
    from: 'CreatesSubDocIfDottedAddedFieldDoesNotExist',
    stage: '{"$set": {"sub.target": true}}',
    doc: '{}',
    result: '{"sub": {"target": true}}',
  },
  {
    from: 'CreatesSubDocIfDottedAddedFieldDoesNotExist',
    stage: '{"$set": {"sub.target": true}}',
    doc: '{"sub": "notADocument"}',
    result: '{"sub": {"target": true}}',
  },
  {
    from: 'AppliesDottedAdditionToEachElementInArray',
    stage: '{"$set": {"a.b": true}}',
    doc: '{"a": [1, {}, {"b": 1}, {"b": 1, "c": 2}, [], [1, {"c": 1}]]}',
    result:
      '{"a": [{"b": true}, {"b": true}, {"b": true}, {"b": true, "c": 2}, [], [{"b": true}, {"c": 1, "b": true}]]}',
  },
  {
    from: 'CreatesNestedSubDocumentsAllTheWayToAddedField',
    stage: '{"$set": {"a.b.c.d": "computedVal"}}',
    doc: '{}',
    result: '{"a": {"b": {"c": {"d": "computedVal"}}}}',
  },
  {
    from: 'CreatesNestedSubDocumentsAllTheWayToAddedField',
    stage: '{"$set": {"a.b.c.d": "computedVal"}}',
    doc: '{"a": {"b": "other"}}',
    result: '{"a": {"b": {"c": {"d": "computedVal"}}}}',
  },
  {
    from: 'AddsSubFieldsOfId',
    stage: '{"$set": {"_id.X": true, "_id.Z": "NEW"}}',
    doc: '{"_id": {"X": 1, "Y": 2}}',
    result: '{"_id": {"X": true, "Y": 2, "Z": "NEW"}}',
    aggregateOnly: true,
  },
  {
    from: 'ShouldAllowMixedNestedAndDottedFields, DoesNotErrorOnTwoNestedFields',
    stage:
      '{"$set": {"a.b": true, "a.c": true, "a.W": "W", "a.X": "X", "a": {"d": true, "e": true, "Y": "Y", "Z": "Z"}}}',
    doc: '{"a": {"b": "b", "c": "c", "d": "d", "e": "e", "f": "f"}}',
    result: '{"a": {"b": true, "c": true, "d": true, "e": true, "f": "f", "W": "W", "X": "X", "Y": "Y", "Z": "Z"}}',
  },
  {
    from: 'AddsNestedAddedFieldsInOrderSpecified',
    stage: '{"$set": {"b.d": "FIRST", "b.c": "SECOND"}}',
    doc: '{}',
    result: '{"b": {"d": "FIRST", "c": "SECOND"}}',
  },
  {
    // AddFieldsProjectionExecutorOptimize: an optimized expression gives the same value.
    from: 'OptimizesTopLevelExpressions, ShouldOptimizeNestedExpressions',
    stage: '{"$set": {"a": {"$add": [1, 2]}, "x.y": {"$add": [1, 2]}}}',
    doc: '{}',
    result: '{"a": 3, "x": {"y": 3}}',
  },
  {
    // AddFieldsProjectionExecutorSerialize: numbers and nested values are constants of the spec.
    from: 'SerializesToCorrectForm',
    stage: '{"$set": {"a": {"$add": ["$a", 2]}, "b": {"d": 3}, "x.y": {"$literal": 4}}}',
    doc: '{"a": 1}',
    result: '{"a": 3, "b": {"d": 3}, "x": {"y": 4}}',
  },
];

describe('$set/$addFields replaces in place and appends new fields (add_fields_projection_executor_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc, { aggregateOnly: row.aggregateOnly ?? false })).toBe(canon(row.result));
  });

  it('an update cannot change _id through $set (the C++ cases above that do run through aggregate)', () => {
    // ShouldReplaceIdWithComputedId as an update pipeline: _id is immutable (66).
    expect(viaUpdate('{"$set": {"_id": "newId"}}', '{"_id": "ID", "a": 1}')).toEqual({
      error: {
        code: 66,
        errmsg:
          'After applying the update, the (immutable) field \'_id\' was found to have been altered to _id: "newId"',
      },
    });
  });
});
