import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$pop', () => {
  it('removes the last or first element, logging the whole array', () => {
    const r = applyTo('{"$pop": {"a": 1}}', '{"_id": 1, "a": [1, 2, 3]}');
    expect(r.doc).toBe('{"_id":1,"a":[1,2]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[1,2]}}}');
    expect(applyTo('{"$pop": {"a": -1}}', '{"_id": 1, "a": [1, 2, 3]}').doc).toBe('{"_id":1,"a":[2,3]}');
  });

  it('is a no-op on an empty array or a missing path', () => {
    expect(applyTo('{"$pop": {"a": 1}}', '{"_id": 1, "a": []}').noop).toBe(true);
    expect(applyTo('{"$pop": {"a": 1}}', '{"_id": 1}').noop).toBe(true);
  });

  it('fails on a non-array and a non-viable path', () => {
    expect(applyError('{"$pop": {"a": 1}}', '{"_id": 1, "a": 1}')).toBe(
      "14: Path 'a' contains an element of non-array type 'int'",
    );
    expect(applyError('{"$pop": {"a.b": 1}}', '{"_id": 1, "a": 1}')).toBe(
      '28: Cannot use the part (b) of (a.b) to traverse the element ({a: 1})',
    );
  });

  it('validates its argument', () => {
    expect(parseError('{"$pop": {"a": 2}}')).toBe('9: $pop expects 1 or -1, found: 2');
    expect(parseError('{"$pop": {"a": "x"}}')).toBe('9: Expected a number in: a: "x"');
    expect(parseError('{"$pop": {"a": 1.5}}')).toBe('9: Expected an integer: a: 1.5');
  });
});
