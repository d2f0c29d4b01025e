/**
 * Ports of MongoDB's jstests/aggregation/expressions/arithmetic_constant_folding.js and
 * constant_folding.js (their results; the folded shapes they read from explain are checked here
 * through what the folding changes), and the rules of `ExpressionNary::optimize` behind them
 * (nary-optimize.ts): `aggregate` folds and reorders constant operands of associative operators,
 * an update pipeline evaluates every operand as written, and the answers differ where the server's
 * do.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128, type Value } from '../../bson/values.js';
import { aggregate, collection, expr, i, l, OPTIMIZE_PREFIX, viaAggregate, viaUpdate, type Outcome } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const LLONG_MAX = l(9223372036854775807n);

function valueOf(o: Outcome): Value | undefined {
  if ('error' in o) throw new Error(`unexpected error ${o.error.code}: ${o.error.errmsg}`);
  return o.value;
}
const typeOf = (x: Value | undefined) => (x === undefined ? 'missing' : x === null ? 'null' : typeof x === 'object' ? (x as object).constructor.name : typeof x);
/** Value and BSON type through aggregate (optimized) and through an update (not optimized). */
function both(expression: Lit, doc: Lit): { aggregate: [string, string]; update: [string, string] } {
  const a = valueOf(viaAggregate(expression, doc));
  const u = valueOf(viaUpdate(expression, doc));
  return { aggregate: [typeOf(a), String(a)], update: [typeOf(u), String(u)] };
}
/** The error of an aggregate over an empty collection (nothing but the optimizer can raise it). */
function onEmptyCollection(expression: Lit): { code: number; errmsg: string } | null {
  try {
    aggregate(collection([]), [{ $project: { r: expression } }]);
    return null;
  } catch (e) {
    return e as { code: number; errmsg: string };
  }
}

describe('arithmetic_constant_folding.js and constant_folding.js', () => {
  // The jstests read the folded expression from explain; its value, with $x bound, is the value of
  // the expression as written. The shapes themselves are checked by the rules below.
  const shapes: Array<[Lit, Lit, Lit]> = [
    [[1, 2, 3], 6, 6],
    [[[1, 2], 3, 4, 5], 15, 120],
    [[1, 2, '$x'], [3, '$x'], [2, '$x']],
    [['$x', 1, 2], ['$x', 1, 2], ['$x', 1, 2]],
    [[1, '$x', 2], [1, '$x', 2], [1, '$x', 2]],
    [[5, 2, '$x', 3, 4], [7, '$x', 3, 4], [10, '$x', 3, 4]],
    [['$x', 1, 2, 3], ['$x', 1, 2, 3], ['$x', 1, 2, 3]],
    [[[1, 2, '$x'], 3, 4, '$x', 5], [[3, '$x'], 3, 4, '$x', 5], [[2, '$x'], 3, 4, '$x', 5]],
    [[1, 2, [1, 2, '$x'], 3, 4, '$x', 5], [3, [3, '$x'], 3, 4, '$x', 5], [2, [2, '$x'], 3, 4, '$x', 5]],
    [[1, 2, [1, 2, '$x', 5, 6], 3, 4, 5], [3, [3, '$x', 5, 6], 3, 4, 5], [2, [2, '$x', 5, 6], 3, 4, 5]],
    [[1, 2, '$x', 4, [1, 2, '$x', 5, 6], 3, 4, 5], [3, '$x', 4, [3, '$x', 5, 6], 3, 4, 5], [2, '$x', 4, [2, '$x', 5, 6], 3, 4, 5]],
  ];
  const build = (op: string, a: Lit): Lit => (Array.isArray(a) ? { [op]: a.map((e) => build(op, e)) } : a);
  it('left-associative folding keeps the value of $add and $multiply', () => {
    for (const [input, added, multiplied] of shapes) {
      expect(expr(build('$add', input), { x: 3 })).toEqual(expr(build('$add', added), { x: 3 }));
      expect(expr(build('$multiply', input), { x: 3 })).toEqual(expr(build('$multiply', multiplied), { x: 3 }));
    }
    const mixed: Array<[Lit, Lit]> = [
      [{ $add: [1, 2, { $multiply: [3, 4, '$x', 5, 6] }, 6, 7] }, { $add: [3, { $multiply: [12, '$x', 5, 6] }, 6, 7] }],
      [{ $multiply: [1, 2, { $add: [3, 4, '$x', 5, 6] }, 6, 7] }, { $multiply: [2, { $add: [7, '$x', 5, 6] }, 6, 7] }],
      [{ $add: [1, 2, { $multiply: [3, 4, 5, 6] }, 6, '$x', 7, 8] }, { $add: [369, '$x', 7, 8] }],
      [{ $multiply: [1, 2, { $add: [3, 4, 5, 6] }, 6, '$x', 7, 8] }, { $multiply: [216, '$x', 7, 8] }],
      [{ $add: [1, 2, '$x', { $multiply: [3, 4, '$x', 5, 6] }, 6, 7, 8] }, { $add: [3, '$x', { $multiply: [12, '$x', 5, 6] }, 6, 7, 8] }],
      [{ $multiply: [1, 2, '$x', { $add: [3, 4, '$x', 5, 6] }, 6, 7, 8] }, { $multiply: [2, '$x', { $add: [7, '$x', 5, 6] }, 6, 7, 8] }],
    ];
    for (const [input, folded] of mixed) expect(expr(input, { x: 3 })).toEqual(expr(folded, { x: 3 }));
  });
  it('a decimal product is the same optimized or not (BF-24149)', () => {
    const product = { $multiply: [-3.14159265859, '$v', -314159255] };
    expect(String(expr(product, { v: dec('927.3345924210555') }))).toBe('915242528741.9469524422272990976000');
    expect(String(expr(product, { v: dec('917.6875119062092') }))).toBe('905721242210.0453137831269007622941');
  });
  it('operands multiply left to right: a huge decimal times 0 then 4.1 is 0, times 4.1 (-Infinity at once) then 0 is NaN (BF-24945)', () => {
    const huge = dec('-9.999999999999999999999999999999999E+6144');
    const zero = expr({ $multiply: [huge, '$x', '$y'] }, { x: 0, y: 4.1 });
    expect(zero).toBeInstanceOf(Decimal128);
    expect(expr({ $eq: [zero as Lit, 0] })).toBe(true);
    expect(String(expr({ $multiply: [huge, '$y', '$x'] }, { x: 0, y: 4.1 }))).toBe('NaN');
  });
  it('every decimal operation overflows to an infinity at once, which later operands cannot bring back', () => {
    const huge = dec('-9.999999999999999999999999999999999E+6144');
    expect(String(expr({ $add: ['$h', '$h', '$g'] }, { h: huge, g: dec('9.999999999999999999999999999999999E+6144') }))).toBe('-Infinity');
    expect(String(expr({ $multiply: ['$h', 10, 0.1] }, { h: huge }))).toBe('-Infinity');
    expect(String(expr({ $multiply: ['$h', 0.1, 10] }, { h: huge }))).toBe('-9.999999999999999999999999999999999E+6144');
  });
});

