/**
 * `timelib_strtotime`: the free-form date scanner the server runs for `$dateFromString` without a
 * format (and for `$toDate`/`$convert` of a string). At each position the longest match over all
 * rules wins (grammar.ts); each rule's action fills the parsed time, and anything unexpected
 * becomes an error or warning carrying timelib's position and character, which the server prints.
 */
import { dateRule, type RuleContext } from './date-rules.js';
import { longestMatch, type Rule } from './grammar.js';
import {
  DAY, eatSpaces, getFracNr, getMonth, getRelativeText, HOUR, isCSpace, isDigit, lookupRelunit, meridian, MICROSEC, MINUTE, MONTH, SECOND, SPECIAL,
  WEEKDAY, YEAR,
} from './readers.js';
import { FIRST_DAY_OF_MONTH, LAST_DAY_OF_MONTH, SPECIAL_DAY_OF_WEEK_IN_MONTH, SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH, SPECIAL_WEEKDAY, unsetTime, validDate, validTime, ZONETYPE_OFFSET, type Time } from './time.js';
import { getNr, lookupMonth, parseZone, Tok, type Message } from './tokens.js';

export const ERR_TZID_NOT_FOUND = 0x202;
/** NUL bytes after the string: more than any rule looks ahead. */
const PADDING = '\0'.repeat(64);

class Scanner implements RuleContext {
  readonly time: Time = unsetTime();
  readonly errors: Message[] = [];
  readonly warnings: Message[] = [];
  tok = 0;
  constructor(readonly buf: string) {}

  private message(code: number, message: string): Message {
    return { code, position: this.tok, character: this.buf.charCodeAt(this.tok) || 0, message };
  }
  addError(code: number, message: string): void {
    this.errors.push(this.message(code, message));
  }
  addWarning(code: number, message: string): void {
    this.warnings.push(this.message(code, message));
  }

  // The TIMELIB_* macros; `false` where the C macro returns TIMELIB_ERROR out of the action.
  haveTime(): boolean {
    if (this.time.haveTime) {
      this.addError(0x203, 'Double time specification');
      return false;
    }
    Object.assign(this.time, { haveTime: 1, h: 0, i: 0, s: 0, us: 0 });
    return true;
  }
  private unhaveTime(): void {
    Object.assign(this.time, { haveTime: 0, h: 0, i: 0, s: 0, us: 0 });
  }
  haveDate(): boolean {
    if (this.time.haveDate) {
      this.addError(0x204, 'Double date specification');
      return false;
    }
    this.time.haveDate = true;
    return true;
  }
  private unhaveDate(): void {
    Object.assign(this.time, { haveDate: false, d: 0, m: 0, y: 0 });
  }
  haveRelative(): void {
    this.time.haveRelative = true;
  }
  private haveWeekdayRelative(): void {
    this.time.haveRelative = true;
    this.time.relative.haveWeekdayRelative = true;
  }
  private haveSpecialRelative(): void {
    this.time.haveRelative = true;
    this.time.relative.haveSpecialRelative = true;
  }
  private haveTz(): boolean {
    if (this.time.haveZone) {
      if (this.time.haveZone > 1) this.addError(0x201, 'Double timezone specification');
      else this.addWarning(0x101, 'Double timezone specification');
      this.time.haveZone++;
      return false;
    }
    this.time.haveZone++;
    return true;
  }

  zone(t: Tok): void {
    const { offset, notFound } = parseZone(t, this.time);
    this.time.z = offset;
    if (notFound) this.addError(ERR_TZID_NOT_FOUND, 'The timezone could not be found in the database');
  }

  /** `timelib_get_signed_nr`. */
  getSignedNr(t: Tok, maxLength: number): number {
    while (!isDigit(t.cur()) && t.cur() !== 43 && t.cur() !== 45) {
      if (t.cur() === 0) {
        this.addError(0x207, 'Found unexpected data');
        return 0;
      }
      t.p++;
    }
    let negative = false;
    while (t.cur() === 43 || t.cur() === 45) {
      if (t.cur() === 45) negative = !negative;
      t.p++;
    }
    while (!isDigit(t.cur())) {
      if (t.cur() === 0) {
        this.addError(0x207, 'Found unexpected data');
        return 0;
      }
      t.p++;
    }
    let digits = '';
    while (isDigit(t.cur()) && digits.length < maxLength) {
      digits += String.fromCharCode(t.cur());
      t.p++;
    }
    const n = BigInt(negative ? `-${digits}` : digits);
    if (n > 9223372036854775807n || n < -9223372036854775808n) {
      this.addError(0x226, 'Number out of range');
      return 0;
    }
    return Number(n);
  }

