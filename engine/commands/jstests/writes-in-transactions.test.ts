/**
 * findAndModify and multi-updates inside a transaction: each answers as outside one (null when
 * nothing matches, the pre- or post-image, upserts), the transaction reads its own writes, other
 * readers see none of them until the commit.
 *
 * From jstests/core/txns/: find_and_modify_in_transaction.js, multi_update_in_transaction.js
 * (its `initializeUnorderedBulkOp` batch through the legacy Bulk API).
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit, type JsShell } from './statement-shell.js';

function inSession(docs: string): JsShell {
  const s = jsShell({ topology: 'replicaset' });
  s.js('db.createCollection("c")');
  s.js(`db.c.insertMany(${docs})`);
  s.js('const session = db.getMongo().startSession({causalConsistency: false})');
  s.js('const sc = session.getDatabase("test").c');
  return s;
}

/** Runs `statement` in a transaction; checks what the transaction and an outside reader see, then commits. */
function inTransaction(s: JsShell, statement: string, before: string, inside: string): string {
  s.js('session.startTransaction({writeConcern: {w: "majority"}})');
  const result = s.js(statement);
  expect(s.js('sc.find({}).toArray()')).toBe(lit(inside));
  expect(s.js('db.c.find({}).toArray()')).toBe(lit(before));
  s.js('session.commitTransaction()');
  expect(s.js('db.c.find({}).toArray()')).toBe(lit(inside));
  return result;
}

describe('findAndModify in a transaction (find_and_modify_in_transaction.js)', () => {
  it('no match, remove, pre-image, post-image, upserts', () => {
    const s = inSession('[{_id: 0, a: 0}, {_id: 1, a: 1}, {_id: 2, a: 2}]');
    let state = '[{_id: 0, a: 0}, {_id: 1, a: 1}, {_id: 2, a: 2}]';
    const step = (statement: string, next: string) => {
      const result = inTransaction(s, statement, state, next);
      state = next;
      return result;
    };
    expect(step('sc.findAndModify({query: {a: 99}, remove: true})', state)).toBe('null');
    expect(step('sc.findAndModify({query: {a: 99}, update: {$inc: {a: 100}}})', state)).toBe('null');
    expect(step('sc.findAndModify({query: {a: 0}, remove: true})', '[{_id: 1, a: 1}, {_id: 2, a: 2}]')).toBe(
      lit('{_id: 0, a: 0}'),
    );
    expect(
      step('sc.findAndModify({query: {a: 1}, update: {$inc: {a: 100}}})', '[{_id: 1, a: 101}, {_id: 2, a: 2}]'),
    ).toBe(lit('{_id: 1, a: 1}'));
    expect(
      step(
        'sc.findAndModify({query: {a: 2}, update: {$inc: {a: 100}}, new: true})',
        '[{_id: 1, a: 101}, {_id: 2, a: 102}]',
      ),
    ).toBe(lit('{_id: 2, a: 102}'));
    expect(
      step(
        'sc.findAndModify({query: {_id: 2}, update: {$inc: {a: 100}}, upsert: true, new: true})',
        '[{_id: 1, a: 101}, {_id: 2, a: 202}]',
      ),
    ).toBe(lit('{_id: 2, a: 202}'));
    const id1 = `ObjectId('000000000000000000000001')`;
    expect(
      step(
        'sc.findAndModify({query: {a: 3}, update: {$inc: {a: 100}}, upsert: true})',
        `[{_id: 1, a: 101}, {_id: 2, a: 202}, {_id: ${id1}, a: 103}]`,
      ),
    ).toBe('null');
    const id2 = `ObjectId('000000000000000000000002')`;
    expect(
      step(
        'sc.findAndModify({query: {a: 4}, update: {$inc: {a: 200}}, upsert: true, new: true})',
        `[{_id: 1, a: 101}, {_id: 2, a: 202}, {_id: ${id1}, a: 103}, {_id: ${id2}, a: 204}]`,
      ),
    ).toBe(lit(`{_id: ${id2}, a: 204}`));
  });
});

describe('multi-updates in a transaction (multi_update_in_transaction.js)', () => {
  it('none, one, several, a batch of two statements, an upsert', () => {
    const s = inSession('[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1}]');
    const modified = (r: string) => JSON.parse(r) as { modifiedCount?: unknown; upsertedCount?: unknown };
    expect(
      modified(
        inTransaction(
          s,
          'sc.updateMany({a: 99}, {$set: {b: 1}})',
          '[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1}]',
          '[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1}]',
        ),
      ).modifiedCount,
    ).toEqual({ $numberInt: '0' });
    expect(
      modified(
        inTransaction(
          s,
          'sc.updateMany({a: 1}, {$set: {b: 1}})',
          '[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1}]',
          '[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1, b: 1}]',
        ),
      ).modifiedCount,
    ).toEqual({ $numberInt: '1' });
    expect(
      modified(
        inTransaction(
          s,
          'sc.updateMany({a: 0}, {$set: {b: 2}})',
          '[{_id: 0, a: 0}, {_id: 1, a: 0}, {_id: 2, a: 1, b: 1}]',
          '[{_id: 0, a: 0, b: 2}, {_id: 1, a: 0, b: 2}, {_id: 2, a: 1, b: 1}]',
        ),
      ).modifiedCount,
    ).toEqual({ $numberInt: '2' });
    const bulk = inTransaction(
      s,
      'const bulk = sc.initializeUnorderedBulkOp(); bulk.find({a: 0}).update({$set: {c: 1}}); bulk.find({_id: 2}).update({$set: {c: 2}}); bulk.execute()',
      '[{_id: 0, a: 0, b: 2}, {_id: 1, a: 0, b: 2}, {_id: 2, a: 1, b: 1}]',
      '[{_id: 0, a: 0, b: 2, c: 1}, {_id: 1, a: 0, b: 2, c: 1}, {_id: 2, a: 1, b: 1, c: 2}]',
    );
    expect((JSON.parse(bulk) as { modifiedCount: unknown }).modifiedCount).toEqual({ $numberInt: '3' });
    const upsert = inTransaction(
      s,
      'sc.updateMany({_id: 3}, {$set: {d: 1}}, {upsert: true})',
      '[{_id: 0, a: 0, b: 2, c: 1}, {_id: 1, a: 0, b: 2, c: 1}, {_id: 2, a: 1, b: 1, c: 2}]',
      '[{_id: 0, a: 0, b: 2, c: 1}, {_id: 1, a: 0, b: 2, c: 1}, {_id: 2, a: 1, b: 1, c: 2}, {_id: 3, d: 1}]',
    );
    expect(modified(upsert).upsertedCount).toEqual({ $numberInt: '1' });
  });
});
