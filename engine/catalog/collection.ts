/**
 * A collection: documents in natural (insertion) order plus its indexes.
 *
 * Records live in a `RecordStore` (arrays by record id): natural order is record-id order,
 * replacing a record keeps its place (updates never move a document, as with WiredTiger's RecordId
 * order). Stored documents are never mutated: `replace` stores a new version. The indexes are a
 * `CollectionIndexes` (collection-indexes.ts); the `_id_` index (always present, unique) makes
 * `findById` an O(1) hash lookup.
 *
 * This class is storage only: it enforces `_id` rules and unique indexes, but runs no validator
 * and writes no oplog entry; engine/catalog/writes.ts wraps it with both.
 */
import { ObjectId, type Binary } from 'bson';
import type { CollectionOptions, ValidationAction, ValidationLevel } from './collection-options.js';
import type { Collator } from '../bson/compare.js';
import { bsonSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { CollationInfo } from './collation-info.js';
import { withIdFirst } from './id-field.js';
import { CollectionIndexes } from './collection-indexes.js';
import { idIndexDefinition, type IndexDefinition } from './index-definition.js';
import { IndexStore, type KeySet } from './index-store.js';
import { OplogRecords, type OplogContents, type OplogEntryList } from './oplog-records.js';
import type { RecordJournal } from './record-journal.js';
import { RecordStore } from './record-store.js';
import { storedLayout } from '../bson/shaped-doc.js';

export {
  newUuid,
  type CollectionOptions,
  type ValidationAction,
  type ValidationLevel,
} from './collection-options.js';

export class Collection {
  readonly db: string;
  readonly name: string;
  /** `db.name` (spelled once: every write's oplog entry and error names it). */
  readonly ns: string;
  readonly uuid: Binary;
  validator: Doc | undefined;
  validationLevel: ValidationLevel;
  validationAction: ValidationAction;
  /** Default collation (null = simple); also the `_id_` index's collation. */
  readonly collation: CollationInfo | null;
  /** True for `local.oplog.rs`. */
  readonly isOplog: boolean;
  /** The `options` document listCollections shows; create and collMod keep it current. */
  listedOptions: Doc;

  /** Documents by record id, with their sizes (every collection but the oplog). */
  private readonly records = new RecordStore();
  /**
   * The oplog's storage instead of `records`: compact entries in natural order, so appending is
   * cheap, the newest entry and the entries after a position are O(1)/O(k) (replies read the last
   * optime after every write). Other collections find a record id through the `_id_` index or
   * the scan that found the document.
   */
  private readonly log: OplogRecords | undefined;
  private nextRid = 1;
  private readonly indexList: CollectionIndexes;
  /** Open catalog journals' undo log (catalog/journal.ts); undefined when none is open. */
  journal: RecordJournal | undefined = undefined;

  constructor(db: string, name: string, uuid: Binary, options: CollectionOptions = {}) {
    this.db = db;
    this.name = name;
    this.ns = `${db}.${name}`;
    this.uuid = uuid;
    this.validator = options.validator;
    this.validationLevel = options.validationLevel ?? 'strict';
    this.validationAction = options.validationAction ?? 'error';
    this.collation = options.collation ?? null;
    this.isOplog = options.oplog ?? false;
    this.listedOptions = options.listedOptions ?? new Map();
    this.indexList = new CollectionIndexes(this.isOplog ? [] : [new IndexStore(idIndexDefinition(this.collation))]);
    this.log = this.isOplog ? new OplogRecords() : undefined;
  }

  /** The default collator (null = simple binary comparison). */
  get collator(): Collator | null {
    return this.collation?.collator ?? null;
  }

  get count(): number {
    return this.log ? this.log.count : this.records.count;
  }

  /** Live iterator in natural order. Collect first (`snapshot()`) if you insert while iterating. */
  documents(): IterableIterator<Doc> {
    return this.log ? this.log.documents() : this.records.values();
  }

  /** The documents in natural order, as an array. */
  snapshot(): Doc[] {
    return this.log ? this.log.slice(0) : this.records.toArray();
  }

  /** The last document in natural order (O(1) for the oplog). */
  lastDocument(): Doc | undefined {
    if (this.log) return this.log.count === 0 ? undefined : this.log.at(this.log.count - 1);
    let last: Doc | undefined;
    for (const d of this.records.values()) last = d;
    return last;
  }

  /** The oplog only: the newest entry's `ts`, without building its document. */
  lastOplogTimestamp(): Value | undefined {
    return this.log?.lastTimestamp();
  }

  /** The documents after the first `position` ones, in natural order (O(k) for the oplog). */
  documentsFrom(position: number): Doc[] {
    if (this.log) return this.log.slice(position);
    return this.snapshot().slice(position);
  }

  /** The oplog only: the entries after the first `position` ones, each built when read. */
  oplogListFrom(position: number): OplogEntryList {
    if (!this.log) throw fail(1, 'oplogListFrom: not the oplog');
    return this.log.listFrom(position);
  }

  /** The documents in natural order with their record ids (a snapshot). */
  scan(): { docs: Doc[]; rids: number[] } {
    if (this.log) return { docs: this.log.slice(0), rids: [...this.log.recordIds()] };
    const docs: Doc[] = [];
    const rids: number[] = [];
    this.records.collect(docs, rids);
    return { docs, rids };
  }

  /**
   * The documents in natural order with their record ids, each read when reached (record-store.ts
   * `forEachRecord`: the visitor may replace the visited record); the oplog walks a snapshot.
   * `visit` returns false to stop.
   */
  forEachRecord(visit: (doc: Doc, rid: number) => boolean): void {
    if (!this.log) return this.records.forEachRecord(visit);
    const { docs, rids } = this.scan();
    for (let i = 0; i < docs.length; i++) if (!visit(docs[i]!, rids[i]!)) return;
  }

  /** Record ids in natural order (for planners that need positions). */
  recordIds(): IterableIterator<number> {
    return this.log ? this.log.recordIds() : this.records.ids();
  }

  documentAt(rid: number): Doc | undefined {
    if (this.log) {
      const at = this.log.positionOfRid(rid);
      return at < 0 ? undefined : this.log.at(at);
    }
    return this.records.get(rid);
  }

  /**
   * The BSON size of the stored document `doc` (record `rid` when known): kept from its write, or
   * measured once and kept.
   */
  recordSize(doc: Doc, rid?: number): number {
    return this.log ? bsonSize(doc) : this.records.sizeOf(doc, rid);
  }

  /** The stored documents' sizes in natural order, as far as known (-1: not yet measured). */
  knownSizes(): number[] {
    return this.log ? [] : this.records.knownSizes();
  }

  /** The record id of a stored document (this very object), or undefined. */
  recordIdOf(doc: Doc): number | undefined {
    if (this.log) {
      const at = this.log.positionOf(doc);
      return at < 0 ? undefined : this.log.recordIdAt(at);
    }
    const id = doc.get('_id');
    if (id === undefined) return undefined;
    for (const rid of this.indexList.stores[0]!.lookup([id])) if (this.records.get(rid) === doc) return rid;
    return undefined;
  }

  /** O(1): the record id of the document whose `_id` equals `id` (default collation). */
  recordIdById(id: Value): number | undefined {
    const idIndex = this.indexList.stores[0];
    return idIndex ? idIndex.lookupFirst([id]) : undefined;
  }

  /** O(1): the document whose `_id` equals `id` (under the collection's default collation). */
  findById(id: Value): Doc | undefined {
    const rid = this.recordIdById(id);
    return rid === undefined ? undefined : this.records.get(rid);
  }

  get idIndex(): IndexStore {
    return this.indexList.stores[0]!;
  }

  /** Indexes in creation order, `_id_` first. */
  get indexes(): readonly IndexStore[] {
    return this.indexList.stores;
  }

  /** An index by name, or by key pattern (first match, as `hint: {a: 1}` resolves). */
  findIndex(nameOrKey: string | Doc): IndexStore | undefined {
    return this.indexList.find(nameOrKey);
  }

  /**
   * Stores a new document (`_id` generated/moved first; refused `_id` → 53). Throws 11000 on a
   * unique-index conflict and leaves the collection unchanged. Returns the stored document.
   */
  insert(doc: Doc, generateId: () => ObjectId = () => new ObjectId(), size?: number): Doc {
    const withId = this.isOplog ? doc : withIdFirst(doc, generateId);
    // Stored documents take the shaped layout (bson/shaped-doc.ts): updates then copy an array, not a hash table.
    const stored = this.isOplog ? doc : storedLayout(withId);
    // Keys first (171 parallel arrays, 11000 duplicates), so a failure changes nothing.
    const keySets = this.indexList.stores.map((index) => {
      const keys = index.computeKeys(stored);
      index.checkUniqueKeys(keys, this.ns, null);
      return keys;
    });
    const rid = this.nextRid++;
    if (this.log) this.log.push(stored, rid);
    else {
      this.records.set(rid, stored, size !== undefined && withId === doc ? size : -1);
      this.journal?.entries.push({ kind: 'insert', collection: this, rid });
    }
    this.indexList.stores.forEach((index, i) => index.addKeys(keySets[i]!, rid));
    return stored;
  }

  /** The oplog only: the record id of the next entry (ids rise with position). */
  takeOplogRecordId(): number {
    if (!this.log) throw fail(1, 'takeOplogRecordId: not the oplog');
    return this.nextRid++;
  }

  /** The oplog only: its contents, to put back with `restoreOplog` (entries are shared). */
  oplogContents(): OplogContents {
    if (!this.log) throw fail(1, 'oplogContents: not the oplog');
    return this.log.contents();
  }

  /** The oplog only: the records (a journal watches them for rewrites and truncates them back). */
  oplogRecords(): OplogRecords {
    if (!this.log) throw fail(1, 'oplogRecords: not the oplog');
    return this.log;
  }

  /** The oplog only: replaces every entry with `contents`. */
  restoreOplog(contents: OplogContents): void {
    if (!this.log) throw fail(1, 'restoreOplog: not the oplog');
    this.log.restore(contents);
    this.nextRid = Math.max(this.nextRid, (contents.rids.at(-1) ?? 0) + 1);
  }

  /**
   * Replaces a stored document in place (same natural position). `_id` is moved first; a new
   * document without `_id` keeps the old one's. Throws 11000 and changes nothing on conflict.
   * What the writer knows (`ReplaceHint`'s parts, as arguments: no object per write): the record
   * id the scan found (checked), the modified paths (indexes they miss keep their entries), the
   * new version's size.
   */
  replace(oldDoc: Doc, newDoc: Doc, ridHint?: number, modified?: readonly string[], size?: number): Doc {
    const rid = ridHint !== undefined && this.documentAt(ridHint) === oldDoc ? ridHint : this.recordIdOf(oldDoc);
    if (rid === undefined) throw fail(1, 'replace: document is not in the collection');
    let next = newDoc;
    if (!next.has('_id')) {
      next = new Map<string, Value>([['_id', oldDoc.get('_id')!]]);
      for (const [k, v] of newDoc) next.set(k, v);
    }
    const withId = withIdFirst(next);
    const stored = this.log ? withId : storedLayout(withId);
    // An index none of whose paths the update touched has the same keys (UpdateIndexData::
    // mightBeIndexed); the others are recomputed and checked for uniqueness first.
    // Allocated only when some index is affected (an update of unindexed fields re-keys nothing).
    let keySets: (KeySet | undefined)[] | undefined;
    for (let i = 0; i < this.indexList.stores.length; i++) {
      const index = this.indexList.stores[i]!;
      if (modified !== undefined && !index.mightBeAffectedBy(modified)) continue;
      const keys = index.computeKeys(stored);
      index.checkUniqueKeys(keys, this.ns, rid);
      (keySets ??= [])[i] = keys;
    }
    if (this.log) this.log.replaceAt(this.log.positionOf(oldDoc), stored);
    else {
      this.journal?.entries.push({
        kind: 'replace',
        collection: this,
        rid,
        doc: oldDoc,
        size: this.records.knownSize(rid),
        rekeyed: this.indexList.rekeyed(keySets),
      });
      this.records.set(rid, stored, size !== undefined && withId === newDoc ? size : -1);
    }
    // Entries hold record ids, not documents: an index whose keys did not change (always `_id_`)
    // keeps its entries.
    if (keySets !== undefined) {
      for (let i = 0; i < this.indexList.stores.length; i++) {
        const keys = keySets[i];
        if (keys !== undefined) this.indexList.stores[i]!.replaceKeys(keys, rid);
      }
    }
    return stored;
  }

  /** Removes a stored document. Returns false when it was not there. */
  remove(doc: Doc): boolean {
    const rid = this.recordIdOf(doc);
    if (rid === undefined) return false;
    for (const index of this.indexList.stores) index.remove(doc, rid);
    // Oplog removals take back the newest entries (transactions, sharded key rewrites).
    if (this.log) this.log.removeAt(this.log.positionOf(doc));
    else {
      this.journal?.entries.push({ kind: 'remove', collection: this, rid, doc, size: this.records.knownSize(rid) });
      this.records.delete(rid);
    }
    return true;
  }

  /** Removes every document (indexes stay). */
  truncate(): void {
    if (this.journal && !this.log)
      this.journal.entries.push({ kind: 'truncate', collection: this, ...this.records.copy() });
    this.records.clear();
    this.log?.clear();
    for (const index of this.indexList.stores) index.clear();
  }

  /**
   * Adds an index and builds it over the existing documents. Returns false when an identical
   * index already exists; conflicts and unique builds as `CollectionIndexes.add`.
   */
  createIndex(definition: IndexDefinition): boolean {
    if (!this.indexList.add(definition, () => this.records.entries(), this.ns)) return false;
    this.journal?.indexesChanged.add(this);
    return true;
  }

  /** Drops an index by name. `_id_` cannot be dropped (code 72). Missing → 27. */
  dropIndex(name: string): IndexDefinition {
    const removed = this.indexList.drop(name);
    this.journal?.indexesChanged.add(this);
    return removed;
  }

  // ---- Undo (catalog/journal.ts rolls a journal back through these, newest write first) ----

  /** Takes back an insert of record `rid`. */
  undoInsert(rid: number): void {
    const doc = this.records.get(rid);
    if (doc === undefined) return;
    for (const index of this.indexList.stores) index.remove(doc, rid);
    this.records.delete(rid);
  }

  /**
   * Puts back the version `doc` (of BSON size `size`, -1 unknown) of replaced record `rid`. Only the indexes the replace re-keyed are re-keyed back (still
   * present ones: a dropped index is rebuilt by the journal): the others kept `doc`'s keys.
   */
  undoReplace(rid: number, doc: Doc, size: number, rekeyed: readonly IndexStore[]): void {
    this.records.set(rid, doc, size);
    for (const index of rekeyed) if (this.indexList.stores.includes(index)) index.replaceKeys(index.computeKeys(doc), rid);
  }

  /**
   * Puts back a removed record. Natural order is record id order, so the caller restores the
   * order with `restoreRecordOrder` once every removal is undone.
   */
  undoRemove(rid: number, doc: Doc, size: number): void {
    this.records.set(rid, doc, size);
    for (const index of this.indexList.stores) index.addKeys(index.computeKeys(doc), rid);
  }

  /** Puts back the records a truncate removed (the collection is empty again at this point). */
  undoTruncate(records: ReadonlyMap<number, Doc>, sizes: ReadonlyMap<number, number>): void {
    for (const [rid, doc] of records) {
      this.records.set(rid, doc, sizes.get(rid) ?? -1);
      for (const index of this.indexList.stores) index.addKeys(index.computeKeys(doc), rid);
    }
  }

  /** Natural order (ascending record ids: inserts append, replaces keep their place) after undoing removals. */
  restoreRecordOrder(): void {
    this.records.restoreOrder();
  }

  /** The index stores (for a journal to put back after createIndex/dropIndex). */
  indexStoreList(): readonly IndexStore[] {
    return this.indexList.stores.slice();
  }

  /** Puts back the indexes a journal saw (`CollectionIndexes.restore`). */
  restoreIndexes(stores: readonly IndexStore[]): void {
    this.indexList.restore(stores, () => this.records.entries());
  }
}
