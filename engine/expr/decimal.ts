/**
 * Decimal128 arithmetic with IEEE 754-2008 exponent rules (what the server's Intel decimal library
 * does): results keep their "quantum", so 1.10 + 1 = 2.10 and 2.50 * 2 = 5.00. decimal.js drops
 * trailing zeros, so coefficients are kept here as BigInt with an explicit exponent.
 */
import DecimalJs from 'decimal.js';
import { Decimal128 } from '../bson/values.js';

export type Dec =
  | { readonly kind: 'finite'; readonly neg: boolean; readonly coeff: bigint; readonly exp: number }
  | { readonly kind: 'nan' }
  | { readonly kind: 'inf'; readonly neg: boolean };

const MAX_DIGITS = 34;
/** The smallest exponent a Decimal128 holds. */
const MIN_EXP = -6176;
const TEN = 10n;

export const DEC_NAN: Dec = { kind: 'nan' };

export function finite(neg: boolean, coeff: bigint, exp: number): Dec {
  return { kind: 'finite', neg, coeff, exp };
}

function digits(c: bigint): number {
  return c === 0n ? 1 : c.toString().length;
}

function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** Parses a decimal string ("1.10", "-1.5E+3", "NaN", "Infinity"). */
export function parseDec(s: string): Dec {
  const t = s.trim();
  if (/^[+-]?nan$/i.test(t)) return DEC_NAN;
  const inf = /^([+-])?inf(inity)?$/i.exec(t);
  if (inf) return { kind: 'inf', neg: inf[1] === '-' };
  const m = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return DEC_NAN;
  const frac = m[3] ?? '';
  const coeff = BigInt((m[2] ?? '') + frac || '0');
  const exp = Number(m[4] ?? '0') - frac.length;
  return roundTo34(m[1] === '-', coeff, exp, false);
}

export function fromDecimal128(d: Decimal128): Dec {
  return parseDec(d.toString());
}

export function toDecimal128(d: Dec): Decimal128 {
  switch (d.kind) {
    case 'nan':
      return Decimal128.fromString('NaN');
    case 'inf':
      return Decimal128.fromString(d.neg ? '-Infinity' : 'Infinity');
    case 'finite': {
      // Clamp the exponent into Decimal128's range (-6176..6111), as the library's rounding does.
      let { coeff, exp } = d;
      while (exp > 6111 && digits(coeff) < MAX_DIGITS) {
        coeff *= TEN;
        exp--;
      }
      if (exp > 6111) return Decimal128.fromString(d.neg ? '-Infinity' : 'Infinity');
      if (exp < -6176) {
        const r = roundCoeff(coeff, -6176 - exp, false);
        coeff = r;
        exp = -6176;
      }
      return Decimal128.fromString(`${d.neg ? '-' : ''}${coeff}E${exp}`);
    }
  }
}

/** Drops `n` low digits from `c` with round-half-even (`sticky` = nonzero digits already dropped). */
function roundCoeff(c: bigint, n: number, sticky: boolean): bigint {
  if (n <= 0) return c;
  const div = pow10(n);
  let q = c / div;
  const rem = c % div;
  const twice = rem * 2n;
  if (twice > div || (twice === div && (sticky || q % 2n === 1n))) q += 1n;
  return q;
}

function roundTo34(neg: boolean, coeff: bigint, exp: number, sticky: boolean): Dec {
  const extra = digits(coeff) - MAX_DIGITS;
  if (extra <= 0) return finite(neg, coeff, exp);
  let q = roundCoeff(coeff, extra, sticky);
  let e = exp + extra;
  if (digits(q) > MAX_DIGITS) {
    q /= TEN;
    e++;
  }
  return finite(neg, q, e);
}

/** The largest exponent a Decimal128 holds (with a 34-digit coefficient). */
const MAX_EXP = 6111;

/**
 * The result of one Decimal128 operation brought into the format's range, as every operation of
 * the server's decimal library does: past the largest exponent the coefficient takes trailing
 * zeros while it can (a zero just clamps), else the result is an infinity; below the smallest the
 * coefficient is rounded (gradual underflow). So `-9.99E+6144 * 4.1` is -Infinity at once, and
 * a later `* 0` makes NaN, not zero.
 */
