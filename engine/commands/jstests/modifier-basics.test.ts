/**
 * The basic field modifiers ($inc, $set, $unset) through the legacy `update` helper: with and
 * without an index on the queried field, dotted paths, new fields appended after the existing
 * ones (even numeric-looking names inside an object), `_id` immutable, `multi`.
 * From jstests/core/write/update/update2.js, update3.js, update6.js and update7.js.
 */
import { describe, expect, it } from 'vitest';
import type { ShellCollection } from '../../shell/api.js';
import { d, got, i, shell, text } from './harness.js';

describe('$inc / $set / $unset basics', () => {
  it('$inc of a queried field, with and without an index on it (update2.js)', () => {
    const { fresh } = shell();
    for (const indexed of [false, true, false]) {
      const f = fresh('ed_db_update2');
      f.insert(d({ a: 4 }));
      if (indexed) f.createIndex(d({ a: 1 }));
      f.update(d({ a: 4 }), d({ $inc: { a: 2 } }));
      expect(got(f.findOne()?.get('a'))).toBe(text(6));
      // drop clears the index: the next round finds none
      expect(f.getIndexes().length).toBe(indexed ? 2 : 1);
    }
  });

  it('$inc, $set on dotted paths, $set of _id refused, $unset of a missing path (update3.js)', () => {
    const { fresh } = shell();
    let f = fresh('jstests_update3');
    f.insert(d({ a: 1 }));
    f.update(d({}), d({ $inc: { a: 1 } }));
    expect(got(f.findOne()?.get('a'))).toBe(text(2));

    f = fresh('jstests_update3');
    f.insert(d({ a: { b: 1 } }));
    f.update(d({}), d({ $inc: { 'a.b': 1 } }));
    expect(got(f.findOne()?.get('a'))).toBe(text({ b: 2 }));

    f = fresh('jstests_update3');
    f.insert(d({ a: { b: 1 } }));
    f.update(d({}), d({ $set: { 'a.b': 5 } }));
    expect(got(f.findOne()?.get('a'))).toBe(text({ b: 5 }));

    f = fresh('jstests_update3');
    f.insert(d({ _id: 0 }));
    const res = f.update(d({}), d({ $set: { _id: 5 } }));
    expect(got(res.writeError)).toBe(
      text({
        code: i(66),
        errmsg:
          "Plan executor error during update :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'",
      }),
    );
    expect(got(f.findOne())).toBe(text({ _id: 0 }));

    f = fresh('jstests_update3');
    f.insert(d({ _id: 1, a: 1 }));
    f.update(d({}), d({ $unset: { a: 1, 'b.c': 1 } }));
    expect(got(f.findOne())).toBe(text({ _id: 1 }));
  });

  it('a new field is appended after the existing ones, numeric-looking names too (update6.js)', () => {
    const { fresh } = shell();
    let t = fresh('update6');
    t.insert(d({ a: 1, b: { c: 1, d: 1 } }));
    t.update(d({ a: 1 }), d({ $inc: { 'b.c': 1 } }));
    expect(got(t.findOne()?.get('b'))).toBe(text({ c: 2, d: 1 }));
    t.update(d({ a: 1 }), d({ $inc: { 'b.0e': 1 } }));
    expect(got(t.findOne()?.get('b'))).toBe(text({ c: 2, d: 1, '0e': 1 }));

    for (const extra of [false, true]) {
      t = fresh('update6');
      const doc = d({ _id: 2, b3: { '0720': 5, '0721': 12, '0722': 11, '0723': 3 } });
      if (extra) doc.set('b324', d({ '0720': 1 }));
      t.insert(doc);
      t.update(d({ _id: 2 }), d({ $inc: { 'b3.0719': 1 } }), d({ upsert: !extra }));
      expect(got(t.find(d({ _id: 2 }), d({ b3: 1 })).toArray()[0])).toBe(
        text({ _id: 2, b3: { '0720': 5, '0721': 12, '0722': 11, '0723': 3, '0719': 1 } }),
      );
    }
  });
});

