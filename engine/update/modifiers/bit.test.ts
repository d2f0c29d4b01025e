import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$bit', () => {
  it('applies and/or/xor in order, keeping int32', () => {
    const r = applyTo('{"$bit": {"a": {"and": 6, "or": 8}}}', '{"_id": 1, "a": 5}');
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberInt":"12"}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":12}}}');
  });

  it('gives int64 when an int64 is involved', () => {
    expect(applyTo('{"$bit": {"a": {"xor": {"$numberLong": "1"}}}}', '{"_id": 1, "a": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberLong":"0"}}',
    );
  });

  it('applies to int32 0 on a missing field', () => {
    expect(applyTo('{"$bit": {"a": {"or": 5}}}', '{"_id": 1}').doc).toBe('{"_id":1,"a":5}');
  });

  it('is a no-op when the result is identical', () => {
    expect(applyTo('{"$bit": {"a": {"or": 1}}}', '{"_id": 1, "a": 1}').noop).toBe(true);
  });

  it('rejects bad arguments and non-integral values', () => {
    expect(parseError('{"$bit": {"a": "x"}}')).toBe(
      '2: The $bit modifier is not compatible with a string. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}',
    );
    expect(parseError('{"$bit": {"a": {"nand": 1}}}')).toBe(
      "2: The $bit modifier only supports 'and', 'or', and 'xor', not 'nand' which is an unknown operator: {nand: 1}",
    );
    expect(parseError('{"$bit": {"a": {"and": 1.0}}}')).toBe(
      "2: The $bit modifier field must be an Integer(32/64 bit); a 'double' is not supported here: {and: 1.0}",
    );
    expect(parseError('{"$bit": {"a": {}}}')).toBe(
      '2: You must pass in at least one bitwise operation. The format is: {$bit: {field: {and/or/xor: #}}',
    );
    expect(applyError('{"$bit": {"a": {"and": 1}}}', '{"_id": 1, "a": "s"}')).toBe(
      '2: Cannot apply $bit to a value of non-integral type._id: 1 has the field a of non-integer type string',
    );
  });
});
