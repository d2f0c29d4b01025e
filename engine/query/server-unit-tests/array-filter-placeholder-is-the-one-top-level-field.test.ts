/**
 * Port of expression_with_placeholder_test.cpp: `ExpressionWithPlaceholder::make` takes the
 * parsed filter's top-level field name (the path before its first dot, the same across logical
 * children; a child without a path adds none) and requires `^[a-z][a-zA-Z0-9]*$`. Its user-facing
 * counterpart is an update's `arrayFilters` entry (parsed_update.cpp wraps a failure in "Error
 * parsing array filter", and refuses a filter with no field name). The path is read from the parsed
 * tree: a top-level `$id`/`$ref`/`$db` (parseDBRef) is an equality on that path, so its name is
 * the placeholder (and fails the pattern). n/a: the `equivalent()` cases (C++ object comparison),
 * the `$_internalSchema*` operators (internal to `$jsonSchema`, which arrayFilters refuse).
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from '../../update/server-unit-tests/node-harness.js';
import { canon } from '../../commands/testing.js';

const CONTEXT = 'Error parsing array filter :: caused by :: ';
const BAD_NAME = (name: string): string =>
  `2: ${CONTEXT}The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${name}'`;

/** Sets `a.$[<id>]` to 9 where `filter` selects, over `a: [0, 1]`. */
function apply(filter: string, id = 'i'): string {
  return applyNode({ doc: '{"a": [0, 1]}', update: `{"$set": {"a.$[${id}]": 9}}`, arrayFilters: `[${filter}]` }).doc;
}
function refuse(filter: string, id = 'i'): string {
  return nodeError({ doc: '{"a": [0, 1]}', update: `{"$set": {"a.$[${id}]": 9}}`, arrayFilters: `[${filter}]` });
}

describe('ExpressionWithPlaceholder::make', () => {
  it('EmptyMatchExpressionParsesSuccessfully / NestedEmptyMatchExpressionParsesSuccessfully / SuccessfullyParsesAlwaysTrue / AlwaysFalse: no placeholder, which arrayFilters refuse', () => {
    for (const filter of ['{}', '{"$or":[{"$and":[{}]}]}', '{"$alwaysTrue":1}', '{"$alwaysFalse":1}']) {
      expect(refuse(filter)).toBe('9: Cannot use an expression without a top-level field name in arrayFilters');
    }
  });
  it('NestedMatchExpressionParsesSuccessfullyWhenSomeClausesHaveNoFieldName: the clauses with a path give the placeholder', () => {
    expect(apply('{"$or":[{"$and":[{}]},{"i":0},{"i":1},{"$and":[{}]}]}')).toBe(canon('{"a":[9,9]}'));
    expect(apply('{"$alwaysTrue":1,"i":1}')).toBe(canon('{"a":[0,9]}'));
    expect(apply('{"i":{"$not":{"$gt":0}}}')).toBe(canon('{"a":[9,1]}'));
    expect(apply('{"$nor":[{"i":0}]}')).toBe(canon('{"a":[0,9]}'));
  });
  it('EmptyFieldNameFailsToParse / EmptyElemMatchFieldNameFailsToParse / EmptyTopLevelFieldNameFailsToParse', () => {
    expect(refuse('{"":0}')).toBe(BAD_NAME(''));
    expect(refuse('{"":{"$elemMatch":{"a":0}}}')).toBe(BAD_NAME(''));
    expect(refuse('{".i":0}')).toBe(BAD_NAME(''));
  });
  it('MultipleTopLevelFieldsFailsToParse: FailedToParse naming the first two names in parse order', () => {
    expect(refuse('{"$and":[{"i":0},{"j":0}]}')).toBe(
      `9: ${CONTEXT}Expected a single top-level field name, found 'i' and 'j'`,
    );
    expect(refuse('{"i":0,"$or":[{"j":0}]}')).toBe(
      `9: ${CONTEXT}Expected a single top-level field name, found 'i' and 'j'`,
    );
  });
  it('SpecialCharactersInFieldNameFailsToParse / FieldNameStartingWithNumberFailsToParse / FieldNameStartingWithCapitalFailsToParse: BadValue', () => {
    expect(refuse('{"i&":0}')).toBe(BAD_NAME('i&'));
    expect(refuse('{"3i":0}')).toBe(BAD_NAME('3i'));
    expect(refuse('{"Ai":0}')).toBe(BAD_NAME('Ai'));
  });
  it('a top-level $id / $ref / $db is a path (parseDBRef), so it is the placeholder and fails the pattern', () => {
    expect(refuse('{"$id":0}')).toBe(BAD_NAME('$id'));
    expect(refuse('{"$ref":"c"}')).toBe(BAD_NAME('$ref'));
    expect(refuse('{"$db":"d"}')).toBe(BAD_NAME('$db'));
    expect(refuse('{"i":0,"$id":0}')).toBe(`9: ${CONTEXT}Expected a single top-level field name, found 'i' and '$id'`);
  });
});
