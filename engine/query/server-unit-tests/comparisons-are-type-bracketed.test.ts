/**
 * Port of expression_leaf_test.cpp's comparison cases: TEST(ComparisonMatchExpression, *),
 * TEST(EqOp, *), TEST(LtOp, *), TEST(LteOp, *), TEST(GtOp, *), TEST(GteOp, *),
 * TEST(LeafMatchExpressionTest, Equal1 / Comp1) and TEST(MatchesBSONElement, *). Each C++
 * `matchesBSON` / `matchesSingleElement` is a find + count + update over the case's documents
 * (harness.ts); `elemMatchKey` is the position an update's `$` takes.
 * Rule (ComparisonMatchExpression::matchesSingleElement): values of different canonical types
 * never compare, except null vs missing and MinKey/MaxKey bounds; NaN equals NaN and is otherwise
 * unordered; an array operand compares whole arrays (and arrays nested one level).
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, matching } from './harness.js';

/** The filter matches exactly the documents of `yes`, none of `no`. */
function expectSplit(filter: string, yes: string[], no: string[]): void {
  expect(matching(filter, [...yes, ...no])).toEqual(yes.map((_, i) => i));
}

const NAN = '{"$numberDouble":"NaN"}';
const DNAN = '{"$numberDecimal":"NaN"}';
const MIN = '{"$minKey":1}';
const MAX = '{"$maxKey":1}';

describe('ComparisonMatchExpression', () => {
  it('StringMatchingWithNullCollatorUsesBinaryComparison / StringMatchingRespectsCollation / UnequalLengthString', () => {
    expectSplit('{"a":"string"}', [], ['{"a":"string2"}']);
    // The kAlwaysEqual mock collator: a strength-1 collation equates strings differing in case only.
    expect(matching('{"a":"string"}', ['{"a":"STRING"}'], { collation: '{"locale":"en","strength":1}' })).toEqual([0]);
    expectSplit('{"a":"abc"}', [], ['{"a":"abcd"}']);
  });
  it('NaNComparison / NaNComparisonDecimal: NaN equals NaN; $lt/$gt never match it; $lte/$gte match only NaN', () => {
    for (const nan of [NAN, DNAN]) {
      expectSplit(`{"a":${nan}}`, [`{"a":${nan}}`], ['{"a":10}']);
      expectSplit(`{"a":{"$gte":${nan}}}`, [`{"a":${nan}}`], ['{"a":10}']);
      expectSplit(`{"a":{"$lte":${nan}}}`, [`{"a":${nan}}`], ['{"a":10}']);
      expectSplit(`{"a":{"$gt":${nan}}}`, [], [`{"a":${nan}}`, '{"a":10}']);
      expectSplit(`{"a":{"$lt":${nan}}}`, [], [`{"a":${nan}}`, '{"a":10}']);
    }
    // Double and decimal NaN are the same number.
    expectSplit(`{"a":${NAN}}`, [`{"a":${DNAN}}`], []);
  });
});

describe('EqOp', () => {
  it('MatchesElement / MatchesScalar / MatchesArrayValue', () => {
    expectSplit('{"a":5}', ['{"a":5.0}', '{"a":[5.0,6]}'], ['{"a":6}', '{"a":4}', '{"a":[6,7]}']);
  });
  it('MatchesReferencedObjectValue / MatchesReferencedArrayValue', () => {
    expectSplit('{"a.b":5}', ['{"a":{"b":5}}', '{"a":{"b":[5]}}', '{"a":[{"b":5}]}'], []);
    expectSplit('{"a.0":5}', ['{"a":[5]}'], ['{"a":[[5]]}']);
  });
  it('MatchesNull: null and missing match, undefined does not (8.0)', () => {
    // The stored C++ (older than 8.0) also matches BSON undefined; since 8.0 {$eq: null} does not.
    expectSplit('{"a":null}', ['{}', '{"a":null}', '{"b":4}'], ['{"a":4}', '{"a":{"$undefined":true}}']);
  });
  it('MatchesNestedNull: null matches a missing a.b only where no array element lacks a document', () => {
    expectSplit(
      '{"a.b":null}',
      ['{}', '{"a":{}}', '{"a":[{}]}', '{"a":{"b":null}}', '{"b":4}'],
      ['{"a":[]}', '{"a":[null]}', '{"a":[1,2]}', '{"a":{"b":4}}', '{"a":{"b":{}}}'],
    );
  });
  it('MatchesMinKey / MatchesMaxKey', () => {
    expectSplit(`{"a":${MIN}}`, [`{"a":${MIN}}`], [`{"a":${MAX}}`, '{"a":4}']);
    expectSplit(`{"a":${MAX}}`, [`{"a":${MAX}}`], [`{"a":${MIN}}`, '{"a":4}']);
  });
  it('MatchesFullArray / MatchesThroughNestedArray', () => {
    expectSplit('{"a":[1,2]}', ['{"a":[1,2]}'], ['{"a":[1,2,3]}', '{"a":[1]}', '{"a":1}']);
    expectSplit('{"a.b.c.d":3}', ['{"a":{"b":[{"c":[{"d":1},{"d":2}]},{"c":[{"d":3}]}]}}'], []);
  });
  it('ElemMatchKey / ElemMatchKeyWithImplicitAndExplicitTraversal (SERVER-14886)', () => {
    expect(elemMatchKey('{"a":5}', '{"a":5}', 'a')).toEqual({
      code: 2,
      errmsg:
        'Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query.',
    });
    expect(elemMatchKey('{"a":5}', '{"a":[1,2,5]}', 'a')).toBe(2);
    // The key is the offset in the implicitly traversed array b, not the explicit a.0.
    expect(elemMatchKey('{"a.0.b":3}', '{"a":[{"b":[2,3]},{"b":[4,5]}]}', 'a')).toBe(1);
  });
});

