/**
 * timelib's parsed time (`timelib_time` with its relative part) and what the server does with it
 * after parsing: `timelib_update_ts` (relative parts, normalisation, the string's own zone) and
 * the calendar helpers of `tm2unixtime.c` / `dow.c`. Numbers stay JS numbers: every field the
 * parser can produce fits well inside 2^53.
 */

/** timelib's "not set" marker. */
export const UNSET = -9_999_999;
export const ZONETYPE_OFFSET = 1;
export const ZONETYPE_ABBR = 2;

export const SPECIAL_WEEKDAY = 0x01;
export const SPECIAL_DAY_OF_WEEK_IN_MONTH = 0x02;
export const SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH = 0x03;
export const FIRST_DAY_OF_MONTH = 0x01;
export const LAST_DAY_OF_MONTH = 0x02;

export interface Relative {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
  weekday: number;
  weekdayBehavior: number;
  firstLastDayOf: number;
  specialType: number;
  specialAmount: number;
  haveWeekdayRelative: boolean;
  haveSpecialRelative: boolean;
}

export interface Time {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
  /** UTC offset in seconds (of the string's zone). */
  z: number;
  dst: number;
  zoneType: number;
  /** Upper-cased, as `timelib_time_tz_abbr_update` stores it. */
  tzAbbr: string;
  relative: Relative;
  haveTime: number;
  haveDate: boolean;
  haveZone: number;
  haveRelative: boolean;
}

export function unsetTime(): Time {
  return {
    y: UNSET, m: UNSET, d: UNSET, h: UNSET, i: UNSET, s: UNSET, us: UNSET, z: UNSET, dst: UNSET, zoneType: 0, tzAbbr: '',
    relative: {
      y: 0, m: 0, d: 0, h: 0, i: 0, s: 0, us: 0, weekday: 0, weekdayBehavior: 0, firstLastDayOf: 0, specialType: 0, specialAmount: 0,
      haveWeekdayRelative: false, haveSpecialRelative: false,
    },
    haveTime: 0, haveDate: false, haveZone: 0, haveRelative: false,
  };
}

