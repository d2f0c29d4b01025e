import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$rename', () => {
  it('removes the source and appends the destination', () => {
    const r = applyTo('{"$rename": {"a": "z"}}', '{"_id": 1, "a": 1, "b": 2}');
    expect(r.doc).toBe('{"_id":1,"b":2,"z":1}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"d":{"a":false},"i":{"z":1}}}');
    expect(r.modifiedPaths).toEqual(['z', 'a']);
  });

  it('overwrites an existing destination in place', () => {
    const r = applyTo('{"$rename": {"a": "b"}}', '{"_id": 1, "b": 2, "a": 1, "c": 3}');
    expect(r.doc).toBe('{"_id":1,"b":1,"c":3}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"d":{"a":false},"u":{"b":1}}}');
  });

  it('moves between nested documents', () => {
    const r = applyTo('{"$rename": {"a.x": "b.y"}}', '{"_id": 1, "a": {"x": 1, "k": 0}, "b": {}}');
    expect(r.doc).toBe('{"_id":1,"a":{"k":0},"b":{"y":1}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sb":{"i":{"y":1}},"sa":{"d":{"x":false}}}}');
  });

  it('is a no-op when the source is missing', () => {
    expect(applyTo('{"$rename": {"a": "b"}}', '{"_id": 1, "b": 1}').noop).toBe(true);
    expect(applyTo('{"$rename": {"x.y": "b"}}', '{"_id": 1}').noop).toBe(true);
  });

  it('fails for a non-viable source', () => {
    expect(applyError('{"$rename": {"a.b": "c"}}', '{"_id": 1, "a": 1}')).toBe(
      '28: cannot use the part (a of a.b) to traverse the element ({a: 1})',
    );
  });

  it('refuses array elements on either side', () => {
    expect(applyError('{"$rename": {"a.0.b": "c"}}', '{"_id": 1, "a": [{"b": 1}]}')).toBe(
      "2: The source field cannot be an array element, 'a.0.b' in doc with _id: 1 has an array field called 'a'",
    );
    expect(applyError('{"$rename": {"c": "a.0.b"}}', '{"_id": 1, "a": [{"b": 1}], "c": 1}')).toBe(
      "2: The destination field cannot be an array element, 'a.0.b' in doc with _id: 1 has an array field called 'a'",
    );
  });

  it('validates its arguments at parse time', () => {
    expect(parseError('{"$rename": {"a": 1}}')).toBe("2: The 'to' field for $rename must be a string: a: 1");
    expect(parseError('{"$rename": {"a": "a"}}')).toBe('2: The source and target field for $rename must differ: a: "a"');
    expect(parseError('{"$rename": {"a": "a.b"}}')).toBe(
      '2: The source and target field for $rename must not be on the same path: a: "a.b"',
    );
    expect(parseError('{"$rename": {"a.$[]": "b"}}')).toBe('2: The source field for $rename may not be dynamic: a.$[]');
    expect(parseError('{"$rename": {"a": "b.$"}}')).toBe('2: The destination field for $rename may not be dynamic: b.$');
  });

  it('conflicts with other operators on either path', () => {
    expect(parseError('{"$rename": {"a": "b"}, "$set": {"a": 1}}')).toBe(
      "40: Updating the path 'a' would create a conflict at 'a'",
    );
    expect(parseError('{"$rename": {"a": "b"}, "$set": {"b.c": 1}}')).toBe(
      "40: Updating the path 'b.c' would create a conflict at 'b'",
    );
  });

  it('protects _id on both sides', () => {
    expect(applyError('{"$rename": {"_id": "x"}}', '{"_id": 1}')).toBe(
      "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
    expect(applyError('{"$rename": {"x": "_id"}}', '{"_id": 1, "x": 2}')).toBe(
      "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  });
});