describe('LtOp / LteOp / GtOp / GteOp', () => {
  it('MatchesElement / MatchesScalar / MatchesArrayValue: numbers only, any element', () => {
    expectSplit(
      '{"a":{"$lt":5}}',
      ['{"a":4.5}', '{"a":[6,4.5]}'],
      ['{"a":6}', '{"a":5}', '{"a":"foo"}', '{"a":[6,7]}'],
    );
    expectSplit(
      '{"a":{"$lte":5}}',
      ['{"a":4.5}', '{"a":5}', '{"a":[6,4.5]}'],
      ['{"a":6}', '{"a":"foo"}', '{"a":[6,7]}'],
    );
    expectSplit('{"a":{"$gt":5}}', ['{"a":5.5}', '{"a":[3,5.5]}'], ['{"a":4}', '{"a":[2,4]}']);
    expectSplit(
      '{"a":{"$gte":5}}',
      ['{"a":5.5}', '{"a":5}', '{"a":[4,5.5]}'],
      ['{"a":4}', '{"a":"foo"}', '{"a":[1,2]}'],
    );
  });
  it('LtOp MatchesScalarEmptyKey: the empty field name is a path', () => {
    expectSplit('{"":{"$lt":5}}', ['{"":4.5}'], ['{"":6}']);
  });
  it('MatchesWholeArray: an array operand compares arrays, one nesting level included', () => {
    expectSplit(
      '{"a":{"$lt":[5]}}',
      ['{"a":[4]}', '{"a":[[4]]}'],
      ['{"a":[5]}', '{"a":[6]}', '{"a":[[5]]}', '{"a":[[6]]}'],
    );
    expectSplit(
      '{"a":{"$lte":[5]}}',
      ['{"a":[4]}', '{"a":[5]}', '{"a":[[4]]}', '{"a":[[5]]}'],
      ['{"a":[6]}', '{"a":[[6]]}'],
    );
    // "XXX: documents current behavior": [[4]] and [[5]] are greater than [5] (an array sorts after numbers).
    expectSplit(
      '{"a":{"$gt":[5]}}',
      ['{"a":[6]}', '{"a":[[4]]}', '{"a":[[5]]}', '{"a":[[6]]}'],
      ['{"a":[4]}', '{"a":[5]}'],
    );
    expectSplit(
      '{"a":{"$gte":[5]}}',
      ['{"a":[5]}', '{"a":[6]}', '{"a":[[4]]}', '{"a":[[5]]}', '{"a":[[6]]}'],
      ['{"a":[4]}'],
    );
  });
  it('MatchesNull: $lte/$gte null match null and missing, $lt/$gt null nothing', () => {
    for (const op of ['$lt', '$gt'])
      expectSplit(`{"a":{"${op}":null}}`, [], ['{}', '{"a":null}', '{"a":4}', '{"b":4}']);
    for (const op of ['$lte', '$gte'])
      expectSplit(`{"a":{"${op}":null}}`, ['{}', '{"a":null}', '{"b":4}'], ['{"a":4}']);
  });
  it('MatchesDotNotationNull', () => {
    const docs = [
      '{}',
      '{"a":null}',
      '{"a":4}',
      '{"a":{}}',
      '{"a":[{"b":null}]}',
      '{"a":[{"a":4},{"b":4}]}',
      '{"a":[4]}',
      '{"a":[{"b":4}]}',
    ];
    for (const op of ['$lt', '$gt']) expect(matching(`{"a.b":{"${op}":null}}`, docs)).toEqual([]);
    for (const op of ['$lte', '$gte']) expect(matching(`{"a.b":{"${op}":null}}`, docs)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('MatchesMinKey / MatchesMaxKey: the bounds compare across types', () => {
    const docs = [`{"a":${MIN}}`, `{"a":${MAX}}`, '{"a":4}'];
    expect(matching(`{"a":{"$lt":${MIN}}}`, docs)).toEqual([]);
    expect(matching(`{"a":{"$lt":${MAX}}}`, docs)).toEqual([0, 2]);
    expect(matching(`{"a":{"$lte":${MIN}}}`, docs)).toEqual([0]);
    expect(matching(`{"a":{"$lte":${MAX}}}`, docs)).toEqual([0, 1, 2]);
    expect(matching(`{"a":{"$gt":${MIN}}}`, docs)).toEqual([1, 2]);
    expect(matching(`{"a":{"$gt":${MAX}}}`, docs)).toEqual([]);
    expect(matching(`{"a":{"$gte":${MIN}}}`, docs)).toEqual([0, 1, 2]);
    expect(matching(`{"a":{"$gte":${MAX}}}`, docs)).toEqual([1]);
  });
  it('ElemMatchKey', () => {
    for (const [op, n, doc] of [
      ['$lt', 5, '[6,2,5]'],
      ['$lte', 5, '[6,2,5]'],
      ['$gt', 5, '[2,6,5]'],
      ['$gte', 5, '[2,6,5]'],
    ] as const) {
      expect(elemMatchKey(`{"a":{"${op}":${n}}}`, `{"a":${doc}}`, 'a')).toBe(1);
    }
  });
});

describe('LeafMatchExpressionTest / MatchesBSONElement', () => {
  it('Equal1 / Comp1', () => {
    expectSplit(
      '{"x":5}',
      ['{"x":5}', '{"x":[5]}', '{"x":[1,5]}', '{"x":[1,5,2]}', '{"x":[5,2]}'],
      ['{"x":null}', '{"x":6}', '{"x":[4,2]}', '{"x":[[5]]}'],
    );
    const docs = ['{"x":5}', '{"x":4}', '{"x":6}', '{"x":"eliot"}'];
    expect(matching('{"x":{"$lte":5}}', docs)).toEqual([0, 1]);
    expect(matching('{"x":{"$lt":5}}', docs)).toEqual([1]);
    expect(matching('{"x":{"$gte":5}}', docs)).toEqual([0, 2]);
    expect(matching('{"x":{"$gt":5}}', docs)).toEqual([2]);
  });
  it('ScalarEquality / DottedPathEquality / ArrayIndexEquality / ObjectEquality / ArrayEquality', () => {
    expectSplit(
      '{"i":5}',
      ['{"i":5}', '{"i":[5,6]}', '{"i":[6,5]}'],
      ['{"i":6}', '{"i":[6,6]}', '{"i":{"i":5}}', '{"i":[{"i":5}]}'],
    );
    expectSplit(
      '{"i.a":5}',
      ['{"i":{"a":5,"b":6}}', '{"i":[{"a":5},{"a":6}]}', '{"i":[{"a":6},{"a":5}]}'],
      ['{"i":5}', '{"i":[5]}', '{"i":{"a":6}}', '{"i":{"b":5}}', '{"i":[{"a":6},{"a":6}]}', '{"i":[{"b":5},{"b":5}]}'],
    );
    expectSplit(
      '{"i.1":5}',
      ['{"i":[6,5]}', '{"i":{"1":5}}', '{"i":[{"1":5}]}'],
      ['{"i":5}', '{"i":[5,6]}', '{"i":{"i":5}}', '{"i":[{"i":6},{"i":5}]}', '{"i":[[6,5],[6,5]]}'],
    );
    expectSplit(
      '{"i":{"a":5}}',
      ['{"i":{"a":5}}', '{"i":[{"a":5},{"a":6}]}', '{"i":[{"a":6},{"a":5}]}'],
      ['{"i":5}', '{"i":[5]}', '{"i":{"a":5,"b":6}}', '{"i":{"a":6}}', '{"i":{"b":5}}', '{"i":[{"a":6},{"a":6}]}'],
    );
    expectSplit('{"i":[5]}', ['{"i":[5]}'], ['{"i":5}', '{"i":[5,6]}', '{"i":{"i":[5]}}', '{"i":[{"i":[5]}]}']);
  });
});
