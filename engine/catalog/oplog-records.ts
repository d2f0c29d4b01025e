/**
 * The oplog's storage. A write appends a compact record (its fields as they were written: the
 * cluster time as two numbers, the wall time in ms, `o2` as the `_id` it wraps, `o` possibly
 * deferred; one object per write: no envelope `Map`, no `{_id}`, no `Long`s, no `Timestamp`, no
 * `Date`, as an `updateMany` keeps every entry it writes until they are read); the envelope document
 * every reader sees —
 *
 *   {op, ns, ui?, o, o2?, ts, t: Long(1), v: Long(2), wall}
 *
 * — is built the first time the entry is read and then kept in its place, so an entry has one
 * identity from then on (transactions and sharded rewrites remove entries they read). Entries
 * written as documents (those rewrites) are stored as given. Record ids rise with position.
 */
import { Timestamp, type Binary } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { TopLevelDiff } from '../oplog/top-level-diff.js';
import { envelope, type OplogOp } from './oplog-envelope.js';
import { ChunkedList } from './chunked-list.js';
import { UpdateOplogBatch } from './oplog-update-batch.js';

export type { OplogOp };

/**
 * An `o` built when the entry is first read (the update's `$v: 2` diff builder). `build` returns
 * the same document every time it is called.
 */
export interface DeferredDoc {
  build(): Doc;
}

/** An entry before its envelope document is built. */
export class CompactOplogEntry {
  constructor(
    readonly op: OplogOp,
    readonly ns: string,
    readonly ui: Binary | undefined,
    readonly o: Doc | DeferredDoc,
    /** `o2` as written, when it is not `{_id: o2Id}`. */
    readonly o2: Doc | undefined,
    /** `o2` is `{_id: o2Id}` when set (kept as the id alone). */
    readonly o2Id: Value | undefined,
    /** `ts`: seconds and increment. */
    readonly tsSeconds: number,
    readonly tsIncrement: number,
    /** `wall` in ms since the epoch. */
    readonly wallMs: number,
  ) {}

  get ts(): Timestamp {
    return new Timestamp({ t: this.tsSeconds, i: this.tsIncrement });
  }

  envelope(): Doc {
    const o = this.o instanceof Map ? this.o : this.o.build();
    return envelope(this.op, this.ns, this.ui, o, this.o2, this.o2Id, this.tsSeconds, this.tsIncrement, this.wallMs);
  }
}

/**
 * A slot of the log: an entry's document (built, or written as a document), its compact record,
 * or the run of update entries it belongs to (its record id tells which of the run's entries).
 */
type Item = Doc | CompactOplogEntry | UpdateOplogBatch;

/** A copy of the oplog's contents (items are immutable; sharing them is safe) with their record ids. */
export interface OplogContents {
  readonly items: readonly Item[];
  readonly rids: readonly number[];
}

/** The document of the entry in a slot (built anew from a compact record or a run). */
function build(item: CompactOplogEntry | UpdateOplogBatch, rid: number): Doc {
  return item instanceof UpdateOplogBatch ? item.entryAt(rid - item.firstRid) : item.envelope();
}

/**
 * Entries read later than they were written: a dry run keeps its entries past its rollback, and
 * a preview of 10,000 updates shows a page of them. Each is built on its first read and kept.
 */
export class OplogEntryList {
  constructor(
    private readonly items: Item[],
    private readonly rids: readonly number[],
  ) {}

  get length(): number {
    return this.items.length;
  }

  at(i: number): Doc | undefined {
    const item = this.items[i];
    if (item === undefined || item instanceof Map) return item;
    const doc = build(item, this.rids[i]!);
    this.items[i] = doc;
    return doc;
  }
}

export class OplogRecords {
  /** The slots and their record ids, in chunks: appending never copies the log (chunked-list.ts). */
  private items = new ChunkedList<Item>();
  private rids = new ChunkedList<number>();

  get count(): number {
    return this.items.length;
  }

  push(item: Doc | CompactOplogEntry, rid: number): void {
    this.items.push(item);
    this.rids.push(rid);
  }

