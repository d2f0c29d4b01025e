/**
 * Sessions and multi-document transactions with snapshot isolation.
 *
 *   const store = new SessionStore();
 *   const txn = store.start(mainCatalog, lsid, txnNumber);   // startTransaction: true
 *   run the command with ctx.catalog = txn.catalog;         // reads see snapshot + own writes
 *   txn.recordWrites(markBefore, store, mainCatalog);        // 112 WriteConflict when another open
 *                                                            // transaction (or a later write) owns a document
 *   store.commit(...) → one applyOps oplog entry;  store.abort(...) → nothing survives
 *
 * A transaction works on its own copy of the catalog (documents are shared, never mutated: copying
 * is cheap). Its writes go to that copy's oplog; at commit the final version of every written
 * document is put into the main catalog and the writes are logged as one
 * `{op: 'c', ns: 'admin.$cmd', o: {applyOps: [...]}}` entry carrying `lsid` and `txnNumber`, as the
 * server logs an unprepared transaction. Aborting throws the copy away.
 */
import { Binary, Long, Timestamp } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { Catalog, type CatalogSnapshot } from '../catalog/catalog.js';
import type { CollectionOptions } from '../catalog/collection.js';
import { keyOf } from '../catalog/keys.js';
import { renderValue } from '../bson/render.js';
import { EngineError, fail } from '../errors.js';

export type SessionTxnState = 'inProgress' | 'committed' | 'aborted';

export const TRANSIENT_TRANSACTION_ERROR = 'TransientTransactionError';

/** An error carrying `errorLabels: ['TransientTransactionError']`. */
export function transientError(code: number, errmsg: string): EngineError {
  return new EngineError(code, errmsg, new Map<string, unknown>([['errorLabels', [TRANSIENT_TRANSACTION_ERROR]]]));
}

export function writeConflictError(): EngineError {
  // The 8.0 text of a WriteConflict inside a transaction (plan executor, yielding disabled).
  return transientError(
    112,
    'Caused by :: Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
  );
}

/** `${ns}\0${key}`: one document of one namespace. */
function docKey(ns: string, id: Value): string {
  return `${ns}\u0000${keyOf(id, null)}`;
}

function splitNs(ns: string): { db: string; coll: string } {
  const dot = ns.indexOf('.');
  return { db: ns.slice(0, dot), coll: ns.slice(dot + 1) };
}

/** The `_id` an oplog entry writes (undefined for commands). */
function entryId(entry: Doc): Value | undefined {
  const op = entry.get('op');
  const o = entry.get('o');
  const o2 = entry.get('o2');
  if (op === 'u') return isDoc(o2) ? o2.get('_id') : undefined;
  if (op === 'i' || op === 'd') return isDoc(o) ? o.get('_id') : undefined;
  return undefined;
}

/** The documents (`ns\0key`) written by the oplog entries after `mark`. */
export function writtenKeys(catalog: Catalog, mark: number): string[] {
  const out: string[] = [];
  for (const e of catalog.oplog.entriesSince(mark)) {
    const id = entryId(e);
    const ns = e.get('ns');
    if (id !== undefined && typeof ns === 'string') out.push(docKey(ns, id));
  }
  return out;
}

export class Transaction {
  readonly catalog: Catalog;
  readonly base: CatalogSnapshot;
  /** Oplog size of the copy when the transaction started: later entries are its writes. */
  readonly oplogMark: number;
  /** Written documents, first write first. */
  readonly writes = new Map<string, { ns: string; id: Value }>();
  private baseDocs: Map<string, Doc> | undefined;

  constructor(
    main: Catalog,
    readonly lsid: Doc,
    readonly txnNumber: number,
  ) {
    this.base = main.snapshot();
    this.catalog = new Catalog({ clock: main.clock, newObjectId: main.newObjectId });
    this.catalog.restore(this.base);
    this.oplogMark = this.catalog.oplog.size;
  }

  /** The version of a document when the transaction started (identity-comparable with the main catalog's). */
  private baseDoc(ns: string, id: Value): Doc | undefined {
    if (!this.baseDocs) {
      this.baseDocs = new Map();
      for (const c of this.base.collections) {
        if (c.collection.isOplog) continue;
        const cns = `${c.db}.${c.name}`;
        for (const d of c.documents) this.baseDocs.set(docKey(cns, d.get('_id')!), d);
      }
    }
    return this.baseDocs.get(docKey(ns, id));
  }

