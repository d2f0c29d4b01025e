/**
 * Databases and their collections, the oplog and the recent-operations log.
 *
 *   const catalog = new Catalog({ clock });
 *   const { collection } = catalog.ensureCollection('test', 'c');   // implicit create, as insert does
 *   catalog.createCollection('test', 'd', { validator });            // 48 if it exists
 *   catalog.getCollection('local', 'oplog.rs');                      // the oplog (read-only)
 *
 * A database exists while it has at least one collection (as on the server). `local` always
 * exists because it holds `oplog.rs`.
 */
import { ObjectId } from 'bson';
import { fail } from '../errors.js';
import type { Doc, Value } from '../bson/values.js';
import type { Clock } from './clock.js';
import { utf8Length } from '../bson/size.js';
import { Collection, newUuid, type CollectionOptions } from './collection.js';
import type { IndexDefinition } from './index-definition.js';
import { CursorStore } from './cursors.js';
import { OplogStore } from './oplog.js';
import type { OplogContents } from './oplog-records.js';
import { SessionRegistry } from './sessions.js';
import { RecentOperations } from './recent-operations.js';
import { CatalogJournal, type JournalHost } from './journal.js';
import type { RecordJournal } from './record-journal.js';

export interface CatalogOptions {
  readonly clock: Clock;
  /** ObjectId source for generated `_id`s (tests inject a deterministic one). */
  readonly newObjectId?: (() => ObjectId) | undefined;
  /** Random source for collection UUIDs (tests inject a deterministic one). */
  readonly random?: (() => number) | undefined;
}

/** A frozen copy of the catalog's state (documents are shared: stored documents are immutable). */
export interface CatalogSnapshot {
  readonly collections: readonly CollectionSnapshot[];
}

interface CollectionSnapshot {
  readonly db: string;
  readonly name: string;
  readonly collection: Collection;
  readonly options: CollectionOptions;
  readonly indexes: readonly IndexDefinition[];
  /** The documents ([] for the oplog, whose entries are in `oplog`). */
  readonly documents: readonly Doc[];
  /** Their BSON sizes where known (-1 otherwise), so a restored collection keeps them. */
  readonly sizes: readonly number[];
  readonly oplog?: OplogContents | undefined;
}

function knownSize(size: number | undefined): number | undefined {
  return size === undefined || size < 0 ? undefined : size;
}

export const OPLOG_DB = 'local';
export const OPLOG_COLLECTION = 'oplog.rs';

