/**
 * `_id` in an update or replacement is tolerated as long as it does not change: update and
 * findAndModify agree (a replacement or `$set` with the same `_id` works, an upsert takes the
 * query's `_id`), and a different `_id` fails with ImmutableField 66 leaving the collection as it
 * was. An upsert's document takes a dotted query equality as a nested field; an `_id: {$eq: v}`
 * upsert finds the document whose `_id` is `v`, whatever `v` is (not `{$eq: v}`).
 *
 * From jstests/core/query/update/: update_find_and_modify_id.js, update_upsert_add_filter.js,
 * upsert_by_id.js (its fast-check property kept, over integers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

const startingDoc = '{_id: 1, a: 1}';

describe('update and findAndModify with an _id in the update (update_find_and_modify_id.js)', () => {
  it.each([
    ['{_id: 1, a: 2}', 1, '{_id: 1, a: 2}'],
    ['{$set: {_id: 1}}', 1, '{_id: 1, a: 1}'],
    ['{_id: 1, b: "a"}', 1, '{_id: 1, b: "a"}'],
    ['{_id: 2, a: 3}', 2, '{_id: 2, a: 3}'],
  ])('%s on _id %s succeeds through update and findAndModify', (update, qid, result) => {
    for (const statement of [
      `db.t.update({_id: ${qid}}, ${update}, {upsert: true})`,
      `db.t.findAndModify({query: {_id: ${qid}}, update: ${update}, upsert: true})`,
    ]) {
      const s = jsShell();
      s.js(`db.t.insertOne(${startingDoc})`);
      s.js(statement);
      expect(s.js(`db.t.findOne({_id: ${qid}})`)).toBe(lit(result));
    }
  });

  it.each([
    ['{$set: {_id: 2}}', 1, "Performing an update on the path '_id' would modify the immutable field '_id'"],
    [
      '{_id: 2, a: 3}',
      1,
      "After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2",
    ],
    [
      '{_id: 2, a: 3}',
      3,
      "After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2",
    ],
  ])('%s on _id %s fails with 66 through update and findAndModify, nothing written', (update, qid, message) => {
    const s = jsShell();
    s.js(`db.t.insertOne(${startingDoc})`);
    const reply = s.js(`db.runCommand({update: "t", updates: [{q: {_id: ${qid}}, u: ${update}, upsert: true}]})`);
    expect(reply).toBe(
      lit(
        `{n: 0, writeErrors: [{index: 0, code: 66, errmsg: "Plan executor error during update :: caused by :: ${message}"}], nModified: 0, ok: Double(1)}`,
      ),
    );
    expect(s.contents('t')).toBe(lit(`[${startingDoc}]`));
    const e = s.fails(`db.t.findAndModify({query: {_id: ${qid}}, update: ${update}, upsert: true})`);
    expect([e.code, e.message]).toEqual([66, `Plan executor error during findAndModify :: caused by :: ${message}`]);
    expect(s.contents('t')).toBe(lit(`[${startingDoc}]`));
  });
});

describe('upsert documents from the query', () => {
  it('update_upsert_add_filter: a dotted equality becomes a nested field before the update runs', () => {
    const s = jsShell();
    s.js('db.t.update({"x.y": 2}, {$inc: {a: 7}}, {upsert: true})');
    expect(s.contents('t')).toBe(lit(`[{_id: ObjectId('000000000000000000000001'), x: {y: 2}, a: 7}]`));
  });

  it('upsert_by_id: {_id: {$eq: v}} matches the document whose _id is v (v, {foo: v}, {eq: v})', () => {
    fc.assert(
      fc.property(fc.integer(), (val) => {
        const s = jsShell();
        for (const rhs of [`${val}`, `{foo: ${val}}`, `{eq: ${val}}`]) {
          s.js(`db.c.insertOne({_id: ${rhs}})`);
          const reply = s.js(
            `db.runCommand({update: "c", updates: [{q: {_id: {$eq: ${rhs}}}, u: {$set: {a: 1}}, upsert: true}]})`,
          );
          expect(reply).toBe(lit(`{n: 1, nModified: 1, ok: Double(1)}`));
        }
        expect(JSON.parse(s.contents('c'))).toHaveLength(3);
      }),
      { numRuns: 25 },
    );
  });
});
