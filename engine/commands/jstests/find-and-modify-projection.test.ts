/**
 * findAndModify's `fields`: the projection is applied to the document returned (the pre-image,
 * or the post-image with `new: true`, or the removed document). It is parsed where the server
 * builds the plan executor (`makeProjection` in get_executor.cpp): after the query and the update,
 * only when the collection exists, and a positional projection (`a.$`) is refused with BadValue
 * "cannot use a positional projection and return the new document" when the new document is
 * returned, because the query need not match the updated array.
 *
 * From jstests/core/write/find_and_modify/: find_and_modify_server6865.js (every case),
 * find_and_modify.js (computed fields, SERVER-17387), find_and_modify2.js,
 * find_and_modify_pipeline_update.js (fields), find_and_modify_empty_coll.js (fields).
 */
import { describe, expect, it } from 'vitest';
import { canon, jsShell, lit, type JsShell } from './statement-shell.js';

const B = `{_id: 42, b: [{name: 'first', value: 1}, {name: 'second', value: 2}, {name: 'third', value: 3}]}`;
const J = `{_id: 42, b: [{name: 'john', value: 1}, {name: 'jess', value: 2}, {name: 'jeff', value: 3}]}`;
const JA = `{_id: 42, a: 5, b: [{name: 'john', value: 1}, {name: 'jess', value: 2}, {name: 'jeff', value: 3}]}`;
const A = `{_id: 1, a: [{x: 1, y: 1}, {x: 1, y: 2}]}`;

/** server6865's testFAMWorked: the command's value, and find() with the same projection agrees. */
function famWorked(insert: string, query: string, fields: string, rest: string, expected: string): void {
  const s = jsShell();
  s.js(`db.t.insertOne(${insert})`);
  const isNew = rest.includes('new: true');
  const args = `query: ${query}, fields: ${fields}, ${rest}`;
  if (!isNew) expect(s.js(`db.t.findOne(${query}, ${fields})`)).toBe(lit(expected));
  const reply = s.js(`db.runCommand({findAndModify: "t", ${args}})`);
  expect(JSON.parse(reply).ok).toEqual({ $numberDouble: '1.0' });
  expect(JSON.stringify(JSON.parse(reply).value)).toBe(lit(expected));
  if (isNew) expect(s.js(`db.t.findOne(${query}, ${fields})`)).toBe(lit(expected));
}

function famFailed(s: JsShell, insert: string, args: string): { code?: number; message: string } {
  s.js(`db.t.drop()`);
  s.js(`db.t.insertOne(${insert})`);
  return s.fails(`db.runCommand({findAndModify: "t", ${args}})`);
}

describe('findAndModify projection of a removed document (server6865)', () => {
  it.each([
    [`{_id: 42, a: [1, 2], b: 3}`, `{_id: 42}`, `{_id: 0, b: 1}`, `remove: true`, `{b: 3}`],
    [`{_id: 42, a: [1, 2], b: 3, c: 4}`, `{_id: 42}`, `{a: 0, b: 0}`, `remove: true`, `{_id: 42, c: 4}`],
    [B, `{_id: 42}`, `{b: {$elemMatch: {value: 2}}}`, `remove: true`, `{_id: 42, b: [{name: 'second', value: 2}]}`],
    [`{_id: 42, a: [1, 2]}`, `{a: 2}`, `{'a.$': 1}`, `remove: true`, `{_id: 42, a: [2]}`],
    [B, `{_id: 42, 'b.name': 'third'}`, `{'b.$': 1}`, `remove: true`, `{_id: 42, b: [{name: 'third', value: 3}]}`],
    [JA, `{b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}`, `{_id: 0, a: 5}`, `remove: true`, `{a: 5}`],
    [
      J,
      `{b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}`,
      `{_id: 0, 'b.$': 1}`,
      `remove: true`,
      `{b: [{name: 'john', value: 1}]}`,
    ],
  ])('%s %s %s %s', (insert, query, fields, rest, expected) => famWorked(insert, query, fields, rest, expected));
});

