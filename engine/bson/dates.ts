/**
 * BSON dates as the server has them: a signed 64-bit count of milliseconds since the epoch.
 *
 * A JS `Date` holds only ±8.64e15 ms (years -271821 to 275760). Dates inside that range stay
 * plain `Date`s; dates outside it (up to ±2^63 ms, about ±292 million years) are `WideDate`s: a
 * `Date` whose JS time value is NaN (so `instanceof Date`, `typeOf` and BSON type order keep
 * working) that carries the exact count in `millis`. Everything that reads a date's time goes
 * through `dateMillis`, never `getTime()`, so no date is ever NaN inside the engine.
 *
 *   dateFromMillis(0n)                      → new Date(0)
 *   dateFromMillis(9223372036854775807n)    → WideDate { millis: 9223372036854775807n }
 */
import { Long } from 'bson';

/** The JS Date range, in ms either side of the epoch. */
export const JS_DATE_LIMIT_MS = 8.64e15;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** A date outside the JS Date range; its JS time value is NaN, `millis` is exact. */
export class WideDate extends Date {
  readonly millis: bigint;
  constructor(millis: bigint) {
    super(NaN);
    this.millis = millis;
  }
}

export function isWideDate(d: Date): d is WideDate {
  return d instanceof WideDate;
}

/** The exact millisecond count of a date. */
export function dateMillis(d: Date): bigint {
  if (d instanceof WideDate) return d.millis;
  const t = d.getTime();
  // A NaN Date can only come from outside the engine (a caller's `new Date('x')`): epoch, as js-bson.
  return Number.isNaN(t) ? 0n : BigInt(t);
}

/** The millisecond count as a number (exact within ±2^53, the whole JS Date range). */
export function dateMillisNumber(d: Date): number {
  return d instanceof WideDate ? Number(d.millis) : d.getTime();
}

/** True when `ms` is a signed 64-bit count. */
export function fitsInt64(ms: bigint): boolean {
  return ms >= INT64_MIN && ms <= INT64_MAX;
}

/** The date of an exact millisecond count (which must fit in int64). */
export function dateFromMillis(ms: bigint | number): Date {
  if (typeof ms === 'number') {
    if (!Number.isInteger(ms)) throw new RangeError(`a BSON date needs an integer millisecond count, not ${ms}`);
    if (Math.abs(ms) <= JS_DATE_LIMIT_MS) return new Date(ms);
    ms = BigInt(ms);
  }
  if (!fitsInt64(ms)) throw new RangeError(`${ms} ms does not fit in a BSON date (int64)`);
  if (ms >= -8_640_000_000_000_000n && ms <= 8_640_000_000_000_000n) return new Date(Number(ms));
  return new WideDate(ms);
}

/** The date as an int64 (`$toLong`, `$convert`). */
export function dateToLong(d: Date): Long {
  return Long.fromBigInt(dateMillis(d));
}

/** Compares two dates by their millisecond counts: -1, 0 or 1. */
export function compareDates(a: Date, b: Date): number {
  if (!(a instanceof WideDate) && !(b instanceof WideDate)) {
    const x = a.getTime();
    const y = b.getTime();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = dateMillis(a);
  const y = dateMillis(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** 400 Gregorian years: the calendar (weekdays included) repeats exactly after 146,097 days. */
export const GREGORIAN_CYCLE_MS = 146_097n * 86_400_000n;
export const GREGORIAN_CYCLE_YEARS = 400;

/**
 * Moves a millisecond count into the JS Date range by whole 400-year cycles, so calendar fields
 * can be read with `Date` and the year corrected by `cycles * 400` afterwards.
 */
export function shiftIntoJsRange(ms: bigint): { readonly ms: number; readonly cycles: number } {
  const limit = 8_000_000_000_000_000n;
  if (ms >= -limit && ms <= limit) return { ms: Number(ms), cycles: 0 };
  // Aim for the middle of the range so local-time offsets never push the value out again.
  const cycles = ms / GREGORIAN_CYCLE_MS;
  return { ms: Number(ms - cycles * GREGORIAN_CYCLE_MS), cycles: Number(cycles) };
}
