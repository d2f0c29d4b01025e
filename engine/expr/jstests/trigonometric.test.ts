/**
 * Port of MongoDB's jstests/aggregation/expressions/expression_trigonometric.js. Each expression
 * runs through aggregate and an update pipeline (harness.ts) with its arguments in the document,
 * as the jstest does to avoid constant folding. Approximate results are checked like the jstest's
 * testOpApprox: |result - expected| converted to double is below 5e-8.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const dec = (s: string | number): Decimal128 => Decimal128.fromString(String(s));

function onDoc(op: string, val: Lit): [Lit, Lit] {
  if (Array.isArray(val) && val.length === 2) return [{ [op]: ['$y', '$x'] }, { y: val[0]!, x: val[1]! }];
  return [{ [op]: '$y' }, { y: val }];
}
const op = (name: string, val: Lit): unknown => expr(...onDoc(name, val));
const code = (name: string, val: Lit): number => exprCode(...onDoc(name, val));
function approx(name: string, val: Lit, expected: Lit): void {
  const result = op(name, val) as Lit;
  const difference = expr({ $abs: { $convert: { input: { $subtract: [{ $literal: result }, { $literal: expected }] }, to: 'double' } } }) as number;
  expect(difference, `${name}(${String(val)})`).toBeLessThan(0.00000005);
}

const all = ['$acos', '$acosh', '$asin', '$asinh', '$atan', '$atan2', '$atanh', '$cos', '$cosh', '$sin', '$sinh', '$tan', '$tanh', '$degreesToRadians', '$radiansToDegrees'];
const simpleArg = (name: string, one: Lit, zero: Lit): Lit => (name === '$acos' || name === '$acosh' ? one : zero);
const simpleResult = (name: string): number => (name === '$cos' || name === '$cosh' ? 1 : 0);

describe('expression_trigonometric.js', () => {
  it('int, long and double arguments give a double', () => {
    for (const [one, zero] of [[i(1), i(0)], [l(1), l(0)], [1, 0]] as [Lit, Lit][]) {
      for (const name of all) {
        if (name === '$atan2') {
          expect(op(name, [zero, one])).toBe(0);
          expect(op(name, [zero, zero])).toBe(0);
        } else {
          expect(op(name, simpleArg(name, one, zero)), name).toBe(simpleResult(name));
        }
      }
    }
  });
  it('decimal arguments give a decimal', () => {
    for (const name of all) {
      if (name === '$atan2') {
        approx(name, [dec(0), 1], dec(0));
        approx(name, [dec(0), 0], dec(0));
      } else {
        approx(name, simpleArg(name, dec(1), dec(0)), dec(simpleResult(name)));
      }
      expect(op(name, name === '$atan2' ? [dec(0), dec(1)] : simpleArg(name, dec(1), dec(0)))).toBeInstanceOf(Decimal128);
    }
  });
  it('infinity outside the domain is 50989', () => {
    for (const name of ['$acos', '$asin', '$atanh', '$cos', '$sin', '$tan']) {
      for (const x of [-Infinity, dec('-Infinity'), Infinity, dec('Infinity')]) expect(code(name, x), name).toBe(50989);
    }
    expect(code('$acosh', -Infinity)).toBe(50989);
    expect(code('$acosh', dec('-Infinity'))).toBe(50989);
  });
  it('infinity in gives infinity or a limit out', () => {
    const exact: [string, Lit, Lit][] = [
      ['$acosh', dec('Infinity'), dec('Infinity')], ['$acosh', Infinity, Infinity],
      ['$asinh', dec('Infinity'), dec('Infinity')], ['$asinh', dec('-Infinity'), dec('-Infinity')], ['$asinh', Infinity, Infinity], ['$asinh', -Infinity, -Infinity],
      ['$cosh', dec('Infinity'), dec('Infinity')], ['$cosh', dec('-Infinity'), dec('Infinity')], ['$cosh', Infinity, Infinity], ['$cosh', -Infinity, Infinity],
      ['$sinh', dec('Infinity'), dec('Infinity')], ['$sinh', dec('-Infinity'), dec('-Infinity')], ['$sinh', Infinity, Infinity], ['$sinh', -Infinity, -Infinity],
      ['$tanh', dec('Infinity'), dec('1')], ['$tanh', dec('-Infinity'), dec('-1')],
      ['$atanh', dec(1), dec('Infinity')], ['$atanh', dec(-1), dec('-Infinity')], ['$atanh', 1, Infinity], ['$atanh', -1, -Infinity],
      ['$tanh', Infinity, 1], ['$tanh', -Infinity, -1],
    ];
    for (const [name, x, want] of exact) expect(op(name, x), `${name}(${String(x)})`).toEqual(want);
    approx('$atan', dec('Infinity'), dec(Math.PI / 2));
    approx('$atan', dec('-Infinity'), dec(-Math.PI / 2));
    approx('$atan', Infinity, Math.PI / 2);
    approx('$atan', -Infinity, -Math.PI / 2);
    approx('$atan2', [dec('Infinity'), 0], dec(Math.PI / 2));
    approx('$atan2', [dec('-Infinity'), 0], dec(-Math.PI / 2));
    approx('$atan2', [dec('-Infinity'), dec('Infinity')], dec(-Math.PI / 4));
    approx('$atan2', [dec('-Infinity'), dec('-Infinity')], dec((-3 * Math.PI) / 4));
    approx('$atan2', [dec('0'), dec('-Infinity')], dec(Math.PI));
    approx('$atan2', [dec('0'), dec('Infinity')], dec(0));
    approx('$atan2', [i(3), i(2)], dec(0.9827937232));
    approx('$atan2', [i(621), i(84)], dec(1.4363466632));
  });
  it('finite arguments outside the domain are 50989', () => {
    for (const [m2, p2, zero] of [[i(-2), i(2), i(0)], [l(-2), l(2), l(0)]] as [Lit, Lit, Lit][]) {
      for (const name of ['$acos', '$asin', '$atanh']) {
        expect(code(name, m2)).toBe(50989);
        expect(code(name, p2)).toBe(50989);
      }
      expect(code('$acosh', zero)).toBe(50989);
    }
    const bad: [string, Lit][] = [
      ['$acos', -1.1], ['$acos', 1.1], ['$asin', -1.1], ['$asin', 1.1], ['$acosh', 0.9], ['$atanh', -1.00001], ['$atanh', 1.00001],
      ['$acos', dec(-1.1)], ['$acos', dec(1.1)], ['$asin', dec(-1.1)], ['$asin', dec(1.1)], ['$acosh', dec(0.9)], ['$atanh', dec(-1.00001)], ['$atanh', dec(1.000001)],
    ];
    for (const [name, x] of bad) expect(code(name, x), `${name}(${String(x)})`).toBe(50989);
  });
  it('NaN stays NaN; infinity passes through the angle conversions', () => {
    for (const name of ['$acos', '$asin', '$atan', '$cos', '$sin', '$tan']) {
      for (const f of [name, `${name}h`]) {
        expect(op(f, NaN)).toBeNaN();
        expect(op(f, dec('NaN'))).toEqual(dec('NaN'));
      }
    }
    for (const name of ['$radiansToDegrees', '$degreesToRadians']) {
      expect(op(name, NaN)).toBeNaN();
      expect(op(name, dec('NaN'))).toEqual(dec('NaN'));
      for (const x of [-Infinity, Infinity]) {
        expect(op(name, x)).toBe(x);
        expect(op(name, dec(x))).toEqual(dec(x));
      }
    }
    for (const args of [[dec('NaN'), dec('NaN')], [dec('NaN'), dec('0')], [dec('0'), dec('NaN')]]) expect(op('$atan2', args)).toEqual(dec('NaN'));
  });
  it('a non-number is 28765; $atan2 says which argument (51044, 51045)', () => {
    for (const name of all) if (name !== '$atan2') expect(code(name, 'string'), name).toBe(28765);
    expect(code('$atan2', ['string', 'string'])).toBe(51044);
    expect(code('$atan2', ['string', 0.0])).toBe(51044);
    expect(code('$atan2', [0.0, 'string'])).toBe(51045);
  });
  // ExpressionTwoNumericArgs::evaluate checks the first argument before evaluating the second.
  it('$atan2: a nullish first argument gives null before the second is looked at', () => {
    expect(exprError({ $atan2: [0, 'x'] })).toEqual({ code: 51045, errmsg: '$atan2 only supports numeric types, not string' });
    expect(exprError({ $atan2: ['x', null] })).toEqual({ code: 51044, errmsg: '$atan2 only supports numeric types, not string' });
    expect(expr({ $atan2: [null, 'x'] })).toBeNull();
    expect(expr({ $atan2: ['$missing', { $divide: ['$y', 0] }] }, { y: 1 })).toBeNull();
    expect(expr({ $atan2: [1, null] })).toBeNull();
  });
});
