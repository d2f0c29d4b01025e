/**
 * The readers timelib's free-form scanner uses inside a token (`parse_date.re`): am/pm, day
 * suffixes, fractions, month names, relative units and words, and the two-digit year rule.
 */
import { SPECIAL_WEEKDAY, UNSET } from './time.js';
import { lookupMonth, type Tok } from './tokens.js';

// timelib_relunit_lookup kinds.
export const MICROSEC = 9, SECOND = 1, MINUTE = 2, HOUR = 3, DAY = 4, MONTH = 5, YEAR = 6, WEEKDAY = 7, SPECIAL = 8;

const RELUNITS: readonly (readonly [string, number, number])[] = [
  ['ms', MICROSEC, 1000], ['msec', MICROSEC, 1000], ['msecs', MICROSEC, 1000], ['millisecond', MICROSEC, 1000], ['milliseconds', MICROSEC, 1000],
  ['\xc2\xb5s', MICROSEC, 1], ['usec', MICROSEC, 1], ['usecs', MICROSEC, 1], ['\xc2\xb5sec', MICROSEC, 1], ['\xc2\xb5secs', MICROSEC, 1],
  ['microsecond', MICROSEC, 1], ['microseconds', MICROSEC, 1], ['sec', SECOND, 1], ['secs', SECOND, 1], ['second', SECOND, 1],
  ['seconds', SECOND, 1], ['min', MINUTE, 1], ['mins', MINUTE, 1], ['minute', MINUTE, 1], ['minutes', MINUTE, 1], ['hour', HOUR, 1],
  ['hours', HOUR, 1], ['day', DAY, 1], ['days', DAY, 1], ['week', DAY, 7], ['weeks', DAY, 7], ['fortnight', DAY, 14], ['fortnights', DAY, 14],
  ['forthnight', DAY, 14], ['forthnights', DAY, 14], ['month', MONTH, 1], ['months', MONTH, 1], ['year', YEAR, 1], ['years', YEAR, 1],
  ['mondays', WEEKDAY, 1], ['monday', WEEKDAY, 1], ['mon', WEEKDAY, 1], ['tuesdays', WEEKDAY, 2], ['tuesday', WEEKDAY, 2], ['tue', WEEKDAY, 2],
  ['wednesdays', WEEKDAY, 3], ['wednesday', WEEKDAY, 3], ['wed', WEEKDAY, 3], ['thursdays', WEEKDAY, 4], ['thursday', WEEKDAY, 4],
  ['thu', WEEKDAY, 4], ['fridays', WEEKDAY, 5], ['friday', WEEKDAY, 5], ['fri', WEEKDAY, 5], ['saturdays', WEEKDAY, 6], ['saturday', WEEKDAY, 6],
  ['sat', WEEKDAY, 6], ['sundays', WEEKDAY, 0], ['sunday', WEEKDAY, 0], ['sun', WEEKDAY, 0], ['weekday', SPECIAL, SPECIAL_WEEKDAY],
  ['weekdays', SPECIAL, SPECIAL_WEEKDAY],
];

const RELTEXT: readonly (readonly [string, number, number])[] = [
  ['first', 0, 1], ['next', 0, 1], ['second', 0, 2], ['third', 0, 3], ['fourth', 0, 4], ['fifth', 0, 5], ['sixth', 0, 6], ['seventh', 0, 7],
  ['eight', 0, 8], ['eighth', 0, 8], ['ninth', 0, 9], ['tenth', 0, 10], ['eleventh', 0, 11], ['twelfth', 0, 12], ['last', 0, -1],
  ['previous', 0, -1], ['this', 1, 0],
];

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
export const isCSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
const eqIgnoreCase = (a: string, b: string): boolean => a.length === b.length && a.replace(/[A-Z]/g, (x) => x.toLowerCase()) === b.replace(/[A-Z]/g, (x) => x.toLowerCase());

/** `TIMELIB_PROCESS_YEAR`: two-digit years are 1970–2069. */
export function processYear(y: number, length: number): number {
  if (y === UNSET || length >= 4) return y;
  if (y < 100) return y < 70 ? y + 2000 : y + 1900;
  return y;
}

/** `timelib_meridian`: the hour correction of am/pm. */
export function meridian(t: Tok, h: number): number {
  let retval = 0;
  while (!'AaPp'.includes(String.fromCharCode(t.cur())) && t.cur() !== 0) t.p++;
  if (t.cur() === 97 || t.cur() === 65) {
    if (h === 12) retval = -12;
  } else if (h !== 12) retval = 12;
  t.p++;
  if (t.cur() === 46) t.p++;
  if (t.cur() === 77 || t.cur() === 109) t.p++;
  if (t.cur() === 46) t.p++;
  return retval;
}

export function skipDaySuffix(t: Tok): void {
  if (isCSpace(t.cur())) return;
  const two = String.fromCharCode(t.cur(), t.at(t.p + 1)).toLowerCase();
  if (two === 'nd' || two === 'rd' || two === 'st' || two === 'th') t.p += 2;
}

/** `timelib_get_frac_nr`: the fraction as microseconds. */
export function getFracNr(t: Tok): number {
  while (t.cur() !== 46 && t.cur() !== 58 && !isDigit(t.cur())) {
    if (t.cur() === 0) return UNSET;
    t.p++;
  }
  const begin = t.p;
  while (t.cur() === 46 || t.cur() === 58 || isDigit(t.cur())) t.p++;
  const end = t.p;
  const numeric = /^[0-9]*(?:\.[0-9]*)?/.exec(t.b.slice(begin + 1, end))![0];
  const value = numeric === '' || numeric === '.' ? 0 : Number(numeric);
  return Math.trunc(value * 10 ** (7 - (end - begin)));
}

function lookupRelativeText(t: Tok): { value: number; behavior: number } {
  const begin = t.p;
  while (isAlpha(t.cur())) t.p++;
  const word = t.b.slice(begin, t.p);
  let out = { value: 0, behavior: 0 };
  for (const [name, behavior, value] of RELTEXT) if (eqIgnoreCase(word, name)) out = { value, behavior };
  return out;
}

export function getRelativeText(t: Tok): { value: number; behavior: number } {
  while (t.cur() === 32 || t.cur() === 9 || t.cur() === 45 || t.cur() === 47) t.p++;
  return lookupRelativeText(t);
}

export function getMonth(t: Tok): number {
  while (t.cur() === 32 || t.cur() === 9 || t.cur() === 45 || t.cur() === 46 || t.cur() === 47) t.p++;
  return lookupMonth(t);
}

export function eatSpaces(t: Tok): void {
  for (;;) {
    if (t.cur() === 32 || t.cur() === 9) t.p++;
    else if (t.cur() === 0xe2 && t.at(t.p + 1) === 0x80 && t.at(t.p + 2) === 0xaf) t.p += 3;
    else if (t.cur() === 0xc2 && t.at(t.p + 1) === 0xa0) t.p += 2;
    else break;
  }
}

/** `timelib_lookup_relunit`: the first table entry for the word. */
export function lookupRelunit(t: Tok): readonly [string, number, number] | undefined {
  const begin = t.p;
  while (![0, 32, 44, 9, 59, 58, 47, 46, 45, 40, 41].includes(t.cur())) t.p++;
  const word = t.b.slice(begin, t.p);
  return RELUNITS.find(([name]) => eqIgnoreCase(word, name));
}

