/**
 * Date parts: `$year`…`$isoDayOfWeek` (`DateExpressionAcceptingTimeZone`), `$dateToParts` and
 * `$dateFromParts`.
 */
import { renderElement } from '../bson/render.js';
import { dateFromMillis } from '../bson/dates.js';
import { isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { integralLong, numKind, type Num } from './numeric.js';
import { fromIsoWeekDate, isoDayOfWeek, offsetForLocal, isoWeekAndYear, utcFromParts, type LocalParts, type TimeZone } from './timezone.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
import { nullish, typeName } from './util.js';
import { valueToString } from './value-string.js';

import { coerceToDate, evalTimeZone, int, namedArgs, zonedParts } from './date-common.js';
/** `{$year: <date>}`, `{$year: [<date>]}` or `{$year: {date, timezone}}`. */
export function datePartOperator(fn: (p: LocalParts, utcMs: number, tz: TimeZone) => number, isYear = false): OperatorParser {
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


export const parseDateToParts: OperatorParser = (arg, ctx, op) => {
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

const DATE_PART_MIN = -32768n;
const DATE_PART_MAX = 32767n;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const DURATION_OVERFLOW = 'Overflow casting from a lower-precision duration to a higher-precision duration';

/** Milliseconds widened to microseconds, seconds to milliseconds: `duration_cast` refuses int64 overflow (DurationOverflow). */
function widen(n: bigint, factor: bigint): bigint {
  const x = n * factor;
  if (x > INT64_MAX || x < INT64_MIN) throw fail(159, DURATION_OVERFLOW);
  return x;
}

/**
 * `TimeZone::createFromDateParts`: the parts may run past their calendar range and carry over
 * (timelib normalises them); milliseconds become microseconds and the seconds since the epoch
 * become milliseconds, each refusing int64 overflow with DurationOverflow.
 */
function createFromDateParts(date: { year: number; month: number; day: number }, hour: bigint, minute: bigint, second: bigint, millisecond: bigint, tz: TimeZone): Date {
  const micros = widen(millisecond, 1000n);
  const carry = micros >= 0n ? micros / 1_000_000n : -((-micros + 999_999n) / 1_000_000n);
  const us = micros - carry * 1_000_000n;
  const days = BigInt(Math.round(utcFromParts({ year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0, millisecond: 0 }) / 86_400_000));
  const localSeconds = days * 86_400n + hour * 3600n + minute * 60n + second + carry;
  const local = localSeconds * 1000n;
  const offsetMs = BigInt(offsetForLocal(local, tz));
  const sse = localSeconds - offsetMs / 1000n;
  return dateFromMillis(widen(sse, 1000n) + (us - (offsetMs % 1000n) * 1000n) / 1000n);
}


export const parseDateFromParts: OperatorParser = (arg, ctx, op) => {
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
      const num = (name: string, dflt: number, bounded: boolean): bigint | null => {
        const node = a.get(name);
        if (!node) return BigInt(dflt);
        const v = node.evaluate(scope);
        if (nullish(v)) return null;
        const n = numKind(v) === null ? null : integralLong(v as Num);
        if (n === null)
          throw fail(40515, `'${name}' must evaluate to an integer, found ${typeName(v)} with value ${valueToString(v)}`);
        if (bounded && (n < DATE_PART_MIN || n > DATE_PART_MAX))
          throw fail(31034, `'${name}' must evaluate to a value in the range [${DATE_PART_MIN}, ${DATE_PART_MAX}]; value ${n} is not in range`);
        return n;
      };
      const hour = num('hour', 0, true);
      const minute = num('minute', 0, true);
      const second = num('second', 0, false);
      const millisecond = num('millisecond', 0, false);
      if (hour === null || minute === null || second === null || millisecond === null) return null;
      const tz = evalTimeZone(a.get('timezone'), scope);
      if (!tz) return null;
      let date: { year: number; month: number; day: number };
      if (has('year')) {
        const year = num('year', 1970, false);
        const month = num('month', 1, true);
        const day = num('day', 1, true);
        if (year === null || month === null || day === null) return null;
        if (year < 1n || year > 9999n) throw fail(40523, `'year' must evaluate to an integer in the range 1 to 9999, found ${year}`);
        date = { year: Number(year), month: Number(month), day: Number(day) };
      } else {
        const y = num('isoWeekYear', 1970, false);
        const w = num('isoWeek', 1, true);
        const dw = num('isoDayOfWeek', 1, true);
        if (y === null || w === null || dw === null) return null;
        if (y < 1n || y > 9999n) throw fail(31095, `'isoWeekYear' must evaluate to an integer in the range 1 to 9999, found ${y}`);
        date = fromIsoWeekDate(Number(y), Number(w), Number(dw));
      }
      return createFromDateParts(date, hour, minute, second, millisecond, tz);
    },
  };
};

