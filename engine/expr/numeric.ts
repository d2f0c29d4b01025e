/**
 * Numeric helpers shared by the expression families: the four BSON number types, the server's
 * "widest numeric type" rule and narrowing back to int/long (`Value::createIntOrLong`).
 */
import type { Decimal128} from '../bson/values.js';
import { Int32, Long, type Value } from '../bson/values.js';
import { fromBigInt, fromDecimal128, fromDouble15, toDecimal128, type Dec } from './decimal.js';

export type NumKind = 'int' | 'long' | 'double' | 'decimal';
export type Num = number | Int32 | Long | Decimal128;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const LONG_MIN = -9223372036854775808n;
export const LONG_MAX = 9223372036854775807n;

export function numKind(v: Value | undefined): NumKind | null {
  if (typeof v === 'number') return 'double';
  if (v === null || v === undefined || typeof v !== 'object') return null;
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'Int32':
      return 'int';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    default:
      return null;
  }
}

const RANK: Record<NumKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

/** `Value::getWidestNumeric`. */
export function widest(a: NumKind, b: NumKind): NumKind {
  return RANK[a] >= RANK[b] ? a : b;
}

export function toDouble(v: Num): number {
  if (typeof v === 'number') return v;
  switch (v._bsontype) {
    case 'Int32':
      return v.value;
    case 'Long':
      return v.toNumber();
    case 'Decimal128':
      return Number(v.toString());
  }
}

/** Integral value of an int or long. */
export function toBigInt(v: Int32 | Long): bigint {
  return v._bsontype === 'Int32' ? BigInt(v.value) : v.toBigInt();
}

export function toDec(v: Num): Dec {
  if (typeof v === 'number') return fromDouble15(v);
  switch (v._bsontype) {
    case 'Int32':
      return fromBigInt(BigInt(v.value));
    case 'Long':
      return fromBigInt(v.toBigInt());
    case 'Decimal128':
      return fromDecimal128(v);
  }
}

export function decValue(d: Dec): Decimal128 {
  return toDecimal128(d);
}

export function int32(n: number): Int32 {
  return new Int32(n);
}

export function long(n: bigint | number): Long {
  return typeof n === 'bigint' ? Long.fromBigInt(n) : Long.fromNumber(n);
}

export function fitsInt(n: bigint): boolean {
  return n >= BigInt(INT32_MIN) && n <= BigInt(INT32_MAX);
}

export function fitsLong(n: bigint): boolean {
  return n >= LONG_MIN && n <= LONG_MAX;
}

/** `Value::createIntOrLong`: int32 when it fits, else int64. */
export function intOrLong(n: bigint): Int32 | Long {
  return fitsInt(n) ? new Int32(Number(n)) : Long.fromBigInt(n);
}

/** Whether a double holds an integer that fits in a long (`Value::integral64Bit`). */
export function doubleFitsLong(x: number): boolean {
  return Number.isInteger(x) && x >= -9223372036854775808 && x < 9223372036854775808;
}

/** Whether a numeric value is an integer representable as int32 (`Value::integral()`). */
export function integralInt(v: Num): number | null {
  const k = numKind(v);
  if (k === 'int') return (v as Int32).value;
  if (k === 'long') {
    const b = (v as Long).toBigInt();
    return fitsInt(b) ? Number(b) : null;
  }
  if (k === 'double') {
    const x = v as number;
    return Number.isInteger(x) && x >= INT32_MIN && x <= INT32_MAX ? x : null;
  }
  const s = (v as Decimal128).toString();
  const x = Number(s);
  if (!Number.isInteger(x) || x < INT32_MIN || x > INT32_MAX) return null;
  return x;
}

/** Like `integralInt` but for 64-bit (`Value::integral64Bit`). */
export function integralLong(v: Num): bigint | null {
  const k = numKind(v);
  if (k === 'int') return BigInt((v as Int32).value);
  if (k === 'long') return (v as Long).toBigInt();
  if (k === 'double') {
    const x = v as number;
    return doubleFitsLong(x) ? BigInt(x) : null;
  }
  const s = (v as Decimal128).toString();
  const m = /^(-?)(\d+)(?:\.(0*))?(?:E\+?(\d+))?$/.exec(s);
  if (!m) return null;
  const b = BigInt((m[1] ?? '') + (m[2] ?? '0')) * 10n ** BigInt(m[4] ?? '0');
  return fitsLong(b) ? b : null;
}
