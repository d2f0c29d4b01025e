import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../bson/values.js';
import { coerceToBool, parseExpression, validateVariableName } from './index.js';
import { d, err, ev, i, l, v } from './test-helpers.js';

describe('operands', () => {
  it('reads field paths, mapping over arrays of documents', () => {
    expect(ev('$a.b', { a: { b: 5 } })).toBe(5);
    expect(ev('$a.b', { a: [{ b: 1 }, { c: 2 }, 3, { b: [4] }] })).toEqual([1, [4]]);
    expect(ev('$a.b', { a: 1 })).toBeUndefined();
    expect(ev('$x', {})).toBeUndefined();
  });
  it('builds object literals without missing fields and array literals with null for missing', () => {
    expect(ev({ x: '$a', y: '$missing', z: { $literal: '$a' } }, { a: 1 })).toEqual(d({ x: 1, z: '$a' }));
    expect(ev(['$a', '$missing'], { a: 1 })).toEqual([1, null]);
  });
  it('resolves system and user variables', () => {
    const root = { _id: 1, a: 2 };
    expect(ev('$$ROOT', root)).toEqual(d(root));
    expect(ev('$$CURRENT.a', root)).toBe(2);
    expect(ev('$$REMOVE', root)).toBeUndefined();
    expect(ev('$$NOW')).toEqual(new Date('2024-01-02T03:04:05.678Z'));
    expect(ev('$$x.y', {}, { x: { y: 3 } })).toBe(3);
  });
  it('rejects unknown variables at parse time when the scope is known, else at evaluation', () => {
    expect(err(() => parseExpression('$$x', { collator: null, variables: new Set(['y']) }))).toEqual({
      code: 17276,
      errmsg: 'Use of undefined variable: x',
    });
    expect(err(() => ev('$$x'))).toEqual({ code: 17276, errmsg: 'Use of undefined variable: x' });
    // A declared variable whose value is missing (let: {x: "$$REMOVE"}) reads as missing.
    expect(ev('$$x', {}, {}, { variables: new Set(['x']) })).toBeUndefined();
  });
  it('rejects bad field paths and variable names', () => {
    expect(err(() => ev('$'))).toEqual({ code: 16872, errmsg: "'$' by itself is not a valid FieldPath" });
    expect(err(() => ev('$a..b')).code).toBe(15998);
    expect(err(() => ev('$a.$b')).code).toBe(16410);
    expect(err(() => ev('$$'))).toEqual({ code: 9, errmsg: 'empty variable names are not allowed' });
    expect(err(() => ev('$$$'))).toEqual({ code: 9, errmsg: "'$' starts with an invalid character for a user variable name" });
    expect(err(() => ev('$$_x')).errmsg).toBe("'_x' starts with an invalid character for a user variable name");
    expect(err(() => validateVariableName('Abc'))).toEqual({
      code: 9,
      errmsg: "'Abc' starts with an invalid character for a user variable name",
    });
    expect(err(() => validateVariableName('a-b')).errmsg).toBe("'a-b' contains an invalid character for a variable name: '-'");
    expect(() => validateVariableName('été')).not.toThrow();
  });
  it('rejects unknown operators and multi-field operator objects', () => {
    expect(err(() => ev({ $foo: 1 }))).toEqual({ code: 168, errmsg: "Unrecognized expression '$foo'" });
    expect(err(() => ev(v({ $add: [], $x: 1 }) as never))).toEqual({
      code: 15983,
      errmsg: 'An object representing an expression must have exactly one field: { $add: [], $x: 1.0 }',
    });
  });
  it('$let binds variables evaluated in the outer scope', () => {
    expect(ev({ $let: { vars: { x: '$a', y: 2 }, in: { $add: ['$$x', '$$y'] } } }, { a: i(1) })).toBe(3);
    expect(err(() => ev({ $let: { vars: { X: 1 }, in: 1 } })).code).toBe(9);
    expect(err(() => ev({ $let: { vars: {} } })).code).toBe(16877);
    expect(ev({ $let: { vars: { CURRENT: '$a' }, in: '$b' } }, { a: { b: 7 } })).toBe(7);
  });
});

