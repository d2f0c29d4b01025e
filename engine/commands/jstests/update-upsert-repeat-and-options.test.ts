/**
 * Repeated upserts find the document the first one inserted (with or without an index on the
 * query fields, null equalities included); the legacy `update(q, u, {upsert, multi})` options
 * object decides between one document, all of them and an insert; an upsert whose query has a
 * `$ne` on the pushed field inserts the pushed array; `$inc` into an object adds new names after
 * the existing ones ("0e", "0719" as plain names).
 *
 * From jstests/core/query/update/: update_inc.js, update_options_object.js,
 * update_push_upsert.js, update_inc_create_embedded_field.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

describe('repeated upserts (update_inc.js)', () => {
  it.each([
    '{a: 5}',
    '{a: 5, b: 7}',
    '{a: null, b: 7}',
    '{referer: "blah"}',
    '{referer: "blah", lame: "bar"}',
    '{date: null, referer: "blah", name: "bar"}',
  ])('key %s: one document, n counts 1…4, the last after an index on the key fields', (key) => {
    const s = jsShell();
    const upsert = `db.runCommand({update: "t", updates: [{q: ${key}, u: {$inc: {n: 1}}, upsert: true}]})`;
    for (let n = 1; n <= 3; n++) {
      s.js(upsert);
      const docs = JSON.parse(s.contents('t')) as { n: unknown }[];
      expect(docs).toHaveLength(1);
      expect(docs[0]!.n).toEqual({ $numberInt: String(n) });
    }
    const fields = [...key.matchAll(/(\w+):/g)].map((m) => `${m[1]}: 1`).join(', ');
    s.js(`db.t.createIndex({${fields}})`);
    s.js(upsert);
    const docs = JSON.parse(s.contents('t')) as { n: unknown }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]!.n).toEqual({ $numberInt: '4' });
  });
});

describe('the legacy update options object (update_options_object.js)', () => {
  function ten() {
    const s = jsShell();
    s.js(`db.t.insertMany([${Array.from({ length: 10 }, (_, i) => `{_id: ${i}, k: "x", a: []}`).join(', ')}])`);
    return s;
  }
  const pushed = (s: ReturnType<typeof jsShell>) =>
    (JSON.parse(s.js('db.t.find({a: "y"}).toArray()')) as unknown[]).length;

  it.each([
    ['{k: "x"}', '{multi: true}', 10],
    ['{k: "x"}', '{multi: false}', 1],
    ['{k: "x"}', '{upsert: true}', 1],
    ['{k: "x"}', '{upsert: true, multi: true}', 10],
    ['{k: "y"}', '{upsert: true}', 1],
    ['{k: "x"}', '{upsert: false}', 1],
    ['{k: "y"}', '{upsert: false}', 0],
  ])('update(%s, {$push: {a: "y"}}, %s) leaves %s documents with "y"', (q, options, n) => {
    const s = ten();
    s.js(`db.t.update(${q}, {$push: {a: "y"}}, ${options})`);
    expect(pushed(s)).toBe(n);
  });

  it('the upsert that found nothing inserted the query equality and the pushed array', () => {
    const s = ten();
    s.js(`db.t.update({k: "y"}, {$push: {a: "y"}}, {upsert: true})`);
    expect(s.js('db.t.find({k: "y"}, {_id: 0}).toArray()')).toBe(lit('[{k: "y", a: ["y"]}]'));
  });
});

describe('fields an update creates', () => {
  it('update_push_upsert: a $ne on the pushed field does not seed the document', () => {
    const s = jsShell();
    s.js('db.t.update({_id: 1, tags: {"$ne": "a"}}, {"$push": {tags: "a"}}, {upsert: true})');
    expect(s.contents('t')).toBe(lit('[{_id: 1, tags: ["a"]}]'));
  });

  it('update_inc_create_embedded_field: new names go after the existing ones', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, a: 1, b: {c: 1, d: 1}})');
    s.js('db.t.update({a: 1}, {$inc: {"b.c": 1}})');
    s.js('db.t.update({a: 1}, {$inc: {"b.0e": 1}})');
    expect(s.contents('t')).toBe(lit('[{_id: 1, a: 1, b: {c: 2, d: 1, "0e": 1}}]'));
    for (const extra of ['', ', "b324": {"0720": 1}']) {
      const u = jsShell();
      u.js(`db.t.insertOne({"_id": 2, "b3": {"0720": 5, "0721": 12, "0722": 11, "0723": 3}${extra}})`);
      u.js('db.t.update({_id: 2}, {$inc: {"b3.0719": 1}}, {upsert: true})');
      expect(u.js('db.t.findOne({_id: 2}, {b3: 1})')).toBe(
        lit('{_id: 2, b3: {"0720": 5, "0721": 12, "0722": 11, "0723": 3, "0719": 1}}'),
      );
    }
  });
});
