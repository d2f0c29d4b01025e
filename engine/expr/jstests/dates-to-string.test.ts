/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for $dateToString: date_to_string2.js,
 * date_to_string_on_null.js, and the pre-1970 offsets of date_to_string.js. Each expression runs
 * through aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { d, expr, exprCode, i, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const D = (s: string): Date => new Date(s);
const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const format = (date: Lit, fmt: Lit) => expr({ $dateToString: { format: fmt, date: '$date' } }, { date });

describe('date_to_string2.js', () => {
  it('%%, %Y, %m, %d, %H, %M, %S, %L zero-padded, between literal text', () => {
    const now = new Date();
    const parts = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()];
    expect(format(now, '%%-%Y-%m-%d-%H-%M-%S-%L')).toBe(['%', pad(parts[0]!, 4), ...parts.slice(1).map((p) => pad(p, 2)), pad(now.getUTCMilliseconds(), 3)].join('-'));
    const padme = D('2001-02-03T04:05:06.007Z');
    const cases: [string, string][] = [['%%', '%'], ['%Y', '2001'], ['%m', '02'], ['%d', '03'], ['%H', '04'], ['%M', '05'], ['%S', '06'], ['%L', '007']];
    for (const [fmt, out] of cases) expect(format(padme, fmt), fmt).toBe(out);
    const dd = pad(now.getUTCDate(), 2);
    expect(format(now, '%d%d***%d***%d**%d*%d')).toBe(`${dd}${dd}***${dd}***${dd}**${dd}*${dd}`);
    expect(format(D('1999-01-02T03:04:05.006Z'), '%U-%w-%j')).toBe('00-7-002');
  });
  it('%%d, a long run of %%, and a null date', () => {
    const date = D('1999-08-29T00:00:00Z');
    expect(format(date, '%%d')).toBe('%d');
    expect(format(date, '%%'.repeat(999))).toBe('%'.repeat(999));
    expect(format(null, '%Y')).toBeNull();
  });
  it('errors: 18628 no date, 18534 unknown field, 18629 not an object, 18536, 18535, 18533 format type', () => {
    const doc = { date: new Date() };
    const err = (arg: Lit) => exprCode({ $dateToString: arg }, doc);
    expect(err({ format: '%Y' })).toBe(18628);
    expect(err({ format: '%Y', date: '$date', extra: 'whyamIhere' })).toBe(18534);
    expect(err(['%Y', '$date'])).toBe(18629);
    expect(err({ format: '%Y-%q', date: '$date' })).toBe(18536);
    expect(err({ format: '%U-%w-%j-%%%', date: '$date' })).toBe(18535);
    expect(err({ format: 'AAAAA%%%AAAAAA', date: '$date' })).toBe(18536);
    for (const fmt of [{ iamalion: 'roar' }, [], [1, 2, 3], 1, new Date()] as Lit[]) expect(err({ format: fmt, date: '$date' }), JSON.stringify(fmt)).toBe(18533);
  });
  it('a date that is not a date fails with 16006', () => {
    for (const date of [[], [1, 2, 3], {}, { a: 1 }, 'blahblahblah', 1234] as Lit[]) {
      expect(exprCode({ $dateToString: { format: '%Y', date: '$date' } }, { date }), JSON.stringify(date)).toBe(16006);
    }
  });
});

describe('date_to_string_on_null.js', () => {
  const onNullValue = D('2017-07-04T11:56:02Z');
  it('onNull answers a nullish date; a nullish timezone still gives null', () => {
    for (const nullish of [null, BSON_UNDEFINED, '$missing'] as Lit[]) {
      expect(expr({ $dateToString: { date: nullish, format: '%Y-%m-%d %H:%M:%S', onNull: onNullValue } })).toEqual(onNullValue);
      expect(expr({ $dateToString: { date: '2018-02-06T11:56:02Z', format: '%Y-%m-%d %H:%M:%S', timezone: nullish, onNull: onNullValue } })).toBeNull();
    }
  });
  it('onNull can be any value, and missing leaves the field out', () => {
    for (const onNull of [{}, 5, 'Not a date', null] as Lit[]) {
      expect(expr({ $dateToString: { date: '$missing', format: '%Y-%m-%d %H:%M:%S', onNull } })).toEqual(onNull !== null && typeof onNull === 'object' ? d({}) : onNull);
    }
    // undefined as a literal onNull reads back as null through $project (the jstest's assert.eq).
    expect(expr({ $dateToString: { date: '$missing', format: '%Y-%m-%d %H:%M:%S', onNull: BSON_UNDEFINED } })).toEqual(BSON_UNDEFINED);
    expect(expr({ $dateToString: { date: '$missing', format: '%Y-%m-%d %H:%M:%S', onNull: '$missing' } })).toBeUndefined();
  });
});

describe('date_to_string.js (offsets with seconds)', () => {
  it('%z and %Z truncate an offset of local mean time to whole minutes (Caracas 1900: -4:27:40)', () => {
    expect(expr({ $dateToString: { format: '%Y-%m-%d %H:%M:%S %z (%Z minutes)', date: '$date', timezone: '$tz' } }, { date: D('1900-07-10T11:41:22.418Z'), tz: 'America/Caracas' })).toBe(
      '1900-07-10 07:13:42 -0427 (-267 minutes)',
    );
  });
});

describe('date_to_string.js (zones tzdata merged: their own history before 1970)', () => {
  const at = (date: string, tz: string) =>
    expr({ $dateToString: { format: '%Y-%m-%d %H:%M:%S %z (%Z minutes)', date: '$date', timezone: '$tz' } }, { date: D(date), tz });
  it('Amsterdam summer time 1935 is +1:19:32 (the jstest: +0119, 79 minutes), not Brussels +0100', () => {
    expect(at('1935-07-10T11:36:37.133Z', 'Europe/Amsterdam')).toBe('1935-07-10 12:56:09 +0119 (79 minutes)');
  });
  it("the zone's local mean time before its first rule, and today's offsets from Intl as before", () => {
    expect(at('1900-01-01T00:00:00Z', 'Europe/Amsterdam')).toBe('1900-01-01 00:19:32 +0019 (19 minutes)');
    expect(at('2017-07-04T14:56:42.911Z', 'Europe/Amsterdam')).toBe('2017-07-04 16:56:42 +0200 (120 minutes)');
    expect(at('1969-12-31T23:59:59Z', 'Europe/Amsterdam')).toBe('1970-01-01 00:59:59 +0100 (60 minutes)');
  });
  it('the same through $dateToParts and a date computed in the zone', () => {
    expect(expr({ $dateToParts: { date: D('1935-07-10T11:36:37.133Z'), timezone: 'Europe/Amsterdam' } })).toEqual(
      v({ year: i(1935), month: i(7), day: i(10), hour: i(12), minute: i(56), second: i(9), millisecond: i(133) }),
    );
  });
});
