import { describe, expect, it } from 'vitest';
import { applyError, applyTo } from '../test-support.js';

describe('$unset', () => {
  it('removes a field and logs d', () => {
    const r = applyTo('{"$unset": {"a": ""}}', '{"_id": 1, "a": 1, "b": 2}');
    expect(r.doc).toBe('{"_id":1,"b":2}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"d":{"a":false}}}');
    expect(r.modifiedPaths).toEqual(['a']);
  });

  it('removes a nested field as a sub-diff', () => {
    const r = applyTo('{"$unset": {"a.b": 1}}', '{"_id": 1, "a": {"b": 1, "c": 2}}');
    expect(r.doc).toBe('{"_id":1,"a":{"c":2}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"d":{"b":false}}}}');
  });

  it('sets an array element to null', () => {
    const r = applyTo('{"$unset": {"a.0": 1}}', '{"_id": 1, "a": [1, 2]}');
    expect(r.doc).toBe('{"_id":1,"a":[null,2]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u0":null}}}');
  });

  it('is a no-op on a missing or non-viable path', () => {
    expect(applyTo('{"$unset": {"x": 1}}', '{"_id": 1}').noop).toBe(true);
    expect(applyTo('{"$unset": {"a.b": 1}}', '{"_id": 1, "a": 5}').noop).toBe(true);
    expect(applyTo('{"$unset": {"a.b": 1}}', '{"_id": 1, "a": [1]}').noop).toBe(true);
  });

  it('unsets with $[] and $', () => {
    expect(applyTo('{"$unset": {"a.$[].x": 1}}', '{"_id": 1, "a": [{"x": 1}, {"y": 1}]}').doc).toBe(
      '{"_id":1,"a":[{},{"y":1}]}',
    );
    expect(applyTo('{"$unset": {"a.$": 1}}', '{"_id": 1, "a": [1, 2]}', { matched: '1' }).doc).toBe(
      '{"_id":1,"a":[1,null]}',
    );
  });

  it('protects _id', () => {
    expect(applyError('{"$unset": {"_id": 1}}', '{"_id": 1}')).toBe(
      "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  });
});
