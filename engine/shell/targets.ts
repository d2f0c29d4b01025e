/**
 * What the interpreter needs from the shell method API (engine/shell/api.ts). Written as structural
 * interfaces so the interpreter can be unit-tested with a fake, and so the only methods it can ever
 * reach are the ones named here (dispatch goes through the explicit tables in methods.ts).
 *
 * Arguments arrive already converted to engine values (numbers → int32/double as mongosh's
 * serializer does, `undefined` inside documents → null). Parameters typed `Doc` have been checked
 * to be documents; parameters typed `Value` are passed through for the API to validate.
 */
import type { Doc, Value } from '../bson/values.js';
import type { ShellResult } from './results.js';

/** What a shell method may return: a BSON value, a mongosh-shaped result, or a chainable object. */
export type TargetResult = Value | ShellResult | ShellCursorTarget | ShellExplainableTarget | undefined | void;

export interface ShellClientTarget {
  db(name: string): ShellDatabaseTarget;
  /** Client-level bulk write (`db.getMongo().bulkWrite(models, options)`). */
  bulkWrite?(models: readonly Value[], options?: Doc): TargetResult;
  /** `listDatabases` (for `show dbs` and `db.getMongo().getDBNames()`); returns the `databases` array. */
  listDatabases?(options?: Doc): Doc[];
  /** `db.getMongo().startSession(options)`. */
  startSession?(options?: Doc): ShellSessionTarget;
}

/** A client session: databases bound to it, and its transaction. */
export interface ShellSessionTarget {
  getDatabase(name: string): ShellDatabaseTarget;
  startTransaction?(options?: Doc): void;
  commitTransaction?(): TargetResult;
  abortTransaction?(): TargetResult;
  endSession?(): void;
}

export interface ShellDatabaseTarget {
  readonly name: string;
  collection(name: string): ShellCollectionTarget;
  getSiblingDB(name: string): ShellDatabaseTarget;
  runCommand(cmd: Doc): TargetResult;
  adminCommand(cmd: Doc): TargetResult;
  createCollection(name: string, options?: Doc): TargetResult;
  dropDatabase(): TargetResult;
  getCollectionNames(): string[];
  /** mongosh's `sh` and `rs` for this database (absent: the globals are not defined). */
  shard?(): ShellShardTarget;
  replicaSet?(): ShellReplicaSetTarget;
  /** `db.auth(...)`, already reduced to mongosh's auth document `{user, pwd, mechanism?}`. */
  auth?(authDoc: Doc): TargetResult;
  logout?(): TargetResult;
  createUser?(user: Doc, writeConcern?: Doc): TargetResult;
  dropUser?(name: string, writeConcern?: Doc): TargetResult;
  createRole?(role: Doc, writeConcern?: Doc): TargetResult;
  grantRolesToUser?(name: string, roles: Value, writeConcern?: Doc): TargetResult;
}

/** mongosh's `sh` (sharding helpers). */
export interface ShellShardTarget {
  shardCollection?(namespace: string, key: Doc, unique?: boolean | Doc, options?: Doc): TargetResult;
  status?(): TargetResult;
}

/** mongosh's `rs` (replica set helpers). */
export interface ShellReplicaSetTarget {
  status?(): TargetResult;
  conf?(): TargetResult;
}