function clampToRange(d: Dec): Dec {
  if (d.kind !== 'finite') return d;
  let { coeff, exp } = d;
  if (exp > MAX_EXP) {
    if (coeff === 0n) return finite(d.neg, 0n, MAX_EXP);
    while (exp > MAX_EXP && digits(coeff) < MAX_DIGITS) {
      coeff *= TEN;
      exp--;
    }
    return exp > MAX_EXP ? { kind: 'inf', neg: d.neg } : finite(d.neg, coeff, exp);
  }
  if (exp < MIN_EXP) return finite(d.neg, roundCoeff(coeff, MIN_EXP - exp, false), MIN_EXP);
  return d;
}

export function isZero(d: Dec): boolean {
  return d.kind === 'finite' && d.coeff === 0n;
}

export function negate(d: Dec): Dec {
  if (d.kind === 'nan') return d;
  return d.kind === 'inf' ? { kind: 'inf', neg: !d.neg } : finite(!d.neg, d.coeff, d.exp);
}

export function add(a: Dec, b: Dec): Dec {
  if (a.kind === 'nan' || b.kind === 'nan') return DEC_NAN;
  if (a.kind === 'inf') return b.kind === 'inf' && b.neg !== a.neg ? DEC_NAN : a;
  if (b.kind === 'inf') return b;
  const exp = Math.min(a.exp, b.exp);
  const ca = (a.neg ? -a.coeff : a.coeff) * pow10(a.exp - exp);
  const cb = (b.neg ? -b.coeff : b.coeff) * pow10(b.exp - exp);
  const sum = ca + cb;
  // An exact zero sum is +0 unless both operands were negative (round-half-even mode).
  const neg = sum < 0n || (sum === 0n && a.neg && b.neg);
  return clampToRange(roundTo34(neg, sum < 0n ? -sum : sum, exp, false));
}

export function subtract(a: Dec, b: Dec): Dec {
  return add(a, negate(b));
}

export function multiply(a: Dec, b: Dec): Dec {
  if (a.kind === 'nan' || b.kind === 'nan') return DEC_NAN;
  const neg = (a.kind === 'finite' || a.kind === 'inf' ? a.neg : false) !== (b.neg);
  if (a.kind === 'inf' || b.kind === 'inf') {
    if ((a.kind === 'finite' && a.coeff === 0n) || (b.kind === 'finite' && b.coeff === 0n)) return DEC_NAN;
    return { kind: 'inf', neg };
  }
  return clampToRange(roundTo34(neg, a.coeff * b.coeff, a.exp + b.exp, false));
}

export function divide(a: Dec, b: Dec): Dec {
  return clampToRange(divideUnclamped(a, b));
}

function divideUnclamped(a: Dec, b: Dec): Dec {
  if (a.kind === 'nan' || b.kind === 'nan') return DEC_NAN;
  const neg = a.neg !== b.neg;
  if (a.kind === 'inf') return b.kind === 'inf' ? DEC_NAN : { kind: 'inf', neg };
  if (b.kind === 'inf') return finite(neg, 0n, 0);
  if (b.coeff === 0n) return a.coeff === 0n ? DEC_NAN : { kind: 'inf', neg };
  const ideal = a.exp - b.exp;
  if (a.coeff === 0n) return finite(neg, 0n, ideal);
  const k = Math.max(0, MAX_DIGITS + digits(b.coeff) - digits(a.coeff) + 1);
  const num = a.coeff * pow10(k);
  let q = num / b.coeff;
  const r = num % b.coeff;
  let exp = ideal - k;
  if (r === 0n) {
    const rounded = roundTo34(neg, q, exp, false);
    if (rounded.kind !== 'finite') return rounded;
    q = rounded.coeff;
    exp = rounded.exp;
    // Exact quotient: use the ideal exponent when the coefficient allows it.
    if (digits(q) <= MAX_DIGITS && rounded.coeff === q) {
      while (exp < ideal && q % TEN === 0n) {
        q /= TEN;
        exp++;
      }
    }
    return finite(neg, q, exp);
  }
  return roundTo34(neg, q, exp, true);
}

/** Remainder with the sign of the dividend (fmod semantics), as Decimal128::modulo. */
export function modulo(a: Dec, b: Dec): Dec {
  if (a.kind !== 'finite' || b.kind !== 'finite' || b.coeff === 0n) {
    if (a.kind === 'finite' && b.kind === 'inf') return a;
    return DEC_NAN;
  }
  const exp = Math.min(a.exp, b.exp);
  const ca = a.coeff * pow10(a.exp - exp);
  const cb = b.coeff * pow10(b.exp - exp);
  return finite(a.neg, ca % cb, exp);
}

