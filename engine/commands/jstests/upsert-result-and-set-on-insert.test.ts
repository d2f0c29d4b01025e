/**
 * An upsert's insert: `$setOnInsert` applies only when it inserts (and may set `_id`, but not a
 * field inside a scalar `_id`, nor change an `_id` the query fixed); the statement reports the new
 * document's `_id` (from the query when it names one by equality, generated otherwise, also for
 * a replacement), and no `_id` when the upsert found a document and updated it.
 * From jstests/core/write/update/update_setOnInsert.js, updatec.js, updatem.js and upsert_shell.js.
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const PLAN = 'Plan executor error during update :: caused by :: ';

describe('$setOnInsert (update_setOnInsert.js)', () => {
  it.each([false, true])('applies on insert only (index on a: %s)', (useIndex) => {
    const sh = new JsShell();
    if (useIndex) sh.value('db.t.createIndex({a: 1})');
    sh.value('db.t.update({_id: 5}, {$inc: {x: 2}, $setOnInsert: {a: 3}}, {upsert: true})');
    expect(sh.docs('t')).toBe(x('[{"_id": 5, "a": 3, "x": 2}]'));
    sh.value('db.t.update({_id: 5}, {$set: {a: 4}}, {upsert: true})');
    expect(sh.ejson('db.t.update({_id: 5}, {$inc: {x: 2}, $setOnInsert: {a: 3}}, {upsert: true})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'),
    );
    expect(sh.docs('t')).toBe(x('[{"_id": 5, "a": 4, "x": 4}]'));
  });

  it.each([
    ['{_id: 1}', '{"_id.a": ISODate("2020-01-01T00:00:00Z")}', 28, "Cannot create field 'a' in element {_id: 1}"],
    [
      '{"_id.a": 4}',
      '{"_id.b": 1}',
      66,
      "Updating the path '_id' to _id: { a: 4, b: 1 } would modify the immutable field '_id'",
    ],
    [
      '{"_id.a": 4}',
      '{_id: {a: 4, b: 1}}',
      66,
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    ],
  ])('an upsert with query %s cannot $setOnInsert %s (SERVER-9958)', (query, set, code, message) => {
    const sh = new JsShell();
    expect(sh.ejson(`db.t.update(${query}, {$setOnInsert: ${set}}, {upsert: true})`)).toBe(
      x(
        `{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": ${code}, "errmsg": ${JSON.stringify(PLAN + message)}}}`,
      ),
    );
    expect(sh.docs('t')).toBe('[]');
  });
});

describe('an upsert that finds its own insert updates it (updatec.js)', () => {
  it('$set and $push twice', () => {
    const sh = new JsShell();
    const update =
      'db.t.update({_id: 123}, {$set: {v: {i: 123, a: 456}}, $push: {f: 234}}, {upsert: true, multi: false})';
    expect(sh.ejson(update)).toBe(x('{"nMatched": 0, "nUpserted": 1, "nModified": 0, "_id": 123}'));
    expect(sh.ejson(update)).toBe(x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'));
    expect(sh.docs('t')).toBe(x('[{"_id": 123, "f": [234, 234], "v": {"i": 123, "a": 456}}]'));
  });
});

describe('an upserted document always has an _id (updatem.js)', () => {
  it('generated on insert, kept on the next upsert', () => {
    const sh = new JsShell();
    sh.value('db.t.update({a: 1}, {$inc: {b: 1}}, {upsert: true})');
    expect(sh.docs('t')).toBe(x('[{"_id": {"$oid": "000000000000000000000001"}, "a": 1, "b": 1}]'));
    sh.value('db.t.update({a: 1}, {$inc: {b: 1}}, {upsert: true})');
    expect(sh.docs('t')).toBe(x('[{"_id": {"$oid": "000000000000000000000001"}, "a": 1, "b": 2}]'));
  });
});

describe('the upserted _id in the result (upsert_shell.js)', () => {
  it.each([
    ['{x: 1}', '{$inc: {y: 1}}', '{"$oid": "000000000000000000000001"}'],
    ['{x: 2}', '{x: 2, y: 3}', '{"$oid": "000000000000000000000001"}'],
    ['{_id: 3}', "{$set: {a: '123'}}", '3'],
    ['{_id: {a: 1}}', '{$set: {a: 123}}', '{"a": 1}'],
    ['{_id: {$gt: 100}}', '{$set: {a: 123}}', '{"$oid": "000000000000000000000001"}'],
    ['{_id: 1233}', '{$set: {a: 123}}', '1233'],
    ['{_id: {a: 1, b: 2}}', '{$set: {a: 123}}', '{"a": 1, "b": 2}'],
  ])('query %s, update %s', (query, update, id) => {
    const sh = new JsShell();
    expect(sh.ejson(`db.t.update(${query}, ${update}, {upsert: true})`)).toBe(
      x(`{"nMatched": 0, "nUpserted": 1, "nModified": 0, "_id": ${id}}`),
    );
    expect(sh.ejson('db.t.findOne()._id')).toBe(x(id));
  });

  it('an upsert that only updates reports no _id', () => {
    const sh = new JsShell();
    sh.value('db.t.update({x: 2}, {x: 2, y: 3}, {upsert: true})');
    expect(sh.ejson('db.t.update({x: 2}, {x: 2, y: 4}, {upsert: true})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'),
    );
    expect(sh.value('db.t.find().count()')).toBe(1);
  });
});