const DAYS_IN_MONTH_LEAP = [31, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_IN_MONTH = [31, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_PER_ERA = 146_097;
const YEARS_PER_ERA = 400;
const HINNANT_EPOCH_SHIFT = 719_468;

/** C's `/` truncates toward zero. */
const div = (a: number, b: number): number => Math.trunc(a / b);
const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const positiveMod = (x: number, y: number): number => ((x % y) + y) % y;

export function daysInMonth(y: number, m: number): number {
  return (isLeap(y) ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH)[m]!;
}

/** `timelib_day_of_week`: 0 = Sunday. */
export function dayOfWeek(y: number, m: number, d: number): number {
  const common = [-1, 0, 3, 3, 6, 1, 4, 6, 2, 5, 0, 3, 5];
  const leap = [-1, 6, 2, 3, 6, 1, 4, 6, 2, 5, 0, 3, 5];
  const c1 = 6 - div(positiveMod(y, 400), 100) * 2;
  const y1 = positiveMod(y, 100);
  const m1 = (isLeap(y) ? leap : common)[m]!;
  return positiveMod(c1 + y1 + m1 + div(y1, 4) + d, 7);
}

/** `timelib_daynr_from_weeknr`. */
export function daynrFromWeeknr(iy: number, iw: number, id: number): number {
  const dow = dayOfWeek(iy, 1, 1);
  const day = -(dow > 4 ? dow - 7 : dow);
  return day + (iw - 1) * 7 + id;
}

/** `timelib_date_from_isodate`. */
export function dateFromIsodate(iy: number, iw: number, id: number): { y: number; m: number; d: number } {
  let daynr = daynrFromWeeknr(iy, iw, id) + 1;
  let y = iy;
  let leap = isLeap(y);
  while (daynr <= 0) {
    y -= 1;
    leap = isLeap(y);
    daynr += leap ? 366 : 365;
  }
  while (daynr > (leap ? 366 : 365)) {
    daynr -= leap ? 366 : 365;
    y += 1;
    leap = isLeap(y);
  }
  const table = leap ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH;
  let m = 1;
  while (daynr > table[m]!) {
    daynr -= table[m]!;
    m++;
  }
  return { y, m, d: daynr };
}

export function validTime(h: number, i: number, s: number): boolean {
  return h >= 0 && h <= 23 && i >= 0 && i <= 59 && s >= 0 && s <= 59;
}

export function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** `do_range_limit(start, end, adj, &a, &b)`, returning the new [a, b]. */
function rangeLimit(start: number, end: number, adj: number, a: number, b: number): [number, number] {
  if (a < start) {
    b -= div(start - a - 1, adj) + 1;
    a += adj * div(start - a - 1, adj);
    a += adj;
  }
  if (a >= end) {
    b += div(a, adj);
    a -= adj * div(a, adj);
  }
  return [a, b];
}

function rangeLimitDays(t: Time): boolean {
  let changed = false;
  if (t.d >= DAYS_PER_ERA || t.d <= -DAYS_PER_ERA) {
    t.y += YEARS_PER_ERA * div(t.d, DAYS_PER_ERA);
    t.d -= DAYS_PER_ERA * div(t.d, DAYS_PER_ERA);
  }
  [t.m, t.y] = rangeLimit(1, 13, 12, t.m, t.y);
  const current = isLeap(t.y) ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH;
  while (t.d <= 0 && t.m > 0) {
    let pm = t.m - 1;
    let py = t.y;
    if (pm < 1) {
      pm += 12;
      py -= 1;
    }
    t.d += (isLeap(py) ? DAYS_IN_MONTH_LEAP : DAYS_IN_MONTH)[pm]!;
    t.m -= 1;
    changed = true;
  }
  while (t.d > 0 && t.m <= 12 && t.d > current[t.m]!) {
    t.d -= current[t.m]!;
    t.m += 1;
    changed = true;
  }
  return changed;
}

function magicDateCalc(t: Time): void {
  if (t.d < -719_498) return;
  const g = t.d + HINNANT_EPOCH_SHIFT - 1;
  let y = div(10_000 * g + 14_780, 3_652_425);
  let ddd = g - (365 * y + div(y, 4) - div(y, 100) + div(y, 400));
  if (ddd < 0) {
    y -= 1;
    ddd = g - (365 * y + div(y, 4) - div(y, 100) + div(y, 400));
  }
  const mi = div(100 * ddd + 52, 3060);
  t.m = ((mi + 2) % 12) + 1;
  t.y = y + div(mi + 2, 12);
  t.d = ddd - div(mi * 306 + 5, 10) + 1;
}

/** `timelib_do_normalize`. */
export function normalize(t: Time): void {
  if (t.us !== UNSET) [t.us, t.s] = rangeLimit(0, 1_000_000, 1_000_000, t.us, t.s);
  if (t.s !== UNSET) [t.s, t.i] = rangeLimit(0, 60, 60, t.s, t.i);
  if (t.s !== UNSET) [t.i, t.h] = rangeLimit(0, 60, 60, t.i, t.h);
  if (t.s !== UNSET) [t.h, t.d] = rangeLimit(0, 24, 24, t.h, t.d);
  [t.m, t.y] = rangeLimit(1, 13, 12, t.m, t.y);
  if (t.y === 1970 && t.m === 1 && t.d !== 1) magicDateCalc(t);
  while (rangeLimitDays(t));
  [t.m, t.y] = rangeLimit(1, 13, 12, t.m, t.y);
}

function adjustForWeekday(t: Time): void {
  const currentDow = dayOfWeek(t.y, t.m, t.d);
  const r = t.relative;
  if (r.weekdayBehavior === 2) {
    if (currentDow === 0 && r.weekday !== 0) r.weekday -= 7;
    if (r.weekday === 0 && currentDow !== 0) r.weekday = 7;
    t.d -= currentDow;
    t.d += r.weekday;
    return;
  }
  let difference = r.weekday - currentDow;
  if ((r.d < 0 && difference < 0) || (r.d >= 0 && difference <= -r.weekdayBehavior)) difference += 7;
  if (r.weekday >= 0) t.d += difference;
  else t.d -= 7 - (Math.abs(r.weekday) - currentDow);
  r.haveWeekdayRelative = false;
}

function adjustRelative(t: Time): void {
  if (t.relative.haveWeekdayRelative) adjustForWeekday(t);
  normalize(t);
  if (t.haveRelative) {
    const r = t.relative;
    t.us += r.us;
    t.s += r.s;
    t.i += r.i;
    t.h += r.h;
    t.d += r.d;
    t.m += r.m;
    t.y += r.y;
  }
  if (t.relative.firstLastDayOf === FIRST_DAY_OF_MONTH) t.d = 1;
  else if (t.relative.firstLastDayOf === LAST_DAY_OF_MONTH) {
    t.d = 0;
    t.m += 1;
  }
  normalize(t);
}

function adjustSpecialWeekday(t: Time): void {
  const count = t.relative.specialAmount;
  const dow = dayOfWeek(t.y, t.m, t.d);
  t.d += div(count, 5) * 7;
  const rem = count % 5;
  if (count > 0) {
    if (rem === 0) {
      if (dow === 0) t.d -= 2;
      else if (dow === 6) t.d -= 1;
    } else if (dow === 6) t.d += 1;
    else if (dow + rem > 5) t.d += 2;
  } else if (rem === 0) {
    if (dow === 6) t.d += 2;
    else if (dow === 0) t.d += 1;
  } else if (dow === 0) t.d -= 1;
  else if (dow + rem < 1) t.d -= 2;
  t.d += rem;
}

function adjustSpecial(t: Time): void {
  if (t.relative.haveSpecialRelative && t.relative.specialType === SPECIAL_WEEKDAY) adjustSpecialWeekday(t);
  normalize(t);
  t.relative.specialType = 0;
  t.relative.specialAmount = 0;
}

function adjustSpecialEarly(t: Time): void {
  const r = t.relative;
  if (r.haveSpecialRelative) {
    if (r.specialType === SPECIAL_DAY_OF_WEEK_IN_MONTH) {
      t.d = 1;
      t.m += r.m;
      r.m = 0;
    } else if (r.specialType === SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH) {
      t.d = 1;
      t.m += r.m + 1;
      r.m = 0;
    }
  }
  if (r.firstLastDayOf === FIRST_DAY_OF_MONTH) t.d = 1;
  else if (r.firstLastDayOf === LAST_DAY_OF_MONTH) {
    t.d = 0;
    t.m += 1;
  }
  normalize(t);
}

/** `timelib_epoch_days_from_time`. */
export function epochDays(y: number, m: number, d: number): number {
  const yy = y - (m <= 2 ? 1 : 0);
  const era = Math.floor(yy / YEARS_PER_ERA);
  const yearOfEra = yy - era * YEARS_PER_ERA;
  const dayOfYear = div(153 * (m + (m > 2 ? -3 : 9)) + 2, 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + div(yearOfEra, 4) - div(yearOfEra, 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - HINNANT_EPOCH_SHIFT;
}

/**
 * `timelib_update_ts` up to the zone: the relative parts applied and the fields normalised;
 * answers the local wall-clock time as seconds since the epoch (the zone is the caller's).
 */
export function localSeconds(t: Time): number {
  adjustSpecialEarly(t);
  adjustRelative(t);
  adjustSpecial(t);
  return t.h * 3600 + t.i * 60 + t.s + epochDays(t.y, t.m, t.d) * 86_400;
}
