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
import { CallNode, nullish, parseArgs, parseFixed, rangedArity, typeName } from './util.js';
import { dateFromMillis, dateMillis, dateToLong, fitsInt64, INT64_MIN } from '../bson/dates.js';

/** `llround`: nearest integer, halves away from zero. */
function llround(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/**
 * `AddState`: one running total of the widest type so far. int/long sums stay exact and turn
 * into a double on long overflow; the first double converts the long total to double; the first
 * decimal converts the running total to decimal. A date's milliseconds are added like a long
 * without widening the type, and make the result a date.
 */
class AddState {
  private longTotal = 0n;
  private doubleTotal = 0;
  private decimalTotal: D.Dec = D.fromBigInt(0n);
  private widest: NumKind = 'int';
  private isDate = false;

  add(v: Num | Date): void {
    const old = this.widest;
    let operand: Num;
    if (v instanceof Date) {
      if (this.isDate) throw fail(16612, 'only one date allowed in an $add expression');
      this.isDate = true;
      operand = dateToLong(v);
    } else {
      this.widest = widest(this.widest, numKind(v)!);
      operand = v;
    }
    if (old !== this.widest) {
      if (this.widest === 'double') this.doubleTotal = Number(this.longTotal);
      else if (this.widest === 'decimal')
        this.decimalTotal = old === 'double' ? D.fromDouble34(this.doubleTotal) : D.fromBigInt(this.longTotal);
    }
    switch (this.widest) {
      case 'int':
      case 'long': {
        const next = this.longTotal + toBigInt(operand as Int32 | Long);
        if (fitsLong(next)) this.longTotal = next;
        else {
          this.widest = 'double';
          this.doubleTotal = Number(this.longTotal) + toDouble(operand);
        }
        break;
      }
      case 'double':
        this.doubleTotal += toDouble(operand);
        break;
      case 'decimal':
        this.decimalTotal = D.add(this.decimalTotal, toDec(operand));
        break;
    }
  }

  value(): Value {
    if (this.isDate) {
      switch (this.widest) {
        case 'int':
        case 'long':
          return dateFromMillis(this.longTotal);
        case 'double':
          if (!(this.doubleTotal >= -9223372036854775808 && this.doubleTotal < 9223372036854775808))
            throw fail(15, 'date overflow in $add');
          return dateFromMillis(BigInt(llround(this.doubleTotal)));
        case 'decimal': {
          // Decimal128::toLong: a value int64 cannot hold becomes the "integer indefinite", LLONG_MIN.
          const ms = D.toBigIntTrunc(D.toIntegral(this.decimalTotal, 'even'));
          return dateFromMillis(ms !== null && fitsInt64(ms) ? ms : INT64_MIN);
        }
      }
    }
    switch (this.widest) {
      case 'int':
        return intOrLong(this.longTotal);
      case 'long':
        return long(this.longTotal);
      case 'double':
        return this.doubleTotal;
      case 'decimal':
        return decValue(this.decimalTotal);
    }
  }
}

function addValues(values: readonly (Value | undefined)[]): Value {
  const state = new AddState();
  for (const v of values) {
    if (nullish(v)) return null;
    if (numKind(v) === null && !(v instanceof Date))
      throw fail(14, `$add only supports numeric or date types, not ${typeName(v)}`);
    state.add(v as Num | Date);
  }
  return state.value();
}

const parseAdd: OperatorParser = (arg, ctx, op) => new CallNode(op, parseArgs(arg, ctx), addValues);

/** `ExpressionSubtract::apply`. */
function subtractValues(lhs: Value | undefined, rhs: Value | undefined): Value {
  const lk = numKind(lhs);
  const rk = numKind(rhs);
  if (lk !== null && rk !== null) {
    const k = widest(lk, rk);
    if (k === 'decimal') return decValue(D.subtract(toDec(lhs as Num), toDec(rhs as Num)));
    if (k === 'double') return toDouble(lhs as Num) - toDouble(rhs as Num);
    const r = toBigInt(lhs as Int32 | Long) - toBigInt(rhs as Int32 | Long);
    if (k === 'long') return fitsLong(r) ? long(r) : toDouble(lhs as Num) - toDouble(rhs as Num);
    return intOrLong(r);
  }
  if (nullish(lhs) || nullish(rhs)) return null;
  if (lhs instanceof Date) {
    // Date_t arithmetic is overflow-checked Milliseconds arithmetic (DurationOverflow).
    if (rhs instanceof Date) {
      const a = dateMillis(lhs);
      const b = dateMillis(rhs);
      const diff = a - b;
      if (!fitsInt64(diff)) throw fail(159, `Overflow while subtracting ${b}ms from ${a}ms`);
      return long(diff);
    }
    if (rk !== null) {
      const a = dateMillis(lhs);
      const n = coerceToLong(rhs as Num);
      const ms = a - n;
      if (!fitsInt64(ms)) throw fail(159, `Overflow while subtracting ${n}ms from ${a}ms`);
      return dateFromMillis(ms);
    }
    throw fail(14, `can't $subtract ${typeName(rhs)} from Date`);
  }
  throw fail(14, `can't $subtract ${typeName(rhs)} from ${typeName(lhs)}`);
}

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

const parseSubtract: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => subtractValues(a, b));