describe('ExpressionNary::optimize: left-associative $add and $multiply fold only their leading constants', () => {
  it('a folded prefix past int range is a long, and stays one where left to right the total returns to int', () => {
    expect(both({ $add: [i(2147483647), i(1), '$x'] }, { x: i(-1) })).toEqual({ aggregate: ['Long', '2147483647'], update: ['Int32', '2147483647'] });
    expect(both({ $multiply: [i(65536), i(65536), '$x'] }, { x: i(0) })).toEqual({ aggregate: ['Long', '0'], update: ['Int32', '0'] });
  });
  it('constants after the first non-constant operand are not folded', () => {
    expect(expr({ $add: ['$x', i(2147483647), i(1)] }, { x: i(-1) })).toEqual(i(2147483647));
    expect(expr({ $add: [i(1), '$x', i(2147483647)] }, { x: i(-1) })).toEqual(i(2147483647));
    expect(onEmptyCollection({ $add: ['$x', 1, 'a'] })).toBeNull();
    expect(onEmptyCollection({ $add: [{ $add: [1, '$x'] }, 'a', 2] })).toBeNull();
  });
  it('a leading run that cannot be evaluated fails the pipeline, even on an empty collection', () => {
    expect(onEmptyCollection({ $add: [1, 'a', '$x'] })).toEqual({ code: 14, errmsg: `${OPTIMIZE_PREFIX}$add only supports numeric or date types, not string` });
  });
});