/** Double → Decimal128 with 15 significant digits (Decimal128(double), kRoundTo15Digits). */
export function fromDouble15(x: number): Dec {
  if (Number.isNaN(x)) return DEC_NAN;
  if (!Number.isFinite(x)) return { kind: 'inf', neg: x < 0 };
  if (x === 0) return finite(Object.is(x, -0), 0n, 0);
  return parseDec(x.toPrecision(15));
}

/** Double → Decimal128 with up to 34 digits (kRoundTo34Digits): the shortest exact-enough form. */
export function fromDouble34(x: number): Dec {
  if (Number.isNaN(x)) return DEC_NAN;
  if (!Number.isFinite(x)) return { kind: 'inf', neg: x < 0 };
  if (x === 0) return finite(Object.is(x, -0), 0n, 0);
  return parseDec(x.toPrecision(34).replace(/(\.\d*?)0+(e|$)/, '$1$2').replace(/\.(e|$)/, '$1'));
}

export function fromBigInt(n: bigint): Dec {
  return roundTo34(n < 0n, n < 0n ? -n : n, 0, false);
}

export function toNumber(d: Dec): number {
  switch (d.kind) {
    case 'nan':
      return NaN;
    case 'inf':
      return d.neg ? -Infinity : Infinity;
    case 'finite': {
      const v = Number(`${d.coeff}e${d.exp}`);
      return d.neg ? -v : v;
    }
  }
}

/** Rounds to an integer with the given mode; returns null for NaN/Infinity. */
export function toIntegral(d: Dec, mode: 'even' | 'trunc' | 'floor' | 'ceil' | 'halfAway'): Dec {
  return quantizeTo(d, 0, mode);
}

/**
 * `Decimal128::quantize`: the value with exponent `exp`, rounding with `mode` when digits are
 * dropped and padding with zeros when the exponent is finer (NaN when that needs > 34 digits).
 */
export function quantizeTo(d: Dec, exp: number, mode: 'even' | 'trunc' | 'floor' | 'ceil' | 'halfAway'): Dec {
  if (d.kind !== 'finite') return d;
  if (d.exp >= exp) {
    const c = d.coeff * pow10(d.exp - exp);
    return digits(c) > MAX_DIGITS ? DEC_NAN : finite(d.neg, c, exp);
  }
  const n = exp - d.exp;
  const div = pow10(n);
  let q = d.coeff / div;
  const rem = d.coeff % div;
  if (rem !== 0n) {
    const twice = rem * 2n;
    let up = false;
    switch (mode) {
      case 'even':
        up = twice > div || (twice === div && q % 2n === 1n);
        break;
      case 'halfAway':
        up = twice >= div;
        break;
      case 'trunc':
        up = false;
        break;
      case 'floor':
        up = d.neg;
        break;
      case 'ceil':
        up = !d.neg;
        break;
    }
    if (up) q += 1n;
  }
  return finite(d.neg, q, exp);
}

/**
 * `Decimal128::quantize` (the normalizing one the expressions use): when the quantum would need
 * more than 34 digits, the value itself at full precision (`normalize()`: padded to 34 digits)
 * instead of NaN.
 */
export function quantize(d: Dec, exp: number, mode: 'even' | 'trunc' | 'floor' | 'ceil' | 'halfAway'): Dec {
  const q = quantizeTo(d, exp, mode);
  if (q.kind !== 'nan' || d.kind !== 'finite') return q;
  return normalize(d);
}

/** `Decimal128::normalize`: add 0E-6176, which pads the coefficient to 34 digits. */
export function normalize(d: Dec): Dec {
  if (d.kind !== 'finite') return d;
  if (d.coeff === 0n) return finite(d.neg, 0n, MIN_EXP);
  const pad = Math.min(MAX_DIGITS - digits(d.coeff), d.exp - MIN_EXP);
  return pad > 0 ? finite(d.neg, d.coeff * pow10(pad), d.exp - pad) : d;
}

/** Integer value of a finite integral decimal (truncating any fraction). */
export function toBigIntTrunc(d: Dec): bigint | null {
  if (d.kind !== 'finite') return null;
  const v = d.exp >= 0 ? d.coeff * pow10(d.exp) : d.coeff / pow10(-d.exp);
  return d.neg ? -v : v;
}

export function isInteger(d: Dec): boolean {
  if (d.kind !== 'finite') return false;
  return d.exp >= 0 || d.coeff % pow10(-d.exp) === 0n;
}

