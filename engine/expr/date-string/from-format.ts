/**
 * `timelib_parse_from_format_with_map` with the server's configuration (`kDateFromStringFormatMap`
 * of date_time_support.cpp, `%` as the required prefix): `$dateFromString` with a `format`. Like
 * timelib it keeps going after an error, and every error carries timelib's position and character.
 */
import type { Parsed } from './scanner.js';
import { ERR_TZID_NOT_FOUND } from './scanner.js';
import { dateFromIsodate, UNSET, unsetTime, validDate, validTime, ZONETYPE_OFFSET } from './time.js';
import { getNr, getNrEx, lookupMonth, parseZone, Tok, type Message } from './tokens.js';

/** The specifiers of `kDateFromStringFormatMap` (validateFromStringFormat checks the same set). */
export const FROM_STRING_SPECIFIERS = 'bBdGHLmMSuVYzZ';

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** C's `strtol(s, NULL, 10)` from `from`: spaces, a sign, digits. */
function cStrtol(t: Tok, from: number): number {
  let i = from;
  while (t.at(i) === 32 || (t.at(i) >= 9 && t.at(i) <= 13)) i++;
  const negative = t.at(i) === 45;
  if (t.at(i) === 43 || t.at(i) === 45) i++;
  let v = 0;
  while (isDigit(t.at(i))) v = v * 10 + (t.at(i++) - 48);
  return negative ? -v : v;
}

