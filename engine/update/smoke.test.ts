import { describe, expect, it } from 'vitest';
import { applyTo } from './test-support.js';

describe('smoke', () => {
  it('E1', () => {
    const r = applyTo(
      '{"$set": {"b.c": 5, "z": 1}, "$unset": {"a": ""}, "$push": {"arr": 3}}',
      '{"_id": 1, "a": 1, "b": {"c": 1, "d": 2}, "arr": [1, 2]}',
    );
    expect(r.doc).toBe('{"_id":1,"b":{"c":5,"d":2},"arr":[1,2,3],"z":1}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"d":{"a":false},"i":{"z":1},"sarr":{"a":true,"u2":3},"sb":{"u":{"c":5}}}}');
  });
});
