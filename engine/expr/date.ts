/**
 * Date operators with time zones (`DateExpressionAcceptingTimeZone`, `ExpressionDateToString`,
 * `ExpressionDateFromParts`, `ExpressionDateAdd`, `ExpressionDateDiff`, `ExpressionDateTrunc`...).
 */
import { renderElement } from '../bson/render.js';
import { Int32, isDoc, Long, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { integralLong, numKind, type Num } from './numeric.js';
import {
  dayOfWeek,
  dayOfYear,
  fromIsoWeekDate,
  fromLocal,
  getTimeZone,
  isoDayOfWeek,
  isoWeekAndYear,
  localParts,
  partsOfUtc,
  sundayWeek,
  toLocal,
  utcFromParts,
  UTC,
  type LocalParts,
  type TimeZone,
} from './timezone.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
import { nullish, typeName } from './util.js';
import { valueToString } from './value-string.js';
import {
  dateFromMillis,
  dateMillis,
  fitsInt64,
  GREGORIAN_CYCLE_MS,
  GREGORIAN_CYCLE_YEARS,
  isWideDate,
  shiftIntoJsRange,
} from '../bson/dates.js';

const int = (n: number): Int32 => new Int32(n);

/** `Value::coerceToDate`: dates, timestamps and ObjectIds; 16006 otherwise. */
export function coerceToDate(v: Value | undefined): Date {
  if (v instanceof Date) return v;
  if (v !== null && v !== undefined && typeof v === 'object' && '_bsontype' in v) {
    if (v._bsontype === 'Timestamp') return new Date((v as { t: number }).t * 1000);
    if (v._bsontype === 'ObjectId') return new Date((v as { getTimestamp(): Date }).getTimestamp().getTime());
  }
  throw fail(16006, `can't convert from BSON type ${typeName(v)} to Date`);
}

function coercibleToDate(v: Value | undefined): boolean {
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
function evalTimeZone(node: ExprNode | undefined, scope: Scope): TimeZone | null {
  if (!node) return UTC;
  const v = node.evaluate(scope);
  if (nullish(v)) return null;
  if (typeof v !== 'string') throw fail(40517, `timezone must evaluate to a string, found ${typeName(v)}`);
  return getTimeZone(v);
}

/** evalTimeZone, its errors prefixed `<op> parameter 'timezone' value parsing failed` ($dateDiff, $dateTrunc). */
function evalTimeZoneWithContext(node: ExprNode | undefined, scope: Scope, op: string): TimeZone | null {
  try {
    return evalTimeZone(node, scope);
  } catch (err) {
    const ee = err as { withContext?: (c: string) => Error };
    throw ee.withContext ? ee.withContext(`${op} parameter 'timezone' value parsing failed`) : err;
  }
}

/** `{$year: <date>}`, `{$year: [<date>]}` or `{$year: {date, timezone}}`. */
function datePartOperator(fn: (p: LocalParts, utcMs: number, tz: TimeZone) => number, isYear = false): OperatorParser {
  return (arg: Value, ctx: ParseContext, op: string) => {
    let date: ExprNode;
    let tzNode: ExprNode | undefined;
    if (isDoc(arg) && !(arg.keys().next().value ?? '').startsWith('$')) {
      let d: ExprNode | undefined;
      for (const [k, v] of arg) {
        if (k === 'date') d = ctx.parse(v);
        else if (k === 'timezone') tzNode = ctx.parse(v);
        else throw fail(40535, `unrecognized option to ${op}: "${k}"`);
      }
      if (!d) throw fail(40539, `missing 'date' argument to ${op}, provided: ${renderElement(op, arg)}`);
      date = d;
    } else if (Array.isArray(arg)) {
      if (arg.length !== 1) throw fail(40536, `${op} accepts exactly one argument if given an array, but was given ${arg.length}`);
      date = ctx.parse(arg[0]!);
    } else {
      date = ctx.parse(arg);
    }
    return {
      evaluate(scope: Scope): Value {
        const v = date.evaluate(scope);
        if (nullish(v)) return null;
        const tz = evalTimeZone(tzNode, scope);
        if (!tz) return null;
        const { parts, utcMs, yearShift } = zonedParts(coerceToDate(v), tz);
        return int(fn(parts, utcMs, tz) + (isYear ? yearShift : 0));
      },
    };
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `TimeZone::validateToStringFormat`. */
function validateToStringFormat(format: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    i++;
    if (i >= format.length) throw fail(18535, "Unmatched '%' at end of format string");
    if (!'%YmdHMSLjwUGVuzZbB'.includes(format[i]!)) throw fail(18536, `Invalid format character '%${format[i]!}' in format string`);
  }
}

function pad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${s}` : s;
}

function checkYear(year: number): void {
  if (year < 0 || year > 9999)
    throw fail(18537, `Could not convert date to string: date component was outside the supported range of 0-9999: ${year}`);
}

/** `TimeZone::formatDate`. */
export function formatDate(format: string, date: Date, tz: TimeZone): string {
  const { parts: p, utcMs, yearShift } = zonedParts(date, tz);
  const offsetMinutes = Math.round(tz.offsetAt(utcMs) / 60_000);
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      out += c;
      continue;
    }
    const f = format[++i]!;
    switch (f) {
      case '%':
        out += '%';
        break;
      case 'Y':
        checkYear(p.year + yearShift);
        out += pad(p.year + yearShift, 4);
        break;
      case 'm':
        out += pad(p.month, 2);
        break;
      case 'd':
        out += pad(p.day, 2);
        break;
      case 'H':
        out += pad(p.hour, 2);
        break;
      case 'M':
        out += pad(p.minute, 2);
        break;
      case 'S':
        out += pad(p.second, 2);
        break;
      case 'L':
        out += pad(p.millisecond, 3);
        break;
      case 'j':
        out += pad(dayOfYear(p), 3);
        break;
      case 'w':
        out += String(dayOfWeek(p));
        break;
      case 'u':
        out += String(isoDayOfWeek(p));
        break;
      case 'U':
        out += pad(sundayWeek(p), 2);
        break;
      case 'V':
        out += pad(isoWeekAndYear(p).week, 2);
        break;
      case 'G': {
        const y = isoWeekAndYear(p).year + yearShift;
        checkYear(y);
        out += pad(y, 4);
        break;
      }
      case 'z': {
        const a = Math.abs(offsetMinutes);
        out += `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(a / 60), 2)}${pad(a % 60, 2)}`;
        break;
      }
      case 'Z':
        out += `${offsetMinutes < 0 ? '-' : '+'}${Math.abs(offsetMinutes)}`;
        break;
      case 'b':
        out += MONTHS[p.month - 1]!.slice(0, 3);
        break;
      case 'B':
        out += MONTHS[p.month - 1]!;
        break;
      default:
        break;
    }
  }
  return out;
}

export const ISO_FORMAT = '%Y-%m-%dT%H:%M:%S.%LZ';

function namedArgs(arg: Value, op: string, allowed: readonly string[], notObject: () => Error, unknown: (k: string) => Error, ctx: ParseContext): Map<string, ExprNode> {
  if (!isDoc(arg)) throw notObject();
  const out = new Map<string, ExprNode>();
  void op;
  for (const [k, v] of arg) {
    if (!allowed.includes(k)) throw unknown(k);
    out.set(k, ctx.parse(v));
  }
  return out;
}

/**
 * The optional `format` argument of $dateToString and $dateFromString: undefined when not given,
 * null when it evaluates to null or missing, else a string the operator's `validate` accepted.
 */
function evalFormat(node: ExprNode | undefined, scope: Scope, op: string, code: number, validate: (format: string) => void): string | null | undefined {
  if (!node) return undefined;
  const format = node.evaluate(scope);
  if (nullish(format)) return null;
  if (typeof format !== 'string')
    throw fail(code, `${op} requires that 'format' be a string, found: ${typeName(format)} with value ${valueToString(format)}`);
  validate(format);
  return format;
}

const parseDateToString: OperatorParser = (arg, ctx, op) => {
  const a = namedArgs(
    arg,
    op,
    ['format', 'date', 'timezone', 'onNull'],
    () => fail(18629, '$dateToString only supports an object as its argument'),
    (k) => fail(18534, `Unrecognized argument to $dateToString: ${k}`),
    ctx,
  );
  const date = a.get('date');
  if (!date) throw fail(18628, "Missing 'date' parameter to $dateToString");
  return {
    evaluate(scope: Scope): Value | undefined {
      const d = date.evaluate(scope);
      const format = evalFormat(a.get('format'), scope, '$dateToString', 18533, validateToStringFormat);
      const tz = evalTimeZone(a.get('timezone'), scope);
      if (nullish(d)) {
        const onNull = a.get('onNull');
        return onNull ? onNull.evaluate(scope) : null;
      }
      if (!tz) return null;
      if (format === null) return null;
      return formatDate(format ?? ISO_FORMAT, coerceToDate(d), tz);
    },
  };
};

function conversionFailure(msg: string): Error {
  return fail(241, msg);
}

/**
 * Parses a date string the way `TimeZoneDatabase::fromString` accepts ISO-8601 forms (a subset of
 * timelib's formats). Offsets and `Z` in the string conflict with a non-UTC `timezone` argument;
 * time zone names inside the string are not allowed at all.
 */
export function parseDateString(s: string, tz: TimeZone): Date {
  const m =
    /^(\s*)([+-]?\d{4,})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?|[A-Za-z]+\/[A-Za-z_/+\-0-9]+)?\s*$/.exec(s) ??
    /^(\s*)(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*()$/.exec(s);
  if (!m) {
    const bad = s.length === 0 ? 'Empty string' : `The timezone could not be found in the database '${s[0] ?? ''}'`;
    throw conversionFailure(`Error parsing date string '${s}'; 0: ${bad}`);
  }
  const parts: LocalParts = {
    year: Number(m[2]),
    month: Number(m[3]),
    day: Number(m[4]),
    hour: Number(m[5] ?? 0),
    minute: Number(m[6] ?? 0),
    second: Number(m[7] ?? 0),
    millisecond: Math.floor(Number(`0.${m[8] ?? '0'}`) * 1000),
  };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > 31 || parts.hour > 24 || parts.minute > 59 || parts.second > 60)
    throw conversionFailure(`Error parsing date string '${s}'; 0: The parsed date was invalid '${s[0] ?? ''}'`);
  const zoneText = m[9];
  let zone = tz;
  if (zoneText) {
    if (zoneText.includes('/')) {
      const at = s.indexOf(zoneText);
      throw conversionFailure(
        `Error parsing date string '${s}'; ${at}: passing a time zone identifier as part of the string is not allowed '${zoneText[0]!}'`,
      );
    }
    const tzIsUtc = tz.offsetAt(0) === 0 && (tz.name === 'UTC' || /^[+-]00(:?00)?$/.test(tz.name));
    if (!tzIsUtc) {
      if (/^[+-]/.test(zoneText))
        throw conversionFailure('you cannot pass in a date/time string with GMT offset together with a timezone argument');
      throw conversionFailure(
        `you cannot pass in a date/time string with time zone information ('${zoneText.toUpperCase()}') together with a timezone argument`,
      );
    }
    zone = /^[+-]/.test(zoneText) ? getTimeZone(zoneText) : UTC;
  }
  return new Date(fromLocal(utcFromParts(parts), zone));
}

/** `TimeZone::validateFromStringFormat`. */
function validateFromStringFormat(format: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    i++;
    if (i >= format.length) throw fail(18535, "Unmatched '%' at end of format string");
    if (!'%dGHLmMSuVYzZbB'.includes(format[i]!)) throw fail(18536, `Invalid format character '%${format[i]!}' in format string`);
  }
}

/** `$dateFromString` with a `format`: the specifiers of `validateFromStringFormat`. */
function parseWithFormat(s: string, format: string, tz: TimeZone): Date {
  const p: LocalParts = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 };
  let offsetMs: number | undefined;
  let pos = 0;
  const bad = (): Error => conversionFailure(`Error parsing date string '${s}'; ${pos}: Unexpected data found.`);
  const num = (min: number, max: number): number => {
    const m = new RegExp(`^[+-]?\\d{${min},${max}}`).exec(s.slice(pos));
    if (!m) throw bad();
    pos += m[0].length;
    return Number(m[0]);
  };
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      if (s[pos] !== c) throw bad();
      pos++;
      continue;
    }
    const f = format[++i];
    switch (f) {
      case 'Y':
        p.year = num(4, 4);
        break;
      case 'm':
        p.month = num(1, 2);
        break;
      case 'd':
        p.day = num(1, 2);
        break;
      case 'H':
        p.hour = num(1, 2);
        break;
      case 'M':
        p.minute = num(1, 2);
        break;
      case 'S':
        p.second = num(1, 2);
        break;
      case 'L':
        p.millisecond = num(1, 3);
        break;
      case 'j': {
        const doy = num(1, 3);
        p.month = 1;
        p.day = doy;
        break;
      }
      case 'z':
      case 'Z': {
        const m = /^([+-])(\d{2}):?(\d{2})?/.exec(s.slice(pos));
        if (!m) throw bad();
        pos += m[0].length;
        offsetMs = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000;
        break;
      }
      case '%':
        if (s[pos] !== '%') throw bad();
        pos++;
        break;
      default:
        throw fail(18536, `Invalid format character '%${f ?? ''}' in format string`);
    }
  }
  if (pos !== s.length) throw conversionFailure(`Error parsing date string '${s}'; ${pos}: Trailing data`);
  const local = utcFromParts(p);
  return new Date(offsetMs !== undefined ? local - offsetMs : fromLocal(local, tz));
}

const parseDateFromString: OperatorParser = (arg, ctx, op) => {
  if (!isDoc(arg)) throw fail(40540, `$dateFromString only supports an object as an argument, found: ${typeName(arg)}`);
  const a = namedArgs(
    arg,
    op,
    ['format', 'dateString', 'timezone', 'onNull', 'onError'],
    () => fail(40540, ''),
    (k) => fail(40541, `Unrecognized argument to $dateFromString: ${k}`),
    ctx,
  );
  const dateString = a.get('dateString');
  if (!dateString) throw fail(40542, "Missing 'dateString' parameter to $dateFromString");
  return {
    evaluate(scope: Scope): Value | undefined {
      const ds = dateString.evaluate(scope);
      const format = evalFormat(a.get('format'), scope, '$dateFromString', 40684, validateFromStringFormat);
      const tz = evalTimeZone(a.get('timezone'), scope);
      if (nullish(ds)) {
        const onNull = a.get('onNull');
        return onNull ? onNull.evaluate(scope) : null;
      }
      try {
        if (typeof ds !== 'string')
          throw conversionFailure(`$dateFromString requires that 'dateString' be a string, found: ${typeName(ds)} with value ${valueToString(ds)}`);
        if (!tz) return null;
        if (format === null) return null;
        return format === undefined ? parseDateString(ds, tz) : parseWithFormat(ds, format, tz);
      } catch (e) {
        const onError = a.get('onError');
        if (onError && (e as { code?: number }).code === 241) return onError.evaluate(scope);
        throw e;
      }
    },
  };
};

const parseDateToParts: OperatorParser = (arg, ctx, op) => {
  const a = namedArgs(
    arg,
    op,
    ['date', 'timezone', 'iso8601'],
    () => fail(40524, '$dateToParts only supports an object as its argument'),
    (k) => fail(40520, `Unrecognized argument to $dateToParts: ${k}`),
    ctx,
  );
  const date = a.get('date');
  if (!date) throw fail(40522, "Missing 'date' parameter to $dateToParts");
  return {
    evaluate(scope: Scope): Value {
      const d = date.evaluate(scope);
      const tz = evalTimeZone(a.get('timezone'), scope);
      if (!tz) return null;
      let iso = false;
      const isoNode = a.get('iso8601');
      if (isoNode) {
        const v = isoNode.evaluate(scope);
        if (nullish(v)) return null;
        if (typeof v !== 'boolean') throw fail(40521, `iso8601 must evaluate to a bool, found ${typeName(v)}`);
        iso = v;
      }
      if (nullish(d)) return null;
      const { parts: p, yearShift } = zonedParts(coerceToDate(d), tz);
      const out = new Map<string, Value>();
      if (iso) {
        const w = isoWeekAndYear(p);
        out.set('isoWeekYear', int(w.year + yearShift));
        out.set('isoWeek', int(w.week));
        out.set('isoDayOfWeek', int(isoDayOfWeek(p)));
      } else {
        out.set('year', int(p.year + yearShift));
        out.set('month', int(p.month));
        out.set('day', int(p.day));
      }
      out.set('hour', int(p.hour));
      out.set('minute', int(p.minute));
      out.set('second', int(p.second));
      out.set('millisecond', int(p.millisecond));
      return out;
    },
  };
};

const DATE_PART_MIN = -32768;
const DATE_PART_MAX = 32767;

const parseDateFromParts: OperatorParser = (arg, ctx, op) => {
  if (!isDoc(arg)) throw fail(40519, '$dateFromParts only supports an object as its argument');
  const fields = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond', 'isoWeekYear', 'isoWeek', 'isoDayOfWeek', 'timezone'];
  const a = namedArgs(arg, op, fields, () => fail(40519, ''), (k) => fail(40518, `Unrecognized argument to $dateFromParts: ${k}`), ctx);
  const has = (k: string): boolean => a.has(k);
  if (!has('year') && !has('isoWeekYear')) throw fail(40516, "$dateFromParts requires either 'year' or 'isoWeekYear' to be present");
  if (has('year') && (has('isoWeekYear') || has('isoWeek') || has('isoDayOfWeek')))
    throw fail(40489, '$dateFromParts does not allow mixing natural dates with ISO dates');
  if (has('isoWeekYear') && (has('year') || has('month') || has('day')))
    throw fail(40525, '$dateFromParts does not allow mixing ISO dates with natural dates');
  return {
    evaluate(scope: Scope): Value {
      const num = (name: string, dflt: number, bounded: boolean): number | null => {
        const node = a.get(name);
        if (!node) return dflt;
        const v = node.evaluate(scope);
        if (nullish(v)) return null;
        const n = numKind(v) === null ? null : integralLong(v as Num);
        if (n === null)
          throw fail(40515, `'${name}' must evaluate to an integer, found ${typeName(v)} with value ${valueToString(v)}`);
        const x = Number(n);
        if (bounded && (x < DATE_PART_MIN || x > DATE_PART_MAX))
          throw fail(31034, `'${name}' must evaluate to a value in the range [${DATE_PART_MIN}, ${DATE_PART_MAX}]; value ${x} is not in range`);
        return x;
      };
      const hour = num('hour', 0, true);
      const minute = num('minute', 0, true);
      const second = num('second', 0, false);
      const millisecond = num('millisecond', 0, false);
      if (hour === null || minute === null || second === null || millisecond === null) return null;
      const tz = evalTimeZone(a.get('timezone'), scope);
      if (!tz) return null;
      let parts: LocalParts;
      if (has('year')) {
        const year = num('year', 1970, false);
        const month = num('month', 1, true);
        const day = num('day', 1, true);
        if (year === null || month === null || day === null) return null;
        if (year < 1 || year > 9999) throw fail(40523, `'year' must evaluate to an integer in the range 1 to 9999, found ${year}`);
        parts = { year, month, day, hour, minute, second, millisecond };
      } else {
        const y = num('isoWeekYear', 1970, false);
        const w = num('isoWeek', 1, true);
        const dw = num('isoDayOfWeek', 1, true);
        if (y === null || w === null || dw === null) return null;
        if (y < 1 || y > 9999) throw fail(31095, `'isoWeekYear' must evaluate to an integer in the range 1 to 9999, found ${y}`);
        parts = { ...fromIsoWeekDate(y, w, dw), hour, minute, second, millisecond };
      }
      return new Date(fromLocal(utcFromParts(parts), tz));
    },
  };
};

type TimeUnit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond';
const TIME_UNITS: readonly TimeUnit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond'];
const UNIT_MS: Partial<Record<TimeUnit, number>> = { week: 604_800_000, day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1000, millisecond: 1 };

function unitOf(v: Value | undefined, op: string): TimeUnit {
  if (typeof v !== 'string') throw fail(5439013, `${op} requires 'unit' to be a string, but got ${typeName(v)}`);
  if (!(TIME_UNITS as readonly string[]).includes(v)) throw fail(5439014, `${op} parameter 'unit' value cannot be recognized as a time unit: ${v}`);
  return v as TimeUnit;
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAYS_SHORT = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** 0 = Sunday … 6 = Saturday. */
function dayOfWeekArg(v: Value | undefined, op: string, name: string): number {
  if (typeof v !== 'string') throw fail(5439015, `${op} requires '${name}' to be a string, but got ${typeName(v)}`);
  const s = v.toLowerCase();
  const i = DAYS.includes(s) ? DAYS.indexOf(s) : DAYS_SHORT.indexOf(s);
  if (i < 0) throw fail(5439016, `${op} parameter '${name}' value cannot be recognized as a day of a week: ${v}`);
  return i;
}

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

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

function dateArithmetic(sign: 1 | -1): OperatorParser {
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
        const result = dateAddExact(coerceToDate(start), unit as TimeUnit, BigInt(sign) * n, tz);
        // The result must be a date (int64 milliseconds), as the server's overflow-checked dateAdd.
        if (result === undefined) throw fail(5166406, `${op} overflowed`);
        return dateFromMillis(result);
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

const parseDateDiff: OperatorParser = (arg, ctx, op) => {
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

const parseDateTrunc: OperatorParser = (arg, ctx, op) => {
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

export const dateOperators = {
  $year: datePartOperator((p) => p.year, true),
  $month: datePartOperator((p) => p.month),
  $dayOfMonth: datePartOperator((p) => p.day),
  $hour: datePartOperator((p) => p.hour),
  $minute: datePartOperator((p) => p.minute),
  $second: datePartOperator((p) => p.second),
  $millisecond: datePartOperator((p) => p.millisecond),
  $dayOfWeek: datePartOperator((p) => dayOfWeek(p)),
  $dayOfYear: datePartOperator((p) => dayOfYear(p)),
  $week: datePartOperator((p) => sundayWeek(p)),
  $isoWeek: datePartOperator((p) => isoWeekAndYear(p).week),
  $isoWeekYear: datePartOperator((p) => isoWeekAndYear(p).year, true),
  $isoDayOfWeek: datePartOperator((p) => isoDayOfWeek(p)),
  $dateToString: parseDateToString,
  $dateFromString: parseDateFromString,
  $dateToParts: parseDateToParts,
  $dateFromParts: parseDateFromParts,
  $dateAdd: dateArithmetic(1),
  $dateSubtract: dateArithmetic(-1),
  $dateDiff: parseDateDiff,
  $dateTrunc: parseDateTrunc,
} satisfies Record<string, OperatorParser>;

