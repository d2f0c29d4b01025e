/**
 * Date expressions over the whole int64 date range: conversions are exact, date parts are read
 * from the proleptic Gregorian calendar, and arithmetic that leaves int64 fails instead of making
 * a NaN date.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson/values.js';
import { canon, ejson, run, testEngine } from '../commands/testing.js';

const MAX = '{"$date": {"$numberLong": "9223372036854775807"}}';
const MIN = '{"$date": {"$numberLong": "-9223372036854775808"}}';

function project(expr: string): string {
  const engine = testEngine();
  run(
    engine,
    't',
    `{"insert": "c", "documents": [{"_id": 1, "max": ${MAX}, "min": ${MIN}, "y2020": {"$date": "2020-01-01T00:00:00Z"}}]}`,
  );
  const reply = run(
    engine,
    't',
    `{"aggregate": "c", "cursor": {}, "pipeline": [{"$project": {"_id": 0, "r": ${expr}}}]}`,
  );
  const cursor = reply.get('cursor') as Doc | undefined;
  return ejson(cursor ? (cursor.get('firstBatch') as Doc[])[0]!.get('r')! : reply);
}

/** aggregate's reply for an error raised while its executor reads a document (handleCursorCommand's context). */
function error(code: number, message: string, codeName = `Location${code}`): string {
  const errmsg = `PlanExecutor error during aggregation :: caused by :: ${message}`;
  return canon(JSON.stringify({ ok: 0.0, errmsg, code, codeName })).replace(
    '"ok":{"$numberInt":"0"}',
    '"ok":{"$numberDouble":"0.0"}',
  );
}

describe('dates outside the JS Date range in expressions', () => {
  it('$toDate of NumberLong max is that date, not an invalid one (the issue example)', () => {
    expect(project('{"$toDate": {"$numberLong": "9223372036854775807"}}')).toBe(canon(MAX));
  });

  it('$toLong, $convert to decimal and to double read the exact count', () => {
    expect(project('{"$toLong": "$max"}')).toBe(canon('{"$numberLong": "9223372036854775807"}'));
    expect(project('{"$convert": {"input": "$min", "to": "decimal"}}')).toBe(
      canon('{"$numberDecimal": "-9223372036854775808"}'),
    );
    expect(project('{"$convert": {"input": "$max", "to": "double"}}')).toBe(canon('9223372036854775808.0'));
  });

  it('date parts come from the proleptic Gregorian calendar (292278994-08-17T07:12:55.807Z)', () => {
    expect(project('{"$year": "$max"}')).toBe(canon('292278994'));
    expect(project('{"$month": "$max"}')).toBe(canon('8'));
    expect(project('{"$dayOfMonth": "$max"}')).toBe(canon('17'));
    expect(project('{"$hour": "$max"}')).toBe(canon('7'));
    expect(project('{"$millisecond": "$max"}')).toBe(canon('807'));
    expect(project('{"$year": "$min"}')).toBe(canon('-292275055'));
    expect(project('{"$dateToString": {"date": "$max", "format": "%m-%d %H:%M:%S"}}')).toBe(canon('"08-17 07:12:55"'));
  });

  it('$toString and $dateToString %Y fail with 18537 outside years 0-9999', () => {
    expect(project('{"$toString": "$max"}')).toBe(
      error(
        18537,
        'Could not convert date to string: date component was outside the supported range of 0-9999: 292278994',
      ),
    );
  });

  it('$add past int64 fails with 15 "date overflow"', () => {
    expect(project('{"$add": ["$max", 1]}')).toBe(error(15, 'date overflow', 'Overflow'));
    expect(project('{"$add": ["$y2020", {"$numberLong": "9223372036854775807"}]}')).toBe(
      error(15, 'date overflow', 'Overflow'),
    );
    expect(project('{"$add": ["$min", {"$numberLong": "1"}]}')).toBe(
      canon('{"$date": {"$numberLong": "-9223372036854775807"}}'),
    );
  });

  it('$subtract of dates is exact and fails with DurationOverflow past int64', () => {
    expect(project('{"$subtract": ["$max", "$y2020"]}')).toBe(canon('{"$numberLong": "9223370459017975807"}'));
    expect(project('{"$subtract": ["$max", "$min"]}')).toBe(
      error(159, 'Overflow while subtracting -9223372036854775808ms from 9223372036854775807ms', 'DurationOverflow'),
    );
  });

  it('$dateAdd and $dateSubtract stay exact and fail when leaving int64', () => {
    expect(project('{"$dateSubtract": {"startDate": "$max", "unit": "millisecond", "amount": 7}}')).toBe(
      canon('{"$date": {"$numberLong": "9223372036854775800"}}'),
    );
    expect(project('{"$dateAdd": {"startDate": "$max", "unit": "millisecond", "amount": 1}}')).toBe(
      error(159, 'Overflow while adding 1ms to 9223372036854775807ms', 'DurationOverflow'),
    );
    expect(project('{"$dateAdd": {"startDate": "$max", "unit": "second", "amount": 1}}')).toBe(
      error(5166406, 'dateAdd overflowed'),
    );
    expect(project('{"$dateAdd": {"startDate": "$y2020", "unit": "year", "amount": 584942418}}')).toBe(
      error(5976500, "invalid dateAdd 'amount' parameter value: 584942418 year"),
    );
    expect(project('{"$year": {"$dateAdd": {"startDate": "$y2020", "unit": "year", "amount": 100000000}}}')).toBe(
      canon('100002020'),
    );
    expect(project('{"$dateDiff": {"startDate": "$y2020", "endDate": "$max", "unit": "year"}}')).toBe(
      canon('{"$numberLong": "292276974"}'),
    );
  });
});
