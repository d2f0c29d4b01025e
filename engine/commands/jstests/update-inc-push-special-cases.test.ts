/**
 * `$inc` with NaN and infinities follows IEEE addition (NaN stays NaN, ∞ + −∞ is NaN, ∞ + n is ∞
 * and then the document is unchanged); `$inc`/`$push` on names that sort before '.' ("all" and
 * "all-copy", "all11" and "all2") and on numeric names under an object ("choices.0") create the
 * right fields; a multi-update that meets a document it cannot update stops there: the documents
 * before it stay updated, the ones after it are not touched, and the statement reports the error.
 *
 * From jstests/core/query/update/: update_inc_special_values.js, update_inc_implicit_subfield.js,
 * update_push_numeric_subfield.js, update_fail_halts_modifications.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

describe('$inc with special floating-point values (update_inc_special_values.js)', () => {
  it.each([
    ['10', 'NaN', 'Double(NaN)', 1],
    ['NaN', '5', 'Double(NaN)', 1],
    ['NaN', 'NaN', 'Double(NaN)', 1],
    ['NaN', 'Infinity', 'Double(NaN)', 1],
    ['Infinity', '10', 'Double(Infinity)', 0],
    ['-Infinity', '10', 'Double(-Infinity)', 0],
    ['Infinity', '-Infinity', 'Double(NaN)', 1],
    ['-Infinity', 'Infinity', 'Double(NaN)', 1],
    ['10', '-Infinity', 'Double(-Infinity)', 1],
    ['-Infinity', '100', 'Double(-Infinity)', 0],
  ])('%s + %s = %s', (initial, inc, expected, modified) => {
    const s = jsShell();
    s.js(`db.t.insertOne({_id: 1, value: ${initial}})`);
    expect(s.js(`db.runCommand({update: "t", updates: [{q: {}, u: {$inc: {value: ${inc}}}}]})`)).toBe(
      lit(`{n: 1, nModified: ${modified}, ok: Double(1)}`),
    );
    expect(s.contents('t')).toBe(lit(`[{_id: 1, value: ${expected}}]`));
  });
});

describe('field names around the path separator', () => {
  it('update_inc_implicit_subfield: "all.t" and "all-copy.t", on an upsert and on existing objects', () => {
    const s = jsShell();
    s.js('db.runCommand({update: "t", updates: [{q: {}, u: {"$inc": {"all.t": 1, "all-copy.t": 1}}, upsert: true}]})');
    expect(s.contents('t')).toBe(lit(`[{_id: ObjectId('000000000000000000000001'), all: {t: 1}, "all-copy": {t: 1}}]`));
    s.js('db.u.insertOne({_id: 1, "all": {}, "all-copy": {}})');
    s.js('db.runCommand({update: "u", updates: [{q: {}, u: {"$inc": {"all.t": 1, "all-copy.t": 1}}}]})');
    expect(s.contents('u')).toBe(lit('[{_id: 1, all: {t: 1}, "all-copy": {t: 1}}]'));
    s.js('db.v.insertOne({_id: 1, "all11": {}, "all2": {}})');
    s.js('db.runCommand({update: "v", updates: [{q: {}, u: {"$inc": {"all11.t": 1, "all2.t": 1}}}]})');
    expect(s.contents('v')).toBe(lit('[{_id: 1, all11: {t: 1}, all2: {t: 1}}]'));
  });

  it('update_push_numeric_subfield: "choices.0" under an object is the field "0"', () => {
    const s = jsShell();
    s.js('db.t.insertOne({"_id": 1, "question": "a", "choices": {"1": {"choice": "b"}, "0": {"choice": "c"}}})');
    expect(
      s.js(
        'db.runCommand({update: "t", updates: [{q: {_id: 1, "choices.0.votes": {$ne: 1}}, u: {$push: {"choices.0.votes": 1}}}]})',
      ),
    ).toBe(lit('{n: 1, nModified: 1, ok: Double(1)}'));
    expect(s.contents('t')).toBe(
      lit('[{"_id": 1, "question": "a", "choices": {"1": {"choice": "b"}, "0": {"choice": "c", "votes": [1]}}}]'),
    );
  });
});

describe('a failing multi-update halts (update_fail_halts_modifications.js)', () => {
  it('the first document is pushed to, the non-array stops the statement, the third is untouched', () => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, a: []}, {_id: 2, a: 1}, {_id: 3, a: []}])');
    expect(s.js('db.runCommand({update: "t", updates: [{q: {}, u: {$push: {a: 2}}, multi: true}]})')).toBe(
      lit(
        `{n: 0, writeErrors: [{index: 0, code: 2, errmsg: "Plan executor error during update :: caused by :: The field 'a' must be an array but is of type int in document {_id: 2}"}], nModified: 0, ok: Double(1)}`,
      ),
    );
    expect(s.contents('t')).toBe(lit('[{_id: 1, a: [2]}, {_id: 2, a: 1}, {_id: 3, a: []}]'));
  });
});
