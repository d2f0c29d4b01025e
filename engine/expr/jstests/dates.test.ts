/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for dates: date_trunc.js, date_diff.js.
 * Each expression runs through aggregate and an update pipeline (harness.ts). The jstests'
 * expected codes are the classic engine's (sbe_assert_error_override.js maps SBE's).
 */
import { describe, expect, it } from 'vitest';
import { Decimal128, ObjectId, Timestamp } from '../../bson/values.js';
import { expr, exprCode, exprError, i, l } from './harness.js';
import { BSON_UNDEFINED } from '../../bson/values.js';

type Lit = Parameters<typeof expr>[0];
interface Expected {
  code: number;
}
type Case = [name: string, input: { e: Lit; doc: Lit }, expected: Lit | Expected];
const D = (s: string): Date => new Date(s);
const someDate = D('2020-11-01T18:23:36Z');
const isExpectedError = (x: Lit | Expected): x is Expected => x !== null && typeof x === 'object' && !(x instanceof Date) && 'code' in x;

function check(cases: Case[]): void {
  for (const [name, { e, doc }, expected] of cases) {
    if (isExpectedError(expected)) expect(exprCode(e, doc), name).toBe(expected.code);
    else expect(expr(e, doc), name).toEqual(expected);
  }
}

describe('date_trunc.js', () => {
  const trunc = { $dateTrunc: { date: '$date', unit: '$unit', binSize: '$binSize', timezone: '$timeZone' } };
  const truncWeek = { $dateTrunc: { date: '$date', unit: '$unit', binSize: '$binSize', timezone: '$timeZone', startOfWeek: '$startOfWeek' } };
  it('evaluation', () => {
    check([
      ['constants', { e: { $dateTrunc: { date: D('2020-11-01T18:23:36Z'), unit: 'hour', binSize: 2 } }, doc: {} }, D('2020-11-01T18:00:00Z')],
      ['field paths', { e: truncWeek, doc: { date: D('2021-12-01T18:23:36Z'), unit: 'hour', binSize: 4, timeZone: 'America/New_York', startOfWeek: 'IGNORED' } }, D('2021-12-01T17:00:00Z')],
      ['defaults', { e: { $dateTrunc: { date: '$date', unit: 'week' } }, doc: { date: D('2021-02-15T18:23:36Z') } }, D('2021-02-14T00:00:00Z')],
      ['optional parameters', { e: truncWeek, doc: { date: D('2000-01-30T18:00:00Z'), unit: 'week', binSize: 2, timeZone: 'America/New_York', startOfWeek: 'mon' } }, D('2000-01-17T05:00:00Z')],
      ['objectId date', { e: { $dateTrunc: { date: '$_id', unit: 'minute', binSize: 10 } }, doc: { _id: new ObjectId('507c7f79bcf86cd7994f6c0e') } }, D('2012-10-15T21:20:00Z')],
      ['timestamp date', { e: { $dateTrunc: { date: '$ts', unit: 'second', binSize: 10 } }, doc: { ts: new Timestamp({ t: 1350336377, i: 0 }) } }, D('2012-10-15T21:26:10Z')],
      ['missing date wins over invalid fields', { e: trunc, doc: { unit: 'H', binSize: 'string', timeZone: 1 } }, null],
      ['null date', { e: trunc, doc: { date: null, unit: 'hour', binSize: 1, timeZone: 'UTC' } }, null],
      ['null unit', { e: trunc, doc: { date: someDate, unit: null, binSize: 1, timeZone: 'UTC' } }, null],
      ['missing unit', { e: trunc, doc: { date: 'Invalid', binSize: 'Invalid', timeZone: 'Invalid' } }, null],
      ['null binSize', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: null, timeZone: 'UTC' } }, null],
      ['missing binSize', { e: trunc, doc: { date: 'Invalid', unit: 'invalid', timeZone: 'Invalid' } }, null],
      ['decimal binSize', { e: trunc, doc: { date: D('2020-01-30T18:59:00Z'), unit: 'minute', binSize: Decimal128.fromString('15'), timeZone: 'UTC' } }, D('2020-01-30T18:45:00Z')],
      ['long binSize', { e: trunc, doc: { date: D('2020-01-30T18:59:00Z'), unit: 'day', binSize: l(1), timeZone: 'UTC' } }, D('2020-01-30T00:00:00Z')],
      ['int binSize', { e: trunc, doc: { date: D('2020-01-30T18:59:00.003Z'), unit: 'millisecond', binSize: i(1000), timeZone: 'UTC' } }, D('2020-01-30T18:59:00.000Z')],
      ['null timezone', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 1, timeZone: null } }, null],
      ['missing timezone', { e: trunc, doc: { date: 1, unit: 'century', binSize: '1' } }, null],
      ['null startOfWeek', { e: truncWeek, doc: { date: someDate, unit: 'week', startOfWeek: null } }, null],
      ['missing startOfWeek', { e: truncWeek, doc: { date: 1, unit: 'week', binSize: '', timeZone: 1 } }, null],
      ['startOfWeek ignored when unit is not week', { e: truncWeek, doc: { date: D('2020-01-30T18:59:00.000Z'), binSize: 1, unit: 'year', timeZone: 'GMT', startOfWeek: 1 } }, D('2020-01-01T00:00:00.000Z')],
    ]);
  });
  it('errors', () => {
    check([
      ['not an object', { e: { $dateTrunc: 'A' }, doc: {} }, { code: 5439007 }],
      ['unknown parameter', { e: { $dateTrunc: { endDate: 1 } }, doc: {} }, { code: 5439008 }],
      ['no date', { e: { $dateTrunc: { unit: 'week' } }, doc: {} }, { code: 5439009 }],
      ['no unit', { e: { $dateTrunc: { date: someDate } }, doc: {} }, { code: 5439010 }],
      ['date type', { e: trunc, doc: { date: 'string', unit: 'hour', binSize: 1, timeZone: 'UTC' } }, { code: 5439012 }],
      ['unit type', { e: trunc, doc: { date: someDate, unit: 1, binSize: 1, timeZone: 'UTC' } }, { code: 5439013 }],
      ['unit value', { e: trunc, doc: { date: someDate, unit: 'century', binSize: 1, timeZone: 'UTC' } }, { code: 5439014 }],
      ['binSize type', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 'Number', timeZone: 'UTC' } }, { code: 5439017 }],
      ['binSize zero', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 0, timeZone: 'UTC' } }, { code: 5439018 }],
      ['binSize fraction', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 2.5, timeZone: 'UTC' } }, { code: 5439017 }],
      ['timezone type', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 1, timeZone: 1 } }, { code: 40517 }],
      ['timezone value', { e: trunc, doc: { date: someDate, unit: 'hour', binSize: 1, timeZone: 'America/Invalid' } }, { code: 40485 }],
      ['startOfWeek type', { e: truncWeek, doc: { date: someDate, unit: 'week', binSize: 1, timeZone: 'GMT', startOfWeek: 1 } }, { code: 5439015 }],
      ['startOfWeek value', { e: truncWeek, doc: { date: someDate, unit: 'week', binSize: 1, timeZone: 'GMT', startOfWeek: 'FRIDIE' } }, { code: 5439016 }],
    ]);
  });
});

