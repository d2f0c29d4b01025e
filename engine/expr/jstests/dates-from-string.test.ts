/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for $dateFromString: date_from_string.js,
 * date_from_string_on_error.js, date_from_string_on_null.js. Each expression runs through
 * aggregate and an update pipeline (harness.ts). The parser is timelib's (engine/expr/date-string).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { d, expr, exprCode, exprError } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const D = (s: string): Date => new Date(s);
const fromString = (args: Lit, doc: Lit = {}) => expr({ $dateFromString: args }, doc);
const errorOf = (args: Lit, doc: Lit = {}) => exprError({ $dateFromString: args }, doc);

describe('date_from_string.js', () => {
  it('ISO forms, with and without a format (fractions pad to milliseconds, `.` between minutes and seconds)', () => {
    const cases: [string, string, string][] = [
      ['2017-07-04T11:56:02Z', '2017-07-04T11:56:02Z', '%Y-%m-%dT%H:%M:%SZ'],
      ['2017-07-04T11:56:02.813Z', '2017-07-04T11:56:02.813Z', '%Y-%m-%dT%H:%M:%S.%LZ'],
      ['2017-07-04T11:56:02.810Z', '2017-07-04T11:56:02.81Z', '%Y-%m-%dT%H:%M:%S.%LZ'],
      ['2017-07-04T11:56:02.800Z', '2017-07-04T11:56:02.8Z', '%Y-%m-%dT%H:%M:%S.%LZ'],
      ['2017-07-04T11:56:02Z', '2017-07-04T11:56.02', '%Y-%m-%dT%H:%M.%S'],
      ['2017-07-04T11:56:02.813Z', '2017-07-04T11:56.02.813', '%Y-%m-%dT%H:%M.%S.%L'],
      ['2017-07-04T11:56:02.810Z', '2017-07-04T11:56.02.81', '%Y-%m-%dT%H:%M.%S.%L'],
      ['2017-07-04T11:56:02.800Z', '2017-07-04T11:56.02.8', '%Y-%m-%dT%H:%M.%S.%L'],
    ];
    for (const [expected, dateString, format] of cases) {
      expect(fromString({ dateString }), dateString).toEqual(D(expected));
      expect(fromString({ dateString, format }), `${dateString} ${format}`).toEqual(D(expected));
    }
  });
  it('in a zone (Europe/London) and at an offset (+01:00)', () => {
    const cases: [string, string, string][] = [
      ['2017-07-04T10:56:02Z', '2017-07-04T11:56.02', '%Y-%m-%dT%H:%M.%S'],
      ['2017-07-04T10:56:02.813Z', '2017-07-04T11:56.02.813', '%Y-%m-%dT%H:%M.%S.%L'],
      ['2017-07-04T10:56:02.810Z', '2017-07-04T11:56.02.81', '%Y-%m-%dT%H:%M.%S.%L'],
      ['2017-07-04T10:56:02.800Z', '2017-07-04T11:56.02.8', '%Y-%m-%dT%H:%M.%S.%L'],
    ];
    for (const timezone of ['Europe/London', '+01:00']) {
      for (const [expected, dateString, format] of cases) {
        expect(fromString({ dateString, timezone }), `${dateString} ${timezone}`).toEqual(D(expected));
        expect(fromString({ dateString, timezone, format }), `${dateString} ${timezone} ${format}`).toEqual(D(expected));
      }
    }
  });
  it('strings and formats from fields, before and after 1970', () => {
    const docs: [string, string, Date][] = [
      ['2017-07-06T12:35:37Z', '%Y-%m-%dT%H:%M:%SZ', new Date(1499344537000)],
      ['2017-07-06T12:35:37.513Z', '%Y-%m-%dT%H:%M:%S.%LZ', new Date(1499344537513)],
      ['2017-07-06T12:35:37', '%Y-%m-%dT%H:%M:%S', new Date(1499344537000)],
      ['2017-07-06T12:35:37.513', '%Y-%m-%dT%H:%M:%S.%L', new Date(1499344537513)],
      ['1960-07-10T12:10:37.448', '%Y-%m-%dT%H:%M:%S.%L', new Date(-299072962552)],
    ];
    for (const [dateString, format, expected] of docs) {
      expect(fromString({ dateString: '$dateString' }, { dateString, format })).toEqual(expected);
      expect(fromString({ dateString: '$dateString', format: '$format' }, { dateString, format })).toEqual(expected);
    }
  });
  it('zones from fields, a constant zone, a constant string', () => {
    const docs: [string, string, string][] = [
      ['2017-07-06T12:35:37.513', 'GMT', '2017-07-06T12:35:37.513Z'], ['2017-07-06T12:35:37.513', 'UTC', '2017-07-06T12:35:37.513Z'],
      ['1960-07-10T12:35:37.513', 'America/New_York', '1960-07-10T16:35:37.513Z'], ['1960-07-10T12:35:37.513', 'Europe/London', '1960-07-10T11:35:37.513Z'],
      ['2017-07-06T12:35:37.513', 'America/Los_Angeles', '2017-07-06T19:35:37.513Z'], ['2017-07-06T12:35:37.513', 'Europe/Paris', '2017-07-06T10:35:37.513Z'],
      ['2017-07-06T12:35:37.513', '+04:00', '2017-07-06T08:35:37.513Z'],
    ];
    for (const [dateString, timezone, expected] of docs) {
      expect(fromString({ dateString: '$dateString', timezone: '$timezone' }, { dateString, timezone }), timezone).toEqual(D(expected));
      expect(fromString({ dateString: '$dateString', timezone: '$timezone', format: '%Y-%m-%dT%H:%M:%S.%L' }, { dateString, timezone }), timezone).toEqual(D(expected));
    }
    expect(fromString({ dateString: '$dateString', timezone: 'Asia/Tokyo' }, { dateString: '2017-07-06T12:35:37' })).toEqual(D('2017-07-06T03:35:37Z'));
    const zones: [string, string][] = [['Europe/London', '2017-07-19T17:52:35.199Z'], ['America/New_York', '2017-07-19T22:52:35.199Z'], ['-05:00', '2017-07-19T23:52:35.199Z']];
    for (const [timezone, expected] of zones) expect(fromString({ dateString: '2017-07-19T18:52:35.199', timezone: '$timezone' }, { timezone })).toEqual(D(expected));
  });
  it('BI forms: a space between date and time, a date alone', () => {
    const cases: [string, string][] = [
      ['2017-01-01 00:00:00', '2017-01-01T00:00:00Z'], ['2017-07-01 00:00:00', '2017-07-01T00:00:00Z'], ['2017-07-06', '2017-07-06T00:00:00Z'],
      ['2017-07-06 00:00:00', '2017-07-06T00:00:00Z'], ['2017-07-06 11:00:00', '2017-07-06T11:00:00Z'], ['2017-07-06 11:36:00', '2017-07-06T11:36:00Z'],
      ['2017-07-06 11:36:54', '2017-07-06T11:36:54Z'],
    ];
    for (const [dateString, expected] of cases) {
      expect(fromString({ dateString }), dateString).toEqual(D(expected));
      expect(fromString({ dateString: '$s' }, { s: dateString }), dateString).toEqual(D(expected));
    }
  });
  it('zone information in the string: GMT offsets, abbreviations, military letters', () => {
    const cases: [string, string][] = [
      ['2017-07-14T12:02:44.771Z', ' GMT'], ['2017-07-14T12:02:44.771Z', ' GMT+00'], ['2017-07-14T12:02:44.771Z', ' GMT+00:00'],
      ['2017-07-14T10:02:44.771Z', ' GMT+02'], ['2017-07-14T10:02:44.771Z', ' GMT+02:00'], ['2017-07-14T09:02:44.771Z', '+03'],
      ['2017-07-14T08:32:44.771Z', '+0330'], ['2017-07-14T08:32:44.771Z', '+03:30'], ['2017-07-14T12:02:44.771Z', ' UTC'],
      ['2017-07-14T10:02:44.771Z', ' CEST'], ['2017-07-14T17:02:44.771Z', ' EST'], ['2017-07-14T19:02:44.771Z', ' PDT'],
      ['2017-07-14T11:02:44.771Z', ' A'], ['2017-07-14T01:02:44.771Z', ' L'], ['2017-07-14T15:02:44.771Z', ' P'], ['2017-07-14T12:02:44.771Z', ' Z'],
    ];
    for (const [expected, zone] of cases) {
      const dateString = `2017-07-14T12:02:44.771${zone}`;
      expect(fromString({ dateString }), dateString).toEqual(D(expected));
      expect(fromString({ dateString, format: '%Y-%m-%dT%H:%M:%S.%L%z' }), `${dateString} with %z`).toEqual(D(expected));
    }
  });
  it('"wacky" forms: month names, ordinal days, am/pm, noon, US and European numeric dates', () => {
    const cases: [string, string][] = [
      ['July 4th, 2017', '2017-07-04T00:00:00Z'], ['July 4th, 2017 12:39:30 BST', '2017-07-04T11:39:30Z'], ['July 4th, 2017 11am', '2017-07-04T11:00:00Z'],
      ['July 4th, 2017 12pm', '2017-07-04T12:00:00Z'], ['7/4/17', '2017-07-04T00:00:00Z'], ['04-07-2017', '2017-07-04T00:00:00Z'],
      ['2017-Jul-04 noon', '2017-07-04T12:00:00Z'], ['2017-07-04 12:48:07 GMT+0545', '2017-07-04T07:03:07Z'], ['2017-07-04 12:48:07 GMT-0200', '2017-07-04T14:48:07Z'],
    ];
    for (const [dateString, expected] of cases) expect(fromString({ dateString: '$s' }, { s: dateString }), dateString).toEqual(D(expected));
  });
  it('formats the free-form parser does not read: literal text, %%, %z and %Z (minutes)', () => {
    const cases: [string, string, string][] = [
      ['05 12 1988', '%d %m %Y', '1988-12-05T00:00:00Z'], ['1992 04 26', '%Y %m %d', '1992-04-26T00:00:00Z'], ['05*12*1988', '%d*%m*%Y', '1988-12-05T00:00:00Z'],
      ['1992/04/26', '%Y/%m/%d', '1992-04-26T00:00:00Z'], ['1992 % 04 % 26', '%Y %% %m %% %d', '1992-04-26T00:00:00Z'],
      ['Day: 05 Month: 12 Year: 1988', 'Day: %d Month: %m Year: %Y', '1988-12-05T00:00:00Z'], ['Date: 1992/04/26', 'Date: %Y/%m/%d', '1992-04-26T00:00:00Z'],
      ['4/26/1992:+0445', '%m/%d/%Y:%z', '1992-04-25T19:15:00Z'], ['4/26/1992:+285', '%m/%d/%Y:%Z', '1992-04-25T19:15:00Z'],
    ];
    for (const [dateString, format, expected] of cases) expect(fromString({ dateString, format }), format).toEqual(D(expected));
  });
  it('ISO year, week and day of week (%G, %V, %u)', () => {
    const cases: [string, string, string][] = [
      ['2017', '%G', '2017-01-02T00:00:00Z'], ['2017, Week 53', '%G, Week %V', '2018-01-01T00:00:00Z'], ['2017, Day 5', '%G, Day %u', '2017-01-06T00:00:00Z'],
      ['53.7.2017', '%V.%u.%G', '2018-01-07T00:00:00Z'], ['1.1.1', '%V.%u.%G', '0001-01-01T00:00:00Z'],
    ];
    for (const [dateString, format, expected] of cases) expect(fromString({ dateString, format }), format).toEqual(D(expected));
  });
  it('an incomplete string, a broken string: ConversionFailure (241)', () => {
    for (const dateString of ['July 4th', '12:50:53']) {
      expect(errorOf({ dateString })).toEqual({ code: 241, errmsg: `an incomplete date/time string has been found, with elements missing: "${dateString}"` });
    }
    for (const dateString of ['2017, 12:50:53', '60.Monday1770/06:59']) {
      const e = errorOf({ dateString });
      expect(e.code).toBe(241);
      expect(e.errmsg).toContain('Error parsing date string');
    }
  });
  it('nullish dateString, timezone or format gives null', () => {
    const docs = [{ _id: 0 }, { _id: 1, tz: null }, { _id: 2, tz: BSON_UNDEFINED }];
    for (const doc of docs) {
      expect(fromString({ dateString: '$tz' }, doc)).toBeNull();
      expect(fromString({ dateString: '2017-07-11T17:05:19Z', timezone: '$tz' }, doc)).toBeNull();
      expect(fromString({ dateString: '2017-07-11T17:05:19Z', format: '$tz' }, doc)).toBeNull();
    }
  });
  it('argument errors: 40540 not an object, 40541 unknown argument, 241 dateString not a string', () => {
    expect(exprError({ $dateFromString: 'no-object' }).code).toBe(40540);
    expect(exprError({ $dateFromString: 'no-object' }).errmsg).toContain('$dateFromString only supports an object as an argument');
    expect(exprError({ $dateFromString: { unknown: '$tz' } })).toMatchObject({ code: 40541 });
    expect(errorOf({ dateString: 5 }).errmsg).toContain("$dateFromString requires that 'dateString' be a string");
    expect(exprCode({ $dateFromString: { dateString: 5 } })).toBe(241);
  });
  it('zone information in the string together with a timezone: ConversionFailure', () => {
    expect(errorOf({ dateString: '2017-07-12T22:23:55 GMT+02:00', timezone: 'Europe/Amsterdam' })).toEqual({
      code: 241,
      errmsg: 'you cannot pass in a date/time string with GMT offset together with a timezone argument',
    });
    expect(errorOf({ dateString: '2017-07-12T22:23:55Z', timezone: 'Europe/Amsterdam' })).toEqual({
      code: 241,
      errmsg: "you cannot pass in a date/time string with time zone information ('Z') together with a timezone argument",
    });
    expect(errorOf({ dateString: '2017-07-12T22:23:55 America/New_York', timezone: 'Europe/Amsterdam' }).code).toBe(241);
    expect(errorOf({ dateString: '2017-07-12T22:23:55 Europe/Amsterdam' })).toEqual({
      code: 241,
      errmsg: "Error parsing date string '2017-07-12T22:23:55 Europe/Amsterdam'; 20: passing a time zone identifier as part of the string is not allowed 'E'",
    });
  });
  it('format errors: data missing, trailing data, literal not found, invalid ISO dates, mixing ISO and natural', () => {
    const msg = (dateString: string, format: string, timezone?: string) => errorOf(timezone ? { dateString, format, timezone } : { dateString, format });
    expect(msg('2018-01', '%Y-%m-%d')).toEqual({ code: 241, errmsg: "Error parsing date string '2018-01'; 7: Not enough data available to satisfy format '\0'" });
    expect(msg('2018-01', '%Y').errmsg).toContain('Trailing data');
    expect(msg('1992-26-04', 'Y-d-m').errmsg).toContain('Format literal not found');
    expect(exprError({ $dateFromString: { dateString: '1992', format: '%n' } })).toMatchObject({ code: 18536 });
    expect(msg('4/26/1992:+0445', '%m/%d/%Y:%z', '+0500').errmsg).toBe('you cannot pass in a date/time string with GMT offset together with a timezone argument');
    for (const format of [5, {}] as Lit[]) {
      const e = exprError({ $dateFromString: { dateString: '4/26/1992', format } });
      expect(e.code).toBe(40684);
      expect(e.errmsg).toContain("$dateFromString requires that 'format' be a string");
    }
    expect(msg('ISO Day 6', 'ISO Day %u').errmsg).toContain('The parsed date was invalid');
    expect(msg('ISO Week 52', 'ISO Week %V').errmsg).toContain('The parsed date was invalid');
    expect(msg('ISO Week 1, 2018', 'ISO Week %V, %Y').errmsg).toContain('Mixing of ISO dates with natural dates is not allowed');
    expect(msg('12/31/2018', '%m/%d/%G').errmsg).toContain('Mixing of ISO dates with natural dates is not allowed');
  });
  it('a NUL ends the string and the format as timelib reads them', () => {
    expect(errorOf({ dateString: '12/31\0/2018', format: '%m/%d/%Y' }).errmsg).toContain('Not enough data available to satisfy format');
    expect(errorOf({ dateString: '12/31/2018', format: '%m/%d\0/%Y' }).errmsg).toContain('Trailing data');
  });
});

