/**
 * The four implementations of every engine workload: this engine (the built dist/engine.js), mingo,
 * @seald-io/nedb in memory, and a hand-written loop over plain objects (the lower bound).
 *
 * A runner has an untimed `setup` (fresh data), the timed `run`, and an untimed `result` (the
 * documents afterwards, as plain values) used to check that every implementation did the same work.
 */
import Datastore from '@seald-io/nedb';
import { Query, update as mingoUpdate, updateMany as mingoUpdateMany } from 'mingo';
import type * as EngineIndex from '../engine/index.js';
import type { Doc, Value } from '../engine/index.js';
import {
  cloneDocs,
  INC_UPDATE,
  SELECTIVE_FILTER,
  selectiveMatch,
  TAGS_ARRAY_FILTERS,
  TAGS_UPDATE,
  TOTAL_PIPELINE,
  upsertUpdate,
  type PlainDoc,
  type UpsertStatement,
} from './data.js';
import { toPlain } from './plain.js';

/** The shape of dist/engine.js: the engine's public API (engine/index.ts). */
export type EngineModule = typeof EngineIndex;

/** What a run did: documents matched (or counted) and, where the API says, modified. */
export interface Outcome {
  readonly matched: number;
  readonly modified?: number | undefined;
  readonly upserted?: number | undefined;
}

export interface Runner {
  setup(): Promise<void> | void;
  run(): Promise<Outcome> | Outcome;
  result(): Promise<unknown[]> | unknown[];
}

export type ImplName = 'engine' | 'mingo' | 'nedb' | 'hand';
export const IMPL_NAMES: readonly ImplName[] = ['engine', 'mingo', 'nedb', 'hand'];

export type WorkloadId = 'inc-all' | 'array-filters' | 'pipeline' | 'bulk-upsert' | 'update-one-by-id' | 'find-count';

/** Everything a workload needs, built once per benchmark run. */
export interface WorkloadInput {
  readonly docs: readonly PlainDoc[];
  readonly upserts: readonly UpsertStatement[];
  readonly ids: readonly number[];
}

/** An implementation of a workload, or the reason it cannot express it. */
export type Implementation =
  { readonly runner: () => Runner; readonly note?: string } | { readonly unsupported: string };

// ---------------------------------------------------------------------------------------------
// The engine

const DB = 'bench';
const COLL = 'c';

/** Plain value → engine value with numbers kept as doubles (the peers' numbers are doubles too). */
function plainValue(v: unknown): Value {
  if (Array.isArray(v)) return v.map(plainValue);
  if (v !== null && typeof v === 'object') {
    const m: Doc = new Map();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, plainValue(x));
    return m;
  }
  return v as Value;
}

function checkReply(reply: Doc, what: string): Doc {
  const writeErrors = reply.get('writeErrors');
  if (reply.get('ok') !== 1 || writeErrors !== undefined) {
    throw new Error(`engine ${what} failed: ${JSON.stringify(toPlain(reply))}`);
  }
  return reply;
}

function num(v: Value | undefined): number {
  return Number(toPlain(v));
}

/**
 * An engine loaded with the documents (and the unique index on `k` when asked), snapshotted so
 * every run starts from the same state through `restore` (outside the timed region).
 */
class LoadedEngine {
  readonly engine: InstanceType<EngineModule['Engine']>;
  private readonly snap: ReturnType<InstanceType<EngineModule['Engine']>['snapshot']>;

  constructor(mod: EngineModule, docs: readonly PlainDoc[], uniqueKey: boolean) {
    this.engine = new mod.Engine();
    if (uniqueKey) {
      checkReply(
        this.engine.runCommand(
          DB,
          mod.docFromJS({ createIndexes: COLL, indexes: [{ key: { k: 1 }, name: 'k_1', unique: true }] }),
        ),
        'createIndexes',
      );
    }
    const batch = 10_000;
    for (let i = 0; i < docs.length; i += batch) {
      const documents = docs.slice(i, i + batch).map(plainValue);
      checkReply(
        this.engine.runCommand(
          DB,
          new Map<string, Value>([
            ['insert', COLL],
            ['documents', documents],
          ]),
        ),
        'insert',
      );
    }
    this.snap = this.engine.snapshot();
  }

