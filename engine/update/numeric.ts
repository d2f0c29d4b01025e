/**
 * `$inc` / `$mul` / `$bit` arithmetic with the server's promotion rules (`safe_num.cpp`):
 * - int32 ⊕ int32 is computed in 64 bits and stays int32 when it fits, else becomes int64;
 * - anything ⊕ int64 (no double/decimal) is int64, and int64 overflow makes the result invalid;
 * - any double (no decimal) gives a double;
 * - any Decimal128 gives a Decimal128 (34 digits, round half even); a double operand is first
 *   converted with 15 significant digits (`Decimal128(double, kRoundTo15Digits)`), so
 *   `NumberDecimal("1") + 0.1` is `1.10000000000000`.
 * Decimal arithmetic keeps coefficient and exponent exactly like IEEE 754 decimal does.
 */
import { Decimal128, Int32, Long } from 'bson';
import { formatG6 } from '../bson/render.js';
import type { Value } from '../bson/values.js';
import { typeOf } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';

export type NumericValue = number | Int32 | Long | Decimal128;

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function isNumericValue(v: Value | undefined): v is NumericValue {
  if (v === undefined) return false;
  const t = typeOf(v);
  return t === 'int' || t === 'long' || t === 'double' || t === 'decimal';
}

type Kind = 'int' | 'long' | 'double' | 'decimal';
function kindOf(v: NumericValue): Kind {
  return typeOf(v) as Kind;
}

function toBig(v: Int32 | Long): bigint {
  return v instanceof Int32 || (v as { _bsontype: string })._bsontype === 'Int32'
    ? BigInt((v as Int32).value)
    : BigInt((v as Long).toString());
}

function toDouble(v: NumericValue): number {
  if (typeof v === 'number') return v;
  switch (kindOf(v)) {
    case 'int':
      return (v as Int32).value;
    case 'long':
      return (v as Long).toNumber();
    default:
      return Number((v as Decimal128).toString());
  }
}

// ---- exact decimal (coefficient × 10^exponent) --------------------------------------------

type Dec =
  | { readonly kind: 'finite'; readonly neg: boolean; readonly coeff: bigint; readonly exp: number }
  | { readonly kind: 'nan' }
  | { readonly kind: 'inf'; readonly neg: boolean };

function parseDecString(s: string): Dec {
  const t = s.trim();
  if (/^[+-]?nan$/i.test(t)) return { kind: 'nan' };
  const inf = /^([+-]?)inf(inity)?$/i.exec(t);
  if (inf) return { kind: 'inf', neg: inf[1] === '-' };
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(t);
  if (!m) return { kind: 'nan' };
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? '0') - frac.length;
  return { kind: 'finite', neg: m[1] === '-', coeff: BigInt((int + frac).replace(/^0+(?=\d)/, '') || '0'), exp };
}

function toDec(v: NumericValue): Dec {
  switch (kindOf(v)) {
    case 'int':
    case 'long': {
      const b = toBig(v as Int32 | Long);
      return { kind: 'finite', neg: b < 0n, coeff: b < 0n ? -b : b, exp: 0 };
    }
    case 'double': {
      const d = v as number;
      if (Number.isNaN(d)) return { kind: 'nan' };
      if (!Number.isFinite(d)) return { kind: 'inf', neg: d < 0 };
      // 15 significant digits, keeping trailing zeros, as kRoundTo15Digits does.
      const parsed = parseDecString(d.toExponential(14));
      return parsed.kind === 'finite' ? { ...parsed, neg: d < 0 || Object.is(d, -0) } : parsed;
    }
    default:
      return parseDecString((v as Decimal128).toString());
  }
}

function digits(n: bigint): number {
  return n.toString().length;
}