describe('ExpressionNary::optimize: fully associative operators', () => {
  it('$concat and $concatArrays fold each run of constants in place, so a bad run fails before a null field is read', () => {
    expect(onEmptyCollection({ $concat: ['$x', 'a', 1] })).toEqual({ code: 16702, errmsg: `${OPTIMIZE_PREFIX}$concat only supports strings, not double` });
    expect(both({ $concat: ['$x', 'a', 'b'] }, { x: 'z' })).toEqual({ aggregate: ['string', 'zab'], update: ['string', 'zab'] });
    expect(viaUpdate({ $concat: ['$x', 'a', 1] }, {})).toEqual({ value: null });
    expect(onEmptyCollection({ $concatArrays: ['$x', [1], 5] })?.code).toBe(28664);
    expect(viaUpdate({ $concatArrays: ['$x', [1], 5] }, {})).toEqual({ value: null });
    expect(onEmptyCollection({ $concat: ['a', '$x', 1] })).toBeNull();
  });
  it('an operand that is the same operator gives up its operands to the enclosing one', () => {
    expect(onEmptyCollection({ $concat: [{ $concat: ['$x', 'a'] }, 1] })?.code).toBe(16702);
    expect(viaUpdate({ $concat: [{ $concat: ['$x', 'a'] }, 1] }, {})).toEqual({ value: null });
  });
  it('commutative ones gather every constant at the end: $setUnion folds [1] with 5 and fails', () => {
    expect(onEmptyCollection({ $setUnion: [[1], '$x', 5] })?.code).toBe(17043);
    expect(viaUpdate({ $setUnion: [[1], '$x', 5] }, {})).toEqual({ value: null });
  });
  it('$min/$max with two or more operands: the constants move behind the fields, so a tie keeps the field', () => {
    expect(both({ $min: [l(1), '$x'] }, { x: i(1) })).toEqual({ aggregate: ['Int32', '1'], update: ['Long', '1'] });
    expect(both({ $max: [1, '$x'] }, { x: i(1) })).toEqual({ aggregate: ['Int32', '1'], update: ['number', '1'] });
    // One array operand is not a list of operands: nothing moves.
    expect(both({ $min: [[l(1), '$x']] }, { x: i(1) })).toEqual({ aggregate: ['Long', '1'], update: ['Long', '1'] });
  });
  it('$sum adds its folded constants last: LLONG_MAX + 1 is a double before the field is added', () => {
    expect(both({ $sum: [LLONG_MAX, '$x', i(1)] }, { x: i(-1) })).toEqual({ aggregate: ['number', String(2 ** 63)], update: ['Long', '9223372036854775807'] });
  });
  it('$and/$or: a final constant that decides replaces the expression, so an erroring operand is not evaluated', () => {
    expect(viaAggregate({ $and: [{ $divide: [1, '$x'] }, false] }, { x: 0 })).toEqual({ value: false });
    expect(viaUpdate({ $and: [{ $divide: [1, '$x'] }, false] }, { x: 0 })).toEqual({ error: { code: 2, errmsg: "can't $divide by zero" } });
    expect(viaAggregate({ $or: [{ $divide: [1, '$x'] }, true] }, { x: 0 })).toEqual({ value: true });
    expect(viaUpdate({ $or: [{ $divide: [1, '$x'] }, true] }, { x: 0 }).constructor).toBe(Object);
  });
  it('$and/$or: a final constant that cannot decide is dropped; the answer stays a boolean', () => {
    for (const x of [5, 0, null, 'a']) {
      expect(expr({ $and: [true, '$x'] }, { x })).toBe(Boolean(expr({ $and: ['$x'] }, { x })));
      expect(expr({ $or: [false, '$x', 0] }, { x })).toBe(expr({ $or: ['$x'] }, { x }));
      expect(expr({ $and: [1, '$x', '$x'] }, { x })).toBe(expr({ $and: ['$x'] }, { x }));
    }
  });
});

describe("operators' own optimize(): checks of constant operands (aggregate only)", () => {
  it('$indexOfArray: a constant non-array first operand fails with 50809 before any document; a nullish one is null', () => {
    expect(onEmptyCollection({ $indexOfArray: ['string', '$x'] })).toEqual({
      code: 50809,
      errmsg: `${OPTIMIZE_PREFIX}First operand of $indexOfArray must be an array. First argument is of type: string`,
    });
    expect(viaUpdate({ $indexOfArray: ['string', '$x'] }, { x: 1 })).toEqual({
      error: { code: 40090, errmsg: '$indexOfArray requires an array as a first argument, found: string' },
    });
    expect(expr({ $indexOfArray: [null, '$x', 'bad'] }, { x: 1 })).toBeNull();
    expect(expr({ $indexOfArray: [['a', 'b'], '$x'] }, { x: 'b' })).toEqual(i(1));
  });
  it('$setIsSubset: a constant non-array second operand fails with 17311, before the first operand is checked', () => {
    expect(viaAggregate({ $setIsSubset: ['$x', 5] }, { x: 1 })).toEqual({
      error: { code: 17311, errmsg: `${OPTIMIZE_PREFIX}both operands of $setIsSubset must be arrays. Second argument is of type: double` },
    });
    expect(viaUpdate({ $setIsSubset: ['$x', 5] }, { x: 1 })).toEqual({
      error: { code: 17046, errmsg: 'both operands of $setIsSubset must be arrays. First argument is of type: double' },
    });
  });
  it('$setEquals: every constant operand must be an array (5887502), even when all are constants', () => {
    expect(onEmptyCollection({ $setEquals: ['$x', [1], 'a'] })).toEqual({
      code: 5887502,
      errmsg: `${OPTIMIZE_PREFIX}All operands of $setEquals must be arrays. 3-th argument is of type: string`,
    });
    expect(onEmptyCollection({ $setEquals: [[1], 5] })?.code).toBe(5887502);
    expect(viaUpdate({ $setEquals: [[1], 5] }, {})).toEqual({
      error: { code: 17044, errmsg: 'All operands of $setEquals must be arrays. 2-th argument is of type: double' },
    });
    expect(expr({ $setEquals: ['$x', [1, 2]] }, { x: [2, 1, 1] })).toBe(true);
  });
});
