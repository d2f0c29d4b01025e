/**
 * What a `$set`/`$addFields` specification may hold (add_fields_projection_executor_test.cpp's
 * AddFieldsProjectionExecutorSpec cases, DoesNotErrorOnEmptySpec, AddingEmptySpecResultsInNoOp;
 * document_source_add_fields_test.cpp's ShouldErrorOnNonObjectSpec), from
 * add_fields_projection_executor.cpp's `ProjectionSpecValidator` and `FieldPath`: the C++ cases
 * assert only that creation throws, the rows give 8.0's code and message, through `aggregate` and
 * an update pipeline alike.
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, stageError } from './stage-harness.js';

const CONFLICT = 'Invalid $set :: caused by :: specification contains two conflicting paths.';

describe('conflicting paths fail with 40176 (ThrowsOnCreationWithConflictingFieldPaths)', () => {
  // A document cannot repeat a name, so the same-path cases ({a: 1, a: 2}, {_id: 3, _id: true},
  // {a: {b: 1, b: 2}}) are not expressible here; the overlapping-path cases are.
  it.each([
    ['{"$set": {"a": 1, "a.b": 2}}', `${CONFLICT} Cannot specify both 'a.b' and 'a': { a: 1, a.b: 2 }`],
    ['{"$set": {"a.b.c": 1, "a": 2}}', `${CONFLICT} Cannot specify both 'a' and 'a.b.c': { a.b.c: 1, a: 2 }`],
    [
      '{"$set": {"_id": true, "_id.x": true}}',
      `${CONFLICT} Cannot specify both '_id.x' and '_id': { _id: true, _id.x: true }`,
    ],
  ])('%s', (stage, message) => {
    expect(stageError(stage, '{"a": 1}')).toBe(`40176: ${message}`);
  });
});

describe('invalid field paths (ThrowsOnCreationWithInvalidFieldPath)', () => {
  it.each([
    [
      '{"$set": {"a": {"b.c": true}}}',
      "40183: Invalid $set :: caused by :: cannot use dotted field name 'b.c' in a sub object: { a: { b.c: true } }",
    ],
    [
      '{"$set": {"$dollar": 0}}',
      "16410: Invalid $set :: caused by :: FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    [
      '{"$set": {"c.$d": true}}',
      "16410: Invalid $set :: caused by :: FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    ['{"$set": {"": 2}}', '40352: Invalid $set :: caused by :: FieldPath cannot be constructed with empty string'],
    // The validator joins the prefix and the empty name into the FieldPath "a." (40353).
    ['{"$set": {"a": {"": true}}}', "40353: Invalid $set :: caused by :: FieldPath must not end with a '.'."],
    [
      '{"$set": {"": {"a": true}}}',
      '40352: Invalid $set :: caused by :: FieldPath cannot be constructed with empty string',
    ],
    ['{"$set": {"a.": true}}', "40353: Invalid $set :: caused by :: FieldPath must not end with a '.'."],
    ['{"$set": {".a": true}}', '15998: Invalid $set :: caused by :: FieldPath field names may not be empty strings.'],
  ])('%s', (stage, expected) => {
    expect(stageError(stage, '{"a": 1}')).toBe(expected);
  });
});

describe('invalid expressions (ThrowsOnCreationWithInvalidObjectsOrExpressions)', () => {
  it.each([
    [
      '{"$set": {"a": {"$add": [4, 2], "b": 1}}}',
      '40181: Invalid $set :: caused by :: an expression specification must contain exactly one field, the name of the expression. Found 2 fields in { $add: [ 4, 2 ], b: 1 }, while parsing object { a: { $add: [ 4, 2 ], b: 1 } }',
    ],
    [
      '{"$set": {"a": {"$gt": {"bad": "arguments"}}}}',
      '16020: Invalid $set :: caused by :: Expression $gt takes exactly 2 arguments. 1 were passed in.',
    ],
    [
      '{"$addFields": {"a": false, "b": {"$unknown": [4, 2]}}}',
      "168: Invalid $addFields :: caused by :: Unrecognized expression '$unknown'",
    ],
  ])('%s', (stage, expected) => {
    expect(stageError(stage, '{"a": 1}')).toBe(expected);
  });
});

describe('a specification that is not an object fails with 40272 (ShouldErrorOnNonObjectSpec)', () => {
  it.each([
    ['{"$addFields": "foo"}', '40272: $addFields specification stage must be an object, got string'],
    ['{"$set": [1]}', '40272: $set specification stage must be an object, got array'],
  ])('%s', (stage, expected) => {
    expect(stageError(stage)).toBe(expected);
  });
});

describe('empty specifications (DoesNotErrorOnEmptySpec, AddingEmptySpecResultsInNoOp; 8.0)', () => {
  // The stored 2018 test expected `{}` and `{a: {}}` to fail; since SERVER-48890 (5.0) an empty
  // specification is a no-op and since SERVER-54046 (6.1) an empty object is a value.
  it('an empty $set or $addFields leaves the document as it is', () => {
    expect(apply('{"$set": {}}', '{}')).toBe(canon('{}'));
    expect(apply('{"$addFields": {}}', '{"a": 1, "b": 2}')).toBe(canon('{"a": 1, "b": 2}'));
  });
  it('an empty object sets the field to {}', () => {
    expect(apply('{"$set": {"a": {}}}', '{"a": 1, "b": 2}')).toBe(canon('{"a": {}, "b": 2}'));
    expect(apply('{"$set": {"a": {"b": {}}}}', '{}')).toBe(canon('{"a": {"b": {}}}'));
  });
});
