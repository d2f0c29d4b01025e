/**
 * The `$project` and `$unset` document sources (document_source_project_test.cpp): what their
 * specifications may be (15969, 31002, 31119, 31120, 51272, 51270 and the depth limit, 15) and
 * what they make of a document (`$$REMOVE` drops a computed field; `$unset` is the exclusion
 * `{<path>: false}` with `_id` kept). Each row runs as an update pipeline and as `aggregate`
 * (stage-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, stageError, viaAggregate } from './stage-harness.js';

const rows: ReadonlyArray<{ from: string; stage: string; doc: string; result: string }> = [
  {
    from: 'InclusionProjectionShouldRemoveUnspecifiedFields',
    stage: '{"$project": {"a": true, "c": {"d": true}}}',
    doc: '{"_id": 0, "a": 1, "b": 1, "c": {"d": 1}}',
    result: '{"_id": 0, "a": 1, "c": {"d": 1}}',
  },
  {
    from: 'InclusionShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$project": {"a": true}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"a": 1}',
  },
  {
    from: 'InclusionShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$project": {"a": true}}',
    doc: '{"a": 3, "b": 4}',
    result: '{"a": 3}',
  },
  {
    from: 'ExclusionShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$project": {"a": false}}',
    doc: '{"a": 1, "b": 2}',
    result: '{"b": 2}',
  },
  {
    from: 'ExclusionShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$project": {"a": false}}',
    doc: '{"a": 3, "b": 4}',
    result: '{"b": 4}',
  },
  {
    from: 'CanUseRemoveSystemVariableToConditionallyExcludeProjectedField',
    stage: '{"$project": {"a": 1, "b": {"$cond": [{"$eq": ["$b", 4]}, "$$REMOVE", "$b"]}}}',
    doc: '{"a": 2, "b": 2}',
    result: '{"a": 2, "b": 2}',
  },
  {
    from: 'CanUseRemoveSystemVariableToConditionallyExcludeProjectedField',
    stage: '{"$project": {"a": 1, "b": {"$cond": [{"$eq": ["$b", 4]}, "$$REMOVE", "$b"]}}}',
    doc: '{"a": 3, "b": 4}',
    result: '{"a": 3}',
  },
  {
    from: 'ShouldOptimizeInnerExpressions',
    stage: '{"$project": {"a": {"$and": [{"$const": true}]}}}',
    doc: '{"_id": 0, "a": 0}',
    result: '{"_id": 0, "a": true}',
  },
  {
    from: 'UnsetSingleField, UnsetShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$unset": ["a"]}',
    doc: '{"a": 10, "b": 20}',
    result: '{"b": 20}',
  },
  {
    from: 'UnsetShouldBeAbleToProcessMultipleDocuments',
    stage: '{"$unset": ["a"]}',
    doc: '{"a": 3, "b": 4}',
    result: '{"b": 4}',
  },
  {
    from: 'UnsetMultipleFields, AcceptsValidUnsetSpecWithArray',
    stage: '{"$unset": ["a", "b.c", "d.e"]}',
    doc: '{"a": 10, "b": {"c": 20}, "d": [{"e": 30, "f": 40}]}',
    result: '{"b": {}, "d": [{"f": 40}]}',
  },
  {
    from: 'AcceptsValidUnsetSpecWithSingleString',
    stage: '{"$unset": "a"}',
    doc: '{"a": 1, "b": 2}',
    result: '{"b": 2}',
  },
];

describe('$project and $unset apply (document_source_project_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc)).toBe(canon(row.result));
  });

  it('$unset is the exclusion it serializes to (UnsetSerializesToProject)', () => {
    const doc = '{"_id": 1, "a": 1, "b": {"c": 2, "e": 3}}';
    expect(apply('{"$unset": ["b.c"]}', doc)).toBe(apply('{"$project": {"b": {"c": false}, "_id": true}}', doc));
    expect(apply('{"$unset": ["b.c"]}', doc)).toBe(canon('{"_id": 1, "a": 1, "b": {"e": 3}}'));
  });
});

describe('$project and $unset specifications (document_source_project_test.cpp)', () => {
  it.each([
    ['ShouldErrorOnNonObjectSpec', '{"$project": "foo"}', '15969: $project specification must be an object'],
    [
      'RejectsUnsetSpecWhichIsNotAnArrayOrString',
      '{"$unset": 1}',
      '31002: $unset specification must be a string or an array',
    ],
    [
      'RejectsUnsetSpecWithEmptyArray',
      '{"$unset": []}',
      '31119: $unset specification must be a string or an array with at least one field',
    ],
    [
      'RejectsUnsetSpecWithArrayContainingAnyNonStringValue',
      '{"$unset": ["a", 2, "b"]}',
      '31120: $unset specification must be a string or an array containing only string values',
    ],
    [
      '(projection_ast: empty $project)',
      '{"$project": {}}',
      '51272: Invalid $project :: caused by :: projection specification must have at least one field',
    ],
    [
      '(projection_ast: empty sub-projection)',
      '{"$project": {"a": {}}}',
      '51270: Invalid $project :: caused by :: An empty sub-projection is not a valid value. Found empty object at path',
    ],
  ])('%s: %s', (_from, stage, expected) => {
    expect(stageError(stage)).toBe(expected);
  });

  const path = (depth: number): string => Array.from({ length: depth }, () => 'a').join('.');
  it('a computed path 200 deep is accepted, 201 fails with 15 (CanAddNestedDocumentExactlyAtDepthLimit, CannotAddNestedDocumentExceedingDepthLimit)', () => {
    const ok = viaAggregate(`{"$project": {"${path(200)}": {"$literal": 1}}}`, '{"_id": 1}');
    expect(ok).toEqual({ doc: canon(`{"_id": 1, ${'{"a": '.repeat(200).slice(1)}1${'}'.repeat(200)}`) });
    expect(stageError(`{"$project": {"${path(201)}": {"$literal": 1}}}`, '{"_id": 1}')).toBe(
      '15: Invalid $project :: caused by :: FieldPath is too long',
    );
  });
});
