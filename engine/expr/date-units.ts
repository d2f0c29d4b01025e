/**
 * Calendar arithmetic in time units: `$dateAdd`/`$dateSubtract` (`dateAdd`), `$dateDiff`
 * (`dateDiff`) and `$dateTrunc` (`truncateDate`), over the whole int64 date range.
 */
import { Long, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { integralLong, numKind, type Num } from './numeric.js';
import { fromLocal, localParts, partsOfUtc, toLocal, utcFromParts, type LocalParts, type TimeZone } from './timezone.js';
import type { OperatorParser, Scope } from './types.js';
import { nullish, typeName } from './util.js';
import { valueToString } from './value-string.js';
import { dateFromMillis, dateMillis, fitsInt64, GREGORIAN_CYCLE_MS, isWideDate, shiftIntoJsRange } from '../bson/dates.js';

import { coercibleToDate, coerceToDate, dayOfWeekArg, daysInMonth, evalTimeZone, evalTimeZoneWithContext, namedArgs, TIME_UNITS, UNIT_MS, unitOf, type TimeUnit } from './date-common.js';
/** `dateAdd`: calendar units in local time with end-of-month clamping, others as durations. */
export function dateAdd(utcMs: number, unit: TimeUnit, amount: number, tz: TimeZone): number {
  const fixed = UNIT_MS[unit];
  if (unit === 'hour' || unit === 'minute' || unit === 'second' || unit === 'millisecond') return utcMs + amount * fixed!;
  const p = localParts(utcMs, tz);
  if (unit === 'day' || unit === 'week') {
    return fromLocal(utcFromParts({ ...p, day: p.day + amount * (unit === 'week' ? 7 : 1) }), tz);
  }
  const months = amount * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1);
  const total = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12 + 12) % 12 + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  return fromLocal(utcFromParts({ ...p, year, month, day }), tz);
}

/**
 * `$dateAdd` of any int64 date, exactly. Fixed units are plain int64 arithmetic; calendar units
 * move whole 400-year cycles (4,800 months, 146,097 days) as exact millisecond counts and the rest
 * through `dateAdd` on the date read 400-year cycles closer. Undefined when the result leaves int64.
 */
function dateAddExact(start: Date, unit: TimeUnit, amount: bigint, tz: TimeZone): bigint | undefined {
  const startMs = dateMillis(start);
  const fixed = UNIT_MS[unit];
  let result: bigint;
  if (fixed !== undefined && unit !== 'day' && unit !== 'week') {
    result = startMs + amount * BigInt(fixed);
  } else {
    const perCycle = unit === 'day' ? 146_097n : unit === 'week' ? 146_097n : unit === 'month' ? 4800n : unit === 'quarter' ? 1600n : 400n;
    // Weeks: 146,097 days is 20,871 weeks, so whole cycles of weeks are whole calendar cycles too.
    const unitsPerCycle = unit === 'week' ? 20_871n : perCycle;
    const cycles = amount / unitsPerCycle;
    const rest = Number(amount - cycles * unitsPerCycle);
    const shifted = shiftIntoJsRange(startMs);
    const moved = dateAdd(shifted.ms, unit, rest, tz);
    result = BigInt(moved) + (BigInt(shifted.cycles) + cycles) * GREGORIAN_CYCLE_MS;
  }
  return fitsInt64(result) ? result : undefined;
}

const MAX_DAYS = 18446744073709551615n / 86_400_000n + 1n;
const MAX_YEARS = MAX_DAYS / 365n + 1n;
/** `isDateAddAmountValid`: the exclusive bound on |amount| per unit, about the range of Date_t. */
const MAX_AMOUNT: Record<Exclude<TimeUnit, 'millisecond'>, bigint> = {
  year: MAX_YEARS,
  quarter: MAX_YEARS * 4n,
  month: MAX_YEARS * 12n,
  week: MAX_DAYS / 7n,
  day: MAX_DAYS,
  hour: MAX_DAYS * 24n,
  minute: MAX_DAYS * 1440n,
  second: MAX_DAYS * 86_400n,
};

