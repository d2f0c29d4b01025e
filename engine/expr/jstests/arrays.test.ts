/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for arrays: slice.js, range.js, reduce.js,
 * n_expressions.js. Each expression runs through aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128, ObjectId, type Doc } from '../../bson/values.js';
import { aggregate, collection, expr, exprCode, exprError, i, l, runCommand, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const ints = (xs: number[]) => xs.map((n) => i(n));
const dec = (s: string): Decimal128 => Decimal128.fromString(s);

describe('slice.js', () => {
  const arr = [0, 1, 2, 3, 4];
  const slice = (args: Lit[]) => expr({ $slice: [{ $literal: arr }, ...args] });
  it('two and three arguments', () => {
    expect(slice([2])).toEqual([0, 1]);
    expect(slice([2.0])).toEqual([0, 1]);
    expect(slice([-2])).toEqual([3, 4]);
    expect(slice([-2.0])).toEqual([3, 4]);
    expect(slice([0])).toEqual([]);
    expect(slice([10])).toEqual(arr);
    expect(slice([-10])).toEqual(arr);
    expect(expr({ $slice: [null, -10] })).toBeNull();
    expect(slice([null])).toBeNull();
    expect(slice([1, 2])).toEqual([1, 2]);
    expect(slice([1.0, 2.0])).toEqual([1, 2]);
    expect(slice([-3, 2])).toEqual([2, 3]);
    expect(slice([-5, 2])).toEqual([0, 1]);
    expect(slice([-10, 2])).toEqual([0, 1]);
    expect(slice([10, 2])).toEqual([]);
    expect(slice([4, 3])).toEqual([4]);
    expect(slice([-1, 3])).toEqual([4]);
    expect(slice([-1, null])).toBeNull();
  });
  it('errors: 28667 arity, 28724 not an array, 28725-28729 position and count', () => {
    expect(exprCode({ $slice: [[1, 2, 3]] })).toBe(28667);
    expect(exprCode({ $slice: [[1, 2, 3], 4, 5, 6] })).toBe(28667);
    expect(exprCode({ $slice: ['one', 2] })).toBe(28724);
    expect(exprCode({ $slice: [[1, 2], '2'] })).toBe(28725);
    expect(exprCode({ $slice: [[1, 2], 1.5] })).toBe(28726);
    expect(exprCode({ $slice: [[1, 2], 2 ** 32] })).toBe(28726);
    expect(exprCode({ $slice: [[1, 2], -(2 ** 31) - 1] })).toBe(28726);
    expect(exprCode({ $slice: [[1, 2], 0, '2'] })).toBe(28727);
    expect(exprCode({ $slice: [[1, 2], 0, 1.5] })).toBe(28728);
    expect(exprCode({ $slice: [[1, 2], 0, 2 ** 32] })).toBe(28728);
    expect(exprCode({ $slice: [[1, 2], 0, -(2 ** 31) - 1] })).toBe(28728);
    expect(exprCode({ $slice: [[1, 2], 0, 0] })).toBe(28729);
    expect(exprCode({ $slice: [[1, 2], 0, -1] })).toBe(28729);
  });
});

describe('range.js', () => {
  const stops = (distance: number, step: number) => {
    const out: number[] = [];
    for (let x = 0; step > 0 ? x < distance : x > distance; x += step) out.push(x);
    return ints(out);
  };
  it('int and int-valued long, decimal arguments make int arrays', () => {
    for (const distance of [42, 88, 218, 383]) {
      const doc = { distance: i(distance) };
      expect(expr({ $range: [i(0), '$distance', i(25)] }, doc)).toEqual(stops(distance, 25));
      expect(expr({ $range: [l(0), '$distance', l(25)] }, doc)).toEqual(stops(distance, 25));
      expect(expr({ $range: [i(0), { $multiply: ['$distance', -1] }, i(-25)] }, doc)).toEqual(stops(-distance, -25));
      expect(expr({ $range: [i(0), { $multiply: ['$distance', -1] }, i(25)] }, doc)).toEqual([]);
      expect(expr({ $range: ['$distance', '$distance', i(25)] }, doc)).toEqual([]);
    }
    for (const distance of [5, 8, 2, 1]) {
      const doc = { distance: i(distance) };
      expect(expr({ $range: [i(0), '$distance'] }, doc)).toEqual(stops(distance, 1));
      expect(expr({ $range: [i(0), { $multiply: ['$distance', i(-1)] }] }, doc)).toEqual([]);
      expect(expr({ $range: ['$distance', '$distance'] }, doc)).toEqual([]);
    }
    expect(expr({ $range: ['$distance', i(2147483647), i(1073741824)] }, { distance: i(100) })).toEqual(ints([100, 1073741924]));
    expect(expr({ $range: ['$distance', dec('201.0'), dec('100.0')] }, { distance: i(100) })).toEqual(ints([100, 200]));
  });
  it('errors: 34443-34449, and the memory limit (146)', () => {
    const doc = { distance: i(100) };
    expect(exprCode({ $range: [l(12147483647), '$distance'] }, doc)).toBe(34444);
    expect(exprCode({ $range: [dec('0.35'), '$distance'] }, doc)).toBe(34444);
    expect(exprCode({ $range: ['String is not a number', '$distance'] }, doc)).toBe(34443);
    expect(exprCode({ $range: [null, '$distance'] }, doc)).toBe(34443);
    expect(exprCode({ $range: ['$distance', l(12147483647)] }, doc)).toBe(34446);
    expect(exprCode({ $range: ['$distance', dec('0.35')] }, doc)).toBe(34446);
    expect(exprCode({ $range: ['$distance', 'String is not a number'] }, doc)).toBe(34445);
    expect(exprCode({ $range: ['$distance', null] }, doc)).toBe(34445);
    expect(exprCode({ $range: ['$distance', i(100), l(12147483647)] }, doc)).toBe(34448);
    expect(exprCode({ $range: ['$distance', i(100), dec('0.35')] }, doc)).toBe(34448);
    expect(exprCode({ $range: ['$distance', i(100), 'String is not a number'] }, doc)).toBe(34447);
    expect(exprCode({ $range: ['$distance', i(100), null] }, doc)).toBe(34447);
    expect(exprCode({ $range: [0, '$distance', 0] }, doc)).toBe(34449);
    expect(exprCode({ $range: [0, 1073741924] })).toBe(146);
    expect(expr({ $range: [0, 1073741924, -1] })).toEqual([]);
  });
});

describe('reduce.js', () => {
  it('folds with $$value and $$this, nested and through $let', () => {
    expect(expr({ $reduce: { input: [1, 2, 3], initialValue: { $literal: 0 }, in: { $sum: ['$$this', '$$value'] } } })).toBe(6);
    expect(expr({ $reduce: { input: [], initialValue: { $literal: 0 }, in: 10 } })).toBe(0);
    expect(expr({ $reduce: { input: [1, 2, 3], initialValue: [], in: { $concatArrays: ['$$value', ['$$this']] } } })).toEqual([1, 2, 3]);
    expect(expr({ $reduce: { input: [1, 2], initialValue: [], in: { $concatArrays: ['$$value', ['$$value.notAField']] } } })).toEqual([[], []]);
    expect(
      expr({ $reduce: { input: [[1, 2, 3], [4, 5]], initialValue: 1, in: { $multiply: ['$$value', { $reduce: { input: '$$this', initialValue: 0, in: { $sum: ['$$value', '$$this'] } } }] } } }),
    ).toBe(54);
    expect(
      expr({
        $reduce: {
          input: [[0, 1], [2, 3]],
          initialValue: { allElements: [], sumOfInner: { $literal: 0 } },
          in: {
            $let: {
              vars: { outerValue: '$$value', innerArray: '$$this' },
              in: {
                $reduce: {
                  input: '$$innerArray',
                  initialValue: '$$outerValue',
                  in: { allElements: { $concatArrays: ['$$value.allElements', ['$$this']] }, sumOfInner: { $sum: ['$$value.sumOfInner', '$$this'] } },
                },
              },
            },
          },
        },
      }),
    ).toEqual(v({ allElements: [0, 1, 2, 3], sumOfInner: 6 }));
    expect(expr({ $reduce: { input: null, initialValue: { $literal: 0 }, in: 5 } })).toBeNull();
    expect(expr({ $reduce: { input: '$nonexistent', initialValue: { $literal: 0 }, in: 5 } })).toBeNull();
  });
  it('errors: 40075-40079; $$value and $$this outside "in" are undefined variables (17276)', () => {
    expect(exprCode({ $reduce: 0 })).toBe(40075);
    expect(exprCode({ $reduce: { input: { $literal: 0 }, initialValue: { $literal: 0 }, in: { $literal: 0 }, notAField: { $literal: 0 } } })).toBe(40076);
    expect(exprCode({ $reduce: { initialValue: { $literal: 0 }, in: { $literal: 0 } } })).toBe(40077);
    expect(exprCode({ $reduce: { input: { $literal: 0 }, in: { $literal: 0 } } })).toBe(40078);
    expect(exprCode({ $reduce: { input: { $literal: 0 }, initialValue: { $literal: 0 } } })).toBe(40079);
    expect(exprCode({ $reduce: { input: '$$value', initialValue: [], in: [] } })).toBe(17276);
    expect(exprCode({ $reduce: { input: '$$this', initialValue: [], in: [] } })).toBe(17276);
  });
});

describe('n_expressions.js', () => {
  const doc = { a: [1, 2, 3, 5, 7, 9], n: 4, diff: 2 };
  const t = (op: string, args: Lit) => expr({ [op]: args }, doc);
  it('$minN, $maxN, $firstN, $lastN over literals, fields and computed n', () => {
    let args: Lit = { n: 3, input: [5, 4, 3, 2, 1] };
    expect(t('$minN', args)).toEqual([1, 2, 3]);
    expect(t('$maxN', args)).toEqual([5, 4, 3]);
    expect(t('$firstN', args)).toEqual([5, 4, 3]);
    expect(t('$lastN', args)).toEqual([3, 2, 1]);
    args = { n: 3, input: [null, 2, null, 1] };
    expect(t('$minN', args)).toEqual([1, 2]);
    expect(t('$maxN', args)).toEqual([2, 1]);
    expect(t('$firstN', args)).toEqual([null, 2, null]);
    expect(t('$lastN', args)).toEqual([2, null, 1]);
    args = { n: 3, input: '$a' };
    expect(t('$minN', args)).toEqual([1, 2, 3]);
    expect(t('$maxN', args)).toEqual([9, 7, 5]);
    expect(t('$firstN', args)).toEqual([1, 2, 3]);
    expect(t('$lastN', args)).toEqual([5, 7, 9]);
    args = { n: '$n', input: '$a' };
    expect(t('$minN', args)).toEqual([1, 2, 3, 5]);
    expect(t('$maxN', args)).toEqual([9, 7, 5, 3]);
    expect(t('$firstN', args)).toEqual([1, 2, 3, 5]);
    expect(t('$lastN', args)).toEqual([3, 5, 7, 9]);
    args = { n: { $subtract: ['$n', '$diff'] }, input: [3, 4, 5] };
    expect(t('$minN', args)).toEqual([3, 4]);
    expect(t('$maxN', args)).toEqual([5, 4]);
    expect(t('$firstN', args)).toEqual([3, 4]);
    expect(t('$lastN', args)).toEqual([4, 5]);
  });
});

describe('sortArray.js', () => {
  const doc = {
    nullField: null, undefField: BSON_UNDEFINED, embedded: [[1, 2], [3, 4]], singleElem: [1], normal: [1, 2, 3], num: 1, empty: [],
    normalSingleObjs: [{ a: 1 }, { a: 2 }, { a: 3 }], mismatchedSingleObjs: [{ a: 1 }, { b: 2 }, { c: 3 }],
    normalMultiObjs: [{ a: 1, b: 3, c: 1 }, { a: 2, b: 2, c: 2 }, { a: 3, b: 1, c: 3 }],
    tiesMultiObjs: [{ a: 1, b: 2, c: 1 }, { a: 1, b: 3, c: 4 }, { a: 1, b: 3, c: 5 }],
    nestedObjs: [{ a: 1, b: { c: 2 } }, { a: 1, b: { c: 1 } }], mismatchedTypes: [1, [1], { a: 1 }, '1'],
    moreMismatchedTypes: [2, 1, 'hello', { a: 6 }, { a: 'hello' }, { a: -1 }, null], mismatchedNumberTypes: [[dec('4')], [1, 9, 8]],
    collatorTestField: ['2', '10'], collatorObjectTestField: [{ a: '2' }, { a: '10' }],
  } as const;
  const sorted = (input: Lit, sortBy: Lit, options = {}) => expr({ $sortArray: { input, sortBy } }, doc as never, options);
  it('2942500 unless the argument is an object', () => {
    expect(exprError({ $sortArray: 1 }, doc as never)).toEqual({ code: 2942500, errmsg: 'Invalid $set :: caused by :: $sortArray requires an object as an argument, found: double' });
    expect(exprCode({ $sortArray: '$num' }, doc as never)).toBe(2942500);
    expect(exprCode({ $sortArray: '$notAField' }, doc as never)).toBe(2942500);
  });
  it('scalars, nullish and nested arrays', () => {
    expect(sorted({ $literal: [1, 2, 3] }, 1)).toEqual([1, 2, 3]);
    expect(sorted('$normal', -1)).toEqual([3, 2, 1]);
    expect(sorted({ $literal: [3, 2, 1] }, 1)).toEqual([1, 2, 3]);
    expect(sorted({ $literal: [3, 2, 1] }, -1)).toEqual([3, 2, 1]);
    expect(sorted('$notAField', 1)).toBeNull();
    expect(sorted({ $literal: [[1, 2], [3, 4]] }, 1)).toEqual([[1, 2], [3, 4]]);
    expect(sorted('$embedded', -1)).toEqual([[3, 4], [1, 2]]);
    expect(sorted({ $literal: null }, 1)).toBeNull();
    expect(sorted('$nullField', -1)).toBeNull();
    expect(sorted({ $literal: BSON_UNDEFINED }, 1)).toBeNull();
    expect(sorted('$undefField', -1)).toBeNull();
    expect(sorted({ $literal: [1] }, 1)).toEqual([1]);
    expect(sorted('$singleElem', -1)).toEqual([1]);
    expect(sorted({ $literal: [] }, 1)).toEqual([]);
    expect(sorted('$empty', -1)).toEqual([]);
  });
  it('objects: whole-value order, by fields, ties and nested paths', () => {
    expect(sorted({ $literal: [{}, [], []] }, -1)).toEqual([[], [], v({})]);
    expect(sorted({ $literal: [{}, {}] }, -1)).toEqual([v({}), v({})]);
    expect(sorted('$normalSingleObjs', { a: 1 })).toEqual(v([{ a: 1 }, { a: 2 }, { a: 3 }]));
    expect(sorted('$normalSingleObjs', { a: -1 })).toEqual(v([{ a: 3 }, { a: 2 }, { a: 1 }]));
    expect(sorted('$normalSingleObjs', { b: 1 })).toEqual(v([{ a: 1 }, { a: 2 }, { a: 3 }]));
    expect(sorted('$normalSingleObjs', { b: -1 })).toEqual(v([{ a: 1 }, { a: 2 }, { a: 3 }]));
    expect(sorted('$normalSingleObjs', 1)).toEqual(v([{ a: 1 }, { a: 2 }, { a: 3 }]));
    expect(sorted('$normalSingleObjs', -1)).toEqual(v([{ a: 3 }, { a: 2 }, { a: 1 }]));
    expect(sorted('$mismatchedSingleObjs', 1)).toEqual(v([{ a: 1 }, { b: 2 }, { c: 3 }]));
    expect(sorted('$mismatchedSingleObjs', -1)).toEqual(v([{ c: 3 }, { b: 2 }, { a: 1 }]));
    expect(sorted('$mismatchedSingleObjs', { a: 1 })).toEqual(v([{ b: 2 }, { c: 3 }, { a: 1 }]));
    expect(sorted('$mismatchedSingleObjs', { b: 1 })).toEqual(v([{ a: 1 }, { c: 3 }, { b: 2 }]));
    expect(sorted('$mismatchedSingleObjs', { c: 1 })).toEqual(v([{ a: 1 }, { b: 2 }, { c: 3 }]));
    expect(sorted('$normalMultiObjs', { b: 1, a: 1 })).toEqual(v([{ a: 3, b: 1, c: 3 }, { a: 2, b: 2, c: 2 }, { a: 1, b: 3, c: 1 }]));
    expect(sorted('$normalMultiObjs', { b: -1, a: 1 })).toEqual(v([{ a: 1, b: 3, c: 1 }, { a: 2, b: 2, c: 2 }, { a: 3, b: 1, c: 3 }]));
    expect(sorted('$tiesMultiObjs', { a: 1, b: 1, c: 1 })).toEqual(v([{ a: 1, b: 2, c: 1 }, { a: 1, b: 3, c: 4 }, { a: 1, b: 3, c: 5 }]));
    expect(sorted('$tiesMultiObjs', { a: 1, b: 1, c: -1 })).toEqual(v([{ a: 1, b: 2, c: 1 }, { a: 1, b: 3, c: 5 }, { a: 1, b: 3, c: 4 }]));
    expect(sorted('$nestedObjs', { 'b.c': 1 })).toEqual(v([{ a: 1, b: { c: 1 } }, { a: 1, b: { c: 2 } }]));
    expect(sorted('$nestedObjs', { 'b.c': -1 })).toEqual(v([{ a: 1, b: { c: 2 } }, { a: 1, b: { c: 1 } }]));
  });
  it('mixed types in BSON order; strings by the collation', () => {
    expect(sorted('$mismatchedTypes', 1)).toEqual(v([1, '1', { a: 1 }, [1]]));
    expect(sorted('$moreMismatchedTypes', 1)).toEqual(v([null, 1, 2, 'hello', { a: -1 }, { a: 6 }, { a: 'hello' }]));
    expect(sorted('$mismatchedNumberTypes', 1)).toEqual(v([[1, 9, 8], [dec('4')]]));
    const numeric = { collation: { locale: 'en', numericOrdering: true } };
    expect(sorted('$collatorTestField', 1)).toEqual(['10', '2']);
    expect(sorted('$collatorTestField', 1, numeric)).toEqual(['2', '10']);
    expect(sorted('$collatorObjectTestField', 1)).toEqual(v([{ a: '10' }, { a: '2' }]));
    expect(sorted('$collatorObjectTestField', 1, numeric)).toEqual(v([{ a: '2' }, { a: '10' }]));
    expect(sorted('$collatorObjectTestField', { a: 1 })).toEqual(v([{ a: '10' }, { a: '2' }]));
    expect(sorted('$collatorObjectTestField', { a: 1 }, numeric)).toEqual(v([{ a: '2' }, { a: '10' }]));
  });
});

describe('arrayToObject.js', () => {
  const collapsed = (expanded: Lit) => expr({ $arrayToObject: { $const: expanded } });
  it('pairs and k/v documents; the last duplicate wins; nullish gives null', () => {
    expect(collapsed([['price', 24], ['item', 'apple']])).toEqual(v({ price: 24, item: 'apple' }));
    expect(collapsed([{ k: 'price', v: 24 }, { k: 'item', v: 'apple' }])).toEqual(v({ price: 24, item: 'apple' }));
    expect(collapsed([{ k: 'price', v: 24 }, { k: 'price', v: 100 }])).toEqual(v({ price: 100 }));
    expect(collapsed([['price', 24], ['price', 100]])).toEqual(v({ price: 100 }));
    expect(collapsed([])).toEqual(v({}));
    expect(collapsed(null)).toBeNull();
    expect(collapsed(BSON_UNDEFINED)).toBeNull();
    expect(collapsed([{ k: 'price', v: null }])).toEqual(v({ price: null }));
    expect(collapsed([{ k: 'price', v: BSON_UNDEFINED }])).toEqual(v({ price: BSON_UNDEFINED }));
    expect(expr({ $arrayToObject: '$expanded' }, { _id: 'missing-expanded-field' })).toBeNull();
  });
  it('errors: 40386-40398, NUL in a key 4940400/4940401', () => {
    const code = (expanded: Lit) => exprCode({ $arrayToObject: { $const: expanded } });
    expect(code([{ k: 'price', v: 24 }, ['item', 'apple']])).toBe(40391);
    expect(code([['item', 'apple'], { k: 'price', v: 24 }])).toBe(40396);
    expect(code('string')).toBe(40386);
    expect(code(new ObjectId())).toBe(40386);
    expect(code(l(0))).toBe(40386);
    expect(code([0])).toBe(40398);
    expect(code([['missing_value']])).toBe(40397);
    expect(code([[321, 12]])).toBe(40395);
    expect(code([['key', 'value', 'offset']])).toBe(40397);
    expect(code({ y: [] })).toBe(40386);
    expect(code([{ y: 'x', x: 'y' }])).toBe(40393);
    expect(code([{ k: 'missing' }])).toBe(40392);
    expect(code([{ k: 24, v: 'string' }])).toBe(40394);
    expect(code([{ k: null, v: 'nullKey' }])).toBe(40394);
    expect(code([{ k: BSON_UNDEFINED, v: 'undefinedKey' }])).toBe(40394);
    expect(code([{ y: 'ignored', k: 'item', v: 'pear' }])).toBe(40392);
    expect(code(NaN)).toBe(40386);
    expect(exprCode({ $arrayToObject: { $literal: [['a\0b', 'abra cadabra']] } })).toBe(4940400);
    expect(exprCode({ $arrayToObject: { $literal: [{ k: 'a\0b', v: 'blah' }] } })).toBe(4940401);
  });
  it('a NUL key fails $replaceWith with or without a following $out, and $out writes nothing', () => {
    const coll = collection([{ _id: 'sentinel', a: 1 }]);
    const failing = (array: Lit, out: boolean): number => {
      const pipeline: Lit[] = [{ $replaceWith: { $arrayToObject: { $literal: array } } }];
      if (out) pipeline.push({ $out: 'output' });
      try {
        aggregate(coll, pipeline);
      } catch (e) {
        return (e as { code: number }).code;
      }
      return 0;
    };
    for (const out of [false, true]) {
      expect(failing([['a\0b', 'abra cadabra']], out)).toBe(4940400);
      expect(failing([{ k: 'a\0b', v: 'blah' }], out)).toBe(4940401);
    }
    const listed = (runCommand({ listCollections: 1, filter: { name: 'output' } }).get('cursor') as Doc).get('firstBatch');
    expect(listed).toEqual([]);
  });
});

describe('objectToArray.js', () => {
  const expanded = (subDoc: Lit) => expr({ $objectToArray: '$subDoc' }, { subDoc } as never);
  it('k/v documents in field order; nullish gives null', () => {
    expect(expanded({ a: 1, b: 2, c: 'foo' })).toEqual(v([{ k: 'a', v: 1 }, { k: 'b', v: 2 }, { k: 'c', v: 'foo' }]));
    expect(expanded({ y: [] })).toEqual(v([{ k: 'y', v: [] }]));
    expect(expanded({ a: 1, b: { d: 'string' }, c: [1, 2] })).toEqual(v([{ k: 'a', v: 1 }, { k: 'b', v: { d: 'string' } }, { k: 'c', v: [1, 2] }]));
    expect(expanded({})).toEqual([]);
    expect(expr({ $objectToArray: '$$ROOT' }, { _id: 4, a: 1, b: 2, c: 3 })).toEqual(v([{ k: '_id', v: 4 }, { k: 'a', v: 1 }, { k: 'b', v: 2 }, { k: 'c', v: 3 }]));
    expect(expr({ $objectToArray: { dayOfWeek: { $dayOfWeek: '$date' } } }, { date: new Date('2017-01-24T00:00:00Z') })).toEqual(v([{ k: 'dayOfWeek', v: i(3) }]));
    expect(expanded(null)).toBeNull();
    expect(expanded(BSON_UNDEFINED)).toBeNull();
    expect(expr({ $objectToArray: '$subDoc' }, {})).toBeNull();
  });
  it('40390 for anything but a document', () => {
    for (const subDoc of ['string', new ObjectId(), l(0), [], [0], ['string'], [{ a: 'b' }], NaN]) {
      expect(exprCode({ $objectToArray: '$subDoc' }, { subDoc } as never)).toBe(40390);
    }
  });
});