/** Rounds to 34 significant digits, half to even. */
function round34(d: Dec): Dec {
  if (d.kind !== 'finite') return d;
  let { coeff, exp } = d;
  let drop = digits(coeff) - 34;
  while (drop > 0) {
    const p = 10n ** BigInt(drop);
    const q = coeff / p;
    const r = coeff % p;
    const half = p / 2n;
    let n = q;
    if (r > half || (r === half && q % 2n === 1n)) n = q + 1n;
    coeff = n;
    exp += drop;
    drop = digits(coeff) - 34;
  }
  return { kind: 'finite', neg: d.neg, coeff, exp };
}

function decAdd(a: Dec, b: Dec): Dec {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  if (a.kind === 'inf' && b.kind === 'inf') return a.neg === b.neg ? a : { kind: 'nan' };
  if (a.kind === 'inf') return a;
  if (b.kind === 'inf') return b;
  const exp = Math.min(a.exp, b.exp);
  const x = (a.neg ? -a.coeff : a.coeff) * 10n ** BigInt(a.exp - exp);
  const y = (b.neg ? -b.coeff : b.coeff) * 10n ** BigInt(b.exp - exp);
  const s = x + y;
  // IEEE: an exact zero sum is +0 unless both operands are -0.
  const neg = s === 0n ? a.neg && b.neg : s < 0n;
  return round34({ kind: 'finite', neg, coeff: s < 0n ? -s : s, exp });
}

function decMul(a: Dec, b: Dec): Dec {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  const neg = (a.kind === 'finite' || a.kind === 'inf' ? a.neg : false) !== (b.kind === 'finite' || b.kind === 'inf' ? b.neg : false);
  if (a.kind === 'inf' || b.kind === 'inf') {
    const other = a.kind === 'inf' ? b : a;
    if (other.kind === 'finite' && other.coeff === 0n) return { kind: 'nan' };
    return { kind: 'inf', neg };
  }
  return round34({ kind: 'finite', neg, coeff: a.coeff * b.coeff, exp: a.exp + b.exp });
}

const DEC_MIN_EXP = -6176;
const DEC_MAX_EXP = 6111;

/** Brings the exponent into Decimal128's range: underflow rounds (half even), overflow is ±Inf. */
function clampExponent(d: Dec): Dec {
  if (d.kind !== 'finite') return d;
  let { coeff, exp } = d;
  if (exp < DEC_MIN_EXP) {
    const drop = DEC_MIN_EXP - exp;
    if (drop > 40) coeff = 0n;
    else {
      const p = 10n ** BigInt(drop);
      const q = coeff / p;
      const r = coeff % p;
      const half = p / 2n;
      coeff = r > half || (r === half && q % 2n === 1n) ? q + 1n : q;
    }
    exp = DEC_MIN_EXP;
  }
  while (exp > DEC_MAX_EXP && coeff !== 0n && digits(coeff) < 34) {
    coeff *= 10n;
    exp -= 1;
  }
  if (exp > DEC_MAX_EXP) {
    if (coeff !== 0n) return { kind: 'inf', neg: d.neg };
    exp = DEC_MAX_EXP;
  }
  return { kind: 'finite', neg: d.neg, coeff, exp };
}

function fromDec(input: Dec): Decimal128 {
  const d = clampExponent(input);
  if (d.kind === 'nan') return Decimal128.fromString('NaN');
  if (d.kind === 'inf') return Decimal128.fromString(d.neg ? '-Infinity' : 'Infinity');
  return Decimal128.fromString(`${d.neg ? '-' : ''}${d.coeff.toString()}E${d.exp}`);
}

// ---- public operations ----------------------------------------------------------------------

/** Result of an operation; `null` is the server's invalid SafeNum (int64 overflow). */
export type NumericResult = NumericValue | null;

function integerResult(r: bigint, widest: Kind): NumericResult {
  if (widest === 'int' && r >= INT32_MIN && r <= INT32_MAX) return new Int32(Number(r));
  if (widest === 'int') {
    // int32 ⊕ int32 that does not fit is promoted to int64 (always fits).
    return Long.fromBigInt(r);
  }
  if (r < INT64_MIN || r > INT64_MAX) return null;
  return Long.fromBigInt(r);
}

