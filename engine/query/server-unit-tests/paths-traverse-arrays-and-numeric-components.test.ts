/**
 * Port of path_test.cpp: what `BSONElementIterator` yields for a path over a document, observed
 * through the matches it decides. Every yielded element can satisfy an equality; a yielded EOO
 * (a document on the way that lacks the next field) satisfies `null`; a whole array is yielded
 * after its elements; `$size` sees only arrays themselves (kNoTraversal of the leaf); the
 * iterator's `arrayOffset()` is the C++ `elemMatchKey`, seen as an update's positional `$`.
 * n/a: the kMatchSubpath / non-leaf kNoTraversal cases (only internal `$_internalSchema*`
 * operators use them) and SimpleArrayElementIterator / SingleElementElementIterator (building
 * blocks of the cases above).
 */
import { describe, expect, it } from 'vitest';
import { elemMatchKey, matching } from './harness.js';

const POSITIONAL_ERROR = {
  code: 2,
  errmsg:
    'Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query.',
};

/** Which of `filters` match `doc` (find + count + update each). */
function matchingFilters(doc: string, filters: string[]): string[] {
  return filters.filter((f) => matching(f, [doc]).length === 1);
}

describe('Path', () => {
  it('Root1 / RootArray1 / RootArray2: a top-level array is yielded element by element, then whole', () => {
    expect(matchingFilters('{"x":4,"a":5}', ['{"a":5}', '{"a":4}', '{"a":{"$exists":true}}'])).toEqual([
      '{"a":5}',
      '{"a":{"$exists":true}}',
    ]);
    expect(
      matchingFilters('{"x":4,"a":[5,6]}', [
        '{"a":5}',
        '{"a":6}',
        '{"a":[5,6]}',
        '{"a":{"$size":2}}',
        '{"a":{"$type":"array"}}',
        '{"a":4}',
      ]),
    ).toEqual(['{"a":5}', '{"a":6}', '{"a":[5,6]}', '{"a":{"$size":2}}', '{"a":{"$type":"array"}}']);
  });
  it('Nested1 / NestedNoLeaf1: scalars in the array are skipped, a document without b yields EOO, a leaf array is traversed', () => {
    const doc = '{"a":[{"b":5},3,{},{"b":[9,11]},{"b":7}]}';
    expect(
      matchingFilters(doc, [
        '{"a.b":5}',
        '{"a.b":3}',
        '{"a.b":null}',
        '{"a.b":9}',
        '{"a.b":11}',
        '{"a.b":[9,11]}',
        '{"a.b":7}',
        '{"a.b":{"$size":2}}',
      ]),
    ).toEqual([
      '{"a.b":5}',
      '{"a.b":null}',
      '{"a.b":9}',
      '{"a.b":11}',
      '{"a.b":[9,11]}',
      '{"a.b":7}',
      '{"a.b":{"$size":2}}',
    ]);
    expect(elemMatchKey('{"a.b":null}', doc, 'a')).toBe(2);
    expect(elemMatchKey('{"a.b":11}', doc, 'a')).toBe(3);
    expect(elemMatchKey('{"a.b":[9,11]}', doc, 'a')).toBe(3);
    expect(elemMatchKey('{"a.b":{"$size":2}}', doc, 'a')).toBe(3);
    expect(elemMatchKey('{"a.b":7}', doc, 'a')).toBe(4);
  });
  it('NestedPartialMatchScalar / NestedPartialMatchArray / NestedEmptyArray', () => {
    // {a: 4}: one EOO; {a: [4]}: nothing at all; {a: {b: []}}: the empty array only.
    expect(matchingFilters('{"a":4}', ['{"a.b":null}', '{"a.b":{"$exists":false}}'])).toEqual([
      '{"a.b":null}',
      '{"a.b":{"$exists":false}}',
    ]);
    expect(matchingFilters('{"a":[4]}', ['{"a.b":null}', '{"a.b":{"$exists":false}}'])).toEqual([
      '{"a.b":{"$exists":false}}',
    ]);
    expect(
      matchingFilters('{"a":{"b":[]}}', [
        '{"a.b":null}',
        '{"a.b":[]}',
        '{"a.b":{"$size":0}}',
        '{"a.b":{"$exists":false}}',
      ]),
    ).toEqual(['{"a.b":[]}', '{"a.b":{"$size":0}}']);
  });
  it('ArrayIndex1 / ArrayIndex2 / ArrayIndex3: an explicit index yields that element, not its elements; documents in the array offer a field of that name', () => {
    expect(matchingFilters('{"a":[5,7,3]}', ['{"a.1":7}', '{"a.1":5}', '{"a.1":3}'])).toEqual(['{"a.1":7}']);
    expect(matchingFilters('{"a":[5,[2,4],3]}', ['{"a.1":[2,4]}', '{"a.1":2}', '{"a.1":4}'])).toEqual([
      '{"a.1":[2,4]}',
    ]);
    expect(matchingFilters('{"a":[5,{"1":4},3]}', ['{"a.1":4}', '{"a.1":{"1":4}}', '{"a.1":5}'])).toEqual([
      '{"a.1":4}',
      '{"a.1":{"1":4}}',
    ]);
  });
  it('ArrayIndexNested1 / ArrayIndexNested2', () => {
    // [5, {b: 4}, 3]: the document at index 1 lacks a field "1" (EOO), and index 1's b is 4.
    expect(matchingFilters('{"a":[5,{"b":4},3]}', ['{"a.1.b":4}', '{"a.1.b":null}'])).toEqual([
      '{"a.1.b":4}',
      '{"a.1.b":null}',
    ]);
    expect(matchingFilters('{"a":[5,[{"b":4}],3]}', ['{"a.1.b":4}', '{"a.1.b":null}'])).toEqual(['{"a.1.b":4}']);
  });
  it('NonMatchingLongArrayOfSubdocumentsWithNestedArrays (SERVER-15899): a path through empty nested arrays yields nothing', () => {
    // 10,000 elements here (the C++ uses 100,000) keeps the suite fast; the rule is the same.
    const doc = `{"a":[${Array.from({ length: 10_000 }, () => '{"b":[]}').join(',')}]}`;
    expect(
      matchingFilters(doc, ['{"a.b.x":null}', '{"a.b.x":{"$exists":true}}', '{"a.b.x":{"$exists":false}}']),
    ).toEqual(['{"a.b.x":{"$exists":false}}']);
  });
  it('NestedArrayImplicitTraversal: the offset is the outermost array implicitly traversed', () => {
    const doc = '{"a":[{"b":[2,3]},{"b":[4,5]}]}';
    for (const [value, key] of [
      ['2', 0],
      ['3', 0],
      ['[2,3]', 0],
      ['4', 1],
      ['5', 1],
      ['[4,5]', 1],
    ] as const) {
      expect([value, elemMatchKey(`{"a.b":${value}}`, doc, 'a')]).toEqual([value, key]);
    }
  });
  it('ArrayOffsetWithImplicitAndExplicitTraversal (SERVER-14886): with a.0 explicit, the inner array gives the offset', () => {
    const doc = '{"a":[{"b":[2,3]},{"b":[4,5]}]}';
    expect(
      matchingFilters(doc, ['{"a.0.b":null}', '{"a.0.b":2}', '{"a.0.b":3}', '{"a.0.b":[2,3]}', '{"a.0.b":4}']),
    ).toEqual(['{"a.0.b":null}', '{"a.0.b":2}', '{"a.0.b":3}', '{"a.0.b":[2,3]}']);
    expect(elemMatchKey('{"a.0.b":null}', doc, 'a')).toBe(0);
    expect(elemMatchKey('{"a.0.b":3}', doc, 'a.0.b')).toBe(1);
    expect(elemMatchKey('{"a.0.b":[2,3]}', doc, 'a')).toEqual(POSITIONAL_ERROR);
  });
});