  /** `timelib_set_relative`. */
  private setRelative(t: Tok, amount: number, behavior: number, keepTime: boolean): void {
    const unit = lookupRelunit(t);
    if (!unit) return;
    const [, kind, multiplier] = unit;
    const r = this.time.relative;
    const field = ({ [MICROSEC]: 'us', [SECOND]: 's', [MINUTE]: 'i', [HOUR]: 'h', [DAY]: 'd', [MONTH]: 'm', [YEAR]: 'y' } as Record<number, 'us' | 's' | 'i' | 'h' | 'd' | 'm' | 'y'>)[kind];
    if (field) {
      r[field] += amount * multiplier;
      return;
    }
    if (kind === WEEKDAY) {
      this.haveWeekdayRelative();
      if (!keepTime) this.unhaveTime();
      r.d += (amount > 0 ? amount - 1 : amount) * 7;
      r.weekday = multiplier;
      r.weekdayBehavior = behavior;
    } else if (kind === SPECIAL) {
      this.haveSpecialRelative();
      if (!keepTime) this.unhaveTime();
      r.specialType = multiplier;
      r.specialAmount = amount;
    }
  }

  /** The action block of one rule; `token` is the matched text. */
  action(rule: Rule, token: string): void {
    const t = new Tok(token);
    const time = this.time;
    if (dateRule(this, rule, t)) return;
    switch (rule) {
      case 'yesterday':
      case 'tomorrow':
        this.haveRelative();
        this.unhaveTime();
        time.relative.d = rule === 'yesterday' ? -1 : 1;
        return;
      case 'now':
        return;
      case 'noon':
        this.unhaveTime();
        if (!this.haveTime()) return;
        time.h = 12;
        return;
      case 'midnightToday':
        this.unhaveTime();
        return;
      case 'timestamp':
      case 'timestampMs': {
        this.haveRelative();
        this.unhaveDate();
        this.unhaveTime();
        if (!this.haveTz()) return;
        const negative = t.at(1) === 45;
        const i = this.getSignedNr(t, 24);
        let us = 0;
        if (rule === 'timestampMs') {
          const before = t.p;
          us = this.getSignedNr(t, 6);
          us *= 10 ** (7 - (t.p - before));
          if (negative) us *= -1;
        }
        Object.assign(time, { y: 1970, m: 1, d: 1, h: 0, i: 0, s: 0, us: 0, zoneType: ZONETYPE_OFFSET, z: 0, dst: 0 });
        time.relative.s += i;
        if (rule === 'timestampMs') time.relative.us = us;
        return;
      }
      case 'firstLastDayOf':
        this.haveRelative();
        this.unhaveTime();
        time.relative.firstLastDayOf = t.cur() === 108 || t.cur() === 76 ? LAST_DAY_OF_MONTH : FIRST_DAY_OF_MONTH;
        return;
      case 'backFrontOf':
        this.unhaveTime();
        if (!this.haveTime()) return;
        if (t.cur() === 98) {
          time.h = getNr(t, 2);
          time.i = 15;
        } else {
          time.h = getNr(t, 2) - 1;
          time.i = 45;
        }
        if (t.cur() !== 0) {
          eatSpaces(t);
          time.h += meridian(t, time.h);
        }
        return;
      case 'weekdayOf': {
        this.haveRelative();
        this.haveSpecialRelative();
        const { value, behavior } = getRelativeText(t);
        eatSpaces(t);
        if (value > 0) {
          time.relative.specialType = SPECIAL_DAY_OF_WEEK_IN_MONTH;
          this.setRelative(t, value, 1, false);
        } else {
          time.relative.specialType = SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH;
          this.setRelative(t, value, behavior, false);
        }
        return;
      }
      case 'time12':
        if (!this.haveTime()) return;
        time.h = getNr(t, 2);
        if (t.cur() === 58 || t.cur() === 46) {
          time.i = getNr(t, 2);
          if (t.cur() === 58 || t.cur() === 46) time.s = getNr(t, 2);
        }
        eatSpaces(t);
        time.h += meridian(t, time.h);
        return;
      case 'mssqlTime':
        if (!this.haveTime()) return;
        time.h = getNr(t, 2);
        time.i = getNr(t, 2);
        if (t.cur() === 58 || t.cur() === 46) {
          time.s = getNr(t, 2);
          if (t.cur() === 58 || t.cur() === 46) time.us = getFracNr(t);
        }
        eatSpaces(t);
        time.h += meridian(t, time.h);
        return;
      case 'time24':
        if (!this.haveTime()) return;
        time.h = getNr(t, 2);
        if (t.cur() === 58 || t.cur() === 46) {
          time.i = getNr(t, 2);
          if (t.cur() === 58 || t.cur() === 46) {
            time.s = getNr(t, 2);
            if (t.cur() === 46) time.us = getFracNr(t);
          }
        }
        if (t.cur() !== 0) this.zone(t);
        return;
      case 'gnuNoColon':
        if (time.haveTime === 0) {
          time.h = getNr(t, 2);
          time.i = getNr(t, 2);
          time.s = 0;
          time.haveTime++;
        } else if (time.haveTime === 1) {
          time.y = getNr(t, 4);
          time.haveTime++;
        } else this.addError(0x203, 'Double time specification');
        return;
      case 'iso8601NoColon':
        if (!this.haveTime()) return;
        time.h = getNr(t, 2);
        time.i = getNr(t, 2);
        time.s = getNr(t, 2);
        if (t.cur() !== 0) this.zone(t);
        return;
      case 'year4':
        time.y = getNr(t, 4);
        return;
      case 'ago': {
        const r = time.relative;
        for (const k of ['y', 'm', 'd', 'h', 'i', 's', 'weekday'] as const) r[k] = -r[k];
        if (r.weekday === 0) r.weekday = -7;
        if (r.haveSpecialRelative && r.specialType === SPECIAL_WEEKDAY) r.specialAmount = -r.specialAmount;
        return;
      }
      case 'dayText': {
        this.haveRelative();
        this.haveWeekdayRelative();
        this.unhaveTime();
        const unit = lookupRelunit(t);
        if (unit) time.relative.weekday = unit[2];
        if (time.relative.weekdayBehavior !== 2) time.relative.weekdayBehavior = 1;
        return;
      }
      case 'relativeTextWeek':
      case 'relativeText':
        this.haveRelative();
        while (t.cur() !== 0) {
          const { value, behavior } = getRelativeText(t);
          eatSpaces(t);
          this.setRelative(t, value, behavior, false);
          if (rule === 'relativeTextWeek') {
            time.relative.weekdayBehavior = 2;
            if (!time.relative.haveWeekdayRelative) {
              this.haveWeekdayRelative();
              time.relative.weekday = 1;
            }
          }
        }
        return;
      case 'monthText':
        if (!this.haveDate()) return;
        time.m = lookupMonth(t);
        return;
      case 'tz':
        if (!this.haveTz()) return;
        eatSpaces(t);
        this.zone(t);
        return;
      case 'dateShortWithTime12':
      case 'dateShortWithTime24':
        if (!this.haveDate()) return;
        time.m = getMonth(t);
        time.d = getNr(t, 2);
        if (!this.haveTime()) return;
        time.h = getNr(t, 2);
        time.i = getNr(t, 2);
        if (rule === 'dateShortWithTime12') {
          if (t.cur() === 58 || t.cur() === 46) {
            time.s = getNr(t, 2);
            if (t.cur() === 46) time.us = getFracNr(t);
          }
          time.h += meridian(t, time.h);
        } else {
          if (t.cur() === 58) {
            time.s = getNr(t, 2);
            if (t.cur() === 46) time.us = getFracNr(t);
          }
          if (t.cur() !== 0) this.zone(t);
        }
        return;
      case 'relative':
        this.haveRelative();
        while (t.cur() !== 0) {
          const i = this.getSignedNr(t, 24);
          eatSpaces(t);
          this.setRelative(t, i, 1, true);
        }
        return;
      case 'dotComma':
      case 'space':
      case 'nulNewline':
        return;
      case 'any':
        this.addError(0x205, 'Unexpected character');
        return;
    }
  }
}

