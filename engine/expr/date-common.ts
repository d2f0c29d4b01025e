/**
 * What the date operators share: `Value::coerceToDate`, time-zone arguments, named-argument
 * objects, time units and start-of-week days.
 */
import { Int32, isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { getTimeZone, localParts, UTC, type LocalParts, type TimeZone } from './timezone.js';
import type { ExprNode, ParseContext, Scope } from './types.js';
import { nullish, typeName } from './util.js';
import { dateMillis, GREGORIAN_CYCLE_YEARS, shiftIntoJsRange } from '../bson/dates.js';


export const int = (n: number): Int32 => new Int32(n);

/** `Value::coerceToDate`: dates, timestamps and ObjectIds; 16006 otherwise. */
export function coerceToDate(v: Value | undefined): Date {
  if (v instanceof Date) return v;
  if (v !== null && v !== undefined && typeof v === 'object' && '_bsontype' in v) {
    if (v._bsontype === 'Timestamp') return new Date((v as { t: number }).t * 1000);
    if (v._bsontype === 'ObjectId') return new Date((v as { getTimestamp(): Date }).getTimestamp().getTime());
  }
  throw fail(16006, `can't convert from BSON type ${typeName(v)} to Date`);
}

export function coercibleToDate(v: Value | undefined): boolean {
  if (v instanceof Date) return true;
  return v !== null && v !== undefined && typeof v === 'object' && '_bsontype' in v && (v._bsontype === 'Timestamp' || v._bsontype === 'ObjectId');
}

/**
 * The local wall-clock parts of a date, for any signed 64-bit date. A date outside the JS range is
 * read whole 400-year cycles closer (the Gregorian calendar, weekdays and ISO weeks included,
 * repeats exactly); `yearShift` is what the cycles add back to a year. Named zones use their rules
 * at the shifted instant (fixed offsets and UTC are exact).
 */
export function zonedParts(d: Date, tz: TimeZone): { parts: LocalParts; utcMs: number; yearShift: number } {
  const { ms, cycles } = shiftIntoJsRange(dateMillis(d));
  return { parts: localParts(ms, tz), utcMs: ms, yearShift: cycles * GREGORIAN_CYCLE_YEARS };
}

/** `makeTimeZone`: UTC when absent, null (→ null result) when nullish. */
export function evalTimeZone(node: ExprNode | undefined, scope: Scope): TimeZone | null {
  if (!node) return UTC;
  const v = node.evaluate(scope);
  if (nullish(v)) return null;
  if (typeof v !== 'string') throw fail(40517, `timezone must evaluate to a string, found ${typeName(v)}`);
  return getTimeZone(v);
}

/** evalTimeZone, its errors prefixed `<op> parameter 'timezone' value parsing failed` ($dateDiff, $dateTrunc). */
export function evalTimeZoneWithContext(node: ExprNode | undefined, scope: Scope, op: string): TimeZone | null {
  try {
    return evalTimeZone(node, scope);
  } catch (err) {
    const ee = err as { withContext?: (c: string) => Error };
    throw ee.withContext ? ee.withContext(`${op} parameter 'timezone' value parsing failed`) : err;
  }
}


export function namedArgs(arg: Value, op: string, allowed: readonly string[], notObject: () => Error, unknown: (k: string) => Error, ctx: ParseContext): Map<string, ExprNode> {
  if (!isDoc(arg)) throw notObject();
  const out = new Map<string, ExprNode>();
  void op;
  for (const [k, v] of arg) {
    if (!allowed.includes(k)) throw unknown(k);
    out.set(k, ctx.parse(v));
  }
  return out;
}


export type TimeUnit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond';
export const TIME_UNITS: readonly TimeUnit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond'];
export const UNIT_MS: Partial<Record<TimeUnit, number>> = { week: 604_800_000, day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1000, millisecond: 1 };

export function unitOf(v: Value | undefined, op: string): TimeUnit {
  if (typeof v !== 'string') throw fail(5439013, `${op} requires 'unit' to be a string, but got ${typeName(v)}`);
  if (!(TIME_UNITS as readonly string[]).includes(v)) throw fail(5439014, `${op} parameter 'unit' value cannot be recognized as a time unit: ${v}`);
  return v as TimeUnit;
}

export const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const DAYS_SHORT = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeekArg(v: Value | undefined, op: string, name: string): number {
  if (typeof v !== 'string') throw fail(5439015, `${op} requires '${name}' to be a string, but got ${typeName(v)}`);
  const s = v.toLowerCase();
  const i = DAYS.includes(s) ? DAYS.indexOf(s) : DAYS_SHORT.indexOf(s);
  if (i < 0) throw fail(5439016, `${op} parameter '${name}' value cannot be recognized as a day of a week: ${v}`);
  return i;
}

export function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}
