/**
 * The positional `$` takes the array position the query matched: with no array match (an upsert
 * on an empty collection, an update by `_id` or `{}`) the statement fails and writes nothing; a
 * path may hold only one `$`; a regex match on an array element's field gives the position.
 * From jstests/core/write/update/updatel.js (SERVER-4713, SERVER-6669, SERVER-831, SERVER-1155).
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const noMatch = x(
  '{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 2, "errmsg": "Plan executor error during update :: caused by :: The positional operator did not find the match needed from the query."}}',
);

describe('a positional update without an array match (updatel.js)', () => {
  it('an upsert into an empty collection fails and inserts nothing', () => {
    const sh = new JsShell();
    expect(sh.ejson('db.t.update({}, {$set: {"a.$.b": 1}}, {upsert: true})')).toBe(noMatch);
    expect(sh.value('db.t.count()')).toBe(0);
  });

  it.each(['{}', '{_id: 0}'])('an update with query %s fails and changes nothing', (query) => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0})');
    expect(sh.ejson(`db.t.update(${query}, {$set: {"a.$.b": 1}})`)).toBe(noMatch);
    expect(sh.docs('t')).toBe(x('[{"_id": 0}]'));
  });

  it('two positional operators in one path are refused', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0, a: [{b: {c: 1}}]})');
    expect(sh.ejson('db.t.update({"a.b.c": 1}, {$set: {"a.$.b.$.c": 2}})')).toBe(
      x(
        `{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 2, "errmsg": "Too many positional (i.e. '$') elements found in path 'a.$.b.$.c'"}}`,
      ),
    );
    expect(sh.docs('t')).toBe(x('[{"_id": 0, "a": [{"b": {"c": 1}}]}]'));
  });
});

describe('a regex on an element field gives the position (updatel.js, SERVER-1155)', () => {
  it('$set through /^z$/', () => {
    const sh = new JsShell();
    sh.value('db.t.insert({_id: 1, arr: [{a: "z", b: 1}]})');
    expect(sh.ejson('db.t.update({"arr.a": /^z$/}, {$set: {"arr.$.b": 2}}, {multi: true})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'),
    );
    expect(sh.docs('t')).toBe(x('[{"_id": 1, "arr": [{"a": "z", "b": 2}]}]'));
  });

  it('$inc through /l/ reaches the third element', () => {
    const sh = new JsShell();
    sh.value('db.t.insert({_id: 1, arr: [{a: "z", b: 1}, {a: "abc", b: 2}, {a: "lmn", b: 3}]})');
    sh.value('db.t.update({"arr.a": /l/}, {$inc: {"arr.$.b": 2}}, {multi: true})');
    expect(sh.docs('t')).toBe(
      x('[{"_id": 1, "arr": [{"a": "z", "b": 1}, {"a": "abc", "b": 2}, {"a": "lmn", "b": 5}]}]'),
    );
  });
});
