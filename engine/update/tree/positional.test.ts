import { describe, expect, it } from 'vitest';
import { applyError, applyTo, parseError } from '../test-support.js';

describe('positional $', () => {
  it('updates the element the query matched', () => {
    const r = applyTo('{"$set": {"a.$": 9}}', '{"_id": 1, "a": [1, 2, 3]}', { matched: '1' });
    expect(r.doc).toBe('{"_id":1,"a":[1,9,3]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u1":9}}}');
    expect(r.touches).toEqual(['$@a.1']);
    expect(r.modifiedPaths).toEqual(['a.1']);
  });

  it('works below the matched element', () => {
    const r = applyTo('{"$inc": {"a.$.n": 1}}', '{"_id": 1, "a": [{"n": 1}, {"n": 5}]}', { matched: '1' });
    expect(r.doc).toBe('{"_id":1,"a":[{"n":1},{"n":6}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"s1":{"u":{"n":6}}}}}');
  });

  it('fails without a query match and always on an upsert insert', () => {
    const msg = '2: The positional operator did not find the match needed from the query.';
    expect(applyError('{"$set": {"a.$": 1}}', '{"_id": 1, "a": [1]}')).toBe(msg);
    expect(applyError('{"$set": {"a.$": 1}}', '{"_id": 1, "a": [1]}', { upsert: true, matched: '0' })).toBe(msg);
  });

  it('merges with an explicit child of the same index, and conflicts on the same leaf', () => {
    const r = applyTo('{"$set": {"a.$.x": 1, "a.0.y": 2}}', '{"_id": 1, "a": [{}]}', { matched: '0' });
    expect(r.doc).toBe('{"_id":1,"a":[{"x":1,"y":2}]}');
    expect(applyError('{"$set": {"a.$": 1, "a.0": 2}}', '{"_id": 1, "a": [0]}', { matched: '0' })).toBe(
      "40: Update created a conflict at 'a.0'",
    );
  });

  it('rejects two $ and a leading $', () => {
    expect(parseError('{"$set": {"a.$.b.$": 1}}')).toBe("2: Too many positional (i.e. '$') elements found in path 'a.$.b.$'");
    expect(parseError('{"$set": {"$.a": 1}}')).toBe(
      "2: Cannot have positional (i.e. '$') element in the first position in path '$.a'",
    );
  });
});

describe('$[] (all positional)', () => {
  it('logs the whole array when more than one element changed (E2)', () => {
    const r = applyTo('{"$inc": {"grades.$[]": 1}}', '{"_id": 1, "grades": [80, 90, 100]}');
    expect(r.doc).toBe('{"_id":1,"grades":[81,91,101]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"grades":[81,91,101]}}}');
    expect(r.touches).toEqual(['[]@grades.0', '[]@grades.1', '[]@grades.2']);
    expect(r.modifiedPaths).toEqual(['grades.0', 'grades.1', 'grades.2']);
  });

  it('logs the one changed element when several matched', () => {
    const r = applyTo('{"$max": {"a.$[]": 5}}', '{"_id": 1, "a": [9, 1, 7]}');
    expect(r.doc).toBe('{"_id":1,"a":[9,5,7]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"u1":5}}}');
    expect(r.touches).toEqual(['[]@a.0(same)', '[]@a.1', '[]@a.2(same)']);
  });

  it('lets the child log itself when only one element matched', () => {
    const r = applyTo('{"$set": {"a.$[].b": 1}}', '{"_id": 1, "a": [{"b": 0, "c": 1}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"s0":{"u":{"b":1}}}}}');
  });

  it('is a no-op on an empty array and when nothing changes', () => {
    expect(applyTo('{"$set": {"a.$[]": 1}}', '{"_id": 1, "a": []}').noop).toBe(true);
    expect(applyTo('{"$set": {"a.$[]": 1}}', '{"_id": 1, "a": [1, 1]}').noop).toBe(true);
  });

  it('requires the array to exist and be an array', () => {
    expect(applyError('{"$set": {"a.b.$[]": 1}}', '{"_id": 1}')).toBe(
      "2: The path 'a.b' must exist in the document in order to apply array updates.",
    );
    expect(applyError('{"$set": {"a.b.$[]": 1}}', '{"_id": 1, "a": {"b": 123}}')).toBe(
      '2: Cannot apply array updates to non-array element b: 123',
    );
  });

  it('fails on an upsert insert when the path is absent', () => {
    expect(applyError('{"$set": {"a.$[]": 1}}', '{}', { upsert: true })).toBe(
      "2: The path 'a' must exist in the document in order to apply array updates.",
    );
  });

  it('rejects $[] in the first position', () => {
    expect(parseError('{"$set": {"$[].a": 1}}')).toBe(
      "2: Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '$[].a'",
    );
  });
});