describe('single and multi updates, indexed or not (update7.js)', () => {
  const xs = (t: ShellCollection): string =>
    t
      .find()
      .sort(d({ _id: 1 }))
      .toArray()
      .map((z) => (z.has('x') ? String(z.get('x')) : ''))
      .join(',');
  const inc = (t: ShellCollection, q: object, by = 1, multi = true): void => {
    t.update(d(q as never), d({ $inc: { x: by } }), d({ upsert: false, multi }));
  };

  it('one document without multi, every match with it', () => {
    const { fresh } = shell();
    const t = fresh('update7');
    t.insert(d({ _id: 1, x: 1 }));
    t.insert(d({ _id: 2, x: 5 }));
    expect(xs(t)).toBe('1,5');
    t.update(d({}), d({ $inc: { x: 1 } }));
    expect(xs(t)).toBe('2,5');
    t.update(d({ _id: 1 }), d({ $inc: { x: 1 } }));
    expect(xs(t)).toBe('3,5');
    t.update(d({ _id: 2 }), d({ $inc: { x: 1 } }));
    expect(xs(t)).toBe('3,6');
    inc(t, {});
    expect(xs(t)).toBe('4,7');
    t.update(d({}), d({ $set: { x: 2 } }), d({ upsert: false, multi: true }));
    expect(xs(t)).toBe('2,2');
  });

  it('non-matching documents are skipped, before and after indexes on the queried fields', () => {
    const { fresh } = shell();
    const t = fresh('update7');
    t.insert(d({ _id: 1, x: 1, a: 1, b: 1 }));
    t.insert(d({ _id: 2, x: 5, a: 1, b: 2 }));
    inc(t, { a: 1 });
    expect(xs(t)).toBe('2,6');
    inc(t, { b: 1 });
    expect(xs(t)).toBe('3,6');
    inc(t, { b: 3 });
    expect(xs(t)).toBe('3,6');
    t.createIndex(d({ a: 1 }));
    t.createIndex(d({ b: 1 }));
    inc(t, { a: 1 });
    expect(xs(t)).toBe('4,7');
    inc(t, { b: 1 });
    expect(xs(t)).toBe('5,7');
    inc(t, { b: 3 });
    expect(xs(t)).toBe('5,7');
    inc(t, { b: 2 });
    expect(xs(t)).toBe('5,8');
  });

  it('multikey fields, with and without a multikey index: each document once', () => {
    for (const indexed of [false, true]) {
      const { fresh } = shell();
      const t = fresh('update7');
      t.insert(d({ _id: 1, x: 1, a: [1, 2] }));
      t.insert(d({ _id: 2, x: 5, a: [2, 3] }));
      if (indexed) t.createIndex(d({ a: 1 }));
      inc(t, { a: 1 });
      expect(xs(t)).toBe('2,5');
      inc(t, { a: 1 });
      expect(xs(t)).toBe('3,5');
      inc(t, { a: 3 });
      expect(xs(t)).toBe('3,6');
      inc(t, { a: 2 });
      expect(xs(t)).toBe('4,7');
      inc(t, { a: { $gt: 0 } });
      expect(xs(t)).toBe('5,8');
      if (!indexed) continue;
      inc(t, { a: { $lt: 10 } }, -1);
      expect(xs(t)).toBe('4,7');
      t.insert(d({ _id: 3 }));
      expect(xs(t)).toBe('4,7,');
      inc(t, {});
      expect(xs(t)).toBe('5,8,1');
      for (let n = 4; n < 8; n++) t.insert(d({ _id: n }));
      t.insert(d({ _id: 8, x: 1 }));
      expect(xs(t)).toBe('5,8,1,,,,,1');
      inc(t, {});
      expect(xs(t)).toBe('6,9,2,1,1,1,1,2');
    }
  });

  it('$inc of the indexed field the query scans touches each document once', () => {
    const { fresh } = shell();
    const t = fresh('update7');
    for (const n of [1, 2, 3]) t.insert(d({ _id: n, x: n }));
    t.createIndex(d({ x: 1 }));
    inc(t, { x: { $gt: 0 } }, 5);
    expect(xs(t)).toBe('6,7,8');
  });
});
