/**
 * Which document findAndModify touches and returns, and its `lastErrorObject`: the first match in
 * `sort` order; the pre-image by default, the post-image with `new: true`; `value: null` (always
 * present) when nothing matched, and for an upsert without `new`; `n` 1 and `upserted: <_id>` for
 * an upsert, whose document is built from the query's equalities; `update: {}` is a replacement
 * with the empty document (only `_id` stays). Collections that do not exist are empty.
 *
 * From jstests/core/write/find_and_modify/: find_and_modify.js (the priority queue, SERVER-17372),
 * find_and_modify4.js, find_and_modify_empty_coll.js, find_and_modify_empty_update.js,
 * find_and_modify_server6226.js, find_and_modify_server6254.js, find_and_modify_server6582.js,
 * find_and_modify_server6659.js, find_and_modify_server6909.js, find_and_modify_server7660.js.
 */
import { describe, expect, it } from 'vitest';
import { canon, jsShell, lit } from './statement-shell.js';

/** The jstests insert without `_id`; these ports give each document a known one instead. */
const oid = (n: number) => `ObjectId('${n.toString(16).padStart(24, 'a')}')`;

describe('the priority queue (find_and_modify.js)', () => {
  function queue() {
    const s = jsShell();
    for (let i = 1; i <= 10; i++) s.js(`db.t.insertOne({_id: ${oid(i)}, priority: ${i}, inprogress: false, value: 0})`);
    return s;
  }

  it('returns the pre-image of the first in sort order, then the post-image with new: true', () => {
    const s = queue();
    expect(
      s.js(
        `db.t.findAndModify({query: {}, sort: {priority: 1}, update: {$set: {inprogress: true}, $inc: {value: 1}}})`,
      ),
    ).toBe(lit(`{_id: ${oid(1)}, priority: 1, inprogress: false, value: 0}`));
    s.js(`db.t.updateOne({_id: ${oid(1)}}, {$set: {inprogress: false}})`);
    expect(
      s.js(
        `db.t.findAndModify({query: {}, sort: {priority: 1}, update: {$set: {inprogress: true}, $inc: {value: 1}}, 'new': true})`,
      ),
    ).toBe(lit(`{_id: ${oid(1)}, priority: 1, inprogress: true, value: 2}`));
  });

  it('a query and a descending sort take the highest priority not in progress, one after the other', () => {
    const s = queue();
    const take = `db.t.findAndModify({query: {inprogress: false}, sort: {priority: -1}, update: {$set: {inprogress: true}}})`;
    expect(s.js(take)).toBe(lit(`{_id: ${oid(10)}, priority: 10, inprogress: false, value: 0}`));
    expect(s.js(take)).toBe(lit(`{_id: ${oid(9)}, priority: 9, inprogress: false, value: 0}`));
  });

  it('remove takes the lowest in sort order (remove: true and remove: 1), then null when nothing matches', () => {
    const s = queue();
    const remove = (flag: string) => s.js(`db.runCommand({findAndModify: "t", sort: {priority: 1}, remove: ${flag}})`);
    expect(remove('true')).toBe(
      lit(
        `{lastErrorObject: {n: 1}, value: {_id: ${oid(1)}, priority: 1, inprogress: false, value: 0}, ok: Double(1)}`,
      ),
    );
    expect(remove('1')).toBe(
      lit(
        `{lastErrorObject: {n: 1}, value: {_id: ${oid(2)}, priority: 2, inprogress: false, value: 0}, ok: Double(1)}`,
      ),
    );
    expect(s.js(`db.runCommand({findAndModify: "t", query: {no_such_field: 1}, remove: 1})`)).toBe(
      canon('{"lastErrorObject": {"n": 0}, "value": null, "ok": 1.0}'),
    );
    expect(JSON.parse(s.contents('t'))).toHaveLength(8);
  });
});

