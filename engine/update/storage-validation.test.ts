import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import { assertPathsNotArray, checkIdUnchanged, moveIdFirst, validateForStorage } from './storage-validation.js';
import { errorOf, relaxed } from './test-support.js';

const D = parseEJSONDoc;

describe('storage validation', () => {
  it('checks DBRef field order at the top level', () => {
    expect(() => validateForStorage(D('{"$ref": "c", "$id": 1}'))).not.toThrow();
    expect(errorOf(() => validateForStorage(D('{"$id": 1}')))).toBe(
      '55: Found $id field without a $ref before it, which is invalid.',
    );
    expect(errorOf(() => validateForStorage(D('{"$ref": "c", "x": 1}')))).toBe(
      '55: The DBRef $ref field must be followed by a $id field',
    );
  });

  it('rejects regex and undefined _id', () => {
    expect(errorOf(() => validateForStorage(D('{"_id": {"$regularExpression": {"pattern": "a", "options": ""}}}')))).toBe(
      "53: The '_id' value cannot be of type regex",
    );
    expect(errorOf(() => validateForStorage(D('{"_id": {"$undefined": true}}')))).toBe(
      "53: The '_id' value cannot be of type undefined",
    );
  });

  it('reports a removed or altered _id', () => {
    expect(errorOf(() => checkIdUnchanged(D('{"_id": 1, "a": 1}'), D('{"a": 1}')))).toBe(
      "66: After applying the update, the '_id' (required and immutable) field was found to have been removed --{ _id: 1, a: 1 }",
    );
    expect(errorOf(() => checkIdUnchanged(D('{"_id": 1}'), D('{"_id": 2.5}')))).toBe(
      "66: After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2.5",
    );
    expect(errorOf(() => checkIdUnchanged(D('{"_id": 1}'), D('{"_id": [1]}')))).toBe(
      "54: After applying the update to the document, the (immutable) field '_id' was found to be an array or array descendant.",
    );
  });

  it('rejects an upsert document whose _id is or is inside an array', () => {
    expect(errorOf(() => assertPathsNotArray(D('{"_id": [1]}')))).toBe(
      "54: After applying the update to the document, the field '_id' was found to be an array or array descendant.",
    );
    expect(errorOf(() => assertPathsNotArray(D('{"_id": 1, "a": [{"b": 1}]}'), ['a.b']))).toBe(
      "54: After applying the update to the document, the field 'a.b' was found to be an array or array descendant.",
    );
    expect(() => assertPathsNotArray(D('{"_id": {"x": 1}}'))).not.toThrow();
  });

  it('moves _id first', () => {
    expect(relaxed(moveIdFirst(D('{"a": 1, "_id": 2}')))).toBe('{"_id":2,"a":1}');
  });
});
