/**
 * Update paths name fields exactly ("1" and "01" are different fields, also under the same
 * statement), numeric path parts index arrays (`items.0`, `items.0.amount` next to `items.1`);
 * a replacement cannot be `multi` (FailedToParse 9, per statement); an upsert always gives the new
 * document an `_id` (a generated ObjectId first), and a second identical upsert updates it.
 *
 * From jstests/core/query/update/: update_numeric_eq_strings.js, update_nested_arr_idx.js,
 * update_multi_upsert_fails.js, update_guarantee_id.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit, type JsShell } from './statement-shell.js';

const ok = (n: number, nModified: number) => lit(`{n: ${n}, nModified: ${nModified}, ok: Double(1)}`);
const update = (s: JsShell, coll: string, statement: string) =>
  s.js(`db.runCommand({update: "${coll}", updates: [${statement}]})`);

describe('update paths', () => {
  it('update_numeric_eq_strings: "1" and "01" are distinct fields', () => {
    const s = jsShell();
    s.js('db.runCommand({insert: "t", documents: [{_id: 0, "1": {}, "01": {}}]})');
    expect(update(s, 't', '{q: {}, u: {$set: {"1.b": 1, "1.c": 2}}}')).toBe(ok(1, 1));
    expect(s.contents('t')).toBe(lit('[{_id: 0, "1": {b: 1, c: 2}, "01": {}}]'));
    s.js('db.t.drop()');
    s.js('db.runCommand({insert: "t", documents: [{_id: 0, "1": {}, "01": {}}]})');
    expect(update(s, 't', '{q: {}, u: {$set: {"1.b": 1, "01.c": 2}}}')).toBe(ok(1, 1));
    expect(s.contents('t')).toBe(lit('[{_id: 0, "1": {b: 1}, "01": {c: 2}}]'));
  });

  it('update_nested_arr_idx: array elements set, then incremented beside a set of the next one', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0.5, items: [null, null, null, null]})');
    expect(update(s, 't', '{q: {}, u: {$set: {"items.0": {amount: 9000, itemId: 1}}}}')).toBe(ok(1, 1));
    expect(s.contents('t')).toBe(lit('[{_id: 0.5, items: [{amount: 9000, itemId: 1}, null, null, null]}]'));
    expect(
      update(s, 't', '{q: {}, u: {$inc: {"items.0.amount": 1000}, $set: {"items.1": {amount: 1, itemId: 2}}}}'),
    ).toBe(ok(1, 1));
    expect(s.contents('t')).toBe(
      lit('[{_id: 0.5, items: [{amount: 10000, itemId: 1}, {amount: 1, itemId: 2}, null, null]}]'),
    );
  });
});

describe('upserts', () => {
  it('update_multi_upsert_fails: a replacement upserts with multi: false and is refused with multi: true', () => {
    const s = jsShell();
    expect(update(s, 'm', '{q: {_id: 1}, u: {_id: 1, x: 1, y: 2}, upsert: true, multi: false}')).toBe(
      lit('{n: 1, upserted: [{index: 0, _id: 1}], nModified: 0, ok: Double(1)}'),
    );
    expect(update(s, 'm', '{q: {_id: 2}, u: {_id: 2, x: 1, y: 2}, upsert: true, multi: true}')).toBe(
      lit(
        '{n: 0, writeErrors: [{index: 0, code: 9, errmsg: "multi update is not supported for replacement-style update"}], nModified: 0, ok: Double(1)}',
      ),
    );
    expect(s.contents('m')).toBe(lit('[{_id: 1, x: 1, y: 2}]'));
  });

  it('update_guarantee_id: the upserted document gets an _id, and the same upsert then updates it', () => {
    const s = jsShell();
    const upsert = '{q: {a: 1}, u: {$inc: {b: 1}}, upsert: true}';
    expect(update(s, 'g', upsert)).toBe(
      lit(`{n: 1, upserted: [{index: 0, _id: ObjectId('000000000000000000000001')}], nModified: 0, ok: Double(1)}`),
    );
    expect(update(s, 'g', upsert)).toBe(ok(1, 1));
    expect(s.contents('g')).toBe(lit(`[{_id: ObjectId('000000000000000000000001'), a: 1, b: 2}]`));
  });
});