  reset(): void {
    this.engine.restore(this.snap);
  }

  documents(): unknown[] {
    return this.engine.documents(DB, COLL).map(toPlain);
  }
}

function engineRunner(
  mod: EngineModule,
  docs: readonly PlainDoc[],
  options: { uniqueKey?: boolean; readOnly?: boolean },
  commands: readonly Doc[],
  outcome: (replies: Doc[]) => Outcome,
): Runner {
  let loaded: LoadedEngine | undefined;
  return {
    setup() {
      if (!loaded) loaded = new LoadedEngine(mod, docs, options.uniqueKey ?? false);
      else if (!options.readOnly) loaded.reset();
    },
    run() {
      const engine = loaded!.engine;
      const replies: Doc[] = [];
      for (const cmd of commands) replies.push(engine.runCommand(DB, cmd));
      return outcome(replies);
    },
    result() {
      return loaded!.documents();
    },
  };
}

function updateOutcome(replies: Doc[]): Outcome {
  let matched = 0;
  let modified = 0;
  let upserted = 0;
  for (const r of replies) {
    checkReply(r, 'update');
    matched += num(r.get('n'));
    modified += num(r.get('nModified'));
    const u = r.get('upserted');
    if (Array.isArray(u)) upserted += u.length;
  }
  return { matched: matched - upserted, modified, upserted };
}