function widest(a: NumericValue, b: NumericValue): Kind {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === 'decimal' || kb === 'decimal') return 'decimal';
  if (ka === 'double' || kb === 'double') return 'double';
  if (ka === 'long' || kb === 'long') return 'long';
  return 'int';
}

export function numericAdd(a: NumericValue, b: NumericValue): NumericResult {
  // A double and anything but a decimal: the double rule without finding the widest type (the
  // commonest `$inc`, on a double field). Guard: numeric-fast-path.property.test.ts.
  if (typeof a === 'number' && kindOf(b) !== 'decimal') return a + toDouble(b);
  return addByWidestType(a, b);
}

/** `SafeNum` addition by the widest of the two types (the general rule `numericAdd` follows). */
export function addByWidestType(a: NumericValue, b: NumericValue): NumericResult {
  const w = widest(a, b);
  if (w === 'decimal') return fromDec(decAdd(toDec(a), toDec(b)));
  if (w === 'double') return toDouble(a) + toDouble(b);
  return integerResult(toBig(a as Int32 | Long) + toBig(b as Int32 | Long), w);
}

export function numericMultiply(a: NumericValue, b: NumericValue): NumericResult {
  const w = widest(a, b);
  if (w === 'decimal') return fromDec(decMul(toDec(a), toDec(b)));
  if (w === 'double') return toDouble(a) * toDouble(b);
  return integerResult(toBig(a as Int32 | Long) * toBig(b as Int32 | Long), w);
}

/**
 * `SafeNum::isIdentical`: the same type and equal by value (`==` for doubles, so -0.0 is 0.0;
 * `Decimal128::isEqual` for decimals, so 1.50 is 1.5); NaN is identical to nothing.
 */
export function numericIdentical(a: NumericValue, b: NumericValue): boolean {
  // Two doubles: `===` is that rule (NaN equals nothing, -0.0 equals 0.0) without the type walk.
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return identicalByType(a, b);
}

/** `SafeNum::isIdentical` by type and comparison (the general rule `numericIdentical` follows). */
export function identicalByType(a: NumericValue, b: NumericValue): boolean {
  if (typeOf(a) !== typeOf(b) || isNaNValue(a) || isNaNValue(b)) return false;
  return compareValues(a, b, null) === 0;
}

function isNaNValue(v: NumericValue): boolean {
  return typeof v === 'number' ? Number.isNaN(v) : typeOf(v) === 'decimal' && v.toString() === 'NaN';
}

export type BitOp = 'and' | 'or' | 'xor';

/** `$bit` on int32/int64: int32 op int32 stays int32, anything with int64 is int64. */
export function numericBit(op: BitOp, a: Int32 | Long, b: Int32 | Long): Int32 | Long {
  const x = toBig(a);
  const y = toBig(b);
  const r = op === 'and' ? x & y : op === 'or' ? x | y : x ^ y;
  if (kindOf(a) === 'int' && kindOf(b) === 'int') return new Int32(Number(BigInt.asIntN(32, r)));
  return Long.fromBigInt(BigInt.asIntN(64, r));
}

/** `SafeNum::debugString`: `(NumberInt)5`, `(NumberLong)5`, `(NumberDouble)5.5`, `(NumberDecimal)5`. */
export function numericDebugString(v: NumericValue): string {
  switch (kindOf(v)) {
    case 'int':
      return `(NumberInt)${(v as Int32).value}`;
    case 'long':
      return `(NumberLong)${(v as Long).toString()}`;
    case 'double':
      // ostream's default formatting: 6 significant digits, %g style.
      return `(NumberDouble)${formatG6(v as number)}`;
    default:
      return `(NumberDecimal)${(v as Decimal128).toString()}`;
  }
}

/** `0` of the type `operand * int32(0)` has: what `$mul` creates on a missing field. */
export function zeroLike(operand: NumericValue): NumericValue {
  return numericMultiply(operand, new Int32(0)) ?? new Int32(0);
}
