/**
 * The operators of an update compare under the statement's collation, else the collection's
 * default: $min/$max, $addToSet (with $each), $pull (equality and comparisons), $pullAll, $push
 * with $sort, the positional `$` (through the query's match), and expressions of an update
 * pipeline ($indexOfArray in $addFields / $project / $replaceWith), in update and bulkWrite.
 * From jstests/core/write/update/collation_update.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { d, got, i, shell, text, v } from './harness.js';

const caseInsensitive = d({ collation: { locale: 'en_US', strength: 2 } });
const caseSensitive = d({ collation: { locale: 'en_US', strength: 3 } });
const numericOrdering = d({ collation: { locale: 'en_US', numericOrdering: true } });

const { db, fresh } = shell();
function setup(defaultCollation?: Doc) {
  const coll = fresh('collation_update_test');
  if (defaultCollation) db.createCollection(coll.name, defaultCollation);
  return coll;
}

describe('update operators compare under the collation', () => {
  it('$min on an _id query uses the collection default, with or without a hint', () => {
    const coll = setup(numericOrdering);
    coll.insert(d({ _id: 1, a: '124' }));
    coll.update(d({ _id: 1 }), d({ $min: { a: '1234' } }));
    expect(coll.find(d({ a: '124' })).count()).toBe(1);
    coll.createIndex(d({ foobar: 1 }));
    db.runCommand(
      d({ update: coll.name, updates: [{ q: { _id: 1 }, u: { $min: { a: '49' } }, hint: { foobar: 1 } }] }),
    );
    expect(coll.find(d({ a: '49' })).count()).toBe(1);
    db.runCommand(d({ update: coll.name, updates: [{ q: { _id: 1 }, u: { $min: { a: '5' } }, hint: { _id: 1 } }] }));
    expect(coll.find(d({ a: '5' })).count()).toBe(1);
  });

  it('$min and $max follow the statement collation, else the collection default', () => {
    let coll = setup();
    coll.insert(d({ a: '124' }));
    expect(coll.update(d({ a: '124' }), d({ $min: { a: '1234' } }), numericOrdering).nModified).toBe(0);
    expect(coll.find(d({ a: '124' })).count()).toBe(1);
    coll.update(d({ a: '124' }), d({ $min: { a: '1234' } }), caseSensitive);
    expect(coll.find(d({ a: '1234' })).count()).toBe(1);

    coll = setup(numericOrdering);
    coll.insert(d({ a: '124' }));
    coll.update(d({ a: '124' }), d({ $min: { a: '1234' } }));
    expect(coll.find(d({ a: '124' })).count()).toBe(1);

    coll = setup();
    coll.insert(d({ a: '124' }));
    coll.update(d({ a: '124' }), d({ $max: { a: '1234' } }), caseSensitive);
    expect(coll.find(d({ a: '124' })).count()).toBe(1);
    coll.update(d({ a: '124' }), d({ $max: { a: '1234' } }), numericOrdering);
    expect(coll.find(d({ a: '1234' })).count()).toBe(1);

    coll = setup(numericOrdering);
    coll.insert(d({ a: '124' }));
    coll.update(d({ a: '124' }), d({ $max: { a: '1234' } }));
    expect(coll.find(d({ a: '1234' })).count()).toBe(1);
  });

  it('$addToSet and $addToSet $each', () => {
    let coll = setup();
    coll.insert(d({ a: ['foo'] }));
    coll.update(d({}), d({ $addToSet: { a: 'FOO' } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo']));
    coll.update(d({}), d({ $addToSet: { a: 'FOO' } }), caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo', 'FOO']));

    coll = setup();
    coll.insert(d({ a: ['foo', 'bar', 'FOO'] }));
    coll.update(d({}), d({ $addToSet: { a: { $each: ['FOO', 'BAR', 'str'] } } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo', 'bar', 'FOO', 'str']));

    coll = setup(caseInsensitive);
    coll.insert(d({ a: ['foo'] }));
    coll.update(d({}), d({ $addToSet: { a: 'FOO' } }));
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo']));
  });

  it('$pull (equality, every instance, comparisons) and $pullAll', () => {
    let coll = setup();
    coll.insert(d({ a: ['foo', 'FOO'] }));
    coll.update(d({}), d({ $pull: { a: 'foo' } }), caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['FOO']));
    coll.update(d({}), d({ $pull: { a: 'foo' } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text([]));

    coll = setup();
    coll.insert(d({ a: ['foo', 'FOO'] }));
    coll.update(d({}), d({ $pull: { a: 'foo' } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text([]));

    coll = setup();
    coll.insert(d({ a: ['124', '1234'] }));
    coll.update(d({}), d({ $pull: { a: { $lt: '1234' } } }), caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['124', '1234']));
    coll.update(d({}), d({ $pull: { a: { $lt: '1234' } } }), numericOrdering);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['1234']));

    coll = setup(caseInsensitive);
    coll.insert(d({ a: ['foo', 'FOO'] }));
    coll.update(d({}), d({ $pull: { a: 'foo' } }));
    expect(got(coll.findOne()?.get('a'))).toBe(text([]));

    coll = setup();
    coll.insert(d({ a: ['foo', 'bar'] }));
    coll.update(d({}), d({ $pullAll: { a: ['FOO', 'BAR'] } }), caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo', 'bar']));
    coll.update(d({}), d({ $pullAll: { a: ['FOO', 'BAR'] } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text([]));

    coll = setup(caseInsensitive);
    coll.insert(d({ a: ['foo', 'bar'] }));
    coll.update(d({}), d({ $pullAll: { a: ['FOO', 'BAR'] } }));
    expect(got(coll.findOne()?.get('a'))).toBe(text([]));
  });

  it('$push with $sort', () => {
    const push = d({ $push: { a: { $each: ['1230'], $sort: 1 } } });
    let coll = setup();
    coll.insert(d({ a: ['1234', '124'] }));
    coll.update(d({}), push, caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['1230', '1234', '124']));

    coll = setup();
    coll.insert(d({ a: ['1234', '124'] }));
    coll.update(d({}), push, numericOrdering);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['124', '1230', '1234']));

    coll = setup(numericOrdering);
    coll.insert(d({ a: ['1234', '124'] }));
    coll.update(d({}), push);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['124', '1230', '1234']));
  });

  it('the positional $ takes the element the collated query matched', () => {
    let coll = setup();
    coll.insert(d({ a: ['foo', 'FOO'] }));
    coll.update(d({ a: 'FOO' }), d({ $set: { 'a.$': 'FOO' } }), caseSensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['foo', 'FOO']));
    coll.update(d({ a: 'FOO' }), d({ $set: { 'a.$': 'FOO' } }), caseInsensitive);
    expect(got(coll.findOne()?.get('a'))).toBe(text(['FOO', 'FOO']));

    coll = setup(caseInsensitive);
    coll.insert(d({ a: ['foo', 'FOO'] }));
    coll.update(d({ a: 'FOO' }), d({ $set: { 'a.$': 'FOO' } }));
    expect(got(coll.findOne()?.get('a'))).toBe(text(['FOO', 'FOO']));
  });

  it('update pipelines evaluate under the collection default or the statement collation', () => {
    const doc = d({ x: [1, 2, 'a', 'b', 'c', 'B'] });
    let coll = setup(caseInsensitive);
    coll.insert(doc);
    coll.update(d({}), v([{ $addFields: { newField: { $indexOfArray: ['$x', 'B'] } } }]));
    expect(got(coll.findOne()?.get('newField'))).toBe(text(i(3)));

    for (const [collation, expected] of [
      [caseSensitive, i(5)],
      [caseInsensitive, i(3)],
    ] as const) {
      for (const stage of ['$addFields', '$project', '$replaceWith']) {
        coll = setup();
        coll.insert(doc);
        coll.update(d({}), v([{ [stage]: { newField: { $indexOfArray: ['$x', 'B'] } } }]), collation);
        expect(got(coll.findOne()?.get('newField'))).toBe(text(expected));
      }
    }
    for (const stage of ['$addFields', '$project', '$replaceWith']) {
      coll = setup();
      coll.insert(doc);
      coll.bulkWrite([
        v({
          updateOne: {
            filter: {},
            update: [{ [stage]: { newField: { $indexOfArray: ['$x', 'B'] } } }],
            collation: caseInsensitive.get('collation') ?? null,
          },
        }),
      ]);
      expect(got(coll.findOne()?.get('newField'))).toBe(text(i(3)));
    }
  });
});
