import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$set', () => {
  it('updates an existing field in place, keeping its position', () => {
    const r = applyTo('{"$set": {"a": 5}}', '{"_id": 1, "a": 1, "b": 2}');
    expect(r.doc).toBe('{"_id":1,"a":5,"b":2}');
    expect(r.noop).toBe(false);
    expect(r.modifiedPaths).toEqual(['a']);
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":5}}}');
  });

  it('appends a new field at the end', () => {
    const r = applyTo('{"$set": {"z": 1, "a": 1}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":1,"z":1}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":1,"z":1}}}');
    expect(r.modifiedPaths).toEqual(['a', 'z']);
  });

  it('creates a missing path as nested documents logged as one nested insert', () => {
    const r = applyTo('{"$set": {"x.y.z": 1}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"x":{"y":{"z":1}}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"x":{"y":{"z":1}}}}}');
    expect(r.modifiedPaths).toEqual(['x.y.z']);
  });

  it('logs sibling creations under one created parent once, as the final value', () => {
    const r = applyTo('{"$set": {"a.b": 1, "a.c": 2}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":{"b":1,"c":2}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":{"b":1,"c":2}}}}');
  });

  it('is a no-op for a binary-equal value, with no oplog entry', () => {
    const r = applyTo('{"$set": {"a": {"b": 1}}}', '{"_id": 1, "a": {"b": 1}}');
    expect(r.noop).toBe(true);
    expect(r.oplog).toBeNull();
    expect(r.modifiedPaths).toEqual([]);
  });

  it('treats a type change as a modification (int 1 to double 1.0)', () => {
    const r = applyTo('{"$set": {"a": 1.0}}', '{"_id": 1, "a": 1}');
    expect(r.noop).toBe(false);
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberDouble":"1.0"}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":1.0}}}');
  });

  it('treats field order in an embedded document as a change', () => {
    const r = applyTo('{"$set": {"a": {"c": 2, "b": 1}}}', '{"_id": 1, "a": {"b": 1, "c": 2}}');
    expect(r.noop).toBe(false);
    expect(r.doc).toBe('{"_id":1,"a":{"c":2,"b":1}}');
  });

  it('sets an array element by index and pads past the end with null', () => {
    const r = applyTo('{"$set": {"a.1": 9, "b.3": 1}}', '{"_id": 1, "a": [0, 1], "b": [0]}');
    expect(r.doc).toBe('{"_id":1,"a":[0,9],"b":[0,null,null,1]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u1":9},"sb":{"a":true,"u3":1}}}');
    expect(r.modifiedPaths).toEqual(['a.1', 'b']);
  });

  it('creates documents (not arrays) for numeric components under a missing parent', () => {
    const r = applyTo('{"$set": {"a.0": 1}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":{"0":1}}');
  });

  it('treats a numeric component as a field name inside a document', () => {
    const r = applyTo('{"$set": {"a.0": 1}}', '{"_id": 1, "a": {"b": 1}}');
    expect(r.doc).toBe('{"_id":1,"a":{"b":1,"0":1}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"i":{"0":1}}}}');
  });

  it('creates a document inside an array element (E2 third case)', () => {
    const r = applyTo('{"$set": {"a.0.c": 2}}', '{"_id": 1, "a": [{"b": 1}]}');
    expect(r.doc).toBe('{"_id":1,"a":[{"b":1,"c":2}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"s0":{"i":{"c":2}}}}}');
  });

  it('creates an object element past the end of an array', () => {
    const r = applyTo('{"$set": {"a.2.c": 2}}', '{"_id": 1, "a": [{"b": 1}]}');
    expect(r.doc).toBe('{"_id":1,"a":[{"b":1},null,{"c":2}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u2":{"c":2}}}}');
  });

  it('applies fields in sorted order, numeric names numerically', () => {
    const r = applyTo('{"$set": {"10": 1, "9": 1, "b": 1, "a": 1}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"9":1,"10":1,"a":1,"b":1}');
  });

  it('fails with PathNotViable through a scalar', () => {
    expect(applyError('{"$set": {"a.b": 1}}', '{"_id": 1, "a": 5}')).toBe(
      "28: Cannot create field 'b' in element {a: 5}",
    );
  });

  it('does not traverse arrays implicitly', () => {
    expect(applyError('{"$set": {"a.b": 1}}', '{"_id": 1, "a": [{"b": 0.0}]}')).toBe(
      "28: Cannot create field 'b' in element {a: [ { b: 0.0 } ]}",
    );
  });

  it('refuses to backfill more than 1500000 elements', () => {
    expect(applyError('{"$set": {"a.1500002": 1}}', '{"_id": 1, "a": [0]}')).toBe(
      "34: can't backfill more than 1500000 elements",
    );
  });

  it('protects _id', () => {
    expect(applyError('{"$set": {"_id": 2}}', '{"_id": 1}')).toBe(
      "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
    expect(applyError('{"$set": {"_id.x": 5}}', '{"_id": {"a": 1}}')).toBe(
      "66: Updating the path '_id' to _id: { a: 1, x: 5 } would modify the immutable field '_id'",
    );
    expect(applyTo('{"$set": {"_id": 1}}', '{"_id": 1}').noop).toBe(true);
  });

  it('allows setting an ancestor of a nested immutable path when the value there is equal', () => {
    const opts = { immutable: ['_id', 'sk.x'] };
    expect(applyTo('{"$set": {"sk": {"x": 1, "y": 2}}}', '{"_id": 1, "sk": {"x": 1}}', opts).doc).toBe(
      '{"_id":1,"sk":{"x":1,"y":2}}',
    );
    expect(applyError('{"$set": {"sk": {"x": 2}}}', '{"_id": 1, "sk": {"x": 1}}', opts)).toBe(
      "66: After applying the update, the immutable field 'sk.x' was found to have been altered to x: 2",
    );
  });

  it('rejects a top-level $-prefixed field at apply time', () => {
    expect(applyError('{"$set": {"$x": 1}}', '{"_id": 1}')).toBe(
      "52: The dollar ($) prefixed field '$x' in '$x' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.",
    );
    expect(applyTo('{"$set": {"a.$x": 1}}', '{"_id": 1}').doc).toBe('{"_id":1,"a":{"$x":1}}');
  });

  it('leaves storage validation of an upsert insert to the whole-document check', () => {
    expect(applyTo('{"$set": {"$x": 1}}', '{"_id": 1}', { upsert: true }).doc).toBe('{"_id":1,"$x":1}');
  });

  it('rejects empty paths and field names', () => {
    expect(parseError('{"$set": {"": 1}}')).toBe('56: An empty update path is not valid.');
    expect(parseError('{"$set": {"a..b": 1}}')).toBe(
      "56: The update path 'a..b' contains an empty field name, which is not allowed.",
    );
  });

  it('reports conflicting paths in update-document order', () => {
    expect(parseError('{"$set": {"a.b": 1, "a": 1}}')).toBe(
      "40: Updating the path 'a' would create a conflict at 'a'",
    );
    expect(parseError('{"$set": {"a": 1}, "$inc": {"a.b": 1}}')).toBe(
      "40: Updating the path 'a.b' would create a conflict at 'a'",
    );
  });

  it('allows an empty operand ($set: {}) as a no-op', () => {
    expect(applyTo('{"$set": {}}', '{"_id": 1}').noop).toBe(true);
  });

  it('rejects nesting deeper than 180 levels', () => {
    let v = '1';
    for (let i = 0; i < 180; i++) v = `{"x": ${v}}`;
    expect(applyError(`{"$set": {"a": ${v}}}`, '{"_id": 1}')).toBe(
      '15: Document exceeds maximum nesting depth of 180',
    );
  });
});

describe('$setOnInsert', () => {
  it('does nothing unless the upsert inserts', () => {
    expect(applyTo('{"$setOnInsert": {"a": 1}}', '{"_id": 1}').noop).toBe(true);
    const r = applyTo('{"$setOnInsert": {"a": 1}, "$set": {"b": 2}}', '{"_id": 1}', { upsert: true });
    expect(r.doc).toBe('{"_id":1,"a":1,"b":2}');
  });
});
