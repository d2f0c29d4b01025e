/**
 * Port of doc_validation_error_test.cpp's `$expr` and `$sampleRate` cases (TEST(
 * MiscellaneousMatchExpression, BasicExpr, NorExpr, ExprImplicitArrayTraversal,
 * ExprWhichThrowsGeneratesError, MultipleExprsWhichThrow, OneExprThrowsAmongMultiple,
 * ExprsWhichThrowUnderInversion, SampleRateAlwaysFalse, SampleRateAlwaysTrue,
 * ExprExpressionResultNumeric, NorExprExpressionResultObject)): `$expr` reports the expression's
 * value as `expressionResult`; an expression that throws makes the document fail validation (121,
 * not the expression's own error: `CollectionImpl::checkValidation` catches it) and is reported as
 * "failed to evaluate aggregation expression" with the error's code, codeName and message, in a
 * normal and in an inverted context alike; `$sampleRate` 0 and 1 are constant `$expr`s reported
 * under their own name. 8.0 refuses a division by zero with 2 BadValue (`ExpressionDivide::apply`
 * returns `Status(ErrorCodes::BadValue, …)`); the stored C++ test is older and expects 16608.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

const divide =
  '{"operatorName":"$expr","specifiedAs":{"$expr":{"$divide":[10,0]}},"reason":"failed to evaluate aggregation expression","details":{"code":2,"codeName":"BadValue","errmsg":"can\'t $divide by zero"}}';
const concat =
  '{"operatorName":"$expr","specifiedAs":{"$expr":{"$concat":["$a","$b"]}},"reason":"failed to evaluate aggregation expression","details":{"code":16702,"codeName":"Location16702","errmsg":"$concat only supports strings, not int"}}';

describe('$expr', () => {
  it('BasicExpr / ExprImplicitArrayTraversal / ExprExpressionResultNumeric', () => {
    const spec = '{"$expr":{"$eq":["$a","$b"]}}';
    expect(errInfo(spec, '{"a":1,"b":2}')).toBe(
      expected(
        `{"operatorName":"$expr","specifiedAs":${spec},"reason":"expression did not match","expressionResult":false}`,
      ),
    );
    expect(errInfo(spec, '{"a":[0,1,2],"b":[3,4,5]}')).toBe(
      expected(
        `{"operatorName":"$expr","specifiedAs":${spec},"reason":"expression did not match","expressionResult":false}`,
      ),
    );
    expect(errInfo('{"$expr":0}', '{"a":1}')).toBe(
      expected(
        '{"operatorName":"$expr","specifiedAs":{"$expr":0},"reason":"expression did not match","expressionResult":0}',
      ),
    );
  });
  it('NorExpr / NorExprExpressionResultObject', () => {
    expect(errInfo('{"$nor":[{"$expr":{"$eq":["$a","$b"]}}]}', '{"a":1,"b":1}')).toBe(
      expected(
        '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$expr","specifiedAs":{"$expr":{"$eq":["$a","$b"]}},"reason":"expression did match","expressionResult":true}}]}',
      ),
    );
    expect(errInfo('{"$nor":[{"$expr":{"$literal":{"b":1}}}]}', '{"a":1}')).toBe(
      expected(
        '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$expr","specifiedAs":{"$expr":{"$literal":{"b":1}}},"reason":"expression did match","expressionResult":{"b":1}}}]}',
      ),
    );
  });
  it('ExprWhichThrowsGeneratesError / MultipleExprsWhichThrow / OneExprThrowsAmongMultiple / ExprsWhichThrowUnderInversion', () => {
    expect(errInfo('{"$expr":{"$divide":[10,0]}}', '{}')).toBe(expected(divide));
    const both = '{"$and":[{"$expr":{"$concat":["$a","$b"]}},{"$expr":{"$divide":[10,0]}}]}';
    expect(errInfo(both, '{"a":"field b is not a string","b":1}')).toBe(
      expected(
        `{"operatorName":"$and","clausesNotSatisfied":[{"index":0,"details":${concat}},{"index":1,"details":${divide}}]}`,
      ),
    );
    expect(errInfo(both, '{"a":"field b IS a string","b":"This will concat and not throw"}')).toBe(
      expected(`{"operatorName":"$and","clausesNotSatisfied":[{"index":1,"details":${divide}}]}`),
    );
    const nor = '{"$nor":[{"$expr":{"$concat":["$a","$b"]}},{"$expr":{"$divide":[10,0]}}]}';
    expect(errInfo(nor, '{"a":"field b is not a string","b":1}')).toBe(
      expected(
        `{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":${concat}},{"index":1,"details":${divide}}]}`,
      ),
    );
  });
});

describe('$sampleRate', () => {
  it('SampleRateAlwaysFalse / SampleRateAlwaysTrue', () => {
    expect(errInfo('{"$sampleRate":0}', '{"will this always fail?":"yes!"}')).toBe(
      expected(
        '{"operatorName":"$sampleRate","specifiedAs":{"$sampleRate":0},"reason":"expression did not match","expressionResult":false}',
      ),
    );
    expect(errInfo('{"$nor":[{"$sampleRate":1}]}', '{"will this always succeed?":"yes!"}')).toBe(
      expected(
        '{"operatorName":"$nor","clausesSatisfied":[{"index":0,"details":{"operatorName":"$sampleRate","specifiedAs":{"$sampleRate":1},"reason":"expression did match","expressionResult":true}}]}',
      ),
    );
  });
});
