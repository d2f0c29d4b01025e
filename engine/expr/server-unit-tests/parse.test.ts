/**
 * Port of expression_test.cpp's Parse tests (ParseObject, ParseExpression, ParseOperand): what
 * `Expression::parseObject/parseExpression/parseOperand` accept and refuse, observed through the
 * value (the serialized shapes are only visible through explain) and the parse errors' codes and
 * messages.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, exprError, i, typed, v } from './harness.js';

const SET = 'Invalid $set :: caused by :: ';

describe('ParseObject / ParseExpression / ParseOperand', () => {
  it('ShouldAcceptEmptyObject / ShouldRecognizeKnownExpression / ShouldRecognizeConstExpression', () => {
    expect(evalTyped({ $literal: {} })).toEqual(typed(v({})));
    expect(evalTyped({ $and: [] })).toEqual(['bool', 'true']);
    expect(evalTyped({ $const: i(5) })).toEqual(['int', '5']);
  });
  it('ShouldRejectUnknownExpression: 168', () => {
    expect(exprError({ $invalid: i(1) })).toEqual({ code: 168, errmsg: `${SET}Unrecognized expression '$invalid'` });
  });
  it('ShouldRejectExpressionArgumentsWhichAreNotInArray / …WithWrongNumberOfArguments: 16020', () => {
    expect(exprError({ $strcasecmp: 'foo' })).toEqual({
      code: 16020,
      errmsg: `${SET}Expression $strcasecmp takes exactly 2 arguments. 1 were passed in.`,
    });
    expect(exprError({ $strcasecmp: ['foo'] })).toEqual({
      code: 16020,
      errmsg: `${SET}Expression $strcasecmp takes exactly 2 arguments. 1 were passed in.`,
    });
  });
  // Inside an expression Expression::parseObject answers 15983; as a stage's field value the
  // projection parser checks first, with 40181.
  it('ShouldRejectObjectWithTwoTopLevelExpressions / ShouldRejectExpressionIfItsNotTheOnlyField: 15983 (40181 as a field of $set)', () => {
    expect(exprError({ $not: [{ $and: [], $or: [] }] })).toEqual({
      code: 15983,
      errmsg: `${SET}An object representing an expression must have exactly one field: { $and: [], $or: [] }`,
    });
    expect(exprError({ $not: [{ $and: [], a: { $or: [] } }] })).toEqual({
      code: 15983,
      errmsg: `${SET}An object representing an expression must have exactly one field: { $and: [], a: { $or: [] } }`,
    });
    expect(exprError({ $and: [], $or: [] }).code).toBe(40181);
  });
  it('ShouldParseExpressionWith{Multiple,No,One}Argument(s) / ShouldAcceptArgumentWithoutArray… / ShouldAcceptObject(InsideArray)AsSingleArgument', () => {
    expect(evalTyped({ $strcasecmp: ['foo', 'FOO'] })).toEqual(['int', '0']);
    expect(evalTyped({ $and: [i(1)] })).toEqual(['bool', 'true']);
    expect(evalTyped({ $and: i(1) })).toEqual(['bool', 'true']);
    expect(evalTyped({ $not: i(1) })).toEqual(['bool', 'false']);
    expect(evalTyped({ $and: { $const: i(1) } })).toEqual(['bool', 'true']);
    expect(evalTyped({ $and: [{ $const: i(1) }] })).toEqual(['bool', 'true']);
  });
  it('ShouldRecognizeFieldPath / StringLiteral / NestedArray / NumberLiteral / NestedExpression', () => {
    expect(evalTyped('$field', { field: 'x' })).toEqual(['string', '"x"']);
    expect(evalTyped('foo')).toEqual(['string', '"foo"']);
    expect(evalTyped(['foo', '$field'], { field: i(2) })).toEqual(typed(v(['foo', i(2)])));
    expect(evalTyped(i(5))).toEqual(['int', '5']);
    expect(evalTyped({ $and: [] })).toEqual(['bool', 'true']);
  });
});
