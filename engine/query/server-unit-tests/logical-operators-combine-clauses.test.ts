/**
 * Port of expression_tree_test.cpp (TEST(NotMatchExpression, *), TEST(AndOp, *), TEST(OrOp, *),
 * TEST(NorOp, *)), expression_parser_tree_test.cpp (TEST(MatchExpressionParserTreeTest, *),
 * NotRegex1) and expression_parser_test.cpp (TEST(MatchExpressionParserTest, *): top-level
 * parsing, `$alwaysTrue`/`$alwaysFalse`, `$expr` placement, `$regex`/`$options` combinations).
 * Matching through find + count + update (harness.ts); `elemMatchKey` as the update's `$`
 * position (negations, `$or` of several clauses and `$nor` record none). An empty AND / OR / NOR
 * has no filter syntax (`{}` is the empty AND; `$or: []` is refused), so `NoClauses` runs as the
 * empty filter and as the refusal.
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, filterError, matching, parses } from './harness.js';

function expectSplit(filter: string, yes: string[], no: string[], collation?: string): void {
  expect(matching(filter, [...yes, ...no], collation === undefined ? {} : { collation })).toEqual(yes.map((_, i) => i));
}

const NO_POSITION = {
  code: 2,
  errmsg:
    'Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query.',
};

describe('NotMatchExpression', () => {
  it('MatchesScalar / MatchesArray: every element must fail the negated clause', () => {
    expectSplit('{"a":{"$not":{"$lt":5}}}', ['{"a":6}', '{"a":[6]}'], ['{"a":4}', '{"a":[4]}', '{"a":[4,5,6]}']);
  });
  it('ElemMatchKey: a negation records no position', () => {
    expect(matching('{"a":{"$not":{"$lt":5}}}', ['{"a":[1]}'])).toEqual([]);
    expect(elemMatchKey('{"a":{"$not":{"$lt":5}}}', '{"a":[6]}', 'a')).toEqual(NO_POSITION);
  });
  it('SetCollatorPropagatesToChild', () => {
    expectSplit('{"a":{"$ne":"string"}}', ['{"a":"string2"}'], ['{"a":"STRING"}'], '{"locale":"en","strength":1}');
  });
  it('NOT1 / NotRegex1', () => {
    expectSplit('{"x":{"$not":{"$gt":5}}}', ['{"x":2}'], ['{"x":8}']);
    expectSplit(
      '{"x":{"$not":{"$regularExpression":{"pattern":"abc","options":"i"}}}}',
      ['{"x":"AC"}'],
      ['{"x":"abc"}', '{"x":"ABC"}'],
    );
  });
});

describe('AndOp', () => {
  it('NoClauses: the empty filter matches everything', () => {
    expect(matching('{}', ['{}', '{"a":1}'])).toEqual([0, 1]);
  });
  it('MatchesElementThreeClauses / MatchesSingleClause / MatchesThreeClauses', () => {
    expectSplit(
      '{"a":{"$lt":"z1","$gt":"a1","$regex":"1"}}',
      ['{"a":"r1"}'],
      ['{"a":"z1"}', '{"a":"a1"}', '{"a":"r"}'],
    );
    expectSplit('{"$and":[{"a":{"$ne":5}}]}', ['{"a":4}', '{"a":[4,6]}'], ['{"a":5}', '{"a":[4,5]}']);
    expectSplit(
      '{"a":{"$gt":1,"$lt":10},"b":{"$lt":100}}',
      ['{"a":5,"b":6}'],
      ['{"a":5}', '{"b":6}', '{"a":1,"b":6}', '{"a":10,"b":6}'],
    );
  });
  it('ElemMatchKey: the last clause that records a position wins', () => {
    expect(matching('{"a":1,"b":2}', ['{"a":[1]}', '{"b":[2]}'])).toEqual([]);
    expect(elemMatchKey('{"a":1,"b":2}', '{"a":[1],"b":[1,2]}', 'b')).toBe(1);
  });
  it('AND1', () => {
    expectSplit(
      '{"$and":[{"x":1},{"y":2}]}',
      ['{"x":1,"y":2}'],
      ['{"x":1}', '{"y":2}', '{"x":3}', '{"y":1}', '{"x":2,"y":2}'],
    );
  });
});

describe('OrOp', () => {
  it('NoClauses: an empty $or cannot be written', () => {
    expect(filterError('{"$or":[]}')).toEqual({ code: 2, errmsg: '$and/$or/$nor must be a nonempty array' });
  });
  it('MatchesSingleClause / MatchesTwoClauses / MatchesThreeClauses / OR1 / OREmbedded', () => {
    expectSplit('{"$or":[{"a":{"$ne":5}}]}', ['{"a":4}', '{"a":[4,6]}'], ['{"a":5}', '{"a":[4,5]}']);
    expectSplit('{"$or":[{"i":5},{"i.a":6}]}', ['{"i":5}', '{"i":{"a":6}}'], ['{"i":6}', '{"i":{"a":5}}']);
    expectSplit(
      '{"$or":[{"a":{"$gt":10}},{"a":{"$lt":0}},{"b":100}]}',
      ['{"a":-1}', '{"a":11}', '{"b":100}', '{"a":11,"b":100}'],
      ['{"a":5}', '{"b":101}', '{}'],
    );
    for (const filter of ['{"$or":[{"x":1},{"y":2}]}', '{"$or":[{"$or":[{"x":1},{"y":2}]}]}']) {
      expectSplit(filter, ['{"x":1}', '{"y":2}'], ['{"x":3}', '{"y":1}']);
    }
  });
  it('ElemMatchKey: $or of several clauses records no position', () => {
    expect(matching('{"$or":[{"a":1},{"b":2}]}', ['{}', '{"a":[10],"b":[10]}'])).toEqual([]);
    expect(elemMatchKey('{"$or":[{"a":1},{"b":2}]}', '{"a":[1],"b":[1,2]}', 'a')).toEqual(NO_POSITION);
  });
});

describe('NorOp', () => {
  it('NoClauses: an empty $nor cannot be written', () => {
    expect(filterError('{"$nor":[]}')).toEqual({ code: 2, errmsg: '$and/$or/$nor must be a nonempty array' });
  });
  it('MatchesSingleClause / MatchesThreeClauses / NOREmbedded', () => {
    expectSplit('{"$nor":[{"a":{"$ne":5}}]}', ['{"a":5}', '{"a":[4,5]}'], ['{"a":4}', '{"a":[4,6]}']);
    expectSplit(
      '{"$nor":[{"a":{"$gt":10}},{"a":{"$lt":0}},{"b":100}]}',
      ['{"a":5}', '{"b":101}', '{}'],
      ['{"a":-1}', '{"a":11}', '{"b":100}', '{"a":11,"b":100}'],
    );
    expectSplit('{"$nor":[{"x":1},{"y":2}]}', ['{"x":3}', '{"y":1}'], ['{"x":1}', '{"y":2}']);
  });
  it('ElemMatchKey: $nor records no position', () => {
    expect(matching('{"$nor":[{"a":1},{"b":2}]}', ['{"a":1}', '{"a":[1],"b":[10]}'])).toEqual([]);
    expect(elemMatchKey('{"$nor":[{"a":1},{"b":2}]}', '{"a":[3],"b":[4]}', 'a')).toEqual(NO_POSITION);
  });
});

describe('MatchExpressionParserTest', () => {
  it('SimpleEQ1 / Multiple1', () => {
    expectSplit('{"x":2}', ['{"x":2}'], ['{"x":3}']);
    expectSplit(
      '{"x":5,"y":{"$gt":5,"$lt":8}}',
      ['{"x":5,"y":7}', '{"x":5,"y":6}'],
      ['{"x":6,"y":7}', '{"x":5,"y":9}', '{"x":5,"y":4}'],
    );
  });
  it('AlwaysFalseFailsToParseNonOneArguments / AlwaysTrueFailsToParseNonOneArguments: FailedToParse', () => {
    for (const op of ['$alwaysFalse', '$alwaysTrue']) {
      expect(filterError(`{"${op}":0}`)).toEqual({ code: 9, errmsg: `${op} must be an integer value of 1` });
      expect(filterError(`{"${op}":""}`)).toEqual({ code: 9, errmsg: `Expected a number in: ${op}: ""` });
      expect(filterError(`{"${op}":1.1}`)).toEqual({ code: 9, errmsg: `Expected an integer: ${op}: 1.1` });
      expect(filterError(`{"${op}":true}`)).toEqual({ code: 9, errmsg: `Expected a number in: ${op}: true` });
    }
  });
  it('AlwaysFalseParsesIntegerArgument / AlwaysTrueParsesIntegerArgument', () => {
    const docs = ['{}', '{"x":1}', '{"x":"blah"}'];
    expect(matching('{"$alwaysFalse":1}', docs)).toEqual([]);
    expect(matching('{"$alwaysTrue":1}', docs)).toEqual([0, 1, 2]);
  });
  it('ExprParsesSuccessfullyWhenAllowed / WithAdditionalTopLevelPredicates / WithinTopLevelOr / WithinTopLevelAnd', () => {
    for (const filter of [
      '{"$expr":{"$eq":["$a",5]}}',
      '{"x":1,"$expr":{"$eq":["$a",5]},"y":1}',
      '{"$or":[{"x":1},{"$expr":{"$eq":["$a",5]}}]}',
      '{"$and":[{"x":1},{"$expr":{"$eq":["$a",5]}}]}',
    ]) {
      expect(parses(filter)).toBe(true);
    }
    expect(matching('{"x":1,"$expr":{"$eq":["$a",5]},"y":1}', ['{"x":1,"a":5,"y":1}', '{"x":1,"a":4,"y":1}'])).toEqual([
      0,
    ]);
  });
  it('ExprFailsToParseWithinElemMatch / ExprNestedFailsToParseWithinElemMatch', () => {
    const expected = { code: 2, errmsg: '$expr can only be applied to the top-level document' };
    expect(filterError('{"a":{"$elemMatch":{"$expr":{"$eq":["$foo","$bar"]}}}}')).toEqual(expected);
    expect(filterError('{"a":{"$elemMatch":{"b":1,"$or":[{"$expr":{"$eq":["$foo","$bar"]}},{"c":1}]}}}')).toEqual(
      expected,
    );
  });
  it('Regex*: $regex and $options may each carry the options, not both', () => {
    const rx = (o: string): string => `{"$regularExpression":{"pattern":"/myRegex/","options":"${o}"}}`;
    for (const filter of [
      `{"a":{"$regex":${rx('')}}}`,
      `{"a":{"$regex":${rx('i')}}}`,
      `{"a":{"$regex":${rx('')},"$options":""}}`,
      `{"a":{"$regex":${rx('')},"$options":"i"}}`,
      `{"a":{"$options":"s","$regex":${rx('')}}}`,
      `{"a":{"$options":"","$regex":${rx('')}}}`,
      `{"a":{"$options":"","$regex":${rx('i')}}}`,
    ]) {
      expect([filter, parses(filter)]).toEqual([filter, true]);
    }
    expect(filterError(`{"a":{"$regex":${rx('i')},"$options":""}}`)).toEqual({
      code: 51075,
      errmsg: 'options set in both $regex and $options',
    });
    expect(filterError(`{"a":{"$options":"s","$regex":${rx('i')}}}`)).toEqual({
      code: 51074,
      errmsg: 'options set in both $regex and $options',
    });
  });
  it('unknown operators, top level and inside a field', () => {
    expect(filterError('{"$not":{"a":1}}')).toEqual({
      code: 2,
      errmsg: 'unknown top level operator: $not. If you are trying to negate an entire expression, use $nor.',
    });
    expect(filterError('{"$foo":1}')).toEqual({
      code: 2,
      errmsg:
        "unknown top level operator: $foo. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.",
    });
    expect(filterError('{"a":{"$gt":1,"$foo":1}}')).toEqual({ code: 2, errmsg: 'unknown operator: $foo' });
  });
});
