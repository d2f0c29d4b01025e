/**
 * `local.oplog.rs`: one entry per write, in the server's envelope field order (server-facts §1.1)
 *
 *   {op, ns, ui, o, o2?, ts: Timestamp (increasing), t: Long(1), v: Long(2), wall: Date}
 *
 * op: 'i' insert (o = document, o2 = {_id}), 'u' update (o = {$v: 2, diff} or the replacement,
 * o2 = {_id}), 'd' delete (o = {_id}), 'c' command (ns = 'db.$cmd', o = the command).
 * The entries live in a read-only collection so `find` on local.oplog.rs works like any other.
 */
import { Long, type Binary } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { Clock } from './clock.js';
import type { Collection } from './collection.js';

export type OplogOp = 'i' | 'u' | 'd' | 'c' | 'n';

export interface OplogEntryInput {
  readonly op: OplogOp;
  readonly ns: string;
  readonly ui?: Binary | undefined;
  readonly o: Doc;
  readonly o2?: Doc | undefined;
}

export class OplogStore {
  constructor(
    private readonly clock: Clock,
    /** The `local.oplog.rs` collection (created with `oplog: true`). */
    readonly collection: Collection,
  ) {}

  /** Appends an entry, filling ts/t/v/wall. Returns the stored entry. */
  append(entry: OplogEntryInput): Doc {
    const doc: Doc = new Map<string, Value>([
      ['op', entry.op],
      ['ns', entry.ns],
    ]);
    if (entry.ui !== undefined) doc.set('ui', entry.ui);
    doc.set('o', entry.o);
    if (entry.o2 !== undefined) doc.set('o2', entry.o2);
    doc.set('ts', this.clock.nextTimestamp());
    doc.set('t', Long.fromNumber(1));
    doc.set('v', Long.fromNumber(2));
    doc.set('wall', this.clock.now());
    return this.collection.insert(doc);
  }

  /** The newest entry (O(1)). */
  last(): Doc | undefined {
    return this.collection.lastDocument();
  }

  /** The entries after the first `mark` ones (a size read before a command: its own entries). */
  entriesSince(mark: number): Doc[] {
    return this.collection.documentsFrom(mark);
  }

  /** Every entry, oldest first. */
  entries(): Doc[] {
    return this.collection.snapshot();
  }

  get size(): number {
    return this.collection.count;
  }
}
