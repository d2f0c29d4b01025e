/**
 * `hint` on update statements: by key pattern or index name, the hinted index is the plan even
 * for an `_id` query (no IDHACK); a hinted sparse index only sees the documents it holds, so a
 * multi update touches those and an upsert inserts when the only match is outside it; a hint that
 * is not a string or an object fails to parse, one naming no index is BadValue.
 * From jstests/core/write/update/update_hint.js (its legacy Bulk API cases included).
 */
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../bson/values.js';
import { d, got, i, shell, text, v } from './harness.js';

function ixscanKeyPattern(explain: Doc): Value | undefined {
  let stage = (explain.get('queryPlanner') as Doc).get('winningPlan') as Doc | undefined;
  while (stage) {
    if (stage.get('stage') === 'IXSCAN') return stage.get('keyPattern');
    stage = stage.get('inputStage') as Doc | undefined;
  }
  return undefined;
}

describe('update hint', () => {
  it('uses the hinted index, by key pattern or name, even for an _id query', () => {
    const { db, fresh } = shell();
    const coll = fresh('jstests_update_hint');
    coll.insert(d({ x: 1, y: 1 }));
    coll.createIndex(d({ x: 1 }));
    coll.createIndex(d({ y: -1 }));
    for (const [q, hint, pattern] of [
      [{ x: 1 }, { x: 1 }, { x: 1 }],
      [{ x: 1 }, 'y_-1', { y: -1 }],
      [{ _id: 1 }, 'y_-1', { y: -1 }],
    ] as const) {
      const explain = db.runCommand(
        v({ explain: { update: coll.name, updates: [{ q, u: { $set: { y: 1 } }, hint }] } }) as Doc,
      );
      expect(got(ixscanKeyPattern(explain))).toBe(text(pattern));
    }
  });

  it('a hinted sparse index limits the update to its documents; an upsert may insert', () => {
    const { db, fresh } = shell();
    const coll = fresh('jstests_update_hint');
    coll.insertMany([d({ x: 1 }), d({ x: 1 }), d({ x: 1, s: 0 }), d({ x: 1, s: 0 })]);
    coll.createIndex(d({ x: 1 }));
    coll.createIndex(d({ s: 1 }), d({ sparse: true }));
    const explain = db.runCommand(
      d({ explain: { update: coll.name, updates: [{ q: { _id: 1 }, u: { $set: { y: 1 } }, hint: { s: 1 } }] } }),
    );
    expect(got(ixscanKeyPattern(explain))).toBe(text({ s: 1 }));
    const multi = db.runCommand(
      d({ update: coll.name, updates: [{ q: {}, u: { $set: { s: 1 } }, hint: { s: 1 }, multi: true }] }),
    );
    expect(got(multi)).toBe(text({ n: i(2), nModified: i(2), ok: 1 }));
    expect(coll.count(d({ s: 1 }))).toBe(2);
    coll.insert(d({ x: 2 }));
    const res = db.runCommand(
      d({ update: coll.name, updates: [{ q: { x: 2 }, u: { $set: { x: 1 } }, hint: { s: 1 }, upsert: true }] }),
    );
    expect((res.get('upserted') as Value[]).length).toBe(1);
  });

  it('the shell helpers and bulkWrite pass the hint on', () => {
    const { fresh } = shell();
    const coll = fresh('jstests_update_hint');
    coll.insertMany([d({ x: 1 }), d({ x: 1, s: 0 }), d({ x: 1, s: 0 })]);
    coll.createIndex(d({ x: 1 }));
    coll.createIndex(d({ s: 1 }), d({ sparse: true }));
    expect(coll.update(d({ x: 1 }), d({ $set: { y: 2 } }), v({ hint: { s: 1 }, multi: true }) as Doc).nMatched).toBe(2);
    coll.insert(d({ x: 2 }));
    expect(
      coll.updateOne(d({ x: 2 }), d({ $set: { y: 2 } }), v({ hint: { s: 1 }, upsert: true }) as Doc).insertedId,
    ).not.toBeNull();
    expect(coll.updateMany(d({ x: 1 }), d({ $set: { y: 2 } }), v({ hint: { s: 1 } }) as Doc).matchedCount).toBe(2);

    // The legacy Bulk API: the hint travels with the statement built by find().hint().
    let bulk = coll.initializeUnorderedBulkOp();
    bulk
      .find(d({ x: 1 }))
      .hint(d({ s: 1 }))
      .update(d({ $set: { y: 1 } }));
    expect(bulk.execute().matchedCount).toBe(2);
    bulk = coll.initializeUnorderedBulkOp();
    bulk
      .find(d({ x: 2 }))
      .hint(d({ s: 1 }))
      .upsert()
      .updateOne(d({ $set: { y: 1 } }));
    expect(bulk.execute().upsertedCount).toBe(1);
    // The jstest's `replaceOne({$set: {y: 1}})` passes the legacy shell; mongosh's driver refuses a
    // replacement with atomic operators before sending, so the port replaces with a plain document.
    bulk = coll.initializeUnorderedBulkOp();
    expect(() =>
      bulk
        .find(d({ x: 2 }))
        .hint(d({ s: 1 }))
        .upsert()
        .replaceOne(d({ $set: { y: 1 } })),
    ).toThrow('Replacement document must not use atomic operators');
    bulk
      .find(d({ x: 2 }))
      .hint(d({ s: 1 }))
      .upsert()
      .replaceOne(d({ y: 1 }));
    expect(bulk.execute().upsertedCount).toBe(1);

    const upsert = coll.bulkWrite([
      v({ updateOne: { filter: { x: 2 }, update: { $set: { y: 2 } }, hint: { s: 1 }, upsert: true } }),
    ]);
    expect(upsert.upsertedCount).toBe(1);
    const many = coll.bulkWrite([v({ updateMany: { filter: { x: 1 }, update: { $set: { y: 2 } }, hint: { s: 1 } } })]);
    expect(many.matchedCount).toBe(2);
    const replace = coll.bulkWrite([
      v({ replaceOne: { filter: { x: 2 }, replacement: { x: 2, y: 3 }, hint: { s: 1 }, upsert: true } }),
    ]);
    expect(replace.upsertedCount).toBe(1);
  });

  it('a malformed hint fails to parse; an unknown index is BadValue', () => {
    const { engine, fresh } = shell();
    const coll = fresh('jstests_update_hint');
    coll.insert(d({ x: 1 }));
    coll.createIndex(d({ x: 1 }));
    const run = (hint: Value): Doc =>
      engine.runCommand(
        'test',
        v({ update: coll.name, updates: [{ q: { _id: 1 }, u: { $set: { y: 1 } }, hint }] }) as Doc,
      );
    for (const hint of [1, true]) {
      expect(got(run(hint))).toBe(
        text({ ok: 0, errmsg: 'Hint must be a string or an object', code: i(9), codeName: 'FailedToParse' }),
      );
    }
    expect(got(run(d({ badHint: 1 })))).toBe(
      text({
        n: i(0),
        writeErrors: [
          {
            index: i(0),
            code: i(2),
            errmsg:
              'error processing query: ns=test.jstests_update_hintTree: _id $eq 1.0\nSort: {}\nProj: {}\n planner returned error :: caused by :: hint provided does not correspond to an existing index',
          },
        ],
        nModified: i(0),
        ok: 1,
      }),
    );
  });
});
