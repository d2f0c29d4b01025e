/**
 * The positional `$` takes the array position the query matched while traversing that array
 * implicitly; an array-offset match (`a.0`) never provides it, on the same path or another one.
 * Indexes on the queried paths (multikey or not, numeric-looking path parts, `$ref`) change
 * nothing, and the index keys follow the update.
 * From jstests/core/write/update/update_arraymatch1.js … update_arraymatch8.js and
 * update_array_offset_positional.js.
 */
import { describe, expect, it } from 'vitest';
import type { ShellCollection } from '../../shell/api.js';
import { d, got, i, shell, text, type Lit } from './harness.js';

const NO_MATCH = {
  code: i(2),
  errmsg:
    'Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query.',
};
const has = (t: ShellCollection, q: { [k: string]: Lit }): boolean => t.findOne(d(q)) !== null;

describe('positional $ from the query match', () => {
  it('$inc of the matched element field, $set elsewhere leaves the array (update_arraymatch1.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_arraymatch1');
    const a = [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ];
    t.insert(d({ _id: 1, a }));
    t.update(d({ 'a.x': 2 }), d({ $set: { b: 5 } }));
    expect(got(t.findOne())).toBe(text({ _id: 1, a, b: 5 }));
    t.update(d({ 'a.x': 2 }), d({ $inc: { 'a.$.y': 1 } }));
    expect(got(t.findOne())).toBe(
      text({
        _id: 1,
        a: [
          { x: 1, y: 1 },
          { x: 2, y: 3 },
          { x: 3, y: 3 },
        ],
        b: 5,
      }),
    );
  });

  it('multi updates: only documents whose array matched (update_arraymatch2.js, 3)', () => {
    const { fresh } = shell();
    const t = fresh('update_arraymatch2');
    t.insert(d({ _id: 1 }));
    t.insert(d({ _id: 2, x: [1, 2, 3] }));
    t.insert(d({ _id: 3, x: 99 }));
    const r = t.update(d({ x: 2 }), d({ $inc: { 'x.$': 1 } }), d({ upsert: false, multi: true }));
    expect([r.nMatched, r.nModified]).toEqual([1, 1]);
    expect(got(t.findOne(d({ x: 1 })))).toBe(text({ _id: 2, x: [1, 3, 3] }));
    t.insert(d({ _id: 4, x: { y: [8, 7, 6] } }));
    t.update(d({ 'x.y': 7 }), d({ $inc: { 'x.y.$': 1 } }), d({ upsert: false, multi: true }));
    expect(got(t.findOne(d({ 'x.y': 8 })))).toBe(text({ _id: 4, x: { y: [8, 8, 6] } }));
    t.insert(d({ _id: 5, x: [90, 91, 92], y: ['a', 'b', 'c'] }));
    t.update(d({ x: 92 }), d({ $set: { 'y.$': 'z' } }), d({ upsert: false, multi: true }));
    expect(got(t.findOne(d({ x: 92 })))).toBe(text({ _id: 5, x: [90, 91, 92], y: ['a', 'b', 'z'] }));

    const u = fresh('update_arraymatch3');
    u.insert(
      d({
        _id: 1,
        title: 'ABC',
        comments: [
          { by: 'joe', votes: 3 },
          { by: 'jane', votes: 7 },
        ],
      }),
    );
    u.update(d({ 'comments.by': 'joe' }), d({ $inc: { 'comments.$.votes': 1 } }), d({ upsert: false, multi: true }));
    expect(got(u.findOne())).toBe(
      text({
        _id: 1,
        title: 'ABC',
        comments: [
          { by: 'joe', votes: 4 },
          { by: 'jane', votes: 7 },
        ],
      }),
    );
  });

  it('$set of the matched scalar, with and without an index (update_arraymatch4.js, 6, 7)', () => {
    const { fresh } = shell();
    const t = fresh('update_arraymatch4');
    t.insert(d({ _id: 1, arr: ['A1', 'B1', 'C1'] }));
    t.update(d({ arr: 'A1' }), d({ $set: { 'arr.$': 'A2' } }));
    expect(got(t.findOne())).toBe(text({ _id: 1, arr: ['A2', 'B1', 'C1'] }));
    t.createIndex(d({ arr: 1 }));
    t.update(d({ arr: 'A2' }), d({ $set: { 'arr.$': 'A3' } }));
    expect(got(t.findOne())).toBe(text({ _id: 1, arr: ['A3', 'B1', 'C1'] }));

    for (const indexed of [false, true]) {
      const u = fresh('jstests_update_arraymatch6');
      if (indexed) u.createIndex(d({ 'a.id': 1 }));
      u.insert(
        d({
          _id: 1,
          a: [
            { id: 1, x: [5, 6, 7] },
            { id: 2, x: [8, 9, 10] },
          ],
        }),
      );
      expect(u.update(d({ 'a.id': 1 }), d({ $set: { 'a.$.x': [1, 1, 1] } })).writeError).toBeUndefined();
      expect(got(u.findOne()?.get('a'))).toBe(
        text([
          { id: 1, x: [1, 1, 1] },
          { id: 2, x: [8, 9, 10] },
        ]),
      );

      const w = fresh('jstests_update_arraymatch7');
      if (indexed) w.createIndex(d({ 'a.b': 1 }));
      w.insert(d({ _id: 1, a: [{ b: 'match', count: 0 }] }));
      w.update(d({ 'a.b': 'match' }), d({ $inc: { 'a.$.count': 1 } }));
      expect(has(w, { 'a.count': 1 })).toBe(true);
    }
  });

  it('$set of two positional paths, index on three fields (update_arraymatch5.js)', () => {
    const { fresh } = shell();
    const t = fresh('update_arraymatch5');
    t.insert(d({ _id: 1, abc: { visible: true }, testarray: [{ foobar_id: 316, visible: true, xxx: 1 }] }));
    t.createIndex(d({ 'abc.visible': 1, 'testarray.visible': 1, 'testarray.xxx': 1 }));
    expect(has(t, { 'abc.visible': true, testarray: { $elemMatch: { visible: true, xxx: 1 } } })).toBe(true);
    expect(has(t, { testarray: { $elemMatch: { visible: true, xxx: 1 } } })).toBe(true);
    t.update(
      d({ 'testarray.foobar_id': 316 }),
      d({ $set: { 'testarray.$.visible': true, 'testarray.$.xxx': 2 } }),
      d({ upsert: false, multi: true }),
    );
    expect(has(t, { testarray: { $elemMatch: { visible: true, xxx: 2 } } })).toBe(true);
    expect(has(t, { 'abc.visible': true, testarray: { $elemMatch: { visible: true, xxx: 2 } } })).toBe(true);
    expect(t.find().count()).toBe(1);
  });

  it('index keys follow $, numeric, numeric-looking and $ref paths (update_arraymatch8.js)', () => {
    const { fresh } = shell();
    const cases: [string, { [k: string]: Lit }, { [k: string]: Lit }, { [k: string]: Lit }, string, boolean][] = [
      [
        'array.name',
        { array: [{ name: 'old' }] },
        { 'array.name': 'old' },
        { 'array.$.name': 'new' },
        'array.name',
        false,
      ],
      [
        'array.name',
        { array: [{ name: 'old' }] },
        { 'array.name': 'old' },
        { 'array.$': { name: 'new' } },
        'array.name',
        false,
      ],
      [
        'array.name',
        { array: [{ name: 'old' }] },
        { 'array.name': 'old' },
        { 'array.0.name': 'new' },
        'array.name',
        false,
      ],
      [
        'array.name',
        { array: [{ name: 'old' }] },
        { 'array.name': 'old' },
        { 'array.0': { name: 'new' } },
        'array.name',
        false,
      ],
      [
        'array.name',
        { _id: 0, array: Array.from({ length: 20 }, () => ({ name: 'old' })) },
        { _id: 0 },
        { 'array.12.name': 'new' },
        'array.name',
        true,
      ],
      [
        'array.name',
        { _id: 0, array: Array.from({ length: 20 }, () => ({ name: 'old' })) },
        { _id: 0 },
        { 'array.12': { name: 'new' } },
        'array.name',
        true,
      ],
      [
        'array.123a.name',
        { array: [{ '123a': { name: 'old' } }] },
        { 'array.123a.name': 'old' },
        { 'array.$.123a.name': 'new' },
        'array.123a.name',
        false,
      ],
      [
        'array.name',
        { array: [{ '123a': { name: 'old' } }] },
        { 'array.123a.name': 'old' },
        { 'array.$.123a': { name: 'new' } },
        'array.123a.name',
        false,
      ],
      [
        'array.123a.name',
        { array: [{ '123a': { name: 'old' } }] },
        { 'array.123a.name': 'old' },
        { 'array.0.123a.name': 'new' },
        'array.123a.name',
        false,
      ],
      [
        'array.name',
        { array: [{ '123a': { name: 'old' } }] },
        { 'array.123a.name': 'old' },
        { 'array.0.123a': { name: 'new' } },
        'array.123a.name',
        false,
      ],
      ['a.0.b', { a: [[{ b: 'old' }]] }, {}, { 'a.0.0.b': 'new' }, 'a.0.b', false],
      ['a.0.b.c', { a: [{ b: [{ c: 'old' }] }] }, {}, { 'a.0.b.0.c': 'new' }, 'a.0.b.c', false],
      ['a.b.$ref', { a: [{ b: { $ref: 'old', $id: 0 } }] }, {}, { 'a.0.b.$ref': 'new' }, 'a.b.$ref', false],
      ['a.b', { a: { b: 'old' } }, {}, { a: { b: 'new' } }, 'a.b', false],
    ];
    for (const [index, doc, query, set, probe, oldStays] of cases) {
      const t = fresh('jstests_update_arraymatch8');
      t.createIndex(d({ [index]: 1 }));
      if (index === 'a.b') t.createIndex(d({ 'a-b': 1 }));
      t.insert(d(doc));
      expect([index, has(t, { [probe]: 'old' })]).toEqual([index, true]);
      const r = t.update(d(query), d({ $set: set }));
      expect([index, r.nModified, r.writeError]).toEqual([index, 1, undefined]);
      expect([index, set, has(t, { [probe]: 'new' }), has(t, { [probe]: 'old' })]).toEqual([
        index,
        set,
        true,
        oldStays,
      ]);
    }
    const t = fresh('jstests_update_arraymatch8');
    t.insert(d({ a: [{ b: [{ c: 'old' }] }] }));
    for (const probe of ['a.0.b.0.c', 'a.b.0.c', 'a.0.b.c', 'a.b.c']) expect(has(t, { [probe]: 'old' })).toBe(true);
    t.insert(d({ a: [[{ b: 'x' }]] }));
    expect(has(t, { 'a.0.0.b': 'x' })).toBe(true);
    expect(has(t, { 'a.0.b': 'x' })).toBe(true);
  });
});

