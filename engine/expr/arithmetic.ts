/**
 * Arithmetic operators with the server's numeric rules: int32 results widen to int64 and then to
 * double on overflow, any double makes a double, any Decimal128 makes a Decimal128; null or
 * missing operands give null (`ExpressionAdd`, `ExpressionMultiply`, `ExpressionSingleNumericArg`...).
 */
import type { Long} from '../bson/values.js';
import { type Int32, type Value } from '../bson/values.js';
import { formatG6 } from '../bson/render.js';
import { fail } from '../errors.js';
import * as D from './decimal.js';
import {
  decValue,
  int32,
  fitsLong,
  intOrLong,
  long,
  numKind,
  toBigInt,
  toDec,
  toDouble,
  widest,
  type Num,
  type NumKind,
} from './numeric.js';
import type { ExprNode, OperatorParser, ParseContext } from './types.js';
import { CallNode, SequentialNode, nullish, parseArgs, parseFixed, typeName } from './util.js';
import { parseAdd, parseSubtract } from './add-subtract.js';
import { roundingOp } from './rounding.js';

/** `Value::coerceToLong`: truncation toward zero. */
export function coerceToLong(v: Num): bigint {
  const k = numKind(v);
  if (k === 'int' || k === 'long') return toBigInt(v as Int32 | Long);
  if (k === 'double') {
    const x = Math.trunc(v as number);
    return Number.isFinite(x) ? BigInt(x) : 0n;
  }
  return D.toBigIntTrunc(D.toIntegral(toDec(v), 'trunc')) ?? 0n;
}

/** `MultiplyState`: a double product and an exact long product, widened like `$add`. */
function multiplyValues(values: Iterable<Value | undefined>): Value {
  let kind: NumKind = 'int';
  let dbl = 1;
  let ints = 1n;
  let dec: D.Dec | null = null;
  for (const v of values) {
    if (nullish(v)) return null;
    const k = numKind(v);
    if (k === null) throw fail(14, `$multiply only supports numeric types, not ${typeName(v)}`);
    const prev = kind;
    kind = widest(kind, k);
    if (kind === 'decimal') {
      if (dec === null) dec = prev === 'double' ? D.fromDouble15(dbl) : D.fromBigInt(ints);
      dec = D.multiply(dec, toDec(v as Num));
    } else {
      const x = toDouble(v as Num);
      dbl *= x;
      if (kind !== 'double') {
        if (!Number.isFinite(x)) kind = 'double';
        else {
          ints *= coerceToLong(v as Num);
          if (!fitsLong(ints)) kind = 'double';
        }
      }
    }
  }
  switch (kind) {
    case 'decimal':
      return decValue(dec!);
    case 'double':
      return dbl;
    case 'long':
      return long(ints);
    case 'int':
      return intOrLong(ints);
  }
}

const parseMultiply: OperatorParser = (arg, ctx, op) => new SequentialNode(op, parseArgs(arg, ctx), multiplyValues);

/** `ExpressionDivide::apply`: decimal if either side is decimal, else double. */
function divideValues(lhs: Value | undefined, rhs: Value | undefined): Value {
  const lk = numKind(lhs);
  const rk = numKind(rhs);
  if (lk !== null && rk !== null) {
    if (lk === 'decimal' || rk === 'decimal') {
      const d = toDec(rhs as Num);
      if (D.isZero(d)) throw fail(2, "can't $divide by zero");
      return decValue(D.divide(toDec(lhs as Num), d));
    }
    const denom = toDouble(rhs as Num);
    if (denom === 0) throw fail(2, "can't $divide by zero");
    return toDouble(lhs as Num) / denom;
  }
  if (nullish(lhs) || nullish(rhs)) return null;
  throw fail(14, `$divide only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`);
}

const parseDivide: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => divideValues(a, b));

/**
 * `evaluateMod`: since 7.2 (SERVER-39336) the result has the wider of the two input types, so an
 * integral double divisor gives a double too; decimals take the decimal path.
 */
