/**
 * The router (mongos) of a simulated sharded cluster: sharded collections with their chunks, and
 * the targeting rules of the `update` command (seed, "Sharded collections").
 *
 *   {shardCollection: 'test.orders', key: {region: 1}}          ranged; existing key values are split
 *   {shardCollection: 'test.orders', key: {sku: 'hashed'}}      hashed; the hash space is split evenly
 *   {shardCollection: ..., key: ..., splitPoints: [{region: 'M'}]}   (playground extension: explicit chunk bounds)
 *
 * All documents stay in the engine's one catalog; a document's shard is the chunk its shard key
 * falls in, so a changed shard key "moves" it. Per update statement, in order:
 *   - upsert without an equality on the full shard key       → 61 ShardKeyNotFound
 *   - targeting: full shard-key equality → one shard; else a replacement's own shard key → one shard;
 *     else every shard (8.0 runs multi:false updates without the shard key: write-without-shard-key)
 *   - a targeted shard without a primary                     → write error 7 HostNotFound
 *   - a statement that changed a shard key value: multi → 72; no full shard-key equality in the
 *     query → 31025; outside a transaction and not a retryable write (no txnNumber) → 20. Refused
 *     statements are undone.
 *   - oplog `o2` of sharded collections holds the shard key fields and `_id`.
 */
import { Int32, Long, MaxKey, MinKey } from 'bson';
import { compareValues, valuesEqual } from '../bson/compare.js';
import { renderDoc } from '../bson/render.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import { checkDatabaseName } from '../catalog/catalog.js';
import { keyOf } from '../catalog/keys.js';
import type { CommandContext, CommandHandler } from '../commands/context.js';
import { EngineError, fail } from '../errors.js';
import type { ReplicaSet, TopologyState } from './topology.js';

export interface RoutedReply {
  readonly reply: Doc;
  /** The shards the command wrote to (their replica sets acknowledge the write concern). */
  readonly shards: readonly string[];
}

interface Chunk {
  /** Inclusive lower bound (one value per key field; MinKey for the first chunk). */
  readonly min: readonly Value[];
  readonly shard: string;
}

export interface ShardedCollection {
  readonly ns: string;
  readonly key: Doc;
  readonly fields: readonly string[];
  readonly hashed: boolean;
  readonly chunks: readonly Chunk[];
}

const HASH_SPACE = 2 ** 32;

