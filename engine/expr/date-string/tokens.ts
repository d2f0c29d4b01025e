/**
 * The token readers timelib's two parsers share (`timelib_get_nr`, `timelib_lookup_month`,
 * `timelib_parse_zone`…), over a token copy with C-string semantics: reading past its end, or at
 * a NUL inside it, yields 0.
 */
import { abbreviation } from './zones.js';
import { UNSET, ZONETYPE_ABBR, ZONETYPE_OFFSET, type Time } from './time.js';

/** One error or warning of timelib: the server prints `position: message 'character'`. */
export interface Message {
  code: number;
  position: number;
  character: number;
  message: string;
}

export class Tok {
  p = 0;
  constructor(readonly b: string) {}
  at(i: number): number {
    return i < this.b.length ? this.b.charCodeAt(i) : 0;
  }
  cur(): number {
    return this.at(this.p);
  }
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlnum = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** `timelib_get_nr_ex`: skips to the first digit, reads at most `maxLength`; [number, digits read]. */
export function getNrEx(t: Tok, maxLength: number): [number, number] {
  while (!isDigit(t.cur())) {
    if (t.cur() === 0) return [UNSET, 0];
    t.p++;
  }
  const begin = t.p;
  while (isDigit(t.cur()) && t.p - begin < maxLength) t.p++;
  return [Number(t.b.slice(begin, t.p)), t.p - begin];
}

export function getNr(t: Tok, maxLength: number): number {
  return getNrEx(t, maxLength)[0];
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};

/** `timelib_lookup_month`: the letters at the pointer as a month (0 when none). */
export function lookupMonth(t: Tok): number {
  const begin = t.p;
  while ((t.cur() >= 65 && t.cur() <= 90) || (t.cur() >= 97 && t.cur() <= 122)) t.p++;
  return MONTHS[t.b.slice(begin, t.p).toLowerCase()] ?? 0;
}

/** C's strtol of the leading digits. */
function leadingNumber(s: string): number {
  const m = /^[0-9]*/.exec(s)![0];
  return m === '' ? 0 : Number(m);
}

/** `timelib_parse_tz_cor`: an offset after its sign, in seconds, or not found. */
function parseTzCor(t: Tok): { seconds: number; notFound: boolean } {
  const begin = t.p;
  while (isDigit(t.cur()) || t.cur() === 58) t.p++;
  const b = t.b.slice(begin, t.p);
  const hour = (s: string): number => leadingNumber(s) * 3600;
  const min = (s: string): number => leadingNumber(s) * 60;
  switch (b.length) {
    case 1:
    case 2:
      return { seconds: hour(b), notFound: false };
    case 3:
    case 4:
      if (b[1] === ':') return { seconds: hour(b) + min(b.slice(2)), notFound: false };
      if (b[2] === ':') return { seconds: hour(b) + min(b.slice(3)), notFound: false };
      return { seconds: Math.trunc(leadingNumber(b) / 100) * 3600 + (leadingNumber(b) % 100) * 60, notFound: false };
    case 5:
      if (b[2] !== ':') break;
      return { seconds: hour(b) + min(b.slice(3)), notFound: false };
    case 6: {
      const n = leadingNumber(b);
      return { seconds: Math.trunc(n / 10000) * 3600 + (Math.trunc(n / 100) % 100) * 60 + (n % 100), notFound: false };
    }
    case 8:
      if (b[2] !== ':' || b[5] !== ':') break;
      return { seconds: hour(b) + min(b.slice(3)) + leadingNumber(b.slice(6)), notFound: false };
  }
  return { seconds: 0, notFound: true };
}

/** `_POSIX_TZNAME_MAX`: longer words are never abbreviations. */
const MAX_ABBR_LEN = 6;

/**
 * `timelib_parse_zone` with the server's zone lookup, which never finds an identifier: an offset
 * (`+05`, `GMT-0200`, `-03:30`) or an abbreviation (`CEST`, `Z`); anything else is "not found".
 */
export function parseZone(t: Tok, time: Time): { offset: number; notFound: boolean } {
  while (t.cur() === 32 || t.cur() === 9 || t.cur() === 40) t.p++;
  if (t.cur() === 71 && t.at(t.p + 1) === 77 && t.at(t.p + 2) === 84 && (t.at(t.p + 3) === 43 || t.at(t.p + 3) === 45)) t.p += 3;
  let result: { offset: number; notFound: boolean };
  if (t.cur() === 43 || t.cur() === 45) {
    const negative = t.cur() === 45;
    t.p++;
    time.zoneType = ZONETYPE_OFFSET;
    time.dst = 0;
    const { seconds, notFound } = parseTzCor(t);
    result = { offset: negative ? -seconds : seconds, notFound };
  } else {
    const begin = t.p;
    while (isAlnum(t.cur()) || t.cur() === 47 || t.cur() === 95 || t.cur() === 45 || t.cur() === 43) t.p++;
    const word = t.b.slice(begin, t.p);
    const found = word.length < MAX_ABBR_LEN ? abbreviation(word) : null;
    if (found) {
      time.zoneType = ZONETYPE_ABBR;
      time.dst = found.dst;
      time.tzAbbr = word.toUpperCase();
      result = { offset: found.offset - found.dst * 3600, notFound: false };
    } else result = { offset: 0, notFound: true };
  }
  while (t.cur() === 41) t.p++;
  return result;
}
