/**
 * `arrayFilters` and `$[<identifier>]` / `$[]`: parse errors of the filters (type, one top-level
 * name per filter, duplicates, unused filters, $text/$where/$geoNear/$expr, identifier shape),
 * every update operator through `$[i]` and `$[]`, multi updates, collation of the statement or
 * collection, nested identifiers, and conflict detection between paths.
 * From jstests/core/write/update/update_arrayFilters.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../bson/values.js';
import type { ShellCollection } from '../../shell/api.js';
import { d, got, i, shell, text, thrown, v, type Lit } from './harness.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';
type L = { [k: string]: Lit };

function errorOf(coll: ShellCollection, q: L, u: L, options: L = {}): { code: number; errmsg: string } {
  const we = coll.update(d(q), d(u), d(options)).writeError;
  if (!we) throw new Error('expected a write error');
  return { code: Number(we.get('code')), errmsg: String(we.get('errmsg')) };
}

describe('arrayFilters parsing', () => {
  const { db, fresh, engine: shellEngine } = shell();
  const coll = fresh('update_arrayFilters');
  db.createCollection(coll.name);

  it('non-array filters, non-object filter: TypeMismatch for the whole command', () => {
    const set = d({ $set: { 'a.$[i]': 5 } });
    expect(thrown(() => coll.update(d({ _id: 0 }), set, v({ arrayFilters: { i: 0 } }) as Doc))).toEqual({
      code: 14,
      errmsg: "BSON field 'update.updates.arrayFilters' is the wrong type 'object', expected type 'array'",
    });
    expect(thrown(() => coll.update(d({ _id: 0 }), set, v({ arrayFilters: ['bad'] }) as Doc))).toEqual({
      code: 14,
      errmsg: "BSON field 'update.updates.arrayFilters.0' is the wrong type 'string', expected type 'object'",
    });
  });

  it('one top-level field per filter, each identifier once, every filter used', () => {
    let e = errorOf(coll, { _id: 0 }, { $set: { 'a.$[i]': 5 } }, { arrayFilters: [{ i: 0, j: 0 }] });
    expect(e.code).toBe(9);
    expect(e.errmsg).toContain('Expected a single top-level field name');
    e = errorOf(
      coll,
      { _id: 0 },
      { $set: { 'a.$[i]': 5, 'a.$[j]': 6 } },
      { arrayFilters: [{ i: 0 }, { j: 0 }, { i: 1 }] },
    );
    expect(e.code).toBe(9);
    expect(e.errmsg).toContain('Found multiple array filters with the same top-level field name');
    e = errorOf(coll, { _id: 0 }, { $set: { 'a.$[i]': 5 } }, { arrayFilters: [{ i: 0 }, { j: 0 }] });
    expect(e).toEqual({
      code: 9,
      errmsg: "The array filter for identifier 'j' was not used in the update { $set: { a.$[i]: 5.0 } }",
    });
    e = errorOf(coll, { _id: 0 }, { $set: { 'a.$[i]': 5 } }, { arrayFilters: [{ $alwaysTrue: 1 }] });
    expect(e.code).toBe(9);
    expect(e.errmsg).toContain('Cannot use an expression without a top-level field name in arrayFilters');
  });

  it('$text, $where, $geoNear are BadValue; $expr is QueryFeatureNotAllowed', () => {
    const f = (filter: L): number =>
      errorOf(coll, { _id: 0 }, { $set: { 'a.$[i]': 5 } }, { arrayFilters: [filter] }).code;
    expect(f({ $text: { $search: 'foo' } })).toBe(2);
    expect(f({ $where: 'this.a == 2' })).toBe(2);
    expect([2, 5626500]).toContain(f({ loc: { $geoNear: [50, 50] } }));
    expect(f({ $expr: { $eq: ['$foo', '$bar'] } })).toBe(224);
  });

  it('good filters succeed, in update, findAndModify, the Bulk API, the CRUD helpers, bulkWrite and explain', () => {
    const ok = (u: L, filters: Lit[]): void =>
      expect(coll.update(d({ _id: 0 }), d(u), v({ arrayFilters: filters }) as Doc).writeError).toBeUndefined();
    ok({ $set: { 'a.$[i]': 5, 'a.$[j]': 6 } }, [{ i: 0 }, { j: 0 }]);
    ok({ $set: { 'a.$[i]': 5 } }, [{ $or: [{ i: 0 }, { $and: [{}] }] }]);

    const fam = (spec: L): Doc | null => coll.findAndModify(d({ query: { _id: 0 }, ...spec }));
    expect(() => fam({ update: { $set: { 'a.$[i]': 5 } }, arrayFilters: { i: 0 } })).toThrow();
    expect(() => fam({ update: { $set: { 'a.$[i]': 5 } }, arrayFilters: ['bad'] })).toThrow();
    // mongosh (like the driver's findOneAndDelete) does not send arrayFilters with remove: true,
    // so the server's refusal is checked on the command itself
    expect(
      got(
        shellEngine.runCommand(
          'test',
          v({ findAndModify: coll.name, query: { _id: 0 }, remove: true, arrayFilters: [{ i: 0 }] }) as Doc,
        ),
      ),
    ).toBe(
      text({ ok: 0, errmsg: 'Cannot specify arrayFilters and remove=true', code: i(9), codeName: 'FailedToParse' }),
    );
    expect(() => fam({ update: { $set: { 'a.$[i]': 5 } }, arrayFilters: [{ i: 0, j: 0 }] })).toThrow();
    expect(() =>
      fam({ update: { $set: { 'a.$[i]': 5, 'a.$[j]': 6 } }, arrayFilters: [{ i: 0 }, { j: 0 }, { i: 1 }] }),
    ).toThrow();
    expect(fam({ update: { $set: { 'a.$[i]': 5, 'a.$[j]': 6 } }, arrayFilters: [{ i: 0 }, { j: 0 }] })).toBeNull();
    expect(fam({ update: { $set: { 'a.$[i]': 5 } }, arrayFilters: [{ $or: [{ i: 0 }, { $and: [{}] }] }] })).toBeNull();

    // The legacy Bulk API: find().arrayFilters() travels with the statement; a non-array fails
    // the batch's command when executed (TypeMismatch), a good one succeeds.
    for (const [query, verb] of [
      [{}, 'update'],
      [{ _id: 0 }, 'updateOne'],
    ] as const) {
      const bad = coll.initializeUnorderedBulkOp();
      const op = bad.find(d(query)).arrayFilters('bad');
      if (verb === 'update') op.update(d({ $set: { 'a.$[i]': 5 } }));
      else op.updateOne(d({ $set: { 'a.$[i]': 5 } }));
      expect(() => bad.execute()).toThrow(
        "BSON field 'update.updates.arrayFilters' is the wrong type 'string', expected type 'array'",
      );
      const good = coll.initializeUnorderedBulkOp();
      const ok = good.find(d(query)).arrayFilters(v([{ i: 0 }]));
      if (verb === 'update') ok.update(d({ $set: { 'a.$[i]': 5 } }));
      else ok.updateOne(d({ $set: { 'a.$[i]': 5 } }));
      expect(good.execute().matchedCount).toBe(0);
    }

    const upd = d({ $set: { 'a.$[i]': 5 } });
    expect(() => coll.findOneAndUpdate(d({ _id: 0 }), upd, d({ arrayFilters: 'bad' }))).toThrow();
    expect(coll.findOneAndUpdate(d({ _id: 0 }), upd, v({ arrayFilters: [{ i: 0 }] }) as Doc)).toBeNull();
    expect(() => coll.updateOne(d({ _id: 0 }), upd, d({ arrayFilters: 'bad' }))).toThrow();
    expect(coll.updateOne(d({ _id: 0 }), upd, v({ arrayFilters: [{ i: 0 }] }) as Doc).modifiedCount).toBe(0);
    expect(() => coll.updateMany(d({}), upd, d({ arrayFilters: 'bad' }))).toThrow();
    expect(coll.updateMany(d({}), upd, v({ arrayFilters: [{ i: 0 }] }) as Doc).modifiedCount).toBe(0);
    for (const model of ['updateOne', 'updateMany']) {
      expect(() =>
        coll.bulkWrite([
          v({ [model]: { filter: { _id: 0 }, update: { $set: { 'a.$[i]': 5 } }, arrayFilters: 'bad' } }),
        ]),
      ).toThrow();
      const res = coll.bulkWrite([
        v({ [model]: { filter: { _id: 0 }, update: { $set: { 'a.$[i]': 5 } }, arrayFilters: [{ i: 0 }] } }),
      ]);
      expect(res.matchedCount).toBe(0);
    }
    expect(() => coll.explain().update(d({ _id: 0 }), upd, d({ arrayFilters: 'bad' }))).toThrow();
    expect(
      Number(
        coll
          .explain()
          .update(d({ _id: 0 }), upd, v({ arrayFilters: [{ i: 0 }] }) as Doc)
          .get('ok'),
      ),
    ).toBe(1);
    expect(() =>
      coll.explain().findAndModify(d({ query: { _id: 0 }, update: { $set: { 'a.$[i]': 5 } }, arrayFilters: 'bad' })),
    ).toThrow();
    expect(
      Number(
        coll
          .explain()
          .findAndModify(v({ query: { _id: 0 }, update: { $set: { 'a.$[i]': 5 } }, arrayFilters: [{ i: 0 }] }) as Doc)
          .get('ok'),
      ),
    ).toBe(1);
  });

  it('identifiers: missing filter, conflicts with $, integers, fields; bad names', () => {
    const c = fresh('update_arrayFilters');
    expect(errorOf(c, { _id: 0 }, { $set: { 'a.$[i]': 0 } })).toEqual({
      code: 2,
      errmsg: "No array filter found for identifier 'i' in path 'a.$[i]'",
    });
    for (const other of ['a.$', 'a.0', 'a.b']) {
      expect(errorOf(c, { _id: 0 }, { $set: { 'a.$[i]': 0, [other]: 0 } }, { arrayFilters: [{ i: 0 }] })).toEqual({
        code: 40,
        errmsg: `Updating the path '${other}' would create a conflict at 'a'`,
      });
    }
    let e = errorOf(c, { _id: 0 }, { $set: { 'a.$[$i]': 1 } }, { arrayFilters: [{ $i: 0 }] });
    expect(e.code).toBe(2);
    expect(e.errmsg).toContain('unknown top level operator: $i');
    e = errorOf(c, { _id: 0 }, { $set: { 'a.$[I]': 1 } }, { arrayFilters: [{ I: 0 }] });
    expect(e.code).toBe(2);
    expect(e.errmsg.startsWith('Error parsing array filter')).toBe(true);
    expect(
      e.errmsg.endsWith(
        "The top-level field name must be an alphanumeric string beginning with a lowercase letter, found 'I'",
      ),
    ).toBe(true);
    c.insert(d({ _id: 0, a: [0], b: [{ j: 0 }] }));
    expect(errorOf(c, { _id: 0 }, { $set: { 'a.$[i.j]': 1, 'b.$[i]': 1 } }, { arrayFilters: [{ 'i.j': 0 }] })).toEqual({
      code: 28,
      errmsg: `${PREFIX}Cannot create field '$[i' in element {a: [ 0.0 ]}`,
    });
  });

  it('$rename paths may not be dynamic; an implicit traversal cannot be created', () => {
    const c = fresh('update_arrayFilters');
    c.insert(d({ _id: 0, a: [1, 2, 3, 4] }));
    expect(errorOf(c, { _id: 0 }, { $rename: { 'a.$[i]': 'b' } }, { arrayFilters: [{ i: 0 }] })).toEqual({
      code: 2,
      errmsg: 'The source field for $rename may not be dynamic: a.$[i]',
    });
    expect(errorOf(c, { id: 0 }, { $rename: { a: 'b' } }, { arrayFilters: [{ i: 0 }] })).toEqual({
      code: 9,
      errmsg: 'The array filter for identifier \'i\' was not used in the update { $rename: { a: "b" } }',
    });
    const r = fresh('update_arrayFilters');
    r.insert(d({ _id: 0, a: [0], b: [1] }));
    expect(errorOf(r, { _id: 0 }, { $rename: { 'a.$[]': 'b' } })).toEqual({
      code: 2,
      errmsg: 'The source field for $rename may not be dynamic: a.$[]',
    });
    expect(errorOf(r, { _id: 0 }, { $rename: { a: 'b.$[]' } })).toEqual({
      code: 2,
      errmsg: 'The destination field for $rename may not be dynamic: b.$[]',
    });
    expect(r.update(d({ _id: 0 }), d({ $rename: { a: 'b' } })).writeError).toBeUndefined();
    expect(got(r.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, b: [0] }));

    const t = fresh('update_arrayFilters');
    t.insert(d({ _id: 0, a: [{ b: 0 }] }));
    expect(errorOf(t, { _id: 0 }, { $set: { 'a.b': 1 } })).toEqual({
      code: 28,
      errmsg: `${PREFIX}Cannot create field 'b' in element {a: [ { b: 0.0 } ]}`,
    });
  });
});

describe('every operator through $[i] and $[]', () => {
  const cases: [string, L, L, L[] | null, L][] = [
    ['$set', { _id: 0, a: [0, 1, 0, 1] }, { $set: { 'a.$[i]': 2 } }, [{ i: 0 }], { _id: 0, a: [2, 1, 2, 1] }],
    ['$set all', { _id: 0, a: [2, 1, 2, 1] }, { $set: { 'a.$[]': 3 } }, null, { _id: 0, a: [3, 3, 3, 3] }],
    [
      '$unset',
      { _id: 0, a: [0, 1, 0, 1] },
      { $unset: { 'a.$[i]': true } },
      [{ i: 0 }],
      { _id: 0, a: [null, 1, null, 1] },
    ],
    [
      '$unset all',
      { _id: 0, a: [null, 1, null, 1] },
      { $unset: { 'a.$[]': true } },
      null,
      { _id: 0, a: [null, null, null, null] },
    ],
    ['$inc', { _id: 0, a: [0, 1, 0, 1] }, { $inc: { 'a.$[i]': 1 } }, [{ i: 1 }], { _id: 0, a: [0, 2, 0, 2] }],
    ['$inc all', { _id: 0, a: [0, 1, 0, 1] }, { $inc: { 'a.$[]': 1 } }, null, { _id: 0, a: [1, 2, 1, 2] }],
    ['$mul', { _id: 0, a: [0, 2, 0, 2] }, { $mul: { 'a.$[i]': 3 } }, [{ i: 2 }], { _id: 0, a: [0, 6, 0, 6] }],
    ['$mul all', { _id: 0, a: [1, 2, 1, 2] }, { $mul: { 'a.$[]': 3 } }, null, { _id: 0, a: [3, 6, 3, 6] }],
    [
      '$min',
      {
        _id: 0,
        a: [
          { b: 0, c: 1 },
          { b: 0, c: -1 },
          { b: 1, c: 1 },
        ],
      },
      { $min: { 'a.$[i].c': 0 } },
      [{ 'i.b': 0 }],
      {
        _id: 0,
        a: [
          { b: 0, c: 0 },
          { b: 0, c: -1 },
          { b: 1, c: 1 },
        ],
      },
    ],
    [
      '$min all',
      {
        _id: 0,
        a: [
          { b: 0, c: 0 },
          { b: 0, c: -1 },
          { b: 1, c: 1 },
        ],
      },
      { $min: { 'a.$[].c': 0 } },
      null,
      {
        _id: 0,
        a: [
          { b: 0, c: 0 },
          { b: 0, c: -1 },
          { b: 1, c: 0 },
        ],
      },
    ],
    [
      '$max',
      {
        _id: 0,
        a: [
          { b: 0, c: 1 },
          { b: 0, c: -1 },
          { b: 1, c: -1 },
        ],
      },
      { $max: { 'a.$[i].c': 0 } },
      [{ 'i.b': 0 }],
      {
        _id: 0,
        a: [
          { b: 0, c: 1 },
          { b: 0, c: 0 },
          { b: 1, c: -1 },
        ],
      },
    ],
    [
      '$max all',
      {
        _id: 0,
        a: [
          { b: 0, c: 1 },
          { b: 0, c: 0 },
          { b: 1, c: -1 },
        ],
      },
      { $max: { 'a.$[].c': 0 } },
      null,
      {
        _id: 0,
        a: [
          { b: 0, c: 1 },
          { b: 0, c: 0 },
          { b: 1, c: 0 },
        ],
      },
    ],
    ['$addToSet', { _id: 0, a: [[0], [1]] }, { $addToSet: { 'a.$[i]': 2 } }, [{ i: 0 }], { _id: 0, a: [[0, 2], [1]] }],
    [
      '$addToSet all',
      { _id: 0, a: [[0], [1]] },
      { $addToSet: { 'a.$[]': 2 } },
      null,
      {
        _id: 0,
        a: [
          [0, 2],
          [1, 2],
        ],
      },
    ],
    [
      '$pop',
      {
        _id: 0,
        a: [
          [0, 1],
          [1, 2],
        ],
      },
      { $pop: { 'a.$[i]': 1 } },
      [{ i: 0 }],
      { _id: 0, a: [[0], [1, 2]] },
    ],
    ['$pop all', { _id: 0, a: [[0]] }, { $pop: { 'a.$[]': 1 } }, null, { _id: 0, a: [[]] }],
    [
      '$pullAll',
      {
        _id: 0,
        a: [
          [0, 1, 2, 3],
          [1, 2, 3, 4],
        ],
      },
      { $pullAll: { 'a.$[i]': [0, 2] } },
      [{ i: 0 }],
      {
        _id: 0,
        a: [
          [1, 3],
          [1, 2, 3, 4],
        ],
      },
    ],
    [
      '$pullAll all',
      {
        _id: 0,
        a: [
          [0, 1, 2, 3],
          [1, 2, 3, 4],
        ],
      },
      { $pullAll: { 'a.$[]': [0, 2] } },
      null,
      {
        _id: 0,
        a: [
          [1, 3],
          [1, 3, 4],
        ],
      },
    ],
    [
      '$pull',
      {
        _id: 0,
        a: [
          [0, 1],
          [1, 2],
        ],
      },
      { $pull: { 'a.$[i]': 1 } },
      [{ i: 2 }],
      { _id: 0, a: [[0, 1], [2]] },
    ],
    [
      '$pull all',
      {
        _id: 0,
        a: [
          [0, 1],
          [1, 2],
        ],
      },
      { $pull: { 'a.$[]': 1 } },
      null,
      { _id: 0, a: [[0], [2]] },
    ],
    [
      '$push',
      {
        _id: 0,
        a: [
          [0, 1],
          [2, 3],
        ],
      },
      { $push: { 'a.$[i]': 4 } },
      [{ i: 0 }],
      {
        _id: 0,
        a: [
          [0, 1, 4],
          [2, 3],
        ],
      },
    ],
    [
      '$push all',
      {
        _id: 0,
        a: [
          [0, 1],
          [2, 3],
        ],
      },
      { $push: { 'a.$[]': 4 } },
      null,
      {
        _id: 0,
        a: [
          [0, 1, 4],
          [2, 3, 4],
        ],
      },
    ],
    [
      '$bit',
      { _id: 0, a: [i(0), i(2)] },
      { $bit: { 'a.$[i]': { or: i(10) } } },
      [{ i: 0 }],
      { _id: 0, a: [i(10), i(2)] },
    ],
    [
      '$bit all',
      { _id: 0, a: [i(0), i(2)] },
      { $bit: { 'a.$[]': { or: i(10) } } },
      null,
      { _id: 0, a: [i(10), i(10)] },
    ],
  ];
  for (const [name, doc, update, filters, after] of cases) {
    it(name, () => {
      const { fresh } = shell();
      const coll = fresh('update_arrayFilters');
      coll.insert(d(doc));
      const res = coll.update(d({ _id: 0 }), d(update), v(filters ? { arrayFilters: filters } : {}) as Doc);
      expect(res.writeError).toBeUndefined();
      expect(got(coll.findOne(d({ _id: 0 })))).toBe(text(after));
    });
  }

  it('$setOnInsert on an upsert from an array equality', () => {
    const { fresh } = shell();
    let coll = fresh('update_arrayFilters');
    coll.update(
      d({ _id: 0, a: [0] }),
      d({ $setOnInsert: { 'a.$[i]': 1 } }),
      v({ arrayFilters: [{ i: 0 }], upsert: true }) as Doc,
    );
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, a: [1] }));
    coll = fresh('update_arrayFilters');
    coll.update(d({ _id: 0, a: [0] }), d({ $setOnInsert: { 'a.$[]': 1 } }), d({ upsert: true }));
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, a: [1] }));
  });

  it('$currentDate sets dates at the identified positions', () => {
    const { fresh } = shell();
    const coll = fresh('update_arrayFilters');
    coll.insert(d({ _id: 0, a: [0, 1] }));
    coll.update(d({ _id: 0 }), d({ $currentDate: { 'a.$[i]': true } }), v({ arrayFilters: [{ i: 0 }] }) as Doc);
    let a = coll.findOne(d({ _id: 0 }))?.get('a') as Value[];
    expect(a[0]).toBeInstanceOf(Date);
    expect(got(a[1])).toBe(text(1));
    coll.update(d({ _id: 0 }), d({ $currentDate: { 'a.$[]': true } }));
    a = coll.findOne(d({ _id: 0 }))?.get('a') as Value[];
    expect(a.every((x) => x instanceof Date)).toBe(true);
  });
});

describe('multi updates, collation, examples and conflicts', () => {
  it('a multi update applies the filters per document', () => {
    const { fresh } = shell();
    const coll = fresh('update_arrayFilters');
    coll.insert(d({ _id: 0, a: [0, 1, 0, 1] }));
    coll.insert(d({ _id: 1, a: [0, 2, 0, 2] }));
    coll.update(d({}), d({ $set: { 'a.$[i]': 3 } }), v({ multi: true, arrayFilters: [{ i: 0 }] }) as Doc);
    expect(got(coll.find().toArray())).toBe(
      text([
        { _id: 0, a: [3, 1, 3, 1] },
        { _id: 1, a: [3, 2, 3, 2] },
      ]),
    );
    coll.update(d({}), d({ $set: { 'a.$[]': 3 } }), d({ multi: true }));
    expect(got(coll.find().toArray())).toBe(
      text([
        { _id: 0, a: [3, 3, 3, 3] },
        { _id: 1, a: [3, 3, 3, 3] },
      ]),
    );
  });

  it('filters compare under the statement collation, else the collection default', () => {
    const { db, fresh } = shell();
    let coll = fresh('update_arrayFilters');
    coll.insert(d({ _id: 0, a: ['foo', 'FOO'] }));
    coll.update(
      d({ _id: 0 }),
      d({ $set: { 'a.$[i]': 'bar' } }),
      v({ arrayFilters: [{ i: 'foo' }], collation: { locale: 'en_US', strength: 2 } }) as Doc,
    );
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, a: ['bar', 'bar'] }));
    coll = fresh('update_arrayFilters');
    db.createCollection(coll.name, d({ collation: { locale: 'en_US', strength: 2 } }));
    coll.insert(d({ _id: 0, a: ['foo', 'FOO'] }));
    coll.update(d({ _id: 0 }), d({ $set: { 'a.$[i]': 'bar' } }), v({ arrayFilters: [{ i: 'foo' }] }) as Doc);
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, a: ['bar', 'bar'] }));
  });

  it('the manual examples: documents, scalars, nested arrays, logical filters', () => {
    const cases: [L, L, L[] | null, L][] = [
      [{ _id: 0, a: [{ b: 0 }, { b: 1 }] }, { $set: { 'a.$[].b': 2 } }, null, { _id: 0, a: [{ b: 2 }, { b: 2 }] }],
      [
        { _id: 0, a: [{ b: 0 }, { b: 1 }] },
        { $set: { 'a.$[i].b': 2 } },
        [{ 'i.b': 0 }],
        { _id: 0, a: [{ b: 2 }, { b: 1 }] },
      ],
      [{ _id: 0, a: [0, 1] }, { $set: { 'a.$[i]': 2 } }, [{ i: 0 }], { _id: 0, a: [2, 1] }],
      [
        {
          _id: 0,
          a: [
            [0, 1],
            [0, 1],
          ],
        },
        { $set: { 'a.$[].$[j]': 2 } },
        [{ j: 0 }],
        {
          _id: 0,
          a: [
            [2, 1],
            [2, 1],
          ],
        },
      ],
      [
        {
          _id: 0,
          a: [
            { b: 0, c: [{ d: 0 }, { d: 1 }] },
            { b: 1, c: [{ d: 0 }, { d: 1 }] },
          ],
        },
        { $set: { 'a.$[i].c.$[j].d': 2 } },
        [{ 'i.b': 0 }, { 'j.d': 0 }],
        {
          _id: 0,
          a: [
            { b: 0, c: [{ d: 2 }, { d: 1 }] },
            { b: 1, c: [{ d: 0 }, { d: 1 }] },
          ],
        },
      ],
      [{ _id: 0, a: [0, 1, 3] }, { $set: { 'a.$[i]': 2 } }, [{ $or: [{ i: 0 }, { i: 3 }] }], { _id: 0, a: [2, 1, 2] }],
    ];
    for (const [doc, update, filters, after] of cases) {
      const { fresh } = shell();
      const coll = fresh('update_arrayFilters');
      coll.insert(d(doc));
      coll.update(d({ _id: 0 }), d(update), v(filters ? { arrayFilters: filters } : {}) as Doc);
      expect(got(coll.findOne(d({ _id: 0 })))).toBe(text(after));
    }
  });

  it('nested identifiers conflict only where their positions meet', () => {
    const { fresh } = shell();
    let coll = fresh('update_arrayFilters');
    coll.insert(d({ _id: 0, a: [{ x: 0, b: [{ y: 0, c: 0, d: 0 }] }] }));
    coll.update(
      d({ _id: 0 }),
      d({ $set: { 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[k].d': 1 } }),
      v({ arrayFilters: [{ 'i.x': 0 }, { 'j.x': 0 }, { 'k.y': 0 }] }) as Doc,
    );
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(text({ _id: 0, a: [{ x: 0, b: [{ y: 0, c: 1, d: 1 }] }] }));

    coll = fresh('update_arrayFilters');
    coll.insert(
      d({
        _id: 0,
        a: [
          { x: 0, b: [{ y: 0, c: 0 }] },
          { x: 1, b: [{ y: 0, c: 0 }] },
        ],
      }),
    );
    const set = { $set: { 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[k].c': 2 } };
    expect(errorOf(coll, { _id: 0 }, set, { arrayFilters: [{ 'i.x': 0 }, { 'j.x': 0 }, { 'k.y': 0 }] })).toEqual({
      code: 40,
      errmsg: `${PREFIX}Update created a conflict at 'a.0.b.$[k].c'`,
    });
    coll.update(d({ _id: 0 }), d(set), v({ arrayFilters: [{ 'i.x': 0 }, { 'j.x': 1 }, { 'k.y': 0 }] }) as Doc);
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(
      text({
        _id: 0,
        a: [
          { x: 0, b: [{ y: 0, c: 1 }] },
          { x: 1, b: [{ y: 0, c: 2 }] },
        ],
      }),
    );

    coll = fresh('update_arrayFilters');
    coll.insert(
      d({
        _id: 0,
        a: [
          { x: 0, b: [{ y: 0, c: 0 }] },
          {
            x: 1,
            b: [
              { y: 0, c: 0 },
              { y: 1, c: 0 },
            ],
          },
        ],
      }),
    );
    const set2 = { $set: { 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[m].c': 2 } };
    expect(
      errorOf(coll, { _id: 0 }, set2, { arrayFilters: [{ 'i.x': 0 }, { 'j.x': 0 }, { 'k.y': 0 }, { 'm.y': 0 }] }),
    ).toEqual({ code: 40, errmsg: `${PREFIX}Update created a conflict at 'a.0.b.0.c'` });
    coll.update(
      d({ _id: 0 }),
      d(set2),
      v({ arrayFilters: [{ 'i.x': 1 }, { 'j.x': 1 }, { 'k.y': 0 }, { 'm.y': 1 }] }) as Doc,
    );
    expect(got(coll.findOne(d({ _id: 0 })))).toBe(
      text({
        _id: 0,
        a: [
          { x: 0, b: [{ y: 0, c: 0 }] },
          {
            x: 1,
            b: [
              { y: 0, c: 1 },
              { y: 1, c: 2 },
            ],
          },
        ],
      }),
    );
    void thrown;
    void i;
  });
});
