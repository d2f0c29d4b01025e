/**
 * Port of MongoDB's jstests/aggregation/expressions/unary_numeric.js: $ceil, $floor, $exp, $ln,
 * $log10, $sqrt and $abs over null, undefined, missing, int, long (LLONG_MAX included), double and
 * decimal fields; NaN and ±Infinity; the errors for 0 and negative input (28766 $ln, 28761
 * $log10, 28714 $sqrt) and for strings (28765). Doubles are compared with 48 bits of precision,
 * as the jstest does; types, decimals, NaN and infinities exactly. Every expression runs through
 * an update pipeline and aggregate (the harness requires both to agree).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128, typeOf, type Value } from '../../bson/values.js';
import { i, l } from '../test-helpers.js';
import { expr, exprError, type Lit } from './harness.js';

const OPS = ['$ceil', '$exp', '$floor', '$ln', '$log10', '$sqrt', '$abs'] as const;
const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const LLONG_MAX = 9223372036854775807n;

function close(got: Value | undefined, want: Lit): boolean {
  if (want instanceof Decimal128 || typeof want !== 'number') {
    return got !== undefined && typeOf(got) === typeOf(want as Value) && String(got) === String(want);
  }
  if (typeof got === 'object' && got !== null && typeOf(got) !== 'double') {
    // ints and longs are compared by value, the type checked by the caller's table.
    return Number(String(got)) === want;
  }
  const g = got as number;
  if (!Number.isFinite(want) || !Number.isFinite(g))
    return Object.is(g, want) || (Number.isNaN(g) && Number.isNaN(want));
  const delta = Math.abs(want - g);
  return delta === 0 || delta / Math.min(Math.abs(want) + Math.abs(g), Number.MAX_VALUE) < 2 ** -48;
}

/** Evaluates every `op` over `{x}` and compares with `row` (value and BSON type). */
function expectRow(x: Lit | undefined, row: Partial<Record<(typeof OPS)[number], [string, Lit]>>): void {
  const doc = x === undefined ? { _id: 0 } : { _id: 0, x };
  for (const [op, [type, want]] of Object.entries(row) as [string, [string, Lit]][]) {
    const got = expr({ [op]: '$x' }, doc);
    const gotType = got === undefined ? 'missing' : typeOf(got);
    expect([op, String(x), gotType, close(got, want)]).toEqual([op, String(x), type, true]);
  }
}

