/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for the calendar fields of a date:
 * iso_date_exprs.js, date_expr_before_1970.js, extract_missing_date.js. Each expression runs
 * through aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { expr, exprCode, i } from './harness.js';

const D = (s: string): Date => new Date(s);
const pad2 = (n: number): string => String(n).padStart(2, '0');

describe('iso_date_exprs.js', () => {
  // jstests/libs/dateutil.js
  const newYear = (y: number) => D(`${y}-01-01T00:00:00Z`);
  const endOfFirstWeek = (y: number, day: number) => D(`${y}-01-${pad2(7 - day + 1)}T23:59:59Z`);
  const startOfSecondWeek = (y: number, day: number) => D(`${y}-01-${pad2(7 - day + 2)}T00:00:00Z`);
  const birthday = (y: number) => D(`${y}-07-05T21:36:00+02:00`);
  const endOfSecondToLastWeek = (y: number, day: number, leap: boolean) => D(`${y}-12-${pad2(31 - day - (leap ? 1 : 0))}T23:59:59Z`);
  const startOfLastWeek = (y: number, day: number, leap: boolean) => D(`${y}-12-${pad2(31 - day + (leap ? 0 : 1))}T00:00:00Z`);
  const newYearsEve = (y: number) => D(`${y}-12-31T23:59:59Z`);
  const shift = (dow: number, n: number) => ((dow - 1 + n) % 7) + 1;
  const years = {
    common: [1900, 2002, 2014, 2015, 2010, 2011, 2006],
    leap: [1996, 2008, 1992, 2004, 2016, 2000, 2012],
    commonAfterLeap: [2001, 2013, 1997, 2009, 1993, 2005, 2017],
  };
  const [THURSDAY, FRIDAY, SATURDAY, TUESDAY, WEDNESDAY] = [4, 5, 6, 2, 3];

  it('%G and %V in either order', () => {
    expect(expr({ $dateToString: { date: D('1900-12-31T23:59:59Z'), format: '%V-%G' } })).toBe('01-1901');
    expect(expr({ $dateToString: { date: D('1900-12-31T23:59:59Z'), format: '%G-%V' } })).toBe('1901-01');
    expect(expr({ $isoDayOfWeek: '$date' }, { date: D('2021-04-14T04:48:00.00Z') })).toEqual(i(3));
  });

  for (const type of ['common', 'leap', 'commonAfterLeap'] as const) {
    it(`$isoDayOfWeek, $isoWeek, $isoWeekYear and %G-W%V-%u at the edges of ${type} years starting on each weekday`, () => {
      const leap = type === 'leap';
      years[type].forEach((year, index) => {
        const day = index + 1;
        const op = (name: string, date: Date) => Number(String(expr({ [name]: '$d' }, { d: date })));
        const str = (date: Date) => expr({ $dateToString: { format: '%G-W%V-%u', date: '$d' } }, { d: date });
        const check = (name: string, date: Date, expected: number) => expect(op(name, date), `${name} ${date.toISOString()}`).toBe(expected);
        check('$isoDayOfWeek', newYear(year), day);
        check('$isoDayOfWeek', endOfFirstWeek(year, day), 7);
        check('$isoDayOfWeek', startOfSecondWeek(year, day), 1);
        check('$isoDayOfWeek', endOfSecondToLastWeek(year, day, leap), 7);
        check('$isoDayOfWeek', startOfLastWeek(year, day, leap), 1);
        check('$isoDayOfWeek', newYearsEve(year), leap ? shift(day, 1) : day);
        check('$isoDayOfWeek', birthday(year), leap ? shift(day, 4) : shift(day, 3));
        check('$isoWeekYear', birthday(year), year);
        check('$isoWeek', birthday(year), leap && day === THURSDAY ? 28 : 27);

        const [firstWeek, firstYear] = day <= THURSDAY ? [1, year] : day === FRIDAY || (day === SATURDAY && type === 'commonAfterLeap') ? [53, year - 1] : [52, year - 1];
        check('$isoWeek', newYear(year), firstWeek);
        check('$isoWeekYear', newYear(year), firstYear);
        check('$isoWeek', endOfFirstWeek(year, day), firstWeek);
        check('$isoWeekYear', endOfFirstWeek(year, day), firstYear);
        check('$isoWeek', startOfSecondWeek(year, day), day <= THURSDAY ? 2 : 1);
        check('$isoWeekYear', startOfSecondWeek(year, day), year);
        expect(str(newYear(year))).toBe(`${firstYear}-W${pad2(firstWeek)}-${day}`);

        // [new year's eve week, its year, second-to-last week, last week's start week, its year]
        let last: [number, number, number, number, number];
        if (leap) {
          if (day <= TUESDAY) last = [1, year + 1, 52, 1, year + 1];
          else if (day <= THURSDAY) last = [53, year, 52, 53, year];
          else if (day <= SATURDAY) last = [52, year, 51, 52, year];
          else last = [1, year + 1, 51, 52, year];
        } else if (day <= WEDNESDAY) last = [1, year + 1, 52, 1, year + 1];
        else if (day === THURSDAY) last = [53, year, 52, 53, year];
        else last = [52, year, 51, 52, year];
        check('$isoWeek', newYearsEve(year), last[0]);
        check('$isoWeekYear', newYearsEve(year), last[1]);
        check('$isoWeek', endOfSecondToLastWeek(year, day, leap), last[2]);
        check('$isoWeekYear', endOfSecondToLastWeek(year, day, leap), year);
        check('$isoWeek', startOfLastWeek(year, day, leap), last[3]);
        check('$isoWeekYear', startOfLastWeek(year, day, leap), last[4]);
        expect(str(newYearsEve(year))).toBe(`${last[1]}-W${pad2(last[0])}-${leap ? shift(day, 1) : day}`);
      });
    });
  }
});