/** A stable 32-bit hash of a value (FNV-1a of its canonical key; not the server's MD5-based hash). */
export function hashValue(v: Value): number {
  const s = keyOf(v, null);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function compareTuples(a: readonly Value[], b: readonly Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

/** The value at a dotted path of a document (undefined when missing). */
function valueAt(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const part of path.split('.')) {
    if (!isDoc(cur)) return undefined;
    cur = cur.get(part);
  }
  return cur;
}

/** Equalities of a filter on each shard key field, through `$and`; undefined when one is missing. */
export function shardKeyEquality(filter: Value | undefined, fields: readonly string[]): Value[] | undefined {
  if (!isDoc(filter)) return undefined;
  const found = new Map<string, Value>();
  const visit = (f: Doc): void => {
    for (const [k, v] of f) {
      if (k === '$and' && isArray(v)) {
        for (const sub of v) if (isDoc(sub)) visit(sub);
        continue;
      }
      if (!fields.includes(k)) continue;
      if (isDoc(v)) {
        const first = v.keys().next().value;
        if (typeof first === 'string' && first.startsWith('$')) {
          if (v.size === 1 && v.has('$eq')) found.set(k, v.get('$eq')!);
          continue;
        }
      }
      if (
        isArray(v) ||
        v instanceof RegExp ||
        (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'BSONRegExp')
      )
        continue;
      found.set(k, v);
    }
  };
  visit(filter);
  if (!fields.every((f) => found.has(f))) return undefined;
  return fields.map((f) => found.get(f)!);
}

/** Whether a filter has an exact `_id` equality (not an operator, not a regex or array). */
function hasExactId(filter: Value | undefined): boolean {
  return shardKeyEquality(filter, ['_id']) !== undefined;
}

/** The statement as the pre-7.1 router printed it: q, u, then multi and upsert with their defaults. */
function legacyStatement(stmt: Doc): Doc {
  const out: Doc = new Map<string, Value>();
  for (const [k, v] of stmt) if (k !== 'multi' && k !== 'upsert') out.set(k, v);
  out.set('multi', stmt.get('multi') === true);
  out.set('upsert', stmt.get('upsert') === true);
  return out;
}

function isReplacement(u: Value | undefined): u is Doc {
  if (!isDoc(u)) return false;
  const first = u.keys().next().value;
  return !(typeof first === 'string' && first.startsWith('$'));
}

export class Router {
  private readonly collections = new Map<string, ShardedCollection>();

  /**
   * Routers before 7.1 refused a `multi: false` update that neither matched `_id` exactly nor
   * targeted one shard (72), and a findAndModify without the shard key (61); 7.1+ run them through
   * the write-without-shard-key protocol.
   */
  legacyShardKeyTargeting = false;

  constructor(private readonly topology: TopologyState) {}

  /** The shards a transaction wrote to (unsharded collections live on shard0, the primary shard). */
  shardsWritten(txn: { writtenDocuments(): { ns: string; doc: Doc | undefined }[] }): Set<string> {
    const out = new Set<string>();
    for (const { ns, doc } of txn.writtenDocuments()) {
      const sc = this.collections.get(ns);
      out.add(sc && doc ? this.shardOfDocument(sc, doc) : this.topology.replicaSets[0]!.name);
    }
    return out;
  }

  /** Forgets every sharded collection (a new deployment). */
  reset(): void {
    this.collections.clear();
  }

  /** A dropped collection (or every collection of a dropped database) is no longer sharded. */
  forget(db: string, collection: string | undefined): void {
    for (const ns of [...this.collections.keys()]) {
      if (collection !== undefined ? ns === `${db}.${collection}` : ns.startsWith(`${db}.`))
        this.collections.delete(ns);
    }
  }

  sharded(ns: string): ShardedCollection | undefined {
    return this.collections.get(ns);
  }

  /** The shard holding a shard key value. */
  shardOf(sc: ShardedCollection, keyValues: readonly Value[]): string {
    const point = sc.hashed
      ? [keyValues[0] === undefined ? 0 : hashValue(keyValues[0])]
      : keyValues.map((v) => v ?? null);
    let shard = sc.chunks[0]!.shard;
    for (const c of sc.chunks) {
      if (compareTuples(point, c.min) >= 0) shard = c.shard;
      else break;
    }
    return shard;
  }

  /** A stored document's shard (missing key fields count as null). */
  shardOfDocument(sc: ShardedCollection, doc: Doc): string {
    return this.shardOf(
      sc,
      sc.fields.map((f) => valueAt(doc, f) ?? null),
    );
  }

  handlesPrimaryDown(name: string): boolean {
    return name === 'update';
  }

  unreachableMessage(rs: ReplicaSet): string {
    // mongos (SERVER-65663): "Write results unavailable from failing to target a host in the shard
    // <shard> :: caused by :: Could not find host matching read preference { mode: "primary" } for
    // set <shard>"; the seed gives code 7 (recent routers report 133).
    return `Write results unavailable from failing to target a host in the shard ${rs.name} :: caused by :: Could not find host matching read preference { mode: "primary" } for set ${rs.name}`;
  }

  /** `{shardCollection: 'db.coll', key: {...}, unique?, splitPoints?}` (admin). */
  shardCollection(ctx: CommandContext): Doc {
    if (this.topology.topology !== 'sharded') throw fail(59, "no such command: 'shardCollection'");
    if (ctx.db !== 'admin') throw fail(13, 'shardCollection may only be run against the admin database.');
    const ns = ctx.command.get('shardCollection');
    if (typeof ns !== 'string' || !ns.includes('.')) throw fail(73, `Invalid namespace specified '${String(ns)}'`);
    const dot = ns.indexOf('.');
    const db = ns.slice(0, dot);
    const coll = ns.slice(dot + 1);
    checkDatabaseName(db);
    const key = ctx.command.get('key');
    if (!isDoc(key) || key.size === 0) throw fail(2, 'Shard key must be a non-empty document');
    const fields = [...key.keys()];
    let hashed = false;
    for (const [f, v] of key) {
      if (v === 'hashed') {
        if (hashed || key.size > 1)
          throw fail(2, 'Only one hashed field is supported in a shard key (playground: hashed keys have one field)');
        hashed = true;
      } else if (!(typeof v === 'number' || v instanceof Int32) || Number(v.valueOf()) !== 1) {
        throw fail(
          2,
          `Unsupported shard key pattern ${f}: ${String(v)}. Pattern must either be a single hashed field, or a list of ascending fields`,
        );
      }
    }
    const existing = this.collections.get(ns);
    if (existing) {
      if ([...existing.key.keys()].join() === fields.join()) return new Map<string, Value>([['collectionsharded', ns]]);
      throw fail(23, `sharding already enabled for collection ${ns}`);
    }
    const shards = this.topology.replicaSets.map((r) => r.name);
    const catalogDocs = ctx.catalog.getCollection(db, coll)?.snapshot() ?? [];
    let bounds: Value[][];
    const splitPoints = ctx.command.get('splitPoints');
    if (isArray(splitPoints)) {
      bounds = splitPoints.filter(isDoc).map((p) => fields.map((f) => valueAt(p, f) ?? null));
      bounds.sort(compareTuples);
    } else if (hashed) {
      bounds = Array.from({ length: shards.length - 1 }, (_, i) => [
        Math.floor(((i + 1) * HASH_SPACE) / shards.length),
      ]);
    } else {
      // Split the existing key values evenly (a real cluster starts with one chunk and balances later).
      const values = catalogDocs.map((d) => fields.map((f) => valueAt(d, f) ?? null));
      values.sort(compareTuples);
      const distinct = values.filter((v, i) => i === 0 || compareTuples(values[i - 1]!, v) !== 0);
      bounds = [];
      const parts = Math.min(shards.length, distinct.length);
      for (let i = 1; i < parts; i++) bounds.push(distinct[Math.floor((i * distinct.length) / parts)]!);
    }
    const min = fields.map(() => new MinKey() as Value);
    const chunks: Chunk[] = [{ min, shard: shards[0]! }];
    bounds.forEach((b, i) => chunks.push({ min: b, shard: shards[(i + 1) % shards.length]! }));
    this.collections.set(ns, { ns, key, fields, hashed, chunks });
    return new Map<string, Value>([['collectionsharded', ns]]);
  }

  /** `getDeployment`'s view: each sharded collection with its chunks and document counts per shard. */
  describe(catalog?: Catalog): Doc[] {
    return [...this.collections.values()].map((sc) => {
      const dot = sc.ns.indexOf('.');
      const docs = catalog?.getCollection(sc.ns.slice(0, dot), sc.ns.slice(dot + 1))?.snapshot() ?? [];
      const counts = new Map<string, number>(this.topology.replicaSets.map((r) => [r.name, 0]));
      for (const d of docs) {
        const s = this.shardOfDocument(sc, d);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
      return new Map<string, Value>([
        ['ns', sc.ns],
        ['key', sc.key],
        [
          'chunks',
          sc.chunks.map((c, i) => {
            const next = sc.chunks[i + 1];
            const bound = (vals: readonly Value[]) =>
              new Map<string, Value>(sc.fields.map((f, j) => [f, vals[j]!] as [string, Value]));
            return new Map<string, Value>([
              ['min', bound(c.min)],
              ['max', bound(next ? next.min : sc.fields.map(() => new MaxKey() as Value))],
              ['shard', c.shard],
            ]);
          }),
        ],
        ['documents', new Map<string, Value>([...counts].map(([s, n]) => [s, new Int32(n)] as [string, Value]))],
      ]);
    });
  }

  /** The shard key of a sharded collection (`db.coll`), undefined when it is not sharded. */
  shardKeyOf(ns: string): Doc | undefined {
    return this.collections.get(ns)?.key;
  }

  /** Routes a command; undefined when the router adds nothing (the handler runs as on one shard). */
  route(ctx: CommandContext, handler: CommandHandler): RoutedReply | undefined {
    if (ctx.name === 'bulkWrite') return this.routeBulkWrite(ctx, handler);
    if (ctx.name !== 'update') return this.routeOther(ctx, handler);
    const target = ctx.command.get('update');
    if (typeof target !== 'string') return undefined;
    const sc = this.collections.get(`${ctx.db}.${target}`);
    if (!sc) {
      const primaryShard = this.topology.replicaSets[0]!;
      if (!this.topology.primaryOf(primaryShard)) return this.allFailed(ctx, primaryShard);
      return { reply: handler(ctx), shards: [primaryShard.name] };
    }
    return this.routeShardedUpdate(ctx, handler, sc);
  }

  private routeOther(ctx: CommandContext, handler: CommandHandler): RoutedReply | undefined {
    const target = ctx.command.get(ctx.name);
    const sc = typeof target === 'string' ? this.collections.get(`${ctx.db}.${target}`) : undefined;
    if (!sc) return undefined;
    if (ctx.name === 'findAndModify' || ctx.name === 'findandmodify') return this.routeFindAndModify(ctx, handler, sc);
    // A write on a sharded collection reaches every shard: each needs a primary (reads are
    // answered as secondaries would).
    const writes = [
      'insert',
      'delete',
      'findAndModify',
      'findandmodify',
      'createIndexes',
      'dropIndexes',
      'collMod',
      'drop',
    ];
    for (const rs of writes.includes(ctx.name) ? this.topology.replicaSets : []) {
      if (!this.topology.primaryOf(rs)) throw fail(7, this.unreachableMessage(rs));
    }
    // A delete's entry names the removed document by its key: remember the documents first.
    const preDocs = new Map<string, Doc>();
    if (ctx.name === 'delete') {
      const dot = sc.ns.indexOf('.');
      for (const d of ctx.catalog.getCollection(sc.ns.slice(0, dot), sc.ns.slice(dot + 1))?.snapshot() ?? []) {
        preDocs.set(keyOf(d.get('_id')!, null), d);
      }
    }
    const mark = ctx.catalog.oplog.size;
    const reply = handler(ctx);
    this.rewriteDocumentKeys(ctx.catalog, sc, mark, preDocs);
    return { reply, shards: this.topology.replicaSets.map((r) => r.name) };
  }

  /**
   * findAndModify through the router: an upsert needs the full shard key (61, the router's own
   * message); the targeted shards need a primary (7); a shard key change follows the update rules
   * (31025, 20). Refusals are command errors, as findAndModify reports them.
   */
  private routeFindAndModify(ctx: CommandContext, handler: CommandHandler, sc: ShardedCollection): RoutedReply {
    const c = ctx.command;
    const query = c.get('query') ?? new Map<string, Value>();
    const keyEq = shardKeyEquality(query, sc.fields);
    const refuse = (error: EngineError): never => {
      ctx.details?.undo(ctx.details.mark(), 0, error.toInfo());
      throw error;
    };
    if ((c.get('upsert') === true || this.legacyShardKeyTargeting) && !keyEq) {
      refuse(fail(61, 'Query for sharded findAndModify must contain the shard key'));
    }
    const targets = keyEq ? [this.shardOf(sc, keyEq)] : this.topology.replicaSets.map((r) => r.name);
    const down = targets.map((t) => this.topology.replicaSet(t)!).find((rs) => !this.topology.primaryOf(rs));
    if (down) refuse(fail(7, this.unreachableMessage(down)));
    const dot = sc.ns.indexOf('.');
    const [db, coll] = [sc.ns.slice(0, dot), sc.ns.slice(dot + 1)];
    const before = ctx.catalog.snapshot();
    const preDocs = new Map<string, Doc>();
    for (const d of ctx.catalog.getCollection(db, coll)?.snapshot() ?? []) preDocs.set(keyOf(d.get('_id')!, null), d);
    const mark = ctx.catalog.oplog.size;
    const detailMark = ctx.details?.mark() ?? 0;
    const reply = handler(ctx);
    if (this.shardKeyChange(ctx.catalog, sc, db, coll, preDocs, mark)) {
      let error: EngineError | undefined;
      if (!keyEq)
        error = fail(31025, 'Shard key update is not allowed without specifying the full shard key in the query');
      else if (c.get('autocommit') !== false && !c.has('txnNumber')) {
        error = fail(
          20,
          'Must run update to shard key field in a multi-statement transaction or with retryWrites: true.',
        );
      }
      if (error) {
        ctx.catalog.restore(before);
        ctx.details?.undo(detailMark, 0, error.toInfo());
        throw error;
      }
    }
    this.rewriteDocumentKeys(ctx.catalog, sc, mark);
    return { reply, shards: targets };
  }

  /**
   * The admin bulkWrite through the router: when an update op targets a sharded collection, the
   * ops run one at a time so each follows the update rules (61, 7, 72, 31025, 20); the items and
   * counters are merged back into one reply.
   */
  private routeBulkWrite(ctx: CommandContext, handler: CommandHandler): RoutedReply | undefined {
    const ops = ctx.command.get('ops');
    const nsInfo = ctx.command.get('nsInfo');
    if (!isArray(ops) || !isArray(nsInfo)) return undefined;
    const nsOf = (op: Value): string | undefined => {
      if (!isDoc(op) || !op.has('update')) return undefined;
      const i = Number(String(op.get('update')));
      const info = nsInfo[i];
      const ns = isDoc(info) ? info.get('ns') : undefined;
      return typeof ns === 'string' ? ns : undefined;
    };
    if (
      !ops.some((op) => {
        const ns = nsOf(op);
        return ns !== undefined && this.collections.has(ns);
      })
    )
      return undefined;
    const ordered = ctx.command.get('ordered') !== false;
    const errorsOnly = ctx.command.get('errorsOnly') === true;
    const retryable = ctx.command.get('autocommit') === false || ctx.command.has('txnNumber');
    const items: Doc[] = [];
    const totals = new Map<string, number>(
      ['nErrors', 'nInserted', 'nMatched', 'nModified', 'nUpserted', 'nDeleted'].map((k) => [k, 0]),
    );
    const touched = new Set<string>();
    const errorItem = (idx: number, e: EngineError): Doc => {
      const d = new Map<string, Value>([
        ['ok', 0],
        ['idx', new Int32(idx)],
        ['code', new Int32(e.code)],
        ['errmsg', e.errmsg],
      ]);
      d.set('n', new Int32(0));
      d.set('nModified', new Int32(0));
      return d;
    };
    for (let idx = 0; idx < ops.length; idx++) {
      const op = ops[idx]!;
      const ns = nsOf(op);
      const sc = ns !== undefined ? this.collections.get(ns) : undefined;
      let error: EngineError | undefined;
      let keyEq: Value[] | undefined;
      let multi = false;
      let undone = false;
      if (sc && isDoc(op)) {
        keyEq = shardKeyEquality(op.get('filter'), sc.fields);
        multi = op.get('multi') === true;
        const targets = keyEq ? [this.shardOf(sc, keyEq)] : this.topology.replicaSets.map((r) => r.name);
        if (op.get('upsert') === true && !keyEq)
          error = fail(61, 'Failed to target upsert by query :: could not extract exact shard key');
        else {
          const down = targets.map((t) => this.topology.replicaSet(t)!).find((rs) => !this.topology.primaryOf(rs));
          if (down) error = fail(7, this.unreachableMessage(down));
        }
        for (const t of targets) touched.add(t);
      } else touched.add(this.topology.replicaSets[0]!.name);
      if (!error) {
        const before = ctx.catalog.snapshot();
        const dot = (ns ?? '').indexOf('.');
        const [db, coll] = [(ns ?? '').slice(0, dot), (ns ?? '').slice(dot + 1)];
        const preDocs = new Map<string, Doc>();
        if (sc)
          for (const d of ctx.catalog.getCollection(db, coll)?.snapshot() ?? [])
            preDocs.set(keyOf(d.get('_id')!, null), d);
        const mark = ctx.catalog.oplog.size;
        const single: Doc = new Map<string, Value>();
        for (const [k, v] of ctx.command) {
          if (k === 'writeConcern') continue;
          single.set(k, k === 'ops' ? [op] : k === 'errorsOnly' ? false : v);
        }
        const detailMark = ctx.details?.mark() ?? 0;
        const sub = handler({ ...ctx, command: single });
        // The op ran as op 0 of a bulkWrite of one.
        ctx.details?.renumber(detailMark, idx);
        if (sub.get('ok') !== 1) return { reply: sub, shards: [...touched] };
        const item = ((sub.get('cursor') as Doc).get('firstBatch') as Doc[])[0];
        if (sc && item?.get('ok') === 1 && this.shardKeyChange(ctx.catalog, sc, db, coll, preDocs, mark)) {
          if (multi) error = fail(72, 'Multi-update operations are not allowed when updating the shard key field.');
          else if (!keyEq)
            error = fail(31025, 'Shard key update is not allowed without specifying the full shard key in the query');
          else if (!retryable)
            error = fail(
              20,
              'Must run update to shard key field in a multi-statement transaction or with retryWrites: true.',
            );
        }
        if (error) {
          ctx.catalog.restore(before);
          ctx.details?.undo(detailMark, idx, error.toInfo());
          undone = true;
        } else {
          if (sc) this.rewriteDocumentKeys(ctx.catalog, sc, mark);
          for (const k of totals.keys()) totals.set(k, totals.get(k)! + Number(String(sub.get(k) ?? 0)));
          if (item) {
            const remapped = new Map<string, Value>();
            for (const [k, v] of item) remapped.set(k, k === 'idx' ? new Int32(idx) : v);
            items.push(remapped);
            if (item.get('ok') === 0 && ordered) break;
          }
          continue;
        }
      }
      // Refused before it ran: its card shows the error.
      if (!undone) ctx.details?.undo(ctx.details.mark(), idx, error.toInfo());
      totals.set('nErrors', totals.get('nErrors')! + 1);
      items.push(errorItem(idx, error));
      if (ordered) break;
    }
    const reply = new Map<string, Value>([
      [
        'cursor',
        new Map<string, Value>([
          ['id', Long.fromNumber(0)],
          ['firstBatch', errorsOnly ? items.filter((i) => i.get('ok') === 0) : items],
          ['ns', 'admin.$cmd.bulkWrite'],
        ]),
      ],
    ]);
    for (const [k, v] of totals) reply.set(k, new Int32(v));
    reply.set('ok', 1);
    return { reply, shards: [...touched] };
  }

  /** Every statement fails with 7 (ordered: only the first). */
  private allFailed(ctx: CommandContext, rs: ReplicaSet): RoutedReply {
    const updates = ctx.command.get('updates');
    const ordered = ctx.command.get('ordered') !== false;
    const count = isArray(updates) ? (ordered ? Math.min(1, updates.length) : updates.length) : 0;
    const writeErrors = Array.from(
      { length: count },
      (_, i) =>
        new Map<string, Value>([
          ['index', new Int32(i)],
          ['code', new Int32(7)],
          ['errmsg', this.unreachableMessage(rs)],
        ]),
    );
    const reply = new Map<string, Value>([['n', new Int32(0)]]);
    if (writeErrors.length > 0) reply.set('writeErrors', writeErrors);
    reply.set('nModified', new Int32(0));
    reply.set('ok', 1);
    return { reply, shards: [] };
  }

  private routeShardedUpdate(ctx: CommandContext, handler: CommandHandler, sc: ShardedCollection): RoutedReply {
    const updates = ctx.command.get('updates');
    if (!isArray(updates)) return { reply: handler(ctx), shards: [] };
    const ordered = ctx.command.get('ordered') !== false;
    const inTxn = ctx.command.get('autocommit') === false;
    const retryable = ctx.command.has('txnNumber');
    const [db, coll] = [ctx.db, sc.ns.slice(ctx.db.length + 1)];
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors: Doc[] = [];
    const touched = new Set<string>();
    const addError = (index: number, e: EngineError) => {
      const entry = new Map<string, Value>([
        ['index', new Int32(index)],
        ['code', new Int32(e.code)],
        ['errmsg', e.errmsg],
      ]);
      for (const [k, v] of e.extra) entry.set(k, v as Value);
      writeErrors.push(entry);
    };
    for (let index = 0; index < updates.length; index++) {
      const stmt = updates[index];
      if (!isDoc(stmt)) {
        // Let the engine's own parser produce the error for the whole command.
        return { reply: handler(ctx), shards: [] };
      }
      const q = stmt.get('q');
      const u = stmt.get('u');
      const multi = stmt.get('multi') === true;
      const upsert = stmt.get('upsert') === true;
      const keyEq = shardKeyEquality(q, sc.fields);
      let targets: string[];
      if (keyEq) targets = [this.shardOf(sc, keyEq)];
      else if (!multi && isReplacement(u) && sc.fields.every((f) => valueAt(u, f) !== undefined)) {
        targets = [
          this.shardOf(
            sc,
            sc.fields.map((f) => valueAt(u, f)!),
          ),
        ];
      } else targets = this.topology.replicaSets.map((r) => r.name);
      let error: EngineError | undefined;
      const chunkShards = new Set(sc.chunks.map((ch) => ch.shard)).size;
      if (upsert && !keyEq) {
        error = fail(61, 'Failed to target upsert by query :: could not extract exact shard key');
      } else if (this.legacyShardKeyTargeting && !multi && targets.length > 1 && chunkShards > 1 && !hasExactId(q)) {
        error = fail(
          72,
          `A {multi:false} update on a sharded collection must contain an exact match on _id (and have the collection default collation) or contain the shard key (and have the simple collation), but this update targeted ${chunkShards} shards. Update request: ${renderDoc(legacyStatement(stmt))}, shard key pattern: ${renderDoc(sc.key)}`,
        );
      } else {
        const down = targets.map((t) => this.topology.replicaSet(t)!).find((rs) => !this.topology.primaryOf(rs));
        if (down) error = fail(7, this.unreachableMessage(down));
      }
      const detailMark = ctx.details?.mark() ?? 0;
      let shardWriteError = false;
      if (!error) {
        const before = ctx.catalog.snapshot();
        const preDocs = new Map<string, Doc>();
        for (const d of ctx.catalog.getCollection(db, coll)?.snapshot() ?? [])
          preDocs.set(keyOf(d.get('_id')!, null), d);
        const mark = ctx.catalog.oplog.size;
        const single: Doc = new Map<string, Value>();
        for (const [k, v] of ctx.command) {
          if (k === 'writeConcern') continue;
          single.set(k, k === 'updates' ? [stmt] : v);
        }
        const sub = handler({ ...ctx, command: single });
        // The shard ran it as statement 0 of a batch of one.
        ctx.details?.renumber(detailMark, index);
        if (sub.get('ok') !== 1) return { reply: sub, shards: targets };
        const subErrors = sub.get('writeErrors');
        if (isArray(subErrors) && subErrors.length > 0) {
          shardWriteError = true;
          // Keep the shard's write error whole (errInfo, keyPattern/keyValue), at this statement's index.
          const first = subErrors[0] as Doc;
          const extra = new Map<string, unknown>();
          for (const [k, v] of first) if (k !== 'index' && k !== 'code' && k !== 'errmsg') extra.set(k, v);
          error = new EngineError(Number((first.get('code') as Int32).valueOf()), String(first.get('errmsg')), extra);
        } else {
          const moved = this.shardKeyChange(ctx.catalog, sc, db, coll, preDocs, mark);
          if (moved) {
            if (multi) error = fail(72, 'Multi-update operations are not allowed when updating the shard key field.');
            else if (!keyEq)
              error = fail(31025, 'Shard key update is not allowed without specifying the full shard key in the query');
            else if (!inTxn && !retryable) {
              error = fail(
                20,
                'Must run update to shard key field in a multi-statement transaction or with retryWrites: true.',
              );
            }
          }
          if (error) ctx.catalog.restore(before);
          else {
            this.rewriteDocumentKeys(ctx.catalog, sc, mark);
            n += Number((sub.get('n') as Int32).valueOf());
            nModified += Number((sub.get('nModified') as Int32).valueOf());
            const ups = sub.get('upserted');
            if (isArray(ups)) {
              for (const up of ups) {
                if (isDoc(up))
                  upserted.push(
                    new Map<string, Value>([
                      ['index', new Int32(index)],
                      ['_id', up.get('_id')!],
                    ]),
                  );
              }
            }
            for (const t of targets) touched.add(t);
          }
        }
      }
      if (error) {
        // Refused before it ran, or undone after: nothing it wrote stays (a shard's own write
        // error keeps what the statement committed before it).
        if (!shardWriteError) ctx.details?.undo(detailMark, index, error.toInfo());
        addError(index, error);
        if (ordered) break;
      }
    }
    const reply = new Map<string, Value>([['n', new Int32(n)]]);
    if (writeErrors.length > 0) reply.set('writeErrors', writeErrors);
    if (upserted.length > 0) reply.set('upserted', upserted);
    reply.set('nModified', new Int32(nModified));
    reply.set('ok', 1);
    return { reply, shards: [...touched] };
  }

  /** Whether an update logged since `mark` changed a document's shard key value (missing ≡ null). */
  private shardKeyChange(
    catalog: Catalog,
    sc: ShardedCollection,
    db: string,
    coll: string,
    preDocs: ReadonlyMap<string, Doc>,
    mark: number,
  ): boolean {
    const collection = catalog.getCollection(db, coll);
    if (!collection) return false;
    for (const e of catalog.oplog.entriesSince(mark)) {
      if (e.get('op') !== 'u' || e.get('ns') !== sc.ns) continue;
      const o2 = e.get('o2');
      const id = isDoc(o2) ? o2.get('_id') : undefined;
      if (id === undefined) continue;
      const before = preDocs.get(keyOf(id, null));
      const after = collection.findById(id);
      if (!before || !after) continue;
      for (const f of sc.fields) {
        if (!valuesEqual(valueAt(before, f) ?? null, valueAt(after, f) ?? null)) return true;
      }
    }
    return false;
  }

  /** Oplog entries of a sharded collection carry the document key: shard key fields, then `_id`. */
  private rewriteDocumentKeys(
    catalog: Catalog,
    sc: ShardedCollection,
    mark: number,
    deleted: ReadonlyMap<string, Doc> = new Map(),
  ): void {
    const entries = catalog.oplog.entriesSince(mark);
    if (entries.length === 0) return;
    const dot = sc.ns.indexOf('.');
    const collection = catalog.getCollection(sc.ns.slice(0, dot), sc.ns.slice(dot + 1));
    // The entries are the oplog's tail: take them off and put them back in order.
    for (const e of entries) catalog.oplog.collection.remove(e);
    for (const e of entries) {
      const op = e.get('op');
      // 'u' and 'i' carry the document key in o2; 'd' carries it as o.
      const field = op === 'd' ? 'o' : 'o2';
      const current = e.get(field);
      const id = isDoc(current) ? current.get('_id') : undefined;
      let doc: Doc | undefined;
      if (id !== undefined) {
        if (op === 'i') doc = e.get('o') as Doc;
        else if (op === 'u') doc = collection?.findById(id);
        else if (op === 'd') doc = deleted.get(keyOf(id, null));
      }
      if (e.get('ns') !== sc.ns || id === undefined || !doc) {
        catalog.oplog.collection.insert(e);
        continue;
      }
      const key: Doc = new Map<string, Value>();
      for (const f of sc.fields) {
        const v = valueAt(doc, f);
        if (v !== undefined) key.set(f, v);
      }
      if (!key.has('_id')) key.set('_id', id);
      const next: Doc = new Map<string, Value>();
      for (const [k, v] of e) next.set(k, k === field ? key : v);
      catalog.oplog.collection.insert(next);
    }
  }
}
