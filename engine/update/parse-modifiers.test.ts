import { describe, expect, it } from 'vitest';
import { applyTo, parseError, parseForTest } from './test-support.js';
import type { ModifierExecutor } from './modifier-executor.js';

describe('modifier document parsing', () => {
  it('rejects unknown modifiers and non-object operands', () => {
    expect(parseError('{"$foo": {"a": 1}}')).toBe(
      '9: Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update specified as an array',
    );
    expect(parseError('{"$set": "x"}')).toBe(
      '9: Modifiers operate on fields but we found type string instead. For example: {$mod: {<field>: ...}} not {$set: "x"}',
    );
    expect(parseError('{"$set": {"a": 1}, "a": 1}')).toBe(
      '9: Unknown modifier: a. Expected a valid update modifier or pipeline-style update specified as an array',
    );
  });

  it('reports the first error in update-document order', () => {
    expect(parseError('{"$inc": {"a": "x"}, "$set": {"a": 1}}')).toBe('14: Cannot increment with non-numeric argument: {a: "x"}');
  });

  it('exposes target paths and positional use', () => {
    const e = parseForTest('{"$set": {"a.$": 1}, "$rename": {"x": "y"}}') as ModifierExecutor;
    expect(e.kind).toBe('modifier');
    expect(e.targetPaths).toEqual(['a.$', 'x', 'y']);
    expect(e.hasPositional).toBe(true);
  });

  it('applies the worked example E1', () => {
    const r = applyTo(
      '{"$set": {"b.c": 5, "z": 1}, "$unset": {"a": ""}, "$push": {"arr": 3}}',
      '{"_id": 1, "a": 1, "b": {"c": 1, "d": 2}, "arr": [1, 2]}',
    );
    expect(r.doc).toBe('{"_id":1,"b":{"c":5,"d":2},"arr":[1,2,3],"z":1}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"d":{"a":false},"i":{"z":1},"sarr":{"a":true,"u2":3},"sb":{"u":{"c":5}}}}');
    expect(r.modifiedPaths).toEqual(['a', 'arr', 'b.c', 'z']);
  });

  it('builds an upsert document from a seed', () => {
    const r = applyTo('{"$set": {"d": 1, "c": 1}}', '{"a": 1, "b": 2}', { upsert: true });
    expect(r.doc).toBe('{"a":1,"b":2,"c":1,"d":1}');
  });

  it('fails with 17419 when the result exceeds 16 MiB', () => {
    const big = 'x'.repeat(8 * 1024 * 1024 + 8);
    const e = parseForTest(`{"$set": {"b": "${big}"}}`);
    expect(() => applyTo(e, `{"_id": 1, "a": "${big}"}`)).toThrow('Resulting document after update is larger than 16777216');
  });
});
