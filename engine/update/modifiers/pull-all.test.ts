import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$pullAll', () => {
  it('removes every listed value', () => {
    const r = applyTo('{"$pullAll": {"a": [1, 3]}}', '{"_id": 1, "a": [1, 2, 3, 1]}');
    expect(r.doc).toBe('{"_id":1,"a":[2]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[2]}}}');
  });

  it('is a no-op when nothing is removed', () => {
    expect(applyTo('{"$pullAll": {"a": [9]}}', '{"_id": 1, "a": [1]}').noop).toBe(true);
  });

  it('requires an array argument and an array target', () => {
    expect(parseError('{"$pullAll": {"a": "x"}}')).toBe('2: $pullAll requires an array argument but was given a string');
    expect(applyError('{"$pullAll": {"a": [1]}}', '{"_id": 1, "a": {}}')).toBe('2: Cannot apply $pull to a non-array value');
  });
});
