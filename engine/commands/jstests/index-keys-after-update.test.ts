/**
 * An update that creates an array element implicitly (past the end of an array, by any modifier)
 * adds the index keys of that element: `{'a.b': 1}` gains a null key for the new `{c: …}` element,
 * so a hinted scan for `a.b: null` finds the document, and the old key stays.
 * From jstests/core/write/update/update_affects_indexes.js (SERVER-32048). The jstest reads the
 * keys with `min()` and `returnKey()`, which the engine's find accepts but ignores; the keys are
 * observed here through scans of the hinted index instead.
 */
import { describe, expect, it } from 'vitest';
import { d, i, shell, v, type Lit } from './harness.js';

describe('index keys follow implicitly created array elements', () => {
  const cases: [number, string, { [k: string]: Lit }][] = [
    [0, '$set at the end', { $set: { 'a.1.c': 0 } }],
    [1, '$set beyond the end', { $set: { 'a.3.c': 0 } }],
    [3, '$inc', { $inc: { 'a.1.c': 0 } }],
    [4, '$mul', { $mul: { 'a.1.c': 0 } }],
    [5, '$addToSet', { $addToSet: { 'a.1.c': 0 } }],
    [6, '$bit', { $bit: { 'a.1.c': { and: i(1) } } }],
    [7, '$min', { $min: { 'a.1.c': 0 } }],
    [8, '$max', { $max: { 'a.1.c': 0 } }],
    [9, '$currentDate', { $currentDate: { 'a.1.c': true } }],
    [10, '$push', { $push: { 'a.1.c': 0 } }],
  ];
  const { fresh } = shell();
  const coll = fresh('update_affects_indexes');
  coll.createIndex(d({ 'a.b': 1 }));
  const hinted = (filter: { [k: string]: Lit }): number =>
    coll
      .find(d(filter))
      .hint(d({ 'a.b': 1 }))
      .toArray().length;

  for (const [id, name, update] of cases) {
    it(name, () => {
      coll.insert(d({ _id: id, a: [{ b: 0 }] }));
      expect(hinted({ _id: id, 'a.b': 0 })).toBe(1);
      expect(hinted({ _id: id, 'a.b': null })).toBe(0);
      expect(coll.update(d({ _id: id }), v(update) as never).writeError).toBeUndefined();
      expect(hinted({ _id: id, 'a.b': 0 })).toBe(1);
      expect(hinted({ _id: id, 'a.b': null })).toBe(1);
    });
  }

  it('$set into an empty array: the null key was already there', () => {
    coll.insert(d({ _id: 2, a: [] }));
    coll.update(d({ _id: 2 }), d({ $set: { 'a.0.c': 0 } }));
    expect(hinted({ _id: 2, 'a.b': null })).toBe(1);
  });
});
