/**
 * The allow-list of shell methods, one explicit table per receiver (database, collection, cursor,
 * explainable). A name that is not a key of these tables is never looked up on an API object, so
 * `__proto__`, `constructor` and friends cannot reach JavaScript internals: on a database or a
 * collection they name a (sub)collection, as in mongosh, and anywhere else they are undefined.
 *
 * Each entry converts its arguments (checking them as mongosh's `assertArgsDefinedType` does) and
 * calls the API method of the same name.
 */
import type { Doc, Value } from '../bson/values.js';
import { Int32, isDoc } from '../bson/values.js';
import { invalidArgument } from './bson-helpers.js';
import type { ReplicaSetHandle, ShardHandle } from './runtime-values.js';
import {
  BulkHandle,
  CollectionHandle,
  CursorHandle,
  DatabaseHandle,
  ExplainableHandle,
  FunctionHandle,
  MongoHandle,
  SessionHandle,
  toBson,
  type RuntimeValue,
} from './runtime-values.js';
import type { ShellCursorTarget } from './targets.js';
import {
  commandDoc,
  deprecated,
  filterUpdateOptions,
  need,
  optDoc,
  optString,
  queryProjectionOptions,
  removeOptions,
  reqArray,
  reqDoc,
  reqDocArray,
  reqNumber,
  reqString,
  reqValue,
  where,
  wrapResult,
  wrongType,
  type Method,
  type MethodContext,
} from './method-args.js';

export { wrapResult, type MethodContext } from './method-args.js';

// ---- tables ---------------------------------------------------------------------------------------

type MongoMethod = Method<MongoHandle>;

export const MONGO_METHODS: Readonly<Record<string, MongoMethod>> = {
  getDB: (m, a, ctx) => new DatabaseHandle(m.target.db(reqString(a, 0, ctx)), m.target),
  getDBNames: (m, _a, ctx) =>
    need(m.target.listDatabases, ctx)
      .call(m.target)
      .map((d) => d.get('name'))
      .filter((n): n is string => typeof n === 'string'),
  bulkWrite: (m, a, ctx) =>
    wrapResult(need(m.target.bulkWrite, ctx).call(m.target, reqArray(a, 0, ctx), optDoc(a, 1, ctx))),
  startSession: (m, a, ctx) =>
    new SessionHandle(need(m.target.startSession, ctx).call(m.target, optDoc(a, 0, ctx)), m.target),
};

type SessionMethod = Method<SessionHandle>;

/** mongosh's Session: databases bound to the session, and the transaction verbs. */
export const SESSION_METHODS: Readonly<Record<string, SessionMethod>> = {
  getDatabase: (s, a, ctx) => new DatabaseHandle(s.target.getDatabase(reqString(a, 0, ctx)), s.client),
  startTransaction: (s, a, ctx) => {
    need(s.target.startTransaction, ctx).call(s.target, optDoc(a, 0, ctx));
    return undefined;
  },
  commitTransaction: (s, _a, ctx) => wrapResult(need(s.target.commitTransaction, ctx).call(s.target)),
  abortTransaction: (s, _a, ctx) => wrapResult(need(s.target.abortTransaction, ctx).call(s.target)),
  endSession: (s, _a, ctx) => {
    need(s.target.endSession, ctx).call(s.target);
    return undefined;
  },
};

type DbMethod = Method<DatabaseHandle>;

