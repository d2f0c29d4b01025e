/**
 * Runs of update entries share one record (oplog-update-batch.ts). Guard: over generated command
 * sequences — multi and single updates with top-level modifiers on documents of several shapes
 * (runs that continue, break on a shape, a name, an appended count, a no-op, another collection
 * or a transaction), findAndModify, inserts, deletes, drops, transactions, dry runs through a
 * journal (with rewrites inside) and snapshot/restore — under a clock whose wall time moves by 0 ms,
 * 1 ms or across a second between readings, an engine with batching and one without hold
 * bitwise-equal oplog entries (field order and types), and every reader agrees: the last optime
 * after each command, `find` on local.oplog.rs, `entriesSince`, a dry run's `listSince` read after
 * its rollback, and a change stream's events (updateDescription included). The batched engine's
 * entries are read at random moments (some built early, the rest late).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { canon, ejson, run, txnFields } from '../deploy/testing.js';
import { Engine } from '../engine.js';
import { counterObjectIds, seededRandom } from '../commands/testing.js';
import type { Clock, ClusterTick } from './clock.js';
import { oplogBatching } from './oplog-update-batch.js';

/** A clock that moves by the next of `steps` (ms, cycled) on every reading. */
class SteppingClock implements Clock {
  private current = Date.UTC(2024, 0, 1, 0, 0, 0, 500);
  private i = 0;
  private readonly seq = { seconds: 0, increment: 0 };
  constructor(private readonly steps: readonly number[]) {}
  private read(): number {
    this.current += this.steps[this.i++ % this.steps.length]!;
    return this.current;
  }
  private advance(ms: number): void {
    const secs = Math.floor(ms / 1000);
    if (secs > this.seq.seconds) {
      this.seq.seconds = secs;
      this.seq.increment = 1;
    } else this.seq.increment += 1;
  }
  now(): Date {
    return new Date(this.read());
  }
  nextTimestamp(): Timestamp {
    this.advance(this.read());
    return new Timestamp({ t: this.seq.seconds, i: this.seq.increment });
  }
  reserveTick(): number {
    const ms = this.read();
    this.advance(ms);
    return ms;
  }
  get tick(): ClusterTick {
    return this.seq;
  }
}

const DOCS = [
  '{"_id": %, "n": 0, "a": [1, 2], "s": "x"}',
  '{"_id": %, "a": [1], "n": 0.5, "s": "y"}',
  '{"_id": %, "n": {"$numberLong": "7"}, "s": "z"}',
  '{"s": "w", "_id": %, "n": 1, "a": []}',
];
const UPDATES = [
  '{"$inc": {"n": 1}}',
  '{"$inc": {"n": 1}, "$set": {"s": "q"}}',
  '{"$set": {"s": "q"}}',
  '{"$push": {"a": 3}}',
  '{"$push": {"a": {"$each": [4, 5]}}, "$inc": {"n": 2}}',
  '{"$max": {"n": 3}}',
  '{"$mul": {"n": 2}}',
  '{"$currentDate": {"s": true}}',
  '{"$set": {"n": 1.5}}',
  '{"$unset": {"s": 1}}',
  '{"$push": {"a": {"$each": [4, 5]}}}',
  '{"$set": {"a": [9]}}',
  '{"$addToSet": {"a": {"$each": [1, 2, 6]}}}',
];

