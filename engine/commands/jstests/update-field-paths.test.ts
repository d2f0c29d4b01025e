/**
 * Field paths in update modifiers: numeric-looking names of any length under an object are plain
 * field names ("00" and "000" and "0020000000000000000000" are all distinct, and none overflows);
 * an empty path part is EmptyFieldName 56 with the server's message; `$inc`/`$set` through a
 * dotted path; `$set` of `_id` is ImmutableField 66; `$unset` of a path through a missing field
 * is a no-op beside the other unsets; `$addToSet` into an array inside an array; positional `$`
 * with and without an index on the array.
 *
 * From jstests/core/query/update/: update_set_large_numeric_field.js, update_mod_dotted.js,
 * update_validation_skip_field_names.js, update_positional_inc.js, update_set_unset.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit, type JsShell } from './statement-shell.js';

const update = (s: JsShell, coll: string, q: string, u: string) =>
  s.js(`db.runCommand({update: "${coll}", updates: [{q: ${q}, u: ${u}}]})`);
const ok = (nModified: number) => lit(`{n: 1, nModified: ${nModified}, ok: Double(1)}`);

describe('large and zero-padded numeric field names (update_set_large_numeric_field.js)', () => {
  it('each name is its own field, nested or at the top level', () => {
    const s = jsShell();
    s.js(
      'db.t.insertOne({"_id": 1, "actual": {"key1": "val1", "key2": "val2", "001": "val3", "002": "val4", "0020000000000000000000": "val5"}, "profile-id": "test"})',
    );
    for (const [u, modified] of [
      ['{$set: {"actual.0030000000000000000000": "val6"}}', 1],
      ['{$set: {"actual.02": "v4"}}', 1],
      ['{$set: {"actual.2139043290148390248219423941.b": 4}}', 1],
      ['{$set: {"7213647182934612837492342341": 1}}', 1],
      ['{$set: {"7213647182934612837492342342": 2}}', 1],
      ['{$set: {"actual.000": "val000"}}', 1],
      ['{$set: {"actual.00": "val00"}}', 1],
      ['{$set: {"actual.000": "val000"}}', 0],
      ['{$set: {"actual.01": "val01"}}', 1],
    ] as const) {
      expect(update(s, 't', '{_id: 1}', u)).toBe(ok(modified));
    }
    expect(s.contents('t')).toBe(
      lit(`[{"_id": 1, "actual": {"key1": "val1", "key2": "val2", "001": "val3", "002": "val4", "0020000000000000000000": "val5",
             "0030000000000000000000": "val6", "02": "v4", "2139043290148390248219423941": {"b": 4}, "000": "val000", "00": "val00",
             "01": "val01"}, "profile-id": "test", "7213647182934612837492342341": 1, "7213647182934612837492342342": 2}]`),
    );
  });

  it.each(['0..', '0..0', '.0', '..0', '0.0..0'])('an empty part in %s is EmptyFieldName 56', (path) => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1})');
    expect(update(s, 't', '{_id: 1}', `{$set: {"${path}": "val01"}}`)).toBe(
      lit(
        `{n: 0, writeErrors: [{index: 0, code: 56, errmsg: "The update path '${path}' contains an empty field name, which is not allowed."}], nModified: 0, ok: Double(1)}`,
      ),
    );
    expect(s.contents('t')).toBe(lit('[{_id: 1}]'));
  });
});

describe('modifiers through dotted paths (update_mod_dotted.js, update_validation_skip_field_names.js)', () => {
  it.each([
    ['{_id: 1, a: 1}', '{$inc: {a: 1}}', '{_id: 1, a: 2}'],
    ['{_id: 1, a: {b: 1}}', '{$inc: {"a.b": 1}}', '{_id: 1, a: {b: 2}}'],
    ['{_id: 1, a: {b: 1}}', '{$set: {"a.b": 5}}', '{_id: 1, a: {b: 5}}'],
    ['{_id: 1, a: 1}', '{$unset: {"a": 1, "b.c": 1}}', '{_id: 1}'],
    ['{_id: 1, a: [1, []]}', '{$addToSet: {"a.1": 1}}', '{_id: 1, a: [1, [1]]}'],
  ])('%s with %s', (doc, u, after) => {
    const s = jsShell();
    s.js(`db.t.insertOne(${doc})`);
    expect(update(s, 't', '{}', u)).toBe(ok(1));
    expect(s.contents('t')).toBe(lit(`[${after}]`));
  });

  it('$set of _id is ImmutableField', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0})');
    expect(update(s, 't', '{}', '{$set: {"_id": 5}}')).toBe(
      lit(
        `{n: 0, writeErrors: [{index: 0, code: 66, errmsg: "Plan executor error during update :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'"}], nModified: 0, ok: Double(1)}`,
      ),
    );
    expect(s.contents('t')).toBe(lit('[{_id: 0}]'));
  });
});

describe('positional $ with and without an index on the array (update_positional_inc.js)', () => {
  it('the matched element is replaced either way (SERVER-1055)', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, arr: ["A1", "B1", "C1"]})');
    expect(update(s, 't', '{arr: "A1"}', '{$set: {"arr.$": "A2"}}')).toBe(ok(1));
    expect(s.contents('t')).toBe(lit('[{_id: 1, arr: ["A2", "B1", "C1"]}]'));
    s.js('db.t.createIndex({arr: 1})');
    expect(update(s, 't', '{arr: "A2"}', '{$set: {"arr.$": "A3"}}')).toBe(ok(1));
    expect(s.contents('t')).toBe(lit('[{_id: 1, arr: ["A3", "B1", "C1"]}]'));
  });
});

describe('array elements by index, and names that share a prefix (update_set_unset.js)', () => {
  it('$set/$unset/$inc/$push through numeric parts address array elements', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, a: [{x: 1, y: 2}, {x: 10, y: 11}]})');
    expect(update(s, 't', '{}', '{$set: {"a.0.x": 3}}')).toBe(ok(1));
    expect(update(s, 't', '{}', '{$set: {"a.1.z": 17}}')).toBe(ok(1));
    expect(update(s, 't', '{}', '{$unset: {"a.1.y": 1}}')).toBe(ok(1));
    expect(s.contents('t')).toBe(lit('[{_id: 1, a: [{x: 3, y: 2}, {x: 10, z: 17}]}]'));
    s.js('db.u.insertOne({_id: 1, comments: [{name: "blah", rate_up: 0, rate_ups: []}]})');
    expect(update(s, 'u', '{}', '{$inc: {"comments.0.rate_up": 1}, $push: {"comments.0.rate_ups": 99}}')).toBe(ok(1));
    expect(s.contents('u')).toBe(lit('[{_id: 1, comments: [{name: "blah", rate_up: 1, rate_ups: [99]}]}]'));
    s.js('db.v.insertOne({_id: 1, a: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]})');
    expect(update(s, 'v', '{}', '{$inc: {"a.0": 1}}')).toBe(ok(1));
    expect(update(s, 'v', '{}', '{$inc: {"a.10": 1}}')).toBe(ok(1));
    expect(s.contents('v')).toBe(lit('[{_id: 1, a: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 11]}]'));
  });

  it('"c000" beside "c00" is a new field (SERVER-3218)', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, "a": {"c00": 1}, "c": 2})');
    expect(update(s, 't', '{"c": 2}', `{'$inc': {'a.c000': 1}}`)).toBe(ok(1));
    expect(s.contents('t')).toBe(lit('[{_id: 1, a: {c00: 1, c000: 1}, c: 2}]'));
  });

  it('256 dots: 8.0.0 answers EmptyFieldName 56 (the jstest expects 10396001, SERVER-103960, newer than 8.0.0)', () => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, a: 1}, {_id: 2, b: 1}])');
    const path = '.'.repeat(256);
    expect(update(s, 't', '{a: 1}', `{$set: {"${path}": "y"}}`)).toBe(
      lit(
        `{n: 0, writeErrors: [{index: 0, code: 56, errmsg: "The update path '${path}' contains an empty field name, which is not allowed."}], nModified: 0, ok: Double(1)}`,
      ),
    );
  });
});