export function parseFromFormat(format: string, input: string): Parsed {
  const f = new Tok(format);
  const t = new Tok(input);
  const time = unsetTime();
  const errors: Message[] = [];
  const warnings: Message[] = [];
  const message = (code: number, text: string, at: number): Message => ({ code, position: at, character: t.at(at), message: text });
  const error = (code: number, text: string, at: number): void => void errors.push(message(code, text, at));
  let prefixFound = false;
  let isoYear = UNSET;
  let isoWeek = UNSET;
  let isoDay = UNSET;

  while (f.cur() !== 0 && t.cur() !== 0) {
    const begin = t.p;
    const fc = f.cur();
    // Outside a `%` sequence, and the second `%` of `%%`, the format must match literally.
    if ((!prefixFound && fc !== 37) || (prefixFound && fc === 37)) {
      if (fc !== t.cur()) error(0x224, 'Format literal not found', begin);
      t.p++;
      f.p++;
      prefixFound = false;
      continue;
    }
    if (fc === 37) {
      f.p++;
      prefixFound = true;
      continue;
    }
    prefixFound = false;
    const checkNumber = (): void => {
      if (!isDigit(t.cur())) error(0x207, 'Unexpected data found.', begin);
    };
    switch (String.fromCharCode(fc)) {
      case 'd':
        checkNumber();
        time.d = getNr(t, 2);
        if (time.d === UNSET) error(0x209, 'A two digit day could not be found', begin);
        else time.haveDate = true;
        break;
      case 'm':
        checkNumber();
        time.m = getNr(t, 2);
        if (time.m === UNSET) error(0x20b, 'A two digit month could not be found', begin);
        else time.haveDate = true;
        break;
      case 'b':
      case 'B': {
        const m = lookupMonth(t);
        if (m === 0) error(0x20c, 'A textual month could not be found', begin);
        else {
          time.haveDate = true;
          time.m = m;
        }
        break;
      }
      case 'Y':
        checkNumber();
        time.y = getNr(t, 4);
        if (time.y === UNSET) error(0x20e, 'A four digit year could not be found', begin);
        else time.haveDate = true;
        break;
      case 'H':
        checkNumber();
        time.h = getNr(t, 2);
        if (time.h === UNSET) error(0x20f, 'A two digit hour could not be found', begin);
        else time.haveTime = 1;
        break;
      case 'M': {
        checkNumber();
        const [min, length] = getNrEx(t, 2);
        if (min === UNSET || length !== 2) error(0x213, 'A two digit minute could not be found', begin);
        else {
          time.haveTime = 1;
          time.i = min;
        }
        break;
      }
      case 'S': {
        checkNumber();
        const [sec, length] = getNrEx(t, 2);
        if (sec === UNSET || length !== 2) error(0x214, 'A two digit second could not be found', begin);
        else {
          time.haveTime = 1;
          time.s = sec;
        }
        break;
      }
      case 'L': {
        checkNumber();
        const before = t.p;
        const n = getNr(t, 3);
        const scanned = t.p - before;
        if (n === UNSET || scanned < 1) error(0x21c, 'A three digit millisecond could not be found', begin);
        else time.us = Math.trunc(n * 10 ** (3 - scanned) * 1000);
        break;
      }
      case 'G':
        isoYear = getNr(t, 4);
        if (isoYear === UNSET) error(0x21d, 'A four digit ISO year could not be found', begin);
        else time.haveDate = true;
        break;
      case 'V':
        isoWeek = getNr(t, 2);
        if (isoWeek === UNSET) error(0x21e, 'A two digit ISO week could not be found', begin);
        else if (isoWeek < 1 || isoWeek > 53) error(0x21f, 'ISO Week must be between 1 and 53', begin);
        else time.haveDate = true;
        break;
      case 'u':
        isoDay = getNr(t, 1);
        if (isoDay === UNSET) error(0x220, 'A single digit day of week could not be found', begin);
        else if (isoDay < 1 || isoDay > 7) error(0x221, 'Day of week must be between 1 and 7', begin);
        else time.haveDate = true;
        break;
      case 'z': {
        const { offset, notFound } = parseZone(t, time);
        time.z = offset;
        if (notFound) error(ERR_TZID_NOT_FOUND, 'The timezone could not be found in the database', begin);
        else time.haveZone = 1;
        break;
      }
      case 'Z': {
        // timelib_parse_tz_minutes: a sign and a number of minutes.
        if (t.cur() !== 43 && t.cur() !== 45) {
          time.z = UNSET;
          error(0x223, 'Invalid timezone offset in minutes', begin);
          break;
        }
        t.p++;
        while (isDigit(t.cur())) t.p++;
        time.zoneType = ZONETYPE_OFFSET;
        time.dst = 0;
        const minutes = cStrtol(t, begin + 1) * 60;
        time.z = t.at(begin) === 43 ? minutes : -minutes;
        time.haveZone = 1;
        break;
      }
      default:
        if (fc !== t.cur()) error(0x219, 'The format separator does not match', begin);
        t.p++;
    }
    f.p++;
  }
  if (t.cur() !== 0) error(0x21a, 'Trailing data', t.p);
  // The server's map has no reset or allow-extra specifiers: any format left is data missing.
  if (f.cur() !== 0) error(0x21b, 'Not enough data available to satisfy format', t.p);

  if (time.h !== UNSET || time.i !== UNSET || time.s !== UNSET || time.us !== UNSET) {
    for (const k of ['h', 'i', 's', 'us'] as const) if (time[k] === UNSET) time[k] = 0;
  }
  if (time.y !== UNSET && (isoWeek !== UNSET || isoYear !== UNSET || isoDay !== UNSET)) {
    error(0x225, 'Mixing of ISO dates with natural dates is not allowed', t.p);
  }
  if (isoYear !== UNSET && (time.y !== UNSET || time.m !== UNSET || time.d !== UNSET)) {
    error(0x225, 'Mixing of ISO dates with natural dates is not allowed', t.p);
  }
  if (isoYear !== UNSET) {
    const { y, m, d } = dateFromIsodate(isoYear, isoWeek === UNSET ? 1 : isoWeek, isoDay === UNSET ? 1 : isoDay);
    Object.assign(time, { y, m, d });
  } else if (isoWeek !== UNSET || isoDay !== UNSET) {
    warnings.push(message(0x103, 'The parsed date was invalid', t.p));
  }
  if (time.h !== UNSET && time.i !== UNSET && time.s !== UNSET && !validTime(time.h, time.i, time.s)) {
    warnings.push(message(0x102, 'The parsed time was invalid', t.p));
  }
  if (time.y !== UNSET && time.m !== UNSET && time.d !== UNSET && !validDate(time.y, time.m, time.d)) {
    warnings.push(message(0x103, 'The parsed date was invalid', t.p));
  }
  return { time, errors, warnings };
}