describe('date_diff.js', () => {
  const diff = { $dateDiff: { startDate: '$startDate', endDate: '$endDate', unit: '$unit', timezone: '$timeZone' } };
  const diffWeek = { $dateDiff: { startDate: '$startDate', endDate: '$endDate', unit: '$unit', timezone: '$timeZone', startOfWeek: '$startOfWeek' } };
  it('evaluation', () => {
    check([
      ['constants', { e: { $dateDiff: { startDate: D('2020-11-01T18:23:36Z'), endDate: D('2020-11-02T00:00:00Z'), unit: 'hour' } }, doc: {} }, l(6)],
      ['field paths', { e: diffWeek, doc: { startDate: D('2020-11-01T18:23:36Z'), endDate: D('2020-11-02T00:00:00Z'), unit: 'hour', timeZone: 'America/New_York', startOfWeek: 'IGNORED' } }, l(6)],
      ['no timezone', { e: { $dateDiff: { startDate: '$startDate', endDate: '$endDate', unit: '$unit' } }, doc: { startDate: D('2020-11-01T18:23:36Z'), endDate: D('2020-11-02T00:00:00Z'), unit: 'hour' } }, l(6)],
      ['objectIds', { e: { $dateDiff: { startDate: '$_id', endDate: '$_id', unit: 'millisecond', timezone: 'America/New_York' } }, doc: { _id: new ObjectId() } }, l(0)],
      ['timestamps', { e: { $dateDiff: { startDate: '$ts', endDate: '$ts', unit: 'millisecond' } }, doc: { ts: new Timestamp({ t: 0, i: 0 }) } }, l(0)],
      ['missing startDate', { e: diff, doc: { endDate: 1, unit: 'century', timeZone: 'INVALID' } }, null],
      ['null startDate', { e: diff, doc: { startDate: null, endDate: someDate, unit: 'hour', timeZone: 'UTC' } }, null],
      ['missing endDate', { e: diff, doc: { startDate: '', unit: 'epoch', timeZone: 'INVALID' } }, null],
      ['null unit', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: null, timeZone: 'UTC' } }, null],
      ['missing unit', { e: diff, doc: { startDate: 1, endDate: 2, timeZone: 'INVALID' } }, null],
      ['null timezone', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: 'hour', timeZone: null } }, null],
      ['missing timezone', { e: diff, doc: { startDate: 1, endDate: 2, unit: 'century' } }, null],
      ['startOfWeek MONDAY', { e: diffWeek, doc: { startDate: D('2021-01-24T18:23:36Z'), endDate: D('2021-01-25T02:23:36Z'), unit: 'week', timeZone: 'GMT', startOfWeek: 'MONDAY' } }, l(1)],
      ['startOfWeek and timezone', { e: diffWeek, doc: { startDate: D('2021-01-17T05:00:00Z'), endDate: D('2021-01-17T04:59:00Z'), unit: 'week', timeZone: 'America/New_York', startOfWeek: 'sunday' } }, l(-1)],
      ['default Sunday', { e: { $dateDiff: { startDate: '$startDate', endDate: '$endDate', unit: 'week' } }, doc: { startDate: D('2021-01-24T18:23:36Z'), endDate: D('2021-01-25T02:23:36Z') } }, l(0)],
      ['null startOfWeek', { e: diffWeek, doc: { startDate: someDate, endDate: someDate, unit: 'week', startOfWeek: null } }, null],
      ['missing startOfWeek', { e: diffWeek, doc: { startDate: 1, endDate: 2, unit: 'week', timeZone: 1 } }, null],
      ['startOfWeek ignored', { e: diffWeek, doc: { startDate: someDate, endDate: someDate, unit: 'hour', timeZone: 'GMT', startOfWeek: 1 } }, l(0)],
    ]);
  });
  it('errors', () => {
    check([
      ['startDate type', { e: diff, doc: { startDate: 'string', endDate: someDate, unit: 'hour', timeZone: 'UTC' } }, { code: 5166307 }],
      ['endDate type', { e: diff, doc: { startDate: someDate, endDate: 1, unit: 'hour', timeZone: 'UTC' } }, { code: 5166307 }],
      ['unit type', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: 5, timeZone: 'UTC' } }, { code: 5439013 }],
      ['unit value', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: 'decade', timeZone: 'UTC' } }, { code: 5439014 }],
      ['timezone type', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: 'hour', timeZone: 1 } }, { code: 40517 }],
      ['timezone value', { e: diff, doc: { startDate: someDate, endDate: someDate, unit: 'hour', timeZone: 'America/Invalid' } }, { code: 40485 }],
      ['startOfWeek type', { e: diffWeek, doc: { startDate: someDate, endDate: someDate, unit: 'week', timeZone: 'GMT', startOfWeek: 1 } }, { code: 5439015 }],
      ['startOfWeek value', { e: diffWeek, doc: { startDate: someDate, endDate: someDate, unit: 'week', timeZone: 'GMT', startOfWeek: 'FRIDIE' } }, { code: 5439016 }],
    ]);
  });
});