function modValues(lhs: Value | undefined, rhs: Value | undefined): Value {
  const lk = numKind(lhs);
  const rk = numKind(rhs);
  if (lk !== null && rk !== null) {
    if (lk === 'decimal' || rk === 'decimal') {
      const d = toDec(rhs as Num);
      if (D.isZero(d)) throw fail(5733415, "can't $mod by zero");
      return decValue(D.modulo(toDec(lhs as Num), d));
    }
    const right = toDouble(rhs as Num);
    if (right === 0) throw fail(16610, "can't $mod by zero");
    if (lk === 'double' || rk === 'double') return toDouble(lhs as Num) % right;
    const l = coerceToLong(lhs as Num);
    const r = coerceToLong(rhs as Num);
    // safeMod: x % -1 is 0 (avoids the INT_MIN / -1 overflow).
    const m = r === -1n ? 0n : l % r;
    if (lk === 'long' || rk === 'long') return long(m);
    return int32(Number(BigInt.asIntN(32, m)));
  }
  if (nullish(lhs) || nullish(rhs)) return null;
  throw fail(16611, `$mod only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`);
}

const parseMod: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => modValues(a, b));

/** `ExpressionSingleNumericArg`: null for nullish input, 28765 for non-numbers. */
function singleNumeric(op: string, fn: (v: Num, kind: NumKind) => Value): OperatorParser {
  return (arg: Value, ctx: ParseContext) =>
    new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
      if (nullish(v)) return null;
      const k = numKind(v);
      if (k === null) throw fail(28765, `${op} only supports numeric types, not ${typeName(v)}`);
      return fn(v as Num, k);
    });
}

const parseAbs = singleNumeric('$abs', (v, k) => {
  if (k === 'double') return Math.abs(v as number);
  if (k === 'decimal') {
    const d = toDec(v);
    return decValue(d.kind === 'finite' ? D.finite(false, d.coeff, d.exp) : d.kind === 'inf' ? { kind: 'inf', neg: false } : d);
  }
  const n = toBigInt(v as Int32 | Long);
  if (n === -9223372036854775808n) throw fail(28680, "can't take $abs of long long min");
  const a = n < 0n ? -n : n;
  return k === 'long' ? long(a) : intOrLong(a);
});

function integralOp(op: string, mode: 'floor' | 'ceil', fn: (x: number) => number): OperatorParser {
  return singleNumeric(op, (v, k) => {
    if (k === 'double') return fn(v as number);
    if (k === 'decimal') return decValue(D.toIntegral(toDec(v), mode));
    return v;
  });
}

const parseCeil = integralOp('$ceil', 'ceil', Math.ceil);
const parseFloor = integralOp('$floor', 'floor', Math.floor);

/** Math on a double result, with decimal inputs computed in double precision and converted back. */
/**
 * A double function with a domain check; decimal inputs inside the domain use the decimal
 * function (34 digits), outside it fall through to the double check, as the server does.
 */
function doubleMath(
  op: string,
  check: (x: number, v: Num) => void,
  fn: (x: number) => number,
  decFn: (d: D.Dec) => D.Dec | null,
): OperatorParser {
  return singleNumeric(op, (v, k) => {
    if (k === 'decimal') {
      const r = decFn(toDec(v));
      if (r !== null) return decValue(r);
    }
    const x = toDouble(v);
    check(x, v);
    return fn(x);
  });
}

const positiveDec = (fn: (d: D.Dec) => D.Dec) => (d: D.Dec) => (D.sign(d) > 0 ? fn(d) : null);

/** A double as the server's StringBuilder streams it (`%g`). */
function renderNum(v: Num): string {
  return formatG6(toDouble(v));
}

const parseSqrt = singleNumeric('$sqrt', (v, k) => {
  if (k === 'decimal') {
    const d = toDec(v);
    // NaN gives NaN without an error.
    if (D.sign(d) < 0) throw fail(28714, "$sqrt's argument must be greater than or equal to 0");
    return decValue(D.squareRoot(d));
  }
  const x = toDouble(v);
  if (x < 0) throw fail(28714, "$sqrt's argument must be greater than or equal to 0");
  return Math.sqrt(x);
});
const parseExp = doubleMath('$exp', () => {}, Math.exp, (d) => D.exponential(d));
const parseLn = doubleMath(
  '$ln',
  (x, v) => {
    if (!(x > 0) && !Number.isNaN(x)) throw fail(28766, `$ln's argument must be a positive number, but is ${renderNum(v)}`);
  },
  Math.log,
  positiveDec((d) => D.naturalLog(d)),
);
const parseLog10 = doubleMath(
  '$log10',
  (x, v) => {
    if (!(x > 0) && !Number.isNaN(x))
      throw fail(28761, `$log10's argument must be a positive number, but is ${renderNum(v)}`);
  },
  Math.log10,
  positiveDec((d) => D.log10(d)),
);