const INVALID_DB_CHARS = /[/\\. "$\0]/;

/** Database names the server refuses (code 73). */
export function checkDatabaseName(db: string): void {
  if (db === '' || INVALID_DB_CHARS.test(db) || db.length >= 64) {
    throw fail(73, `Invalid database name: '${db}'`);
  }
}

/** Collection names the server refuses for user collections (code 73). */
export function checkCollectionName(db: string, name: string): void {
  if (name === '' || name.includes('\0') || name.startsWith('.') || name.includes('$')) {
    throw fail(73, `Invalid collection name: ${name}`);
  }
  if (name.startsWith('system.')) throw fail(73, `Invalid system namespace: ${db}.${name}`);
  // `userAllowedCreateNS`, after the system check: 255 bytes of "db.collection" (reference/limits).
  if (utf8Length(db) + 1 + utf8Length(name) > MAX_NAMESPACE_BYTES) {
    throw fail(73, `Fully qualified namespace is too long. Namespace: ${db}.${name} Max: ${MAX_NAMESPACE_BYTES}`);
  }
  if (name.includes('.system.')) throw fail(2, `Invalid namespace: ${db}.${name}`);
}

/** `NamespaceString::MaxNsCollectionLen`. */
const MAX_NAMESPACE_BYTES = 255;

export class Catalog {
  readonly clock: Clock;
  readonly oplog: OplogStore;
  readonly recentOperations = new RecentOperations();
  /** Cursors left open by `batchSize` (find, aggregate, list commands); served by getMore. */
  readonly cursors = new CursorStore();
  /** Sessions seen in commands' `lsid`, for `$listLocalSessions`. */
  readonly sessions = new SessionRegistry();
  readonly newObjectId: () => ObjectId;
  private readonly random: () => number;
  /** db name → collection name → collection, in creation order. */
  private readonly dbs = new Map<string, Map<string, Collection>>();
  /**
   * Whether commands see `local.oplog.rs`: a standalone server keeps no oplog, so there it does
   * not exist for reads (the engine still records entries, for a later switch to a replica set).
   * Set by the engine from its deployment.
   */
  oplogVisible: () => boolean = () => true;

  constructor(options: CatalogOptions) {
    this.clock = options.clock;
    this.newObjectId = options.newObjectId ?? (() => new ObjectId());
    this.random = options.random ?? Math.random;
    const oplogCollection = new Collection(OPLOG_DB, OPLOG_COLLECTION, newUuid(this.random), { oplog: true });
    this.dbs.set(OPLOG_DB, new Map([[OPLOG_COLLECTION, oplogCollection]]));
    this.oplog = new OplogStore(this.clock, oplogCollection);
  }

  /** Database names, sorted (as listDatabases shows them). */
  databaseNames(): string[] {
    // `local` stays listed on a standalone too (a real one holds startup_log there).
    return [...this.dbs.keys()].filter((d) => (this.dbs.get(d)?.size ?? 0) > 0).sort();
  }

  /** Collections of a database in creation order ([] when it does not exist). */
  collections(db: string): Collection[] {
    const all = [...(this.dbs.get(db)?.values() ?? [])];
    return db === OPLOG_DB && !this.oplogVisible() ? all.filter((c) => !c.isOplog) : all;
  }

  getCollection(db: string, name: string): Collection | undefined {
    const collection = this.dbs.get(db)?.get(name);
    return collection?.isOplog === true && !this.oplogVisible() ? undefined : collection;
  }

  /** Creates a collection; 48 NamespaceExists when it exists. Logs an oplog `c` entry. */
  createCollection(db: string, name: string, options: CollectionOptions = {}): Collection {
    this.checkNamespaceWritable(db, name);
    if (this.getCollection(db, name)) throw fail(48, `Collection ${db}.${name} already exists.`);
    if ((this.dbs.get(db)?.size ?? 0) === 0) this.checkDatabaseCasing(db);
    const collection = new Collection(db, name, newUuid(this.random), options);
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    colls.set(name, collection);
    const o: Doc = new Map([['create', name]]);
    if (options.validator) o.set('validator', options.validator);
    if (options.validationLevel) o.set('validationLevel', options.validationLevel);
    if (options.validationAction) o.set('validationAction', options.validationAction);
    if (options.collation) o.set('collation', options.collation.doc);
    o.set('idIndex', collection.idIndex.definition.spec);
    this.oplog.append({ op: 'c', ns: `${db}.$cmd`, ui: collection.uuid, o });
    return collection;
  }

  /** The namespace checks a write makes before anything else (`userAllowedWriteNS`): 73, or 20 for the oplog. */
  checkNamespaceWritable(db: string, name: string): void {
    checkDatabaseName(db);
    checkCollectionName(db, name);
    if (this.dbs.get(db)?.get(name)?.isOplog === true) {
      // Hidden on a standalone, but still the engine's own oplog: never replaced by a user collection.
      throw fail(20, `Cannot write to '${db}.${name}': the oplog is read-only`);
    }
  }

  /**
   * `DatabaseHolderImpl::openDb`: a new database may not differ from an existing one only in case
   * (13297 DatabaseDifferCase, naming the first such database in sorted order).
   */
  private checkDatabaseCasing(db: string): void {
    const lower = db.toLowerCase();
    const other = this.databaseNames().find((d) => d !== db && d.toLowerCase() === lower);
    if (other !== undefined) {
      throw fail(13297, `db already exists with different case already have: [${other}] trying to create [${db}]`);
    }
  }

  /** The collection, created with default options when missing (what insert/update/createIndexes do). */
  ensureCollection(db: string, name: string): { collection: Collection; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { collection: existing, created: false };
    return { collection: this.createCollection(db, name), created: true };
  }

  /** Drops a collection. Returns it, or undefined when it did not exist. */
  dropCollection(db: string, name: string): Collection | undefined {
    const colls = this.dbs.get(db);
    const collection = colls?.get(name);
    if (!colls || !collection) return undefined;
    if (collection.isOplog) throw fail(20, `can't drop live oplog while replicating`);
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    this.oplog.append({ op: 'c', ns: `${db}.$cmd`, ui: collection.uuid, o: new Map([['drop', name]]) });
    return collection;
  }

  /**
   * Renames a collection (documents keep their order, indexes and options move with it, the UUID
   * stays). `dropTarget` drops an existing target first; otherwise an existing target is 48.
   */
  renameCollection(fromDb: string, from: string, toDb: string, to: string, dropTarget: boolean): Collection {
    const source = this.getCollection(fromDb, from);
    if (!source) throw fail(26, `Source collection ${fromDb}.${from} does not exist`);
    if (source.isOplog) throw fail(20, `can't rename live oplog while replicating`);
    checkDatabaseName(toDb);
    checkCollectionName(toDb, to);
    if (fromDb === toDb && from === to) throw fail(20, `Can't rename a collection to itself`);
    const existing = this.getCollection(toDb, to);
    if (existing) {
      if (!dropTarget) throw fail(48, 'target namespace exists');
      this.dropCollection(toDb, to);
    }
    const target = new Collection(toDb, to, source.uuid, {
      validator: source.validator,
      validationLevel: source.validationLevel,
      validationAction: source.validationAction,
      collation: source.collation,
      listedOptions: new Map(source.listedOptions),
    });
    for (const index of source.indexes.slice(1)) target.createIndex(index.definition);
    for (const d of source.documents()) target.insert(d);
    const fromColls = this.dbs.get(fromDb)!;
    fromColls.delete(from);
    if (fromColls.size === 0) this.dbs.delete(fromDb);
    let toColls = this.dbs.get(toDb);
    if (!toColls) {
      toColls = new Map();
      this.dbs.set(toDb, toColls);
    }
    toColls.set(to, target);
    const o: Doc = new Map<string, Value>([
      ['renameCollection', `${fromDb}.${from}`],
      ['to', `${toDb}.${to}`],
      ['stayTemp', false],
    ]);
    if (existing) o.set('dropTarget', existing.uuid);
    this.oplog.append({ op: 'c', ns: `${fromDb}.$cmd`, ui: source.uuid, o });
    return target;
  }

  /** Drops every collection of a database. Returns whether it existed. */
  dropDatabase(db: string): boolean {
    if (db === OPLOG_DB) throw fail(20, `Cannot drop '${db}' database while replication is active`);
    const colls = this.dbs.get(db);
    if (!colls) return false;
    for (const name of [...colls.keys()]) this.dropCollection(db, name);
    this.dbs.delete(db);
    this.oplog.append({ op: 'c', ns: `${db}.$cmd`, o: new Map([['dropDatabase', 1]]) });
    return true;
  }

  /** The open journals' undo log (journal.ts). */
  journalLog: RecordJournal | undefined = undefined;

  /**
   * Starts recording writes so they can be undone (`rollback`) or kept (`commit`) at a cost of the
   * writes made, not of the catalog's size: dry runs and undo. See journal.ts.
   */
  beginJournal(): CatalogJournal {
    const dbs = this.dbs;
    const host: JournalHost = {
      structure: () => dbs,
      setStructure: (next) => {
        dbs.clear();
        for (const [db, colls] of next) dbs.set(db, colls);
      },
      oplogRecords: this.oplog.collection.oplogRecords(),
      restoreOplog: (contents) => this.oplog.collection.restoreOplog(contents),
      closeCursors: () => this.cursors.clear(),
      journalLog: () => this.journalLog,
      setJournalLog: (log) => {
        this.journalLog = log;
      },
    };
    return new CatalogJournal(host);
  }

  /** A copy of the whole state, for resetting the playground or undo. */
  snapshot(): CatalogSnapshot {
    const collections: CollectionSnapshot[] = [];
    for (const [db, colls] of this.dbs) {
      for (const [name, collection] of colls) {
        collections.push({
          db,
          name,
          collection,
          options: {
            validator: collection.validator,
            validationLevel: collection.validationLevel,
            validationAction: collection.validationAction,
            collation: collection.collation,
            listedOptions: new Map(collection.listedOptions),
          },
          indexes: collection.indexes.slice(collection.isOplog ? 0 : 1).map((i) => i.definition),
          documents: collection.isOplog ? [] : collection.snapshot(),
          sizes: collection.knownSizes(),
          oplog: collection.isOplog ? collection.oplogContents() : undefined,
        });
      }
    }
    return { collections };
  }

  /** Puts the state of `snapshot` back (collections keep their UUIDs and options). */
  restore(snapshot: CatalogSnapshot): void {
    this.dbs.clear();
    this.cursors.clear();
    for (const s of snapshot.collections) {
      const old = s.collection;
      const fresh =
        s.db === OPLOG_DB && s.name === OPLOG_COLLECTION
          ? this.oplog.collection
          : new Collection(s.db, s.name, old.uuid, s.options);
      for (const def of s.indexes) fresh.createIndex(def);
      if (fresh.isOplog) fresh.restoreOplog(s.oplog ?? { items: [], rids: [] });
      else s.documents.forEach((d, i) => fresh.insert(d, undefined, knownSize(s.sizes[i])));
      let colls = this.dbs.get(s.db);
      if (!colls) {
        colls = new Map();
        this.dbs.set(s.db, colls);
      }
      colls.set(s.name, fresh);
    }
  }
}