/** Every method is optional: one the API lacks is reported as "… is not a function". */
export interface ShellCollectionTarget {
  readonly name: string;
  update?(q: Doc, u: Value, opts?: Doc): TargetResult;
  updateOne?(q: Doc, u: Value, opts?: Doc): TargetResult;
  updateMany?(q: Doc, u: Value, opts?: Doc): TargetResult;
  replaceOne?(q: Doc, r: Value, opts?: Doc): TargetResult;
  findOneAndUpdate?(q: Doc, u: Value, opts?: Doc): TargetResult;
  findOneAndReplace?(q: Doc, r: Value, opts?: Doc): TargetResult;
  findOneAndDelete?(q: Doc, opts?: Doc): TargetResult;
  findAndModify?(spec: Doc): TargetResult;
  bulkWrite?(ops: readonly Value[], opts?: Doc): TargetResult;
  insertOne?(d: Doc, opts?: Doc): TargetResult;
  insertMany?(ds: Value[], opts?: Doc): TargetResult;
  insert?(ds: Value, opts?: Doc): TargetResult;
  remove?(q: Doc, opts?: Doc | boolean): TargetResult;
  find?(q?: Doc, proj?: Doc, opts?: Doc): ShellCursorTarget;
  findOne?(q?: Doc, proj?: Doc, opts?: Doc): TargetResult;
  aggregate?(pipeline: Value[], opts?: Doc): TargetResult;
  countDocuments?(q?: Doc, opts?: Doc): TargetResult;
  estimatedDocumentCount?(opts?: Doc): TargetResult;
  count?(q?: Doc, opts?: Doc): TargetResult;
  distinct?(field: string, q?: Doc, opts?: Doc): TargetResult;
  deleteOne?(q: Doc, opts?: Doc): TargetResult;
  deleteMany?(q: Doc, opts?: Doc): TargetResult;
  createIndex?(keys: Doc, opts?: Doc): TargetResult;
  createIndexes?(specs: Doc[], opts?: Doc): TargetResult;
  getIndexes?(): TargetResult;
  dropIndex?(index: string | Doc): TargetResult;
  drop?(opts?: Doc): TargetResult;
  explain?(verbosity?: string): ShellExplainableTarget;
  initializeOrderedBulkOp?(): ShellBulkTarget;
  initializeUnorderedBulkOp?(): ShellBulkTarget;
}

/** mongosh's legacy Bulk (`initializeOrderedBulkOp()`): operations queued until `execute()`. */
export interface ShellBulkTarget {
  find?(selector: Value): ShellBulkFindOpTarget;
  insert?(document: Doc): ShellBulkTarget;
  execute?(): TargetResult;
  toJSON(): Doc;
  getOperations?(): Doc[];
}

/** `bulk.find(selector)`: builder methods, then the verb that queues the operation. */
export interface ShellBulkFindOpTarget {
  upsert?(): ShellBulkFindOpTarget;
  collation?(spec: Value): ShellBulkFindOpTarget;
  arrayFilters?(filters: Value): ShellBulkFindOpTarget;
  hint?(hint: Value): ShellBulkFindOpTarget;
  update?(update: Value): ShellBulkTarget;
  updateOne?(update: Value): ShellBulkTarget;
  replaceOne?(replacement: Value): ShellBulkTarget;
  delete?(): ShellBulkTarget;
  deleteOne?(): ShellBulkTarget;
  remove?(): ShellBulkTarget;
  removeOne?(): ShellBulkTarget;
}

export interface ShellCursorTarget {
  sort?(s: Doc): ShellCursorTarget;
  limit?(n: number): ShellCursorTarget;
  skip?(n: number): ShellCursorTarget;
  project?(p: Doc): ShellCursorTarget;
  projection?(p: Doc): ShellCursorTarget;
  batchSize?(n: number): ShellCursorTarget;
  hint?(h: Value): ShellCursorTarget;
  collation?(c: Doc): ShellCursorTarget;
  comment?(c: Value): ShellCursorTarget;
  toArray(): Doc[];
  hasNext?(): boolean;
  next?(): Doc | null;
  count?(): number;
}

/** `db.c.explain(verbosity)`: the same helpers, answering with the explain output. */
export interface ShellExplainableTarget {
  find?(q?: Doc, proj?: Doc, opts?: Doc): TargetResult;
  findOne?(q?: Doc, proj?: Doc, opts?: Doc): TargetResult;
  update?(q: Doc, u: Value, opts?: Doc): TargetResult;
  updateOne?(q: Doc, u: Value, opts?: Doc): TargetResult;
  updateMany?(q: Doc, u: Value, opts?: Doc): TargetResult;
  replaceOne?(q: Doc, r: Value, opts?: Doc): TargetResult;
  findOneAndUpdate?(q: Doc, u: Value, opts?: Doc): TargetResult;
  findOneAndReplace?(q: Doc, r: Value, opts?: Doc): TargetResult;
  findOneAndDelete?(q: Doc, opts?: Doc): TargetResult;
  findAndModify?(spec: Doc): TargetResult;
  remove?(q: Doc, opts?: Doc | boolean): TargetResult;
  deleteOne?(q: Doc, opts?: Doc): TargetResult;
  deleteMany?(q: Doc, opts?: Doc): TargetResult;
  count?(q?: Doc, opts?: Doc): TargetResult;
  countDocuments?(q?: Doc, opts?: Doc): TargetResult;
  distinct?(field: string, q?: Doc, opts?: Doc): TargetResult;
  aggregate?(pipeline: Value[], opts?: Doc): TargetResult;
}