export const DATABASE_METHODS: Readonly<Record<string, DbMethod>> = {
  getName: (d) => d.target.name,
  getMongo: (d) => new MongoHandle(d.client),
  /** db.version(): the server version from buildInfo, as mongosh does. */
  version: (d) => {
    const reply = d.target.runCommand(new Map<string, Value>([['buildInfo', new Int32(1)]]));
    const v = isDoc(reply) ? reply.get('version') : undefined;
    return typeof v === 'string' ? v : undefined;
  },
  getCollection: (d, a, ctx) => {
    const name = reqString(a, 0, ctx);
    return new CollectionHandle(d.target.collection(name), d, name);
  },
  getSiblingDB: (d, a, ctx) => new DatabaseHandle(d.target.getSiblingDB(reqString(a, 0, ctx)), d.client),
  runCommand: (d, a, ctx) => wrapResult(d.target.runCommand(commandDoc(a, ctx))),
  adminCommand: (d, a, ctx) => wrapResult(d.target.adminCommand(commandDoc(a, ctx))),
  createCollection: (d, a, ctx) =>
    wrapResult(d.target.createCollection(reqString(a, 0, ctx), optDoc(a, 1, ctx) ?? new Map())),
  dropDatabase: (d) => wrapResult(d.target.dropDatabase()),
  getCollectionNames: (d) => d.target.getCollectionNames(),
  // ---- users, roles and authentication (engine/deploy's auth) ----
  auth: (d, a, ctx) => wrapResult(need(d.target.auth, ctx).call(d.target, authDocument(a, ctx))),
  logout: (d, _a, ctx) => wrapResult(need(d.target.logout, ctx).call(d.target)),
  createUser: (d, a, ctx) =>
    wrapResult(need(d.target.createUser, ctx).call(d.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  dropUser: (d, a, ctx) =>
    wrapResult(need(d.target.dropUser, ctx).call(d.target, reqString(a, 0, ctx), optDoc(a, 1, ctx))),
  createRole: (d, a, ctx) =>
    wrapResult(need(d.target.createRole, ctx).call(d.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  grantRolesToUser: (d, a, ctx) =>
    wrapResult(
      need(d.target.grantRolesToUser, ctx).call(d.target, reqString(a, 0, ctx), reqValue(a, 1, ctx), optDoc(a, 2, ctx)),
    ),
};

/**
 * mongosh's `db.auth(...args)`: `(user, pwd)`, `({user, pwd})`, or `(user)` (which prompts for the
 * password in a terminal; a script cannot answer, so the string is taken as the document and
 * refused as mongosh refuses it without a prompt).
 */
function authDocument(a: readonly RuntimeValue[], ctx: MethodContext): Doc {
  if (a.length === 2) {
    return toBson(
      new Map<string, Value>([
        ['user', a[0] as Value],
        ['pwd', a[1] as Value],
      ]),
      where(0, ctx),
    ) as Doc;
  }
  if (a.length === 1) {
    const v = a[0];
    if (isDoc(v)) return toBson(v, where(0, ctx)) as Doc;
    return new Map();
  }
  throw invalidArgument('auth expects (username), (username, password), or ({ user: username, pwd: password })');
}

type ShardMethod = Method<ShardHandle>;

/** mongosh's `sh`. */
export const SHARD_METHODS: Readonly<Record<string, ShardMethod>> = {
  shardCollection: (s, a, ctx) => {
    const namespace = reqString(a, 0, ctx);
    const key = reqDoc(a, 1, ctx);
    const u = a[2];
    let unique: boolean | Doc | undefined;
    if (u === undefined || typeof u === 'boolean') unique = u;
    else if (isDoc(u)) unique = toBson(u, where(2, ctx)) as Doc;
    else throw wrongType(2, 'boolean or object', u, ctx);
    return wrapResult(need(s.target.shardCollection, ctx).call(s.target, namespace, key, unique, optDoc(a, 3, ctx)));
  },
  status: (s, _a, ctx) => wrapResult(need(s.target.status, ctx).call(s.target)),
};

type ReplicaSetMethod = Method<ReplicaSetHandle>;

/** mongosh's `rs` (`config` is an alias of `conf`). */
export const REPLICA_SET_METHODS: Readonly<Record<string, ReplicaSetMethod>> = {
  status: (r, _a, ctx) => wrapResult(need(r.target.status, ctx).call(r.target)),
  conf: (r, _a, ctx) => wrapResult(need(r.target.conf, ctx).call(r.target)),
  config: (r, _a, ctx) => wrapResult(need(r.target.conf, ctx).call(r.target)),
};

type CollMethod = Method<CollectionHandle>;

export const COLLECTION_METHODS: Readonly<Record<string, CollMethod>> = {
  getName: (c) => c.name,
  getFullName: (c) => `${c.database.target.name}.${c.name}`,
  getDB: (c) => c.database,
  /**
   * mongosh's Collection.runCommand: `("name", {options})` sends `{name: <collection>, ...options}`;
   * a command document is sent as given (the findAndModify page's `let` example uses that form).
   */
  runCommand: (c, a, ctx) => {
    const first = a[0];
    if (typeof first !== 'string') return wrapResult(c.database.target.runCommand(reqDoc(a, 0, ctx)));
    const options = optDoc(a, 1, ctx);
    if (options?.has(first)) {
      throw invalidArgument('The "commandName" argument cannot be passed as an option to "runCommand".');
    }
    const cmd = new Map<string, Value>([[first, c.name]]);
    for (const [k, v] of options ?? []) cmd.set(k, v);
    return wrapResult(c.database.target.runCommand(cmd));
  },
  update: (c, a, ctx) => {
    const f = need(c.target.update, ctx);
    // mongosh warns (once per session) before it even checks the arguments.
    deprecated(ctx, 'Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.');
    return wrapResult(f.call(c.target, ...filterUpdateOptions(a, ctx)));
  },
  updateOne: (c, a, ctx) => wrapResult(need(c.target.updateOne, ctx).call(c.target, ...filterUpdateOptions(a, ctx))),
  updateMany: (c, a, ctx) => wrapResult(need(c.target.updateMany, ctx).call(c.target, ...filterUpdateOptions(a, ctx))),
  replaceOne: (c, a, ctx) => wrapResult(need(c.target.replaceOne, ctx).call(c.target, ...filterUpdateOptions(a, ctx))),
  findOneAndUpdate: (c, a, ctx) =>
    wrapResult(need(c.target.findOneAndUpdate, ctx).call(c.target, ...filterUpdateOptions(a, ctx))),
  findOneAndReplace: (c, a, ctx) =>
    wrapResult(need(c.target.findOneAndReplace, ctx).call(c.target, ...filterUpdateOptions(a, ctx))),
  findOneAndDelete: (c, a, ctx) =>
    wrapResult(need(c.target.findOneAndDelete, ctx).call(c.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  findAndModify: (c, a, ctx) => wrapResult(need(c.target.findAndModify, ctx).call(c.target, reqDoc(a, 0, ctx))),
  bulkWrite: (c, a, ctx) =>
    wrapResult(need(c.target.bulkWrite, ctx).call(c.target, reqArray(a, 0, ctx), optDoc(a, 1, ctx))),
  insertOne: (c, a, ctx) =>
    wrapResult(need(c.target.insertOne, ctx).call(c.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  insertMany: (c, a, ctx) =>
    wrapResult(need(c.target.insertMany, ctx).call(c.target, reqArray(a, 0, ctx), optDoc(a, 1, ctx))),
  insert: (c, a, ctx) => {
    const f = need(c.target.insert, ctx);
    deprecated(ctx, 'Collection.insert() is deprecated. Use insertOne, insertMany, or bulkWrite.');
    return wrapResult(f.call(c.target, reqValue(a, 0, ctx), optDoc(a, 1, ctx)));
  },
  remove: (c, a, ctx) => {
    const f = need(c.target.remove, ctx);
    deprecated(ctx, 'Collection.remove() is deprecated. Use deleteOne, deleteMany, findOneAndDelete, or bulkWrite.');
    return wrapResult(f.call(c.target, reqDoc(a, 0, ctx), removeOptions(a, 1, ctx)));
  },
  find: (c, a, ctx) => new CursorHandle(need(c.target.find, ctx).call(c.target, ...queryProjectionOptions(a, ctx))),
  findOne: (c, a, ctx) => wrapResult(need(c.target.findOne, ctx).call(c.target, ...queryProjectionOptions(a, ctx))),
  aggregate: (c, a, ctx) =>
    wrapResult(need(c.target.aggregate, ctx).call(c.target, reqArray(a, 0, ctx), optDoc(a, 1, ctx))),
  countDocuments: (c, a, ctx) =>
    wrapResult(need(c.target.countDocuments, ctx).call(c.target, optDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  estimatedDocumentCount: (c, a, ctx) =>
    wrapResult(need(c.target.estimatedDocumentCount, ctx).call(c.target, optDoc(a, 0, ctx))),
  count: (c, a, ctx) => {
    const f = need(c.target.count, ctx);
    deprecated(ctx, 'Collection.count() is deprecated. Use countDocuments or estimatedDocumentCount.');
    return wrapResult(f.call(c.target, optDoc(a, 0, ctx), optDoc(a, 1, ctx)));
  },
  distinct: (c, a, ctx) =>
    wrapResult(need(c.target.distinct, ctx).call(c.target, reqString(a, 0, ctx), optDoc(a, 1, ctx), optDoc(a, 2, ctx))),
  deleteOne: (c, a, ctx) =>
    wrapResult(need(c.target.deleteOne, ctx).call(c.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  deleteMany: (c, a, ctx) =>
    wrapResult(need(c.target.deleteMany, ctx).call(c.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  createIndex: (c, a, ctx) =>
    wrapResult(need(c.target.createIndex, ctx).call(c.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  createIndexes: (c, a, ctx) =>
    wrapResult(need(c.target.createIndexes, ctx).call(c.target, reqDocArray(a, 0, ctx), optDoc(a, 1, ctx))),
  getIndexes: (c, _a, ctx) => wrapResult(need(c.target.getIndexes, ctx).call(c.target)),
  dropIndex: (c, a, ctx) => {
    const v = a[0];
    const index = typeof v === 'string' ? v : reqDoc(a, 0, ctx);
    return wrapResult(need(c.target.dropIndex, ctx).call(c.target, index));
  },
  drop: (c, a, ctx) => wrapResult(need(c.target.drop, ctx).call(c.target, optDoc(a, 0, ctx))),
  explain: (c, a, ctx) => new ExplainableHandle(need(c.target.explain, ctx).call(c.target, explainVerbosity(a, ctx))),
  initializeOrderedBulkOp: (c, _a, ctx) => new BulkHandle(need(c.target.initializeOrderedBulkOp, ctx).call(c.target)),
  initializeUnorderedBulkOp: (c, _a, ctx) =>
    new BulkHandle(need(c.target.initializeUnorderedBulkOp, ctx).call(c.target)),
};

/** mongosh accepts a verbosity string, or a boolean (true = allPlansExecution). */
function explainVerbosity(a: readonly RuntimeValue[], ctx: MethodContext): string | undefined {
  const v = a[0];
  if (v === true) return 'allPlansExecution';
  if (v === false) return 'queryPlanner';
  return optString(a, 0, ctx);
}

type CursorMethod = Method<CursorHandle>;

/** Chainable cursor modifiers answer with a cursor handle wrapping what the API returned. */
function chain(c: CursorHandle, r: ShellCursorTarget): CursorHandle {
  return r === c.target ? c : new CursorHandle(r);
}

export const CURSOR_METHODS: Readonly<Record<string, CursorMethod>> = {
  sort: (c, a, ctx) => chain(c, need(c.target.sort, ctx).call(c.target, reqDoc(a, 0, ctx))),
  limit: (c, a, ctx) => chain(c, need(c.target.limit, ctx).call(c.target, reqNumber(a, 0, ctx))),
  skip: (c, a, ctx) => chain(c, need(c.target.skip, ctx).call(c.target, reqNumber(a, 0, ctx))),
  project: (c, a, ctx) => chain(c, need(c.target.project, ctx).call(c.target, reqDoc(a, 0, ctx))),
  projection: (c, a, ctx) => chain(c, need(c.target.projection, ctx).call(c.target, reqDoc(a, 0, ctx))),
  batchSize: (c, a, ctx) => chain(c, need(c.target.batchSize, ctx).call(c.target, reqNumber(a, 0, ctx))),
  hint: (c, a, ctx) => chain(c, need(c.target.hint, ctx).call(c.target, reqValue(a, 0, ctx))),
  collation: (c, a, ctx) => chain(c, need(c.target.collation, ctx).call(c.target, reqDoc(a, 0, ctx))),
  comment: (c, a, ctx) => chain(c, need(c.target.comment, ctx).call(c.target, reqValue(a, 0, ctx))),
  toArray: (c) => c.target.toArray(),
  /** mongosh's pretty() only changes the old shell's printing; here it returns the cursor. */
  pretty: (c) => c,
  itcount: (c) => c.target.toArray().length,
  forEach: (c, a, ctx) => {
    const f = a[0];
    if (!(f instanceof FunctionHandle)) throw wrongType(0, 'function', f, ctx);
    for (const d of c.target.toArray()) f.invoke([d], false);
    return undefined;
  },
  hasNext: (c, _a, ctx) => need(c.target.hasNext, ctx).call(c.target),
  next: (c, _a, ctx) => need(c.target.next, ctx).call(c.target),
  count: (c, _a, ctx) => {
    const f = need(c.target.count, ctx);
    deprecated(ctx, 'Cursor.count() is deprecated. Use countDocuments or estimatedDocumentCount.');
    return f.call(c.target);
  },
};

type ExplainMethod = Method<ExplainableHandle>;

export const EXPLAINABLE_METHODS: Readonly<Record<string, ExplainMethod>> = {
  find: (e, a, ctx) => wrapResult(need(e.target.find, ctx).call(e.target, ...queryProjectionOptions(a, ctx))),
  findOne: (e, a, ctx) => wrapResult(need(e.target.findOne, ctx).call(e.target, ...queryProjectionOptions(a, ctx))),
  update: (e, a, ctx) => wrapResult(need(e.target.update, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  updateOne: (e, a, ctx) => wrapResult(need(e.target.updateOne, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  updateMany: (e, a, ctx) => wrapResult(need(e.target.updateMany, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  replaceOne: (e, a, ctx) => wrapResult(need(e.target.replaceOne, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  findOneAndUpdate: (e, a, ctx) =>
    wrapResult(need(e.target.findOneAndUpdate, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  findOneAndReplace: (e, a, ctx) =>
    wrapResult(need(e.target.findOneAndReplace, ctx).call(e.target, ...filterUpdateOptions(a, ctx))),
  findOneAndDelete: (e, a, ctx) =>
    wrapResult(need(e.target.findOneAndDelete, ctx).call(e.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  findAndModify: (e, a, ctx) => wrapResult(need(e.target.findAndModify, ctx).call(e.target, reqDoc(a, 0, ctx))),
  remove: (e, a, ctx) =>
    wrapResult(need(e.target.remove, ctx).call(e.target, reqDoc(a, 0, ctx), removeOptions(a, 1, ctx))),
  deleteOne: (e, a, ctx) =>
    wrapResult(need(e.target.deleteOne, ctx).call(e.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  deleteMany: (e, a, ctx) =>
    wrapResult(need(e.target.deleteMany, ctx).call(e.target, reqDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  count: (e, a, ctx) => wrapResult(need(e.target.count, ctx).call(e.target, optDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  countDocuments: (e, a, ctx) =>
    wrapResult(need(e.target.countDocuments, ctx).call(e.target, optDoc(a, 0, ctx), optDoc(a, 1, ctx))),
  distinct: (e, a, ctx) =>
    wrapResult(need(e.target.distinct, ctx).call(e.target, reqString(a, 0, ctx), optDoc(a, 1, ctx), optDoc(a, 2, ctx))),
  aggregate: (e, a, ctx) =>
    wrapResult(need(e.target.aggregate, ctx).call(e.target, reqArray(a, 0, ctx), optDoc(a, 1, ctx))),
};

/** Own-key lookup in a method table (never reaches Object.prototype). */
export function lookupMethod<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/** mongosh's class name for a receiver, used in argument errors (`Collection.updateOne`). */
export const RECEIVER_CLASS = {
  mongo: 'Mongo',
  session: 'Session',
  database: 'Database',
  collection: 'Collection',
  shard: 'Shard',
  replicaSet: 'ReplicaSet',
  cursor: 'Cursor',
  explainable: 'Explainable',
  bulk: 'Bulk',
  bulkFindOp: 'BulkFindOp',
} as const;
