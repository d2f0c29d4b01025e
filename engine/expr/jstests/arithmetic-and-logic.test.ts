/**
 * Ports of MongoDB's jstests/aggregation/expressions/ multiply.js, subtract.js, not.js,
 * max_min.js and rand.js. Each expression runs through aggregate and an update pipeline
 * (harness.ts); rand.js's average is taken over 3000 documents set by both paths.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128, ObjectId } from '../../bson/values.js';
import { aggregate, collection, expr, exprError, i, l, updateAll } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const dec = (s: string): Decimal128 => Decimal128.fromString(s);

describe('multiply.js', () => {
  it('two operands: the wider type wins; decimals keep their digits; null gives null', () => {
    const cases: [Lit, Lit, Lit][] = [
      [i(10), i(2), i(20)], [i(10), 2.55, 25.5], [i(10), l(2), l(20)], [i(10), dec('2.55'), dec('25.50')], [i(10), null, null],
      [12.5, i(10), 125], [12.5, 2.5, 31.25], [12.5, l(5), 62.5], [12.5, dec('2.5'), dec('31.25000000000000')], [12.5, null, null],
      [l(10), i(2), l(20)], [l(10), 2.55, 25.5], [l(10), l(2), l(20)], [l(10), dec('2.55'), dec('25.50')], [l(10), null, null],
      [dec('12.5'), i(10), dec('125.0')], [dec('12.5'), 2.5, dec('31.250000000000000')], [dec('12.5'), l(5), dec('62.5')],
      [dec('12.5'), dec('2.5'), dec('31.25')], [dec('12.5'), null, null],
      [null, i(2), null], [null, 2.55, null], [null, l(2), null], [null, dec('2.55'), null], [null, null, null],
    ];
    for (const [left, right, expected] of cases) {
      const got = expr({ $multiply: ['$left', '$right'] }, { left, right });
      expect(got, `${String(left)} * ${String(right)}`).toEqual(expected);
      if (expected instanceof Decimal128) expect(String(got)).toBe(expected.toString());
    }
  });
  it('ten operands', () => {
    const nAry = (values: Lit[]) => expr({ $multiply: values.map((_, k) => `$a${k}`) }, Object.fromEntries(values.map((x, k) => [`a${k}`, x])));
    const ten = Array.from({ length: 10 }, (_, k) => k + 1);
    expect(nAry(ten.map((n) => i(n)))).toEqual(i(3628800));
    expect(nAry(ten.map((n) => n + 0.5))).toBe(13427061.1083984375);
    expect(nAry(ten.map((n) => l(n)))).toEqual(l(3628800));
    expect(String(nAry(ten.map((n) => dec(`${n}.5`))))).toBe('13427061.1083984375');
    for (const at of [0, 5, 9]) expect(nAry(ten.map((n, k) => (k === at ? null : n)))).toBeNull();
  });
  // The jstest accepts 16555 (before 6.1) or TypeMismatch: 8.0's checkMultiplyNumeric is the latter.
  it('a non-number is TypeMismatch 14', () => {
    expect(exprError({ $multiply: ['$left', '$right'] }, { left: 1, right: 'not a number' })).toEqual({ code: 14, errmsg: '$multiply only supports numeric types, not string' });
    expect(exprError({ $multiply: ['$left', '$right'] }, { left: 'not a number', right: 1 }).code).toBe(14);
  });
});

describe('subtract.js', () => {
  const diff = (lhs: Lit, rhs: Lit) => expr({ $subtract: ['$lhs', '$rhs'] }, { lhs, rhs });
  it('numbers, dates minus numbers (rounded half to even), dates minus dates', () => {
    expect(diff(1, 1)).toBe(0);
    expect(diff(-2000000000, 2000000000)).toBe(-4000000000);
    expect(diff(i(-2000000000), i(2000000000))).toEqual(l(-4000000000));
    expect(diff(l(-20000000000), l(20000000000))).toEqual(l(-40000000000));
    expect(diff(10.5, 0.5)).toBe(10.0);
    expect(String(diff(dec('10000.12345'), dec('10.1234')))).toBe('9990.00005');
    expect(diff(new Date(1912392670000), 70000)).toEqual(new Date(1912392600000));
    expect(diff(new Date(1912392670000), new Date(1912392600000))).toEqual(l(70000));
    const d = new Date(1683794065002);
    const cases: [Lit, number][] = [[0.5, 1683794065001], [1.4, 1683794065001], [1.5, 1683794065000], [1.7, 1683794065000],
      [dec('1.4'), 1683794065001], [dec('1.5'), 1683794065000], [dec('1.7'), 1683794065000], [dec('2.5'), 1683794065000]];
    for (const [rhs, ms] of cases) expect(diff(d, rhs), String(rhs)).toEqual(new Date(ms));
  });
  it('a date that overflows, or minus NaN, is Overflow 15 "date overflow"', () => {
    for (const rhs of [l(-9223372036854775808n), -9223372036854775808, dec('-9223372036854775808')]) {
      const e = exprError({ $subtract: [new Date(10), '$rhs'] }, { rhs });
      expect(e.code).toBe(15);
      expect(e.errmsg).toContain('date overflow');
    }
    for (const rhs of [NaN, dec('NaN')]) {
      const e = exprError({ $subtract: [new Date(-1), '$rhs'] }, { rhs });
      expect(e.code).toBe(15);
      expect(e.errmsg).toContain('date overflow');
    }
  });
});

describe('not.js', () => {
  it('$not is the negation of the value\'s truthiness: arrays are true, missing is false', () => {
    const cases: [Lit, boolean][] = [
      [0, true], [2, false], [false, true], [true, false], [null, true], [[], false], [[false], false], [[true], false], ['hello', false],
      [new ObjectId('5f0627282a63fc000b8fd067'), false], [new Date('2021-01-01T00:00:00Z'), false], [{ y: 2, z: 3 }, false],
    ];
    for (const [x, want] of cases) expect(expr({ $not: '$x' }, { x }), JSON.stringify(x)).toBe(want);
    expect(expr({ $not: '$x' }, {})).toBe(true);
  });
  it('a path through an array of documents is an array, so truthy', () => {
    for (const x of [[{ y: 0 }, { y: 1 }], [{ z: 0 }, { z: 1 }], [false]]) expect(expr({ $not: '$x.y' }, { x })).toBe(false);
    const nested: [Lit, boolean][] = [[0, true], [2, false], [false, true], [true, false], [null, true], [[], false], [[false], false], [[true], false]];
    for (const [y, want] of nested) expect(expr({ $not: '$x.y' }, { x: { y } })).toBe(want);
  });
  it('nests and combines with $and, $or and $switch', () => {
    const docs = [{ x: true, y: false }, { x: false, y: true }];
    const both = (e: Lit) => docs.map((doc) => expr(e, doc));
    expect(both({ $not: { $not: '$x' } })).toEqual([true, false]);
    expect(both({ $not: { $not: { $not: '$x' } } })).toEqual([false, true]);
    expect(both({ $not: { $and: ['$x', '$y'] } })).toEqual([true, true]);
    expect(both({ $not: { $or: ['$x', '$y'] } })).toEqual([false, false]);
    expect(both({ $and: [{ $not: '$x' }, '$y'] })).toEqual([false, true]);
    expect(both({ $or: [{ $not: '$x' }, '$y'] })).toEqual([false, true]);
    expect(both({ $switch: { branches: [{ case: { $not: { $gt: ['$x', '$y'] } }, then: 'x' }, { case: { $not: { $lte: ['$x', '$y'] } }, then: 'y' }] } })).toEqual(['y', 'x']);
  });
});

describe('max_min.js', () => {
  const doc = {
    int1: 5, int2: 10, str1: 'hello', str2: 'hello world', NaN, arr1: [5], arr2: [1, 2, 3], arr3: [1, 2, 'string', null], arr4: [],
    arrNest1: [[1, 2]], arrNest2: [[1, 2], [3, 4]], arrNest3: [[[1, 2, 3]]], arrNest4: [[[1, 2, 3]], 1],
    arrMixed1: [[], 'hello', ['c']], arrMixed2: [[], 'hello', ['c'], null], null: null, undefined1: [BSON_UNDEFINED], undefined2: [BSON_UNDEFINED, 2, 'string'],
  };
  const max = (arg: Lit) => expr({ $max: arg }, doc);
  const min = (arg: Lit) => expr({ $min: arg }, doc);
  it('one operand: an array operand is searched, empty gives null', () => {
    for (const f of [max, min]) {
      expect(f([])).toBeNull();
      expect(f('$arr4')).toBeNull();
      expect(f('$arr1')).toBe(5);
      expect(f('$int1')).toBe(5);
      expect(f('$str1')).toBe('hello');
      expect(f('$NaN')).toBeNaN();
      expect(f('$null')).toBeNull();
      expect(f('$undefined1')).toBeNull();
    }
    expect(max('$undefined2')).toBe('string');
    expect(min('$undefined2')).toBe(2);
    expect(max('$arr2')).toBe(3);
    expect(min('$arr2')).toBe(1);
    expect(max('$arr3')).toBe('string');
    expect(min('$arr3')).toBe(1);
  });
  it('several operands compare in BSON order', () => {
    expect(max(['$int2', '$int1'])).toBe(10);
    expect(max(['$int2', '$int1', '$str1'])).toBe('hello');
    expect(max(['$str1', '$str2'])).toBe('hello world');
    expect(min(['$int2', '$int1'])).toBe(5);
    expect(min(['$int2', '$int1', '$str1'])).toBe(5);
    expect(min(['$str1', '$str2'])).toBe('hello');
    expect(max([null, '$null', '$doesNotExist'])).toBeNull();
    expect(min([null, '$null', '$doesNotExist'])).toBeNull();
  });
  it('nested arrays are values, not searched', () => {
    expect(max('$arrNest1')).toEqual([1, 2]);
    expect(max('$arrNest2')).toEqual([3, 4]);
    expect(max('$arrNest3')).toEqual([[1, 2, 3]]);
    expect(max(['$arr2', []])).toEqual([1, 2, 3]);
    expect(max('$arrNest4')).toEqual([[1, 2, 3]]);
    expect(max('$arrMixed1')).toEqual(['c']);
    expect(max(['$arrMixed1', '$arrMixed2'])).toEqual([[], 'hello', ['c'], null]);
    expect(min('$arrNest1')).toEqual([1, 2]);
    expect(min('$arrNest2')).toEqual([1, 2]);
    expect(min('$arrNest3')).toEqual([[1, 2, 3]]);
    expect(min(['$arr2', []])).toEqual([]);
    expect(min('$arrNest4')).toBe(1);
    expect(min('$arrMixed1')).toBe('hello');
    expect(min(['$arrMixed1', '$arrMixed2'])).toEqual([[], 'hello', ['c']]);
  });
});

describe('rand.js', () => {
  // For a uniform [0, 1) the variance is 1/12: the average of N draws is within 10 standard
  // deviations of 0.5.
  it('the average of 3000 draws is 0.5 within 10 standard deviations, through aggregate and update', () => {
    const N = 3000;
    const err = 10.0 / Math.sqrt(12.0 * N);
    const coll = collection(Array.from({ length: N }, (_, k) => ({ _id: k, v: 0 })));
    const [viaAggregate] = aggregate(coll, [{ $project: { r: { $rand: {} } } }, { $group: { _id: 0, avg: { $avg: '$r' } } }]);
    updateAll(coll, [{ $set: { r: { $rand: {} } } }]);
    const [viaUpdate] = aggregate(coll, [{ $group: { _id: 0, avg: { $avg: '$r' } } }]);
    for (const out of [viaAggregate, viaUpdate]) {
      const avg = out!.get('avg') as number;
      expect(avg).toBeGreaterThanOrEqual(0.5 - err);
      expect(avg).toBeLessThanOrEqual(0.5 + err);
    }
  });
});
