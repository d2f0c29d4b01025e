/**
 * Dates follow the server: a BSON date is a signed 64-bit millisecond count, exact over the whole
 * int64 range, including the dates a JS Date cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { compareValues, valuesEqual } from './compare.js';
import { dateFromMillis, dateMillis, WideDate } from './dates.js';
import { parseEJSON, stringifyEJSON } from './ejson.js';
import { keyOf } from '../catalog/keys.js';
import { formatValue as formatShellValue } from '../shell/format.js';
import { scalarText } from '../worker/views.js';
import type { Doc } from './values.js';

const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';

describe('BSON dates are int64 milliseconds', () => {
  it('{"$date": {"$numberLong": "9223372036854775807"}} parses exactly (and the int64 minimum)', () => {
    const max = parseEJSON(`{"$date": {"$numberLong": "${MAX}"}}`) as Date;
    const min = parseEJSON(`{"$date": {"$numberLong": "${MIN}"}}`) as Date;
    expect(max).toBeInstanceOf(Date);
    expect(dateMillis(max)).toBe(2n ** 63n - 1n);
    expect(dateMillis(min)).toBe(-(2n ** 63n));
  });

  it('a $date past int64 is refused (code 9), never a NaN date', () => {
    expect(() => parseEJSON('{"$date": {"$numberLong": "9223372036854775808"}}')).toThrow(/64-bit|int64|numberLong/);
  });

  it('canonical output is the exact $numberLong; relaxed uses ISO only for years 1970-9999', () => {
    const d = dateFromMillis(BigInt(MAX));
    expect(stringifyEJSON(d)).toBe(`{"$date":{"$numberLong":"${MAX}"}}`);
    expect(stringifyEJSON(d, { relaxed: true })).toBe(`{"$date":{"$numberLong":"${MAX}"}}`);
    expect(stringifyEJSON(dateFromMillis(-1), { relaxed: true })).toBe('{"$date":{"$numberLong":"-1"}}');
    expect(stringifyEJSON(dateFromMillis(0), { relaxed: true })).toBe('{"$date":"1970-01-01T00:00:00.000Z"}');
    expect(stringifyEJSON(dateFromMillis(253402300799999), { relaxed: true })).toBe('{"$date":"9999-12-31T23:59:59.999Z"}');
    expect(stringifyEJSON(dateFromMillis(253402300800000), { relaxed: true })).toBe(
      '{"$date":{"$numberLong":"253402300800000"}}',
    );
  });

  it('dates just outside the JS Date range keep every millisecond', () => {
    for (const ms of [8_640_000_000_000_001n, -8_640_000_000_000_001n, 9_007_199_254_740_993n]) {
      const d = parseEJSON(`{"$date": {"$numberLong": "${ms}"}}`) as Date;
      expect(d).toBeInstanceOf(WideDate);
      expect(dateMillis(d)).toBe(ms);
      expect(dateMillis(parseEJSON(stringifyEJSON(d)) as Date)).toBe(ms);
    }
  });

  it('the shell prints a date outside the JS range as mongosh does: Invalid Date', () => {
    // mongosh reads it through js-bson into a NaN Date, which its inspector prints `Invalid Date`.
    expect(formatShellValue(dateFromMillis(BigInt(MAX)))).toBe('Invalid Date');
    expect(scalarText(dateFromMillis(BigInt(MIN)))).toBe('Invalid Date');
    expect(formatShellValue(dateFromMillis(0))).toBe("ISODate('1970-01-01T00:00:00.000Z')");
  });

  it('compares, sorts, dedups and keys by the exact count', () => {
    const values = [MAX, '8640000000000001', '9223372036854775806', '0', MIN, '-8640000000000001'].map(
      (ms) => parseEJSON(`{"$date": {"$numberLong": "${ms}"}}`) as Date,
    );
    const sorted = [...values].sort((a, b) => compareValues(a, b, null)).map((d) => String(dateMillis(d)));
    expect(sorted).toEqual([MIN, '-8640000000000001', '0', '8640000000000001', '9223372036854775806', MAX]);
    const a = dateFromMillis(BigInt(MAX));
    const b = dateFromMillis(BigInt(MAX) - 1n);
    expect(valuesEqual(a, dateFromMillis(BigInt(MAX)), null)).toBe(true);
    expect(valuesEqual(a, b, null)).toBe(false);
    expect(keyOf(a)).not.toBe(keyOf(b));
    const doc = parseEJSON(`{"d": {"$date": {"$numberLong": "${MAX}"}}}`) as Doc;
    expect(keyOf(doc)).toBe(keyOf(new Map([['d', dateFromMillis(BigInt(MAX))]])));
  });
});
