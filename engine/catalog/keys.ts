/**
 * Canonical key strings for BSON values, so indexes can be hash maps.
 *
 * Contract: with the simple collation, `keyOf(a) === keyOf(b)` exactly when
 * `valuesEqual(a, b)` (so `1`, `NumberLong(1)`, `1.0` and `NumberDecimal("1.00")` share a key, as
 * they share an index key in the server). With a collator, strings are folded to a coarse bucket
 * (Unicode NFD, combining marks removed, lower-cased): values equal under the collator always share
 * a bucket, and callers confirm candidates with `valuesEqual(..., collator)`. A collator that
 * offers an `equalityKey` (the engine's UCA collators) gives exact keys instead: equal strings
 * share a key and unequal ones never do, which the fold cannot promise for ignored punctuation.
 */
import type { Binary, BSONRegExp, Code, Decimal128, Int32, Long, ObjectId, Timestamp } from 'bson';
import { toDecimalJs, type Collator } from '../bson/compare.js';
import { codeScopeDoc, objectAsDoc, typeOf, type Value } from '../bson/values.js';
import { dateMillis } from '../bson/dates.js';

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** One spelling per numeric value, across int32/int64/double/decimal. */
function numberKey(v: number | Long | Decimal128 | { value: number; _bsontype: 'Int32' }): string {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return String(v === 0 ? 0 : v);
  } else if (v._bsontype === 'Int32') {
    return String(v.value);
  } else if (v._bsontype === 'Long') {
    const n = v.toNumber();
    if (Number.isSafeInteger(n)) return String(n);
  }
  return toDecimalJs(v).toString();
}

/** A coarse fold that never separates two strings a collator could call equal (approximation). */
function foldString(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The canonical key of one value. */
export function keyOf(v: Value, collator: Collator | null = null): string {
  switch (typeOf(v)) {
    case 'minKey':
      return 'm';
    case 'maxKey':
      return 'M';
    case 'undefined':
      return 'u';
    case 'null':
      return 'n';
    case 'double':
    case 'int':
    case 'long':
    case 'decimal':
      return `#${numberKey(v as number | Long | Decimal128)}`;
    case 'string':
    case 'symbol': {
      const s = typeof v === 'string' ? v : String((v as { value: string }).value);
      if (!collator) return `s${JSON.stringify(s)}`;
      // A collator with an exact equality key (the engine's UCA) buckets exactly; else fold coarsely.
      return collator.equalityKey ? `=${JSON.stringify(collator.equalityKey(s))}` : `~${JSON.stringify(foldString(s))}`;
    }
    case 'object': {
      const d = objectAsDoc(v);
      let out = 'o{';
      for (const [k, x] of d) out += `${JSON.stringify(k)}:${keyOf(x, collator)},`;
      return `${out}}`;
    }
    case 'array': {
      let out = 'a[';
      for (const x of v as Value[]) out += `${keyOf(x, collator)},`;
      return `${out}]`;
    }
    case 'binData': {
      const b = v as Binary;
      return `b${b.sub_type}:${hex(b.buffer.subarray(0, b.position))}`;
    }
    case 'objectId':
      return `O${(v as ObjectId).toHexString()}`;
    case 'bool':
      return v ? 't' : 'f';
    case 'date':
      return `D${dateMillis(v as Date)}`;
    case 'timestamp':
      return `T${(v as Timestamp).t},${(v as Timestamp).i}`;
    case 'regex':
      return `r${JSON.stringify((v as BSONRegExp).pattern)}/${(v as BSONRegExp).options}`;
    case 'javascript':
      return `c${JSON.stringify(String((v as Code).code))}`;
    case 'javascriptWithScope':
      // A scope is part of the value and is never collated.
      return `C${JSON.stringify(String((v as Code).code))}${keyOf(codeScopeDoc(v as Code))}`;
    default:
      return `?${String(v)}`;
  }
}

/** The key of an index key tuple (one value per key-pattern field). */
export function tupleKey(values: readonly Value[], collator: Collator | null = null): string {
  if (values.length === 1) return keyOf(values[0]!, collator);
  return values.map((v) => keyOf(v, collator)).join('|');
}

/**
 * An index bucket's hash key: `tupleKey`, except that a one-field key whose canonical spelling is
 * `#n` for a safe integer n is the number n itself. A `Map` probes a small number without hashing
 * and comparing a fresh string, which is most of an `_id` lookup. The mapping is one-to-one
 * (`#n` ↔ n, every other spelling unchanged), so two keys share a bucket exactly when their
 * `tupleKey`s are equal.
 */
export function bucketKey(values: readonly Value[], collator: Collator | null = null): string | number {
  if (values.length !== 1) return tupleKey(values, collator);
  const v = values[0]!;
  // The common spellings without building the string (numberKey's own rules).
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return v === 0 ? 0 : v;
  } else if (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'Int32') {
    const n = (v as Int32).value;
    return n === 0 ? 0 : n;
  }
  const key = keyOf(v, collator);
  if (key.charCodeAt(0) !== 35 /* # */) return key;
  const digits = key.slice(1);
  const n = Number(digits);
  return Number.isSafeInteger(n) && String(n) === digits ? n : key;
}
