import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from './ejson.js';
import { compareValues, valuesEqual } from './compare.js';
import type { Value } from './values.js';

describe('BSON comparison order across types', () => {
  it('orders one value of every type as the server does', () => {
    const ordered = [
      '{"$minKey":1}',
      '{"$undefined":true}',
      'null',
      '{"$numberInt":"1"}',
      '"a"',
      '{"a":1}',
      '[1]',
      '{"$binary":{"base64":"AA==","subType":"00"}}',
      '{"$oid":"000000000000000000000000"}',
      'false',
      '{"$date":{"$numberLong":"0"}}',
      '{"$timestamp":{"t":0,"i":0}}',
      '{"$regularExpression":{"pattern":"a","options":""}}',
      '{"$code":"x"}',
      '{"$maxKey":1}',
    ].map((t) => parseEJSON(t));
    const shuffled = [...ordered].reverse();
    shuffled.sort((a, b) => compareValues(a, b));
    expect(shuffled.map((v) => stringifyEJSON(v))).toEqual(ordered.map((v) => stringifyEJSON(v)));
  });

  it('compares numbers by value across int32, int64, double and decimal', () => {
    const v = (t: string): Value => parseEJSON(t);
    expect(valuesEqual(v('{"$numberInt":"1"}'), v('1.0'))).toBe(true);
    expect(valuesEqual(v('{"$numberLong":"1"}'), v('{"$numberDecimal":"1.00"}'))).toBe(true);
    expect(compareValues(v('{"$numberDouble":"NaN"}'), v('{"$numberDouble":"-Infinity"}'))).toBeLessThan(0);
    expect(compareValues(v('{"$numberLong":"9223372036854775807"}'), v('9223372036854775807.0'))).toBeLessThan(0);
    expect(compareValues(v('{"$numberDecimal":"0.3"}'), v('0.3'))).toBeGreaterThan(0); // 0.3 (double) is 0.29999…
    expect(valuesEqual(v('"a"'), v('{"$symbol":"a"}'))).toBe(true);
  });
});
