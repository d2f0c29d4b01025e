/**
 * `local.oplog.rs`: one entry per write, in the server's envelope field order (server-facts §1.1)
 *
 *   {op, ns, ui, o, o2?, ts: Timestamp (increasing), t: Long(1), v: Long(2), wall: Date}
 *
 * op: 'i' insert (o = document, o2 = {_id}), 'u' update (o = {$v: 2, diff} or the replacement,
 * o2 = {_id}), 'd' delete (o = {_id}), 'c' command (ns = 'db.$cmd', o = the command).
 * The entries live in a read-only collection so `find` on local.oplog.rs works like any other;
 * it stores them compactly and builds each envelope document when first read (oplog-records.ts).
 */
import type { Binary } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { Clock } from './clock.js';
import type { Collection } from './collection.js';
import { TopLevelDiff } from '../oplog/top-level-diff.js';
import {
  CompactOplogEntry,
  type DeferredDoc,
  type OplogEntryList,
  type OplogOp,
  type OplogRecords,
} from './oplog-records.js';

export type { OplogOp };

export interface OplogEntryInput {
  readonly op: OplogOp;
  readonly ns: string;
  readonly ui?: Binary | undefined;
  /** The document, or a builder of it (read when the entry is first read). */
  readonly o: Doc | DeferredDoc;
  /** `o2` as a document. */
  readonly o2?: Doc | undefined;
  /** `o2` is `{_id: o2Id}` (built when read): writes of documents pass their `_id` alone. */
  readonly o2Id?: Value | undefined;
  /**
   * An update's stored post-image (`o2Id` is its `_id`): when `o` is a top-level diff of values it
   * holds, runs of such entries share one record (oplog-update-batch.ts).
   */
  readonly post?: Doc | undefined;
}

export class OplogStore {
  private readonly records: OplogRecords;

  constructor(
    private readonly clock: Clock,
    /** The `local.oplog.rs` collection (created with `oplog: true`). */
    readonly collection: Collection,
  ) {
    this.records = collection.oplogRecords();
  }

  /** Appends an entry, filling ts/t/v/wall (read it back with `last()`). */
  append(entry: OplogEntryInput): void {
    const { op, o, post } = entry;
    if (op === 'u' && post !== undefined && entry.o2 === undefined) {
      this.appendUpdate(entry.ns, entry.ui, o, entry.o2Id, post);
      return;
    }
    const wallMs = this.clock.reserveTick();
    const { seconds, increment } = this.clock.tick;
    const rid = this.collection.takeOplogRecordId();
    this.records.push(
      new CompactOplogEntry(op, entry.ns, entry.ui, o, entry.o2, entry.o2Id, seconds, increment, wallMs),
      rid,
    );
  }

  /**
   * `append({op: 'u', ns, ui, o, o2Id, post})` without the entry object (one per updated
   * document): the same record.
   */
  appendUpdate(ns: string, ui: Binary | undefined, o: Doc | DeferredDoc, o2Id: Value | undefined, post: Doc): void {
    const wallMs = this.clock.reserveTick();
    const { seconds, increment } = this.clock.tick;
    const rid = this.collection.takeOplogRecordId();
    if (o2Id !== undefined && o instanceof TopLevelDiff) {
      this.records.pushUpdate(ns, ui, o2Id, post, o, rid, seconds, increment, wallMs);
      return;
    }
    this.records.push(new CompactOplogEntry('u', ns, ui, o, undefined, o2Id, seconds, increment, wallMs), rid);
  }

  /** The newest entry (O(1)). */
  last(): Doc | undefined {
    return this.collection.lastDocument();
  }

  /** The newest entry's `ts` (O(1), builds no document): the last optime. */
  lastTimestamp(): Value | undefined {
    return this.collection.lastOplogTimestamp();
  }

  /** The entries after the first `mark` ones (a size read before a command: its own entries). */
  entriesSince(mark: number): Doc[] {
    return this.collection.documentsFrom(mark);
  }

  /**
   * The entries after the first `mark` ones, each built only when read: they stay readable after
   * a journal's rollback takes them out of the oplog (a dry run's entries).
   */
  listSince(mark: number): OplogEntryList {
    return this.collection.oplogListFrom(mark);
  }

  /** Every entry, oldest first. */
  entries(): Doc[] {
    return this.collection.snapshot();
  }

  get size(): number {
    return this.collection.count;
  }
}