const insertStep = fc.record({
  kind: fc.constant('insert' as const),
  coll: fc.constantFrom('c', 'd'),
  id: fc.integer({ min: 1, max: 6 }),
  count: fc.integer({ min: 1, max: 4 }),
  shape: fc.constantFrom(0, 0, 0, 1, 2, 3),
});
const writeStep = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      coll: fc.constantFrom('c', 'c', 'd'),
      u: fc.oneof(fc.constantFrom(0, 1, 3, 10, 11, 12), fc.integer({ min: 0, max: UPDATES.length - 1 })),
      id: fc.option(fc.integer({ min: 1, max: 6 }), { freq: 2 }),
    }),
  },
  { weight: 2, arbitrary: insertStep },
  fc.record({
    kind: fc.constant('findAndModify' as const),
    id: fc.integer({ min: 1, max: 6 }),
    u: fc.integer({ min: 0, max: UPDATES.length - 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('drop' as const), coll: fc.constantFrom('c', 'd') }),
  fc.record({
    kind: fc.constant('txn' as const),
    id: fc.integer({ min: 1, max: 6 }),
    u: fc.integer({ min: 0, max: UPDATES.length - 1 }),
    commit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('read' as const) }),
);
type WriteStep = typeof writeStep extends fc.Arbitrary<infer T> ? T : never;
const step = fc.oneof(
  { weight: 6, arbitrary: writeStep },
  fc.record({
    kind: fc.constant('journal' as const),
    inner: fc.array(writeStep, { maxLength: 5 }),
    keep: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('restore' as const), inner: fc.array(writeStep, { maxLength: 5 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface Side {
  readonly engine: Engine;
  readonly batching: boolean;
  readonly txn: { n: number };
  /** What readers saw, to compare between the sides. */
  readonly seen: string[];
  readonly kept: Doc[][];
}

function write(side: Side, s: WriteStep): void {
  const e = side.engine;
  switch (s.kind) {
    case 'insert': {
      const docs = Array.from({ length: s.count }, (_, i) => DOCS[s.shape]!.replace('%', String(s.id + i)));
      run(e, 'test', `{"insert": "${s.coll}", "documents": [${docs.join(', ')}]}`);
      return;
    }
    case 'update': {
      const q = s.id === null ? '{}' : `{"_id": ${s.id}}`;
      run(
        e,
        'test',
        `{"update": "${s.coll}", "updates": [{"q": ${q}, "u": ${UPDATES[s.u]}, "multi": ${s.id === null}}]}`,
      );
      return;
    }
    case 'findAndModify':
      run(e, 'test', `{"findAndModify": "c", "query": {"_id": ${s.id}}, "update": ${UPDATES[s.u]}, "new": true}`);
      return;
    case 'delete':
      run(e, 'test', `{"delete": "c", "deletes": [{"q": {"_id": ${s.id}}, "limit": 1}]}`);
      return;
    case 'drop':
      run(e, 'test', `{"drop": "${s.coll}"}`);
      return;
    case 'txn':
      side.txn.n++;
      run(
        e,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": ${UPDATES[s.u]}}], ${txnFields(1, side.txn.n, true)}}`,
      );
      run(
        e,
        'test',
        `{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"n": 1}}, "multi": true}], ${txnFields(1, side.txn.n)}}`,
      );
      run(e, 'admin', `{"${s.commit ? 'commitTransaction' : 'abortTransaction'}": 1, ${txnFields(1, side.txn.n)}}`);
      return;
    case 'read':
      // Builds every entry written so far on the batched side (runs then continue in new records).
      if (side.batching) e.oplogEntries();
      return;
  }
}

function apply(side: Side, s: Step): void {
  const e = side.engine;
  if (s.kind === 'journal') {
    const mark = e.catalog.oplog.size;
    const journal = e.beginJournal();
    for (const w of s.inner) write(side, w);
    const list = e.catalog.oplog.listSince(mark);
    if (s.keep) journal.commit();
    else journal.rollback();
    side.kept.push(Array.from({ length: list.length }, (_, i) => list.at(i)!));
  } else if (s.kind === 'restore') {
    const snap = e.snapshot();
    for (const w of s.inner) write(side, w);
    side.seen.push(`restore: ${e.oplogEntries().length}`);
    e.restore(snap);
  } else write(side, s);
  side.seen.push(ejson(e.catalog.oplog.lastTimestamp() ?? null));
}

function makeSide(batching: boolean, steps: readonly number[]): Side {
  const engine = new Engine({
    topology: 'replicaset',
    clock: new SteppingClock(steps),
    newObjectId: counterObjectIds(),
    random: seededRandom(),
  });
  return { engine, batching, txn: { n: 0 }, seen: [], kept: [] };
}

function changeEvents(e: Engine): Value {
  const reply = run(e, 'test', '{"getMore": {"$numberLong": "1"}, "collection": "c"}');
  return (reply.get('cursor') as Doc | undefined)?.get('nextBatch') ?? reply;
}

function findAll(e: Engine): Value {
  const reply = run(e, 'local', '{"find": "oplog.rs", "filter": {}, "batchSize": 100000}');
  return (reply.get('cursor') as Doc).get('firstBatch')!;
}

afterEach(() => {
  oplogBatching.enabled = true;
});

describe('oplog update runs', () => {
  it('an oplog with runs of update entries reads exactly as one without', () => {
    let shared = 0;
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.array(fc.constantFrom(0, 0, 0, 0, 1, 1, 1, 999), { minLength: 1, maxLength: 12 }),
        (steps, clockSteps) => {
          const sides = [makeSide(true, clockSteps), makeSide(false, clockSteps)];
          for (const side of sides) {
            oplogBatching.enabled = side.batching;
            for (const coll of ['c', 'd']) {
              run(
                side.engine,
                'test',
                `{"insert": "${coll}", "documents": [{"_id": 0, "n": 0, "a": [], "s": ""}, {"_id": 10, "n": 1, "a": [], "s": ""}]}`,
              );
            }
            run(side.engine, 'test', '{"aggregate": "c", "pipeline": [{"$changeStream": {}}], "cursor": {}}');
            let sharing = false;
            for (const s of steps) {
              apply(side, s);
              const items = side.engine.catalog.oplog.collection.oplogContents().items;
              sharing ||= new Set(items).size < items.length;
            }
            if (side.batching && sharing) shared++;
            side.seen.push(ejson(changeEvents(side.engine)));
          }
          oplogBatching.enabled = true;
          const [batched, plain] = sides as [Side, Side];
          expect(batched.seen).toEqual(plain.seen);
          const a = batched.engine.oplogEntries();
          const b = plain.engine.oplogEntries();
          expect(a.length).toBe(b.length);
          a.forEach((entry, i) => expect(binaryEqual(entry, b[i]!), ejson(entry)).toBe(true));
          expect(batched.kept.length).toBe(plain.kept.length);
          batched.kept.forEach((list, i) => {
            expect(list.length).toBe(plain.kept[i]!.length);
            list.forEach((entry, j) => expect(binaryEqual(entry, plain.kept[i]![j]!)).toBe(true));
          });
          const mark = Math.floor(a.length / 2);
          batched.engine.catalog.oplog.entriesSince(mark).forEach((entry, i) => expect(entry).toBe(a[mark + i]));
          expect(binaryEqual(findAll(batched.engine), findAll(plain.engine))).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
    // The runs were exercised: entries shared a record in a good part of the cases.
    expect(shared).toBeGreaterThan(10);
  }, 120_000);

  it('an updateMany over same-shaped documents keeps one record for its run', () => {
    const side = makeSide(true, [0, 0, 1]);
    const docs = Array.from({ length: 50 }, (_, i) => `{"_id": ${i}, "n": ${i}, "a": [${i}]}`).join(', ');
    run(side.engine, 'test', `{"insert": "c", "documents": [${docs}]}`);
    const mark = side.engine.catalog.oplog.size;
    run(
      side.engine,
      'test',
      '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"n": 1}, "$push": {"a": 0}}, "multi": true}]}',
    );
    const contents = side.engine.catalog.oplog.collection.oplogContents();
    const items = new Set(contents.items.slice(mark));
    expect(contents.items.length - mark).toBe(50);
    expect(items.size).toBe(1);
    const entries = side.engine.catalog.oplog.entriesSince(mark);
    expect(ejson(entries[49]!.get('o')!)).toBe(
      canon('{"$v": 2, "diff": {"u": {"n": 50}, "sa": {"a": true, "u1": 0}}}'),
    );
  });
});
