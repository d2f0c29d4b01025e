import { describe, expect, it } from 'vitest';
import type { ObjectId} from '../bson/values.js';
import { Decimal128, Timestamp } from '../bson/values.js';
import { d, err, ev, i, l } from './test-helpers.js';

const D = (s: string): Date => new Date(s);

describe('date part operators', () => {
  const date = D('2024-03-10T07:30:45.123Z'); // a Sunday
  it('read parts in UTC and in a time zone', () => {
    expect(ev({ $year: '$d' }, { d: date })).toEqual(i(2024));
    expect(ev({ $month: ['$d'] }, { d: date })).toEqual(i(3));
    expect(ev({ $dayOfMonth: '$d' }, { d: date })).toEqual(i(10));
    expect(ev({ $hour: { date: '$d', timezone: 'America/New_York' } }, { d: date })).toEqual(i(3));
    expect(ev({ $hour: { date: '$d', timezone: '+05:30' } }, { d: date })).toEqual(i(13));
    expect(ev({ $minute: { date: '$d', timezone: '+0530' } }, { d: date })).toEqual(i(0));
    expect(ev({ $second: '$d' }, { d: date })).toEqual(i(45));
    expect(ev({ $millisecond: '$d' }, { d: date })).toEqual(i(123));
    expect(ev({ $dayOfWeek: '$d' }, { d: date })).toEqual(i(1));
    expect(ev({ $isoDayOfWeek: '$d' }, { d: date })).toEqual(i(7));
    expect(ev({ $dayOfYear: '$d' }, { d: date })).toEqual(i(70));
    expect(ev({ $week: '$d' }, { d: date })).toEqual(i(10));
    expect(ev({ $isoWeek: '$d' }, { d: date })).toEqual(i(10));
    expect(ev({ $isoWeekYear: D('2021-01-01T00:00:00Z') })).toEqual(i(2020));
  });
  it('null for nullish date or timezone; errors for bad input', () => {
    expect(ev({ $year: '$missing' })).toBeNull();
    expect(ev({ $year: { date: date, timezone: null } })).toBeNull();
    expect(ev({ $year: new Timestamp({ t: 0, i: 1 }) })).toEqual(i(1970));
    expect(err(() => ev({ $year: 'x' }))).toEqual({ code: 16006, errmsg: "can't convert from BSON type string to Date" });
    expect(err(() => ev({ $year: { date: date, timezone: 'Mars/Base' } }))).toEqual({
      code: 40485,
      errmsg: 'unrecognized time zone identifier: "Mars/Base"',
    });
    expect(err(() => ev({ $year: { date: date, foo: 1 } }))).toEqual({ code: 40535, errmsg: '$year: unrecognized option to $year: "foo"'.slice(7) });
    expect(err(() => ev({ $year: [date, date] })).code).toBe(40536);
  });
});

