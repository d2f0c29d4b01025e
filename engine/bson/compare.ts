/**
 * The one place that orders and compares BSON values (MongoDB's `BSONElement::woCompare`).
 *
 * - Values of different types order by canonical type rank (`canonicalizeBSONType`):
 *   MinKey < undefined < null < numbers < string/symbol < object < array < binData < objectId
 *   < bool < date < timestamp < regex < dbPointer < javascript < javascriptWithScope < MaxKey.
 * - Numbers compare by value across int32/int64/double/decimal; NaN sorts below every other number.
 * - Strings compare by the collator when one is in force, else by Unicode code point
 *   (= UTF-8 byte order, which is what the server's memcmp gives).
 * - Documents and arrays compare element by element: type rank, then field name, then value.
 */
import Decimal from 'decimal.js';
import type { Binary, BSONRegExp, Code, Decimal128, Long, ObjectId, Timestamp } from 'bson';
import { codeScopeDoc, objectAsDoc, typeOf, type Value } from './values.js';
import { compareDates } from './dates.js';

/** A string comparison rule. `null` everywhere means the simple (binary) collation. */
export interface Collator {
  compare(a: string, b: string): number;
  /** Optional: a string equal for two inputs exactly when `compare` returns 0 (exact hash keys). */
  readonly equalityKey?: (s: string) => string;
}

/** Canonical type rank, as `canonicalizeBSONType` returns it. */
export function typeRank(v: Value): number {
  switch (typeof v) {
    case 'number':
      return 10;
    case 'string':
      return 15;
    case 'boolean':
      return 40;
    default:
      break;
  }
  if (v === null) return 5;
  if (v instanceof Map) return 20;
  if (Array.isArray(v)) return 25;
  if (v instanceof Date) return 45;
  switch (v._bsontype) {
    case 'Int32':
    case 'Long':
    case 'Decimal128':
      return 10;
    case 'BSONSymbol':
      return 15;
    case 'DBRef':
      return 20;
    case 'Binary':
      return 30;
    case 'ObjectId':
      return 35;
    case 'Timestamp':
      return 47;
    case 'BSONRegExp':
      return 50;
    case 'Code':
      return v.scope ? 65 : 60;
    case 'MinKey':
      return -1;
    case 'MaxKey':
      return 127;
    case 'undefined':
      return 0;
  }
}

/** Compares two strings by Unicode code point (what the server's byte compare of UTF-8 gives). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // UTF-16 puts surrogates (astral code points) below U+E000..U+FFFF; code point order does not.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x < y ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Exact decimal form of any numeric value (used only when a Decimal128 is involved). */
export function toDecimalJs(v: number | Long | Decimal128 | { value: number; _bsontype: 'Int32' }): Decimal {
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return new Decimal(NaN);
    if (!Number.isFinite(v)) return new Decimal(v);
    // 34 significant digits, as Decimal128(double, kRoundTo34Digits) does for comparisons.
    return new Decimal(v.toPrecision(34));
  }
  switch (v._bsontype) {
    case 'Int32':
      return new Decimal(v.value);
    case 'Long':
      return new Decimal(v.toString());
    case 'Decimal128':
      return new Decimal(v.toString());
  }
}

type NumericValue = number | Long | Decimal128 | { value: number; _bsontype: 'Int32' };

function compareLongToDouble(l: Long, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (d >= 9223372036854775808) return -1;
  if (d < -9223372036854775808) return 1;
  const big = BigInt(l.toString());
  const fl = Math.floor(d);
  const bf = BigInt(fl);
  if (big < bf) return -1;
  if (big > bf) return 1;
  return d === fl ? 0 : -1;
}

/** Compares two numeric values by value, across int32/int64/double/decimal. */
export function compareNumbers(a: NumericValue, b: NumericValue): number {
  const ta = typeof a === 'number' ? 'Double' : a._bsontype;
  const tb = typeof b === 'number' ? 'Double' : b._bsontype;
  if (ta === 'Decimal128' || tb === 'Decimal128') {
    const x = toDecimalJs(a);
    const y = toDecimalJs(b);
    if (x.isNaN()) return y.isNaN() ? 0 : -1;
    if (y.isNaN()) return 1;
    return x.cmp(y);
  }
  if (ta === 'Long' && tb === 'Long') return (a as Long).compare(b as Long);
  if (ta === 'Long') return compareLongToDouble(a as Long, numberOf(b));
  if (tb === 'Long') return -compareLongToDouble(b as Long, numberOf(a));
  const x = numberOf(a);
  const y = numberOf(b);
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0;
  // At least one NaN: NaN is the smallest number and equal to itself.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  return 1;
}

function numberOf(v: NumericValue): number {
  if (typeof v === 'number') return v;
  if (v._bsontype === 'Int32') return v.value;
  if (v._bsontype === 'Long') return v.toNumber();
  return Number(v.toString());
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return sign(a.length - b.length);
}