/**
 * The server's `dateAdd` checks: milliseconds are `Date_t + Milliseconds` (DurationOverflow 159
 * "Overflow while adding …"); other units first bound the amount (5976500), then a result past
 * int64 milliseconds is 5166406 "dateAdd overflowed".
 */
function checkedDateAdd(start: Date, unit: TimeUnit, amount: bigint, tz: TimeZone): bigint {
  if (unit === 'millisecond') {
    const startMs = dateMillis(start);
    const result = startMs + amount;
    if (!fitsInt64(result)) throw fail(159, `Overflow while adding ${amount}ms to ${startMs}ms`);
    return result;
  }
  const max = MAX_AMOUNT[unit];
  if (!(-max < amount && amount < max)) throw fail(5976500, `invalid dateAdd 'amount' parameter value: ${amount} ${unit}`);
  const result = dateAddExact(start, unit, amount, tz);
  if (result === undefined) throw fail(5166406, 'dateAdd overflowed');
  return result;
}

export function dateArithmetic(sign: 1 | -1): OperatorParser {
  return (arg, ctx, op) => {
    const a = namedArgs(
      arg,
      op,
      ['startDate', 'unit', 'amount', 'timezone'],
      () => fail(5166400, `${op} expects an object as its argument`),
      (k) => fail(5166401, `Unrecognized argument to ${op}: ${k}. Expected arguments are startDate, unit, amount, and optionally timezone.`),
      ctx,
    );
    if (!a.has('startDate') || !a.has('unit') || !a.has('amount'))
      throw fail(5166402, `${op} requires startDate, unit, and amount to be present`);
    return {
      evaluate(scope: Scope): Value {
        const start = a.get('startDate')!.evaluate(scope);
        if (nullish(start)) return null;
        const unit = a.get('unit')!.evaluate(scope);
        if (nullish(unit)) return null;
        const amount = a.get('amount')!.evaluate(scope);
        if (nullish(amount)) return null;
        const tz = evalTimeZone(a.get('timezone'), scope);
        if (!tz) return null;
        if (!coercibleToDate(start)) throw fail(5166403, `${op} requires startDate to be convertible to a date`);
        if (typeof unit !== 'string') throw fail(5166404, `${op} expects string defining the time unit`);
        if (!(TIME_UNITS as readonly string[]).includes(unit)) throw fail(9, `unknown time unit value: ${unit}`);
        const n = numKind(amount) === null ? null : integralLong(amount as Num);
        if (n === null) throw fail(5166405, `${op} expects integer amount of time units`);
        if (sign === -1 && n === -9223372036854775808n) throw fail(6045000, `invalid $dateSubtract 'amount' parameter value: ${n}`);
        return dateFromMillis(checkedDateAdd(coerceToDate(start), unit as TimeUnit, BigInt(sign) * n, tz));
      },
    };
  };
}

function localDayNumber(p: LocalParts): number {
  return Math.floor(utcFromParts({ ...p, hour: 0, minute: 0, second: 0, millisecond: 0 }) / 86_400_000);
}

/** `dateDiff`: the number of unit boundaries crossed, counted in local time. */
function dateDiff(start: number, end: number, unit: TimeUnit, tz: TimeZone, startOfWeek: number): bigint {
  const a = localParts(start, tz);
  const b = localParts(end, tz);
  switch (unit) {
    case 'year':
      return BigInt(b.year - a.year);
    case 'quarter':
      return BigInt(b.year * 4 + Math.floor((b.month - 1) / 3) - (a.year * 4 + Math.floor((a.month - 1) / 3)));
    case 'month':
      return BigInt(b.year * 12 + b.month - (a.year * 12 + a.month));
    case 'week': {
      // Weeks start on `startOfWeek`; day 0 of the epoch (1970-01-01) was a Thursday (4).
      const wa = Math.floor((localDayNumber(a) + 4 - startOfWeek + 7) / 7);
      const wb = Math.floor((localDayNumber(b) + 4 - startOfWeek + 7) / 7);
      return BigInt(wb - wa);
    }
    case 'day':
      return BigInt(localDayNumber(b) - localDayNumber(a));
    default: {
      const ms = UNIT_MS[unit]!;
      const la = toLocal(start, tz);
      const lb = toLocal(end, tz);
      return BigInt(Math.floor(lb / ms) - Math.floor(la / ms));
    }
  }
}