describe('upserts: lastErrorObject and value', () => {
  it('SERVER-17372: value is present and null without new; the document with new', () => {
    const s = jsShell();
    expect(
      s.js(`db.runCommand({findAndModify: "t", query: {_id: "miss"}, update: {$inc: {y: 1}}, upsert: true})`),
    ).toBe(
      canon('{"lastErrorObject": {"n": 1, "updatedExisting": false, "upserted": "miss"}, "value": null, "ok": 1.0}'),
    );
    expect(
      s.js(
        `db.runCommand({findAndModify: "t", query: {_id: "missagain"}, update: {$inc: {y: 1}}, upsert: true, new: true})`,
      ),
    ).toBe(
      canon(
        '{"lastErrorObject": {"n": 1, "updatedExisting": false, "upserted": "missagain"}, "value": {"_id": "missagain", "y": 1}, "ok": 1.0}',
      ),
    );
    expect(s.contents('t')).toBe(canon('[{"_id": "miss", "y": 1}, {"_id": "missagain", "y": 1}]'));
  });

  it('find_and_modify4: a counter with upsert and new', () => {
    const s = jsShell();
    const next = (name: string) =>
      s.js(`db.t.findAndModify({query: {_id: "${name}"}, update: {$inc: {val: 1}}, upsert: true, 'new': true})`);
    expect([next('a'), next('a'), next('a'), next('z'), next('z'), next('a')]).toEqual(
      [
        `{_id: "a", val: 1}`,
        `{_id: "a", val: 2}`,
        `{_id: "a", val: 3}`,
        `{_id: "z", val: 1}`,
        `{_id: "z", val: 2}`,
        `{_id: "a", val: 4}`,
      ].map(lit),
    );
  });

  it('find_and_modify4 and server6226: upsert only matters when nothing matches; new: false returns null for the insert', () => {
    const s = jsShell();
    const helper = (upsert: boolean) =>
      s.js(`db.t.findAndModify({query: {_id: "asdf"}, update: {$inc: {val: 1}}, upsert: ${upsert}, 'new': false})`);
    expect(helper(false)).toBe('null');
    expect(s.contents('t')).toBe('[]');
    expect(helper(true)).toBe('null');
    expect(s.contents('t')).toBe(canon('[{"_id": "asdf", "val": 1}]'));
    expect(helper(true)).toBe(lit(`{_id: 'asdf', val: 1}`));
    expect(helper(false)).toBe(lit(`{_id: 'asdf', val: 2}`));
    expect(helper(true)).toBe(lit(`{_id: 'asdf', val: 3}`));
  });

  it('find_and_modify4, server6582, server6659, server7660: the upserted document takes the query equalities and a generated _id', () => {
    const s = jsShell();
    // The engine's ObjectIds (server side) are numbered from 1 in these tests.
    expect(
      s.js(`db.runCommand({findAndModify: "t", query: {f: 1}, update: {$set: {f: 2}}, upsert: true, new: true})`),
    ).toBe(
      lit(
        `{lastErrorObject: {n: 1, updatedExisting: false, upserted: ObjectId('000000000000000000000001')}, value: {_id: ObjectId('000000000000000000000001'), f: 2}, ok: Double(1)}`,
      ),
    );
    expect(s.js(`db.t.findOne()`)).toBe(lit(`{_id: ObjectId('000000000000000000000001'), f: 2}`));
    expect(s.js(`db.u.findAndModify({query: {a: 1}, update: {$set: {b: 2}}, upsert: true, 'new': true})`)).toBe(
      lit(`{_id: ObjectId('000000000000000000000002'), a: 1, b: 2}`),
    );
    const a = s.js(
      `db.v.findAndModify({query: {foo: 'bar'}, update: {$set: {bob: 'john'}}, sort: {foo: 1}, upsert: true, new: true})`,
    );
    expect(a).toBe(lit(`{_id: ObjectId('000000000000000000000003'), foo: 'bar', bob: 'john'}`));
    expect(s.js(`db.v.findOne()`)).toBe(a);
  });

  it('server6582: remove reports n 1 and no updatedExisting', () => {
    const s = jsShell();
    s.js(`db.t.insertOne({_id: ${oid(1)}, f: 1})`);
    expect(s.js(`db.runCommand({findAndModify: "t", query: {f: 1}, remove: true})`)).toBe(
      lit(`{lastErrorObject: {n: 1}, value: {_id: ${oid(1)}, f: 1}, ok: Double(1)}`),
    );
  });
});

