import { describe, expect, it } from 'vitest';
import { applyTo, parseError } from '../test-support.js';

describe('$currentDate', () => {
  it('sets a date from $$NOW, always counting as a modification', () => {
    const r = applyTo('{"$currentDate": {"a": true}}', '{"_id": 1, "a": {"$date": {"$numberLong": "1700000000000"}}}');
    expect(r.noop).toBe(false);
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$date":{"$numberLong":"1700000000000"}}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":{"$date":"2023-11-14T22:13:20.000Z"}}}}');
  });

  it('sets a timestamp from the cluster time', () => {
    const r = applyTo('{"$currentDate": {"t": {"$type": "timestamp"}, "d": {"$type": "date"}}}', '{"_id": 1}');
    expect(r.canonical).toBe(
      '{"_id":{"$numberInt":"1"},"d":{"$date":{"$numberLong":"1700000000000"}},"t":{"$timestamp":{"t":1700000000,"i":7}}}',
    );
  });

  it('rejects bad specifications', () => {
    expect(parseError('{"$currentDate": {"a": {"$foo": 1}}}')).toBe('2: Unrecognized $currentDate option: $foo');
    expect(parseError('{"$currentDate": {"a": {"$type": "x"}}}')).toBe(
      "2: The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
    );
    expect(parseError('{"$currentDate": {"a": "x"}}')).toBe(
      "2: string is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).",
    );
  });
});