export const parseDateDiff: OperatorParser = (arg, ctx, op) => {
  const a = namedArgs(
    arg,
    op,
    ['startDate', 'endDate', 'unit', 'timezone', 'startOfWeek'],
    () => fail(5166301, '$dateDiff only supports an object as its argument'),
    (k) => fail(5166302, `Unrecognized argument to $dateDiff: ${k}`),
    ctx,
  );
  if (!a.has('startDate')) throw fail(5166303, "Missing 'startDate' parameter to $dateDiff");
  if (!a.has('endDate')) throw fail(5166304, "Missing 'endDate' parameter to $dateDiff");
  if (!a.has('unit')) throw fail(5166305, "Missing 'unit' parameter to $dateDiff");
  return {
    evaluate(scope: Scope): Value {
      const s = a.get('startDate')!.evaluate(scope);
      if (nullish(s)) return null;
      const e = a.get('endDate')!.evaluate(scope);
      if (nullish(e)) return null;
      const u = a.get('unit')!.evaluate(scope);
      if (nullish(u)) return null;
      const sowNode = u === 'week' ? a.get('startOfWeek') : undefined;
      let sow: Value | undefined;
      if (sowNode) {
        sow = sowNode.evaluate(scope);
        if (nullish(sow)) return null;
      }
      const tz = evalTimeZoneWithContext(a.get('timezone'), scope, '$dateDiff');
      if (!tz) return null;
      if (!coercibleToDate(s)) throw fail(5166307, `$dateDiff requires 'startDate' to be a date, but got ${typeName(s)}`);
      if (!coercibleToDate(e)) throw fail(5166307, `$dateDiff requires 'endDate' to be a date, but got ${typeName(e)}`);
      const unit = unitOf(u, op);
      const startOfWeek = sowNode ? dayOfWeekArg(sow, op, 'startOfWeek') : 0;
      return Long.fromBigInt(dateDiffExact(coerceToDate(s), coerceToDate(e), unit, tz, startOfWeek));
    },
  };
};

/** `truncateDate`: bins counted from 2000-01-01T00:00:00 local time. */
function truncateDate(utcMs: number, unit: TimeUnit, binSize: number, tz: TimeZone, startOfWeek: number): number {
  const local = toLocal(utcMs, tz);
  const p = partsOfUtc(local);
  const ref = utcFromParts({ year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 });
  if (unit === 'year' || unit === 'quarter' || unit === 'month') {
    const per = unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1;
    const months = (p.year - 2000) * 12 + (p.month - 1);
    const bin = Math.floor(months / (per * binSize)) * per * binSize;
    const year = 2000 + Math.floor(bin / 12);
    const month = (bin % 12 + 12) % 12 + 1;
    return fromLocal(utcFromParts({ year, month, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 }), tz);
  }
  if (unit === 'week' || unit === 'day') {
    let refDay = Math.floor(ref / 86_400_000);
    if (unit === 'week') {
      // The first `startOfWeek` day on or after 2000-01-01 (a Saturday).
      refDay += (startOfWeek - 6 + 7) % 7;
    }
    const size = binSize * (unit === 'week' ? 7 : 1);
    const day = Math.floor(local / 86_400_000);
    const binDay = refDay + Math.floor((day - refDay) / size) * size;
    return fromLocal(binDay * 86_400_000, tz);
  }
  const size = UNIT_MS[unit]! * binSize;
  const binLocal = ref + Math.floor((local - ref) / size) * size;
  // Sub-day units are binned on the local clock, then mapped back.
  return unit === 'hour' || unit === 'minute' ? fromLocal(binLocal, tz) : utcMs - (local - binLocal);
}