/** `MultiplyState`: a double product and an exact long product, widened like `$add`. */
function multiplyValues(values: readonly (Value | undefined)[]): Value {
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

const parseMultiply: OperatorParser = (arg, ctx, op) => new CallNode(op, parseArgs(arg, ctx), multiplyValues);

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

/** `$round` / `$trunc`: `[number, place]` with place an integer in [-20, 100]. */
function roundingOp(op: '$round' | '$trunc'): OperatorParser {
  return (arg, ctx) => {
    const args = parseArgs(arg, ctx);
    rangedArity(op, args, 1, 2);
    return new CallNode(op, args, ([v, p]) => {
      if (nullish(v)) return null;
      const k = numKind(v);
      if (k === null) throw fail(51081, `${op} only supports numeric types, not ${typeName(v)}`);
      let place = 0;
      if (args.length === 2) {
        if (nullish(p)) return null;
        const pk = numKind(p);
        const pv = pk === null ? null : toDouble(p as Num);
        if (pv === null || !Number.isInteger(pv))
          throw fail(51082, `precision argument to  ${op} must be a integral value`);
        if (pv < -20 || pv > 100)
          throw fail(51083, `cannot apply ${op} with precision value ${pv} value must be in [-20, 100]`);
        place = pv;
      }
      return roundNumber(v as Num, k, place, op === '$round' ? 'even' : 'trunc');
    });
  };
}

function roundNumber(v: Num, k: NumKind, place: number, mode: 'even' | 'trunc'): Value {
  if (k === 'decimal') {
    const d = toDec(v);
    return decValue(D.quantizeTo(d, -place, mode));
  }
  if (k === 'double') {
    const x = v as number;
    if (!Number.isFinite(x)) return x;
    const d = D.quantizeTo(D.fromDouble34(x), -place, mode);
    const r = D.toNumber(d);
    return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
  }
  const n = toBigInt(v as Int32 | Long);
  if (place >= 0) return v;
  const div = 10n ** BigInt(-place);
  let q = n / div;
  const rem = n % div;
  if (mode === 'even' && rem !== 0n) {
    const twice = (rem < 0n ? -rem : rem) * 2n;
    if (twice > div || (twice === div && q % 2n !== 0n)) q += n < 0n ? -1n : 1n;
  }
  const r = q * div;
  // The Decimal128 result converted back with toLong: outside 64 bits is an invalid conversion.
  if (!fitsLong(r)) {
    const op = mode === 'even' ? '$round' : '$trunc';
    throw fail(51080, `invalid conversion from Decimal128 result in ${op} resulting from arguments: [${n}, ${place}]`);
  }
  // An int result becomes a long only above INT_MAX; below INT_MIN the server's static_cast<int>
  // wraps it (two's complement).
  if (k === 'long' || r > 2147483647n) return long(r);
  return int32(Number(BigInt.asIntN(32, r)));
}

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