describe('arithmetic', () => {
  it('$add promotes int → long → double and handles dates', () => {
    expect(ev({ $add: [i(1), i(2)] })).toEqual(i(3));
    expect(ev({ $add: [i(2147483647), i(1)] })).toEqual(l(2147483648));
    expect(ev({ $add: [l(1), i(2)] })).toEqual(l(3));
    expect(ev({ $add: [l(9223372036854775807n), i(1)] })).toBe(9223372036854775808);
    expect(ev({ $add: [i(1), 1.5] })).toBe(2.5);
    expect(ev({ $add: [new Date(1000), i(5)] })).toEqual(new Date(1005));
    expect(ev({ $add: [] })).toEqual(i(0));
    expect((ev({ $add: [Decimal128.fromString('1.10'), i(1)] }) as Decimal128).toString()).toBe('2.10');
  });
  it('$add gives null for null/missing and errors on other types', () => {
    expect(ev({ $add: [i(1), '$missing'] })).toBeNull();
    expect(err(() => ev({ $add: [i(1), 'x'] }))).toEqual({ code: 14, errmsg: '$add only supports numeric or date types, not string' });
    expect(err(() => ev({ $add: [new Date(0), new Date(0)] })).code).toBe(16612);
  });
  it('$subtract, $multiply, $divide, $mod', () => {
    expect(ev({ $subtract: [i(5), i(7)] })).toEqual(i(-2));
    expect(ev({ $subtract: [new Date(5000), new Date(1000)] })).toEqual(l(4000));
    expect(ev({ $subtract: [new Date(5000), i(1000)] })).toEqual(new Date(4000));
    expect(err(() => ev({ $subtract: [i(1)] }))).toEqual({
      code: 16020,
      errmsg: 'Expression $subtract takes exactly 2 arguments. 1 were passed in.',
    });
    expect(ev({ $multiply: [i(65536), i(65536)] })).toEqual(l(4294967296));
    expect(ev({ $multiply: [i(2), 2.5] })).toBe(5);
    expect(err(() => ev({ $multiply: [i(2), 'a'] })).code).toBe(14);
    expect(ev({ $divide: [i(7), i(2)] })).toBe(3.5);
    expect(err(() => ev({ $divide: [i(7), i(0)] }))).toEqual({ code: 2, errmsg: "can't $divide by zero" });
    expect(err(() => ev({ $divide: ['a', i(0)] }))).toEqual({ code: 14, errmsg: '$divide only supports numeric types, not string and int' });
    expect(ev({ $mod: [i(7), i(-3)] })).toEqual(i(1));
    // Since 7.2 the result has the wider input type: an integral double divisor gives a double.
    expect(ev({ $mod: [i(-7), 2] })).toBe(-1);
    expect(ev({ $mod: [l(7), 2] })).toBe(1);
    expect(ev({ $mod: [l(7), i(2)] })).toEqual(l(1));
    expect(ev({ $mod: [-7, i(2)] })).toBe(-1);
    expect(err(() => ev({ $mod: [i(7), i(0)] })).code).toBe(16610);
  });
  it('single-argument math', () => {
    expect(ev({ $abs: i(-3) })).toEqual(i(3));
    expect(ev({ $abs: [null] })).toBeNull();
    expect(err(() => ev({ $abs: 'x' }))).toEqual({ code: 28765, errmsg: '$abs only supports numeric types, not string' });
    expect(ev({ $ceil: 1.2 })).toBe(2);
    expect(ev({ $floor: i(3) })).toEqual(i(3));
    expect(ev({ $sqrt: 16 })).toBe(4);
    expect(err(() => ev({ $sqrt: -1 })).code).toBe(28714);
    expect(ev({ $pow: [i(2), i(10)] })).toEqual(i(1024));
    expect(ev({ $pow: [i(2), i(-1)] })).toBe(0.5);
    expect(ev({ $log10: 100 })).toBe(2);
    expect(ev({ $round: [2.5, i(0)] })).toBe(2);
    expect(ev({ $round: [i(1234), i(-2)] })).toEqual(i(1200));
    expect(ev({ $trunc: [-2.57, i(1)] })).toBe(-2.5);
  });
});

describe('comparison, boolean, conditional', () => {
  it('compares with BSON order and treats missing below null', () => {
    expect(ev({ $eq: [i(1), 1] })).toBe(true);
    expect(ev({ $eq: ['$missing', null] })).toBe(false);
    expect(ev({ $lt: ['$missing', null] })).toBe(true);
    expect(ev({ $gt: ['a', i(1)] })).toBe(true);
    expect(ev({ $cmp: [i(1), i(2)] })).toEqual(i(-1));
  });
  it('uses the collator for strings', () => {
    const ci = { compare: (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) };
    expect(ev({ $eq: ['A', 'a'] }, {}, {}, { collator: ci })).toBe(true);
  });
  it('boolean ops coerce', () => {
    expect(coerceToBool(0)).toBe(false);
    expect(coerceToBool('')).toBe(true);
    expect(coerceToBool([])).toBe(true);
    expect(ev({ $and: [i(1), 'x'] })).toBe(true);
    expect(ev({ $and: [] })).toBe(true);
    expect(ev({ $or: [null, '$missing'] })).toBe(false);
    expect(ev({ $not: [i(0)] })).toBe(true);
  });
  it('$cond, $ifNull, $switch', () => {
    expect(ev({ $cond: { if: '$a', then: 'y', else: 'n' } }, { a: 1 })).toBe('y');
    expect(ev({ $cond: ['$a', 'y', 'n'] }, {})).toBe('n');
    expect(err(() => ev({ $cond: { if: 1, then: 2 } }))).toEqual({ code: 17082, errmsg: "Missing 'else' parameter to $cond" });
    expect(ev({ $ifNull: ['$a', '$b', 'z'] }, { b: 2 })).toBe(2);
    expect(ev({ $ifNull: ['$a', '$b'] }, {})).toBeUndefined();
    expect(ev({ $switch: { branches: [{ case: false, then: 1 }, { case: true, then: 2 }] } })).toBe(2);
    expect(ev({ $switch: { branches: [{ case: false, then: 1 }], default: 3 } })).toBe(3);
  });
});