export const parseDateTrunc: OperatorParser = (arg, ctx, op) => {
  const a = namedArgs(
    arg,
    op,
    ['date', 'unit', 'binSize', 'timezone', 'startOfWeek'],
    () => fail(5439007, '$dateTrunc only supports an object as its argument'),
    (k) => fail(5439008, `Unrecognized argument to $dateTrunc: ${k}. Expected arguments are date, unit, and optionally, binSize, timezone, startOfWeek`),
    ctx,
  );
  if (!a.has('date')) throw fail(5439009, "Missing 'date' parameter to $dateTrunc");
  if (!a.has('unit')) throw fail(5439010, "Missing 'unit' parameter to $dateTrunc");
  return {
    evaluate(scope: Scope): Value {
      const d = a.get('date')!.evaluate(scope);
      if (nullish(d)) return null;
      const u = a.get('unit')!.evaluate(scope);
      if (nullish(u)) return null;
      let bin: Value | undefined;
      if (a.has('binSize')) {
        bin = a.get('binSize')!.evaluate(scope);
        if (nullish(bin)) return null;
      }
      const sowNode = u === 'week' ? a.get('startOfWeek') : undefined;
      let sow: Value | undefined;
      if (sowNode) {
        sow = sowNode.evaluate(scope);
        if (nullish(sow)) return null;
      }
      const tz = evalTimeZoneWithContext(a.get('timezone'), scope, '$dateTrunc');
      if (!tz) return null;
      if (!coercibleToDate(d)) throw fail(5439012, `$dateTrunc requires 'date' to be a date, but got ${typeName(d)}`);
      const unit = unitOf(u, op);
      let binSize = 1;
      if (a.has('binSize')) {
        const n = numKind(bin) === null ? null : integralLong(bin as Num);
        if (n === null)
          throw fail(5439017, `$dateTrunc requires 'binSize' to be a 64-bit integer, but got value '${valueToString(bin)}' of type ${typeName(bin)}`);
        if (n <= 0n) throw fail(5439018, `$dateTrunc requires 'binSize' to be greater than 0, but got value ${n}`);
        binSize = Number(n);
      }
      const startOfWeek = sowNode ? dayOfWeekArg(sow, op, 'startOfWeek') : 0;
      return truncateDateExact(coerceToDate(d), unit, binSize, tz, startOfWeek);
    },
  };
};

/**
 * `$dateDiff` of any int64 dates. Both are read the same number of 400-year cycles closer, which
 * keeps every calendar boundary between them; the cycles' boundaries are then added back exactly.
 */
function dateDiffExact(start: Date, end: Date, unit: TimeUnit, tz: TimeZone, startOfWeek: number): bigint {
  const s = dateMillis(start);
  const e = dateMillis(end);
  const limit = 8_000_000_000_000_000n;
  if (s >= -limit && s <= limit && e >= -limit && e <= limit) return dateDiff(Number(s), Number(e), unit, tz, startOfWeek);
  const cycles = s / GREGORIAN_CYCLE_MS;
  const s2 = s - cycles * GREGORIAN_CYCLE_MS;
  const e2 = e - cycles * GREGORIAN_CYCLE_MS;
  // The end may still be far away: count its whole cycles separately.
  const endCycles = (e2 - s2) / GREGORIAN_CYCLE_MS;
  const e3 = e2 - endCycles * GREGORIAN_CYCLE_MS;
  const perCycle: Record<TimeUnit, bigint> = {
    year: 400n,
    quarter: 1600n,
    month: 4800n,
    week: 20_871n,
    day: 146_097n,
    hour: 146_097n * 24n,
    minute: 146_097n * 1440n,
    second: 146_097n * 86_400n,
    millisecond: GREGORIAN_CYCLE_MS,
  };
  return dateDiff(Number(s2), Number(e3), unit, tz, startOfWeek) + endCycles * perCycle[unit];
}

/** `$dateTrunc` of any int64 date: truncated on the date read 400-year cycles closer. */
function truncateDateExact(d: Date, unit: TimeUnit, binSize: number, tz: TimeZone, startOfWeek: number): Date {
  const ms = dateMillis(d);
  if (!isWideDate(d)) return dateFromMillis(truncateDate(Number(ms), unit, binSize, tz, startOfWeek));
  const { ms: shifted, cycles } = shiftIntoJsRange(ms);
  return dateFromMillis(BigInt(truncateDate(shifted, unit, binSize, tz, startOfWeek)) + BigInt(cycles) * GREGORIAN_CYCLE_MS);
}