export function sign(d: Dec): number {
  if (d.kind === 'nan') return 0;
  if (d.kind === 'inf') return d.neg ? -1 : 1;
  return d.coeff === 0n ? 0 : d.neg ? -1 : 1;
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // Newton's method from a power of two above the root decreases monotonically to floor(sqrt(n)).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Correctly rounded square root with 34 digits (exact results use the ideal exponent). */
export function squareRoot(d: Dec): Dec {
  if (d.kind === 'nan') return d;
  if (d.kind === 'inf') return d.neg ? DEC_NAN : d;
  if (d.coeff === 0n) return finite(d.neg, 0n, Math.floor(d.exp / 2));
  if (d.neg) return DEC_NAN;
  let c = d.coeff;
  let e = d.exp;
  // At least 70 digits in the radicand and an even exponent.
  let k = Math.max(0, 70 - digits(c));
  if ((e - k) % 2 !== 0) k++;
  c *= pow10(k);
  e -= k;
  const r = isqrt(c);
  const exact = r * r === c;
  let result = roundTo34(false, r, e / 2, !exact);
  if (exact && result.kind === 'finite') {
    const ideal = Math.floor(d.exp / 2);
    let { coeff, exp } = result;
    while (exp < ideal && coeff % TEN === 0n) {
      coeff /= TEN;
      exp++;
    }
    result = finite(false, coeff, exp);
  }
  return result;
}

/** decimal.js with Decimal128's precision, for the transcendental functions. */
const Big = DecimalJs.clone({ precision: MAX_DIGITS, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -7000, toExpPos: 7000 });

function toBig(d: Dec): DecimalJs {
  if (d.kind === 'nan') return new Big(NaN);
  if (d.kind === 'inf') return new Big(d.neg ? -Infinity : Infinity);
  return new Big(`${d.neg ? '-' : ''}${d.coeff}e${d.exp}`);
}

function fromBig(x: DecimalJs): Dec {
  if (x.isNaN()) return DEC_NAN;
  if (!x.isFinite()) return { kind: 'inf', neg: x.isNegative() };
  return parseDec(x.toExponential());
}

/**
 * A transcendental result as the Intel library gives it: all 34 digits, trailing zeros kept
 * (`$ln` of 2.5 is 0.9162907318741550651835272117680110, `$pow` of 10.0 and 2 is
 * 100.0000000000000000000000000000000; jstests log_pow_exp.js).
 */
function fromBig34(x: DecimalJs): Dec {
  if (!x.isFinite() || x.isZero()) return fromBig(x);
  return parseDec(x.toExponential(MAX_DIGITS - 1));
}

function isOne(d: Dec): boolean {
  return d.kind === 'finite' && !d.neg && d.coeff === pow10(-d.exp) && d.exp <= 0;
}

/** e^d and base^exp with 34 significant digits. */
export function exponential(d: Dec): Dec {
  return fromBig34(Big.exp(toBig(d)));
}
export function power(base: Dec, exp: Dec): Dec {
  return fromBig34(Big.pow(toBig(base), toBig(exp)));
}

/** ln d: exactly 0 for 1, otherwise 34 significant digits. */
export function naturalLog(d: Dec): Dec {
  if (isOne(d)) return finite(false, 0n, 0);
  return fromBig34(Big.ln(toBig(d)));
}

/** log10 d: an exact power of ten gives its integer exponent, otherwise 34 digits. */
export function log10(d: Dec): Dec {
  if (d.kind === 'finite' && !d.neg && d.coeff > 0n) {
    let c = d.coeff;
    let e = d.exp;
    while (c % TEN === 0n) {
      c /= TEN;
      e++;
    }
    if (c === 1n) return finite(e < 0, BigInt(Math.abs(e)), 0);
  }
  return fromBig34(Big.log10(toBig(d)));
}

/** `$log`: `arg.log().divide(base.log())`, so exact quotients keep the ideal exponent. */
export function logarithm(d: Dec, base: Dec): Dec {
  return divide(naturalLog(d), naturalLog(base));
}

export type BigFn = 'sin' | 'cos' | 'tan' | 'asin' | 'acos' | 'atan' | 'sinh' | 'cosh' | 'tanh' | 'asinh' | 'acosh' | 'atanh';

/** A decimal.js function evaluated with 34 digits. */
export function bigFunction(name: BigFn, d: Dec): Dec {
  return fromBig(Big[name](toBig(d)));
}

export function atan2(y: Dec, x: Dec): Dec {
  return fromBig(Big.atan2(toBig(y), toBig(x)));
}