describe('date_from_string_on_error.js', () => {
  const onError = D('2017-07-04T11:56:02Z');
  it('onError answers an unparsable string, a string that is not a date, a non-string, a format that does not match', () => {
    for (const dateString of ['July 4th', '12:50:53', '2017', '60.Monday1770/06:59', 'Not even close', 'July 4th, 10000']) {
      expect(fromString({ dateString, onError }), dateString).toEqual(onError);
    }
    for (const dateString of [5, { year: 2018, month: 2, day: 5 }, ['2018-02-05']] as Lit[]) expect(fromString({ dateString, onError })).toEqual(onError);
    for (const format of ['%Y', '%Y-%m-%dT%H', 'Y-m-d']) expect(fromString({ dateString: '2018-02-06', format, onError }), format).toEqual(onError);
  });
  it('a nullish dateString, format or timezone gives null, whatever onError says', () => {
    for (const nullish of [null, BSON_UNDEFINED, '$missing'] as Lit[]) {
      expect(fromString({ dateString: nullish, onError })).toBeNull();
      expect(fromString({ dateString: '2018-02-06T11:56:02Z', format: nullish, onError })).toBeNull();
      expect(fromString({ dateString: '2018-02-06T11:56:02Z', timezone: nullish, onError })).toBeNull();
    }
  });
  it('a non-string dateString wins over a nullish format or timezone; an invalid string does not', () => {
    expect(fromString({ dateString: 5, format: null, onError })).toEqual(onError);
    expect(fromString({ dateString: 5, timezone: '$missing', onError })).toEqual(onError);
    expect(fromString({ dateString: 'Invalid date string', format: null, onError })).toBeNull();
    expect(fromString({ dateString: 'Invalid date string', timezone: '$missing', onError })).toBeNull();
  });
  it('onError can be any value; missing leaves the field out', () => {
    for (const value of [{}, 5, 'Not a date', null] as Lit[]) {
      expect(fromString({ dateString: 'invalid', onError: value })).toEqual(value !== null && typeof value === 'object' ? d({}) : value);
    }
    expect(fromString({ dateString: 'invalid', onError: BSON_UNDEFINED })).toEqual(BSON_UNDEFINED);
    expect(fromString({ dateString: 'invalid', onError: '$missing' })).toBeUndefined();
  });
  it('onError does not catch an invalid format: 40684, 18536', () => {
    expect(exprError({ $dateFromString: { dateString: '4/26/1992', format: 5, onError } }).code).toBe(40684);
    expect(exprError({ $dateFromString: { dateString: '4/26/1992', format: '%n', onError } })).toMatchObject({ code: 18536, errmsg: "Invalid format character '%n' in format string" });
  });
});

describe('date_from_string_on_null.js', () => {
  const onNull = D('2017-07-04T11:56:02Z');
  it('onNull answers a nullish dateString; a nullish format or timezone still gives null', () => {
    for (const nullish of [null, BSON_UNDEFINED, '$missing'] as Lit[]) {
      expect(fromString({ dateString: nullish, onNull })).toEqual(onNull);
      expect(fromString({ dateString: '2018-02-06T11:56:02Z', format: nullish, onNull })).toBeNull();
      expect(fromString({ dateString: '2018-02-06T11:56:02Z', timezone: nullish, onNull })).toBeNull();
    }
  });
  it('onNull can be any value; missing leaves the field out', () => {
    for (const value of [{}, 5, 'Not a date', null] as Lit[]) {
      expect(fromString({ dateString: '$missing', onNull: value })).toEqual(value !== null && typeof value === 'object' ? d({}) : value);
    }
    expect(fromString({ dateString: '$missing', onNull: BSON_UNDEFINED })).toEqual(BSON_UNDEFINED);
    expect(fromString({ dateString: '$missing', onNull: '$missing' })).toBeUndefined();
  });
});
