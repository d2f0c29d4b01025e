/**
 * `TimeZoneDatabase::fromString` (date_time_support.cpp): timelib parses the string (free-form,
 * or with a format), the server turns every timelib error and warning into one ConversionFailure
 * (241) message, defaults a wholly missing time of day to midnight, refuses a string missing any
 * other part, refuses zone information in the string together with a non-UTC `timezone`, and
 * resolves the local time in the zone (`adjustTimeZone` + `timelib_update_ts`).
 */
import { dateFromMillis } from '../../bson/dates.js';
import { fail } from '../../errors.js';
import { offsetForLocal, type TimeZone } from '../timezone.js';
import { parseFromFormat } from './from-format.js';
import { ERR_TZID_NOT_FOUND, strtotime, type Parsed } from './scanner.js';
import { localSeconds, UNSET, ZONETYPE_ABBR, ZONETYPE_OFFSET } from './time.js';
import type { Message } from './tokens.js';

export { FROM_STRING_SPECIFIERS } from './from-format.js';

const INT64_MAX = 2n ** 63n - 1n;

/** The string as timelib reads it: one char per UTF-8 byte. */
function bytes(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) out += String.fromCharCode(b);
  return out;
}

function conversionFailure(message: string): Error {
  return fail(241, message);
}

function describe(m: Message, text: string): string {
  return `; ${m.position}: ${text} '${String.fromCharCode(m.character)}'`;
}

/** The server's reading of timelib's errors and warnings, all in one message. */
function checkErrors(dateString: string, parsed: Parsed): void {
  if (parsed.errors.length === 0 && parsed.warnings.length === 0) return;
  let sb = `Error parsing date string '${dateString}'`;
  for (const e of parsed.errors) {
    // Zone identifiers are never made available, so that message is the server's own.
    sb += describe(e, e.code === ERR_TZID_NOT_FOUND ? 'passing a time zone identifier as part of the string is not allowed' : e.message);
  }
  for (const w of parsed.warnings) sb += describe(w, w.message);
  throw conversionFailure(sb);
}

/** Whether the zone is the server's UTC zone (`TimeZone::isUtcZone`): "UTC" or a zero offset. */
function isUtcZone(tz: TimeZone): boolean {
  return tz.offsetAt(0) === 0 && (tz.name === 'UTC' || /^[+-]00(:?00)?$/.test(tz.name));
}

/** `$dateFromString` / `$toDate` of a string: the date it names, or ConversionFailure (241). */
export function dateFromString(dateString: string, tz: TimeZone, format?: string): Date {
  const input = bytes(dateString);
  const parsed = format === undefined ? strtotime(input) : parseFromFormat(bytes(format), input);
  checkErrors(dateString, parsed);
  const t = parsed.time;
  // A wholly missing time of day is midnight, which lets '%Y-%m-%d' through.
  if (t.h === UNSET && t.i === UNSET && t.s === UNSET) Object.assign(t, { h: 0, i: 0, s: 0, us: 0 });
  if ([t.y, t.m, t.d, t.h, t.i, t.s].includes(UNSET)) {
    throw conversionFailure(`an incomplete date/time string has been found, with elements missing: "${dateString}"`);
  }
  if (!isUtcZone(tz)) {
    if (t.zoneType === ZONETYPE_OFFSET) throw conversionFailure('you cannot pass in a date/time string with GMT offset together with a timezone argument');
    if (t.zoneType === ZONETYPE_ABBR) {
      throw conversionFailure(`you cannot pass in a date/time string with time zone information ('${t.tzAbbr}') together with a timezone argument`);
    }
  }
  const local = BigInt(localSeconds(t));
  let sse: bigint;
  if (!isUtcZone(tz)) sse = local - BigInt(offsetForLocal(local * 1000n, tz) / 1000);
  else if (t.zoneType === ZONETYPE_OFFSET) sse = local - BigInt(t.z);
  else if (t.zoneType === ZONETYPE_ABBR) sse = local - BigInt(t.z) - BigInt(t.dst * 3600);
  else sse = local;
  // Seconds(sse) + Microseconds(us), read as milliseconds (truncating toward zero). An unset `us`
  // is timelib's UNSET marker, which the server adds as it is.
  const micros = sse * 1_000_000n + BigInt(t.us);
  if (micros > INT64_MAX || micros < -INT64_MAX - 1n) throw fail(159, 'Overflow casting from a lower-precision duration to a higher-precision duration');
  return dateFromMillis(micros / 1000n);
}
