/**
 * Examples of single operators: $bit (and/or/xor, empty operation refused, padding an array past
 * its end with nulls), $set on a document with an empty field name, $currentDate (date or
 * timestamp), $set inside a DBRef (a `{$ref, $id}` document as BSON stores it: allowed) and of top-level $id/$ref/$db (refused), and a
 * `$`-prefixed name below an operator's field (stored as given since 5.0).
 * From jstests/core/write/update/update_bit_examples.js, update_blank1.js,
 * update_currentdate_examples.js, update_dbref.js and update_invalid1.js.
 */
import { Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { d, got, i, shell, text, v } from './harness.js';

describe('operator examples', () => {
  it('$bit and, or, xor; an empty $bit fails; padding with nulls (update_bit_examples.js)', () => {
    const { fresh } = shell();
    const coll = fresh('update_bit');
    for (const [start, op, result] of [
      [2, 'and', 0],
      [2, 'or', 6],
      [0, 'xor', 4],
    ] as const) {
      coll.remove(d({}));
      coll.insert(d({ _id: 1, a: i(start) }));
      expect(coll.update(d({}), d({ $bit: { a: { [op]: i(4) } } })).writeError).toBeUndefined();
      expect(got(coll.findOne())).toBe(text({ _id: 1, a: i(result) }));
    }
    expect(got(coll.update(d({}), d({ $bit: { a: {} } })).writeError)).toBe(
      text({
        code: i(2),
        errmsg: 'You must pass in at least one bitwise operation. The format is: {$bit: {field: {and/or/xor: #}}',
      }),
    );
    coll.insert(d({ _id: 2, a: [0] }));
    coll.update(d({ _id: 2 }), d({ $bit: { 'a.9': { or: i(0) }, 'a.10': { or: i(0) } } }));
    expect(
      got(
        coll
          .find(d({ _id: 2 }))
          .toArray()[0]
          ?.get('a'),
      ),
    ).toBe(text([0, null, null, null, null, null, null, null, null, i(0), i(0)]));
  });

  it('$set on a document with an empty field name (update_blank1.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_blank1');
    t.insert(d({ '': 1, _id: 2, a: 3, b: 4 }));
    expect(t.update(d({}), d({ $set: { c: 5 } })).nModified).toBe(1);
    // the insert moved _id first (the jstest's docEq ignores field order)
    expect(got(t.findOne())).toBe(text({ _id: 2, '': 1, a: 3, b: 4, c: 5 }));
  });

  it('$currentDate: a date by default or with $type date, a timestamp with $type timestamp', () => {
    const { fresh } = shell();
    const coll = fresh('update_currentdate');
    for (const [spec, kind] of [
      [true, Date],
      [{ $type: 'date' }, Date],
      [{ $type: 'timestamp' }, Timestamp],
    ] as const) {
      coll.remove(d({}));
      coll.insert(d({ _id: 1, a: 2 }));
      expect(coll.update(d({}), v({ $currentDate: { a: spec } }) as never).writeError).toBeUndefined();
      expect(coll.findOne()?.get('a')).toBeInstanceOf(kind);
    }
  });

  it('fields of a DBRef can be set; top-level $id, $ref, $db cannot (update_dbref.js)', () => {
    const { fresh } = shell();
    const t = fresh('jstests_update_dbref');
    t.insert(v({ _id: 1, a: { $ref: 'a', $id: 'b' } }) as never);
    expect(got(t.findOne())).toBe(got(v({ _id: 1, a: { $ref: 'a', $id: 'b' } })));
    expect(t.update(d({}), d({ $set: { 'a.$id': 2 } })).writeError).toBeUndefined();
    expect(got(t.findOne())).toBe(got(v({ _id: 1, a: { $ref: 'a', $id: 2 } })));
    expect(t.update(d({}), d({ $set: { 'a.$ref': 'b' } })).writeError).toBeUndefined();
    expect(got(t.findOne())).toBe(got(v({ _id: 1, a: { $ref: 'b', $id: 2 } })));
    // storage_validation.cpp's validateDollarPrefixElement: a top-level $id/$ref/$db is read as a
    // DBRef field and refused for its position (InvalidDBRef 55)
    for (const [field, value, errmsg] of [
      ['$id', 3, 'Found $id field without a $ref before it, which is invalid.'],
      ['$ref', 'foo', 'The DBRef $ref field must be followed by a $id field'],
      ['$db', 'aDB', 'Found $db field without a $id before it, which is invalid.'],
    ] as const) {
      const res = t.update(d({}), d({ $set: { [field]: value } }));
      expect(got(res.writeError)).toBe(
        text({ code: i(55), errmsg: `Plan executor error during update :: caused by :: ${errmsg}` }),
      );
      expect(got(t.findOne())).toBe(got(v({ _id: 1, a: { $ref: 'b', $id: 2 } })));
    }
  });

  it('a $-prefixed name below $set is a stored field name (update_invalid1.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_invalid1');
    t.update(d({ _id: 5 }), d({ $set: { $inc: { x: 5 } } }), d({ upsert: true }));
    expect(t.count()).toBe(1);
    expect(got(t.findOne())).toBe(text({ _id: 5, $inc: { x: 5 } }));
  });
});
