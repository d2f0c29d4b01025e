/**
 * Ports of MongoDB's jstests/aggregation/expressions/ median_expression_approx.js,
 * percentile_expression_approx.js and percentile_expression_syntax.js (8.0 accepts only
 * `method: "approximate"`). Each expression runs through aggregate and an update pipeline
 * (harness.ts). Over an array the expression ranks the numeric elements exactly (the server's
 * DiscretePercentile, not a t-digest), so the answers below are exact samples, as doubles.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { aggregate, collection, expr, exprError, i, l, type Lit } from './harness.js';

const SET = 'Invalid $set :: caused by :: ';
const percentile = (p: Lit, input: Lit) => ({ $percentile: { p, input, method: 'approximate' } });
const median = (input: Lit) => ({ $median: { input, method: 'approximate' } });

describe('median_expression_approx.js', () => {
  // The jstest checks $median against $percentile with p: [0.5] on every case.
  const both = (input: Lit, doc: Lit) => {
    const m = expr(median(input), doc);
    const p = expr(percentile([0.5], input), doc) as Lit[];
    expect(m).toEqual(p[0]);
    return m;
  };
  it('non-numeric elements of an array input are ignored; all non-numeric gives null', () => {
    expect(both('$x', { x: [i(0), 'non-numeric', i(1), i(2)], no_x: 0 })).toBe(1);
    expect(both('$x', { x: ['non-numeric', [i(1), i(2), i(3)]] })).toBeNull();
  });
  it('an array of expressions', () => {
    expect(both(['$x', '$x1', '$x2', '$x3'], { x: i(0), x1: 'non-numeric', x2: i(1), x3: i(2) })).toBe(1);
    expect(both(['$x', '$x1'], { x: 'non-numeric', x1: 'hello' })).toBeNull();
  });
  it('a non-numeric scalar gives null', () => {
    expect(both('$x1', { x: i(1), x1: 'hello' })).toBeNull();
  });
});

describe('percentile_expression_approx.js', () => {
  it('an input that evaluates to an array: non-numbers ignored, min, several percentiles in p order', () => {
    expect(expr(percentile([0.5], '$x'), { x: [i(0), 'non-numeric', i(1), i(2)] })).toEqual([1]);
    expect(expr(percentile([0], '$x'), { x: [i(10), i(5), i(27)], x1: i(5) })).toEqual([5]);
    expect(expr(percentile([0.5, 0.9, 0.1], '$x'), { x: [i(0), i(1), i(2)] })).toEqual([1, 2, 0]);
  });
  it('an array of expressions: an array-valued element is not numeric; max', () => {
    const doc = { x: i(0), x1: 'non-numeric', x2: i(1), x3: i(2), x4: [i(2), i(2), i(2)] };
    expect(expr(percentile([0.5], ['$x', '$x1', '$x2', '$x3', '$x4']), doc)).toEqual([1]);
    expect(expr(percentile([0.5], ['$x']), { x: 'non-numeric' })).toEqual([null]);
    expect(
      expr(percentile([0.5, 0.9], ['$x', '$x1', '$x2']), {
        x: 'non-numeric',
        x1: 'also non-numeric',
        x2: [i(1), i(2), i(3)],
      }),
    ).toEqual([null, null]);
    expect(expr(percentile([1], ['$x', '$x1', '$x2']), { x: i(10), x1: i(5), x2: i(27) })).toEqual([27]);
    expect(expr(percentile([0.5, 0.9, 0.1], ['$x', '$x1', '$x2']), { x: i(0), x1: i(1), x2: i(2) })).toEqual([1, 2, 0]);
  });
  it('a scalar input: a number is every percentile, anything else gives nulls', () => {
    expect(expr(percentile([0.5, 0.9, 0.1], '$x'), { x: i(0), x1: i(1), x2: i(2) })).toEqual([0, 0, 0]);
    expect(expr(percentile([0.5, 0.9, 0.1], '$x1'), { x: i(0), x1: 'non-numeric', x2: i(2) })).toEqual([
      null,
      null,
      null,
    ]);
  });
  it('100,000 uniform samples: each percentile within 0.01 of p (here the exact sample)', () => {
    // mulberry32: a seeded uniform generator on [0, 1).
    let seed = 20230406;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const samples = Array.from({ length: 100000 }, rand);
    const ps = [0.5, 0.999, 0.0001];
    const coll = collection([{ _id: 0, x: samples }]);
    const [out] = aggregate(coll, [{ $project: { p: percentile(ps, '$x') } }]);
    const got = out!.get('p') as number[];
    const sorted = [...samples].sort((a, b) => a - b);
    ps.forEach((p, k) => {
      expect(got[k]).toBeGreaterThan(p - 0.01);
      expect(got[k]).toBeLessThan(p + 0.01);
      expect(got[k]).toBe(sorted[Math.ceil(100000 * p) - 1]);
    });
  });
  it('100,000 non-numeric elements give nulls', () => {
    const coll = collection([{ _id: 0, x: Array.from({ length: 100000 }, (_, k) => [i(k)]) }]);
    const [out] = aggregate(coll, [{ $project: { p: percentile([0.5, 0.9, 0.1], '$x') } }]);
    expect(out!.get('p')).toEqual([null, null, null]);
  });
});

describe('percentile rule (DiscretePercentile): rank ceil(n*p)-1, doubles out', () => {
  it('rank of p among n samples resolves to the lower sample', () => {
    const ten = Array.from({ length: 10 }, (_, k) => i(10 - k));
    expect(expr(percentile([0, 0.1, 0.11, 0.25, 0.5, 0.51, 0.99, 1], ten))).toEqual([1, 1, 2, 3, 5, 6, 10, 10]);
    expect(expr(median([i(4), i(1), i(3), i(2)]))).toBe(2);
  });
  it('every numeric type is coerced to a double; NaN is ignored; infinities rank at the ends', () => {
    const got = expr(percentile([0, 0.5, 1], [l(7), Decimal128.fromString('2.5'), 1.5, NaN]));
    expect(got).toEqual([1.5, 2.5, 7]);
    expect(typeof (got as number[])[2]).toBe('number');
    expect(expr(percentile([0, 0.5, 1], [-Infinity, i(1), Infinity]))).toEqual([-Infinity, 1, Infinity]);
    expect(expr(median([NaN, NaN]))).toBeNull();
    expect(expr(median('$x'), { x: NaN })).toBeNaN();
    expect(expr(median('$x'), { x: [] })).toBeNull();
    expect(expr(median('$missing'))).toBeNull();
  });
});

describe('percentile_expression_syntax.js', () => {
  const args = ['$k1', '$k2'];
  const err = (spec: Lit) => exprError(spec, { k1: i(3), k2: i(2), k3: 'hi', k4: [i(1), i(2), i(3)] });
  const range = "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: ";
  it('not an object, a missing field, an unknown field (IDL order: document order, then missing in declaration order)', () => {
    expect(err({ $percentile: 0.5 })).toEqual({
      code: 7436200,
      errmsg: `${SET}specification must be an object; found $percentile: 0.5`,
    });
    expect(err({ $percentile: { input: args, method: 'approximate' } })).toEqual({
      code: 40414,
      errmsg: `${SET}BSON field '$percentile.p' is missing but a required field`,
    });
    expect(err({ $percentile: { p: [0.5], method: 'approximate' } })).toEqual({
      code: 40414,
      errmsg: `${SET}BSON field '$percentile.input' is missing but a required field`,
    });
    expect(err({ $percentile: { p: [0.5], input: '$k1' } })).toEqual({
      code: 40414,
      errmsg: `${SET}BSON field '$percentile.method' is missing but a required field`,
    });
    expect(err({ $percentile: { p: [0.5], input: args, method: 'approximate', extras: 42 } })).toEqual({
      code: 40415,
      errmsg: `${SET}BSON field '$percentile.extras' is an unknown field.`,
    });
    expect(err({ $percentile: { p: [0.5], p2: 1, method: 'fancy' } }).code).toBe(40415);
  });
  it("'p' as a constant: not an array, empty, a non-number, outside [0, 1] (NaN and infinities too)", () => {
    const withP = (p: Lit) => err({ $percentile: { p, input: args, method: 'approximate' } });
    expect(withP(0.5)).toEqual({ code: 7750301, errmsg: `${SET}${range}0.5` });
    expect(withP([])).toEqual({ code: 7750301, errmsg: `${SET}${range}[]` });
    expect(withP([0.5, 'foo'])).toEqual({ code: 7750302, errmsg: `${SET}${range}"foo"` });
    expect(withP([0.5, 10])).toEqual({ code: 7750303, errmsg: `${SET}${range}10` });
    expect(withP([NaN])).toEqual({ code: 7750303, errmsg: `${SET}${range}nan` });
    expect(withP([Infinity])).toEqual({ code: 7750303, errmsg: `${SET}${range}inf` });
    expect(withP([-Infinity])).toEqual({ code: 7750303, errmsg: `${SET}${range}-inf` });
  });
  it("'p' as an expression: it must fold to a constant array of numbers", () => {
    const withP = (p: Lit) => err({ $percentile: { p, input: args, method: 'approximate' } });
    expect(withP(['$x'])).toEqual({
      code: 7750300,
      errmsg: `${SET}The $percentile 'p' field must be an array of constant values, but found value: [ "$x" ].`,
    });
    expect(withP({ $add: [0.1, 0.5] })).toEqual({ code: 7750301, errmsg: `${SET}${range}0.6` });
    expect(withP({ $concatArrays: [[0.01, 0.1], ['foo']] })).toEqual({ code: 7750302, errmsg: `${SET}${range}"foo"` });
    expect(
      expr(
        { $percentile: { p: { $concatArrays: [[0], [1]] }, input: args, method: 'approximate' } },
        { k1: i(3), k2: i(2) },
      ),
    ).toEqual([2, 3]);
  });
  it("'method': a string, and in 8.0 only 'approximate'", () => {
    expect(err({ $percentile: { p: [0.5, 0.7], input: args, method: 42 } })).toEqual({
      code: 14,
      errmsg: `${SET}BSON field '$percentile.method' is the wrong type 'double', expected type 'string'`,
    });
    for (const method of ['fancy', 'continuous', 'discrete']) {
      expect(err({ $percentile: { p: [0.5, 0.7], input: args, method } })).toEqual({
        code: 2,
        errmsg: `${SET}Currently only 'approximate' can be used as percentile 'method'.`,
      });
      expect(err({ $median: { input: args, method } })).toEqual({
        code: 2,
        errmsg: `${SET}Currently only 'approximate' can be used as percentile 'method'.`,
      });
    }
    // The method is validated when the IDL parser reaches it: before a bad 'p'.
    expect(err({ $percentile: { method: 'fancy', p: 'x', input: args } }).code).toBe(2);
    expect(err({ $percentile: { p: 'x', input: args, method: 'fancy' } }).code).toBe(2);
  });
  it('$median: no p, input and method required, no other field', () => {
    expect(err({ $median: { p: [0.5], input: '$k4', method: 'approximate' } })).toEqual({
      code: 40415,
      errmsg: `${SET}BSON field '$median.p' is an unknown field.`,
    });
    expect(err({ $median: { method: 'approximate' } })).toEqual({
      code: 40414,
      errmsg: `${SET}BSON field '$median.input' is missing but a required field`,
    });
    expect(err({ $median: { input: args } })).toEqual({
      code: 40414,
      errmsg: `${SET}BSON field '$median.method' is missing but a required field`,
    });
    expect(err({ $median: { input: '$x', method: 'approximate', extras: 42 } })).toEqual({
      code: 40415,
      errmsg: `${SET}BSON field '$median.extras' is an unknown field.`,
    });
    expect(err({ $median: 'x' })).toEqual({
      code: 7436201,
      errmsg: `${SET}specification must be an object; found $median: "x"`,
    });
  });
  it('valid specs', () => {
    const doc = { k1: i(3), k2: i(2), k3: 'hi', k4: [i(1), i(2), i(3)] };
    expect(expr(percentile([0.0, 0.0001, 0.5, 0.995, 1.0], args), doc)).toEqual([2, 2, 2, 3, 3]);
    expect(expr(percentile([0.5, 0.9], 'something'), doc)).toEqual([null, null]);
    expect(expr(percentile([0.5], []), doc)).toEqual([null]);
    expect(expr(percentile([0.5, 0.9], ['k3']), doc)).toEqual([null, null]);
    expect(expr(percentile([0.5], '$k4'), doc)).toEqual([2]);
    expect(expr(percentile([0.5], { $concatArrays: [['$k1', '$k2'], [{ $add: [2, '$k1'] }], '$k4'] }), doc)).toEqual([
      2,
    ]);
    expect(expr(median('$k4'), doc)).toBe(2);
    expect(expr(median(args), doc)).toBe(2);
  });
});
