/**
 * Dry runs and undo without copying the catalog: a journal records what each write overwrote
 * (record-journal.ts) and what the catalog looked like when it began (its collections and their
 * options and indexes: O(collections), not O(documents)), so `rollback()` costs the writes made
 * since, and `commit()` keeps them.
 *
 *   const journal = catalog.beginJournal();
 *   try { run(); } finally { journal.rollback(); }   // a preview
 *
 * A rollback puts back every document (same objects, same natural order), every index's entries,
 * collection options, the set of collections, and the oplog's entries; open cursors are closed,
 * as `Catalog.restore` does. Journals nest (an inner rollback undoes only its own writes). Writes
 * to collections created after a journal began are not recorded: a rollback drops those
 * collections. Catalog snapshots (`snapshot`/`restore`, used by transactions) may run inside a
 * journal: they replace collection objects and leave the journaled ones untouched.
 */
import type { Doc } from '../bson/values.js';
import type { Collection, ValidationAction, ValidationLevel } from './collection.js';
import type { IndexStore } from './index-store.js';
import type { OplogContents, OplogRecords } from './oplog-records.js';
import { RecordJournal } from './record-journal.js';

interface CollectionState {
  readonly collection: Collection;
  readonly validator: Doc | undefined;
  readonly validationLevel: ValidationLevel;
  readonly validationAction: ValidationAction;
  readonly listedOptions: Doc;
  readonly indexes: readonly IndexStore[];
  readonly multikey: readonly boolean[];
}

/** What a journal needs from the catalog (implemented by Catalog). */
export interface JournalHost {
  /** db name → collection name → collection (the live structure; a journal copies it). */
  structure(): Map<string, Map<string, Collection>>;
  setStructure(dbs: Map<string, Map<string, Collection>>): void;
  readonly oplogRecords: OplogRecords;
  restoreOplog(contents: OplogContents): void;
  closeCursors(): void;
  /** The open journals' shared undo log, created by the outermost journal. */
  journalLog(): RecordJournal | undefined;
  setJournalLog(log: RecordJournal | undefined): void;
}

export class CatalogJournal {
  private readonly log: RecordJournal;
  private readonly mark: number;
  private readonly outermost: boolean;
  private readonly dbs: Map<string, Map<string, Collection>>;
  private readonly states: CollectionState[] = [];
  private readonly oplogCount: number;
  /** The oplog's entries, saved before the first removal or rewrite since the journal began. */
  private oplogSaved: OplogContents | undefined;
  private readonly previousGuard: (() => void) | undefined;
  private open = true;

  constructor(private readonly host: JournalHost) {
    const current = host.journalLog();
    this.outermost = current === undefined;
    this.log = current ?? new RecordJournal();
    host.setJournalLog(this.log);
    this.mark = this.log.entries.length;
    const live = host.structure();
    this.dbs = new Map([...live].map(([db, colls]) => [db, new Map(colls)]));
    for (const colls of live.values()) {
      for (const c of colls.values()) {
        if (c.isOplog) continue;
        const indexes = c.indexStoreList();
        this.states.push({
          collection: c,
          validator: c.validator,
          validationLevel: c.validationLevel,
          validationAction: c.validationAction,
          listedOptions: new Map(c.listedOptions),
          indexes,
          multikey: indexes.map((i) => i.multikey),
        });
        c.journal = this.log;
      }
    }
    const oplog = host.oplogRecords;
    this.oplogCount = oplog.count;
    this.previousGuard = oplog.beforeRewrite;
    oplog.beforeRewrite = () => {
      this.oplogSaved ??= oplog.contents();
      this.previousGuard?.();
    };
  }

  /** Keeps every write made since the journal began. */
  commit(): void {
    this.close();
  }

  /** Undoes every write made since the journal began (newest first) and closes the journal. */
  rollback(): void {
    if (!this.open) return;
    const entries = this.log.entries;
    const touched = new Set<Collection>();
    for (let i = entries.length - 1; i >= this.mark; i--) {
      const e = entries[i]!;
      touched.add(e.collection);
      if (e.kind === 'insert') e.collection.undoInsert(e.rid);
      else if (e.kind === 'replace') e.collection.undoReplace(e.rid, e.doc, e.size, e.rekeyed);
      else if (e.kind === 'remove') e.collection.undoRemove(e.rid, e.doc, e.size);
      else e.collection.undoTruncate(e.records, e.sizes);
    }
    entries.length = this.mark;
    for (const c of touched) c.restoreRecordOrder();
    for (const s of this.states) {
      const c = s.collection;
      c.validator = s.validator;
      c.validationLevel = s.validationLevel;
      c.validationAction = s.validationAction;
      c.listedOptions = new Map(s.listedOptions);
      if (this.log.indexesChanged.has(c) || !sameStores(c.indexStoreList(), s.indexes)) c.restoreIndexes(s.indexes);
      c.indexes.forEach((index, i) => (index.multikey = s.multikey[i]!));
    }
    this.host.setStructure(new Map([...this.dbs].map(([db, colls]) => [db, new Map(colls)])));
    const oplog = this.host.oplogRecords;
    if (this.oplogSaved === undefined) oplog.truncate(this.oplogCount);
    else {
      // An enclosing journal saves what it must put back before this rewrite.
      this.previousGuard?.();
      oplog.beforeRewrite = undefined;
      this.host.restoreOplog({
        items: this.oplogSaved.items.slice(0, this.oplogCount),
        rids: this.oplogSaved.rids.slice(0, this.oplogCount),
      });
    }
    this.host.closeCursors();
    this.close();
  }

  private close(): boolean {
    if (!this.open) return false;
    this.open = false;
    this.host.oplogRecords.beforeRewrite = this.previousGuard;
    if (this.outermost) {
      for (const s of this.states) s.collection.journal = undefined;
      for (const colls of this.host.structure().values()) for (const c of colls.values()) c.journal = undefined;
      this.log.entries.length = 0;
      this.log.indexesChanged.clear();
      this.host.setJournalLog(undefined);
    }
    return true;
  }
}

function sameStores(a: readonly IndexStore[], b: readonly IndexStore[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