describe('$dateToString / $dateFromString / parts', () => {
  const date = D('2024-01-02T03:04:05.006Z');
  it('formats with specifiers and time zones', () => {
    expect(ev({ $dateToString: { date } })).toBe('2024-01-02T03:04:05.006Z');
    expect(ev({ $dateToString: { date, format: '%Y/%m/%d %H:%M:%S.%L %j %w %u %U %V %G %z %Z %%' } })).toBe(
      '2024/01/02 03:04:05.006 002 3 2 00 01 2024 +0000 0 %',
    );
    expect(ev({ $dateToString: { date, format: '%H:%M %z %Z', timezone: 'Asia/Kolkata' } })).toBe('08:34 +0530 330');
    expect(ev({ $dateToString: { date: null, onNull: 'none' } })).toBe('none');
    expect(err(() => ev({ $dateToString: { date, format: '%Q' } }))).toEqual({ code: 18536, errmsg: "Invalid format character '%Q' in format string" });
    expect(err(() => ev({ $dateToString: { format: '%Y' } })).code).toBe(18628);
  });
  it('parses ISO strings and formats', () => {
    expect(ev({ $dateFromString: { dateString: '2024-01-02T03:04:05.006Z' } })).toEqual(date);
    expect(ev({ $dateFromString: { dateString: '2024-01-02 03:04', timezone: '+01:00' } })).toEqual(D('2024-01-02T02:04:00Z'));
    expect(ev({ $dateFromString: { dateString: '02/01/2024', format: '%d/%m/%Y' } })).toEqual(D('2024-01-02T00:00:00Z'));
    expect(ev({ $dateFromString: { dateString: 'garbage', onError: 'bad' } })).toBe('bad');
    expect(err(() => ev({ $dateFromString: { dateString: 'garbage' } })).code).toBe(241);
    expect(err(() => ev({ $dateFromString: { dateString: '2024-01-02T00:00:00+01:00', timezone: 'Europe/Paris' } }))).toEqual({
      code: 241,
      errmsg: 'you cannot pass in a date/time string with GMT offset together with a timezone argument',
    });
    expect(err(() => ev({ $dateFromString: { dateString: '2024-01-02T00:00:00Z', timezone: '+02' } })).errmsg).toBe(
      "you cannot pass in a date/time string with time zone information ('Z') together with a timezone argument",
    );
    expect(err(() => ev({ $dateFromString: { dateString: '2024-01-02 America/New_York' } })).errmsg).toBe(
      "Error parsing date string '2024-01-02 America/New_York'; 11: passing a time zone identifier as part of the string is not allowed 'A'",
    );
    expect(err(() => ev({ $dateFromString: { dateString: '2024', format: '%j' } })).code).toBe(18536);
  });
  it('$dateToParts and $dateFromParts', () => {
    expect(ev({ $dateToParts: { date } })).toEqual(
      d({ year: i(2024), month: i(1), day: i(2), hour: i(3), minute: i(4), second: i(5), millisecond: i(6) }),
    );
    expect(ev({ $dateToParts: { date, iso8601: true } })).toEqual(
      d({ isoWeekYear: i(2024), isoWeek: i(1), isoDayOfWeek: i(2), hour: i(3), minute: i(4), second: i(5), millisecond: i(6) }),
    );
    expect(ev({ $dateFromParts: { year: i(2024), month: i(14), day: i(1) } })).toEqual(D('2025-02-01T00:00:00Z'));
    expect(ev({ $dateFromParts: { isoWeekYear: i(2024), isoWeek: i(1), isoDayOfWeek: i(1) } })).toEqual(D('2024-01-01T00:00:00Z'));
    expect(ev({ $dateFromParts: { year: i(2024), hour: i(1), timezone: 'Europe/Paris' } })).toEqual(D('2024-01-01T00:00:00Z'));
    expect(err(() => ev({ $dateFromParts: { month: i(1) } })).code).toBe(40516);
    expect(err(() => ev({ $dateFromParts: { year: i(0) } }))).toEqual({
      code: 40523,
      errmsg: "'year' must evaluate to an integer in the range 1 to 9999, found 0",
    });
  });
});