export function engineImplementations(mod: EngineModule, input: WorkloadInput): Record<WorkloadId, Implementation> {
  const { docs } = input;
  const updateCmd = (updates: unknown[]) => mod.docFromJS({ update: COLL, updates: updates as never });
  return {
    'inc-all': {
      runner: () => engineRunner(mod, docs, {}, [updateCmd([{ q: {}, u: INC_UPDATE, multi: true }])], updateOutcome),
    },
    'array-filters': {
      runner: () =>
        engineRunner(
          mod,
          docs,
          {},
          [updateCmd([{ q: SELECTIVE_FILTER, u: TAGS_UPDATE, arrayFilters: TAGS_ARRAY_FILTERS, multi: true }])],
          updateOutcome,
        ),
    },
    pipeline: {
      runner: () =>
        engineRunner(mod, docs, {}, [updateCmd([{ q: {}, u: TOTAL_PIPELINE, multi: true }])], updateOutcome),
    },
    'bulk-upsert': {
      runner: () =>
        engineRunner(
          mod,
          docs,
          { uniqueKey: true },
          [updateCmd(input.upserts.map((s) => ({ q: { k: s.key }, u: upsertUpdate(s), upsert: true })))],
          updateOutcome,
        ),
    },
    'update-one-by-id': {
      runner: () =>
        engineRunner(
          mod,
          docs,
          {},
          input.ids.map((id) => updateCmd([{ q: { _id: id }, u: INC_UPDATE }])),
          updateOutcome,
        ),
    },
    'find-count': {
      runner: () =>
        engineRunner(
          mod,
          docs,
          { readOnly: true },
          [mod.docFromJS({ count: COLL, query: SELECTIVE_FILTER })],
          (replies) => {
            const r = checkReply(replies[0]!, 'count');
            return { matched: num(r.get('n')) };
          },
        ),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// mingo: updateMany / Query natively; no indexes and no upsert, so workloads 4 and 5 find the
// document through a JS Map and apply mingo's `update()` to it (the note says so).

/** Fresh deep copies of the documents for every run; `run` works on them in place. */
function plainRunner(docs: readonly PlainDoc[], run: (data: PlainDoc[]) => Outcome): Runner {
  let data: PlainDoc[] = [];
  return {
    setup() {
      data = cloneDocs(docs);
    },
    run() {
      return run(data);
    },
    result() {
      return data;
    },
  };
}

function indexedRunner(
  docs: readonly PlainDoc[],
  indexBy: 'k' | '_id',
  run: (data: PlainDoc[], index: Map<number, PlainDoc>) => Outcome,
): Runner {
  let data: PlainDoc[] = [];
  let index = new Map<number, PlainDoc>();
  return {
    setup() {
      data = cloneDocs(docs);
      index = new Map();
      for (const d of data) index.set(d[indexBy], d);
    },
    run() {
      return run(data, index);
    },
    result() {
      return data;
    },
  };
}

const MAP_NOTE = 'mingo has no indexes or upsert: Map lookup + mingo update() per statement';

export function mingoImplementations(input: WorkloadInput): Record<WorkloadId, Implementation> {
  const { docs } = input;
  return {
    'inc-all': {
      runner: () =>
        plainRunner(docs, (data) => {
          const r = mingoUpdateMany(data, {}, INC_UPDATE);
          return { matched: r.matchedCount, modified: r.modifiedCount };
        }),
    },
    'array-filters': {
      runner: () =>
        plainRunner(docs, (data) => {
          const r = mingoUpdateMany(data, SELECTIVE_FILTER, TAGS_UPDATE, { arrayFilters: TAGS_ARRAY_FILTERS });
          return { matched: r.matchedCount, modified: r.modifiedCount };
        }),
    },
    pipeline: {
      runner: () =>
        plainRunner(docs, (data) => {
          const r = mingoUpdateMany(data, {}, TOTAL_PIPELINE);
          return { matched: r.matchedCount, modified: r.modifiedCount };
        }),
    },
    'bulk-upsert': {
      note: MAP_NOTE,
      runner: () =>
        indexedRunner(docs, 'k', (data, index) => {
          let matched = 0;
          let modified = 0;
          let upserted = 0;
          let nextId = 0;
          for (const s of input.upserts) {
            const found = index.get(s.key);
            if (found) {
              matched++;
              if (mingoUpdate(found, upsertUpdate(s)).length > 0) modified++;
            } else {
              const fresh = { _id: `u${nextId++}`, k: s.key } as unknown as PlainDoc;
              mingoUpdate(fresh, upsertUpdate(s));
              data.push(fresh);
              index.set(s.key, fresh);
              upserted++;
            }
          }
          return { matched, modified, upserted };
        }),
    },
    'update-one-by-id': {
      note: MAP_NOTE,
      runner: () =>
        indexedRunner(docs, '_id', (_data, index) => {
          let matched = 0;
          let modified = 0;
          for (const id of input.ids) {
            const found = index.get(id);
            if (!found) continue;
            matched++;
            if (mingoUpdate(found, INC_UPDATE).length > 0) modified++;
          }
          return { matched, modified };
        }),
    },
    'find-count': {
      runner: () => {
        const data = cloneDocs(docs);
        return {
          setup() {},
          run() {
            return { matched: new Query(SELECTIVE_FILTER).find(data).all().length };
          },
          result() {
            return data;
          },
        };
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// @seald-io/nedb, in memory

type NedbStore = Datastore<Record<string, unknown>>;

function nedbRunner(
  docs: readonly PlainDoc[],
  options: { uniqueKey?: boolean; readOnly?: boolean },
  run: (db: NedbStore) => Promise<Outcome>,
): Runner {
  let db: NedbStore | undefined;
  return {
    async setup() {
      if (db && options.readOnly) return;
      db = new Datastore({ inMemoryOnly: true });
      if (options.uniqueKey) await db.ensureIndexAsync({ fieldName: 'k', unique: true });
      await db.insertAsync(cloneDocs(docs));
    },
    run() {
      return run(db!);
    },
    result() {
      return db!.getAllData();
    },
  };
}

export function nedbImplementations(input: WorkloadInput): Record<WorkloadId, Implementation> {
  const { docs } = input;
  return {
    'inc-all': {
      runner: () =>
        nedbRunner(docs, {}, async (db) => {
          const r = await db.updateAsync({}, INC_UPDATE, { multi: true });
          return { matched: r.numAffected };
        }),
    },
    'array-filters': { unsupported: 'no arrayFilters / $[<identifier>]' },
    pipeline: { unsupported: 'no pipeline updates' },
    'bulk-upsert': {
      runner: () =>
        nedbRunner(docs, { uniqueKey: true }, async (db) => {
          let matched = 0;
          let upserted = 0;
          for (const s of input.upserts) {
            const r = await db.updateAsync({ k: s.key }, upsertUpdate(s), { upsert: true });
            if (r.upsert) upserted++;
            else matched += r.numAffected;
          }
          return { matched, upserted };
        }),
    },
    'update-one-by-id': {
      runner: () =>
        nedbRunner(docs, {}, async (db) => {
          let matched = 0;
          for (const id of input.ids) matched += (await db.updateAsync({ _id: id }, INC_UPDATE, {})).numAffected;
          return { matched };
        }),
    },
    'find-count': {
      runner: () =>
        nedbRunner(docs, { readOnly: true }, async (db) => ({ matched: await db.countAsync(SELECTIVE_FILTER) })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Hand-written loops over plain objects, mutating in place (the practical lower bound).

export function handImplementations(input: WorkloadInput): Record<WorkloadId, Implementation> {
  const { docs } = input;
  return {
    'inc-all': {
      runner: () =>
        plainRunner(docs, (data) => {
          for (const d of data) d.n += 1;
          return { matched: data.length, modified: data.length };
        }),
    },
    'array-filters': {
      runner: () =>
        plainRunner(docs, (data) => {
          let matched = 0;
          let modified = 0;
          for (const d of data) {
            if (!selectiveMatch(d)) continue;
            matched++;
            let changed = false;
            const tags = d.tags;
            for (let i = 0; i < tags.length; i++) {
              if (tags[i] === 'blue') {
                tags[i] = 'x';
                changed = true;
              }
            }
            if (changed) modified++;
          }
          return { matched, modified };
        }),
    },
    pipeline: {
      runner: () =>
        plainRunner(docs, (data) => {
          let modified = 0;
          for (const d of data) {
            const total = d.a + d.b;
            if (d['total'] !== total) modified++;
            d['total'] = total;
          }
          return { matched: data.length, modified };
        }),
    },
    'bulk-upsert': {
      runner: () =>
        indexedRunner(docs, 'k', (data, index) => {
          let matched = 0;
          let modified = 0;
          let upserted = 0;
          let nextId = 0;
          for (const s of input.upserts) {
            const found = index.get(s.key);
            if (found) {
              matched++;
              found['v'] = s.v;
              found.n += 1;
              modified++;
            } else {
              const fresh = { _id: `h${nextId++}`, k: s.key, v: s.v, n: 1 } as unknown as PlainDoc;
              data.push(fresh);
              index.set(s.key, fresh);
              upserted++;
            }
          }
          return { matched, modified, upserted };
        }),
    },
    'update-one-by-id': {
      runner: () =>
        indexedRunner(docs, '_id', (_data, index) => {
          let matched = 0;
          for (const id of input.ids) {
            const found = index.get(id);
            if (!found) continue;
            found.n += 1;
            matched++;
          }
          return { matched, modified: matched };
        }),
    },
    'find-count': {
      runner: () => {
        const data = cloneDocs(docs);
        return {
          setup() {},
          run() {
            let count = 0;
            for (const d of data) if (selectiveMatch(d)) count++;
            return { matched: count };
          },
          result() {
            return data;
          },
        };
      },
    },
  };
}
