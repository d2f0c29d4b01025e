/**
 * Port of src/mongo/db/exec/expression/evaluate_test.cpp (ExpressionConstantTest,
 * BuiltinRemoveVariableTest, NowAndClusterTime; NameExpression is the name parser of $merge/$out
 * targets, no stage of an update pipeline: n/a) and of src/mongo/db/pipeline/expression_let_test.cpp
 * (RedactionTest.ExpressionLet checks the redacted serialization only, not observable: the port
 * checks the values of its two $let expressions). A constant keeps its type, `$literal` escapes
 * `$`-strings (also inside arrays), and the constant "missing" ($$REMOVE) removes the field.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, i, typed, v } from './harness.js';

describe('ExpressionConstantTest / BuiltinRemoveVariableTest', () => {
  it('Create / CreateFromBsonElement: the value as written, type included', () => {
    expect(evalTyped({ $literal: i(5) })).toEqual(['int', '5']);
    expect(evalTyped({ $const: 'foo' })).toEqual(['string', '"foo"']);
  });
  it('ConstantOfValueMissingRemovesField / TypeOfRemoveIsMissing', () => {
    expect(evalTyped('$$REMOVE', { _id: 0, foo: 'bar' })).toEqual(['missing', '']);
    expect(evalTyped({ $type: '$$REMOVE' })).toEqual(['string', '"missing"']);
  });
  it('LiteralEscapesRemoveVar: $literal of ["$$REMOVE"] is that array of one string', () => {
    expect(evalTyped({ $literal: ['$$REMOVE'] })).toEqual(typed(v(['$$REMOVE'])));
    expect(evalTyped({ $literal: '$$REMOVE' })).toEqual(['string', '"$$REMOVE"']);
  });
});

describe('RedactionTest.ExpressionLet (values)', () => {
  it('$let binds constants, $$NOW and objects for `in`', () => {
    expect(evalTyped({ $let: { vars: { foo: i(35) }, in: { $gt: ['$$foo', i(23)] } } })).toEqual(['bool', 'true']);
    // A date sorts after every number in BSON order.
    expect(
      evalTyped({
        $let: { vars: { foo: i(35), myNow: '$$NOW', obj: { hello: i(23) } }, in: { $gt: ['$$myNow', '$$obj.hello'] } },
      }),
    ).toEqual(['bool', 'true']);
    expect(evalTyped({ $let: { vars: { obj: { hello: i(23) } }, in: '$$obj.hello' } })).toEqual(['int', '23']);
  });
});
