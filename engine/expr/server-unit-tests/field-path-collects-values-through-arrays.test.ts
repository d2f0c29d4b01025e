/**
 * Port of src/mongo/db/exec/expression/evaluate_field_path_test.cpp (EvaluateFieldPathTest) and
 * src/mongo/db/pipeline/expression_field_path_test.cpp (FieldPath::Invalid, Missing … ExpandNestedArrays,
 * RemoveOptimizesToMissingValue, OptimizeOnVariableWith…, ScalarVariableWithDottedFieldPath…):
 * a field path is missing below null, undefined, a scalar or a missing parent; through an array it
 * collects the values found in the array's objects (nothing for scalars, null or missing ones),
 * keeping nested arrays as they are. Serialization, dependency and "was it folded" checks need
 * explain and are not observable; what the optimized path evaluates to is.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { evalTyped, exprError, i, SET, typed, v, type Lit } from './harness.js';

function at(path: string, doc: Lit): [string, string] {
  return evalTyped(path, { _id: 0, ...(doc as object) });
}

describe('EvaluateFieldPathTest / FieldPath', () => {
  it('Missing / Present / NestedValue', () => {
    expect(at('$a', {})).toEqual(['missing', '']);
    expect(at('$a', { a: i(123) })).toEqual(['int', '123']);
    expect(at('$a.b', { a: { b: i(55) } })).toEqual(['int', '55']);
  });
  it('NestedBelowNull / NestedBelowUndefined / NestedBelowMissing / NestedBelowInt / NestedBelowEmptyObject: missing', () => {
    for (const doc of [{ a: null }, { a: BSON_UNDEFINED }, { z: i(1) }, { a: i(2) }, { a: {} }]) {
      expect(at('$a.b', doc)).toEqual(['missing', '']);
    }
  });
  it('NestedBelowEmptyArray / NestedBelowArrayWithNull / …WithUndefined / …WithInt: an empty array', () => {
    for (const a of [[], [null], [BSON_UNDEFINED], [i(1)]]) {
      expect(at('$a.b', { a })).toEqual(typed(v([])));
    }
  });
  it('NestedWithinArray / MultipleArrayValues: the values of the elements that have the field, in order', () => {
    expect(at('$a.b', { a: [{ b: i(9) }] })).toEqual(typed(v([i(9)])));
    expect(at('$a.b', { a: [{ b: i(9) }, null, BSON_UNDEFINED, { g: i(4) }, { b: i(20) }, {}] })).toEqual(
      typed(v([i(9), i(20)])),
    );
  });
  it('ExpandNestedArrays: one level of array per array in the path, inner arrays kept whole', () => {
    const a = [
      { b: [{ c: i(1) }, { c: i(2) }] },
      { b: { c: i(3) } },
      { b: [{ c: i(4) }] },
      { b: [{ c: [i(5)] }] },
      { b: { c: [i(6), i(7)] } },
    ];
    expect(at('$a.b.c', { a })).toEqual(typed(v([[i(1), i(2)], i(3), [i(4)], [[i(5)]], [i(6), i(7)]])));
  });
  it('Invalid: "$" alone is not a field path (16872), and an empty component is refused (15998)', () => {
    expect(exprError('$')).toEqual({ code: 16872, errmsg: `${SET}'$' by itself is not a valid FieldPath` });
    expect(exprError('$a..b')).toEqual({
      code: 15998,
      errmsg: `${SET}FieldPath field names may not be empty strings.`,
    });
  });
});

describe('FieldPath optimize() on variables (values)', () => {
  it('RemoveOptimizesToMissingValue', () => {
    expect(evalTyped('$$REMOVE', { _id: 0, x: { y: i(123) } })).toEqual(['missing', '']);
  });
  it('NoOptimizationForRootFieldPathWithDottedPath / …CurrentFieldPath…: $$ROOT.x.y and $$CURRENT.x.y read the document', () => {
    expect(evalTyped('$$ROOT.x.y', { _id: 0, x: { y: i(123) } })).toEqual(['int', '123']);
    expect(evalTyped('$$CURRENT.x.y', { _id: 0, x: { y: i(123) } })).toEqual(['int', '123']);
  });
  it('OptimizeOnVariableWithConstantScalarValue / …ArrayValue / …ValueAndDottedPath / OptimizeToEmptyArrayOnNumericalPathComponent… / ScalarVariableWithDottedFieldPath…', () => {
    const of = (value: Lit, path: string): [string, string] =>
      evalTyped({ $let: { vars: { userVar: { $literal: value } }, in: path } });
    expect(of(i(123), '$$userVar')).toEqual(['int', '123']);
    expect(of([i(1), i(2), i(3)], '$$userVar')).toEqual(typed(v([i(1), i(2), i(3)])));
    // A numeric component is a field name, never an array index: no element has field "1".
    expect(of([i(1), i(2), i(3)], '$$userVar.1')).toEqual(typed(v([])));
    expect(of({ x: { y: i(123) } }, '$$userVar.x.y')).toEqual(['int', '123']);
    expect(of(i(123), '$$userVar.x.y')).toEqual(['missing', '']);
  });
  it('NoOptimizationOnCertainVariables: $$NOW and $$CLUSTER_TIME are values of the command', () => {
    expect(evalTyped({ $type: '$$NOW' })).toEqual(['string', '"date"']);
    expect(evalTyped({ $type: '$$CLUSTER_TIME' })).toEqual(['string', '"timestamp"']);
  });
});