describe('date arithmetic', () => {
  it('$dateAdd / $dateSubtract clamp month ends and keep local time across DST', () => {
    expect(ev({ $dateAdd: { startDate: D('2024-01-31T00:00:00Z'), unit: 'month', amount: i(1) } })).toEqual(D('2024-02-29T00:00:00Z'));
    expect(ev({ $dateSubtract: { startDate: D('2024-03-01T00:00:00Z'), unit: 'day', amount: i(1) } })).toEqual(D('2024-02-29T00:00:00Z'));
    expect(
      ev({ $dateAdd: { startDate: D('2024-03-09T17:00:00Z'), unit: 'day', amount: i(1), timezone: 'America/New_York' } }),
    ).toEqual(D('2024-03-10T16:00:00Z'));
    expect(ev({ $dateAdd: { startDate: D('2024-01-01T00:00:00Z'), unit: 'hour', amount: l(2) } })).toEqual(D('2024-01-01T02:00:00Z'));
    expect(err(() => ev({ $dateAdd: { startDate: D('2024-01-01'), unit: 'hour', amount: 1.5 } })).code).toBe(5166405);
  });
  it('$dateDiff counts boundaries', () => {
    expect(ev({ $dateDiff: { startDate: D('2023-12-31T23:00:00Z'), endDate: D('2024-01-01T01:00:00Z'), unit: 'year' } })).toEqual(l(1));
    expect(ev({ $dateDiff: { startDate: D('2024-01-01T00:00:00Z'), endDate: D('2024-01-15T00:00:00Z'), unit: 'week' } })).toEqual(l(2));
    expect(ev({ $dateDiff: { startDate: D('2024-01-01T00:00:00Z'), endDate: D('2024-01-01T00:01:30Z'), unit: 'second' } })).toEqual(l(90));
  });
  it('$dateTrunc bins from 2000-01-01', () => {
    expect(ev({ $dateTrunc: { date: D('2024-05-17T13:45:00Z'), unit: 'month' } })).toEqual(D('2024-05-01T00:00:00Z'));
    expect(ev({ $dateTrunc: { date: D('2024-05-17T13:45:00Z'), unit: 'hour', binSize: i(6) } })).toEqual(D('2024-05-17T12:00:00Z'));
    expect(ev({ $dateTrunc: { date: D('2024-05-17T13:45:00Z'), unit: 'week' } })).toEqual(D('2024-05-12T00:00:00Z'));
  });
});

describe('type operators', () => {
  it('$type and $isNumber', () => {
    expect(ev({ $type: '$missing' })).toBe('missing');
    expect(ev({ $type: [[]] })).toBe('array');
    expect(ev({ $type: l(1) })).toBe('long');
    expect(ev({ $isNumber: Decimal128.fromString('1') })).toBe(true);
    expect(ev({ $isNumber: '1' })).toBe(false);
  });
  it('$convert and shortcuts', () => {
    expect(ev({ $toInt: '42' })).toEqual(i(42));
    expect(ev({ $toInt: 2.9 })).toEqual(i(2));
    expect(ev({ $toLong: D('1970-01-01T00:00:01Z') })).toEqual(l(1000));
    expect(ev({ $toDouble: true })).toBe(1);
    expect((ev({ $toDecimal: 2.5 }) as Decimal128).toString()).toBe('2.50000000000000');
    expect(ev({ $toString: 2.5 })).toBe('2.5');
    // The server streams doubles with %g (6 significant digits).
    expect(ev({ $toString: 1.23456789 })).toBe('1.23457');
    expect(ev({ $toString: 1e21 })).toBe('1e+21');
    expect(ev({ $toString: D('2024-01-02T03:04:05.006Z') })).toBe('2024-01-02T03:04:05.006Z');
    expect(ev({ $toBool: '' })).toBe(true);
    expect(ev({ $toBool: i(0) })).toBe(false);
    expect(ev({ $toDate: l(0) })).toEqual(D('1970-01-01T00:00:00Z'));
    expect((ev({ $toObjectId: '5ab9cbfa31c2ab715d42129e' }) as ObjectId).toHexString()).toBe('5ab9cbfa31c2ab715d42129e');
    expect(ev({ $toInt: null })).toBeNull();
    expect(err(() => ev({ $toInt: 'abc' }))).toEqual({
      code: 241,
      errmsg: "Failed to parse number 'abc' in $convert with no onError value: Did not consume whole string.",
    });
    expect(err(() => ev({ $toDate: i(1) }))).toEqual({
      code: 241,
      errmsg: 'Unsupported conversion from int to date in $convert with no onError value',
    });
    expect(ev({ $convert: { input: 'x', to: 'int', onError: i(-1) } })).toEqual(i(-1));
    expect(ev({ $convert: { input: null, to: 'int', onNull: i(0) } })).toEqual(i(0));
    expect(ev({ $convert: { input: '5', to: i(16) } })).toEqual(i(5));
    expect(err(() => ev({ $convert: { input: '5', to: 'foo', onError: 1 } }))).toEqual({ code: 2, errmsg: 'Unknown type name: foo' });
    expect(err(() => ev({ $toInt: [i(1), i(2)] }))).toEqual({ code: 50723, errmsg: '$toInt requires a single argument, got 2' });
  });
});
