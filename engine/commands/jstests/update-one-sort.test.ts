/**
 * `sort` on updateOne (8.0): the first document in sort order is the one updated, under the
 * statement's collation else the collection's; an empty sort is no sort; a bad sort fails with
 * the server's code; upsert with sort inserts when nothing matches; bulkWrite's updateOne takes
 * sort; findAndModify keeps its sort, and its explain has no SORT stage for an empty sort; update
 * and updateMany refuse sort (the shell helpers, and the command with `multi: true`).
 * From jstests/core/write/update/updateOne_sort.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import type { ShellCollection } from '../../shell/api.js';
import { d, got, i, shell, text, thrown, v } from './harness.js';

const count = (coll: ShellCollection, filter: object): number => coll.find(d(filter as never)).count();

function janes(coll: ShellCollection, name = 'Jane'): void {
  for (let n = 0; n <= 10; n++) coll.insert(d({ name, ranking: n }));
}

function stagesOf(explain: Doc): string[] {
  const out: string[] = [];
  const walk = (s: unknown): void => {
    if (!(s instanceof Map)) return;
    if (typeof s.get('stage') === 'string') out.push(s.get('stage') as string);
    walk(s.get('inputStage'));
    const inputs = s.get('inputStages');
    if (Array.isArray(inputs)) inputs.forEach(walk);
  };
  walk((explain.get('executionStats') as Doc).get('executionStages'));
  walk((explain.get('queryPlanner') as Doc).get('winningPlan'));
  return out;
}

describe('updateOne with sort', () => {
  it('updates the first document in sort order; an empty sort is no sort', () => {
    const { fresh } = shell();
    const coll = fresh('update_sort_test');
    janes(coll);
    expect(coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 11 } })).modifiedCount).toBe(1);
    expect(count(coll, { name: 'Jane', ranking: 0 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 11 })).toBe(1);
    expect(coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 5 } }), d({ sort: {} })).modifiedCount).toBe(1);
    expect(count(coll, { name: 'Jane', ranking: 11 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 5 })).toBe(2);
    expect(
      coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 6 } }), d({ sort: { ranking: 1 } })).modifiedCount,
    ).toBe(1);
    expect(count(coll, { name: 'Jane', ranking: 1 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 6 })).toBe(2);
    coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 100 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Jane', ranking: 10 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 100 })).toBe(1);
    coll.updateOne(d({ name: 'Jane' }), d({ $set: { name: 'Jean', ranking: 101 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Jane', ranking: 100 })).toBe(0);
    expect(count(coll, { name: 'Jean', ranking: 101 })).toBe(1);
    coll.updateOne(d({ ranking: { $lt: 10 } }), d({ $set: { ranking: 10 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Jane', ranking: 9 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 10 })).toBe(1);

    const inserted = coll.updateOne(
      d({ name: 'Lucy' }),
      d({ $set: { ranking: 11 } }),
      d({ sort: { ranking: 1 }, upsert: true }),
    );
    expect(inserted.insertedId).not.toBeNull();
    expect(count(coll, { name: 'Lucy' })).toBe(1);
    coll.insert(d({ name: 'Lucy', ranking: 13 }));
    const updated = coll.updateOne(
      d({ name: 'Lucy' }),
      d({ $set: { ranking: 12 } }),
      d({ sort: { ranking: -1 }, upsert: true }),
    );
    expect(updated.insertedId).toBeNull();
    expect(count(coll, { name: 'Lucy', ranking: 13 })).toBe(0);
    expect(count(coll, { name: 'Lucy', ranking: 12 })).toBe(1);
  });

  it('a sort that is not an object, or with a bad direction, fails with the server code', () => {
    const { fresh } = shell();
    const coll = fresh('update_sort_test');
    janes(coll);
    expect(thrown(() => coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 100 } }), d({ sort: true })))).toEqual(
      {
        code: 14,
        errmsg: "BSON field 'update.updates.sort' is the wrong type 'bool', expected type 'object'",
      },
    );
    expect(
      thrown(() => coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: 100 } }), d({ sort: { ranking: 50 } }))),
    ).toEqual({
      code: 15975,
      errmsg: '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
    });
    expect(count(coll, { ranking: 100 })).toBe(0);
  });

  it('only one of several equal matches; a large collection; an index in either direction', () => {
    const { fresh } = shell();
    let coll = fresh('update_sort_test');
    for (let n = 0; n <= 10; n++) {
      coll.insert(d({ name: 'Lucy', ranking: n }));
      coll.insert(d({ name: 'Lucy', ranking: n }));
    }
    coll.updateOne(d({ name: 'Lucy' }), d({ $set: { ranking: -1 } }), d({ sort: { ranking: 1 } }));
    expect(count(coll, { name: 'Lucy', ranking: 0 })).toBe(1);
    expect(count(coll, { name: 'Lucy', ranking: -1 })).toBe(1);
    coll.updateOne(d({ name: 'Lucy' }), d({ $set: { ranking: 11 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Lucy', ranking: 10 })).toBe(1);
    expect(count(coll, { name: 'Lucy', ranking: 11 })).toBe(1);

    coll = fresh('update_sort_test');
    const docs = [];
    for (let n = 0; n <= 1000; n++) docs.push(d({ name: 'Jane', ranking: n }), d({ name: 'Lucy', ranking: n }));
    coll.insertMany(docs);
    coll.updateOne(d({ name: 'Lucy' }), d({ $set: { ranking: -1 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Lucy', ranking: 1000 })).toBe(0);
    expect(count(coll, { name: 'Lucy', ranking: -1 })).toBe(1);

    coll = fresh('update_sort_test');
    coll.createIndex(d({ ranking: 1 }));
    janes(coll);
    coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: -1 } }), d({ sort: { ranking: 1 } }));
    expect(count(coll, { name: 'Jane', ranking: 0 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: -1 })).toBe(1);
    coll.updateOne(d({ name: 'Jane' }), d({ $set: { ranking: -1 } }), d({ sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Jane', ranking: 10 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: -1 })).toBe(2);
  });

  it('sorts under the statement collation, else the collection default', () => {
    const { db, fresh } = shell();
    const caseInsensitive = d({ locale: 'en_US', strength: 2 });
    const caseSensitive = d({ locale: 'en_US', strength: 3 });
    let coll = fresh('update_sort_test');
    coll.insertMany(
      [
        { name: 'Bella', age: 12 },
        { name: 'bella', age: 12 },
        { name: 'bella', age: 9 },
        { name: 'Candice', age: 12 },
        { name: 'candice', age: 12 },
      ].map((x) => d(x)),
    );
    coll.updateOne(d({ age: 12 }), d({ $set: { age: 13 } }), v({ sort: { name: 1 }, collation: caseSensitive }) as Doc);
    expect(count(coll, { name: 'bella', age: 12 })).toBe(0);
    expect(count(coll, { name: 'bella', age: 13 })).toBe(1);
    expect(count(coll, { name: 'Bella', age: 12 })).toBe(1);
    coll.updateOne(
      d({ age: 12 }),
      d({ $set: { age: 13 } }),
      v({ sort: { name: -1 }, collation: caseSensitive }) as Doc,
    );
    expect(count(coll, { name: 'Candice', age: 12 })).toBe(0);
    expect(count(coll, { name: 'Candice', age: 13 })).toBe(1);
    coll.updateOne(
      d({ name: 'bella' }),
      d({ $set: { age: 14 } }),
      v({ sort: { name: 1 }, collation: caseInsensitive }) as Doc,
    );
    expect(count(coll, { name: 'Bella', age: 12 })).toBe(0);
    expect(count(coll, { name: 'Bella', age: 14 })).toBe(1);
    expect(count(coll, { name: 'bella', age: 13 })).toBe(1);

    coll = fresh('update_sort_test');
    db.createCollection(coll.name, v({ collation: caseSensitive }) as Doc);
    coll.insertMany(
      [
        { name: 'Bella', age: 12 },
        { name: 'bella', age: 12 },
        { name: 'Candice', age: 12 },
        { name: 'candice', age: 12 },
      ].map((x) => d(x)),
    );
    coll.updateOne(d({ age: 12 }), d({ $set: { age: 13 } }), d({ sort: { name: 1 } }));
    expect(count(coll, { name: 'bella', age: 12 })).toBe(0);
    expect(count(coll, { name: 'bella', age: 13 })).toBe(1);
    coll.updateOne(d({ age: 12 }), d({ $set: { age: 13 } }), d({ sort: { name: -1 } }));
    expect(count(coll, { name: 'Candice', age: 12 })).toBe(0);
    expect(count(coll, { name: 'Candice', age: 13 })).toBe(1);
    coll.updateOne(
      d({ name: 'candice' }),
      d({ $set: { age: 14 } }),
      v({ sort: { name: 1 }, collation: caseInsensitive }) as Doc,
    );
    expect(count(coll, { name: 'Candice', age: 13 })).toBe(0);
    expect(count(coll, { name: 'Candice', age: 14 })).toBe(1);
  });

  it('bulkWrite updateOne takes sort with a pipeline update', () => {
    const { fresh } = shell();
    const coll = fresh('update_sort_test');
    janes(coll);
    coll.bulkWrite([
      v({ updateOne: { filter: { name: 'Jane' }, update: [{ $set: { ranking: 100 } }], sort: { ranking: -1 } } }),
    ]);
    expect(count(coll, { name: 'Jane', ranking: 10 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 100 })).toBe(1);
    coll.bulkWrite([
      v({ updateOne: { filter: { name: 'Jane' }, update: [{ $set: { ranking: 100 } }], sort: { ranking: 1 } } }),
    ]);
    expect(count(coll, { name: 'Jane', ranking: 0 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 100 })).toBe(2);
  });

  it('findAndModify keeps its sort; explain of an empty sort has no SORT stage', () => {
    const { fresh } = shell();
    const coll = fresh('update_sort_test');
    janes(coll);
    expect(coll.findAndModify(d({ query: { name: 'Jane' }, update: { $set: { ranking: 11 } } }))).not.toBeNull();
    expect(count(coll, { name: 'Jane', ranking: 0 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 11 })).toBe(1);
    expect(
      coll.findAndModify(d({ query: { name: 'Jane' }, update: { $set: { ranking: 5 } }, sort: {} })),
    ).not.toBeNull();
    expect(count(coll, { name: 'Jane', ranking: 11 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 5 })).toBe(2);
    const explain = coll
      .explain('executionStats')
      .findAndModify(d({ query: { name: 'Jane' }, update: { $set: { ranking: 5 } }, sort: {} }));
    const stages = (explain.get('executionStats') as Doc).get('executionStages') as Doc;
    expect(stages.get('stage')).toBe('UPDATE');
    expect(got(stages.get('nWouldModify'))).toBe(text(i(1)));
    expect(stagesOf(explain)).not.toContain('SORT');

    coll.findAndModify(d({ query: { name: 'Jane' }, update: { $set: { ranking: 6 } }, sort: { ranking: 1 } }));
    expect(count(coll, { name: 'Jane', ranking: 1 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 6 })).toBe(2);
    coll.findAndModify(d({ query: { name: 'Jane' }, update: { $set: { ranking: 100 } }, sort: { ranking: -1 } }));
    expect(count(coll, { name: 'Jane', ranking: 10 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 100 })).toBe(1);
  });

  it('updateMany refuses sort (multi: true with sort is FailedToParse)', () => {
    const { engine, fresh } = shell();
    let coll = fresh('update_sort_test');
    janes(coll);
    expect(coll.update(d({ name: 'Jane' }), d({ $set: { ranking: 11 } })).nModified).toBe(1);
    expect(count(coll, { name: 'Jane', ranking: 0 })).toBe(0);
    expect(count(coll, { name: 'Jane', ranking: 11 })).toBe(1);
    // The legacy mongo shell's update() refused `sort` on the client (collection.js); mongosh
    // passes the options through, so that assertion has no counterpart here.

    coll = fresh('update_sort_test');
    for (let n = 0; n <= 10; n++) coll.insertMany([d({ name: 'Jane', ranking: 1 }), d({ name: 'Lucy', ranking: 1 })]);
    expect(() => coll.updateMany(d({ ranking: 1 }), d({ $set: { ranking: 100 } }), d({ sort: { name: 1 } }))).toThrow();
    expect(() =>
      coll.bulkWrite([
        v({ updateMany: { filter: { ranking: 1 }, update: { $set: { ranking: 100 } }, sort: { name: 1 } } }),
      ]),
    ).toThrow();
    expect(count(coll, { ranking: 100 })).toBe(0);
    const reply = engine.runCommand(
      'test',
      d({
        update: coll.name,
        updates: [{ q: { ranking: 1 }, u: { $set: { ranking: 100 } }, multi: true, sort: { a: -1 } }],
      }),
    );
    expect(got(reply)).toBe(
      text({ ok: 0, errmsg: 'Cannot specify sort with multi=true', code: i(9), codeName: 'FailedToParse' }),
    );
  });
});
