/**
 * `$in` membership by hashing, for the probes where hashing decides exactly what the server's
 * sorted-set search decides (`InMatchExpression` keeps its equalities in a `BSONElementSet` ordered
 * by the collation-aware comparator, and a probe is a member when it compares equal to one).
 *
 * Equal under that order (compare.ts) means, for the probes hashed here:
 * - a string: the same canonical type (strings and symbols) and, with the simple collation, the
 *   same code units (`compareCodePoints` is 0 only for identical strings); with a collator, the
 *   same `equalityKey` (exact by its contract), else not hashed;
 * - a double or int32: the same numeric value, across int32, double and int64 members, where NaN
 *   equals NaN and -0 equals 0 — exactly a `Set<number>`'s SameValueZero over the members'
 *   values, as long as every numeric member is exactly a double (no decimal, no int64 past 2^53).
 * Any other probe, or numbers when a member is not exactly a double, gets `undefined`: the caller
 * asks the sorted search. Regex members are the caller's (they apply after the equalities).
 */
import type { Collator } from '../bson/compare.js';
import type { Value } from '../bson/values.js';

/** true/false when hashing decides the probe's membership, undefined when the sorted search must. */
export type HashedMembership = (v: Value) => boolean | undefined;

const MAX_EXACT_INT = 2 ** 53;

function bsonType(v: Value): string | undefined {
  return typeof v === 'object' && v !== null ? (v as { _bsontype?: string })._bsontype : undefined;
}

export function hashedMembership(members: readonly Value[], collator: Collator | null): HashedMembership {
  const key = collator === null ? undefined : collator.equalityKey;
  const stringsHashed = collator === null || key !== undefined;
  const strings = new Set<string>();
  const numbers = new Set<number>();
  let numbersHashed = true;
  for (const m of members) {
    if (typeof m === 'number') {
      numbers.add(m);
      continue;
    }
    if (typeof m === 'string') {
      if (stringsHashed) strings.add(key === undefined ? m : key(m));
      continue;
    }
    switch (bsonType(m)) {
      case 'BSONSymbol': {
        const s = (m as { value: string }).value;
        if (stringsHashed) strings.add(key === undefined ? s : key(s));
        break;
      }
      case 'Int32':
        numbers.add((m as { value: number }).value);
        break;
      case 'Long': {
        const n = Number(BigInt(String(m)));
        if (Math.abs(n) < MAX_EXACT_INT) numbers.add(n);
        else numbersHashed = false;
        break;
      }
      case 'Decimal128':
        numbersHashed = false;
        break;
      default:
        break;
    }
  }
  return (v) => {
    if (typeof v === 'string') {
      if (!stringsHashed) return undefined;
      return strings.has(key === undefined ? v : key(v));
    }
    if (typeof v === 'number') return numbersHashed ? numbers.has(v) : undefined;
    if (numbersHashed && bsonType(v) === 'Int32') return numbers.has((v as { value: number }).value);
    return undefined;
  };
}
