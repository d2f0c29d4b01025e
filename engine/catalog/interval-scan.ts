/**
 * Interval lists over an index's first field: membership, union, and how many keys the server's
 * index scan examines walking them (src/mongo/db/exec/index_scan.cpp, index_bounds_builder.cpp).
 */
import { compareValues, typeRank, type Collator } from '../bson/compare.js';
import type { Value } from '../bson/values.js';
import type { IndexEntry } from './index-store.js';
import type { Interval } from './planner.js';

export function inInterval(v: Value, iv: Interval, collator: Collator | null): boolean {
  return positionIn(v, iv, collator) === 0;
}

/** Where `v` lies in ascending key order: -1 before the interval, 0 inside, 1 after it. */
function positionIn(v: Value, iv: Interval, collator: Collator | null): -1 | 0 | 1 {
  if (iv.rank !== undefined) {
    const r = typeRank(v);
    if (r < iv.rank) return -1;
    if (r > iv.rank) return 1;
  }
  if (iv.low !== undefined) {
    const lo = compareValues(v, iv.low, collator);
    if (lo < 0 || (lo === 0 && !iv.lowInclusive)) return -1;
  }
  if (iv.high !== undefined) {
    const hi = compareValues(v, iv.high, collator);
    if (hi > 0 || (hi === 0 && !iv.highInclusive)) return 1;
  }
  return 0;
}

/** Ascending by lower bound (an open lower end first), as `IntervalComparison`. */
export function sortIntervals(intervals: readonly Interval[], collator: Collator | null): Interval[] {
  return [...intervals].sort((a, b) => {
    if (a.low === undefined || b.low === undefined) return a.low === undefined ? (b.low === undefined ? 0 : -1) : 1;
    const c = compareValues(a.low, b.low, collator);
    if (c !== 0) return c;
    return a.lowInclusive === b.lowInclusive ? 0 : a.lowInclusive ? -1 : 1;
  });
}

/**
 * The union of intervals, sorted and with overlaps merged (`unionize`): an `$in` of values and
 * regexes has one list, where a value inside a regex's string range is not scanned twice.
 */
export function unionIntervals(intervals: readonly Interval[], collator: Collator | null = null): Interval[] {
  const out: Interval[] = [];
  for (const iv of sortIntervals(intervals, collator)) {
    const last = out[out.length - 1];
    if (last !== undefined && iv.low !== undefined && touches(last, iv, collator)) {
      out[out.length - 1] = widen(last, iv, collator);
    } else out.push(iv);
  }
  return out;
}

/** `next` (not starting before `last`) starts inside `last`, or exactly where `last` ends and includes that point. */
function touches(last: Interval, next: Interval, collator: Collator | null): boolean {
  const low = next.low!;
  const p = positionIn(low, last, collator);
  if (p === 0) return true;
  return p > 0 && next.lowInclusive && last.high !== undefined && compareValues(low, last.high, collator) === 0;
}

function widen(last: Interval, next: Interval, collator: Collator | null): Interval {
  if (next.high === undefined && next.rank === undefined)
    return { ...last, high: undefined, highInclusive: next.highInclusive, point: undefined };
  if (last.high === undefined) return last;
  if (next.high === undefined)
    return { ...last, high: undefined, rank: next.rank, highInclusive: next.highInclusive, point: undefined };
  const c = compareValues(next.high, last.high, collator);
  if (c < 0 || (c === 0 && !next.highInclusive)) return last;
  return {
    ...last,
    high: next.high,
    highInclusive: c === 0 ? last.highInclusive || next.highInclusive : next.highInclusive,
    point: undefined,
  };
}

/**
 * Keys an index scan examines over `intervals` (in the scan's order) on the first key field.
 * One interval: the cursor stops at its end, so only keys inside count. Several: the bounds
 * checker sees every key the cursor lands on, also the one past an interval that makes it seek to
 * the next, and the one that ends the scan.
 */
export function countKeysExamined(
  entries: readonly IndexEntry[],
  intervals: readonly Interval[],
  direction: 1 | -1,
  collator: Collator | null,
): number {
  const where = (v: Value, iv: Interval): number => positionIn(v, iv, collator) * direction;
  let examined = 0;
  if (intervals.length === 1) {
    for (const e of entries) if (where(e.key[0]!, intervals[0]!) === 0) examined++;
    return examined;
  }
  let i = 0;
  let seeking = true;
  for (const e of entries) {
    const key = e.key[0]!;
    let p = where(key, intervals[i]!);
    if (seeking && p < 0) continue;
    seeking = false;
    examined++;
    while (p > 0) {
      if (++i === intervals.length) return examined;
      p = where(key, intervals[i]!);
    }
    if (p < 0) seeking = true;
  }
  return examined;
}

/** One end of an interval as a comparable key: a value, or the open end of a type bracket. */
type End = { readonly value: Value } | { readonly rank: number; readonly edge: -1 | 1 };

function lowEnd(iv: Interval): End {
  if (iv.low !== undefined) return { value: iv.low };
  return { rank: iv.rank ?? -2, edge: -1 };
}

function highEnd(iv: Interval): End {
  if (iv.high !== undefined) return { value: iv.high };
  return { rank: iv.rank ?? 128, edge: 1 };
}

function compareEnds(a: End, b: End, collator: Collator | null): number {
  if ('value' in a && 'value' in b) return compareValues(a.value, b.value, collator);
  const ra = 'value' in a ? typeRank(a.value) : a.rank;
  const rb = 'value' in b ? typeRank(b.value) : b.rank;
  if (ra !== rb) return ra - rb;
  return ('value' in a ? 0 : a.edge) - ('value' in b ? 0 : b.edge);
}

/** The part of `a` inside `b`, or null when they do not overlap. */
function intersectTwo(a: Interval, b: Interval, collator: Collator | null): Interval | null {
  const cl = compareEnds(lowEnd(a), lowEnd(b), collator);
  const lowFrom = cl > 0 ? a : b;
  const lowInclusive = cl === 0 ? a.lowInclusive && b.lowInclusive : lowFrom.lowInclusive;
  const ch = compareEnds(highEnd(a), highEnd(b), collator);
  const highFrom = ch < 0 ? a : b;
  const highInclusive = ch === 0 ? a.highInclusive && b.highInclusive : highFrom.highInclusive;
  const span = compareEnds(lowEnd(lowFrom), highEnd(highFrom), collator);
  if (span > 0 || (span === 0 && !(lowInclusive && highInclusive))) return null;
  const rank = a.rank ?? b.rank;
  const point = span === 0 && lowFrom.low !== undefined ? true : undefined;
  return { low: lowFrom.low, high: highFrom.high, lowInclusive, highInclusive, rank, point };
}

/**
 * The intersection of two interval lists over the same field (`intersectize`): the bounds of
 * `{a: {$regex: "^e", $gte: "emily"}}` are `["emily", "f")`.
 */
export function intersectIntervals(
  a: readonly Interval[],
  b: readonly Interval[],
  collator: Collator | null,
): Interval[] {
  const out: Interval[] = [];
  for (const x of a) {
    for (const y of b) {
      const both = intersectTwo(x, y, collator);
      if (both) out.push(both);
    }
  }
  return sortIntervals(out, collator);
}
