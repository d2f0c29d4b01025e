import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$push', () => {
  it('appends to a non-empty array and logs only the new elements', () => {
    const r = applyTo('{"$push": {"a": 1}}', '{"_id": 1, "a": [0]}');
    expect(r.doc).toBe('{"_id":1,"a":[0,1]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u1":1}}}');
    expect(r.modifiedPaths).toEqual(['a']);
  });

  it('logs the whole array when pushing onto an empty array', () => {
    expect(applyTo('{"$push": {"a": 1}}', '{"_id": 1, "a": []}').oplog).toBe('{"$v":2,"diff":{"u":{"a":[1]}}}');
  });

  it('creates the array on a missing field', () => {
    const r = applyTo('{"$push": {"a": {"$each": [1, 2]}}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":[1,2]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":[1,2]}}}');
  });

  it('inserts at $position (positive, negative, zero) and logs the whole array', () => {
    expect(applyTo('{"$push": {"a": {"$each": [9], "$position": 1}}}', '{"_id": 1, "a": [1, 2, 3]}').doc).toBe(
      '{"_id":1,"a":[1,9,2,3]}',
    );
    const r = applyTo('{"$push": {"a": {"$each": [9], "$position": -1}}}', '{"_id": 1, "a": [1, 2, 3]}');
    expect(r.doc).toBe('{"_id":1,"a":[1,2,9,3]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[1,2,9,3]}}}');
    expect(applyTo('{"$push": {"a": {"$each": [9], "$position": 0}}}', '{"_id": 1, "a": [1]}').doc).toBe(
      '{"_id":1,"a":[9,1]}',
    );
    expect(applyTo('{"$push": {"a": {"$each": [9], "$position": -5}}}', '{"_id": 1, "a": [1]}').doc).toBe(
      '{"_id":1,"a":[9,1]}',
    );
    expect(applyTo('{"$push": {"a": {"$each": [9], "$position": 7}}}', '{"_id": 1, "a": [1]}').oplog).toBe(
      '{"$v":2,"diff":{"sa":{"a":true,"u1":9}}}',
    );
  });

  it('sorts, then slices', () => {
    const r = applyTo('{"$push": {"a": {"$each": [5, 1], "$sort": 1, "$slice": 3}}}', '{"_id": 1, "a": [4, 2]}');
    expect(r.doc).toBe('{"_id":1,"a":[1,2,4]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[1,2,4]}}}');
    expect(applyTo('{"$push": {"a": {"$each": [5], "$slice": -2}}}', '{"_id": 1, "a": [1, 2]}').doc).toBe(
      '{"_id":1,"a":[2,5]}',
    );
    expect(applyTo('{"$push": {"a": {"$each": [5], "$slice": 0}}}', '{"_id": 1, "a": [1]}').doc).toBe(
      '{"_id":1,"a":[]}',
    );
  });

  it('sorts documents by pattern fields, missing fields as null', () => {
    const r = applyTo(
      '{"$push": {"a": {"$each": [{"s": 2}], "$sort": {"s": -1}}}}',
      '{"_id": 1, "a": [{"s": 1}, {"t": 1}, {"s": 3}]}',
    );
    expect(r.doc).toBe('{"_id":1,"a":[{"s":3},{"s":2},{"s":1},{"t":1}]}');
  });

  it('is a no-op for an empty $each, or a $sort on an empty array (no damage in place)', () => {
    expect(applyTo('{"$push": {"a": {"$each": []}}}', '{"_id": 1, "a": [1]}').noop).toBe(true);
    expect(applyTo('{"$push": {"a": {"$each": [], "$sort": 1}}}', '{"_id": 1, "a": []}').noop).toBe(true);
  });

  it('rewrites the array for a $sort that leaves it as it was (push_node.cpp: $sort is a change)', () => {
    const r = applyTo('{"$push": {"a": {"$each": [], "$sort": 1}}}', '{"_id": 1, "a": [1, 2]}');
    expect(r.noop).toBe(false);
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[1,2]}}}');
  });

  it('pushes an object without $each whole, including $-fields', () => {
    expect(applyTo('{"$push": {"a": {"$slice": 2}}}', '{"_id": 1, "a": [1]}').doc).toBe('{"_id":1,"a":[1,{"$slice":2}]}');
  });

  it('rejects a non-array target', () => {
    expect(applyError('{"$push": {"a": 1}}', '{"_id": 1, "a": 1}')).toBe(
      "2: The field 'a' must be an array but is of type int in document {_id: 1}",
    );
  });

  it('validates its clauses at parse time', () => {
    expect(parseError('{"$push": {"a": {"$each": [1], "$foo": 1}}}')).toBe('2: Unrecognized clause in $push: $foo');
    expect(parseError('{"$push": {"a": {"$each": 1}}}')).toBe(
      '2: The argument to $each in $push must be an array but it was of type: int',
    );
    expect(parseError('{"$push": {"a": {"$each": [1], "$slice": 1.5}}}')).toBe(
      '2: The value for $slice must be an integer value but was given type: double',
    );
    expect(parseError('{"$push": {"a": {"$each": [1], "$position": "x"}}}')).toBe(
      '2: The value for $position must be an integer value, not of type: string',
    );
    expect(parseError('{"$push": {"a": {"$each": [1], "$sort": 2}}}')).toBe('2: The $sort element value must be either 1 or -1');
    expect(parseError('{"$push": {"a": {"$each": [1], "$sort": "x"}}}')).toBe(
      '2: The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
    expect(parseError('{"$push": {"a": {"$each": [1], "$sort": {}}}}')).toBe(
      '2: The $sort pattern is empty when it should be a set of fields.',
    );
    expect(parseError('{"$push": {"a": {"$each": [1], "$sort": {"a..b": 1}}}}')).toBe(
      '2: The $sort field is a dotted field but has an empty part: a..b',
    );
  });

  it('pushes into every element with $[]', () => {
    const r = applyTo('{"$push": {"a.$[].l": 0}}', '{"_id": 1, "a": [{"l": [1]}, {"l": []}]}');
    expect(r.doc).toBe('{"_id":1,"a":[{"l":[1,0]},{"l":[0]}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[{"l":[1,0]},{"l":[0]}]}}}');
  });
});