describe('unary_numeric.js', () => {
  it('common cases: nullish input is null; ceil/floor/abs keep the type; exp/ln/log10/sqrt give doubles', () => {
    const nulls = Object.fromEntries(OPS.map((op) => [op, ['null', null]]));
    for (const x of [null, BSON_UNDEFINED, undefined]) expectRow(x as Lit | undefined, nulls);
    expectRow(i(1), {
      $ceil: ['int', 1],
      $exp: ['double', 2.718281828459045],
      $floor: ['int', 1],
      $ln: ['double', 0],
      $log10: ['double', 0],
      $sqrt: ['double', 1],
      $abs: ['int', 1],
    });
    expectRow(i(10), {
      $ceil: ['int', 10],
      $exp: ['double', 22026.465794806718],
      $floor: ['int', 10],
      $ln: ['double', 2.302585092994046],
      $log10: ['double', 1],
      $sqrt: ['double', 3.1622776601683795],
      $abs: ['int', 10],
    });
    expectRow(i(100), {
      $ceil: ['int', 100],
      $exp: ['double', 2.6881171418161356e43],
      $floor: ['int', 100],
      $ln: ['double', 4.605170185988092],
      $log10: ['double', 2],
      $sqrt: ['double', 10],
      $abs: ['int', 100],
    });
    expectRow(2.3, {
      $ceil: ['double', 3],
      $exp: ['double', 9.974182454814718],
      $floor: ['double', 2],
      $ln: ['double', 0.8329091229351039],
      $log10: ['double', 0.36172783601759284],
      $sqrt: ['double', 1.51657508881031],
      $abs: ['double', 2.3],
    });
    expectRow(2.6, {
      $ceil: ['double', 3],
      $exp: ['double', 13.463738035001692],
      $floor: ['double', 2],
      $ln: ['double', 0.9555114450274363],
      $log10: ['double', 0.414973347970818],
      $sqrt: ['double', 1.61245154965971],
      $abs: ['double', 2.6],
    });
    expectRow(dec('40'), {
      $ceil: ['decimal', dec('40')],
      $floor: ['decimal', dec('40')],
      $abs: ['decimal', dec('40')],
    });
    expectRow(l(4), {
      $ceil: ['long', 4],
      $exp: ['double', 54.598150033144236],
      $floor: ['long', 4],
      $ln: ['double', 1.3862943611198906],
      $log10: ['double', 0.6020599913279624],
      $sqrt: ['double', 2],
      $abs: ['long', 4],
    });
    expectRow(l(LLONG_MAX), {
      $exp: ['double', Infinity],
      $ln: ['double', 43.66827237527655],
      $log10: ['double', 18.964889726830815],
      $sqrt: ['double', 3037000499.97605],
    });
    for (const op of ['$ceil', '$floor', '$abs']) {
      const got = expr({ [op]: '$x' }, { _id: 0, x: l(LLONG_MAX) });
      expect([op, typeOf(got!), String(got)]).toEqual([op, 'long', String(LLONG_MAX)]);
    }
  });
  it('special cases: 0, NaN, ±Infinity and a negative double', () => {
    const rows: [number, number, number, number][] = [
      [0, 0, 0, 1],
      [NaN, NaN, NaN, NaN],
      [Infinity, Infinity, Infinity, Infinity],
      [-Infinity, -Infinity, -Infinity, 0],
      [-2.6, -2, -3, 1],
    ];
    for (const [x, ceil, floor, exp] of rows) {
      expectRow(x, { $ceil: ['double', ceil], $floor: ['double', floor] });
      const got = expr({ $ceil: { $exp: '$x' } }, { _id: 0, x });
      expect([x, typeOf(got!), close(got, exp)]).toEqual([x, 'double', true]);
    }
  });
  it('NaN: $ln and $log10 of NaN are double NaN, for a decimal NaN too; $sqrt keeps the decimal', () => {
    expectRow(NaN, { $ln: ['double', NaN], $log10: ['double', NaN], $sqrt: ['double', NaN] });
    expectRow(dec('NaN'), { $ln: ['double', NaN], $log10: ['double', NaN], $sqrt: ['decimal', dec('NaN')] });
  });
  it('zero: $ln 28766 and $log10 28761 fail, $sqrt is 0 of the same type', () => {
    for (const x of [i(0), l(0), dec('0')]) {
      expect(exprError({ $ln: '$x' }, { _id: 0, x }).code).toBe(28766);
      expect(exprError({ $log10: '$x' }, { _id: 0, x }).code).toBe(28761);
    }
    expect(expr({ $sqrt: '$x' }, { _id: 0, x: i(0) })).toBe(0);
    expect(expr({ $sqrt: '$x' }, { _id: 0, x: l(0) })).toBe(0);
    const d = expr({ $sqrt: '$x' }, { _id: 0, x: dec('0') });
    expect([typeOf(d!), String(d)]).toEqual(['decimal', '0']);
  });
  it('negative numbers: 28766, 28761, 28714 for every type', () => {
    for (const x of [i(-1), l(-1), dec('-1')]) {
      expect(exprError({ $ln: '$x' }, { _id: 0, x }).code).toBe(28766);
      expect(exprError({ $log10: '$x' }, { _id: 0, x }).code).toBe(28761);
      expect(exprError({ $sqrt: '$x' }, { _id: 0, x }).code).toBe(28714);
    }
  });
  it('strings: 28765 for all seven', () => {
    for (const op of OPS) expect([op, exprError({ [op]: '$x' }, { _id: 0, x: 'string' }).code]).toEqual([op, 28765]);
  });
});
