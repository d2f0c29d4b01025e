/**
 * $addToSet: appends only values not already in the array (whole-value comparison), `$each`
 * adds each new value once in the given order, an upsert creates the array, nested `$`-prefixed
 * and dotted field names and DBRefs are stored as given, and `$each` must be an array (TypeMismatch, addtoset_node.cpp).
 * From jstests/core/write/update/update_addToSet.js, update_addToSet2.js, update_addToSet3.js.
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp, DBRef } from 'bson';
import { d, got, i, shell, text, v } from './harness.js';

describe('$addToSet', () => {
  it('adds a missing value once; $each adds each new value once (update_addToSet.js)', () => {
    const { fresh } = shell();
    let coll = fresh('update_addToSet_0');
    coll.insert(d({ _id: 1, a: [2, 1] }));
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [2, 1] }));
    expect(coll.update(d({}), d({ $addToSet: { a: 3 } })).nModified).toBe(1);
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [2, 1, 3] }));
    expect(coll.update(d({}), d({ $addToSet: { a: 3 } })).nModified).toBe(0);
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [2, 1, 3] }));
    coll.update(d({}), d({ $addToSet: { a: { $each: [3, 5, 6] } } }));
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [2, 1, 3, 5, 6] }));

    coll = fresh('update_addToSet_1');
    coll.insert(d({ _id: 1, a: [3, 5, 6] }));
    expect(coll.update(d({}), d({ $addToSet: { a: { $each: [3, 5, 6] } } })).nModified).toBe(0);
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [3, 5, 6] }));
  });

  it('an upsert creates the array from $each, without duplicates (SERVER-628, 630, 3245)', () => {
    const { fresh } = shell();
    let coll = fresh('update_addToSet_2');
    for (let n = 0; n < 2; n++) {
      coll.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: [3, 5, 6] } } }), d({ upsert: true }));
      expect(got(coll.findOne())).toBe(text({ _id: 1, a: [3, 5, 6] }));
    }
    coll = fresh('update_addToSet_3');
    const res = coll.update(d({ _id: 2 }), d({ $addToSet: { a: 3 } }), d({ upsert: true }));
    expect(res.nUpserted).toBe(1);
    expect(coll.find().toArray().length).toBe(1);
    expect(got(coll.findOne())).toBe(text({ _id: 2, a: [3] }));

    for (const each of [
      [1, 2],
      [1, 2, 1, 2],
    ]) {
      coll = fresh('update_addToSet_4');
      coll.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: each } } }), d({ upsert: true }));
      expect(got(coll.findOne())).toBe(text({ _id: 1, a: [1, 2] }));
    }
    coll = fresh('update_addToSet_5');
    coll.insert(d({ _id: 1 }));
    coll.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: [1, 2, 2, 1] } } }));
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [1, 2] }));
    coll.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: [3, 2, 2, 3, 3] } } }));
    expect(got(coll.findOne())).toBe(text({ _id: 1, a: [1, 2, 3] }));
  });

  it('nested dotted and $-prefixed names, nested _id and DBRefs are stored as given', () => {
    const { fresh } = shell();
    const coll = fresh('update_addToSet_6');
    coll.insert(d({ _id: 1, a: [1, 2] }));
    const values = [
      { 'x.$.y': 'bad' },
      { b: { 'x.$.y': 'bad' } },
      { $bad: 'bad' },
      { b: { $bad: 'bad' } },
      { _id: { 'x.y': 2 } },
    ];
    for (const value of values) {
      const res = coll.update(d({}), d({ $addToSet: { a: value } }));
      expect(res.writeError).toBeUndefined();
      expect(res.nModified).toBe(1);
    }
    for (const value of [{ 'x.$.y': 'bad2' }, { b: { 'x.$.y': 'bad2' } }, { $bad: 'bad2' }, { b: { $bad: 'bad2' } }]) {
      expect(coll.update(d({}), d({ $addToSet: { a: { $each: [value] } } })).nModified).toBe(1);
    }
    expect(got(coll.findOne()?.get('a'))).toBe(
      text([
        1,
        2,
        ...values,
        { 'x.$.y': 'bad2' },
        { b: { 'x.$.y': 'bad2' } },
        { $bad: 'bad2' },
        { b: { $bad: 'bad2' } },
      ]),
    );
    expect(coll.update(d({}), d({ $addToSet: { a: { _id: ['foo', 'bar', 'baz'] } } })).nModified).toBe(1);
    expect(coll.update(d({}), d({ $addToSet: { a: { _id: new BSONRegExp('acme.*corp') } } })).nModified).toBe(1);

    const refs = fresh('update_addToSet_7');
    refs.insert(d({ _id: 1, a: [1, 2] }));
    refs.insert(d({ _id: 2, foo: 'bar' }));
    const ref = d({ reference: new DBRef('update_addToSet_7', 2 as never, 'test') as never });
    refs.update(d({ _id: 1 }), v({ $addToSet: { a: ref } }));
    expect(got((refs.findOne(d({ _id: 1 }))?.get('a') as never[])[2])).toBe(got(ref));
    refs.update(d({ _id: 1 }), v({ $addToSet: { a: { b: ref } } }));
    expect(got((refs.findOne(d({ _id: 1 }))?.get('a') as never[])[3])).toBe(got(d({ b: ref })));
  });

  it('subdocuments are appended in turn (update_addToSet2.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_addToSet2');
    t.insert(d({ _id: 1 }));
    t.update(d({}), d({ $addToSet: { kids: { name: 'Bob', age: '4' } } }));
    t.update(d({}), d({ $addToSet: { kids: { name: 'Dan', age: '2' } } }));
    expect(got(t.findOne())).toBe(
      text({
        _id: 1,
        kids: [
          { name: 'Bob', age: '4' },
          { name: 'Dan', age: '2' },
        ],
      }),
    );
  });

  it('$each keeps the given order, skips values present; a non-array $each fails (update_addToSet3.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_addToSet3');
    t.insert(d({ _id: 1 }));
    const steps: [number[], number[]][] = [
      [
        [6, 5, 4],
        [6, 5, 4],
      ],
      [
        [3, 2, 1],
        [6, 5, 4, 3, 2, 1],
      ],
      [
        [4, 7, 9, 2],
        [6, 5, 4, 3, 2, 1, 7, 9],
      ],
      [
        [12, 13, 12],
        [6, 5, 4, 3, 2, 1, 7, 9, 12, 13],
      ],
    ];
    for (const [each, after] of steps) {
      t.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: each } } }));
      expect(got(t.findOne())).toBe(text({ _id: 1, a: after }));
    }
    expect(got(t.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: 0 } } })).writeError)).toBe(
      text({ code: i(14), errmsg: 'The argument to $each in $addToSet must be an array but it was of type double' }),
    );
    expect(got(t.update(d({ _id: 1 }), d({ $addToSet: { a: { $each: { a: 1 } } } })).writeError)).toBe(
      text({ code: i(14), errmsg: 'The argument to $each in $addToSet must be an array but it was of type object' }),
    );
  });
});
