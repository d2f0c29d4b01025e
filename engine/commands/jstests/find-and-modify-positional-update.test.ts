/**
 * The positional `$` in findAndModify's update: it takes the array index the query matched on the
 * chosen document (through a dotted path or an array of scalars), with other query fields and a
 * sort around it, exactly as `update` does; other documents are untouched.
 *
 * From jstests/core/write/find_and_modify/: find_and_modify3.js, find_and_modify_server6588.js,
 * find_and_modify_server6993.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

describe('positional $ in findAndModify updates', () => {
  it('find_and_modify3: only the matched element of the chosen document changes', () => {
    const s = jsShell();
    for (const id of [0, 1, 2])
      s.js(`db.t.insertOne({_id: ${id}, other: ${id}, comments: [{i: 0, j: 0}, {i: 1, j: 1}]})`);
    expect(
      s.js(
        `db.t.findAndModify({query: {_id: 1, 'comments.i': 0}, update: {$set: {'comments.$.j': 2}}, 'new': true, sort: {other: 1}})`,
      ),
    ).toBe(lit(`{_id: 1, other: 1, comments: [{i: 0, j: 2}, {i: 1, j: 1}]}`));
    expect(
      s.js(
        `db.t.findAndModify({query: {other: 1, 'comments.i': 1}, update: {$set: {'comments.$.j': 3}}, 'new': true, sort: {other: 1}})`,
      ),
    ).toBe(lit(`{_id: 1, other: 1, comments: [{i: 0, j: 2}, {i: 1, j: 3}]}`));
    expect(s.contents('t')).toBe(
      lit(`[{_id: 0, other: 0, comments: [{i: 0, j: 0}, {i: 1, j: 1}]},
            {_id: 1, other: 1, comments: [{i: 0, j: 2}, {i: 1, j: 3}]},
            {_id: 2, other: 2, comments: [{i: 0, j: 0}, {i: 1, j: 1}]}]`),
    );
  });

  it('server6588: update and findAndModify agree, with _id or another field beside the array path', () => {
    const initial = `{_id: 1, a: [{b: 1}], z: 1}`;
    const correct = lit(`{_id: 1, a: [{b: 2}], z: 1}`);
    const up = `{"$set": {"a.$.b": 2}}`;
    for (const statement of [
      `db.t.updateOne({_id: 1, "a.b": 1}, ${up})`,
      `db.t.findAndModify({query: {_id: 1, "a.b": 1}, update: ${up}})`,
      `db.t.findAndModify({query: {z: 1, "a.b": 1}, update: ${up}})`,
    ]) {
      const s = jsShell();
      s.js(`db.t.insertOne(${initial})`);
      s.js(statement);
      expect(s.js('db.t.findOne()')).toBe(correct);
    }
    const s = jsShell();
    s.js(`db.t.insertOne(${initial})`);
    expect(s.js(`db.t.findAndModify({query: {z: 1, "a.b": 1}, update: ${up}})`)).toBe(lit(initial));
  });

  it('server6993: an array of scalars matched by value', () => {
    const s = jsShell();
    s.js(`db.c.insertOne({_id: 1, a: [1, 2]})`);
    expect(s.js(`db.c.findAndModify({query: {a: 1}, update: {$set: {'a.$': 5}}})`)).toBe(lit(`{_id: 1, a: [1, 2]}`));
    expect(s.js('db.c.findOne()')).toBe(lit(`{_id: 1, a: [5, 2]}`));
  });
});
