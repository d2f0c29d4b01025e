/**
 * Multi-updates: `multi: true` updates every matching document exactly once (an upserted or
 * moved document is not met again by the scan, with or without an index), `multi: false` one;
 * a replacement cannot be multi; an error stops the statement at the failing document, keeping
 * the documents updated before it.
 * From jstests/core/write/update/update_multi3.js, update_multi4.js, update_multi5.js,
 * update_multi6.js, update_multi_halts.js, updatei.js, updatej.js and updatef.js.
 *
 * The jstests call the legacy shell's `update(q, u, upsert, multi)`; the shell here is mongosh's,
 * which takes `{upsert, multi}` (the legacy shell's translation of the same two arguments).
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const tenDocs = `db.t.insertMany([${Array.from({ length: 10 }, (_, i) => `{_id: ${i}, k: "x", a: []}`).join(', ')}])`;

describe('multi: true updates every match once (update_multi3.js, updatei.js)', () => {
  it.each([false, true])('$push on 10 documents, index on k: %s', (useIndex) => {
    const sh = new JsShell();
    if (useIndex) sh.value('db.t.createIndex({k: 1})');
    sh.value(tenDocs);
    expect(sh.ejson('db.t.update({k: "x"}, {$push: {a: "y"}}, {multi: true})')).toBe(
      x('{"nMatched": 10, "nUpserted": 0, "nModified": 10}'),
    );
    expect(sh.ejson('db.t.find({k: "x"}).toArray()')).toBe(
      x(`[${Array.from({ length: 10 }, (_, i) => `{"_id": ${i}, "k": "x", "a": ["y"]}`).join(', ')}]`),
    );
  });

  it.each([
    ['{multi: false}', '{a: "y"}', 1, 1],
    ['{upsert: true}', '{k: "x", a: "y"}', 1, 1],
    ['{upsert: true, multi: true}', '{k: "x", a: "y"}', 10, 10],
    ['{upsert: false}', '{a: "y"}', 1, 1],
  ])('options %s', (options, countQuery, nMatched, count) => {
    const sh = new JsShell();
    sh.value(tenDocs);
    expect(sh.ejson(`db.t.update({k: "x"}, {$push: {a: "y"}}, ${options})`)).toBe(
      x(`{"nMatched": ${nMatched}, "nUpserted": 0, "nModified": ${nMatched}}`),
    );
    expect(sh.value(`db.t.find(${countQuery}).count()`)).toBe(count);
  });

  it('upsert, not found: inserts one document from the query and the update', () => {
    const sh = new JsShell();
    sh.value(tenDocs);
    expect(sh.ejson('db.t.update({k: "y"}, {$push: {a: "y"}}, {upsert: true})')).toBe(
      x('{"nMatched": 0, "nUpserted": 1, "nModified": 0, "_id": {"$oid": "000000000000000000000001"}}'),
    );
    expect(sh.ejson('db.t.find({k: "y", a: "y"}).toArray()')).toBe(
      x('[{"_id": {"$oid": "000000000000000000000001"}, "k": "y", "a": ["y"]}]'),
    );
  });

  it('no upsert, not found: nothing changes', () => {
    const sh = new JsShell();
    sh.value(tenDocs);
    expect(sh.ejson('db.t.update({k: "y"}, {$push: {a: "y"}}, {upsert: false})')).toBe(
      x('{"nMatched": 0, "nUpserted": 0, "nModified": 0}'),
    );
    expect(sh.value('db.t.find({a: "y"}).count()')).toBe(0);
  });
});

describe('multi-update through an index (update_multi4.js, update_multi5.js)', () => {
  it('$set on the 84 of 1000 documents with k: 2', () => {
    const sh = new JsShell();
    const docs = Array.from({ length: 1000 }, (_, i) => `{_id: ${i}, k: ${i % 12}, v: "v${i % 12}"}`);
    sh.value(`db.t.insertMany([${docs.join(', ')}])`);
    sh.value('db.t.createIndex({k: 1})');
    expect(sh.value('db.t.count({k: 2, v: "v2"})')).toBe(84);
    expect(sh.ejson('db.t.update({k: 2}, {$set: {v: "two v2"}}, {multi: true})')).toBe(
      x('{"nMatched": 84, "nUpserted": 0, "nModified": 84}'),
    );
    expect(sh.value('db.t.count({k: 2, v: "v2"})')).toBe(0);
    expect(sh.value('db.t.count({k: 2, v: "two v2"})')).toBe(84);
  });

  it('$addToSet in a multi-update', () => {
    const sh = new JsShell();
    sh.value('db.t.insertMany([{_id: 1, path: "r1", subscribers: [1, 2]}, {_id: 2, path: "r2", subscribers: [3, 4]}])');
    expect(sh.ejson('db.t.update({}, {$addToSet: {subscribers: 5}}, {upsert: false, multi: true})')).toBe(
      x('{"nMatched": 2, "nUpserted": 0, "nModified": 2}'),
    );
    expect(sh.docs('t')).toBe(
      x('[{"_id": 1, "path": "r1", "subscribers": [1, 2, 5]}, {"_id": 2, "path": "r2", "subscribers": [3, 4, 5]}]'),
    );
  });
});

describe('a replacement cannot be a multi-update (update_multi6.js)', () => {
  it('upsert without multi inserts; with multi is FailedToParse', () => {
    const sh = new JsShell();
    expect(sh.ejson('db.t.update({_id: 1}, {_id: 1, x: 1, y: 2}, {upsert: true, multi: false})')).toBe(
      x('{"nMatched": 0, "nUpserted": 1, "nModified": 0, "_id": 1}'),
    );
    expect(sh.ejson('db.t.update({_id: 2}, {_id: 2, x: 1, y: 2}, {upsert: true, multi: true})')).toBe(
      x(
        '{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 9, "errmsg": "multi update is not supported for replacement-style update"}}',
      ),
    );
    expect(sh.docs('t')).toBe(x('[{"_id": 1, "x": 1, "y": 2}]'));
  });
});

describe('a document is updated once even when the scan could meet it again (update_multi_halts.js)', () => {
  it.each([false, true])('an upserted document is not updated again (index: %s)', (withIndex) => {
    const sh = new JsShell();
    sh.value('db.t.insertMany([{key: 0, cUpdates: 0}])');
    if (withIndex) sh.value('db.t.createIndex({key: 1})');
    const options = withIndex ? '{upsert: true, hint: {key: 1}}' : '{upsert: true}';
    expect(sh.ejson(`db.t.updateMany({key: {$gt: 0}}, {$set: {key: 1}, $inc: {cUpdates: 1}}, ${options})`)).toBe(
      x(
        '{"acknowledged": true, "insertedId": {"$oid": "000000000000000000000001"}, "matchedCount": 0, "modifiedCount": 0, "upsertedCount": 1}',
      ),
    );
    expect(sh.value('db.t.count()')).toBe(2);
    expect(sh.ejson('db.t.find({key: 1}).toArray()')).toBe(
      x('[{"_id": {"$oid": "000000000000000000000001"}, "cUpdates": 1, "key": 1}]'),
    );
  });

  it('a document that grows is not met again by the collection scan', () => {
    const sh = new JsShell();
    sh.value('db.t.insert([{key: 1, cUpdates: 0}])');
    expect(sh.ejson('db.t.updateMany({key: 1}, {$set: {new: 42}, $inc: {cUpdates: 1}})')).toBe(
      x('{"acknowledged": true, "insertedId": null, "matchedCount": 1, "modifiedCount": 1, "upsertedCount": 0}'),
    );
    expect(sh.ejson('db.t.find({}, {_id: 0}).toArray()')).toBe(x('[{"key": 1, "cUpdates": 1, "new": 42}]'));
  });

  it('a document moved further along the index it is scanned by is not met again', () => {
    const sh = new JsShell();
    sh.value('db.t.insert({key: 0, cUpdates: 0})');
    sh.value('db.t.createIndex({key: 1})');
    expect(sh.ejson('db.t.updateMany({key: {$gte: 0}}, {$inc: {key: 10, cUpdates: 1}}, {hint: {key: 1}})')).toBe(
      x('{"acknowledged": true, "insertedId": null, "matchedCount": 1, "modifiedCount": 1, "upsertedCount": 0}'),
    );
    expect(sh.ejson('db.t.find({}, {_id: 0}).toArray()')).toBe(x('[{"key": 10, "cUpdates": 1}]'));
  });
});

describe('an error stops a multi-update at the failing document (updatej.js)', () => {
  it('documents before it stay updated, the ones after are not reached', () => {
    const sh = new JsShell();
    sh.value('db.t.insertMany([{_id: 1, a: []}, {_id: 2, a: 1}, {_id: 3, a: []}])');
    expect(sh.ejson('db.t.update({}, {$push: {a: 2}}, {multi: true})')).toBe(
      x(
        `{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 2, "errmsg": "Plan executor error during update :: caused by :: The field 'a' must be an array but is of type int in document {_id: 2}"}}`,
      ),
    );
    expect(sh.value('db.t.count({a: 2})')).toBe(1);
    expect(sh.docs('t')).toBe(x('[{"_id": 1, "a": [2]}, {"_id": 2, "a": 1}, {"_id": 3, "a": []}]'));
  });
});

describe('repeated multi-updates of the first and last of 1002 documents (updatef.js, without its parallel renames)', () => {
  it('twenty $push rounds reach both documents each time', () => {
    const sh = new JsShell();
    const docs = [
      '{_id: 0, a: 0, b: []}',
      ...Array.from({ length: 1000 }, (_, i) => `{_id: ${i + 1}, a: 100}`),
      '{_id: 1001, a: 0, b: []}',
    ];
    sh.value(`db.t.insertMany([${docs.join(', ')}])`);
    for (let i = 0; i < 20; ++i) sh.value(`db.t.update({a: 0}, {$push: {b: ${i}}}, {multi: true})`);
    const b = `[${Array.from({ length: 20 }, (_, i) => i).join(', ')}]`;
    expect(sh.ejson('db.t.find({a: 0}).toArray()')).toBe(
      x(`[{"_id": 0, "a": 0, "b": ${b}}, {"_id": 1001, "a": 0, "b": ${b}}]`),
    );
  });
});
