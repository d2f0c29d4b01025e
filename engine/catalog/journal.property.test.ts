/**
 * Dry runs and undo through a journal (journal.ts) instead of a copy of the catalog. Guard: over
 * generated command sequences (inserts, updates, deletes, DDL, index builds and drops, collMod,
 * transactions, nested dry runs and snapshots inside), a rollback puts back exactly the state the
 * journal began with (documents in natural order, index entries and multikey flags, options,
 * collections, oplog entries, known sizes), the same state a snapshot/restore gives, and both
 * engines go on alike afterwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import { bsonSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { deployedEngine, run, txnFields } from '../deploy/testing.js';
import type { Engine } from '../engine.js';

const id = fc.integer({ min: 1, max: 6 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id, arr: fc.boolean() }),
  fc.record({ kind: fc.constant('update' as const), id, multi: fc.boolean(), upsert: fc.boolean() }),
  fc.record({ kind: fc.constant('pipeline' as const), id }),
  fc.record({ kind: fc.constant('replace' as const), id }),
  fc.record({ kind: fc.constant('delete' as const), id, all: fc.boolean() }),
  fc.record({
    kind: fc.constant('ddl' as const),
    which: fc.constantFrom('drop', 'create', 'index', 'indexN', 'dropIndex', 'rename', 'collMod', 'dropDatabase'),
  }),
  fc.record({ kind: fc.constant('txn' as const), id, commit: fc.boolean() }),
  fc.record({ kind: fc.constant('dryRun' as const), id }),
  fc.record({ kind: fc.constant('explain' as const), id }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function apply(engine: Engine, s: Step, txn: { n: number }): void {
  switch (s.kind) {
    case 'insert':
      run(
        engine,
        'test',
        `{"insert": "c", "documents": [{"_id": ${s.id}, "n": ${s.id}, "a": ${s.arr ? '[1, 2]' : '3'}}]}`,
      );
      return;
    case 'update':
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": ${s.multi ? '{}' : `{"_id": ${s.id}}`}, "u": {"$inc": {"n": 1}, "$push": {"l": 3}}, "multi": ${s.multi}, "upsert": ${s.upsert}}]}`,
      );
      return;
    case 'pipeline':
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": {"$gte": ${s.id}}}, "u": [{"$set": {"a": {"$add": ["$n", 1]}}}], "multi": true}]}`,
      );
      return;
    case 'replace':
      run(engine, 'test', `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"r": true, "a": [${s.id}]}}]}`);
      return;
    case 'delete':
      run(engine, 'test', `{"delete": "c", "deletes": [{"q": ${s.all ? '{}' : `{"_id": ${s.id}}`}, "limit": 0}]}`);
      return;
    case 'ddl':
      if (s.which === 'drop') run(engine, 'test', '{"drop": "c"}');
      else if (s.which === 'create') run(engine, 'test', '{"create": "d"}');
      else if (s.which === 'index')
        run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
      // An index on `n`: re-keyed by $inc; a_1 is not (the undo re-keys only what the write re-keyed).
      else if (s.which === 'indexN')
        run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"n": 1}, "name": "n_1"}]}');
      else if (s.which === 'dropIndex') run(engine, 'test', '{"dropIndexes": "c", "index": "a_1"}');
      else if (s.which === 'rename') run(engine, 'admin', '{"renameCollection": "test.c", "to": "test.e"}');
      else if (s.which === 'collMod')
        run(engine, 'test', '{"collMod": "c", "validator": {"n": {"$gte": 0}}, "validationLevel": "moderate"}');
      else run(engine, 'test', '{"dropDatabase": 1}');
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
      // A nested journal (the preview of a preview) and a snapshot inside a journal.
      const inner = engine.beginJournal();
      run(
        engine,
        'test',
        `{"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"$set": {"dry": 1}}, "upsert": true}]}`,
      );
      const snap = engine.snapshot();
      run(engine, 'test', `{"delete": "c", "deletes": [{"q": {}, "limit": 0}]}`);
      engine.restore(snap);
      inner.rollback();
      return;
    }
    case 'explain':
      run(
        engine,
        'test',
        `{"explain": {"update": "c", "updates": [{"q": {"_id": ${s.id}}, "u": {"$set": {"x": 1}}, "upsert": true}]}, "verbosity": "executionStats"}`,
      );
      return;
  }
}

/** Everything a rollback must put back, as text. `multikey`: also the indexes' multikey flags. */
function state(engine: Engine, multikey: boolean): string {
  const out: unknown[] = [];
  for (const db of engine.databaseNames()) {
    for (const name of engine.collectionNames(db)) {
      const c = engine.catalog.getCollection(db, name)!;
      if (c.isOplog) continue;
      const docs = engine.documents(db, name) as Value[];
      out.push(db, name, stringifyEJSON(docs), c.validationLevel, c.validationAction);
      out.push(stringifyEJSON(c.validator ?? null), stringifyEJSON(c.listedOptions));
      // Sizes are a cache (measured on first need): each one known must be right.
      const sizes = c.knownSizes();
      docs.forEach((d, i) => expect([-1, bsonSize(d as Doc)]).toContain(sizes[i]));
      for (const index of c.indexes) {
        const entries = index.entriesInOrder().map((e) => stringifyEJSON([c.documentAt(e.rid)!.get('_id')!, ...e.key]));
        out.push(index.name, multikey ? index.multikey : '', entries);
      }
    }
  }
  out.push(engine.oplogEntries().map((e) => stringifyEJSON(e)));
  return JSON.stringify(out);
}

describe('catalog journal (property)', () => {
  it('a rollback restores exactly what a snapshot restores, and both engines go on alike', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 8 }),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.array(step, { maxLength: 5 }),
        (prefix, journaled, suffix) => {
          const a = deployedEngine({ topology: 'replicaset' });
          const b = deployedEngine({ topology: 'replicaset' });
          const ta = { n: 0 };
          const tb = { n: 0 };
          for (const s of prefix) {
            apply(a, s, ta);
            apply(b, s, tb);
          }
          const before = state(a, true);
          const journal = a.beginJournal();
          const snap = b.snapshot();
          for (const s of journaled) {
            apply(a, s, ta);
            apply(b, s, tb);
          }
          journal.rollback();
          b.restore(snap);
          expect(state(a, true)).toBe(before);
          expect(state(a, false)).toBe(state(b, false));
          for (const s of suffix) {
            apply(a, s, ta);
            apply(b, s, tb);
          }
          expect(state(a, false)).toBe(state(b, false));
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it('commit keeps the writes; a later journal starts from them', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "n": 1}]}');
    const kept = engine.beginJournal();
    run(engine, 'test', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"n": 2}}}]}');
    kept.commit();
    const after = state(engine, true);
    const dry = engine.beginJournal();
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 2}]}');
    run(engine, 'test', '{"drop": "c"}');
    dry.rollback();
    expect(state(engine, true)).toBe(after);
    expect(stringifyEJSON(engine.documents('test', 'c') as Value[])).toBe(
      '[{"_id":{"$numberInt":"1"},"n":{"$numberInt":"2"}}]',
    );
  });
});
