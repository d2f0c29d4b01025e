/**
 * The shell method API: the collection/database/session methods mongosh offers, each building
 * exactly the command document the Node driver (which mongosh uses) builds, running it through the
 * engine's `runCommand`, reporting it to an observer as command-monitoring events, and shaping the
 * reply the way mongosh returns it.
 *
 * Options arrive as engine documents (`Doc`), as both the mongosh interpreter and the conformance
 * runner hold them. Unknown options are ignored, as the driver ignores them.
 */
import { appendAll } from '../arrays.js';
import { findNulFieldName } from '../bson/field-names.js';
import { Binary, Long, UUID } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';
import type { ErrorInfo } from '../errors.js';
import * as admin from './api-admin.js';
import { clientBulkWrite, collectionBulkWrite } from './api-bulk.js';
import { ShellCursor } from './api-cursor.js';
import { findAndModifyCall } from './find-and-modify-options.js';
import { ShellExplainable } from './api-explain.js';
import {
  deleteResultOf,
  findAndModifyValue,
  throwFirstWriteError,
  updateResultOf,
  writeResultOf,
} from './api-results.js';
import {
  isRetryableRead,
  isRetryableReadError,
  isRetryableWrite,
  isRetryableWriteError,
  labelError,
  errorLabelsOf,
} from './api-retry.js';
import {
  aggregateCommand,
  countCommand,
  countDocumentsCommand,
  deleteCommand,
  deleteStatement,
  distinctCommand,
  findAndModifyCommand,
  findCommand,
  insertCommand,
  updateCommand,
  updateStatement,
} from './command-builders.js';
import {
  boolOpt,
  build,
  checkReplacementDocument,
  checkUpdateDocument,
  docArray,
  indexName,
  int,
  isAcknowledged,
  isOk,
  opt,
  requireDoc,
  toNumber,
  truthyOpt,
  TXN_WRITE_CONCERN_ERROR,
  withId,
} from './api-support.js';
import { MongoServerError, ShellClientError, isMongoNetworkError } from './client-errors.js';
import type {
  BulkWriteResult,
  ClientBulkWriteResult,
  DeleteResult,
  InsertManyResult,
  InsertOneResult,
  UpdateResult,
  WriteResult,
} from './results.js';

export type {
  BulkWriteResult,
  ClientBulkWriteResult,
  DeleteResult,
  InsertManyResult,
  InsertOneResult,
  UpdateResult,
  WriteResult,
} from './results.js';
export { ShellCursor } from './api-cursor.js';
export { ShellExplainable } from './api-explain.js';
export { indexName, toNumber } from './api-support.js';
export {
  MongoBulkWriteError,
  MongoClientBulkWriteError,
  MongoNetworkError,
  MongoServerError,
  ShellClientError,
  isMongoNetworkError,
  isMongoServerError,
  isShellClientError,
} from './client-errors.js';

// ---------------------------------------------------------------------------------------------
// Engine and observer contracts

/** What the API needs from the engine: one command in, one reply out (never throws). */
export interface CommandEngine {
  runCommand(dbName: string, command: Doc): Doc;
  /**
   * The server type the driver's monitoring would see (no command is sent for it). A driver
   * sends no `txnNumber` for retryable writes to a standalone, which does not support them.
   */
  serverType?(): 'standalone' | 'replicaset' | 'sharded';
}

/** A command-monitoring event, as the drivers' APM emits it. */
export interface CommandEvent {
  kind: 'started' | 'succeeded' | 'failed';
  commandName: string;
  databaseName: string;
  /** The command document as sent (started events). */
  command?: Doc;
  /** The server's reply (succeeded events). */
  reply?: Doc;
  /** The error (failed events). */
  failure?: ErrorInfo;
  requestId: number;
}

export type CommandObserver = (event: CommandEvent) => void;

/** Stable API parameters (`serverApi` client option). */
export interface ServerApi {
  version: string;
  strict?: boolean;
  deprecationErrors?: boolean;
}

export interface ShellClientOptions {
  observer?: CommandObserver;
  /** Client-level default write concern; `{}` or absent means the server default (nothing sent). */
  writeConcern?: Doc;
  readConcern?: Doc;
  /** Add `txnNumber` to retryable writes (driver default on a replica set: true). */
  retryWrites?: boolean;
  /** Retry reads once after a network error or a retryable error code (driver default: true). */
  retryReads?: boolean;
  /** Attach an implicit session's `lsid` to acknowledged commands, as drivers do (default false). */
  implicitSessions?: boolean;
  serverApi?: ServerApi;
  /** Keep an explicit `_id: null` on inserts, as the CRUD specification requires (default false: the Node driver and mongosh generate an ObjectId for it). */
  keepNullId?: boolean;
}

export interface NamespaceOptions {
  writeConcern?: Doc;
  readConcern?: Doc;
}

/** Commands that take a read concern (drivers add afterClusterTime to these only). */
const READ_CONCERN_COMMANDS: ReadonlySet<string> = new Set(['find', 'aggregate', 'count', 'distinct', 'geoNear']);