describe('date_expr_before_1970.js', () => {
  const fields = (date: Date) => {
    const fmt = date.getUTCMilliseconds() === 0 ? 'ISODate("%Y-%m-%dT%H:%M:%SZ")' : 'ISODate("%Y-%m-%dT%H:%M:%S.%LZ")';
    return expr(
      {
        year: { $year: '$date' }, month: { $month: '$date' }, dayOfMonth: { $dayOfMonth: '$date' }, hour: { $hour: '$date' },
        minute: { $minute: '$date' }, second: { $second: '$date' }, millisecond: { $millisecond: '$date' },
        millisecondPlusTen: { $millisecond: { $add: ['$date', 10] } }, format: { $dateToString: { format: fmt, date: '$date' } },
      },
      { date },
    ) as Map<string, unknown>;
  };
  const tojson = (date: Date) => {
    const iso = date.toISOString();
    return `ISODate("${date.getUTCMilliseconds() === 0 ? iso.replace('.000Z', 'Z') : iso}")`;
  };
  const dates = [
    D('1960-01-02T03:04:05.006Z'), D('1960-01-02T03:04:04.999Z'), D('1960-01-02T03:04:05.000Z'), D('1960-01-02T03:04:05.001Z'),
    D('1960-01-02T03:04:05.999Z'), D('1860-01-02T03:04:05.006Z'), new Date(-1000), new Date(0), D('1970-01-01T00:00:00.000Z'),
    D('1970-01-01T00:00:00.999Z'), D('1980-05-20T12:54:04.834Z'), D('1999-12-31T00:00:00.000Z'), D('1999-12-31T23:59:59.999Z'), new Date(),
  ];
  it('date parts and %-formatting of dates before and after the epoch floor toward the past', () => {
    for (const date of dates) {
      const out = fields(date);
      const n = (k: string) => Number(String(out.get(k)));
      expect([n('year'), n('month'), n('dayOfMonth'), n('hour'), n('minute'), n('second'), n('millisecond')], date.toISOString()).toEqual([
        date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds(),
      ]);
      expect(n('millisecondPlusTen')).toBe((date.getUTCMilliseconds() + 10) % 1000);
      expect(out.get('format')).toBe(tojson(date));
    }
  });
  it('$week, $dayOfWeek, $dayOfYear and %U-%w-%j of 1960-01-02', () => {
    for (const date of [dates[0]!, dates[2]!, dates[3]!, dates[4]!]) {
      expect(expr({ $week: '$d' }, { d: date })).toEqual(i(0));
      expect(expr({ $dayOfWeek: '$d' }, { d: date })).toEqual(i(7));
      expect(expr({ $dayOfYear: '$d' }, { d: date })).toEqual(i(2));
      expect(expr({ $dateToString: { format: '%U-%w-%j', date: '$d' } }, { d: date })).toBe('00-7-002');
    }
  });
});

describe('extract_missing_date.js', () => {
  // The jstest accepts TypeMismatch (14) beside 16609, 16555 and 16556: the codes since 6.1.
  it('arithmetic on a date: 16612 for two dates, 16611 mod, TypeMismatch for divide, multiply and subtract from a number', () => {
    const doc = { date: new Date() };
    expect(exprCode({ $add: ['$date', '$date'] }, doc)).toBe(16612);
    expect(exprCode({ $divide: ['$date', 2] }, doc)).toBe(14);
    expect(exprCode({ $mod: ['$date', 2] }, doc)).toBe(16611);
    expect(exprCode({ $multiply: ['$date', 2] }, doc)).toBe(14);
    expect(exprCode({ $subtract: [2, '$date'] }, doc)).toBe(14);
  });
});