describe('findAndModify projection of the pre-image, new: false (server6865)', () => {
  it.each([
    [`{_id: 42, a: [1, 2], b: 3}`, `{_id: 42}`, `{_id: 0, b: 1}`, `update: {$inc: {b: 1}}, new: false`, `{b: 3}`],
    [
      `{_id: 42, a: [1, 2], b: 3, c: 4}`,
      `{_id: 42}`,
      `{a: 0, b: 0}`,
      `update: {$set: {c: 5}}, new: false`,
      `{_id: 42, c: 4}`,
    ],
    [
      B,
      `{_id: 42}`,
      `{b: {$elemMatch: {value: 2}}}`,
      `update: {$set: {name: '2nd'}}, new: false`,
      `{_id: 42, b: [{name: 'second', value: 2}]}`,
    ],
    [
      `{_id: 42, a: [1, 2]}`,
      `{a: 2}`,
      `{'a.$': 1}`,
      `update: {$set: {'b.kind': 'xyz'}}, new: false`,
      `{_id: 42, a: [2]}`,
    ],
    [
      B,
      `{_id: 42, 'b.name': 'third'}`,
      `{'b.$': 1}`,
      `update: {$set: {'b.$.kind': 'xyz'}}, new: false`,
      `{_id: 42, b: [{name: 'third', value: 3}]}`,
    ],
    [A, `{_id: 1}`, `{a: {$elemMatch: {x: 1}}}`, `update: {$pop: {a: -1}}, new: false`, `{_id: 1, a: [{x: 1, y: 1}]}`],
    [
      JA,
      `{b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}`,
      `{_id: 0, a: 5}`,
      `update: {$inc: {a: 6}}, new: false`,
      `{a: 5}`,
    ],
    [
      J,
      `{b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}`,
      `{_id: 0, 'b.$': 1}`,
      `update: {$set: {name: 'james'}}, new: false`,
      `{b: [{name: 'john', value: 1}]}`,
    ],
  ])('%s %s %s %s', (insert, query, fields, rest, expected) => famWorked(insert, query, fields, rest, expected));
});

describe('findAndModify projection of the post-image, new: true (server6865)', () => {
  it.each([
    [`{_id: 42, a: [1, 2], b: 3}`, `{_id: 42}`, `{_id: 0, b: 1}`, `update: {$inc: {b: 1}}, new: true`, `{b: 4}`],
    [
      `{_id: 42, a: [1, 2], b: 3, c: 4}`,
      `{_id: 42}`,
      `{a: 0, b: 0}`,
      `update: {$set: {c: 5}}, new: true`,
      `{_id: 42, c: 5}`,
    ],
    [
      B,
      `{_id: 42}`,
      `{b: {$elemMatch: {value: 2}}}`,
      `update: {$set: {'b.1.name': '2nd'}}, new: true`,
      `{_id: 42, b: [{name: '2nd', value: 2}]}`,
    ],
    [
      B,
      `{_id: 42}`,
      `{b: {$elemMatch: {value: 2}}, c: 1}`,
      `update: {$set: {c: 'xyz'}}, new: true`,
      `{_id: 42, c: 'xyz', b: [{name: 'second', value: 2}]}`,
    ],
    [A, `{_id: 1}`, `{a: {$elemMatch: {x: 1}}}`, `update: {$pop: {a: -1}}, new: true`, `{_id: 1, a: [{x: 1, y: 2}]}`],
    [
      JA,
      `{b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}`,
      `{_id: 0, a: 5}`,
      `update: {$inc: {a: 6}}, new: true`,
      `{a: 11}`,
    ],
  ])('%s %s %s %s', (insert, query, fields, rest, expected) => famWorked(insert, query, fields, rest, expected));

  it.each([
    [`{_id: 42, a: [1, 2]}`, `query: {a: 2}, fields: {'a.$': 1}, update: {$set: {'b.kind': 'xyz'}}, new: true`],
    [B, `query: {_id: 42, 'b.name': 'third'}, fields: {'b.$': 1}, update: {$set: {'b.$.kind': 'xyz'}}, new: true`],
    [
      J,
      `query: {b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}, fields: {_id: 0, 'b.$': 1}, update: {$set: {name: 'james'}}, new: true`,
    ],
    [
      J,
      `query: {b: {$elemMatch: {name: 'john', value: {$lt: 2}}}}, fields: {_id: 0, 'b.$': 1}, update: {$set: {name: 'james'}}, new: true, upsert: true`,
    ],
  ])('a positional projection with new: true is refused before anything is written: %s %s', (insert, args) => {
    const s = jsShell();
    const error = famFailed(s, insert, args);
    expect([error.code, error.message]).toEqual([2, 'cannot use a positional projection and return the new document']);
    expect(s.contents('t')).toBe(lit(`[${insert}]`));
  });

  it.each([`{'a.$': 1}`, `{foo: {$pop: ["bar"]}}`])(
    'fields are not parsed when the collection is missing and nothing is upserted (EOF plan): %s',
    (fields) => {
      const s = jsShell();
      const none = canon('{"lastErrorObject": {"n": 0, "updatedExisting": false}, "value": null, "ok": 1.0}');
      expect(
        s.js(
          `db.runCommand({findAndModify: "none", query: {a: 2}, fields: ${fields}, update: {$set: {b: 1}}, new: true})`,
        ),
      ).toBe(none);
      expect(s.js(`db.runCommand({findAndModify: "none", query: {a: 2}, fields: ${fields}, remove: true})`)).toBe(
        canon('{"lastErrorObject": {"n": 0}, "value": null, "ok": 1.0}'),
      );
    },
  );

  it('the update and the query are parsed before the projection', () => {
    const s = jsShell();
    s.js(`db.t.insertOne({_id: 1, a: [1]})`);
    const fields = `{foo: {$pop: ["bar"]}}`;
    const update = s.fails(
      `db.runCommand({findAndModify: "t", query: {a: 1}, fields: ${fields}, update: {$bogus: {b: 1}}})`,
    );
    expect([update.code, update.message]).toEqual([
      9,
      'Unknown modifier: $bogus. Expected a valid update modifier or pipeline-style update specified as an array',
    ]);
    const query = s.fails(
      `db.runCommand({findAndModify: "t", query: {a: {$bogus: 1}}, fields: ${fields}, remove: true})`,
    );
    expect([query.code, query.message]).toEqual([2, 'unknown operator: $bogus']);
  });
});

