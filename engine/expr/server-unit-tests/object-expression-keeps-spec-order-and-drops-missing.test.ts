/**
 * Port of src/mongo/db/pipeline/expression_object_test.cpp (ExpressionObjectParse,
 * ParseObject/ObjectParsing, ExpressionObjectEvaluate, ExpressionObjectOptimizations) and of
 * src/mongo/db/exec/expression/evaluate_object_test.cpp (ExpressionObjectEvaluate). An object
 * literal inside an expression (here the `in` of a `$let`, where parseOperand builds an
 * ExpressionObject; a top-level `$set` value would be a nested projection instead) evaluates its
 * fields in the order written, drops fields whose value is missing (a nested object whose fields
 * are all missing stays as {}), and refuses field names that are dotted (16412), `$`-prefixed
 * (an operator: 168, or after a first plain field 16410), empty (15998) or hold a NUL (16411),
 * and field paths ending in '.' (40353). Serialize/dependency checks need explain: not observable.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, exprError, i, SET, typed, v, type Lit } from './harness.js';

/** The object literal `spec` as an ExpressionObject, evaluated over `doc`. */
const object = (spec: Lit, doc: Lit = { _id: 0 }): [string, string] => evalTyped({ $let: { vars: {}, in: spec } }, doc);
const objectError = (spec: Lit) => exprError({ $let: { vars: {}, in: spec } });

describe('ExpressionObjectParse / ParseObject', () => {
  it('ShouldAcceptEmptyObject / …LiteralsAsValues / …_idAsFieldName / …FieldNameContainingDollar / …NestedObjects / …Arrays / ShouldAcceptExpressionAsValue', () => {
    expect(object({})).toEqual(typed(v({})));
    expect(object({ a: i(5), b: 'string', c: null })).toEqual(typed(v({ a: i(5), b: 'string', c: null })));
    expect(object({ _id: i(5) })).toEqual(typed(v({ _id: i(5) })));
    expect(object({ a$b: i(5) })).toEqual(typed(v({ a$b: i(5) })));
    expect(object({ a: { b: i(1) }, c: { d: { e: i(1), f: i(1) } } })).toEqual(
      typed(v({ a: { b: i(1) }, c: { d: { e: i(1), f: i(1) } } })),
    );
    expect(object({ a: [i(1), i(2)] })).toEqual(typed(v({ a: [i(1), i(2)] })));
    expect(object({ a: { $and: [] } })).toEqual(typed(v({ a: true })));
  });
  it('ShouldRejectDottedFieldNames: 16412, wherever the dotted field is', () => {
    const dotted = {
      code: 16412,
      errmsg: `${SET}FieldPath field names may not contain '.'. Consider using $getField or $setField.`,
    };
    expect(objectError({ 'a.b': i(1) })).toEqual(dotted);
    expect(objectError({ c: i(3), 'a.b': i(1) })).toEqual(dotted);
    expect(objectError({ 'a.b': i(1), c: i(3) })).toEqual(dotted);
  });
  it('ShouldRejectInvalidFieldName: $a alone is an unknown operator (168), empty 15998, NUL 16411', () => {
    expect(objectError({ $a: i(1) })).toEqual({ code: 168, errmsg: `${SET}Unrecognized expression '$a'` });
    expect(objectError({ '': i(1) })).toEqual({
      code: 15998,
      errmsg: `${SET}FieldPath field names may not be empty strings.`,
    });
    expect(objectError({ 'a\0b': i(1) })).toEqual({
      code: 16411,
      errmsg: `${SET}FieldPath field names may not contain '\0'.`,
    });
  });
  it('ShouldRejectInvalidFieldPathAsValue: 40353', () => {
    expect(objectError({ a: '$field.' })).toEqual({ code: 40353, errmsg: `${SET}FieldPath must not end with a '.'.` });
  });
  it('ShouldRejectExpressionAsTheSecondField: 16410', () => {
    expect(objectError({ a: { $and: [] }, $or: [] })).toEqual({
      code: 16410,
      errmsg: `${SET}FieldPath field names may not start with '$'. Consider using $getField or $setField.`,
    });
  });
});

describe('ExpressionObjectEvaluate', () => {
  it('EmptyObjectShouldEvaluateToEmptyDocument / ShouldEvaluateEachField', () => {
    for (const doc of [{ _id: 0 }, { _id: 0, a: i(1) }, { _id: 'ID' }]) {
      expect(object({}, doc)).toEqual(typed(v({})));
      expect(object({ a: i(1), b: i(5) }, doc)).toEqual(typed(v({ a: i(1), b: i(5) })));
    }
  });
  it('OrderOfFieldsInOutputShouldMatchOrderInSpecification', () => {
    expect(object({ a: '$a', b: '$b', c: '$c' }, { c: 'C', a: 'A', b: 'B', _id: 'ID' })).toEqual(
      typed(v({ a: 'A', b: 'B', c: 'C' })),
    );
  });
  it('ShouldRemoveFieldsThatHaveMissingValues', () => {
    expect(object({ a: '$a.b', b: '$missing' })).toEqual(typed(v({})));
    expect(object({ a: '$a.b', b: '$missing' }, { _id: 0, a: i(1) })).toEqual(typed(v({})));
  });
  it('ShouldEvaluateFieldsWithinNestedObject', () => {
    // The C++ test reads `_id`; a stored document always has one, so the port reads `k`.
    expect(object({ a: { b: i(1), c: '$k' } })).toEqual(typed(v({ a: { b: i(1) } })));
    expect(object({ a: { b: i(1), c: '$k' } }, { _id: 0, k: 'ID' })).toEqual(typed(v({ a: { b: i(1), c: 'ID' } })));
  });
  it('ShouldEvaluateToEmptyDocumentIfAllFieldsAreMissing', () => {
    expect(object({ a: '$missing' })).toEqual(typed(v({})));
    expect(object({ nested: { a: '$missing' } })).toEqual(typed(v({ nested: {} })));
  });
});

describe('ExpressionObjectOptimizations (values)', () => {
  it('OptimizingAnObjectShouldOptimizeSubExpressions / …WithAllConstantsShouldOptimizeToExpressionConstant', () => {
    expect(object({ a: { $add: [i(1), i(2)] } })).toEqual(typed(v({ a: i(3) })));
    expect(object({ b: i(1), c: i(1) })).toEqual(typed(v({ b: i(1), c: i(1) })));
    expect(object({ b: i(1), input: '$inputField' }, { _id: 0, inputField: 'x' })).toEqual(
      typed(v({ b: i(1), input: 'x' })),
    );
    expect(object({ willBeConstant: { $add: [i(1), i(2)] }, alreadyConstant: 'string' })).toEqual(
      typed(v({ willBeConstant: i(3), alreadyConstant: 'string' })),
    );
  });
});
