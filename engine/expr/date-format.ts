/**
 * `$dateToString` and `$dateFromString` (`TimeZone::formatDate`, the `dateFromString` parser and
 * their format validation).
 */
import { isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { dayOfWeek, dayOfYear, isoDayOfWeek, isoWeekAndYear, sundayWeek, type TimeZone } from './timezone.js';
import { dateFromString, FROM_STRING_SPECIFIERS } from './date-string/from-string.js';
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

/** A date string as `TimeZoneDatabase::fromString` reads it (timelib), without a format. */
export function parseDateString(s: string, tz: TimeZone): Date {
  return dateFromString(s, tz);
}

/** `TimeZone::validateFromStringFormat`. */
function validateFromStringFormat(format: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    i++;
    if (i >= format.length) throw fail(18535, "Unmatched '%' at end of format string");
    if (format[i] !== '%' && !FROM_STRING_SPECIFIERS.includes(format[i]!)) throw fail(18536, `Invalid format character '%${format[i]!}' in format string`);
  }
}

function conversionFailure(msg: string): Error {
  return fail(241, msg);
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
        return dateFromString(ds, tz, format);
      } catch (e) {
        const onError = a.get('onError');
        if (onError && (e as { code?: number }).code === 241) return onError.evaluate(scope);
        throw e;
      }
    },
  };
};

