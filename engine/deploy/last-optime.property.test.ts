/**
 * The kept last optime (`oplog.last()`, `entriesSince`) against a full scan of the oplog, after
 * arbitrary writes in every topology: inserts, updates, deletes, DDL, transactions (which take
 * back and rewrite oplog entries) and sharded writes (whose entries are rewritten with the
 * document key), and catalog restores (which rebuild the oplog).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Timestamp } from 'bson';
import type { Doc } from '../bson/values.js';
import type { Engine } from '../engine.js';
import { lastOpTime } from './reply-fields.js';
import { deployedEngine, run, txnFields } from './testing.js';

const step = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('update' as const), id: fc.integer({ min: 1, max: 6 }), multi: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('drop' as const) }),
  fc.record({ kind: fc.constant('createIndex' as const) }),
  fc.record({ kind: fc.constant('txn' as const), id: fc.integer({ min: 1, max: 6 }), commit: fc.boolean() }),
  fc.record({ kind: fc.constant('snapshotRestore' as const) }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function scanLast(engine: Engine): Timestamp {
  let last: unknown;
  for (const e of engine.catalog.oplog.entries()) last = e.get('ts');
  return last instanceof Timestamp ? last : new Timestamp({ t: 0, i: 0 });
}

function apply(engine: Engine, s: Step, txn: { n: number }, saved: { snap?: ReturnType<Engine['snapshot']> }): void {
  switch (s.kind) {
    case 'insert':
      run(engine, 'test', `{"insert": "c", "documents": [{"_id": ${s.id}, "region": "EU", "n": 0}]}`);
      return;
    case 'update':
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": ${s.multi ? '{}' : `{"_id": ${s.id}}`}, "u": {"$inc": {"n": 1}}, "multi": ${s.multi}, "upsert": ${!s.multi}}]}`,
      );
      return;
    case 'delete':
      run(engine, 'test', `{"delete": "c", "deletes": [{"q": {"_id": ${s.id}}, "limit": 1}]}`);
      return;
    case 'drop':
      run(engine, 'test', '{"drop": "c"}');
      return;
    case 'createIndex':
      run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"n": 1}, "name": "n_1"}]}');
      return;
    case 'txn': {
      txn.n++;
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"$set": {"t": ${txn.n}}}, "upsert": true}], ${txnFields(1, txn.n, true)}}`,
      );
      run(engine, 'admin', `{"${s.commit ? 'commitTransaction' : 'abortTransaction'}": 1, ${txnFields(1, txn.n)}}`);
      return;
    }
    case 'snapshotRestore':
      if (saved.snap) engine.restore(saved.snap);
      saved.snap = engine.snapshot();
      return;
  }
}

function checkKept(engine: Engine, marks: number[]): void {
  const all = engine.catalog.oplog.entries();
  expect(lastOpTime(engine.catalog)).toEqual(scanLast(engine));
  expect(engine.catalog.oplog.last()).toBe(all.at(-1));
  for (const mark of marks) {
    const since: Doc[] = engine.catalog.oplog.entriesSince(mark);
    expect(since).toEqual(all.slice(mark));
    since.forEach((e, i) => expect(e).toBe(all[mark + i]));
  }
}

describe('the kept last optime', () => {
  for (const topology of ['replicaset', 'sharded'] as const) {
    it(`equals the scan of the whole oplog after arbitrary writes (${topology})`, () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 25 }), fc.boolean(), (steps, shard) => {
          const engine = deployedEngine(topology === 'sharded' ? { topology, shards: 2 } : { topology });
          if (shard && topology === 'sharded') {
            run(engine, 'test', '{"insert": "c", "documents": [{"_id": 0, "region": "EU", "n": 0}]}');
            run(engine, 'admin', '{"shardCollection": "test.c", "key": {"region": 1}}');
          }
          const txn = { n: 0 };
          const saved: { snap?: ReturnType<Engine['snapshot']> } = {};
          const marks: number[] = [0];
          checkKept(engine, marks);
          for (const s of steps) {
            marks.push(engine.catalog.oplog.size);
            apply(engine, s, txn, saved);
            checkKept(
              engine,
              marks.filter((m) => m <= engine.catalog.oplog.size),
            );
          }
        }),
        { numRuns: 40 },
      );
    }, 60_000);
  }

  it('is what a replica-set write reply carries as opTime and operationTime', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    for (let i = 0; i < 5; i++) {
      const reply = run(engine, 'test', `{"insert": "c", "documents": [{"_id": ${i}}]}`);
      const ts = scanLast(engine);
      expect((reply.get('opTime') as Doc).get('ts')).toEqual(ts);
      expect(reply.get('operationTime')).toEqual(ts);
    }
  });
});
