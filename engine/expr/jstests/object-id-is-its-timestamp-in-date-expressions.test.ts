/**
 * Port of MongoDB's jstests/aggregation/expressions/object_ids_for_date_expressions.js
 * (SERVER-9406): a date expression given an ObjectId reads it as the date of its timestamp (the
 * first four bytes, unsigned seconds: 2038 and later are not negative), so each operator answers
 * for `ObjectId(<seconds>f000000000000000)` exactly what it answers for the Date. The jstest's
 * `now` (the current time moved to the test's year) is a fixed time of day here. Each expression
 * runs through aggregate and an update pipeline (harness.ts); the Date answers themselves are
 * checked by the date jstests' ports.
 */
import { describe, expect, it } from 'vitest';
import { ObjectId } from '../../bson/values.js';
import { expr, type Lit } from './harness.js';

function objectIdOf(date: Date): ObjectId {
  return new ObjectId(`${(date.getTime() / 1000).toString(16).padStart(8, '0')}f000000000000000`);
}

/** testOp: `value` is a date or `{date, …}`; the same operator over the ObjectId must agree. */
function sameForObjectId(op: string, value: Date | { date: Date; [k: string]: Lit }): Lit {
  const withDate = expr({ [op]: value instanceof Date ? value : { ...value } });
  const withId = expr({ [op]: value instanceof Date ? objectIdOf(value) : { ...value, date: objectIdOf(value.date) } });
  expect(withId, `${op} ${JSON.stringify(value)}`).toEqual(withDate);
  expect(withDate).not.toBeNull();
  return withDate as Lit;
}

const pad = (n: number): string => String(n).padStart(2, '0');
// jstests/libs/dateutil.js
const newYear = (y: number) => new Date(`${y}-01-01T00:00:00Z`);
const endOfFirstWeekInYear = (y: number, day: number) => new Date(`${y}-01-${pad(7 - day + 1)}T23:59:59Z`);
const startOfSecondWeekInYear = (y: number, day: number) => new Date(`${y}-01-${pad(7 - day + 2)}T00:00:00Z`);
const birthday = (y: number) => new Date(`${y}-07-05T21:36:00+02:00`);
const newYearsEve = (y: number) => new Date(`${y}-12-31T23:59:59Z`);

describe('object_ids_for_date_expressions.js', () => {
  it('$dateToString with ISO week formats, 2038 included (the timestamp is unsigned)', () => {
    expect(sameForObjectId('$dateToString', { date: new Date('1980-12-31T23:59:59Z'), format: '%V-%G' })).toBe('01-1981');
    expect(sameForObjectId('$dateToString', { date: new Date('1980-12-31T23:59:59Z'), format: '%G-%V' })).toBe('1981-01');
    expect(sameForObjectId('$dateToString', { date: new Date('2038-04-15T09:53:06Z'), format: '%G-%V' })).toBe('2038-15');
  });
  it('every date part over the years whose first and last days fall on each weekday', () => {
    const years = [2002, 2014, 2015, 2010, 2011, 2006, 1996, 2008, 1992, 2004, 2016, 2000, 2012, 2038];
    const day = 1;
    for (const year of years) {
      const now = new Date(Date.UTC(year, 5, 17, 13, 45, 21, 0));
      const cases: [string, Date | { date: Date; format: string }][] = [
        ['$isoDayOfWeek', newYear(year)],
        ['$isoDayOfWeek', endOfFirstWeekInYear(year, day)],
        ['$isoDayOfWeek', startOfSecondWeekInYear(year, day)],
        ['$isoWeekYear', birthday(year)],
        ['$isoWeek', newYear(year)],
        ['$isoWeek', now],
        ['$isoWeekYear', newYear(year)],
        ['$isoWeek', endOfFirstWeekInYear(year, day)],
        ['$dateToString', { format: '%G-W%V-%u', date: newYear(year) }],
        ['$isoWeek', endOfFirstWeekInYear(year, day)],
        ['$year', endOfFirstWeekInYear(year, day)],
        ['$month', endOfFirstWeekInYear(year, day)],
        ['$dayOfMonth', endOfFirstWeekInYear(year, day)],
        ['$dayOfWeek', birthday(year)],
        ['$dayOfWeek', newYearsEve(year)],
        ['$minute', newYearsEve(year)],
        ['$second', now],
        ['$millisecond', newYear(year)],
      ];
      for (const [op, value] of cases) sameForObjectId(op, value);
    }
  });
});