/** The read concern plus `afterClusterTime` when the session is causally consistent and has seen a time. */
function withAfterClusterTime(rc: Doc | undefined, session: ShellSession): Doc | undefined {
  if (!session.causallyConsistent || session.operationTime === undefined) return rc;
  const out: Doc = new Map(rc ?? []);
  out.set('afterClusterTime', session.operationTime);
  return out;
}

function newSessionId(): Doc {
  return new Map<string, Value>([['id', new Binary(UUID.generate(), Binary.SUBTYPE_UUID)]]);
}

function errorInfoOf(reply: Doc): ErrorInfo {
  const code = toNumber(reply.get('code'));
  const errmsg = reply.get('errmsg');
  const codeName = reply.get('codeName');
  return typeof codeName === 'string'
    ? { code, codeName, errmsg: typeof errmsg === 'string' ? errmsg : '' }
    : { code, errmsg: typeof errmsg === 'string' ? errmsg : '' };
}

// ---------------------------------------------------------------------------------------------
// Client

interface SendContext {
  session?: ShellSession | undefined;
  /** The write concern the command carries (already resolved); undefined = server default. */
  writeConcern?: Doc | undefined;
}

export class ShellClient {
  readonly engine: CommandEngine;
  readonly options: ShellClientOptions;
  private requestCounter = 0;
  private implicitSession: ShellSession | undefined;

  constructor(engine: CommandEngine, options: ShellClientOptions = {}) {
    this.engine = engine;
    this.options = options;
  }

  db(name: string, options: NamespaceOptions = {}): ShellDatabase {
    return new ShellDatabase(this, name, options, undefined);
  }

  getDB(name: string): ShellDatabase {
    return this.db(name);
  }

  startSession(options: Doc = new Map()): ShellSession {
    return new ShellSession(this, options);
  }

  /** Client-level bulk write (the 8.0 admin `bulkWrite` command). */
  bulkWrite(models: readonly Value[], options?: Doc, session?: ShellSession): ClientBulkWriteResult {
    return clientBulkWrite(this, models, options, sessionOf(options, session));
  }

  /** `listDatabases` against admin; returns the `databases` array. */
  listDatabases(options: Doc = new Map(), session?: ShellSession): Doc[] {
    const cmd = build([['listDatabases', int(1)]]);
    for (const [k, v] of options) if (k !== 'session') cmd.set(k, v);
    const dbs = this.send('admin', cmd, { session: sessionOf(options, session) }).get('databases');
    return docArray(dbs);
  }

  /** The client's write concern, with `{}` meaning "server default". */
  get defaultWriteConcern(): Doc | undefined {
    const wc = this.options.writeConcern;
    return wc !== undefined && wc.size > 0 ? wc : undefined;
  }

  /**
   * Sends one command: adds the session, transaction, retryable-write and API fields the driver
   * adds, reports started/succeeded/failed events, and returns the reply. Throws MongoServerError
   * when the reply has `ok: 0` (the failed event is emitted first).
   */
  send(dbName: string, command: Doc, ctx: SendContext = {}): Doc {
    const cmd: Doc = new Map(command);
    const commandName = cmd.keys().next().value ?? '';
    const acknowledged = isAcknowledged(ctx.writeConcern);
    let session = ctx.session;
    let retryableWrite = false;
    if (session === undefined && this.options.implicitSessions === true && acknowledged) {
      this.implicitSession ??= new ShellSession(this, new Map(), true);
      session = this.implicitSession;
    }
    const inTxn =
      session !== undefined &&
      session.inTransaction &&
      commandName !== 'commitTransaction' &&
      commandName !== 'abortTransaction';
    if (inTxn) cmd.delete('writeConcern');
    else if (ctx.writeConcern !== undefined && !cmd.has('writeConcern')) cmd.set('writeConcern', ctx.writeConcern);
    if (session !== undefined) {
      cmd.set('lsid', session.id);
      if (inTxn) {
        cmd.set('txnNumber', Long.fromNumber(session.txnNumber));
        if (session.transactionState === 'starting') {
          cmd.set('startTransaction', true);
          const rc = withAfterClusterTime(session.transactionReadConcern, session);
          if (rc !== undefined) cmd.set('readConcern', rc);
        }
        cmd.set('autocommit', false);
      } else if (session.snapshot && commandName !== 'commitTransaction' && commandName !== 'abortTransaction') {
        // Snapshot sessions read at one point in time: every command carries the snapshot read
        // concern (the server refuses it on writes); atClusterTime once a read established it.
        const rc = build([
          ['level', 'snapshot'],
          ['atClusterTime', session.snapshotTime],
        ]);
        cmd.set('readConcern', rc);
      } else if (READ_CONCERN_COMMANDS.has(commandName)) {
        const rc = withAfterClusterTime(
          isDoc(cmd.get('readConcern')) ? (cmd.get('readConcern') as Doc) : undefined,
          session,
        );
        if (rc !== undefined) cmd.set('readConcern', rc);
      }
      if (
        !inTxn &&
        commandName !== 'commitTransaction' &&
        commandName !== 'abortTransaction' &&
        this.options.retryWrites !== false &&
        this.engine.serverType?.() !== 'standalone' &&
        acknowledged &&
        isRetryableWrite(cmd)
      ) {
        session.txnNumber += 1;
        cmd.set('txnNumber', Long.fromNumber(session.txnNumber));
        retryableWrite = true;
      }
    }
    const api = this.options.serverApi;
    if (api !== undefined) {
      cmd.set('apiVersion', api.version);
      if (api.strict !== undefined) cmd.set('apiStrict', api.strict);
      if (api.deprecationErrors !== undefined) cmd.set('apiDeprecationErrors', api.deprecationErrors);
    }
    if (inTxn && session !== undefined && session.transactionState === 'starting') session.markInProgress();
    const retryableRead = !inTxn && this.options.retryReads !== false && isRetryableRead(cmd);
    return this.sendWithRetry(dbName, cmd, commandName, acknowledged, session, inTxn, retryableWrite, retryableRead);
  }