  /**
   * Records the documents written since oplog size `mark`; throws 112 when one of them is owned
   * by another open transaction, or changed in the main catalog after this one's snapshot.
   */
  recordWrites(mark: number, others: readonly Transaction[], main: Catalog): void {
    const entries = this.catalog.oplog.entriesSince(mark);
    for (const e of entries) {
      const id = entryId(e);
      const ns = e.get('ns');
      if (id === undefined || typeof ns !== 'string') continue;
      const key = docKey(ns, id);
      if (!this.writes.has(key)) {
        if (others.some((t) => t !== this && t.writes.has(key))) throw writeConflictError();
        const { db, coll } = splitNs(ns);
        const current = main.getCollection(db, coll)?.findById(id);
        if (current !== this.baseDoc(ns, id)) throw writeConflictError();
        this.writes.set(key, { ns, id });
      }
    }
  }

  /** Whether the transaction created a collection (an upsert or insert into a new one, or create). */
  createsCollections(): boolean {
    return this.catalog.oplog
      .entries()
      .slice(this.oplogMark)
      .some((e) => e.get('op') === 'c' && isDoc(e.get('o')) && (e.get('o') as Doc).has('create'));
  }

  /** The documents written, with their version in the transaction (undefined: deleted). */
  writtenDocuments(): { ns: string; doc: Doc | undefined }[] {
    return [...this.writes.values()].map(({ ns, id }) => {
      const { db, coll } = splitNs(ns);
      return { ns, doc: this.catalog.getCollection(db, coll)?.findById(id) };
    });
  }

  /** Puts the transaction's writes into `main` and logs them as one applyOps entry (none when it wrote nothing). */
  commitInto(main: Catalog): void {
    const entries = this.catalog.oplog.entriesSince(this.oplogMark);
    if (entries.length === 0) return;
    // All or nothing: a unique index clash with a document written outside the transaction since
    // (the server would have made one of the two writers conflict) puts everything back.
    const before = main.snapshot();
    try {
      this.apply(main, entries);
    } catch (e) {
      main.restore(before);
      throw e;
    }
  }

  private apply(main: Catalog, entries: readonly Doc[]): void {
    // Collections (and their indexes) created inside the transaction.
    for (const e of entries) {
      const o = e.get('o');
      const ns = e.get('ns');
      if (e.get('op') !== 'c' || !isDoc(o) || typeof ns !== 'string') continue;
      const name = o.get('create');
      const db = splitNs(ns).db;
      if (typeof name !== 'string' || main.getCollection(db, name)) continue;
      const source = this.catalog.getCollection(db, name);
      const options: CollectionOptions = source
        ? {
            validator: source.validator,
            validationLevel: source.validationLevel,
            validationAction: source.validationAction,
            collation: source.collation,
            listedOptions: new Map(source.listedOptions),
          }
        : {};
      const created = main.createCollection(db, name, options);
      // The create is logged inside applyOps, not on its own.
      const own = main.oplog.last();
      if (own) main.oplog.collection.remove(own);
      for (const index of source?.indexes.slice(1) ?? []) created.createIndex(index.definition);
    }
    for (const { ns, id } of this.writes.values()) {
      const { db, coll } = splitNs(ns);
      const target = main.getCollection(db, coll) ?? main.ensureCollection(db, coll).collection;
      const next = this.catalog.getCollection(db, coll)?.findById(id);
      const current = target.findById(id);
      if (next && current) target.replace(current, next);
      else if (next) target.insert(next);
      else if (current) target.remove(current);
    }
    const ops: Doc[] = entries.map((e) => {
      const op: Doc = new Map<string, Value>();
      for (const [k, v] of e) {
        if (k === 'ts' || k === 't' || k === 'v' || k === 'wall') continue;
        if (k === 'ui' && typeof e.get('ns') === 'string') {
          const { db, coll } = splitNs(e.get('ns') as string);
          const name = coll === '$cmd' ? (isDoc(e.get('o')) ? (e.get('o') as Doc).get('create') : undefined) : coll;
          const uuid = typeof name === 'string' ? main.getCollection(db, name)?.uuid : undefined;
          op.set('ui', uuid ?? v);
          continue;
        }
        op.set(k, v);
      }
      return op;
    });
    main.oplog.append({ op: 'c', ns: 'admin.$cmd', o: new Map([['applyOps', ops]]) });
    const appended = main.oplog.last()!;
    // The server stores the session with its owner's `uid` (SHA-256 of the user name; without
    // authentication the playground stands in 32 zero bytes, as $listLocalSessions does).
    const lsid: Doc = new Map(this.lsid);
    if (!lsid.has('uid')) lsid.set('uid', new Binary(new Uint8Array(32), 0));
    const entry: Doc = new Map<string, Value>([
      ['lsid', lsid],
      ['txnNumber', Long.fromNumber(this.txnNumber)],
    ]);
    for (const [k, v] of appended) entry.set(k, v);
    entry.set(
      'prevOpTime',
      new Map<string, Value>([
        ['ts', new Timestamp({ t: 0, i: 0 })],
        ['t', Long.fromNumber(-1)],
      ]),
    );
    main.oplog.collection.remove(appended);
    main.oplog.collection.insert(entry);
  }
}