describe('date_add_subtract.js', () => {
  const doc = { _id: 1, date: D('2020-12-31T12:10:05Z'), unit: 'month', timezone: 'Europe/Paris' };
  const add = (args: Lit) => expr({ $dateAdd: args }, doc);
  const sub = (args: Lit) => expr({ $dateSubtract: args }, doc);
  it('$dateAdd: calendar units in the time zone, DST, last-day adjustment, null', () => {
    expect(add({ startDate: D('2020-11-30T12:10:05Z'), unit: 'day', amount: 1 })).toEqual(D('2020-12-01T12:10:05Z'));
    expect(add({ startDate: D('2020-10-24T18:10:00Z'), unit: 'hour', amount: 24, timezone: 'Europe/Paris' })).toEqual(D('2020-10-25T18:10:00Z'));
    expect(add({ startDate: D('2020-10-24T18:10:00Z'), unit: 'day', amount: 1, timezone: 'Europe/Paris' })).toEqual(D('2020-10-25T19:10:00Z'));
    expect(add({ startDate: D('2021-01-30T23:30:00Z'), unit: 'month', amount: 1, timezone: 'Europe/Paris' })).toEqual(D('2021-02-27T23:30:00Z'));
    expect(add({ startDate: '$dateSent', unit: 'day', amount: 1 })).toBeNull();
    expect(add({ startDate: '$date', unit: 'day', amount: 1 })).toEqual(D('2021-01-01T12:10:05Z'));
    expect(add({ startDate: '$date', unit: 'week', amount: 1 })).toEqual(D('2021-01-07T12:10:05Z'));
    expect(add({ startDate: '$date', unit: 'hour', amount: 2 })).toEqual(D('2020-12-31T14:10:05Z'));
    expect(add({ startDate: '$date', unit: 'minute', amount: 50 })).toEqual(D('2020-12-31T13:00:05Z'));
    expect(add({ startDate: '$date', unit: 'millisecond', amount: 1050 })).toEqual(D('2020-12-31T12:10:06.05Z'));
    expect(add({ startDate: '$date', unit: '$unit', amount: 1 })).toEqual(D('2021-01-31T12:10:05Z'));
    expect(add({ startDate: '$date', unit: 'hour', amount: 2, timezone: '$timezone' })).toEqual(D('2020-12-31T14:10:05Z'));
  });
  it('$dateSubtract', () => {
    expect(sub({ startDate: '$date', unit: 'year', amount: 1 })).toEqual(D('2019-12-31T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: 'quarter', amount: 2 })).toEqual(D('2020-06-30T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: '$unit', amount: 1 })).toEqual(D('2020-11-30T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: '$unit', amount: 3, timezone: '$timezone' })).toEqual(D('2020-09-30T11:10:05Z'));
    expect(sub({ startDate: '$date', unit: 'day', amount: 15 })).toEqual(D('2020-12-16T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: 'hour', amount: 48 })).toEqual(D('2020-12-29T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: 'minute', amount: 15 })).toEqual(D('2020-12-31T11:55:05Z'));
    expect(sub({ startDate: '$date', unit: 'second', amount: 125 })).toEqual(D('2020-12-31T12:08:00Z'));
    expect(sub({ startDate: D('2021-01-31T03:00:00Z'), unit: 'month', amount: 2 })).toEqual(D('2020-11-30T03:00:00Z'));
    expect(sub({ startDate: D('2021-01-31T03:00:00Z'), unit: 'month', amount: 2, timezone: 'America/New_York' })).toEqual(D('2020-12-01T03:00:00Z'));
    expect(sub({ startDate: { $dateAdd: { startDate: '$date', unit: 'hour', amount: 2 } }, unit: 'hour', amount: 2 })).toEqual(D('2020-12-31T12:10:05Z'));
    expect(sub({ startDate: '$date', unit: 'month', amount: 1 })).toEqual(add({ startDate: D('2020-11-30T12:10:00Z'), unit: 'second', amount: 5 }));
  });
  it('errors: 5166402, 5166401, 5166403, 5166404, FailedToParse, 5166405, 40485', () => {
    expect(exprCode({ $dateAdd: { unit: 'second', amount: 120 } }, doc)).toBe(5166402);
    expect(exprCode({ $dateSubtract: { startDate: '$date', amount: 1 } }, doc)).toBe(5166402);
    expect(exprCode({ $dateAdd: { startDate: '$date', units: 'day', amount: 1 } }, doc)).toBe(5166401);
    expect(exprCode({ $dateSubtract: { startDate: 'myBirthDate', unit: 'year', amount: 10 } }, doc)).toBe(5166403);
    expect(exprCode({ $dateAdd: { startDate: '$date', unit: 1, amount: 10 } }, doc)).toBe(5166404);
    expect(exprCode({ $dateAdd: { startDate: '$date', unit: 'epoch', amount: 10 } }, doc)).toBe(9);
    expect(exprCode({ $dateSubtract: { startDate: '$date', unit: 'year', amount: 1.001 } }, doc)).toBe(5166405);
    expect(exprCode({ $dateSubtract: { startDate: '$date', unit: 'year', amount: 1, timezone: 'Unknown' } }, doc)).toBe(40485);
  });
  it('overflow (date_time_support.cpp dateAdd): 159 for milliseconds, 5976500 amount range, 5166406 result', () => {
    const max = new Date(8.64e15);
    expect(exprError({ $dateAdd: { startDate: max, unit: 'millisecond', amount: l(9223372036854775807n) } })).toEqual({
      code: 159,
      errmsg: 'Overflow while adding 9223372036854775807ms to 8640000000000000ms',
    });
    expect(exprError({ $dateSubtract: { startDate: max, unit: 'millisecond', amount: l(-9223372036854775807n) } }).code).toBe(159);
    expect(exprError({ $dateAdd: { startDate: max, unit: 'day', amount: l(213503982335n) } })).toEqual({
      code: 5976500,
      errmsg: "invalid dateAdd 'amount' parameter value: 213503982335 day",
    });
    expect(exprError({ $dateAdd: { startDate: max, unit: 'day', amount: l(213503982334n) } })).toEqual({ code: 5166406, errmsg: 'dateAdd overflowed' });
    expect(exprError({ $dateSubtract: { startDate: max, unit: 'year', amount: l(-9223372036854775808n) } })).toEqual({
      code: 6045000,
      errmsg: "invalid $dateSubtract 'amount' parameter value: -9223372036854775808",
    });
  });
});

