import { describe, expect, it } from 'vitest';
import { applyError, applyTo } from '../test-support.js';

describe('$pull', () => {
  it('removes equal values and logs the whole array', () => {
    const r = applyTo('{"$pull": {"a": 2}}', '{"_id": 1, "a": [1, 2, 3, 2.0]}');
    expect(r.doc).toBe('{"_id":1,"a":[1,3]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[1,3]}}}');
  });

  it('removes by condition (wrapped matcher)', () => {
    expect(applyTo('{"$pull": {"a": {"$gte": 3}}}', '{"_id": 1, "a": [1, 5, 3]}').doc).toBe('{"_id":1,"a":[1]}');
  });

  it('removes documents matching a document condition, ignoring scalars', () => {
    const r = applyTo('{"$pull": {"a": {"x": 1}}}', '{"_id": 1, "a": [{"x": 1, "y": 2}, {"x": 2}, 1]}');
    expect(r.doc).toBe('{"_id":1,"a":[{"x":2},1]}');
  });

  it('is a no-op when nothing matches or the path is missing', () => {
    expect(applyTo('{"$pull": {"a": 9}}', '{"_id": 1, "a": [1]}').noop).toBe(true);
    expect(applyTo('{"$pull": {"a": 9}}', '{"_id": 1}').noop).toBe(true);
  });

  it('fails on a non-array or a non-viable path', () => {
    expect(applyError('{"$pull": {"a": 1}}', '{"_id": 1, "a": 1}')).toBe('2: Cannot apply $pull to a non-array value');
    expect(applyError('{"$pull": {"a.b": 1}}', '{"_id": 1, "a": 1}')).toBe(
      '28: Cannot use the part (b) of (a.b) to traverse the element ({a: 1})',
    );
  });

  it('pulls in every element with $[]', () => {
    expect(applyTo('{"$pull": {"a.$[]": 1}}', '{"_id": 1, "a": [[1, 2], [1]]}').doc).toBe('{"_id":1,"a":[[2],[]]}');
  });
});
