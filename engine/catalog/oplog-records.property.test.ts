/**
 * The oplog stores compact records and builds each envelope document when first read. Guard:
 * every reader sees the same entries whenever it reads. Over generated command sequences
 * (writes, DDL, transactions, dry runs through snapshot/restore), an engine whose oplog is read
 * after every command and one read only at the end hold bitwise-equal entries; the entries have
 * the envelope shape; `find` on local.oplog.rs, `entriesSince`, `last` and repeated reads agree,
 * with one identity per entry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Long, Timestamp } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { Engine } from '../engine.js';
import { deployedEngine, run, txnFields } from '../deploy/testing.js';

const step = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('update' as const), id: fc.integer({ min: 1, max: 5 }), multi: fc.boolean() }),
  fc.record({ kind: fc.constant('replace' as const), id: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('ddl' as const), which: fc.constantFrom('drop', 'create', 'index', 'rename') }),
  fc.record({ kind: fc.constant('txn' as const), id: fc.integer({ min: 1, max: 5 }), commit: fc.boolean() }),
  fc.record({ kind: fc.constant('dryRun' as const), id: fc.integer({ min: 1, max: 5 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function apply(engine: Engine, s: Step, txn: { n: number }): void {
  switch (s.kind) {
    case 'insert':
      run(engine, 'test', `{"insert": "c", "documents": [{"_id": ${s.id}, "n": 0, "a": [1, 2]}]}`);
      return;
    case 'update':
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": ${s.multi ? '{}' : `{"_id": ${s.id}}`}, "u": {"$inc": {"n": 1}, "$push": {"a": 3}}, "multi": ${s.multi}, "upsert": ${!s.multi}}]}`,
      );
      return;
    case 'replace':
      run(engine, 'test', `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"r": true}}]}`);
      return;
    case 'delete':
      run(engine, 'test', `{"delete": "c", "deletes": [{"q": {"_id": ${s.id}}, "limit": 1}]}`);
      return;
    case 'ddl':
      if (s.which === 'drop') run(engine, 'test', '{"drop": "c"}');
      else if (s.which === 'create') run(engine, 'test', '{"create": "d"}');
      else if (s.which === 'index')
        run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"n": 1}, "name": "n_1"}]}');
      else run(engine, 'admin', '{"renameCollection": "test.d", "to": "test.e"}');
      return;
    case 'txn':
      txn.n++;
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"$set": {"t": ${txn.n}}}, "upsert": true}], ${txnFields(1, txn.n, true)}}`,
      );
      run(engine, 'admin', `{"${s.commit ? 'commitTransaction' : 'abortTransaction'}": 1, ${txnFields(1, txn.n)}}`);
      return;
    case 'dryRun': {
      const snap = engine.snapshot();
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"$set": {"dry": 1}}, "upsert": true}]}`,
      );
      engine.restore(snap);
      return;
    }
  }
}

function checkShape(entries: readonly Doc[]): void {
  let prev: Timestamp | undefined;
  for (const e of entries) {
    const keys = [...e.keys()];
    const expected = [
      'op',
      'ns',
      ...(e.has('ui') ? ['ui'] : []),
      'o',
      ...(e.has('o2') ? ['o2'] : []),
      'ts',
      't',
      'v',
      'wall',
    ];
    // Entries a transaction commit writes carry lsid/txnNumber first and prevOpTime last.
    const core = keys.filter((k) => k !== 'lsid' && k !== 'txnNumber' && k !== 'prevOpTime');
    expect(core).toEqual(expected);
    expect(binaryEqual(e.get('t')!, Long.fromNumber(1))).toBe(true);
    expect(binaryEqual(e.get('v')!, Long.fromNumber(2))).toBe(true);
    expect(e.get('wall')).toBeInstanceOf(Date);
    const ts = e.get('ts');
    expect(ts).toBeInstanceOf(Timestamp);
    if (prev) expect((ts as Timestamp).greaterThan(prev)).toBe(true);
    prev = ts as Timestamp;
  }
}

function findAll(engine: Engine): Value[] {
  const reply = run(engine, 'local', '{"find": "oplog.rs", "filter": {}, "batchSize": 100000}');
  return ((reply.get('cursor') as Doc).get('firstBatch') as Value[]) ?? [];
}

describe('compact oplog records', () => {
  it('every reader sees the same entries, whenever it reads', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const eager = deployedEngine({ topology: 'replicaset' });
        const lazy = deployedEngine({ topology: 'replicaset' });
        const txnEager = { n: 0 };
        const txnLazy = { n: 0 };
        for (const s of steps) {
          apply(eager, s, txnEager);
          eager.oplogEntries(); // builds every envelope as soon as it is written
          apply(lazy, s, txnLazy);
        }
        const a = eager.oplogEntries();
        const b = lazy.oplogEntries();
        expect(b.length).toBe(a.length);
        a.forEach((e, i) => expect(binaryEqual(e, b[i]!)).toBe(true));
        checkShape(b);
        // One identity per entry; the other read paths agree.
        const again = lazy.oplogEntries();
        again.forEach((e, i) => expect(e).toBe(b[i]));
        expect(lazy.catalog.oplog.last()).toBe(b.at(-1));
        expect(lazy.catalog.oplog.lastTimestamp()).toBe(b.at(-1)?.get('ts'));
        const mark = Math.floor(b.length / 2);
        lazy.catalog.oplog.entriesSince(mark).forEach((e, i) => expect(e).toBe(b[mark + i]));
        const found = findAll(lazy);
        expect(found.length).toBe(b.length);
        found.forEach((e, i) => expect(binaryEqual(e, b[i]!)).toBe(true));
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('a snapshot taken before entries are read restores the same entries', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]}');
    const snap = engine.snapshot();
    run(engine, 'test', '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"x": 1}}, "multi": true}]}');
    const before = engine.oplogEntries();
    engine.restore(snap);
    const after = engine.oplogEntries();
    expect(after.length).toBe(before.length - 2);
    after.forEach((e, i) => expect(binaryEqual(e, before[i]!)).toBe(true));
  });

  it("a dry run's entries kept with listSince read the same after its rollback as before it", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 10 }), fc.array(step, { minLength: 1, maxLength: 10 }), (prefix, dry) => {
        const engine = deployedEngine({ topology: 'replicaset' });
        const txn = { n: 0 };
        for (const s of prefix) apply(engine, s, txn);
        const mark = engine.catalog.oplog.size;
        const journal = engine.beginJournal();
        for (const s of dry) apply(engine, s, txn);
        const kept = engine.catalog.oplog.listSince(mark);
        // What a reader built before the rollback (the eager reading this list replaces).
        const eager = engine.catalog.oplog.entriesSince(mark);
        journal.rollback();
        expect(engine.catalog.oplog.size).toBe(mark);
        expect(kept.length).toBe(eager.length);
        const read = Array.from({ length: kept.length }, (_, i) => kept.at(i)!);
        read.forEach((e, i) => expect(binaryEqual(e, eager[i]!)).toBe(true));
        read.forEach((e, i) => expect(kept.at(i)).toBe(e));
        expect(kept.at(kept.length)).toBeUndefined();
        checkShape(read);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