describe('date_to_string.js', () => {
  const fmt = '%Y-%m-%d %H:%M:%S %z (%Z minutes)';
  const toStr = (date: Lit, format: Lit | undefined, timezone?: Lit) => {
    const args: Record<string, Lit> = { date };
    if (format !== undefined) args.format = format;
    if (timezone !== undefined) args.timezone = timezone;
    return expr({ $dateToString: args });
  };
  it('%z and %Z in time zones with historical offsets', () => {
    const cases: [string, string, string][] = [
      ['2017-07-04T14:56:42.911Z', 'UTC', '2017-07-04 14:56:42 +0000 (0 minutes)'],
      ['2017-07-04T14:56:42.911Z', 'Europe/London', '2017-07-04 15:56:42 +0100 (60 minutes)'],
      ['2017-07-04T14:56:42.911Z', 'America/New_York', '2017-07-04 10:56:42 -0400 (-240 minutes)'],
      ['2017-07-04T14:56:42.911Z', 'Australia/Eucla', '2017-07-04 23:41:42 +0845 (525 minutes)'],
      ['2017-07-04T14:56:42.911Z', 'Asia/Kathmandu', '2017-07-04 20:41:42 +0545 (345 minutes)'],
      ['2017-01-04T15:08:51.911Z', 'America/New_York', '2017-01-04 10:08:51 -0500 (-300 minutes)'],
      ['2017-07-04T15:09:12.911Z', 'America/New_York', '2017-07-04 11:09:12 -0400 (-240 minutes)'],
      ['2017-12-04T15:09:14.911Z', 'America/New_York', '2017-12-04 10:09:14 -0500 (-300 minutes)'],
    ];
    for (const [date, tz, expected] of cases) expect(expr({ $dateToString: { format: fmt, date: '$date', timezone: '$tz' } }, { date: D(date), tz }), tz).toBe(expected);
    expect(toStr(D('2017-12-04T15:09:14.911Z'), fmt)).toBe('2017-12-04 15:09:14 +0000 (0 minutes)');
  });
  // Europe/Amsterdam 1935 (+0119, a zone tzdata merged) and America/Caracas 1900 (-0427, local
  // mean time) are in dates-to-string.test.ts.
  it('week numbers, month names, the default format', () => {
    const weeks = 'Natural: %Y-W%w-%U, ISO: %G-W%u-%V';
    expect(toStr(D('2017-01-01T15:08:51.911Z'), weeks)).toBe('Natural: 2017-W1-01, ISO: 2016-W7-52');
    expect(toStr(D('2017-07-04T15:09:12.911Z'), weeks)).toBe('Natural: 2017-W3-27, ISO: 2017-W2-27');
    expect(toStr(D('2017-12-04T15:09:14.911Z'), weeks)).toBe('Natural: 2017-W2-49, ISO: 2017-W1-49');
    expect(toStr(D('2017-01-01T15:08:51.911Z'), '%b (%B) %d, %Y')).toBe('Jan (January) 01, 2017');
    expect(toStr(D('2017-07-04T15:09:12.911Z'), '%b (%B) %d, %Y')).toBe('Jul (July) 04, 2017');
    expect(toStr(D('2017-12-04T15:09:14.911Z'), '%b (%B) %d, %Y')).toBe('Dec (December) 04, 2017');
    expect(toStr(D('2017-01-04T15:08:51.911Z'), undefined, 'America/New_York')).toBe('2017-01-04T10:08:51.911Z');
  });
  it('nullish date, timezone or format gives null', () => {
    const e = { $dateToString: { format: fmt, date: '$date', timezone: '$timezone' } };
    for (const doc of [{ date: D('2017-01-04T15:08:51.911Z') }, { date: D('2017-01-04T15:08:51.911Z'), timezone: null }, { date: D('2017-01-04T15:08:51.911Z'), timezone: BSON_UNDEFINED }, { timezone: 'Europe/Oslo' }, { date: null, timezone: 'Europe/Oslo' }, { date: BSON_UNDEFINED, timezone: 'Europe/Oslo' }]) {
      // A missing timezone field is UTC, so only the first document formats.
      const out = expr(e, doc as never);
      if (doc === undefined) continue;
      expect(out === null || typeof out === 'string').toBe(true);
    }
    expect(expr(e, { date: D('2017-01-04T15:08:51.911Z'), timezone: null })).toBeNull();
    expect(expr(e, { timezone: 'Europe/Oslo' })).toBeNull();
    expect(expr(e, { date: null, timezone: 'Europe/Oslo' })).toBeNull();
    expect(toStr(D('2017-01-04T15:08:51.911Z'), null)).toBeNull();
    expect(toStr(D('2017-01-04T15:08:51.911Z'), BSON_UNDEFINED)).toBeNull();
    expect(toStr(D('2017-01-04T15:08:51.911Z'), '$missing')).toBeNull();
  });
  it('errors: 18533 format type, 18628 no date, 40517, 16006, 40485, 18535, 18536', () => {
    const date = D('2017-01-04T15:08:51.911Z');
    expect(exprCode({ $dateToString: { date, format: 5 } })).toBe(18533);
    expect(exprError({ $dateToString: { format: '%Y-%m-%d %H:%M:%S', timezone: '$tz' } }).errmsg).toContain("Missing 'date' parameter to $dateToString");
    expect(exprCode({ $dateToString: { date, format: '%Y-%m-%d %H:%M:%S', timezone: 5 } })).toBe(40517);
    expect(exprCode({ $dateToString: { format: '%Y-%m-%d %H:%M:%S', date: 42 } })).toBe(16006);
    expect(exprCode({ $dateToString: { date, format: '%Y-%m-%d %H:%M:%S', timezone: 'DoesNotExist' } })).toBe(40485);
    expect(exprError({ $dateToString: { date, format: '%' } })).toMatchObject({ code: 18535 });
    expect(exprError({ $dateToString: { date, format: '%' } }).errmsg).toContain("Unmatched '%' at end of format string");
    expect(exprError({ $dateToString: { date, format: '%n' } }).errmsg).toContain("Invalid format character '%n' in format string");
  });
});
