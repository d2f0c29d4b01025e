/**
 * Single-value tests (the server's `matchesSingleElement` of each leaf `MatchExpression`): does
 * one value, reached by a path or an array element under `$elemMatch`, satisfy the leaf? A
 * `undefined` value is a missing field. Built once per statement from the parsed node.
 */
import { typeOf, type Value } from '../bson/values.js';
import { compareValues, typeRank, type Collator } from '../bson/compare.js';
import { hashedMembership } from './in-set.js';
import type { BitsNode, ComparisonOp, InNode, ModNode } from './nodes.js';
import { regexTest, type CompiledRegex } from './regex.js';

export type ValueTest = (v: Value | undefined) => boolean;

function isNaNNumber(v: Value): boolean {
  if (typeof v === 'number') return Number.isNaN(v);
  return typeOf(v) === 'decimal' && String(v) === 'NaN';
}

const MIN_KEY_RANK = -1;
const MAX_KEY_RANK = 127;

/**
 * `ComparisonMatchExpression::matchesSingleElement`: values of a different canonical type never
 * match (type bracketing), except that `null` also matches a missing field for $eq/$lte/$gte and
 * MinKey/MaxKey bounds cross brackets. MongoDB 8.0: `null` no longer matches `undefined`.
 * NaN equals NaN and is otherwise incomparable.
 */
export function compareTest(op: ComparisonOp, rhs: Value, collator: Collator | null): ValueTest {
  return fastCompareTest(op, rhs, collator, comparisonRule(op, rhs, collator));
}

/** The comparison rule itself, every probe through `compareValues` (what `compareTest` shortcuts). */
export function comparisonRule(op: ComparisonOp, rhs: Value, collator: Collator | null): ValueTest {
  const rank = typeRank(rhs);
  const inclusive = op === '$eq' || op === '$lte' || op === '$gte';
  const crossBracket =
    rank === MAX_KEY_RANK
      ? op === '$lt' || op === '$lte'
      : rank === MIN_KEY_RANK
        ? op === '$gt' || op === '$gte'
        : false;
  const rhsNaN = isNaNNumber(rhs);
  return (v) => {
    if (v === undefined) return rhs === null ? inclusive : crossBracket;
    if (typeRank(v) !== rank) return crossBracket;
    if (op !== '$eq' && rank === 10) {
      const lhsNaN = isNaNNumber(v);
      if (lhsNaN || rhsNaN) return op === '$lt' || op === '$gt' ? false : lhsNaN && rhsNaN;
    }
    const c = compareValues(v, rhs, collator);
    switch (op) {
      case '$eq':
        return c === 0;
      case '$lt':
        return c < 0;
      case '$lte':
        return c <= 0;
      case '$gt':
        return c > 0;
      case '$gte':
        return c >= 0;
    }
  };
}

/**
 * The same test with the common probes decided directly, each exactly as `general` decides them:
 * - a double or int32 probe against a double or int32 bound, neither NaN: both are exact doubles,
 *   and `compareNumbers` orders them as JavaScript does (-0 equals 0);
 * - a string probe equal to a string, without a collator: `compareCodePoints` is 0 only for the
 *   same string.
 * Every other probe (NaN, long, decimal, other types, missing) goes to `general`.
 */
function fastCompareTest(op: ComparisonOp, rhs: Value, collator: Collator | null, general: ValueTest): ValueTest {
  if (typeof rhs === 'string') {
    if (op !== '$eq' || collator !== null) return general;
    return (v) => (typeof v === 'string' ? v === rhs : general(v));
  }
  const r = exactDouble(rhs);
  if (r === undefined) return general;
  switch (op) {
    case '$eq':
      return (v) => {
        const x = exactDouble(v);
        return x === undefined ? general(v) : x === r;
      };
    case '$lt':
      return (v) => {
        const x = exactDouble(v);
        return x === undefined ? general(v) : x < r;
      };
    case '$lte':
      return (v) => {
        const x = exactDouble(v);
        return x === undefined ? general(v) : x <= r;
      };
    case '$gt':
      return (v) => {
        const x = exactDouble(v);
        return x === undefined ? general(v) : x > r;
      };
    case '$gte':
      return (v) => {
        const x = exactDouble(v);
        return x === undefined ? general(v) : x >= r;
      };
  }
}

/** The value of a double or int32 that is not NaN, else undefined. */
function exactDouble(v: Value | undefined): number | undefined {
  if (typeof v === 'number') return v === v ? v : undefined;
  if (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'Int32')
    return (v as { value: number }).value;
  return undefined;
}