describe('$[identifier] with arrayFilters', () => {
  it('updates only matching elements; one match is logged fine-grained (E2)', () => {
    const r = applyTo('{"$set": {"grades.$[g]": 0}}', '{"_id": 1, "grades": [80, 90, 100]}', {
      arrayFilters: '[{"g": {"$gte": 100}}]',
    });
    expect(r.doc).toBe('{"_id":1,"grades":[80,90,0]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sgrades":{"a":true,"u2":0}}}');
    expect(r.touches).toEqual(['g@grades.2']);
  });

  it('matches fields of document elements', () => {
    const r = applyTo(
      '{"$set": {"a.$[e].ok": true}}',
      '{"_id": 1, "a": [{"n": 1}, {"n": 5}, {"n": 7}]}',
      { arrayFilters: '[{"e.n": {"$gt": 2}}]' },
    );
    expect(r.doc).toBe('{"_id":1,"a":[{"n":1},{"n":5,"ok":true},{"n":7,"ok":true}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":[{"n":1},{"n":5,"ok":true},{"n":7,"ok":true}]}}}');
  });

  it('supports nested identifiers', () => {
    const r = applyTo(
      '{"$inc": {"a.$[i].b.$[j]": 10}}',
      '{"_id": 1, "a": [{"x": 1, "b": [1, 5]}, {"x": 2, "b": [5]}]}',
      { arrayFilters: '[{"i.x": 2}, {"j": {"$gte": 5}}]' },
    );
    expect(r.doc).toBe('{"_id":1,"a":[{"x":1,"b":[1,5]},{"x":2,"b":[15]}]}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"sa":{"a":true,"s1":{"sb":{"a":true,"u0":15}}}}}');
    expect(r.touches).toEqual(['j@a.1.b.0', 'i@a.1']);
  });

  it('merges two identifiers matching one element, and conflicts on a shared leaf', () => {
    const r = applyTo('{"$set": {"a.$[i].x": 1, "a.$[j].y": 2}}', '{"_id": 1, "a": [{}]}', {
      arrayFilters: '[{"i": {"$exists": true}}, {"j": {"$exists": true}}]',
    });
    expect(r.doc).toBe('{"_id":1,"a":[{"x":1,"y":2}]}');
    expect(
      applyError('{"$set": {"a.$[i]": 1, "a.$[j]": 2}}', '{"_id": 1, "a": [0]}', {
        arrayFilters: '[{"i": 0}, {"j": 0}]',
      }),
    ).toBe("40: Update created a conflict at 'a.0'");
  });

  it('names the unresolved identifiers below a merge conflict', () => {
    expect(
      applyError('{"$set": {"a.$[i].b.$[k].c": 1, "a.$[j].b.$[k].c": 2}}', '{"_id": 1, "a": [{"b": [{"c": 0}]}]}', {
        arrayFilters: '[{"i.b": {"$exists": true}}, {"j.b": {"$exists": true}}, {"k.c": 0}]',
      }),
    ).toBe("40: Update created a conflict at 'a.0.b.$[k].c'");
  });

  it('validates identifiers and filters at parse time', () => {
    expect(parseError('{"$set": {"a.$[i]": 1}}')).toBe("2: No array filter found for identifier 'i' in path 'a.$[i]'");
    expect(parseError('{"$set": {"a.$[i]": 5.0}}', { arrayFilters: '[{"i": 1}, {"j": 1}]' })).toBe(
      "9: The array filter for identifier 'j' was not used in the update { $set: { a.$[i]: 5.0 } }",
    );
    expect(parseError('{"$set": {"a.$[i]": 1}}', { arrayFilters: '[{"i": 1}, {"i": 2}]' })).toBe(
      '9: Found multiple array filters with the same top-level field name i',
    );
    expect(parseError('{"$set": {"a.$[i]": 1}}', { arrayFilters: '[{}]' })).toBe(
      '9: Cannot use an expression without a top-level field name in arrayFilters',
    );
    expect(parseError('{"$set": {"a.$[i]": 1}}', { arrayFilters: '[{"i": 1, "j": 1}]' })).toBe(
      "9: Error parsing array filter :: caused by :: Expected a single top-level field name, found 'i' and 'j'",
    );
    expect(parseError('{"$set": {"a.$[I]": 1}}', { arrayFilters: '[{"I": 1}]' })).toBe(
      "2: Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found 'I'",
    );
    expect(parseError('{"$set": {"a.$[i]": 1}}', { arrayFilters: '[1]' })).toBe(
      "14: BSON field 'update.updates.arrayFilters.0' is the wrong type 'int', expected type 'object'",
    );
  });

  it('accepts compound conditions in one filter document', () => {
    const r = applyTo('{"$set": {"a.$[e]": 0}}', '{"_id": 1, "a": [1, 5, 9]}', {
      arrayFilters: '[{"e": {"$gt": 2}, "$or": [{"e": {"$lt": 6}}]}]',
    });
    expect(r.doc).toBe('{"_id":1,"a":[1,0,9]}');
  });

  it('conflicts between $[i] and a plain field at parse time', () => {
    expect(parseError('{"$set": {"a.$[i]": 1, "a.b": 1}}', { arrayFilters: '[{"i": 1}]' })).toBe(
      "40: Updating the path 'a.b' would create a conflict at 'a'",
    );
  });
});