function compareEntries(
  a: Iterable<readonly [string, Value]>,
  b: Iterable<readonly [string, Value]>,
  collator: Collator | null,
): number {
  const ib = b[Symbol.iterator]();
  for (const [ka, va] of a) {
    const nb = ib.next();
    if (nb.done) return 1;
    const [kb, vb] = nb.value;
    const r = typeRank(va) - typeRank(vb);
    if (r !== 0) return sign(r);
    const k = compareCodePoints(ka, kb);
    if (k !== 0) return k;
    const c = compareValues(va, vb, collator);
    if (c !== 0) return c;
  }
  return ib.next().done ? 0 : -1;
}

function compareArrays(a: readonly Value[], b: readonly Value[], collator: Collator | null): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const va = a[i]!;
    const vb = b[i]!;
    const r = typeRank(va) - typeRank(vb);
    if (r !== 0) return sign(r);
    const c = compareValues(va, vb, collator);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

/**
 * Total order over BSON values. Negative, zero or positive like `Array.prototype.sort` wants.
 * `collator` applies to strings (and symbols) at any depth; field names always compare binary.
 */
export function compareValues(a: Value, b: Value, collator: Collator | null = null): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case -1:
    case 0:
    case 5:
    case 127:
      return 0;
    case 10:
      return compareNumbers(a as NumericValue, b as NumericValue);
    case 15: {
      const sa = typeof a === 'string' ? a : (a as { value: string }).value;
      const sb = typeof b === 'string' ? b : (b as { value: string }).value;
      return collator ? sign(collator.compare(sa, sb)) : compareCodePoints(sa, sb);
    }
    case 20:
      return compareEntries(objectAsDoc(a), objectAsDoc(b), collator);
    case 25:
      return compareArrays(a as Value[], b as Value[], collator);
    case 30: {
      const x = a as Binary;
      const y = b as Binary;
      if (x.position !== y.position) return x.position < y.position ? -1 : 1;
      if (x.sub_type !== y.sub_type) return x.sub_type < y.sub_type ? -1 : 1;
      return compareBytes(x.buffer.subarray(0, x.position), y.buffer.subarray(0, y.position));
    }
    case 35:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case 40:
      return a === b ? 0 : a ? 1 : -1;
    case 45:
      return compareDates(a as Date, b as Date);
    case 47: {
      const x = a as Timestamp;
      const y = b as Timestamp;
      if (x.t !== y.t) return x.t < y.t ? -1 : 1;
      return sign(x.i - y.i);
    }
    case 50: {
      const x = a as BSONRegExp;
      const y = b as BSONRegExp;
      return compareCodePoints(x.pattern, y.pattern) || compareCodePoints(x.options, y.options);
    }
    case 60:
      return compareCodePoints(String((a as { code: string }).code), String((b as { code: string }).code));
    case 65: {
      // The code, then the scope document with field names and without the collator: strings in a
      // scope are not collated (bsonelement.cpp compareElementValues, CodeWScope).
      const code = compareCodePoints(String((a as { code: string }).code), String((b as { code: string }).code));
      if (code !== 0) return code;
      return compareEntries(codeScopeDoc(a as Code), codeScopeDoc(b as Code), null);
    }
    default:
      return 0;
  }
}

/** Equality under the comparison order (so `1`, `NumberLong(1)` and `1.0` are equal). */
export function valuesEqual(a: Value, b: Value, collator: Collator | null = null): boolean {
  return compareValues(a, b, collator) === 0;
}

/**
 * Binary equality: same BSON type and same bytes, as the server's no-op check
 * (`binaryEqualValues`) decides. `1` (int) vs `1.0` (double) differ; `-0.0` vs `0.0` differ.
 */
export function binaryEqual(a: Value, b: Value): boolean {
  // 0 === -0, but their bytes differ.
  if (a === b) return typeof a !== 'number' || Object.is(a, b);
  const ta = typeOf(a);
  if (ta !== typeOf(b)) return false;
  switch (ta) {
    case 'double':
      return Object.is(a, b) || (Number.isNaN(a as number) && Number.isNaN(b as number));
    case 'object': {
      const x = objectAsDoc(a);
      const y = objectAsDoc(b);
      if (x.size !== y.size) return false;
      const iy = y.entries();
      for (const [k, v] of x) {
        const [k2, v2] = iy.next().value as [string, Value];
        if (k !== k2 || !binaryEqual(v, v2)) return false;
      }
      return true;
    }
    case 'array': {
      const x = a as Value[];
      const y = b as Value[];
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (!binaryEqual(x[i]!, y[i]!)) return false;
      return true;
    }
    case 'decimal':
      return compareBytes((a as Decimal128).bytes, (b as Decimal128).bytes) === 0;
    case 'date':
      return compareDates(a as Date, b as Date) === 0;
    case 'regex':
      return (
        (a as BSONRegExp).pattern === (b as BSONRegExp).pattern &&
        (a as BSONRegExp).options === (b as BSONRegExp).options
      );
    case 'javascript':
      return (a as { code: string }).code === (b as { code: string }).code;
    default:
      return compareValues(a, b, null) === 0;
  }
}
