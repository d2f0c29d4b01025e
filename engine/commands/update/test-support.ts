/**
 * Test support for the write commands: a catalog with a manual clock and predictable ObjectIds,
 * commands written as relaxed EJSON text, and results compared as relaxed EJSON text (which keeps
 * field order and shows doubles as `1.0`).
 */
import { ObjectId } from 'bson';
import { parseEJSONDoc, stringifyEJSON, toRelaxed } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { Catalog } from '../../catalog/catalog.js';
import { ManualClock, type Clock } from '../../catalog/clock.js';
import { parseIndexSpec } from '../../catalog/index-definition.js';
import { insertDocument } from '../../catalog/writes.js';
import type { CommandContext } from '../context.js';

export const d = (text: string): Doc => parseEJSONDoc(text);
export const ej = (v: Value): string => toRelaxed(v);
export const canonical = (v: Value): string => stringifyEJSON(v);

/** ObjectIds 000000000000000000000001, …02, … in generation order. */
export function sequentialObjectIds(): () => ObjectId {
  let n = 0;
  return () => new ObjectId((++n).toString(16).padStart(24, '0'));
}

export interface TestDb {
  readonly catalog: Catalog;
  readonly clock: ManualClock;
  /** Builds a command context as the engine's dispatcher does. */
  ctx(command: string | Doc, db?: string): CommandContext;
  /** Inserts documents (creating the collection). */
  seed(collection: string, docs: string): void;
  /** The documents of a collection as one relaxed EJSON array text. */
  contents(collection: string): string;
  /** Oplog entries after the given count, reduced to {op, ns, o, o2?}. */
  oplog(from?: number): string[];
  oplogSize(): number;
  createIndex(collection: string, spec: string): void;
}

export function testDb(options: { clock?: Clock } = {}): TestDb {
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock(new Date('2024-01-01T00:00:00.000Z'));
  let r = 0;
  const catalog = new Catalog({
    clock,
    newObjectId: sequentialObjectIds(),
    random: () => (r = (r * 9301 + 49297) % 233280) / 233280,
  });
  const db = 'test';
  return {
    catalog,
    clock,
    ctx(command, dbName = db) {
      const doc = typeof command === 'string' ? d(command) : command;
      return {
        catalog,
        clock,
        db: dbName,
        command: doc,
        name: doc.keys().next().value ?? '',
        startedAt: clock.now(),
      };
    },
    seed(collection, docs) {
      const { collection: coll } = catalog.ensureCollection(db, collection);
      const arr = parseEJSONDoc(`{"a": ${docs}}`).get('a') as Doc[];
      for (const x of arr) insertDocument(catalog, coll, x);
    },
    contents(collection) {
      return ej(catalog.getCollection(db, collection)?.snapshot() ?? []);
    },
    oplog(from = 0) {
      return catalog.oplog
        .entries()
        .slice(from)
        .map((e) => {
          const out: Doc = new Map<string, Value>([
            ['op', e.get('op')!],
            ['ns', e.get('ns')!],
            ['o', e.get('o')!],
          ]);
          if (e.has('o2')) out.set('o2', e.get('o2')!);
          return ej(out);
        });
    },
    oplogSize() {
      return catalog.oplog.size;
    },
    createIndex(collection, spec) {
      const { collection: coll } = catalog.ensureCollection(db, collection);
      coll.createIndex(parseIndexSpec(d(spec), coll.collation));
    },
  };
}