describe('findAndModify computed and invalid projections (find_and_modify.js)', () => {
  function queue(): JsShell {
    const s = jsShell();
    for (let i = 1; i <= 10; i++) s.js(`db.t.insertOne({_id: ${i}, priority: ${i}, inprogress: false, value: 0})`);
    return s;
  }

  it('an expression in fields is computed on the pre-image with new: false', () => {
    const s = queue();
    expect(
      s.js(
        `db.t.findAndModify({query: {inprogress: false}, sort: {priority: -1}, 'new': false, update: {$set: {inprogress: true}, $inc: {value: 1}}, fields: {priority: 1, inprogress: 1, computedField: {$add: ["$value", 2]}}})`,
      ),
    ).toBe(canon('{"_id": 10, "priority": 10, "inprogress": false, "computedField": 2}'));
  });

  it('an expression in fields is computed on the post-image with new: true', () => {
    const s = queue();
    expect(
      s.js(
        `db.t.findAndModify({query: {inprogress: false}, sort: {priority: -1}, update: {$set: {inprogress: true}, $inc: {value: 1}}, 'new': true, fields: {priority: 1, inprogress: 1, computedField: {$add: ["$value", 2]}}})`,
      ),
    ).toBe(canon('{"_id": 10, "priority": 10, "inprogress": true, "computedField": 3}'));
  });

  it.each([
    [false, true, true],
    [true, true, true],
    [true, false, true],
    [true, true, false],
    [true, false, false],
  ])('an unknown expression in fields fails with 31325 (match %s, upsert %s, new %s)', (match, upsert, isNew) => {
    const s = jsShell();
    s.js('db.t.drop()');
    if (match) s.js('db.t.insertOne({_id: "found"})');
    const error = s.fails(
      `db.runCommand({findAndModify: "t", query: {_id: "${match ? 'found' : 'miss'}"}, update: {$inc: {y: 1}}, fields: {foo: {$pop: ["bar"]}}, upsert: ${upsert}, new: ${isNew}})`,
    );
    expect(error.code).toBe(31325);
    expect(error.message).toContain('$pop');
    // Refused before the write: nothing was inserted or incremented.
    expect(s.contents('t')).toBe(match ? canon('[{"_id": "found"}]') : '[]');
  });
});

describe('findAndModify inclusion and exclusion (find_and_modify2.js, find_and_modify_pipeline_update.js)', () => {
  it('find_and_modify2: _id follows the projection, pre- and post-image', () => {
    const s = jsShell();
    s.js('db.c.insertOne({_id: 1, i: 0, j: 0})');
    expect(s.js(`db.c.findAndModify({query: {}, update: {$inc: {i: 1}}, 'new': true, fields: {i: 1}})`)).toBe(
      canon('{"_id": 1, "i": 1}'),
    );
    expect(s.js(`db.c.findAndModify({query: {}, update: {$inc: {i: 1}}, fields: {i: 0}})`)).toBe(
      canon('{"_id": 1, "j": 0}'),
    );
    expect(s.js(`db.c.findAndModify({query: {}, update: {$inc: {i: 1}}, fields: {_id: 0, j: 1}})`)).toBe(
      canon('{"j": 0}'),
    );
    expect(s.js(`db.c.findAndModify({query: {}, update: {$inc: {i: 1}}, fields: {_id: 0, j: 1}, 'new': true})`)).toBe(
      canon('{"j": 0}'),
    );
    expect(s.contents('c')).toBe(canon('[{"_id": 1, "i": 4, "j": 0}]'));
  });

  it('pipeline updates take fields, before and after', () => {
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 0, x: 0}, {_id: 1, x: 1}, {_id: 2, x: 2}, {_id: 3, x: 3}])');
    expect(s.js(`db.c.findAndModify({query: {_id: 0}, update: [{$set: {y: 0}}], fields: {x: 0}})`)).toBe(
      canon('{"_id": 0}'),
    );
    expect(s.js(`db.c.findAndModify({query: {_id: 1}, update: [{$set: {y: 1}}], fields: {x: 1}})`)).toBe(
      canon('{"_id": 1, "x": 1}'),
    );
    expect(s.js(`db.c.findAndModify({query: {_id: 2}, update: [{$set: {y: 2}}], fields: {x: 0}, new: true})`)).toBe(
      canon('{"_id": 2, "y": 2}'),
    );
    expect(s.js(`db.c.findAndModify({query: {_id: 3}, update: [{$set: {y: 3}}], fields: {x: 1}, new: true})`)).toBe(
      canon('{"_id": 3, "x": 3}'),
    );
  });
});
