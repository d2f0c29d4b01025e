/**
 * `$add` and `$subtract`, dates included, as the server's `AddState` and `evaluateSubtract` do it.
 *
 * Numbers sum in the widest type so far (int → long → double → decimal; long overflow turns the
 * sum into a double). Dates are int64 milliseconds: when the date operand arrives, the sum so far
 * is converted to milliseconds and from then on every operand is converted and added at once
 * (a double by `llround`, a decimal by `toLong` rounding half to even), so the position of the
 * date decides where rounding happens. Any conversion or sum that leaves int64 is Overflow (15)
 * "date overflow"; only date − date overflows with DurationOverflow (159), from `Milliseconds`
 * arithmetic.
 */
import { dateFromMillis, dateMillis, fitsInt64 } from '../bson/dates.js';
import type { Int32, Long, Value } from '../bson/values.js';
import { fail } from '../errors.js';
import * as D from './decimal.js';
import {
  decValue,
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
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { CallNode, nullish, parseArgs, parseFixed, typeName } from './util.js';

const TWO_63 = 9223372036854775808;

/** `llround`: nearest integer, halves away from zero. */
export function llround(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** `Decimal128::toLong` (round half to even): null when the flags say invalid (NaN, infinite, out of range). */
export function decimalToLong(d: D.Dec): bigint | null {
  const n = D.toBigIntTrunc(D.toIntegral(d, 'even'));
  return n !== null && fitsLong(n) ? n : null;
}

/** A number as int64 milliseconds to add to or subtract from a date; null when it cannot be one. */
function millisOf(v: Num): bigint | null {
  switch (numKind(v)) {
    case 'int':
    case 'long':
      return toBigInt(v as Int32 | Long);
    case 'double': {
      const x = v as number;
      // The upper bound is exclusive: (double)LLONG_MAX rounds up to 2^63.
      return x >= -TWO_63 && x < TWO_63 ? BigInt(llround(x)) : null;
    }
    default:
      return decimalToLong(toDec(v));
  }
}

const dateOverflow = () => fail(15, 'date overflow');

class AddState {
  private longTotal = 0n;
  private doubleTotal = 0;
  /** Set when the sum widens to decimal (from the long or double total so far). */
  private decimalTotal: D.Dec | undefined;
  private widestType: NumKind = 'int';
  private isDate = false;

  /** The state after int32 and double operands only, whose sum `total` is exact (see `AddNode`). */
  static afterNumbers(kind: 'int' | 'double', total: number): AddState {
    const state = new AddState();
    state.widestType = kind;
    if (kind === 'int') state.longTotal = BigInt(total);
    else state.doubleTotal = total;
    return state;
  }

  add(operand: Num | Date): void {
    if (operand instanceof Date) {
      if (this.isDate) throw fail(16612, 'only one date allowed in an $add expression');
      const sofar = this.numericValue();
      this.longTotal = 0n;
      this.addToDate(sofar);
      this.isDate = true;
      this.addMillis(dateMillis(operand));
      return;
    }
    if (this.isDate) {
      this.addToDate(operand);
      return;
    }
    const old = this.widestType;
    this.widestType = widest(old, numKind(operand)!);
    if (old !== this.widestType) {
      if (this.widestType === 'double') this.doubleTotal = Number(this.longTotal);
      else if (this.widestType === 'decimal')
        this.decimalTotal = old === 'double' ? D.fromDouble34(this.doubleTotal) : D.fromBigInt(this.longTotal);
    }
    switch (this.widestType) {
      case 'int':
      case 'long': {
        const next = this.longTotal + toBigInt(operand as Int32 | Long);
        if (fitsLong(next)) this.longTotal = next;
        else {
          this.widestType = 'double';
          this.doubleTotal = Number(this.longTotal) + toDouble(operand);
        }
        break;
      }
      case 'double':
        this.doubleTotal += toDouble(operand);
        break;
      case 'decimal':
        this.decimalTotal = D.add(this.decimalTotal!, toDec(operand));
        break;
    }
  }

  private addToDate(v: Num): void {
    const ms = millisOf(v);
    if (ms === null) throw dateOverflow();
    this.addMillis(ms);
  }

  private addMillis(ms: bigint): void {
    const next = this.longTotal + ms;
    if (!fitsInt64(next)) throw dateOverflow();
    this.longTotal = next;
  }

  private numericValue(): Num {
    switch (this.widestType) {
      case 'int':
        return intOrLong(this.longTotal);
      case 'long':
        return long(this.longTotal);
      case 'double':
        return this.doubleTotal;
      case 'decimal':
        return decValue(this.decimalTotal!);
    }
  }

  value(): Value {
    return this.isDate ? dateFromMillis(this.longTotal) : this.numericValue();
  }
}

/**
 * `$add` over operand values, one at a time (the rest are not read after a null or a wrong type):
 * the general rule, which `AddNode` continues once an operand is neither int32 nor double.
 */
export function addValues(values: Iterable<Value | undefined>, state = new AddState()): Value {
  for (const v of values) {
    if (nullish(v)) return null;
    if (numKind(v) === null && !(v instanceof Date))
      throw fail(14, `$add only supports numeric or date types, not ${typeName(v)}`);
    state.add(v as Num | Date);
  }
  return state.value();
}

/**
 * Below this many operands a sum of int32s is exact as a double (|sum| < 2^31 · 2^21 = 2^52), so
 * int32 and double operands can be summed as JS numbers.
 */
const EXACT_INT_OPERANDS = 2 ** 21;

/**
 * `$add`, evaluating operands in order. While every operand is an int32 or a double the sum is
 * kept as a JS number: the same value `AddState` computes (int32s summed exactly, converted to
 * double at the first double as `Number(longTotal)` would, doubles added in order from 0, so
 * `-0` alone sums to 0 as there). The first other operand (null, missing, long, decimal, date, a
 * wrong type) hands the sum so far to `AddState`, which goes on with that operand and the rest.
 */
export class AddNode implements ExprNode {
  constructor(
    readonly op: string,
    readonly args: readonly ExprNode[],
  ) {}

  evaluate(scope: Scope): Value | undefined {
    const args = this.args;
    if (args.length >= EXACT_INT_OPERANDS) return addValues(lazyOperands(args, 0, undefined, scope));
    let total = 0;
    let isDouble = false;
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.evaluate(scope);
      if (typeof v === 'number') {
        total += v;
        isDouble = true;
      } else if (isInt32(v)) {
        total += v.value;
      } else {
        const state = i === 0 ? undefined : AddState.afterNumbers(isDouble ? 'double' : 'int', total);
        return addValues(lazyOperands(args, i + 1, v, scope), state);
      }
    }
    return isDouble ? total : intOrLong(BigInt(total));
  }
}

function isInt32(v: Value | undefined): v is Int32 {
  return typeof v === 'object' && v !== null && (v as { _bsontype?: unknown })._bsontype === 'Int32';
}

/** `first` (already evaluated), then the operands from index `from`, each evaluated when reached. */
function* lazyOperands(
  args: readonly ExprNode[],
  from: number,
  first: Value | undefined,
  scope: Scope,
): Generator<Value | undefined> {
  if (from > 0) yield first;
  for (let i = from; i < args.length; i++) yield args[i]!.evaluate(scope);
}

/** `evaluateSubtract`. */
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
    const a = dateMillis(lhs);
    if (rhs instanceof Date) {
      // Date_t - Date_t is Milliseconds arithmetic: Duration::operator-= (DurationOverflow).
      const b = dateMillis(rhs);
      const diff = a - b;
      if (!fitsInt64(diff)) throw fail(159, `Overflow while subtracting ${b}ms from ${a}ms`);
      return long(diff);
    }
    if (rk !== null) {
      const n = millisOf(rhs as Num);
      if (n === null || !fitsInt64(a - n)) throw dateOverflow();
      return dateFromMillis(a - n);
    }
    throw fail(14, `can't $subtract ${typeName(rhs)} from Date`);
  }
  throw fail(14, `can't $subtract ${typeName(rhs)} from ${typeName(lhs)}`);
}

export const parseAdd: OperatorParser = (arg, ctx, op) => new AddNode(op, parseArgs(arg, ctx));

export const parseSubtract: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => subtractValues(a, b));
