/**
 * The `$addFields`/`$set` document source (document_source_add_fields_test.cpp): it keeps the
 * fields it does not name, replaces the ones it names in place and appends new ones; `$$REMOVE`
 * adds nothing, `$$ROOT`/`$$CURRENT` are the stage's input; a computed path may be exactly as deep
 * as `BSONDepth::getMaxAllowableDepth()` (200) and one more fails with 15 (Overflow). Each row runs
 * as an update pipeline and as `aggregate` (stage-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, stageError, viaAggregate, viaUpdate } from './stage-harness.js';

const rows: ReadonlyArray<{ from: string; stage: string; doc: string; result: string }> = [
  {
    from: 'ShouldKeepUnspecifiedFieldsReplaceExistingFieldsAndAddNewFields',
    stage: '{"$addFields": {"e": 2, "b": {"c": 3}}}',
    doc: '{"a": 1, "b": {"c": 1}, "d": 1}',
    result: '{"a": 1, "b": {"c": 3}, "d": 1, "e": 2}',
  },
  {
    from: 'ShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$addFields": {"a": 10}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"a": 10, "b": 2}',
  },
  {
    from: 'ShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$addFields": {"a": 10}}',
    doc: '{"c": 3, "d": 4}',
    result: '{"c": 3, "d": 4, "a": 10}',
  },
  {
    from: 'AddFieldsWithRemoveSystemVariableDoesNotAddField',
    stage: '{"$addFields": {"fieldToAdd": "$$REMOVE"}}',
    doc: '{"existingField": 1}',
    result: '{"existingField": 1}',
  },
  {
    // The document carries its `_id` so that the copied root is the same through both paths.
    from: 'AddFieldsWithRootSystemVariableAddsRootAsSubDoc',
    stage: '{"$addFields": {"b": "$$ROOT"}}',
    doc: '{"_id": 0, "a": 1}',
    result: '{"_id": 0, "a": 1, "b": {"_id": 0, "a": 1}}',
  },
  {
    from: 'AddFieldsWithCurrentSystemVariableAddsRootAsSubDoc',
    stage: '{"$set": {"b": "$$CURRENT"}}',
    doc: '{"_id": 0, "a": 1}',
    result: '{"_id": 0, "a": 1, "b": {"_id": 0, "a": 1}}',
  },
  {
    // ShouldOptimizeInnerExpressions: {$and: [{$const: true}]} optimizes to true; the value is the same.
    from: 'ShouldOptimizeInnerExpressions, ShouldSerializeAndParse',
    stage: '{"$set": {"a": {"$and": [{"$const": true}]}, "n": {"$const": "new"}}}',
    doc: '{"a": 0}',
    result: '{"a": true, "n": "new"}',
  },
];

const path = (depth: number): string => Array.from({ length: depth }, () => 'a').join('.');

describe('$set/$addFields computes from its input document (document_source_add_fields_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc)).toBe(canon(row.result));
  });

  it('a computed path 200 deep is built (CanAddNestedDocumentExactlyAtDepthLimit)', () => {
    const out = viaAggregate(`{"$addFields": {"${path(200)}": 1}}`, '{"_id": 1}');
    const expected = `{"_id": 1, ${'{"a": '.repeat(200).slice(1)}1${'}'.repeat(200)}`;
    expect(out).toEqual({ doc: canon(expected) });
    // Stored, that document is deeper than a user document may be (storage_validation.cpp).
    expect(viaUpdate(`{"$addFields": {"${path(200)}": 1}}`, '{"_id": 1}')).toEqual({
      error: { code: 15, errmsg: 'Document exceeds maximum nesting depth of 180' },
    });
  });

  it('a path 201 deep fails with 15 (CannotAddNestedDocumentExceedingDepthLimit)', () => {
    expect(stageError(`{"$addFields": {"${path(201)}": 1}}`, '{"_id": 1}')).toBe(
      '15: Invalid $addFields :: caused by :: FieldPath is too long',
    );
  });
});
