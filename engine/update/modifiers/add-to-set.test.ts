import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$addToSet', () => {
  it('appends absent values and logs the appended elements', () => {
    const r = applyTo('{"$addToSet": {"a": {"$each": [1, 3, 3, 4]}}}', '{"_id": 1, "a": [1, 2]}');
    expect(r.doc).toBe('{"_id":1,"a":[1,2,3,4]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u2":3,"u3":4}}}');
  });

  it('is a no-op when every value is present (numbers by value)', () => {
    expect(applyTo('{"$addToSet": {"a": 1.0}}', '{"_id": 1, "a": [1]}').noop).toBe(true);
  });

  it('compares documents field by field in order', () => {
    expect(applyTo('{"$addToSet": {"a": {"b": 2, "a": 1}}}', '{"_id": 1, "a": [{"a": 1, "b": 2}]}').doc).toBe(
      '{"_id":1,"a":[{"a":1,"b":2},{"b":2,"a":1}]}',
    );
  });

  it('creates the array with the de-duplicated list', () => {
    const r = applyTo('{"$addToSet": {"a": {"$each": [2, 2, 1]}}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":[2,1]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":[2,1]}}}');
  });

  it('uses the collation', () => {
    const ci = { compare: (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) };
    expect(applyTo('{"$addToSet": {"a": "X"}}', '{"_id": 1, "a": ["x"]}', { collator: ci }).noop).toBe(true);
  });

  it('rejects a non-array target and bad $each', () => {
    expect(applyError('{"$addToSet": {"a": 1}}', '{"_id": 1, "a": 1}')).toBe(
      "2: Cannot apply $addToSet to non-array field. Field named 'a' has non-array type int",
    );
    expect(parseError('{"$addToSet": {"a": {"$each": "x"}}}')).toBe(
      '14: The argument to $each in $addToSet must be an array but it was of type string',
    );
    expect(parseError('{"$addToSet": {"a": {"$each": [1], "x": 1}}}')).toBe(
      '2: Found unexpected fields after $each in $addToSet: { $each: [ 1 ], x: 1 }',
    );
  });
});