  /**
   * Retryable writes / reads (driver specs): one retry of the same command (same txnNumber) after
   * a network error or an error the server labelled RetryableWriteError (reads: retryable codes);
   * if the retry fails with NoWritesPerformed, the first error is the one reported.
   */
  private sendWithRetry(
    dbName: string,
    cmd: Doc,
    commandName: string,
    acknowledged: boolean,
    session: ShellSession | undefined,
    inTxn: boolean,
    retryableWrite: boolean,
    retryableRead: boolean,
  ): Doc {
    let first: unknown;
    try {
      const reply = this.attempt(dbName, cmd, commandName, acknowledged, session);
      const labels = reply.get('errorLabels');
      const wceRetryable =
        isDoc(reply.get('writeConcernError')) && isArray(labels) && labels.includes('RetryableWriteError');
      if (!(retryableWrite && wceRetryable)) return reply;
      first = undefined;
    } catch (e) {
      labelError(e, inTxn, retryableWrite);
      if (!(retryableWrite && isRetryableWriteError(e)) && !(retryableRead && isRetryableReadError(e))) throw e;
      first = e;
    }
    try {
      return this.attempt(dbName, cmd, commandName, acknowledged, session);
    } catch (e) {
      labelError(e, inTxn, retryableWrite);
      if (first !== undefined && errorLabelsOf(e).includes('NoWritesPerformed')) throw first;
      throw e;
    }
  }

