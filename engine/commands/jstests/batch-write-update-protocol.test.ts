/**
 * The update command's batch protocol: a command without `updates` fails as a whole; upserts
 * report `upserted[{index, _id}]` with `nModified` 0; `n` counts matched plus upserted, and
 * `nModified` only documents that changed; a batch of exactly maxWriteBatchSize statements runs,
 * one more fails as a whole before any write; duplicate-key upserts are write errors that stop an
 * ordered batch and not an unordered one.
 * From jstests/core/write/update/batch_write_command_update.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../bson/values.js';
import { d, got, i, shell, text, v } from './harness.js';

function okWithoutErrors(result: Doc): boolean {
  return (
    Number(result.get('ok')) === 1 &&
    !result.has('code') &&
    !result.has('errmsg') &&
    !result.has('errInfo') &&
    !result.has('writeErrors')
  );
}
const upserted = (result: Doc): Doc[] => (result.get('upserted') as Doc[] | undefined) ?? [];

describe('update command batch protocol', () => {
  it('a command without updates fails as a whole', () => {
    const { engine } = shell();
    const result = engine.runCommand('test', d({ update: 'batch_write_update' }));
    expect(got(result)).toBe(
      text({
        ok: 0,
        errmsg: "BSON field 'update.updates' is missing but a required field",
        code: i(40414),
        codeName: 'IDLFailedToParse',
      }),
    );
  });

  it('single upsert, with or without write concern and ordered', () => {
    const { engine, fresh } = shell();
    const extras: { [k: string]: Value }[] = [
      {},
      { writeConcern: d({ w: 1 }) },
      { writeConcern: d({ w: 1 }), ordered: true },
    ];
    for (const extra of extras) {
      const coll = fresh('batch_write_update');
      const request = d({ update: coll.name, updates: [{ q: { a: 1 }, u: { $set: { a: 1 } }, upsert: true }] });
      for (const [k, x] of Object.entries(extra)) request.set(k, x);
      const result = engine.runCommand('test', request);
      expect(okWithoutErrors(result)).toBe(true);
      expect(got(result)).toBe(
        text({
          n: i(1),
          electionId: result.get('electionId') ?? null,
          upserted: [{ index: i(0), _id: upserted(result)[0]?.get('_id') ?? null }],
          nModified: i(0),
          ok: 1,
        }).replace('"electionId":null,', ''),
      );
      expect(coll.count(d({ _id: upserted(result)[0]?.get('_id') ?? null }))).toBe(1);
    }
  });

  it('n counts matched and upserted, nModified only changed documents', () => {
    const { engine, fresh } = shell();
    let coll = fresh('batch_write_update');
    coll.insert(d({ a: 1 }));
    let result = engine.runCommand(
      'test',
      d({ update: coll.name, updates: [{ q: { a: 1 }, u: { $set: { c: 1 } } }], writeConcern: { w: 1 } }),
    );
    expect(okWithoutErrors(result)).toBe(true);
    expect(got(result)).toBe(text({ n: i(1), nModified: i(1), ok: 1 }));
    expect(coll.count()).toBe(1);

    coll = fresh('batch_write_update');
    coll.insert(d({ b: 1 }));
    result = engine.runCommand(
      'test',
      d({
        update: coll.name,
        updates: [
          { q: { b: 1 }, u: { $set: { b: 1, a: 1 } }, upsert: true },
          { q: { b: 2 }, u: { $set: { b: 2, a: 1 } }, upsert: true },
        ],
        writeConcern: { w: 1 },
        ordered: false,
      }),
    );
    expect(okWithoutErrors(result)).toBe(true);
    expect(got(result)).toBe(
      text({
        n: i(2),
        upserted: [{ index: i(1), _id: upserted(result)[0]?.get('_id') ?? null }],
        nModified: i(1),
        ok: 1,
      }),
    );
    expect(coll.count(d({ _id: upserted(result)[0]?.get('_id') ?? null }))).toBe(1);
    expect(coll.count()).toBe(2);

    for (const [docs, nModified] of [
      [[{ a: 1 }, { a: 1 }], 2],
      [[{ a: 1, c: 2 }, { a: 1 }], 1],
    ] as const) {
      coll = fresh('batch_write_update');
      for (const doc of docs) coll.insert(d(doc));
      result = engine.runCommand(
        'test',
        d({
          update: coll.name,
          updates: [{ q: { a: 1 }, u: { $set: { c: 2 } }, multi: true }],
          writeConcern: { w: 1 },
          ordered: false,
        }),
      );
      expect(got(result)).toBe(text({ n: i(2), nModified: i(nModified), ok: 1 }));
      expect(coll.find(d({ a: 1, c: 2 })).count()).toBe(2);
      expect(coll.count()).toBe(2);
    }
  });

  it('maxWriteBatchSize statements run; one more fails before any write', () => {
    const { engine, db, fresh } = shell();
    const maxWriteBatchSize = Number(db.runCommand('hello').get('maxWriteBatchSize'));
    expect(maxWriteBatchSize).toBe(100000);
    const statement = d({ q: {}, u: { $inc: { a: 1 } } });
    let coll = fresh('batch_write_update');
    coll.insert(d({ a: 0 }));
    let batch: Value[] = Array.from({ length: maxWriteBatchSize }, () => statement);
    let result = engine.runCommand(
      'test',
      d({ update: coll.name, updates: batch, writeConcern: { w: 1 }, ordered: false }),
    );
    expect(got(result)).toBe(text({ n: i(batch.length), nModified: i(batch.length), ok: 1 }));
    expect(coll.find(d({ a: batch.length })).count()).toBe(1);
    expect(coll.count()).toBe(1);

    coll = fresh('batch_write_update');
    coll.insert(d({ a: 0 }));
    batch = Array.from({ length: maxWriteBatchSize + 1 }, () => statement);
    result = engine.runCommand(
      'test',
      d({ update: coll.name, updates: batch, writeConcern: { w: 1 }, ordered: false }),
    );
    expect(got(result)).toBe(
      text({
        ok: 0,
        errmsg: 'Write batch sizes must be between 1 and 100000. Got 100001 operations.',
        code: i(16),
        codeName: 'InvalidLength',
      }),
    );
    expect(coll.find(d({ a: 0 })).count()).toBe(1);
    expect(coll.count()).toBe(1);
  });

  it('duplicate-key upserts: an ordered batch stops at the first, an unordered one goes on', () => {
    const { engine, fresh } = shell();
    let coll = fresh('batch_write_update');
    coll.createIndex(d({ a: 1 }), d({ unique: true }));
    let result = engine.runCommand(
      'test',
      d({
        update: coll.name,
        updates: [
          { q: { b: 1 }, u: { $set: { b: 1, a: 1 } }, upsert: true },
          { q: { b: 3 }, u: { $set: { b: 3, a: 2 } }, upsert: true },
          { q: { b: 2 }, u: { $set: { b: 2, a: 1 } }, upsert: true },
        ],
        writeConcern: { w: 1 },
        ordered: true,
      }),
    );
    const ids = (r: Doc): Value[] => upserted(r).map((u) => u.get('_id') ?? null);
    expect(got(result)).toBe(
      text({
        n: i(2),
        // WriteCommandReplyBase's fields (writeErrors) come before UpdateCommandReply's own
        writeErrors: [
          {
            index: i(2),
            code: i(11000),
            errmsg:
              'Plan executor error during update :: caused by :: E11000 duplicate key error collection: test.batch_write_update index: a_1 dup key: { a: 1.0 }',
            keyPattern: { a: 1 },
            keyValue: { a: 1 },
          },
        ],
        upserted: [
          { index: i(0), _id: ids(result)[0] ?? null },
          { index: i(1), _id: ids(result)[1] ?? null },
        ],
        nModified: i(0),
        ok: 1,
      }),
    );
    for (const id of ids(result)) expect(coll.count(d({ _id: id }))).toBe(1);

    coll = fresh('batch_write_update');
    coll.createIndex(d({ a: 1 }), d({ unique: true }));
    result = engine.runCommand(
      'test',
      d({
        update: coll.name,
        updates: [
          { q: { b: 1 }, u: { $set: { b: 1, a: 1 } }, upsert: true },
          { q: { b: 2 }, u: { $set: { b: 2, a: 1 } }, upsert: true },
          { q: { b: 2 }, u: { $set: { b: 2, a: 1 } }, upsert: true },
          { q: { b: 3 }, u: { $set: { b: 3, a: 3 } }, upsert: true },
        ],
        writeConcern: { w: 1 },
        ordered: false,
      }),
    );
    expect(got(result.get('n'))).toBe(text(i(2)));
    expect(got(result.get('nModified'))).toBe(text(i(0)));
    expect(upserted(result).map((u) => Number(u.get('index')))).toEqual([0, 3]);
    expect((result.get('writeErrors') as Doc[]).map((e) => [Number(e.get('index')), Number(e.get('code'))])).toEqual([
      [1, 11000],
      [2, 11000],
    ]);
    for (const id of ids(result)) expect(coll.count(d({ _id: id }))).toBe(1);
    void v;
  });
});