describe('updates that make the query stop matching (server6254, server6909)', () => {
  it('new: true returns the updated document and nothing is duplicated', () => {
    const s = jsShell();
    s.js(`db.t.insertOne({_id: ${oid(1)}, x: 1})`);
    expect(s.js(`db.t.findAndModify({query: {x: 1}, update: {$set: {x: 2}}, new: true})`)).toBe(
      lit(`{_id: ${oid(1)}, x: 2}`),
    );
    expect(s.contents('t')).toBe(lit(`[{_id: ${oid(1)}, x: 2}]`));
  });

  it.each([['5'], ['null']])('a dotted query field set to a new value, _id %s', (id) => {
    const s = jsShell();
    // The legacy shell sends `_id: null` as is; mongosh's driver would replace it (`_id == null`).
    s.js(`db.runCommand({insert: "t", documents: [{_id: ${id}, a: {b: 1}}]})`);
    expect(s.js(`db.t.findAndModify({query: {'a.b': 1}, update: {$set: {'a.b': 2}}, new: true})`)).toBe(
      lit(`{_id: ${id}, a: {b: 2}}`),
    );
  });
});

describe('collections that do not exist (find_and_modify_empty_coll.js)', () => {
  it('remove and update answer null; an upsert creates the collection', () => {
    const s = jsShell();
    expect(s.js(`db.t.findAndModify({query: {}, remove: true})`)).toBe('null');
    expect(s.js(`db.t.findAndModify({query: {}, update: {$inc: {i: 1}}})`)).toBe('null');
    expect(s.js(`db.t.findAndModify({query: {_id: 0}, update: {$inc: {i: 1}}, upsert: true, new: true})`)).toBe(
      lit(`{_id: 0, i: 1}`),
    );
    s.js('db.t.drop()');
    expect(s.js(`db.t.findAndModify({query: {}, remove: true, fields: {z: 1}})`)).toBe('null');
    expect(s.js(`db.t.findAndModify({query: {}, update: {$inc: {i: 1}}, fields: {z: 1}})`)).toBe('null');
    expect(s.js(`db.t.findAndModify({query: {}, update: {$inc: {i: 1}}, upsert: true, fields: {z: 1}})`)).toBe('null');
    expect(s.contents('t')).toBe(canon('[{"_id": {"$oid": "000000000000000000000001"}, "i": 1}]'));
  });
});

describe('update: {} replaces with the empty document (find_and_modify_empty_update.js)', () => {
  it('no match: null; a match keeps only _id; new: true returns {_id}; a sort picks the first', () => {
    const s = jsShell();
    s.js(`db.createCollection("c")`);
    expect(s.js(`db.c.findAndModify({query: {a: 1}, update: {}})`)).toBe('null');
    s.js(`db.c.insertOne({_id: 0, a: 1})`);
    expect(s.js(`db.c.findAndModify({query: {a: 1}, update: {}})`)).toBe(lit(`{_id: 0, a: 1}`));
    expect(s.js(`db.c.findOne({_id: 0})`)).toBe(lit(`{_id: 0}`));
    s.js(`db.c.deleteMany({})`);
    s.js(`db.c.insertOne({_id: 0, a: 1})`);
    expect(s.js(`db.c.findAndModify({query: {a: 1}, update: {}, new: true})`)).toBe(lit(`{_id: 0}`));
    s.js(`db.c.deleteMany({})`);
    s.js(`db.c.insertMany([{_id: 0, a: 1}, {_id: 1, a: 1}])`);
    expect(s.js(`db.c.findAndModify({query: {a: 1}, update: {}, sort: {_id: 1}})`)).toBe(lit(`{_id: 0, a: 1}`));
    expect(s.contents('c')).toBe(lit(`[{_id: 0}, {_id: 1, a: 1}]`));
  });

  it('with upsert the replacement takes the query _id only (a replacement ignores the other equalities)', () => {
    const s = jsShell();
    expect(s.js(`db.c.findAndModify({query: {_id: 0, a: 1}, update: {}, upsert: true})`)).toBe('null');
    expect(s.contents('c')).toBe(lit(`[{_id: 0}]`));
    s.js(`db.c.deleteMany({})`);
    expect(s.js(`db.c.findAndModify({query: {_id: 0, a: 1}, update: {}, upsert: true, sort: {a: 1}})`)).toBe('null');
    expect(s.contents('c')).toBe(lit(`[{_id: 0}]`));
    s.js(`db.c.deleteMany({})`);
    expect(s.js(`db.c.findAndModify({query: {_id: 0, a: 1}, update: {}, upsert: true, sort: {a: 1}, new: true})`)).toBe(
      lit(`{_id: 0}`),
    );
    expect(s.contents('c')).toBe(lit(`[{_id: 0}]`));
  });
});
