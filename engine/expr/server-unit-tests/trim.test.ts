/**
 * Port of src/mongo/db/pipeline/expression_trim_test.cpp (ExpressionTrimParsingTest,
 * ExpressionTrimTest): the argument checks of `ExpressionTrim::parse` (50696, 50695, 50694) and
 * the values of constant and field-path trims (the dependency and serialization tests need
 * explain).
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, exprError, i } from './harness.js';

const SET = 'Invalid $set :: caused by :: ';

describe('ExpressionTrimParsingTest', () => {
  it('ThrowsIfSpecIsNotAnObject: 50696', () => {
    expect(exprError({ $trim: i(1) })).toEqual({
      code: 50696,
      errmsg: `${SET}$trim only supports an object as an argument, found int`,
    });
    expect(exprError({ $trim: [i(1), i(2)] }).code).toBe(50696);
    expect(exprError({ $ltrim: null })).toEqual({
      code: 50696,
      errmsg: `${SET}$ltrim only supports an object as an argument, found null`,
    });
    expect(exprError({ $rtrim: 'string' }).code).toBe(50696);
  });
  it('ThrowsIfSpecDoesNotSpecifyInput: 50695', () => {
    expect(exprError({ $trim: {} }).code).toBe(50695);
    expect(exprError({ $ltrim: { chars: 'xyz' } }).code).toBe(50695);
  });
  it('ThrowsIfSpecContainsUnrecognizedField: 50694', () => {
    expect(exprError({ $trim: { other: i(1) } })).toEqual({
      code: 50694,
      errmsg: `${SET}$trim found an unknown argument: other`,
    });
    expect(exprError({ $ltrim: { chars: 'xyz', other: i(1) } }).code).toBe(50694);
    expect(exprError({ $rtrim: { input: '$x', chars: 'xyz', other: i(1) } }).code).toBe(50694);
  });
});

describe('ExpressionTrimTest', () => {
  it('DoesOptimizeToConstantWithNoChars / …WithCustomChars / DoesNotOptimizeToConstantWithFieldPaths / DoesSerializeCorrectly (values)', () => {
    expect(evalTyped({ $trim: { input: ' abc ' } })).toEqual(['string', '"abc"']);
    expect(evalTyped({ $trim: { input: { $concat: [' ', 'abc '] } } })).toEqual(['string', '"abc"']);
    expect(evalTyped({ $trim: { input: ' abc ', chars: ' ' } })).toEqual(['string', '"abc"']);
    expect(evalTyped({ $trim: { input: '  abc ', chars: { $substrCP: ['  ', i(1), i(1)] } } })).toEqual([
      'string',
      '"abc"',
    ]);
    expect(
      evalTyped({ $trim: { input: { $concat: [' ', 'abc '] }, chars: { $substrCP: ['  ', i(1), i(1)] } } }),
    ).toEqual(['string', '"abc"']);
    expect(evalTyped({ $trim: { input: '$inputField' } }, { inputField: ' x ' })).toEqual(['string', '"x"']);
    expect(evalTyped({ $trim: { input: ' abc ', chars: '$secondInput' } }, { secondInput: ' a' })).toEqual([
      'string',
      '"bc"',
    ]);
    expect(
      evalTyped({ $ltrim: { input: '$inputField', chars: '$$CURRENT.a' } }, { inputField: ' , 4', a: ' ,' }),
    ).toEqual(['string', '"4"']);
  });
});

// expression_replace_test.cpp
describe('ExpressionReplaceTest', () => {
  it('Expects3NamedArgs: anything but an object is refused (51751); an object with the three parses', () => {
    for (const op of ['$replaceOne', '$replaceAll']) {
      for (const arg of [i(1), [i(1), i(2)], null, 'string']) expect(exprError({ [op]: arg }).code).toBe(51751);
      expect(exprError({ [op]: { input: i(1), find: i(1), replacement: i(1) } }).code).toBe(51746);
    }
  });
});