describe('an array-offset match never provides the positional $ (update_array_offset_positional.js)', () => {
  it('without an implicit array traversal, $ fails', () => {
    const { fresh } = shell();
    const cases: [{ [k: string]: Lit }, { [k: string]: Lit }, { [k: string]: Lit }][] = [
      [{ _id: 0, a: [0] }, { _id: 0, 'a.0': 0 }, { 'a.$': 1 }],
      [{ _id: 0, a: [{ b: 0 }] }, { _id: 0, 'a.0.b': 0 }, { 'a.$.b': 1 }],
      [{ _id: 0, a: [[0]] }, { _id: 0, 'a.0.0': 0 }, { 'a.$.0': 1 }],
      [{ _id: 0, a: [{ b: [0] }] }, { _id: 0, 'a.0.b.0': 0 }, { 'a.$.b.0': 1 }],
    ];
    for (const [doc, query, set] of cases) {
      const coll = fresh('jstest_update_array_offset_positional');
      coll.insert(d(doc));
      expect(got(coll.update(d(query), d({ $set: set })).writeError)).toBe(text(NO_MATCH));
      expect(got(coll.findOne())).toBe(text(doc));
    }
  });

  it('the position comes from the implicit traversal, on the same path or another', () => {
    const { fresh } = shell();
    const cases: [{ [k: string]: Lit }, { [k: string]: Lit }, { [k: string]: Lit }, { [k: string]: Lit }][] = [
      [{ _id: 0, a: [{ b: [0, 1] }] }, { _id: 0, 'a.0.b': 1 }, { 'a.0.b.$': 2 }, { _id: 0, a: [{ b: [0, 2] }] }],
      [{ _id: 0, a: [{ b: [0, 1] }] }, { _id: 0, 'a.b.1': 1 }, { 'a.$.b.1': 2 }, { _id: 0, a: [{ b: [0, 2] }] }],
      [{ _id: 0, a: [0, 1], b: [0] }, { _id: 0, a: 1, 'b.0': 0 }, { 'a.$': 2 }, { _id: 0, a: [0, 2], b: [0] }],
      [
        { _id: 0, a: [0, 1], b: [{ c: 0 }] },
        { _id: 0, a: 1, 'b.0.c': 0 },
        { 'a.$': 2 },
        { _id: 0, a: [0, 2], b: [{ c: 0 }] },
      ],
      [{ _id: 0, a: [0, 1], b: [[0]] }, { _id: 0, a: 1, 'b.0.0': 0 }, { 'a.$': 2 }, { _id: 0, a: [0, 2], b: [[0]] }],
      [
        { _id: 0, a: [0, 1], b: [{ c: [0] }] },
        { _id: 0, a: 1, 'b.0.c.0': 0 },
        { 'a.$': 2 },
        { _id: 0, a: [0, 2], b: [{ c: [0] }] },
      ],
    ];
    for (const [doc, query, set, after] of cases) {
      const coll = fresh('jstest_update_array_offset_positional');
      coll.insert(d(doc));
      expect(coll.update(d(query), d({ $set: set })).writeError).toBeUndefined();
      expect(got(coll.findOne(d({ _id: 0 })))).toBe(text(after));
    }
  });
});
