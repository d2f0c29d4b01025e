/**
 * The actions of timelib's date rules (`parse_date.re`): each reads the date parts out of its
 * token into the parsed time. A `false` from `haveDate`/`haveTime` is the C macro returning
 * TIMELIB_ERROR out of the action.
 */
import type { Rule } from './grammar.js';
import { eatSpaces, getFracNr, getMonth, processYear, skipDaySuffix } from './readers.js';
import { daynrFromWeeknr, type Time } from './time.js';
import { getNr, getNrEx, type Tok } from './tokens.js';

/** What a date rule's action needs from the scanner. */
export interface RuleContext {
  readonly time: Time;
  haveDate(): boolean;
  haveTime(): boolean;
  haveRelative(): void;
  getSignedNr(t: Tok, maxLength: number): number;
  zone(t: Tok): void;
}

/** Runs the action of `rule` if it is a date rule; false when it is not one. */
export function dateRule(c: RuleContext, rule: Rule, t: Tok): boolean {
  const time = c.time;
  switch (rule) {
      case 'american':
        if (!c.haveDate()) return true;
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        if (t.cur() === 47) {
          const [y, len] = getNrEx(t, 4);
          time.y = processYear(y, len);
        }
        return true;
      case 'isoDate4':
        if (!c.haveDate()) return true;
        time.y = c.getSignedNr(t, 4);
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        return true;
      case 'isoDate2': {
        if (!c.haveDate()) return true;
        const [y, len] = getNrEx(t, 4);
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        time.y = processYear(y, len);
        return true;
      }
      case 'isoDateX':
        if (!c.haveDate()) return true;
        time.y = c.getSignedNr(t, 19);
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        return true;
      case 'gnuDateShorter':
      case 'gnuDateShort': {
        if (!c.haveDate()) return true;
        const [y, len] = getNrEx(t, 4);
        time.m = getNr(t, 2);
        time.d = rule === 'gnuDateShorter' ? 1 : getNr(t, 2);
        time.y = processYear(y, len);
        return true;
      }
      case 'dateFull': {
        if (!c.haveDate()) return true;
        time.d = getNr(t, 2);
        skipDaySuffix(t);
        time.m = getMonth(t);
        const [y, len] = getNrEx(t, 4);
        time.y = processYear(y, len);
        return true;
      }
      case 'pointedDate4':
        if (!c.haveDate()) return true;
        time.d = getNr(t, 2);
        time.m = getNr(t, 2);
        time.y = getNr(t, 4);
        return true;
      case 'pointedDate2': {
        if (!c.haveDate()) return true;
        time.d = getNr(t, 2);
        time.m = getNr(t, 2);
        const [y, len] = getNrEx(t, 2);
        time.y = processYear(y, len);
        return true;
      }
      case 'dateNoDay': {
        if (!c.haveDate()) return true;
        time.m = getMonth(t);
        const [y, len] = getNrEx(t, 4);
        time.d = 1;
        time.y = processYear(y, len);
        return true;
      }
      case 'dateNoDayRev': {
        if (!c.haveDate()) return true;
        const [y, len] = getNrEx(t, 4);
        time.m = getMonth(t);
        time.d = 1;
        time.y = processYear(y, len);
        return true;
      }
      case 'dateTextual':
      case 'pgTextShort': {
        if (!c.haveDate()) return true;
        time.m = getMonth(t);
        time.d = getNr(t, 2);
        const [y, len] = getNrEx(t, 4);
        time.y = processYear(y, len);
        return true;
      }
      case 'dateNoYearRev':
        if (!c.haveDate()) return true;
        time.d = getNr(t, 2);
        skipDaySuffix(t);
        time.m = getMonth(t);
        return true;
      case 'dateNoColon':
        if (!c.haveDate()) return true;
        time.y = getNr(t, 4);
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        return true;
      case 'xmlRpc':
        if (!c.haveTime() || !c.haveDate()) return true;
        time.y = getNr(t, 4);
        time.m = getNr(t, 2);
        time.d = getNr(t, 2);
        time.h = getNr(t, 2);
        time.i = getNr(t, 2);
        time.s = getNr(t, 2);
        if (t.cur() === 46) {
          time.us = getFracNr(t);
          if (t.cur() !== 0) c.zone(t);
        }
        return true;
      case 'pgYdotd': {
        if (!c.haveDate()) return true;
        const [y, len] = getNrEx(t, 4);
        time.d = getNr(t, 3);
        time.m = 1;
        time.y = processYear(y, len);
        return true;
      }
      case 'isoWeekDay':
      case 'isoWeek': {
        if (!c.haveDate()) return true;
        c.haveRelative();
        time.y = getNr(t, 4);
        const w = getNr(t, 2);
        const d = rule === 'isoWeekDay' ? getNr(t, 1) : 1;
        time.m = 1;
        time.d = 1;
        time.relative.d = daynrFromWeeknr(time.y, w, d);
        return true;
      }
      case 'pgTextReverse': {
        if (!c.haveDate()) return true;
        const [y, len] = getNrEx(t, 4);
        time.m = getMonth(t);
        time.d = getNr(t, 2);
        time.y = processYear(y, len);
        return true;
      }
      case 'clf':
        if (!c.haveTime() || !c.haveDate()) return true;
        time.d = getNr(t, 2);
        time.m = getMonth(t);
        time.y = getNr(t, 4);
        time.h = getNr(t, 2);
        time.i = getNr(t, 2);
        time.s = getNr(t, 2);
        eatSpaces(t);
        c.zone(t);
        return true;
    default:
      return false;
  }
}
