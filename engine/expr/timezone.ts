/**
 * Time zones for the date operators (`TimeZoneDatabase::getTimeZone`): UTC, fixed offsets
 * (`+HH`, `+HHMM`, `+HH:MM`) and IANA names resolved through `Intl.DateTimeFormat`. Before 1970,
 * the zones that tzdata 2022b+ merged into others (Europe/Amsterdam into Brussels, …) take their
 * own history from timezone-history.ts, as the server's timelib database keeps it.
 */
import { shiftIntoJsRange } from '../bson/dates.js';
import { fail } from '../errors.js';
import { ZONE_HISTORY_BEFORE_1970 } from './timezone-history.js';

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export interface TimeZone {
  readonly name: string;
  /** Offset from UTC in milliseconds at the instant `utcMs`. */
  offsetAt(utcMs: number): number;
}

const MS_PER_MINUTE = 60_000;

class FixedZone implements TimeZone {
  constructor(
    readonly name: string,
    private readonly offsetMs: number,
  ) {}
  offsetAt(): number {
    return this.offsetMs;
  }
}

type Segments = readonly (readonly [number | null, number])[];

/** The offset (ms) of the segment holding `utcMs`: the last one starting at or before it. */
function historyOffset(segments: Segments, utcMs: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const start = segments[mid]![0];
    if (start !== null && start * 1000 <= utcMs) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo]![1] * 1000;
}

class IanaZone implements TimeZone {
  private readonly fmt: Intl.DateTimeFormat;
  private readonly before1970: Segments | undefined;
  constructor(readonly name: string) {
    this.before1970 = ZONE_HISTORY_BEFORE_1970.get(name);
    this.fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }
  offsetAt(utcMs: number): number {
    if (this.before1970 && utcMs < 0) return historyOffset(this.before1970, utcMs);
    const whole = Math.floor(utcMs / 1000) * 1000;
    const parts: Record<string, string> = {};
    for (const p of this.fmt.formatToParts(new Date(whole))) parts[p.type] = p.value;
    let year = Number(parts.year);
    if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
    const local = utcFromParts({
      year,
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      second: Number(parts.second),
      millisecond: 0,
    });
    return local - whole;
  }
}

export const UTC: TimeZone = new FixedZone('UTC', 0);

const zoneCache = new Map<string, TimeZone>();

/** `getTimeZone`: 40485 for names the database does not know. */
export function getTimeZone(id: string): TimeZone {
  const cached = zoneCache.get(id);
  if (cached) return cached;
  let zone: TimeZone | undefined;
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(id);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
    zone = new FixedZone(id, (m[1] === '-' ? -1 : 1) * minutes * MS_PER_MINUTE);
  } else if (id === 'UTC' || id === 'GMT' || id === 'Etc/UTC' || id === 'Etc/GMT') {
    zone = new FixedZone(id, 0);
  } else if (/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(id)) {
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: id }).resolvedOptions().timeZone;
      // Intl matches names case-insensitively; the server's database does not.
      if (resolved.toLowerCase() !== id.toLowerCase() || resolved === id) zone = new IanaZone(id);
    } catch {
      zone = undefined;
    }
  }
  if (!zone) throw fail(40485, `unrecognized time zone identifier: "${id}"`);
  zoneCache.set(id, zone);
  return zone;
}

/** Milliseconds since the epoch of a UTC wall-clock time (fields may overflow, as timelib normalises). */
export function utcFromParts(p: LocalParts): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second, p.millisecond);
  return d.getTime();
}

/** Wall-clock parts of a UTC millisecond value. */
export function partsOfUtc(ms: number): LocalParts {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** Local wall-clock time (as UTC milliseconds) of an instant in a zone. */
export function toLocal(utcMs: number, tz: TimeZone): number {
  return utcMs + tz.offsetAt(utcMs);
}

/** The instant whose local time in `tz` is `localMs` (the earlier one in an overlap). */
export function fromLocal(localMs: number, tz: TimeZone): number {
  const guess = localMs - tz.offsetAt(localMs);
  return localMs - tz.offsetAt(guess);
}

/** The zone's offset (ms) for a local wall-clock time (the earlier instant in an overlap), any int64 time. */
export function offsetForLocal(localMs: bigint, tz: TimeZone): number {
  const { ms } = shiftIntoJsRange(localMs);
  return ms - fromLocal(ms, tz);
}

export function localParts(utcMs: number, tz: TimeZone): LocalParts {
  return partsOfUtc(toLocal(utcMs, tz));
}

/** 1 (Sunday) … 7 (Saturday). */
export function dayOfWeek(p: LocalParts): number {
  return new Date(utcFromParts({ ...p, hour: 0, minute: 0, second: 0, millisecond: 0 })).getUTCDay() + 1;
}

/** 1 … 366. */
export function dayOfYear(p: LocalParts): number {
  const start = utcFromParts({ year: p.year, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 });
  const day = utcFromParts({ ...p, hour: 0, minute: 0, second: 0, millisecond: 0 });
  return Math.round((day - start) / 86_400_000) + 1;
}

/** Week of the year with weeks starting on Sunday, 0 … 53 (`%U`). */
export function sundayWeek(p: LocalParts): number {
  return Math.floor((dayOfYear(p) - 1 + 7 - (dayOfWeek(p) - 1)) / 7);
}

/** ISO day of week, 1 (Monday) … 7 (Sunday). */
export function isoDayOfWeek(p: LocalParts): number {
  const d = dayOfWeek(p) - 1;
  return d === 0 ? 7 : d;
}

/** ISO 8601 week-numbering year and week. */
export function isoWeekAndYear(p: LocalParts): { year: number; week: number } {
  const dow = isoDayOfWeek(p);
  // The Thursday of this week decides the year.
  const thursday = utcFromParts({ ...p, day: p.day - dow + 4, hour: 0, minute: 0, second: 0, millisecond: 0 });
  const t = partsOfUtc(thursday);
  const week = Math.floor((dayOfYear(t) - 1) / 7) + 1;
  return { year: t.year, week };
}

/** The UTC wall-clock ms of an ISO week date. */
export function fromIsoWeekDate(isoYear: number, week: number, isoDay: number): LocalParts {
  const jan4 = { year: isoYear, month: 1, day: 4, hour: 0, minute: 0, second: 0, millisecond: 0 };
  const mondayOfWeek1 = jan4.day - (isoDayOfWeek(jan4) - 1);
  return { ...jan4, day: mondayOfWeek1 + (week - 1) * 7 + (isoDay - 1) };
}
