/**
 * Port of the array expressions of src/mongo/db/pipeline/expression_test.cpp:
 * ExpressionArrayToObjectTest, ExpressionRangeTest, ExpressionReverseArrayTest,
 * ExpressionSortArrayTest.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { evalTyped, expectResults, i, typed, v } from './harness.js';

describe('ExpressionArrayToObjectTest', () => {
  it('KVFormatSimple / KVFormatWithDuplicates / ListFormatSimple / ListFormWithDuplicates: the last duplicate wins', () => {
    expectResults('$arrayToObject', [
      [
        [
          [
            { k: 'key1', v: i(2) },
            { k: 'key2', v: i(3) },
          ],
        ],
        { key1: i(2), key2: i(3) },
      ],
      [
        [
          [
            { k: 'hi', v: i(2) },
            { k: 'hi', v: i(3) },
          ],
        ],
        { hi: i(3) },
      ],
      [
        [
          [
            ['key1', i(2)],
            ['key2', i(3)],
          ],
        ],
        { key1: i(2), key2: i(3) },
      ],
      [
        [
          [
            ['key1', i(2)],
            ['key1', i(3)],
          ],
        ],
        { key1: i(3) },
      ],
    ]);
  });
});

describe('ExpressionRangeTest', () => {
  it('ComputesStandardRange … ComputesRangeWithLargeNegativeStep', () => {
    expectResults('$range', [
      [
        [i(0), i(3)],
        [i(0), i(1), i(2)],
      ],
      [
        [i(0), i(6), i(2)],
        [i(0), i(2), i(4)],
      ],
      [
        [i(0), i(-3), i(-1)],
        [i(0), i(-1), i(-2)],
      ],
      [
        [i(-2), i(3)],
        [i(-2), i(-1), i(0), i(1), i(2)],
      ],
      [[i(-2), i(3), i(-1)], []],
      [[i(20), i(20)], []],
      [
        [i(3), i(-5), i(-3)],
        [i(3), i(0), i(-3)],
      ],
    ]);
  });
});

describe('ExpressionReverseArrayTest', () => {
  it('ReversesNormalArray / ReversesEmptyArray / ReversesOneElementArray / ReturnsNullWithNullishInput', () => {
    expectResults('$reverseArray', [
      [[[i(1), i(2), i(3)]], [i(3), i(2), i(1)]],
      [[[]], []],
      [[[i(1)]], [i(1)]],
      [[null], null],
      [[BSON_UNDEFINED], null],
    ]);
  });
});

describe('ExpressionSortArrayTest', () => {
  it('SortsNormalArrayForwards/Backwards, SortsEmptyArray, SortsOneElementArray, ReturnsNullWith{Null,Undefined}Input', () => {
    expect(evalTyped({ $sortArray: { input: { $literal: [i(2), i(1), i(3)] }, sortBy: i(1) } })).toEqual(
      typed(v([i(1), i(2), i(3)])),
    );
    expect(evalTyped({ $sortArray: { input: { $literal: [i(2), i(1), i(3)] }, sortBy: i(-1) } })).toEqual(
      typed(v([i(3), i(2), i(1)])),
    );
    expect(evalTyped({ $sortArray: { input: { $literal: [] }, sortBy: i(-1) } })).toEqual(typed([]));
    expect(evalTyped({ $sortArray: { input: { $literal: [i(1)] }, sortBy: i(-1) } })).toEqual(typed(v([i(1)])));
    expect(evalTyped({ $sortArray: { input: { $literal: null }, sortBy: i(-1) } })).toEqual(['null', 'null']);
    expect(evalTyped({ $sortArray: { input: { $literal: BSON_UNDEFINED }, sortBy: i(-1) } })).toEqual(['null', 'null']);
  });
});