  /**
   * Appends an update entry whose `o` is a top-level diff of the stored post-image `post`: to the
   * run of update entries in the last slot when it continues it, else as a new run, else (the
   * entry cannot be read back from `post`) as a compact record.
   */
  pushUpdate(
    ns: string,
    ui: Binary | undefined,
    o2Id: Value,
    post: Doc,
    diff: TopLevelDiff,
    rid: number,
    tsSeconds: number,
    tsIncrement: number,
    wallMs: number,
  ): void {
    const last = this.items.last();
    // A run's entry k is written once, as record id firstRid + k: a log restored or rolled back to a
    // prefix of the run continues it only with the next id, which no other log holds.
    if (
      last instanceof UpdateOplogBatch &&
      last.tryAdd(ns, ui, o2Id, post, diff, rid, tsSeconds, tsIncrement, wallMs)
    ) {
      this.items.push(last);
      this.rids.push(rid);
      return;
    }
    const run = UpdateOplogBatch.start(ns, ui, o2Id, post, diff, rid, tsSeconds, tsIncrement, wallMs);
    this.items.push(run ?? new CompactOplogEntry('u', ns, ui, diff, undefined, o2Id, tsSeconds, tsIncrement, wallMs));
    this.rids.push(rid);
  }

  /** The entry at a position, as the envelope document (built once, then kept). */
  at(i: number): Doc {
    const item = this.items.get(i)!;
    if (item instanceof Map) return item;
    const doc = build(item, this.rids.get(i)!);
    this.items.set(i, doc);
    return doc;
  }

  /** The `ts` of the newest entry without building its document. */
  lastTimestamp(): Value | undefined {
    const item = this.items.last();
    if (item === undefined) return undefined;
    if (item instanceof Map) return item.get('ts');
    if (item instanceof CompactOplogEntry) return item.ts;
    const k = this.rids.last()! - item.firstRid;
    return new Timestamp({ t: item.tsSeconds, i: item.incrementAt(k) });
  }

  slice(from: number): Doc[] {
    const out: Doc[] = [];
    for (let i = Math.max(0, from); i < this.items.length; i++) out.push(this.at(i));
    return out;
  }

  /** The entries from position `from` on, built when read (`OplogEntryList`). */
  listFrom(from: number): OplogEntryList {
    return new OplogEntryList(this.items.slice(Math.max(0, from)), this.rids.slice(Math.max(0, from)));
  }

  *documents(): IterableIterator<Doc> {
    for (let i = 0; i < this.items.length; i++) yield this.at(i);
  }

  recordIds(): IterableIterator<number> {
    return this.rids.values();
  }

  recordIdAt(i: number): number {
    return this.rids.get(i)!;
  }

  /** The position of a record id (ids rise with position), or -1. */
  positionOfRid(rid: number): number {
    let lo = 0;
    let hi = this.rids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.rids.get(mid)!;
      if (r === rid) return mid;
      if (r < rid) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The position of this very document (an entry read before), newest first; -1 when absent. */
  positionOf(doc: Doc): number {
    for (let i = this.items.length - 1; i >= 0; i--) if (this.items.get(i) === doc) return i;
    return -1;
  }

  /**
   * Called before an entry is removed or replaced, or the log cleared (an open journal saves the
   * entries it must put back: catalog/journal.ts). Appending does not call it.
   */
  beforeRewrite: (() => void) | undefined = undefined;

  /** Keeps the first `count` entries (a journal's rollback when nothing before them changed). */
  truncate(count: number): void {
    this.items.truncate(count);
    this.rids.truncate(count);
  }

  removeAt(i: number): void {
    this.beforeRewrite?.();
    this.items.removeAt(i);
    this.rids.removeAt(i);
  }

  replaceAt(i: number, doc: Doc): void {
    this.beforeRewrite?.();
    this.items.set(i, doc);
  }

  clear(): void {
    this.beforeRewrite?.();
    this.items = new ChunkedList();
    this.rids = new ChunkedList();
  }

  contents(): OplogContents {
    return { items: this.items.slice(0), rids: this.rids.slice(0) };
  }

  /** Replaces every entry with `contents` (their record ids kept). */
  restore(contents: OplogContents): void {
    this.clear();
    this.items = ChunkedList.from(contents.items);
    this.rids = ChunkedList.from(contents.rids);
  }
}