const parseLog: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => {
    if (nullish(a) || nullish(b)) return null;
    const ak = numKind(a);
    const bk = numKind(b);
    if (ak === null) throw fail(28756, `$log's argument must be numeric, not ${typeName(a)}`);
    if (bk === null) throw fail(28757, `$log's base must be numeric, not ${typeName(b)}`);
    if (ak === 'decimal' || bk === 'decimal') {
      const da = toDec(a as Num);
      const db = toDec(b as Num);
      const one = D.fromBigInt(1n);
      const isOne = db.kind === 'finite' && D.isZero(D.subtract(db, one));
      if (D.sign(da) > 0 && D.sign(db) > 0 && !isOne) return decValue(D.logarithm(da, db));
    }
    const x = toDouble(a as Num);
    const base = toDouble(b as Num);
    if (!(x > 0) && !Number.isNaN(x))
      throw fail(28758, `$log's argument must be a positive number, but is ${renderNum(a as Num)}`);
    if ((!(base > 0) || base === 1) && !Number.isNaN(base))
      throw fail(28759, `$log's base must be a positive number not equal to 1, but is ${renderNum(b as Num)}`);
    return Math.log(x) / Math.log(base);
  });

function powValues(base: Value | undefined, exp: Value | undefined): Value {
  if (nullish(base) || nullish(exp)) return null;
  const bk = numKind(base);
  const ek = numKind(exp);
  if (bk === null) throw fail(28762, `$pow's base must be numeric, not ${typeName(base)}`);
  if (ek === null) throw fail(28763, `$pow's exponent must be numeric, not ${typeName(exp)}`);
  const k = widest(bk, ek);
  if (k === 'decimal') {
    const db = toDec(base as Num);
    const de = toDec(exp as Num);
    if (D.isZero(db) && D.sign(de) < 0) throw fail(28764, '$pow cannot take a base of 0 and a negative exponent');
    return decValue(D.power(db, de));
  }
  const b = toDouble(base as Num);
  const e = toDouble(exp as Num);
  if (b === 0 && e < 0) throw fail(28764, '$pow cannot take a base of 0 and a negative exponent');
  if (k === 'double') return Math.pow(b, e);
  // Integral base and exponent.
  const bi = toBigInt(base as Int32 | Long);
  const ei = toBigInt(exp as Int32 | Long);
  if (ei < 0n) {
    // Negative exponent: only 1 and -1 stay integral; others give a double.
    if (bi === 1n) return k === 'long' ? long(1n) : intOrLong(1n);
    if (bi === -1n) {
      const r = ei % 2n === 0n ? 1n : -1n;
      return k === 'long' ? long(r) : intOrLong(r);
    }
    return Math.pow(b, e);
  }
  // Exact power when it fits in 64 bits, else a double.
  let result = 1n;
  let overflow = false;
  if (bi === 0n || bi === 1n) result = ei === 0n ? 1n : bi;
  else if (bi === -1n) result = ei % 2n === 0n ? 1n : -1n;
  else {
    for (let i = 0n; i < ei; i++) {
      result *= bi;
      if (!fitsLong(result)) {
        overflow = true;
        break;
      }
    }
  }
  if (overflow) return Math.pow(b, e);
  return k === 'long' ? long(result) : intOrLong(result);
}

const parsePow: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => powValues(a, b));

export const arithmeticOperators = {
  $add: parseAdd,
  $subtract: parseSubtract,
  $multiply: parseMultiply,
  $divide: parseDivide,
  $mod: parseMod,
  $abs: parseAbs,
  $ceil: parseCeil,
  $floor: parseFloor,
  $sqrt: parseSqrt,
  $exp: parseExp,
  $ln: parseLn,
  $log: parseLog,
  $log10: parseLog10,
  $pow: parsePow,
  $round: roundingOp('$round'),
  $trunc: roundingOp('$trunc'),
} satisfies Record<string, OperatorParser>;

export type { ExprNode };