  private attempt(
    dbName: string,
    cmd: Doc,
    commandName: string,
    acknowledged: boolean,
    session: ShellSession | undefined,
  ): Doc {
    // The driver serializes the command first: js-bson refuses a NUL in a field name.
    const nulKey = findNulFieldName(cmd);
    if (nulKey !== undefined) throw new ShellClientError(`key ${nulKey} must not contain null bytes`, 'BSONError');
    const requestId = ++this.requestCounter;
    const observer = this.options.observer;
    observer?.({ kind: 'started', commandName, databaseName: dbName, command: cmd, requestId });
    let raw: Doc;
    try {
      raw = this.engine.runCommand(dbName, cmd);
    } catch (e) {
      if (isMongoNetworkError(e)) {
        observer?.({
          kind: 'failed',
          commandName,
          databaseName: dbName,
          failure: { code: 0, errmsg: e.message },
          requestId,
        });
      }
      throw e;
    }
    // An unacknowledged write gets `{ok: 1}` back, whatever happened (the driver does not wait).
    const reply = acknowledged ? raw : new Map<string, Value>([['ok', int(1)]]);
    const opTime = reply.get('operationTime');
    if (session !== undefined && opTime !== undefined) session.advanceOperationTime(opTime);
    if (isOk(reply)) {
      if (session?.snapshot === true && session.snapshotTime === undefined) {
        const cursor = reply.get('cursor');
        const t = (isDoc(cursor) ? cursor.get('atClusterTime') : undefined) ?? reply.get('atClusterTime');
        if (t !== undefined) session.snapshotTime = t;
      }
      observer?.({ kind: 'succeeded', commandName, databaseName: dbName, reply, requestId });
      return reply;
    }
    const failure = errorInfoOf(reply);
    observer?.({ kind: 'failed', commandName, databaseName: dbName, failure, requestId });
    throw new MongoServerError(reply);
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions and transactions

export type TransactionState = 'none' | 'starting' | 'in_progress' | 'committed' | 'aborted';

export class ShellSession {
  readonly client: ShellClient;
  readonly id: Doc;
  readonly options: Doc;
  readonly implicit: boolean;
  /** The last transaction / retryable-write number used on this session. */
  txnNumber = 0;
  /** `snapshot: true` session option. */
  readonly snapshot: boolean;
  /** The snapshot's cluster time, learnt from the first read's reply. */
  snapshotTime: Value | undefined;
  private state: TransactionState = 'none';
  private txnOptions: Doc = new Map();
  private ended = false;

  constructor(client: ShellClient, options: Doc, implicit = false) {
    this.client = client;
    this.options = options;
    this.implicit = implicit;
    this.id = newSessionId();
    this.snapshot = options.get('snapshot') === true;
    if (this.snapshot && options.get('causalConsistency') === true) {
      throw new ShellClientError('Properties "causalConsistency" and "snapshot" are mutually exclusive');
    }
  }

  get transactionState(): TransactionState {
    return this.state;
  }

  get inTransaction(): boolean {
    return this.state === 'starting' || this.state === 'in_progress';
  }

  get transactionReadConcern(): Doc | undefined {
    const rc = this.txnOptions.get('readConcern');
    return isDoc(rc) ? rc : undefined;
  }

  /** Causally consistent sessions (explicit, default on) read after the last operation they saw. */
  get causallyConsistent(): boolean {
    return !this.implicit && !this.snapshot && this.options.get('causalConsistency') !== false;
  }

  /** The latest `operationTime` seen in a reply on this session. */
  operationTime: Value | undefined;

  /** @internal keeps the newest operationTime (Timestamps compare by value). */
  advanceOperationTime(t: Value): void {
    if (this.operationTime === undefined || compareValues(t, this.operationTime) > 0) this.operationTime = t;
  }

  /** @internal called by the client once the first command of a transaction went out. */
  markInProgress(): void {
    if (this.state === 'starting') this.state = 'in_progress';
  }

  getDatabase(name: string, options: NamespaceOptions = {}): ShellDatabase {
    return new ShellDatabase(this.client, name, options, this);
  }

  startTransaction(options: Doc = new Map()): void {
    if (this.ended) throw new ShellClientError('Cannot use a session that has ended', 'MongoExpiredSessionError');
    if (this.inTransaction) throw new ShellClientError('Transaction already in progress', 'MongoTransactionError');
    if (this.snapshot)
      throw new ShellClientError('Transactions are not supported in snapshot sessions', 'MongoCompatibilityError');
    const previous = this.txnOptions;
    this.txnOptions = options;
    if (!isAcknowledged(this.txnWriteConcern())) {
      this.txnOptions = previous;
      throw new ShellClientError(
        'Transactions do not support unacknowledged write concern',
        'MongoInvalidArgumentError',
      );
    }
    this.txnNumber += 1;
    this.state = 'starting';
  }

  commitTransaction(): Doc {
    if (this.state === 'none') throw new ShellClientError('No transaction started', 'MongoTransactionError');
    if (this.state === 'aborted') {
      throw new ShellClientError(
        'Cannot call commitTransaction after calling abortTransaction',
        'MongoTransactionError',
      );
    }
    const wasStarting = this.state === 'starting';
    this.state = 'committed';
    // A transaction that ran no command is committed without contacting the server.
    if (wasStarting) return new Map<string, Value>([['ok', int(1)]]);
    const wc = this.txnWriteConcern();
    return this.client.send(
      'admin',
      build([
        ['commitTransaction', int(1)],
        ['lsid', this.id],
        ['txnNumber', Long.fromNumber(this.txnNumber)],
        ['autocommit', false],
        ['writeConcern', wc],
      ]),
      { session: this },
    );
  }

  abortTransaction(): Doc {
    if (this.state === 'none') throw new ShellClientError('No transaction started', 'MongoTransactionError');
    if (this.state === 'committed') {
      throw new ShellClientError(
        'Cannot call abortTransaction after calling commitTransaction',
        'MongoTransactionError',
      );
    }
    if (this.state === 'aborted')
      throw new ShellClientError('Cannot call abortTransaction twice', 'MongoTransactionError');
    const wasStarting = this.state === 'starting';
    this.state = 'aborted';
    if (wasStarting) return new Map<string, Value>([['ok', int(1)]]);
    try {
      return this.client.send(
        'admin',
        build([
          ['abortTransaction', int(1)],
          ['lsid', this.id],
          ['txnNumber', Long.fromNumber(this.txnNumber)],
          ['autocommit', false],
          ['writeConcern', this.txnWriteConcern()],
        ]),
        { session: this },
      );
    } catch {
      // Drivers swallow abortTransaction errors.
      return new Map<string, Value>([['ok', int(1)]]);
    }
  }

  endSession(): void {
    if (this.inTransaction) this.abortTransaction();
    this.ended = true;
  }

  private txnWriteConcern(): Doc | undefined {
    const wc = this.txnOptions.get('writeConcern');
    if (isDoc(wc) && wc.size > 0) return wc;
    const defaults = this.options.get('defaultTransactionOptions');
    const dwc = isDoc(defaults) ? defaults.get('writeConcern') : undefined;
    if (isDoc(dwc) && dwc.size > 0) return dwc;
    return this.client.defaultWriteConcern;
  }
}

// ---------------------------------------------------------------------------------------------
// Database

export class ShellDatabase {
  readonly client: ShellClient;
  readonly name: string;
  readonly options: NamespaceOptions;
  readonly session: ShellSession | undefined;

  constructor(client: ShellClient, name: string, options: NamespaceOptions, session: ShellSession | undefined) {
    this.client = client;
    this.name = name;
    this.options = options;
    this.session = session;
  }

  collection(name: string, options: NamespaceOptions = {}): ShellCollection {
    return new ShellCollection(this, name, options, this.session);
  }

  getCollection(name: string): ShellCollection {
    return this.collection(name);
  }

  getSiblingDB(name: string): ShellDatabase {
    return new ShellDatabase(this.client, name, {}, this.session);
  }

  /** The same database bound to a session (every command carries its lsid). */
  withSession(session: ShellSession | undefined): ShellDatabase {
    return new ShellDatabase(this.client, this.name, this.options, session);
  }

  /** The database-level write concern, falling back to the client's; `{}` = server default. */
  get writeConcern(): Doc | undefined {
    const wc = this.options.writeConcern;
    if (wc !== undefined) return wc.size > 0 ? wc : undefined;
    return this.client.defaultWriteConcern;
  }

  /** Runs a command as given (a string `s` means `{s: 1}`); throws MongoServerError on `ok: 0`. */
  runCommand(cmd: Doc | string, options?: Doc): Doc {
    const command = typeof cmd === 'string' ? new Map<string, Value>([[cmd, int(1)]]) : cmd;
    return this.client.send(this.name, command, { session: sessionOf(options, this.session) });
  }

  adminCommand(cmd: Doc | string): Doc {
    return this.getSiblingDB('admin').runCommand(cmd);
  }

  createCollection(name: string, options: Doc = new Map()): Doc {
    const cmd = build([['create', name]]);
    for (const [k, v] of options) if (k !== 'session') cmd.set(k, v);
    return this.client.send(this.name, cmd, {
      session: sessionOf(options, this.session),
      writeConcern: this.writeConcern,
    });
  }

  dropDatabase(): Doc {
    return this.client.send(this.name, build([['dropDatabase', int(1)]]), {
      session: this.session,
      writeConcern: this.writeConcern,
    });
  }

  /** Database-level aggregate (`{aggregate: 1, …}`), e.g. `$currentOp`, `$listLocalSessions`. */
  aggregate(pipeline: Value[], options?: Doc): Doc[] {
    const batchSize = truthyOpt(options, 'batchSize');
    const cmd = build([
      ['aggregate', int(1)],
      ['pipeline', pipeline],
      ['cursor', batchSize !== undefined ? build([['batchSize', batchSize]]) : new Map()],
      ['allowDiskUse', boolOpt(options, 'allowDiskUse')],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ]);
    const session = sessionOf(options, this.session);
    const reply = this.client.send(this.name, cmd, { session });
    return drainCursor(this.client, this.name, reply, session, batchSize);
  }

  /** `listCollections` (drained cursor of collection descriptions). */
  listCollections(filter: Doc = new Map(), options?: Doc): Doc[] {
    const cmd = build([
      ['listCollections', int(1)],
      ['filter', filter],
      ['nameOnly', boolOpt(options, 'nameOnly')],
      ['cursor', new Map()],
    ]);
    const reply = this.client.send(this.name, cmd, { session: this.session });
    return drainCursor(this.client, this.name, reply, this.session);
  }

  /** `sh` bound to this database (mongosh's `new Shard(db)`). */
  shard(): admin.ShellShard {
    return new admin.ShellShard(this);
  }

  /** `rs` bound to this database (mongosh's `new ReplicaSet(db)`). */
  replicaSet(): admin.ShellReplicaSet {
    return new admin.ShellReplicaSet(this);
  }

  auth(authDoc: Doc): Doc {
    return admin.auth(this, authDoc);
  }

  logout(): Doc {
    return admin.logout(this);
  }

  createUser(user: Doc, writeConcern?: Doc): Doc {
    return admin.createUser(this, user, writeConcern);
  }

  dropUser(name: string, writeConcern?: Doc): Doc {
    return admin.dropUser(this, name, writeConcern);
  }

  createRole(role: Doc, writeConcern?: Doc): Doc {
    return admin.createRole(this, role, writeConcern);
  }

  grantRolesToUser(name: string, roles: Value, writeConcern?: Doc): Doc {
    return admin.grantRolesToUser(this, name, roles, writeConcern);
  }

  getCollectionNames(): string[] {
    const reply = this.client.send(
      this.name,
      build([
        ['listCollections', int(1)],
        ['filter', new Map()],
        ['nameOnly', true],
        ['authorizedCollections', false],
      ]),
      { session: this.session },
    );
    const names = drainCursor(this.client, this.name, reply, this.session)
      .map((d) => d.get('name'))
      .filter((n): n is string => typeof n === 'string');
    return names.sort();
  }
}

function sessionOf(options: Doc | undefined, fallback: ShellSession | undefined): ShellSession | undefined {
  const s = options?.get('session') as unknown;
  return s instanceof ShellSession ? s : fallback;
}

/** Reads `cursor.firstBatch` and follows `getMore` until the cursor is exhausted. */
function drainCursor(
  client: ShellClient,
  dbName: string,
  reply: Doc,
  session: ShellSession | undefined,
  batchSize?: Value,
): Doc[] {
  const cursor = reply.get('cursor');
  if (!isDoc(cursor)) return [];
  const out = docArray(cursor.get('firstBatch'));
  let id = cursor.get('id');
  const ns = cursor.get('ns');
  const collName = typeof ns === 'string' ? ns.slice(ns.indexOf('.') + 1) : '';
  let guard = 0;
  while (id !== undefined && toNumber(id) !== 0 && guard++ < 100000) {
    const more = client.send(
      dbName,
      build([
        ['getMore', id],
        ['collection', collName],
        ['batchSize', batchSize],
      ]),
      { session },
    );
    const c = more.get('cursor');
    if (!isDoc(c)) break;
    appendAll(out, docArray(c.get('nextBatch')));
    id = c.get('id');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Collection

/** A command ready to send: target database, document, session and resolved write concern. */
export interface BuiltCommand {
  dbName: string;
  command: Doc;
  session: ShellSession | undefined;
  writeConcern: Doc | undefined;
}

export class ShellCollection {
  readonly db: ShellDatabase;
  readonly name: string;
  readonly options: NamespaceOptions;
  readonly session: ShellSession | undefined;

  constructor(db: ShellDatabase, name: string, options: NamespaceOptions, session: ShellSession | undefined) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.session = session;
  }

  get client(): ShellClient {
    return this.db.client;
  }

  /** `db.name` + `.` + collection name. */
  get fullName(): string {
    return `${this.db.name}.${this.name}`;
  }

  withSession(session: ShellSession | undefined): ShellCollection {
    return new ShellCollection(this.db, this.name, this.options, session);
  }

  /** Collection write concern → database → client; `{}` means the server default. */
  get writeConcern(): Doc | undefined {
    const wc = this.options.writeConcern;
    if (wc !== undefined) return wc.size > 0 ? wc : undefined;
    return this.db.writeConcern;
  }

  get readConcern(): Doc | undefined {
    const rc = this.options.readConcern ?? this.db.options.readConcern ?? this.client.options.readConcern;
    return rc !== undefined && rc.size > 0 ? rc : undefined;
  }

  private ctxSession(options: Doc | undefined): ShellSession | undefined {
    return sessionOf(options, this.session);
  }

  private resolveWriteConcern(options: Doc | undefined): Doc | undefined {
    const wc = opt(options, 'writeConcern');
    if (isDoc(wc)) return wc.size > 0 ? wc : undefined;
    return this.writeConcern;
  }

  private run(built: BuiltCommand): Doc {
    return this.client.send(built.dbName, built.command, { session: built.session, writeConcern: built.writeConcern });
  }

  private write(command: Doc, options: Doc | undefined): BuiltCommand {
    const session = this.ctxSession(options);
    // Inside a transaction the transaction's write concern applies at commit; statements are acknowledged.
    const inTxn = session?.inTransaction ?? false;
    if (inTxn && isDoc(opt(options, 'writeConcern'))) throw TXN_WRITE_CONCERN_ERROR();
    return {
      dbName: this.db.name,
      command,
      session,
      writeConcern: inTxn ? undefined : this.resolveWriteConcern(options),
    };
  }

  private read(command: Doc, options: Doc | undefined): BuiltCommand {
    const session = this.ctxSession(options);
    const rc = this.readConcern;
    // Inside a transaction the read concern travels with the transaction's first command only.
    if (rc !== undefined && !(session?.inTransaction ?? false) && !command.has('readConcern'))
      command.set('readConcern', rc);
    return { dbName: this.db.name, command, session, writeConcern: undefined };
  }

  // --- command builders (shared by the methods and by explain) -----------------------------

  buildUpdateOne(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, false)], options), options);
  }

  buildUpdateMany(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, true)], options), options);
  }

  buildReplaceOne(filter: Doc, replacement: Value, options?: Doc): BuiltCommand {
    checkReplacementDocument(replacement);
    return this.write(
      updateCommand(this.name, [updateStatement(filter, replacement, options, false)], options),
      options,
    );
  }

  /** Legacy `update`: any update form (the server decides), `multi`/`upsert` from the options. */
  buildLegacyUpdate(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    const multi = boolOpt(options, 'multi') === true;
    if (!isDoc(update) && !isArray(update)) throw new ShellClientError('Update document must be an object or an array');
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, multi)], options), options);
  }

  buildDelete(filter: Doc, options: Doc | undefined, many: boolean): BuiltCommand {
    return this.write(deleteCommand(this.name, [deleteStatement(filter, options, many)], options), options);
  }

  buildFindAndModify(
    kind: 'update' | 'replace' | 'delete',
    filter: Doc,
    update: Value | undefined,
    options?: Doc,
  ): BuiltCommand {
    if (kind === 'update' && update !== undefined) checkUpdateDocument(update);
    if (kind === 'replace' && update !== undefined) checkReplacementDocument(update);
    return this.write(findAndModifyCommand(this.name, kind, filter, update, options), options);
  }

  buildInsert(documents: Doc[], options: Doc | undefined): BuiltCommand {
    return this.write(insertCommand(this.name, documents, options), options);
  }

  buildFind(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(findCommand(this.name, filter, options), options);
  }

  buildAggregate(pipeline: Value[], options: Doc | undefined): BuiltCommand {
    const command = aggregateCommand(this.name, pipeline, options);
    if (pipeline.some((s) => isDoc(s) && (s.has('$out') || s.has('$merge')))) {
      // $out/$merge is a write (write concern) that still reads with the collection's read concern.
      const built = this.write(command, options);
      const rc = this.readConcern;
      if (rc !== undefined && !(built.session?.inTransaction ?? false)) command.set('readConcern', rc);
      return built;
    }
    return this.read(command, options);
  }

  buildCountDocuments(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(countDocumentsCommand(this.name, filter, options), options);
  }

  buildCount(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(countCommand(this.name, filter, options), options);
  }

  buildDistinct(field: string, filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(distinctCommand(this.name, field, filter, options), options);
  }

  // --- update family -----------------------------------------------------------------------

  /**
   * Legacy `update(query, update, {upsert, multi, …})`: returns a WriteResult; a write error is
   * reported inside it (`writeError`), as the mongo shell does, not thrown.
   */
  update(filter: Doc, update: Value, options?: Doc): WriteResult {
    const built = this.buildLegacyUpdate(filter, update, options);
    const reply = this.run(built);
    return writeResultOf(reply, isAcknowledged(built.writeConcern));
  }

  updateOne(filter: Doc, update: Value, options?: Doc): UpdateResult {
    const built = this.buildUpdateOne(filter, update, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  updateMany(filter: Doc, update: Value, options?: Doc): UpdateResult {
    const built = this.buildUpdateMany(filter, update, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  replaceOne(filter: Doc, replacement: Value, options?: Doc): UpdateResult {
    const built = this.buildReplaceOne(filter, replacement, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  findOneAndUpdate(filter: Doc, update: Value, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('update', filter, update, options)));
  }

  findOneAndReplace(filter: Doc, replacement: Value, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('replace', filter, replacement, options)));
  }

  findOneAndDelete(filter: Doc, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('delete', filter, undefined, options)));
  }

  /** `findAndModify({query, update | remove, new, …})`, the legacy shell helper. */
  findAndModify(spec: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildLegacyFindAndModify(spec)));
  }

  /** The command of `findAndModify({query, update | remove, new, fields, …})` (also for explain). */
  buildLegacyFindAndModify(spec: Doc): BuiltCommand {
    const call = findAndModifyCall(spec);
    return this.buildFindAndModify(call.kind, call.filter, call.update, call.options);
  }

  // --- insert / delete ---------------------------------------------------------------------

  insertOne(document: Doc, options?: Doc): InsertOneResult {
    const d = withId(requireDoc(document, 'document'), this.db.client.options.keepNullId);
    const built = this.buildInsert([d], options);
    const reply = this.run(built);
    const ack = isAcknowledged(built.writeConcern);
    throwFirstWriteError(reply);
    return { kind: 'InsertOneResult', acknowledged: ack, insertedId: d.get('_id') ?? null };
  }

  insertMany(documents: Value[], options?: Doc): InsertManyResult {
    const models: Value[] = documents.map((d) => build([['insertOne', build([['document', d]])]]));
    const result = this.bulkWrite(models, options);
    return { kind: 'InsertManyResult', acknowledged: result.acknowledged, insertedIds: result.insertedIds };
  }

  /** mongosh's `insert`: a document or an array of documents; returns the insertedIds. */
  insert(documents: Value, options?: Doc): InsertManyResult {
    return this.insertMany(isArray(documents) ? documents : [requireDoc(documents, 'document')], options);
  }

  deleteOne(filter: Doc, options?: Doc): DeleteResult {
    const built = this.buildDelete(filter, options, false);
    return deleteResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  deleteMany(filter: Doc, options?: Doc): DeleteResult {
    const built = this.buildDelete(filter, options, true);
    return deleteResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  /** Legacy `remove(query, justOne?)`. */
  remove(filter: Doc, options?: Doc | boolean): DeleteResult {
    const justOne = typeof options === 'boolean' ? options : boolOpt(options, 'justOne') === true;
    const opts = typeof options === 'boolean' ? undefined : options;
    return justOne ? this.deleteOne(filter, opts) : this.deleteMany(filter, opts);
  }

  // --- bulk --------------------------------------------------------------------------------

  /** Collection bulkWrite: one command per batch of same-type operations (driver batching). */
  bulkWrite(operations: readonly Value[], options?: Doc): BulkWriteResult {
    return collectionBulkWrite(this, operations, options);
  }

  /** @internal used by bulkWrite. */
  sendBatch(
    kind: 'insert' | 'update' | 'delete',
    statements: Doc[],
    options: Doc | undefined,
  ): { reply: Doc; acknowledged: boolean } {
    const command =
      kind === 'update'
        ? updateCommand(this.name, statements, options)
        : kind === 'insert'
          ? insertCommand(this.name, statements, options)
          : deleteCommand(this.name, statements, options);
    const built = this.write(command, options);
    return { reply: this.run(built), acknowledged: isAcknowledged(built.writeConcern) };
  }

  // --- reads -------------------------------------------------------------------------------

  find(filter: Doc = new Map(), projection?: Doc, options?: Doc): ShellCursor {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    return new ShellCursor(this, filter, opts);
  }

  /** @internal runs a find and drains its cursor. */
  runFind(filter: Doc, options: Doc): Doc[] {
    const built = this.buildFind(filter, options);
    const reply = this.run(built);
    return drainCursor(this.client, this.db.name, reply, built.session, truthyOpt(options, 'batchSize'));
  }

  findOne(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc | null {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    opts.set('limit', int(1));
    opts.set('singleBatch', true);
    return this.runFind(filter, opts)[0] ?? null;
  }

  aggregate(pipeline: Value[], options?: Doc): Doc[] {
    const built = this.buildAggregate(pipeline, options);
    const reply = this.run(built);
    return drainCursor(this.client, this.db.name, reply, built.session, truthyOpt(options, 'batchSize'));
  }

  countDocuments(filter: Doc = new Map(), options?: Doc): number {
    const built = this.buildCountDocuments(filter, options);
    const docs = drainCursor(this.client, this.db.name, this.run(built), built.session);
    return toNumber(docs[0]?.get('n'));
  }

  estimatedDocumentCount(options?: Doc): number {
    const built = this.read(
      build([
        ['count', this.name],
        ['comment', opt(options, 'comment')],
      ]),
      options,
    );
    return toNumber(this.run(built).get('n'));
  }

  count(filter: Doc = new Map(), options?: Doc): number {
    return toNumber(this.run(this.buildCount(filter, options)).get('n'));
  }

  distinct(field: string, filter: Doc = new Map(), options?: Doc): Value[] {
    const values = this.run(this.buildDistinct(field, filter, options)).get('values');
    return isArray(values) ? values : [];
  }

  // --- indexes and collection management -----------------------------------------------------

  createIndex(keys: Doc, options?: Doc): string {
    return this.createIndexes([keys], options)[0] ?? '';
  }

  /** mongosh's createIndexes(keyPatterns, options): every pattern gets the same options. */
  createIndexes(keyPatterns: Doc[], options?: Doc): string[] {
    const specs: Doc[] = keyPatterns.map((keys) => {
      const spec = build([['key', keys]]);
      const name = opt(options, 'name');
      spec.set('name', typeof name === 'string' && keyPatterns.length === 1 ? name : indexName(keys));
      for (const [k, v] of options ?? []) {
        if (k === 'name' || k === 'session' || k === 'writeConcern' || k === 'commitQuorum' || k === 'comment')
          continue;
        spec.set(k, v);
      }
      return spec;
    });
    const command = build([
      ['createIndexes', this.name],
      ['indexes', specs],
      ['commitQuorum', opt(options, 'commitQuorum')],
      ['comment', opt(options, 'comment')],
    ]);
    this.run(this.write(command, options));
    return specs.map((s) => s.get('name') as string);
  }

  getIndexes(): Doc[] {
    const built = this.read(
      build([
        ['listIndexes', this.name],
        ['cursor', new Map()],
      ]),
      undefined,
    );
    return drainCursor(this.client, this.db.name, this.run(built), built.session);
  }

  dropIndex(index: string | Doc): Doc {
    return this.run(
      this.write(
        build([
          ['dropIndexes', this.name],
          ['index', index],
        ]),
        undefined,
      ),
    );
  }

  /** `drop()`: true when dropped, false when the collection did not exist (NamespaceNotFound). */
  drop(options?: Doc): boolean {
    try {
      this.run(this.write(build([['drop', this.name]]), options));
      return true;
    } catch (e) {
      if (e instanceof MongoServerError && e.code === 26) return false;
      throw e;
    }
  }

  explain(verbosity: string = 'queryPlanner'): ShellExplainable {
    return new ShellExplainable(this, verbosity);
  }

  /** @internal sends `{explain: <command>, verbosity}`. */
  runExplain(built: BuiltCommand, verbosity: string): Doc {
    const inner: Doc = new Map(built.command);
    inner.delete('writeConcern');
    return this.client.send(
      built.dbName,
      build([
        ['explain', inner],
        ['verbosity', verbosity],
      ]),
      { session: built.session },
    );
  }
}