export interface Parsed {
  time: Time;
  errors: Message[];
  warnings: Message[];
}

/** `timelib_strtotime` over a byte string (one char per UTF-8 byte). */
export function strtotime(input: string): Parsed {
  if (input.length === 0) {
    const s = new Scanner('');
    return { time: s.time, errors: [{ code: 0x206, position: 0, character: 0, message: 'Empty string' }], warnings: [] };
  }
  let start = 0;
  let end = input.length - 1;
  while (isCSpace(input.charCodeAt(start)) && start < end) start++;
  while (isCSpace(input.charCodeAt(end)) && end > start) end--;
  const text = input.slice(start, end + 1);
  const s = new Scanner(text + PADDING);
  const spans = new Map<object, Int32Array>();
  let cursor = 0;
  for (;;) {
    s.tok = cursor;
    if (s.tok > text.length) break;
    const match = longestMatch(s.buf, cursor, spans);
    if (!match) break;
    cursor += Math.max(match.length, 1);
    s.action(match.rule, s.buf.slice(s.tok, cursor));
  }
  if (s.time.haveTime && !validTime(s.time.h, s.time.i, s.time.s)) s.addWarning(0x102, 'The parsed time was invalid');
  if (s.time.haveDate && !validDate(s.time.y, s.time.m, s.time.d)) s.addWarning(0x103, 'The parsed date was invalid');
  return { time: s.time, errors: s.errors, warnings: s.warnings };
}
