/**
 * `$dateToString` and `$dateFromString` (`TimeZone::formatDate`, the `dateFromString` parser and
 * their format validation).
 */
import { isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { dayOfWeek, dayOfYear, fromLocal, getTimeZone, isoDayOfWeek, isoWeekAndYear, sundayWeek, utcFromParts, UTC, type LocalParts, type TimeZone } from './timezone.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { nullish, typeName } from './util.js';
import { valueToString } from './value-string.js';

import { coerceToDate, evalTimeZone, namedArgs, zonedParts } from './date-common.js';
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `TimeZone::validateToStringFormat`. */
function validateToStringFormat(format: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    i++;
    if (i >= format.length) throw fail(18535, "Unmatched '%' at end of format string");
    if (!'%YmdHMSLjwUGVuzZbB'.includes(format[i]!)) throw fail(18536, `Invalid format character '%${format[i]!}' in format string`);
  }
}

export function pad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${s}` : s;
}

export function checkYear(year: number): void {
  if (year < 0 || year > 9999)
    throw fail(18537, `Could not convert date to string: date component was outside the supported range of 0-9999: ${year}`);
}

/** `TimeZone::formatDate`. */
export function formatDate(format: string, date: Date, tz: TimeZone): string {
  const { parts: p, utcMs, yearShift } = zonedParts(date, tz);
  // durationCount<Minutes>: an offset with seconds (local mean time) truncates toward zero.
  const offsetMinutes = Math.trunc(tz.offsetAt(utcMs) / 60_000);
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
        // durationCount<Minutes>(utcOffset) streamed as an integer: "60", "-240", "0" (no '+').
        out += String(offsetMinutes === 0 ? 0 : offsetMinutes);
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

export const parseDateToString: OperatorParser = (arg, ctx, op) => {
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

export const parseDateFromString: OperatorParser = (arg, ctx, op) => {
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