/** `RegexMatchExpression::matchesSingleElement`: strings and symbols, or an identical regex. */
export function regexMatchesValue(r: CompiledRegex, v: Value | undefined): boolean {
  if (typeof v === 'string') return regexTest(r, v);
  if (v === undefined || v === null || typeof v !== 'object') return false;
  switch (typeOf(v)) {
    case 'symbol':
      return regexTest(r, (v as { value: string }).value);
    case 'regex': {
      const x = v as { pattern: string; options: string };
      return x.pattern === r.pattern && x.options === r.options;
    }
    default:
      return false;
  }
}

/** Membership in `$in`'s equalities as the server decides it: a binary search of the sorted values. */
export function sortedMembership(values: readonly Value[], collator: Collator | null): (v: Value) => boolean {
  const cmp = (a: Value, b: Value): number => compareValues(a, b, collator);
  const sorted = [...values].sort(cmp);
  return (v) => {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = cmp(sorted[mid]!, v);
      if (c === 0) return true;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
}

export function inTest(node: InNode, collator: Collator | null): ValueTest {
  const hasNull = node.values.some((v) => v === null);
  const regexes = node.regexes;
  const contains = sortedMembership(node.values, collator);
  const hashed = hashedMembership(node.values, collator);
  return (v) => {
    if (v === undefined) return hasNull;
    // Strings and numbers by hashing when that decides exactly as the search (in-set.ts).
    if (hashed(v) ?? contains(v)) return true;
    for (let i = 0; i < regexes.length; i++) if (regexMatchesValue(regexes[i]!, v)) return true;
    return false;
  };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const TWO_63 = 9223372036854775808;

/** A numeric value as a 64-bit integer, or undefined when it has none (NaN, ±Inf, out of range). */
function truncatedLong(v: Value): bigint | undefined {
  switch (typeOf(v)) {
    case 'int':
      return BigInt((v as { value: number }).value);
    case 'long':
      return BigInt(String(v));
    case 'double':
    case 'decimal': {
      const x = typeof v === 'number' ? v : Number(String(v));
      if (!Number.isFinite(x)) return undefined;
      const t = Math.trunc(x);
      if (t >= TWO_63 || t < -TWO_63) return undefined;
      return BigInt(t);
    }
    default:
      return undefined;
  }
}

export function modTest(node: ModNode): ValueTest {
  const { divisor, remainder } = node;
  return (v) => {
    if (v === undefined) return false;
    const n = truncatedLong(v);
    if (n === undefined) return false;
    // C++ `%` (and overflow::safeMod): the result takes the dividend's sign; x % -1 is 0.
    return (divisor === -1n ? 0n : n % divisor) === remainder;
  };
}

/** The 64-bit two's complement of a numeric value for bit tests, or undefined if it has none. */
function bitTestLong(v: Value): bigint | undefined {
  const t = typeOf(v);
  if (t === 'double') {
    const x = v as number;
    if (Number.isNaN(x) || x >= TWO_63 || x < -TWO_63 || !Number.isInteger(x)) return undefined;
    return BigInt(x);
  }
  if (t === 'decimal') {
    const x = Number(String(v));
    if (!Number.isFinite(x)) return undefined;
    const r = BigInt(Math.round(x));
    return r > INT64_MAX ? INT64_MAX : r < INT64_MIN ? INT64_MIN : r;
  }
  return truncatedLong(v);
}

export function bitsTest(node: BitsNode): ValueTest {
  const positions = node.positions;
  const wantSet = node.op === '$bitsAllSet' || node.op === '$bitsAnySet';
  const all = node.op === '$bitsAllSet' || node.op === '$bitsAllClear';
  const check = (bit: (p: number) => boolean): boolean => {
    for (const p of positions) {
      const ok = bit(p) === wantSet;
      if (all && !ok) return false;
      if (!all && ok) return true;
    }
    return all;
  };
  return (v) => {
    if (v === undefined || v === null) return false;
    if (typeOf(v) === 'binData') {
      const b = v as { buffer: Uint8Array; position: number };
      return check((p) => p < b.position * 8 && ((b.buffer[p >> 3]! >> (p & 7)) & 1) === 1);
    }
    const n = bitTestLong(v);
    if (n === undefined) return false;
    // Bits past 63 repeat the sign bit (numbers are sign-extended).
    return check((p) => ((n >> BigInt(Math.min(p, 63))) & 1n) === 1n);
  };
}
