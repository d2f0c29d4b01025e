/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for date parts: date_to_parts.js,
 * date_from_parts.js, day_of_expressions.js, date_expressions_with_timezones.js. Each expression
 * runs through aggregate and an update pipeline (harness.ts); the jstests' expected codes are the
 * classic engine's.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128, ObjectId, Timestamp } from '../../bson/values.js';
import { aggregate, collection, d, expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const D = (s: string): Date => new Date(s);
const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const parts = (year: number, month: number, day: number, hour: number, minute: number, second: number, millisecond: number) =>
  d({ year: i(year), month: i(month), day: i(day), hour: i(hour), minute: i(minute), second: i(second), millisecond: i(millisecond) });
const isoParts = (isoWeekYear: number, isoWeek: number, isoDayOfWeek: number, hour: number, minute: number, second: number, millisecond: number) =>
  d({ isoWeekYear: i(isoWeekYear), isoWeek: i(isoWeek), isoDayOfWeek: i(isoDayOfWeek), hour: i(hour), minute: i(minute), second: i(second), millisecond: i(millisecond) });

describe('date_to_parts.js', () => {
  const date = D('2017-06-19T15:13:25.713Z');
  const toParts = (args: Lit, doc: Lit) => expr({ $dateToParts: args }, doc);
  it('natural parts in UTC by default, in the zone given, iso8601 false', () => {
    for (const tz of ['UTC', 'Europe/London', 'America/New_York']) expect(toParts({ date: '$date' }, { date, tz })).toEqual(parts(2017, 6, 19, 15, 13, 25, 713));
    const cases: [string, number][] = [['UTC', 15], ['Europe/London', 16], ['America/New_York', 11]];
    for (const [tz, hour] of cases) {
      expect(toParts({ date: '$date', timezone: '$tz' }, { date, tz })).toEqual(parts(2017, 6, 19, hour, 13, 25, 713));
      expect(toParts({ date: '$date', timezone: '$tz', iso8601: false }, { date, tz })).toEqual(parts(2017, 6, 19, hour, 13, 25, 713));
      expect(toParts({ date: '$date', timezone: '$tz', iso8601: true }, { date, tz })).toEqual(isoParts(2017, 25, 1, hour, 13, 25, 713));
    }
    expect(toParts({ date: '$date', timezone: '$tz', iso8601: '$iso' }, { date, tz: 'America/New_York', iso: true })).toEqual(isoParts(2017, 25, 1, 11, 13, 25, 713));
    expect(toParts({ date: '$date', timezone: '$tz', iso8601: '$iso' }, { date, tz: 'America/New_York', iso: false })).toEqual(parts(2017, 6, 19, 11, 13, 25, 713));
  });
  it('an ObjectId is its timestamp (milliseconds 0)', () => {
    const doc = { _id: new ObjectId('58c7cba47bbadf523cf2c313'), date, tz: 'Europe/London' };
    expect(toParts({ date: '$date', timezone: '$tz', iso8601: true }, doc)).toEqual(isoParts(2017, 25, 1, 16, 13, 25, 713));
    expect(toParts({ date: '$_id', timezone: '$tz', iso8601: false }, doc)).toEqual(parts(2017, 3, 14, 10, 53, 24, 0));
  });
  it('missing timezone, iso8601 or date gives null', () => {
    expect(toParts({ date: '$date', timezone: '$tz' }, { date: D('2017-06-27T12:00:20Z') })).toBeNull();
    expect(toParts({ date: '$date', iso8601: '$iso8601' }, { date: D('2017-06-27T12:00:20Z') })).toBeNull();
    expect(toParts({ date: '$date' }, { tz: 'Europe/London' })).toBeNull();
  });
  it('errors: 40522 no date, 40521 iso8601 type, 16006, 40517, 40485', () => {
    const doc = { date: D('2017-06-27T12:00:20Z') };
    expect(exprCode({ $dateToParts: { timezone: '$tz' } }, doc)).toBe(40522);
    expect(exprCode({ $dateToParts: { date: '$date', timezone: '$tz', iso8601: 5 } }, { ...doc, tz: 'UTC' })).toBe(40521);
    expect(exprCode({ $dateToParts: { date: 42 } }, doc)).toBe(16006);
    expect(exprCode({ $dateToParts: { date: '$date', timezone: 5 } }, doc)).toBe(40517);
    expect(exprCode({ $dateToParts: { date: '$date', timezone: 'DoesNot/Exist' } }, doc)).toBe(40485);
  });
});

describe('date_from_parts.js', () => {
  const fromParts = (args: Lit, doc: Lit = {}) => expr({ $dateFromParts: args }, doc);
  it('year alone in a zone, and parts from a sub-document', () => {
    expect(fromParts({ year: '$year', timezone: '$timezone' }, { year: 2017, timezone: 'Europe/Amsterdam' })).toEqual(D('2016-12-31T23:00:00Z'));
    expect(fromParts({ year: '$year', timezone: '$timezone' }, { year: 2017, timezone: 'Asia/Tokyo' })).toEqual(D('2016-12-31T15:00:00Z'));
    const date = { year: 2017, month: 6, day: 19, hour: 15, minute: 13, second: 25, millisecond: 713, timezone: 'America/Chicago' };
    expect(fromParts({ year: '$date.year', month: '$date.month', day: '$date.day', timezone: '$date.timezone' }, { date })).toEqual(D('2017-06-19T05:00:00Z'));
  });
  it('every numeric type and every part from a field, in a zone or at an offset', () => {
    const doc = { year: 2017, month: 6, day: 23, hour: 14, minute: 27, second: 37, millisecond: 742, timezone: 'Europe/Berlin' };
    const expected = D('2017-06-23T12:27:37.742Z');
    const all = (f: (n: number) => Lit, tz: Lit = 'Europe/Berlin') => ({
      timezone: tz, year: f(2017), month: f(6), day: f(23), hour: f(14), minute: f(27), second: f(37), millisecond: f(742),
    });
    for (const f of [(n: number) => n, (n: number) => i(n), (n: number) => l(n), (n: number) => dec(String(n))]) expect(fromParts(all(f), doc)).toEqual(expected);
    expect(fromParts(all((n) => n, '+02:00'), doc)).toEqual(expected);
    expect(fromParts({ ...all((n) => n, '-02'), hour: 10 }, doc)).toEqual(expected);
    expect(fromParts({ ...all((n) => n, '+04:15'), hour: 16, minute: 42 }, doc)).toEqual(expected);
    expect(fromParts(all((n) => n, '$timezone'), doc)).toEqual(expected);
    for (const k of ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond']) expect(fromParts({ ...all((n) => n), [k]: `$${k}` }, doc), k).toEqual(expected);
  });
  it('a missing part or timezone gives null', () => {
    const nullCases: Lit[] = [
      { year: '$year' }, { year: 2017, month: '$month' }, { year: 2017, day: '$day' }, { year: 2017, hour: '$hour' }, { year: 2017, minute: '$minute' },
      { year: 2017, second: '$second' }, { year: 2017, millisecond: '$millisecond' }, { isoWeekYear: '$isoWeekYear' },
      { isoWeekYear: 2017, isoWeek: '$isoWeek' }, { isoWeekYear: 2017, isoDayOfWeek: '$isoDayOfWeek' }, { year: 2017, timezone: '$timezone' },
    ];
    for (const args of nullCases) expect(fromParts(args), JSON.stringify(args)).toBeNull();
  });
  it('a part that is not an integer fails with 40515, a timezone that is not a string with 40517', () => {
    const doc = { falseValue: false };
    const cases: Lit[] = [
      { year: '$falseValue' }, { year: 2017, month: '$falseValue' }, { year: 2017, day: '$falseValue' }, { year: 2017, hour: '$falseValue' },
      { year: 2017, minute: '$falseValue' }, { year: 2017, second: '$falseValue' }, { year: 2017, millisecond: '$falseValue' },
      { isoWeekYear: '$falseValue' }, { isoWeekYear: 2017, isoWeek: '$falseValue' }, { isoWeekYear: 2017, isoDayOfWeek: '$falseValue' },
      { year: '2017' }, { year: 2017.3 }, { year: dec('2017.3') },
    ];
    for (const args of cases) expect(exprCode({ $dateFromParts: args }, doc), JSON.stringify(args)).toBe(40515);
    expect(exprCode({ $dateFromParts: { year: '$f' } }, { f: 2017.5 })).toBe(40515);
    expect(exprCode({ $dateFromParts: { year: '$f' } }, { f: dec('2017.5') })).toBe(40515);
    expect(exprCode({ $dateFromParts: { year: 2017, timezone: '$falseValue' } }, doc)).toBe(40517);
    expect(exprCode({ $dateFromParts: { year: 2012, timezone: 'DoesNot/Exist' } })).toBe(40485);
    expect(exprCode({ $dateFromParts: { year: 2012, timezone: 5 } })).toBe(40517);
  });
  it('year outside 1…9999 fails with 40523, isoWeekYear with 31095', () => {
    for (const year of [10002, -1, 0, 10000]) {
      expect(exprError({ $dateFromParts: { year: '$y' } }, { y: year })).toEqual({ code: 40523, errmsg: `'year' must evaluate to an integer in the range 1 to 9999, found ${year}` });
    }
    for (const year of [10000, 0]) expect(exprError({ $dateFromParts: { isoWeekYear: '$y' } }, { y: year }).errmsg).toContain("'isoWeekYear' must evaluate to an integer in the range 1 to 9999");
  });
  it('parts outside their calendar range carry over (timelib normalisation)', () => {
    const doc = {
      minusOne: -1, zero: 0, one: 1, thirteen: 13, twentyFive: 25, sixtyOne: 61, thousandAndOne: 1001, tenThousandMinusOne: 9999,
      seventyMillionAndSomething: 71841012, secondsSinceEpoch: 1502095918, millisSinceEpoch: l(1502095918551),
    };
    const tests: [string, Lit][] = [
      ['0001-01-01T00:00:00.000Z', { year: '$one' }], ['9999-01-01T00:00:00.000Z', { year: '$tenThousandMinusOne' }],
      ['2016-11-01T00:00:00.000Z', { year: 2017, month: '$minusOne' }], ['2016-12-01T00:00:00.000Z', { year: 2017, month: '$zero' }],
      ['2018-01-01T00:00:00.000Z', { year: 2017, month: '$thirteen' }], ['2016-12-30T00:00:00.000Z', { year: 2017, day: '$minusOne' }],
      ['2016-12-31T00:00:00.000Z', { year: 2017, day: '$zero' }], ['2017-03-02T00:00:00.000Z', { year: 2017, day: '$sixtyOne' }],
      ['2016-12-31T23:00:00.000Z', { year: 2017, hour: '$minusOne' }], ['2017-01-02T01:00:00.000Z', { year: 2017, hour: '$twentyFive' }],
      ['2016-12-31T23:59:00.000Z', { year: 2017, minute: '$minusOne' }], ['2017-01-01T00:00:00.000Z', { year: 2017, minute: '$zero' }],
      ['2017-01-01T01:01:00.000Z', { year: 2017, minute: '$sixtyOne' }], ['2016-12-31T23:59:59.000Z', { year: 2017, second: '$minusOne' }],
      ['2017-01-01T00:01:01.000Z', { year: 2017, second: '$sixtyOne' }], ['2019-04-12T11:50:12.000Z', { year: 2017, second: '$seventyMillionAndSomething' }],
      ['1972-04-11T11:50:12.000Z', { year: 1970, second: '$seventyMillionAndSomething' }], ['2017-08-07T08:51:58.000Z', { year: 1970, second: '$secondsSinceEpoch' }],
      ['2016-12-31T23:59:59.999Z', { year: 2017, millisecond: '$minusOne' }], ['2017-01-01T00:00:01.001Z', { year: 2017, millisecond: '$thousandAndOne' }],
      ['2017-01-01T19:57:21.012Z', { year: 2017, millisecond: '$seventyMillionAndSomething' }], ['2017-01-18T09:14:55.918Z', { year: 2017, millisecond: '$secondsSinceEpoch' }],
      ['1970-01-01T19:57:21.012Z', { year: 1970, millisecond: '$seventyMillionAndSomething' }], ['2017-08-07T08:51:58.551Z', { year: 1970, millisecond: '$millisSinceEpoch' }],
    ];
    for (const [expected, args] of tests) expect(fromParts(args, doc), JSON.stringify(args)).toEqual(D(expected));
  });
  it('milliseconds past the 64-bit microsecond range: DurationOverflow 159, or 40515 when not a 64-bit integer', () => {
    const doc = { veryBigDoubleA: 18014398509481984.0, veryBigDecimal128A: dec('9223372036854775807'), veryBigDoubleB: 18014398509481984000.0, veryBigDecimal128B: dec('9223372036854775807000') };
    for (const f of ['$veryBigDoubleA', '$veryBigDecimal128A']) {
      expect(exprError({ $dateFromParts: { year: 1970, millisecond: f } }, doc)).toEqual({ code: 159, errmsg: 'Overflow casting from a lower-precision duration to a higher-precision duration' });
    }
    for (const f of ['$veryBigDoubleB', '$veryBigDecimal128B']) {
      expect(exprError({ $dateFromParts: { year: 1970, millisecond: f } }, doc).errmsg).toContain("'millisecond' must evaluate to an integer");
      expect(exprCode({ $dateFromParts: { year: 1970, millisecond: f } }, doc)).toBe(40515);
    }
  });
  it('month, day, hour, minute, isoWeek, isoDayOfWeek outside [-32768, 32767] fail with 31034', () => {
    const doc = { prettyBigInt: 32768, prettyBigNegativeInt: -32769 };
    const cases: [string, Lit][] = [
      ['month', { year: 1970 }], ['day', { year: 1970, month: 1 }], ['hour', { year: 1970 }], ['minute', { year: 1970, hour: 0 }],
      ['isoWeek', { isoWeekYear: 1970 }], ['isoDayOfWeek', { isoWeekYear: 1970 }],
    ];
    for (const [name, base] of cases) {
      for (const f of ['$prettyBigInt', '$prettyBigNegativeInt']) {
        const e = exprError({ $dateFromParts: { ...(base as object), [name]: f } }, doc);
        expect(e.code, `${name} ${f}`).toBe(31034);
        expect(e.errmsg).toContain(`'${name}' must evaluate to a value in the range [-32768, 32767]`);
      }
    }
  });
  it('argument errors: 40519, 40518, 40516, 40489, 40525', () => {
    const cases: [number, Lit][] = [
      [40519, true], [40519, []], [40519, '$date'], [40518, { unknown: true }], [40516, {}], [40516, { timezone: '$timezone' }],
      [40489, { year: 2017, isoWeekYear: 2017 }], [40489, { year: 2017, isoWeek: 3 }], [40489, { year: 2017, isoDayOfWeek: 5 }], [40489, { isoWeekYear: 2017, year: 2017 }],
      [40525, { isoWeekYear: 2017, month: 12 }], [40525, { isoWeekYear: 2017, day: 17 }],
    ];
    for (const [code, args] of cases) expect(exprCode({ $dateFromParts: args }), JSON.stringify(args)).toBe(code);
  });
  it('whole-valued doubles and decimals are integers; ISO parts with a zone or offset', () => {
    expect(fromParts({ year: '$year', month: '$month', day: '$day', hour: '$hour' }, { year: dec('2017'), month: 6.0, day: i(19), hour: l(15) })).toEqual(D('2017-06-19T15:00:00Z'));
    expect(fromParts({ year: '$year', minute: '$minute', second: '$second', millisecond: '$millisecond' }, { year: dec('2017'), minute: 6.0, second: i(19), millisecond: l(15) })).toEqual(D('2017-01-01T00:06:19.015Z'));
    expect(fromParts({ isoWeekYear: '$isoWeekYear', isoWeek: '$isoWeek', isoDayOfWeek: '$isoDayOfWeek' }, { isoWeekYear: dec('2017'), isoWeek: 6.0, isoDayOfWeek: i(4) })).toEqual(D('2017-02-09T00:00:00Z'));
    const zones: [string, string][] = [
      ['2017-06-19T19:01:51.551Z', '-04:00'], ['2017-06-19T12:01:51.551Z', '+03'], ['2017-06-19T18:21:51.551Z', '-0320'],
      ['2017-06-19T19:01:51.551Z', 'America/New_York'], ['2017-06-19T13:01:51.551Z', 'Europe/Amsterdam'],
    ];
    const time = { hour: l(15), minute: dec('1'), second: 51, millisecond: 551 };
    const natural = { year: dec('2017'), month: 6.0, day: i(19), ...time };
    const iso = { isoWeekYear: dec('2017'), isoWeek: 25.0, isoDayOfWeek: i(1), ...time };
    const refs = (o: object) => Object.fromEntries(Object.keys(o).map((k) => [k, `$${k}`]));
    for (const [expected, tz] of zones) {
      expect(fromParts({ ...refs(natural), timezone: tz }, natural), tz).toEqual(D(expected));
      expect(fromParts({ ...refs(iso), timezone: tz }, iso), tz).toEqual(D(expected));
    }
  });
});

describe('day_of_expressions.js', () => {
  const days = (date: Lit, timezone?: string) => {
    const arg = timezone === undefined ? '$date' : { date: '$date', timezone: '$timezone' };
    const doc = timezone === undefined ? { date } : { date, timezone };
    return [expr({ $dayOfYear: arg }, doc), expr({ $dayOfMonth: arg }, doc), expr({ $dayOfWeek: arg }, doc)];
  };
  it('$dayOfYear, $dayOfMonth, $dayOfWeek before and after 1970', () => {
    expect(days(D('1960-01-02T03:04:05Z'))).toEqual([i(2), i(2), i(7)]);
    expect(days(D('1970-01-01T00:00:00.000Z'))).toEqual([i(1), i(1), i(5)]);
    expect(days(D('1980-05-20T12:54:04.834Z'))).toEqual([i(141), i(20), i(3)]);
    expect(days(D('1999-12-31T00:00:00.000Z'))).toEqual([i(365), i(31), i(6)]);
  });
  it('a Timestamp reads as the date of its seconds', () => {
    expect(days(new Timestamp({ t: 1341337661, i: 1 }))).toEqual(days(new Date(1341337661000)));
  });
  it('in a zone or at an offset', () => {
    expect(days(D('2011-01-14T00:00:00Z'), 'UTC')).toEqual([i(14), i(14), i(6)]);
    expect(days(D('1998-11-07T00:00:00Z'), '-0400')).toEqual([i(310), i(6), i(6)]);
  });
  it('errors: 40539 no date, 16006, 40517 timezone type, 40485', () => {
    expect(exprError({ $dayOfYear: { timezone: '$timezone' } }).code).toBe(40539);
    expect(exprCode({ $dayOfYear: { date: 42 } })).toBe(16006);
    // The jstest's 40533 is the code of 3.6; since 3.6.1 makeTimeZone raises 40517.
    expect(exprCode({ $dayOfYear: { date: '$date', timezone: 5 } }, { date: D('2011-01-14T00:00:00Z') })).toBe(40517);
    expect(exprCode({ $dayOfYear: { date: '$date', timezone: 'DoesNot/Exist' } }, { date: D('2011-01-14T00:00:00Z') })).toBe(40485);
  });
});

describe('date_expressions_with_timezones.js', () => {
  const sales = [
    { _id: 0, date: D('2017-06-16T00:00:00.000Z'), sales: 1 },
    { _id: 1, date: D('2017-06-16T12:02:21.013Z'), sales: 2 },
    { _id: 2, date: D('2017-06-17T00:00:00.000Z'), sales: 2 },
    { _id: 3, date: D('2017-06-17T12:02:21.013Z'), sales: 2 },
    { _id: 4, date: D('2017-06-17T15:00:33.101Z'), sales: 2 },
  ];
  const ymd = (timezone?: string) => {
    const arg = timezone ? { date: '$date', timezone } : '$date';
    return { year: { $year: arg }, month: { $month: arg }, day: { $dayOfMonth: arg } };
  };
  it('the day of each sale in UTC, New York and Sydney (the expressions of the $group keys)', () => {
    const days: Record<string, number[]> = { UTC: [16, 16, 17, 17, 17], 'America/New_York': [15, 16, 16, 17, 17], 'Australia/Sydney': [16, 16, 17, 17, 18] };
    for (const [tz, expected] of Object.entries(days)) {
      const keys = ymd(tz === 'UTC' ? undefined : tz);
      sales.forEach((doc, n) => expect(expr(keys, doc), `${tz} ${n}`).toEqual(d({ year: i(2017), month: i(6), day: i(expected[n]!) })));
    }
  });
  it('sales per local day through $group (aggregate only)', () => {
    const coll = collection(sales);
    const perDay = (tz?: string) =>
      aggregate(coll, [{ $group: { _id: ymd(tz), totalSales: { $sum: '$sales' } } }, { $sort: { '_id.year': 1, '_id.month': 1, '_id.day': 1 } }]).map((x) => [
        Number((x.get('_id') as Map<string, unknown>).get('day')),
        Number(x.get('totalSales')),
      ]);
    expect(perDay()).toEqual([[16, 3], [17, 6]]);
    expect(perDay('America/New_York')).toEqual([[15, 1], [16, 4], [17, 4]]);
    expect(perDay('Australia/Sydney')).toEqual([[16, 3], [17, 4], [18, 2]]);
  });
});
