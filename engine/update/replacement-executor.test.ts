import { describe, expect, it } from 'vitest';
import { applyError, applyTo } from './test-support.js';

describe('replacement', () => {
  it('replaces everything but _id, keeping _id first, and logs the full document', () => {
    const r = applyTo('{"b": 2, "a": 1}', '{"_id": 1, "x": 1}');
    expect(r.doc).toBe('{"_id":1,"b":2,"a":1}');
    expect(r.oplog).toBe('{"_id":1,"b":2,"a":1}');
    expect(r.modifiedPaths).toEqual(['b', 'a', 'x']);
  });

  it('moves an _id given later in the body to the front', () => {
    expect(applyTo('{"a": 1, "_id": 1}', '{"_id": 1}').doc).toBe('{"_id":1,"a":1}');
  });

  it('fails when _id changes (1 and 1.0 are equal)', () => {
    expect(applyError('{"_id": 2}', '{"_id": 1}')).toBe(
      "66: After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2",
    );
    expect(applyTo('{"_id": 1.0, "a": 1}', '{"_id": 1}').doc).toBe('{"_id":1.0,"a":1}');
  });

  it('is a no-op only when binary-equal to the stored document', () => {
    expect(applyTo('{"_id": 1, "a": 1}', '{"_id": 1, "a": 1}').noop).toBe(true);
    expect(applyTo('{"a": 1}', '{"_id": 1, "a": 1}').noop).toBe(false);
  });

  it('replaces zero timestamps in top-level non-_id fields with the cluster time', () => {
    const r = applyTo('{"t": {"$timestamp": {"t": 0, "i": 0}}, "n": {"t": {"$timestamp": {"t": 0, "i": 0}}}}', '{"_id": 1}');
    expect(r.canonical).toBe(
      '{"_id":{"$numberInt":"1"},"t":{"$timestamp":{"t":1700000000,"i":7}},"n":{"t":{"$timestamp":{"t":0,"i":0}}}}',
    );
  });

  it('rejects top-level $-fields and bad _id values', () => {
    expect(applyError('{"a": 1, "$x": 1}', '{"_id": 1}')).toBe(
      "52: The dollar ($) prefixed field '$x' in '$x' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.",
    );
    expect(applyError('{"_id": [1]}', '{"a": 1}', { immutable: [] })).toBe("53: The '_id' value cannot be of type array");
    expect(applyError('{"_id": {"$x": 1}}', '{"a": 1}', { immutable: [] })).toBe(
      "52: _id fields may not contain '$'-prefixed fields: $x is not valid for storage.",
    );
  });

  it('accepts nested $-fields', () => {
    expect(applyTo('{"a": {"$x": 1}}', '{"_id": 1}').doc).toBe('{"_id":1,"a":{"$x":1}}');
  });

  it('allows a top-level $-field on an upsert insert', () => {
    expect(applyTo('{"a": 1, "$x": 1}', '{"_id": 1}', { upsert: true }).doc).toBe('{"_id":1,"a":1,"$x":1}');
  });
});