interface SessionRecord {
  txnNumber: number;
  state: SessionTxnState;
  txn: Transaction | undefined;
}

/** The string identity of a session (`lsid.id`, usually a UUID). */
export function sessionKey(lsid: Value): string {
  if (!isDoc(lsid)) throw fail(2, 'lsid must be an object');
  const id = lsid.get('id');
  if (id === undefined) throw fail(40414, "BSON field 'OperationSessionInfo.lsid.id' is missing but a required field");
  return renderValue(id);
}

export class SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  hasOpenTransactions(): boolean {
    for (const s of this.sessions.values()) if (s.state === 'inProgress') return true;
    return false;
  }

  /** Open transactions (for write-conflict checks). */
  openTransactions(): Transaction[] {
    const out: Transaction[] = [];
    for (const s of this.sessions.values()) if (s.state === 'inProgress' && s.txn) out.push(s.txn);
    return out;
  }

  /** `startTransaction: true` with a txnNumber. */
  start(main: Catalog, lsid: Doc, txnNumber: number): Transaction {
    const key = sessionKey(lsid);
    const rec = this.sessions.get(key);
    if (rec && txnNumber < rec.txnNumber) {
      throw fail(
        225,
        `Cannot start transaction ${txnNumber} on session ${renderValue(lsid)} because a newer transaction ${rec.txnNumber} has already started.`,
      );
    }
    if (rec && txnNumber === rec.txnNumber && rec.state !== 'aborted') {
      throw fail(
        50911,
        `Cannot start a transaction at given transaction number ${txnNumber} a transaction with the same number is in state TxnState::${rec.state === 'inProgress' ? 'InProgress' : 'Committed'}`,
      );
    }
    const txn = new Transaction(main, lsid, txnNumber);
    this.sessions.set(key, { txnNumber, state: 'inProgress', txn });
    return txn;
  }

  /** The open transaction a continuing statement (or commit/abort) names; the server's errors otherwise. */
  continueTxn(
    lsid: Doc,
    txnNumber: number,
    commandName: string,
  ): { txn: Transaction | undefined; state: SessionTxnState } {
    const rec = this.sessions.get(sessionKey(lsid));
    const active = rec?.txnNumber ?? -1;
    if (!rec || rec.txnNumber !== txnNumber) {
      throw this.labelled(
        251,
        `Given transaction number ${txnNumber} does not match any in-progress transactions. The active transaction number is ${active}`,
        commandName,
      );
    }
    if (rec.state === 'aborted') {
      throw this.labelled(251, `Transaction with { txnNumber: ${txnNumber} } has been aborted.`, commandName);
    }
    if (rec.state === 'committed' && commandName !== 'commitTransaction') {
      throw fail(256, `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
    }
    return { txn: rec.txn, state: rec.state };
  }

  private labelled(code: number, errmsg: string, commandName: string): EngineError {
    // NoSuchTransaction is transient except on commit (its result may be unknown to the client).
    return commandName === 'commitTransaction' ? fail(code, errmsg) : transientError(code, errmsg);
  }

  finish(lsid: Doc, state: 'committed' | 'aborted'): void {
    const rec = this.sessions.get(sessionKey(lsid));
    if (rec) {
      rec.state = state;
      rec.txn = undefined;
    }
  }

  /** Aborts every open transaction (deployment reset). */
  abortAll(): void {
    for (const s of this.sessions.values()) {
      if (s.state === 'inProgress') {
        s.state = 'aborted';
        s.txn = undefined;
      }
    }
  }

  /** `endSessions`: forgets sessions (their open transactions are aborted). */
  end(lsids: readonly Value[]): void {
    for (const l of lsids) {
      try {
        this.sessions.delete(sessionKey(l));
      } catch {
        // not a session document: ignored, as the server ignores unknown sessions
      }
    }
  }
}

/** Commands a transaction may run (others: 263 OperationNotSupportedInTransaction). */
export const TRANSACTION_COMMANDS: ReadonlySet<string> = new Set([
  'find',
  'getMore',
  'killCursors',
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'aggregate',
  'distinct',
  'create',
  'createIndexes',
  'bulkWrite',
  'commitTransaction',
  'abortTransaction',
]);
