import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('$inc', () => {
  it('adds in place and logs u', () => {
    const r = applyTo('{"$inc": {"a": 2}}', '{"_id": 1, "a": 1, "b": 1}');
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberInt":"3"},"b":{"$numberInt":"1"}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":3}}}');
    expect(r.modifiedPaths).toEqual(['a']);
  });

  it('creates a missing field with the operand', () => {
    const r = applyTo('{"$inc": {"a.b": {"$numberLong": "5"}}}', '{"_id": 1}');
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"b":{"$numberLong":"5"}}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":{"b":5}}}}');
  });

  it('promotes int32 overflow to int64', () => {
    const r = applyTo('{"$inc": {"a": 1}}', '{"_id": 1, "a": 2147483647}');
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberLong":"2147483648"}}');
  });

  it('fails on int64 overflow with the debug string of the current value', () => {
    expect(applyError('{"$inc": {"a": 1}}', '{"_id": 1, "a": {"$numberLong": "9223372036854775807"}}')).toBe(
      '2: Failed to apply $inc operations to current value ((NumberLong)9223372036854775807) for document {_id: 1}',
    );
  });

  it('gives a double when a double is involved', () => {
    expect(applyTo('{"$inc": {"a": 0.5}}', '{"_id": 1, "a": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDouble":"1.5"}}',
    );
  });

  it('gives a Decimal128, converting doubles at 15 significant digits (0.1 → 0.100000000000000)', () => {
    expect(applyTo('{"$inc": {"a": 0.1}}', '{"_id": 1, "a": {"$numberDecimal": "1"}}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDecimal":"1.100000000000000"}}',
    );
    expect(applyTo('{"$inc": {"a": {"$numberDecimal": "0.10"}}}', '{"_id": 1, "a": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDecimal":"1.10"}}',
    );
  });

  it('is a no-op when the result is identical, but not when only the type changes', () => {
    expect(applyTo('{"$inc": {"a": 0}}', '{"_id": 1, "a": 5}').noop).toBe(true);
    const r = applyTo('{"$inc": {"a": {"$numberLong": "0"}}}', '{"_id": 1, "a": 5}');
    expect(r.noop).toBe(false);
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberLong":"5"}}');
  });

  it('rejects a non-numeric argument at parse time', () => {
    expect(parseError('{"$inc": {"a": "x"}}')).toBe('14: Cannot increment with non-numeric argument: {a: "x"}');
  });

  it('rejects a non-numeric stored value naming only the last component', () => {
    expect(applyError('{"$inc": {"x.a": 1}}', '{"_id": 1, "x": {"a": "s"}}')).toBe(
      "14: Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'a' of non-numeric type string",
    );
    expect(applyError('{"$inc": {"a": 1}}', '{"a": "s"}', { immutable: [] })).toBe(
      "14: Cannot apply $inc to a value of non-numeric type. {no id} has the field 'a' of non-numeric type string",
    );
  });

  it('increments every element with $[] and one with $', () => {
    expect(applyTo('{"$inc": {"a.$[]": 1}}', '{"_id": 1, "a": [1, 2]}').doc).toBe('{"_id":1,"a":[2,3]}');
    expect(applyTo('{"$inc": {"a.$": 1}}', '{"_id": 1, "a": [1, 2]}', { matched: '0' }).doc).toBe(
      '{"_id":1,"a":[2,2]}',
    );
  });

  it('protects _id', () => {
    expect(applyError('{"$inc": {"_id": 1}}', '{"_id": 1}')).toBe(
      "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  });

  it('fails through a scalar', () => {
    expect(applyError('{"$inc": {"a.b": 1}}', '{"_id": 1, "a": 1}')).toBe("28: Cannot create field 'b' in element {a: 1}");
  });
});

describe('$mul', () => {
  it('multiplies with promotion', () => {
    expect(applyTo('{"$mul": {"a": 2}}', '{"_id": 1, "a": 1073741824}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberLong":"2147483648"}}',
    );
    expect(applyTo('{"$mul": {"a": 2.5}}', '{"_id": 1, "a": 2}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDouble":"5.0"}}',
    );
  });

  it('creates 0 of the operand type on a missing field', () => {
    expect(applyTo('{"$mul": {"a": 5}}', '{"_id": 1}').canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberInt":"0"}}');
    expect(applyTo('{"$mul": {"a": {"$numberLong": "5"}}}', '{"_id": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberLong":"0"}}',
    );
    expect(applyTo('{"$mul": {"a": 2.5}}', '{"_id": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDouble":"0.0"}}',
    );
    expect(applyTo('{"$mul": {"a": {"$numberDecimal": "2.5"}}}', '{"_id": 1}').canonical).toBe(
      '{"_id":{"$numberInt":"1"},"a":{"$numberDecimal":"0.0"}}',
    );
  });

  it('fails on int64 overflow and rejects non-numeric arguments', () => {
    expect(applyError('{"$mul": {"a": 2}}', '{"_id": 1, "a": {"$numberLong": "9223372036854775807"}}')).toBe(
      '2: Failed to apply $mul operations to current value ((NumberLong)9223372036854775807) for document {_id: 1}',
    );
    expect(parseError('{"$mul": {"a.b": null}}')).toBe('14: Cannot multiply with non-numeric argument: {a.b: null}');
  });

  it('is a no-op when multiplying by 1 of the same type', () => {
    expect(applyTo('{"$mul": {"a": 1}}', '{"_id": 1, "a": 7}').noop).toBe(true);
  });
});
