/**
 * The shell method API: the collection/database/session methods mongosh offers, each building
 * exactly the command document the Node driver (which mongosh uses) builds, running it through the
 * engine's `runCommand`, reporting it to an observer as command-monitoring events, and shaping the
 * reply the way mongosh returns it.
 *
 * Options arrive as engine documents (`Doc`), as both the mongosh interpreter and the conformance
 * runner hold them. Unknown options are ignored, as the driver ignores them.
 */
import { Binary, Int32, Long, ObjectId, UUID } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';
import type { ErrorInfo } from '../errors.js';
import {
  MongoBulkWriteError,
  MongoClientBulkWriteError,
  MongoServerError,
  ShellClientError,
  isMongoNetworkError,
  isMongoServerError,
} from './client-errors.js';
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
}

export interface NamespaceOptions {
  writeConcern?: Doc;
  readConcern?: Doc;
}

// ---------------------------------------------------------------------------------------------
// Small document helpers

type Entry = readonly [string, Value | undefined];

/** A document from entries, leaving out the ones whose value is `undefined` (absent option). */
function build(entries: readonly Entry[]): Doc {
  const out: Doc = new Map();
  for (const [k, v] of entries) if (v !== undefined) out.set(k, v);
  return out;
}

/** JS integers go out as int32, as the Node driver's serializer writes them. */
function int(n: number): Value {
  return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? new Int32(n) : n;
}

function opt(options: Doc | undefined, name: string): Value | undefined {
  return options?.get(name);
}

function boolOpt(options: Doc | undefined, name: string): boolean | undefined {
  const v = opt(options, name);
  return typeof v === 'boolean' ? v : undefined;
}

/** The driver treats falsy option values as absent for most fields (`if (options.hint)`). */
function truthyOpt(options: Doc | undefined, name: string): Value | undefined {
  const v = opt(options, name);
  if (v === undefined || v === null || v === false || v === 0 || v === '') return undefined;
  return v;
}

export function toNumber(v: Value | undefined): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Int32) return v.value;
  if (v instanceof Long) return v.toNumber();
  if (typeof v === 'object' && '_bsontype' in v && v._bsontype === 'Decimal128') return Number(v.toString());
  return 0;
}

function isOk(reply: Doc): boolean {
  return toNumber(reply.get('ok')) === 1;
}

function docArray(v: Value | undefined): Doc[] {
  return isArray(v) ? v.filter(isDoc) : [];
}

/** True when the first key of an update document is `$`-prefixed (driver's hasAtomicOperators). */
function hasAtomicOperators(update: Value): boolean {
  if (isArray(update)) return update.length > 0 && update.every((s) => isDoc(s) && hasAtomicOperators(s));
  if (!isDoc(update)) return false;
  const first = update.keys().next();
  return !first.done && first.value.startsWith('$');
}

function checkUpdateDocument(update: Value): void {
  if (isArray(update)) {
    // Pipeline updates are accepted (the driver checks only that a non-empty pipeline is given).
    if (update.length === 0) throw new ShellClientError('Update document requires atomic operators');
    return;
  }
  if (!isDoc(update)) throw new ShellClientError('Update document requires atomic operators');
  if (!hasAtomicOperators(update)) throw new ShellClientError('Update document requires atomic operators');
}

function checkReplacementDocument(replacement: Value): void {
  if (!isDoc(replacement)) throw new ShellClientError('Replacement document must be an object');
  if (hasAtomicOperators(replacement)) {
    throw new ShellClientError('Replacement document must not contain atomic operators');
  }
}

function requireDoc(v: Value | undefined, what: string): Doc {
  if (v === undefined) return new Map();
  if (!isDoc(v)) throw new ShellClientError(`${what} must be an object`);
  return v;
}

/** Default index name: `a_1_b_-1`, as the driver derives it from the key pattern. */
export function indexName(keys: Doc): string {
  const parts: string[] = [];
  for (const [k, v] of keys) {
    const s = typeof v === 'string' ? v : String(toNumber(v));
    parts.push(`${k}_${s}`);
  }
  return parts.join('_');
}

function isAcknowledged(wc: Doc | undefined): boolean {
  if (wc === undefined) return true;
  const w = wc.get('w');
  const j = wc.get('j');
  return !(w !== undefined && toNumber(w) === 0 && typeof w !== 'string' && j !== true);
}

/** Error codes drivers and the server treat as retryable (retryable writes / reads specs). */
const RETRYABLE_CODES: ReadonlySet<number> = new Set([
  6, 7, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436,
]);

function errorLabelsOf(e: unknown): string[] {
  if (isMongoServerError(e) || isMongoNetworkError(e)) return e.errorLabels;
  return [];
}

/** Labels the driver adds itself: network errors are retryable writes' and transactions' business. */
function labelError(e: unknown, inTxn: boolean, retryableWrite: boolean): void {
  if (!isMongoNetworkError(e)) return;
  if (inTxn && !e.errorLabels.includes('TransientTransactionError')) e.errorLabels.push('TransientTransactionError');
  if (retryableWrite && !e.errorLabels.includes('RetryableWriteError')) e.errorLabels.push('RetryableWriteError');
}

/** 4.4+ servers label retryable write errors; drivers rely on the label only. */
function isRetryableWriteError(e: unknown): boolean {
  return isMongoNetworkError(e) || errorLabelsOf(e).includes('RetryableWriteError');
}

function isRetryableReadError(e: unknown): boolean {
  return isMongoNetworkError(e) || (isMongoServerError(e) && RETRYABLE_CODES.has(e.code));
}

const RETRYABLE_READ_COMMANDS = new Set([
  'find',
  'count',
  'distinct',
  'listCollections',
  'listIndexes',
  'listDatabases',
]);

function isRetryableRead(cmd: Doc): boolean {
  const name = cmd.keys().next().value;
  if (name === undefined) return false;
  if (name === 'aggregate') {
    return docArray(cmd.get('pipeline')).every((s) => !s.has('$out') && !s.has('$merge'));
  }
  return RETRYABLE_READ_COMMANDS.has(name);
}

const RETRYABLE_WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);

/** Whether the driver adds `txnNumber` (retryable write): no multi-statement updates/deletes. */
function isRetryableWrite(cmd: Doc): boolean {
  const name = cmd.keys().next().value;
  if (name === undefined || !RETRYABLE_WRITE_COMMANDS.has(name)) return false;
  if (name === 'update') return docArray(cmd.get('updates')).every((s) => s.get('multi') !== true);
  if (name === 'delete') return docArray(cmd.get('deletes')).every((s) => toNumber(s.get('limit')) === 1);
  if (name === 'bulkWrite') return docArray(cmd.get('ops')).every((s) => s.get('multi') !== true);
  return true;
}

/** Transactions spec: an operation inside a transaction must not carry its own write concern. */
function TXN_WRITE_CONCERN_ERROR(): ShellClientError {
  return new ShellClientError('Cannot set write concern after starting a transaction', 'MongoTransactionError');
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
    return clientBulkWrite(this, models, options, session);
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
    out.push(...docArray(c.get('nextBatch')));
    id = c.get('id');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Collection

interface BuiltCommand {
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

  /** One `updates[]` statement, as the driver's makeUpdateStatement writes it. */
  static updateStatement(filter: Doc, update: Value, options: Doc | undefined, multi: boolean): Doc {
    return build([
      ['q', filter],
      ['u', update],
      ['upsert', boolOpt(options, 'upsert')],
      ['multi', multi ? true : undefined],
      ['arrayFilters', truthyOpt(options, 'arrayFilters')],
      ['hint', truthyOpt(options, 'hint')],
      ['collation', truthyOpt(options, 'collation')],
      ['sort', truthyOpt(options, 'sort')],
    ]);
  }

  private updateCommand(statements: Doc[], options: Doc | undefined): Doc {
    return build([
      ['update', this.name],
      ['updates', statements],
      ['ordered', boolOpt(options, 'ordered') ?? true],
      ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
    ]);
  }

  buildUpdateOne(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(
      this.updateCommand([ShellCollection.updateStatement(filter, update, options, false)], options),
      options,
    );
  }

  buildUpdateMany(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(
      this.updateCommand([ShellCollection.updateStatement(filter, update, options, true)], options),
      options,
    );
  }

  buildReplaceOne(filter: Doc, replacement: Value, options?: Doc): BuiltCommand {
    checkReplacementDocument(replacement);
    return this.write(
      this.updateCommand([ShellCollection.updateStatement(filter, replacement, options, false)], options),
      options,
    );
  }

  /** Legacy `update`: any update form (the server decides), `multi`/`upsert` from the options. */
  buildLegacyUpdate(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    const multi = boolOpt(options, 'multi') === true;
    if (!isDoc(update) && !isArray(update)) throw new ShellClientError('Update document must be an object or an array');
    return this.write(
      this.updateCommand([ShellCollection.updateStatement(filter, update, options, multi)], options),
      options,
    );
  }

  buildDelete(filter: Doc, options: Doc | undefined, many: boolean): BuiltCommand {
    const statement = build([
      ['q', filter],
      ['limit', int(many ? 0 : 1)],
      ['hint', truthyOpt(options, 'hint')],
      ['collation', truthyOpt(options, 'collation')],
    ]);
    const command = build([
      ['delete', this.name],
      ['deletes', [statement]],
      ['ordered', boolOpt(options, 'ordered') ?? true],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
    ]);
    return this.write(command, options);
  }

  /** findAndModify as the driver builds it: `remove`, `new`, `upsert` always present. */
  buildFindAndModify(
    kind: 'update' | 'replace' | 'delete',
    filter: Doc,
    update: Value | undefined,
    options?: Doc,
  ): BuiltCommand {
    if (kind === 'update' && update !== undefined) checkUpdateDocument(update);
    if (kind === 'replace' && update !== undefined) checkReplacementDocument(update);
    let returnNew = false;
    const rd = opt(options, 'returnDocument');
    if (rd !== undefined) {
      if (rd === 'after') returnNew = true;
      else if (rd === 'before') returnNew = false;
      else throw new ShellClientError(`returnDocument must be either 'before' or 'after'`);
    } else if (boolOpt(options, 'returnNewDocument') === true || boolOpt(options, 'returnOriginal') === false) {
      returnNew = true;
    }
    const command = build([
      ['findAndModify', this.name],
      ['query', filter],
      ['remove', kind === 'delete'],
      ['new', kind === 'delete' ? false : returnNew],
      ['upsert', kind === 'delete' ? false : boolOpt(options, 'upsert') === true],
      ['sort', truthyOpt(options, 'sort')],
      ['fields', truthyOpt(options, 'projection')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
      ['update', kind === 'delete' ? undefined : update],
      ['bypassDocumentValidation', kind === 'delete' ? undefined : boolOpt(options, 'bypassDocumentValidation')],
      ['arrayFilters', kind === 'update' ? truthyOpt(options, 'arrayFilters') : undefined],
      ['collation', truthyOpt(options, 'collation')],
      ['hint', truthyOpt(options, 'hint')],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
    ]);
    return this.write(command, options);
  }

  buildInsert(documents: Doc[], options: Doc | undefined): BuiltCommand {
    const command = build([
      ['insert', this.name],
      ['documents', documents],
      ['ordered', boolOpt(options, 'ordered') ?? true],
      ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
      ['comment', opt(options, 'comment')],
    ]);
    return this.write(command, options);
  }

  buildFind(filter: Doc, options: Doc | undefined): BuiltCommand {
    const command = build([
      ['find', this.name],
      ['filter', filter],
      ['sort', truthyOpt(options, 'sort')],
      ['projection', truthyOpt(options, 'projection')],
      ['hint', truthyOpt(options, 'hint')],
      ['skip', truthyOpt(options, 'skip')],
      ['limit', truthyOpt(options, 'limit')],
      ['batchSize', truthyOpt(options, 'batchSize')],
      ['singleBatch', boolOpt(options, 'singleBatch')],
      ['comment', opt(options, 'comment')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
      ['collation', truthyOpt(options, 'collation')],
      ['let', truthyOpt(options, 'let')],
    ]);
    return this.read(command, options);
  }

  buildAggregate(pipeline: Value[], options: Doc | undefined): BuiltCommand {
    const batchSize = truthyOpt(options, 'batchSize');
    const hasOut = pipeline.some((s) => isDoc(s) && (s.has('$out') || s.has('$merge')));
    const command = build([
      ['aggregate', this.name],
      ['pipeline', pipeline],
      ['cursor', batchSize !== undefined ? build([['batchSize', batchSize]]) : new Map()],
      ['allowDiskUse', boolOpt(options, 'allowDiskUse')],
      ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
      ['hint', truthyOpt(options, 'hint')],
      ['collation', truthyOpt(options, 'collation')],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ]);
    if (hasOut) {
      // $out/$merge is a write (write concern) that still reads with the collection's read concern.
      const built = this.write(command, options);
      const rc = this.readConcern;
      if (rc !== undefined && !(built.session?.inTransaction ?? false)) command.set('readConcern', rc);
      return built;
    }
    return this.read(command, options);
  }

  buildCountDocuments(filter: Doc, options: Doc | undefined): BuiltCommand {
    const pipeline: Value[] = [build([['$match', filter]])];
    const skip = truthyOpt(options, 'skip');
    const limit = truthyOpt(options, 'limit');
    if (skip !== undefined) pipeline.push(build([['$skip', skip]]));
    if (limit !== undefined) pipeline.push(build([['$limit', limit]]));
    pipeline.push(
      build([
        [
          '$group',
          build([
            ['_id', int(1)],
            ['n', build([['$sum', int(1)]])],
          ]),
        ],
      ]),
    );
    const command = build([
      ['aggregate', this.name],
      ['pipeline', pipeline],
      ['cursor', new Map()],
      ['hint', truthyOpt(options, 'hint')],
      ['collation', truthyOpt(options, 'collation')],
      ['comment', opt(options, 'comment')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ]);
    return this.read(command, options);
  }

  buildCount(filter: Doc, options: Doc | undefined): BuiltCommand {
    const command = build([
      ['count', this.name],
      ['query', filter],
      ['limit', truthyOpt(options, 'limit')],
      ['skip', truthyOpt(options, 'skip')],
      ['hint', truthyOpt(options, 'hint')],
      ['collation', truthyOpt(options, 'collation')],
      ['comment', opt(options, 'comment')],
    ]);
    return this.read(command, options);
  }

  buildDistinct(field: string, filter: Doc, options: Doc | undefined): BuiltCommand {
    const command = build([
      ['distinct', this.name],
      ['key', field],
      ['query', filter],
      ['collation', truthyOpt(options, 'collation')],
      ['comment', opt(options, 'comment')],
    ]);
    return this.read(command, options);
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
    const filter = requireDoc(spec.get('query'), 'query');
    const options: Doc = new Map(spec);
    if (spec.get('new') === true) options.set('returnDocument', 'after');
    if (isDoc(spec.get('fields'))) options.set('projection', spec.get('fields') as Doc);
    if (spec.get('remove') === true) return this.findOneAndDelete(filter, options);
    const update = spec.get('update');
    if (update === undefined) throw new ShellClientError('Either an update or remove=true must be specified');
    const built = this.buildFindAndModifyUnchecked(filter, update, options);
    return findAndModifyValue(this.run(built));
  }

  private buildFindAndModifyUnchecked(filter: Doc, update: Value, options: Doc): BuiltCommand {
    const kind = hasAtomicOperators(update) || isArray(update) ? 'update' : 'replace';
    return this.buildFindAndModify(kind, filter, update, options);
  }

  // --- insert / delete ---------------------------------------------------------------------

  insertOne(document: Doc, options?: Doc): InsertOneResult {
    const d = withId(requireDoc(document, 'document'));
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
    let command: Doc;
    if (kind === 'update') command = this.updateCommand(statements, options);
    else if (kind === 'insert') {
      command = build([
        ['insert', this.name],
        ['documents', statements],
        ['ordered', boolOpt(options, 'ordered') ?? true],
        ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
        ['let', truthyOpt(options, 'let')],
        ['comment', opt(options, 'comment')],
      ]);
    } else {
      command = build([
        ['delete', this.name],
        ['deletes', statements],
        ['ordered', boolOpt(options, 'ordered') ?? true],
        ['let', truthyOpt(options, 'let')],
        ['comment', opt(options, 'comment')],
      ]);
    }
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

function withId(document: Doc): Doc {
  if (document.get('_id') !== undefined && document.get('_id') !== null) return document;
  // The driver assigns `doc._id = new ObjectId()` on the object, i.e. after the existing fields.
  const d: Doc = new Map(document);
  d.set('_id', new ObjectId());
  return d;
}

// ---------------------------------------------------------------------------------------------
// Result shaping

function throwFirstWriteError(reply: Doc): void {
  const we = docArray(reply.get('writeErrors'))[0];
  if (we !== undefined) throw new MongoServerError(we);
  const wce = reply.get('writeConcernError');
  if (isDoc(wce)) {
    // The driver's MongoWriteConcernError: the wce fields plus the reply's top-level labels.
    const err: Doc = new Map(wce);
    const labels = reply.get('errorLabels');
    if (isArray(labels)) err.set('errorLabels', labels);
    throw new MongoServerError(err);
  }
}

function upsertedOf(reply: Doc): Doc[] {
  return docArray(reply.get('upserted'));
}

function writeResultOf(reply: Doc, acknowledged: boolean): WriteResult {
  if (!acknowledged) return { kind: 'WriteResult', nMatched: 0, nUpserted: 0, nModified: 0 };
  const upserted = upsertedOf(reply);
  const n = toNumber(reply.get('n'));
  const result: { -readonly [K in keyof WriteResult]: WriteResult[K] } = {
    kind: 'WriteResult',
    nMatched: n - upserted.length,
    nUpserted: upserted.length,
    nModified: toNumber(reply.get('nModified')),
  };
  const id = upserted[0]?.get('_id');
  if (id !== undefined) result._id = id;
  const we = docArray(reply.get('writeErrors'))[0];
  if (we !== undefined) {
    const writeError: Doc = new Map();
    for (const [k, v] of we) if (k !== 'index') writeError.set(k, v);
    result.writeError = writeError;
  }
  const wce = reply.get('writeConcernError');
  if (isDoc(wce)) result.writeConcernError = wce;
  return result;
}

function updateResultOf(reply: Doc, acknowledged: boolean): UpdateResult {
  if (!acknowledged) {
    return {
      kind: 'UpdateResult',
      acknowledged: false,
      insertedId: null,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 0,
    };
  }
  throwFirstWriteError(reply);
  const upserted = upsertedOf(reply);
  const n = toNumber(reply.get('n'));
  const id = upserted[0]?.get('_id');
  const base = {
    kind: 'UpdateResult' as const,
    acknowledged: true,
    insertedId: id ?? null,
    matchedCount: n - upserted.length,
    modifiedCount: toNumber(reply.get('nModified')),
    upsertedCount: upserted.length,
  };
  return id !== undefined ? { ...base, upsertedId: id } : base;
}

function deleteResultOf(reply: Doc, acknowledged: boolean): DeleteResult {
  if (!acknowledged) return { kind: 'DeleteResult', acknowledged: false, deletedCount: 0 };
  throwFirstWriteError(reply);
  return { kind: 'DeleteResult', acknowledged: true, deletedCount: toNumber(reply.get('n')) };
}

function findAndModifyValue(reply: Doc): Doc | null {
  const v = reply.get('value');
  return isDoc(v) ? v : null;
}

// ---------------------------------------------------------------------------------------------
// Collection bulkWrite

interface BulkOp {
  kind: 'insert' | 'update' | 'delete';
  index: number;
  statement: Doc;
}

function modelBody(model: Doc, name: string): Doc {
  return requireDoc(model.get(name), name);
}

function toBulkOp(model: Value, index: number): BulkOp {
  if (!isDoc(model) || model.size !== 1) throw new ShellClientError(`Invalid BulkWriteOperation: ${String(model)}`);
  const name = model.keys().next().value as string;
  const body = modelBody(model, name);
  const filter = requireDoc(body.get('filter'), 'filter');
  switch (name) {
    case 'insertOne':
      return { kind: 'insert', index, statement: withId(requireDoc(body.get('document'), 'document')) };
    case 'updateOne':
    case 'updateMany': {
      const update = body.get('update');
      if (update === undefined) throw new ShellClientError('Update document requires atomic operators');
      checkUpdateDocument(update);
      return {
        kind: 'update',
        index,
        statement: ShellCollection.updateStatement(filter, update, body, name === 'updateMany'),
      };
    }
    case 'replaceOne': {
      const replacement = body.get('replacement');
      if (replacement === undefined) throw new ShellClientError('Replacement document must be an object');
      checkReplacementDocument(replacement);
      return { kind: 'update', index, statement: ShellCollection.updateStatement(filter, replacement, body, false) };
    }
    case 'deleteOne':
    case 'deleteMany':
      return {
        kind: 'delete',
        index,
        statement: build([
          ['q', filter],
          ['limit', int(name === 'deleteOne' ? 1 : 0)],
          ['hint', truthyOpt(body, 'hint')],
          ['collation', truthyOpt(body, 'collation')],
        ]),
      };
    default:
      throw new ShellClientError(`Invalid BulkWriteOperation: ${name}`);
  }
}

/** Ordered: runs of consecutive same-type ops; unordered: inserts, then updates, then deletes. */
function batchesOf(ops: BulkOp[], ordered: boolean): BulkOp[][] {
  if (!ordered) {
    return (['insert', 'update', 'delete'] as const)
      .map((k) => ops.filter((o) => o.kind === k))
      .filter((b) => b.length > 0);
  }
  const batches: BulkOp[][] = [];
  for (const op of ops) {
    const last = batches[batches.length - 1];
    if (last !== undefined && last[0]?.kind === op.kind) last.push(op);
    else batches.push([op]);
  }
  return batches;
}

function collectionBulkWrite(
  coll: ShellCollection,
  operations: readonly Value[],
  options: Doc | undefined,
): BulkWriteResult {
  const ordered = boolOpt(options, 'ordered') ?? true;
  const ops = operations.map((m, i) => toBulkOp(m, i));
  if (ops.length === 0) throw new ShellClientError('Invalid BulkOperation, Batch cannot be empty');
  const insertedIds = new Map<number, Value>();
  const upsertedIds = new Map<number, Value>();
  let insertedCount = 0;
  let matchedCount = 0;
  let modifiedCount = 0;
  let deletedCount = 0;
  const writeErrors: Doc[] = [];
  const writeConcernErrors: Doc[] = [];
  let acknowledged = true;
  const partial = (): BulkWriteResult => ({
    kind: 'BulkWriteResult',
    acknowledged,
    insertedCount,
    insertedIds,
    matchedCount,
    modifiedCount,
    deletedCount,
    upsertedCount: upsertedIds.size,
    upsertedIds,
  });
  for (const batch of batchesOf(ops, ordered)) {
    const kind = batch[0]?.kind ?? 'insert';
    let sent: { reply: Doc; acknowledged: boolean };
    try {
      sent = coll.sendBatch(
        kind,
        batch.map((o) => o.statement),
        options,
      );
    } catch (e) {
      // A failed batch (command error, dropped connection) ends the bulk; the error carries
      // what earlier batches did, as the driver's MongoBulkWriteError does.
      if (e instanceof ShellClientError) throw e;
      throw MongoBulkWriteError.fromError(e, partial());
    }
    const { reply, acknowledged: ack } = sent;
    acknowledged = ack;
    if (!ack) continue;
    if (kind === 'insert') {
      const failed = new Set(docArray(reply.get('writeErrors')).map((w) => toNumber(w.get('index'))));
      const firstFailed = failed.size > 0 ? Math.min(...failed) : Infinity;
      batch.forEach((op, i) => {
        if (!failed.has(i) && !(ordered && i > firstFailed)) insertedIds.set(op.index, op.statement.get('_id') ?? null);
      });
    }
    const n = toNumber(reply.get('n'));
    const upserted = upsertedOf(reply);
    if (kind === 'insert') insertedCount += n;
    else if (kind === 'delete') deletedCount += n;
    else {
      matchedCount += n - upserted.length;
      modifiedCount += toNumber(reply.get('nModified'));
      for (const u of upserted) {
        const op = batch[toNumber(u.get('index'))];
        if (op !== undefined) upsertedIds.set(op.index, u.get('_id') ?? null);
      }
    }
    for (const we of docArray(reply.get('writeErrors'))) {
      const op = batch[toNumber(we.get('index'))];
      const mapped: Doc = new Map(we);
      mapped.set('index', int(op?.index ?? 0));
      writeErrors.push(mapped);
    }
    const wce = reply.get('writeConcernError');
    if (isDoc(wce)) writeConcernErrors.push(wce);
    if (ordered && writeErrors.length > 0) break;
  }
  if (!acknowledged)
    for (const op of ops) if (op.kind === 'insert') insertedIds.set(op.index, op.statement.get('_id') ?? null);
  const result = partial();
  if (writeErrors.length > 0 || writeConcernErrors.length > 0) {
    throw new MongoBulkWriteError(writeErrors, writeConcernErrors, result);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Client bulkWrite (admin `bulkWrite`, 8.0)

function clientBulkWrite(
  client: ShellClient,
  models: readonly Value[],
  options: Doc | undefined,
  session: ShellSession | undefined,
): ClientBulkWriteResult {
  if (models.length === 0) throw new ShellClientError('No client bulk write models were provided.');
  const nsIndex = new Map<string, number>();
  const nsInfo: Doc[] = [];
  const kinds: ('insert' | 'update' | 'delete')[] = [];
  const insertedIdByIndex = new Map<number, Value>();
  const ops: Doc[] = models.map((model, i) => {
    if (!isDoc(model) || model.size !== 1) throw new ShellClientError('Invalid client bulk write model');
    const name = model.keys().next().value as string;
    const body = modelBody(model, name);
    const ns = body.get('namespace');
    if (typeof ns !== 'string') throw new ShellClientError('Client bulk write model requires a namespace');
    let idx = nsIndex.get(ns);
    if (idx === undefined) {
      idx = nsInfo.length;
      nsIndex.set(ns, idx);
      nsInfo.push(build([['ns', ns]]));
    }
    const filter = requireDoc(body.get('filter'), 'filter');
    switch (name) {
      case 'insertOne': {
        const document = withId(requireDoc(body.get('document'), 'document'));
        kinds.push('insert');
        insertedIdByIndex.set(i, document.get('_id') ?? null);
        return build([
          ['insert', int(idx)],
          ['document', document],
        ]);
      }
      case 'updateOne':
      case 'updateMany':
      case 'replaceOne': {
        const update = name === 'replaceOne' ? body.get('replacement') : body.get('update');
        if (update === undefined) throw new ShellClientError('Update document requires atomic operators');
        if (name === 'replaceOne') checkReplacementDocument(update);
        else checkUpdateDocument(update);
        kinds.push('update');
        return build([
          ['update', int(idx)],
          ['filter', filter],
          ['updateMods', update],
          ['upsert', boolOpt(body, 'upsert')],
          ['multi', name === 'updateMany'],
          ['arrayFilters', name === 'replaceOne' ? undefined : truthyOpt(body, 'arrayFilters')],
          ['hint', truthyOpt(body, 'hint')],
          ['collation', truthyOpt(body, 'collation')],
          ['sort', truthyOpt(body, 'sort')],
        ]);
      }
      case 'deleteOne':
      case 'deleteMany':
        kinds.push('delete');
        return build([
          ['delete', int(idx)],
          ['filter', filter],
          ['multi', name === 'deleteMany'],
          ['hint', truthyOpt(body, 'hint')],
          ['collation', truthyOpt(body, 'collation')],
        ]);
      default:
        throw new ShellClientError(`Invalid client bulk write model: ${name}`);
    }
  });
  const txnSession = sessionOf(options, session);
  if ((txnSession?.inTransaction ?? false) && isDoc(opt(options, 'writeConcern'))) throw TXN_WRITE_CONCERN_ERROR();
  const verbose = boolOpt(options, 'verboseResults') === true;
  const wcOpt = opt(options, 'writeConcern');
  const writeConcern =
    (txnSession?.inTransaction ?? false)
      ? undefined
      : isDoc(wcOpt)
        ? wcOpt.size > 0
          ? wcOpt
          : undefined
        : client.defaultWriteConcern;
  const acknowledged = isAcknowledged(writeConcern);
  const command = build([
    ['bulkWrite', int(1)],
    ['errorsOnly', acknowledged ? !verbose : true],
    ['ordered', boolOpt(options, 'ordered') ?? true],
    ['ops', ops],
    ['nsInfo', nsInfo],
    ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
  const reply = client.send('admin', command, { session: txnSession, writeConcern });
  if (!acknowledged) {
    return {
      kind: 'ClientBulkWriteResult',
      acknowledged: false,
      insertedCount: 0,
      upsertedCount: 0,
      matchedCount: 0,
      modifiedCount: 0,
      deletedCount: 0,
    };
  }
  const cursor = reply.get('cursor');
  const entries = isDoc(cursor) ? docArray(cursor.get('firstBatch')) : [];
  const insertResults = new Map<number, { insertedId: Value }>();
  const updateResults = new Map<number, { matchedCount: number; modifiedCount: number; upsertedId?: Value }>();
  const deleteResults = new Map<number, { deletedCount: number }>();
  const writeErrors = new Map<number, Doc>();
  for (const entry of entries) {
    const idx = toNumber(entry.get('idx'));
    if (toNumber(entry.get('ok')) !== 1) {
      writeErrors.set(idx, entry);
      continue;
    }
    const kind = kinds[idx];
    if (kind === 'insert') insertResults.set(idx, { insertedId: insertedIdByIndex.get(idx) ?? null });
    else if (kind === 'update') {
      const up = entry.get('upserted');
      const upId = isDoc(up) ? up.get('_id') : undefined;
      const r = { matchedCount: toNumber(entry.get('n')), modifiedCount: toNumber(entry.get('nModified')) };
      updateResults.set(idx, upId !== undefined ? { ...r, upsertedId: upId } : r);
    } else if (kind === 'delete') deleteResults.set(idx, { deletedCount: toNumber(entry.get('n')) });
  }
  const summary = {
    kind: 'ClientBulkWriteResult' as const,
    acknowledged: true,
    insertedCount: toNumber(reply.get('nInserted')),
    upsertedCount: toNumber(reply.get('nUpserted')),
    matchedCount: toNumber(reply.get('nMatched')),
    modifiedCount: toNumber(reply.get('nModified')),
    deletedCount: toNumber(reply.get('nDeleted')),
  };
  const result: ClientBulkWriteResult = verbose ? { ...summary, insertResults, updateResults, deleteResults } : summary;
  const wce = reply.get('writeConcernError');
  if (writeErrors.size > 0 || isDoc(wce)) {
    const first = writeErrors.values().next().value ?? (isDoc(wce) ? wce : new Map<string, Value>());
    throw new MongoClientBulkWriteError(first, writeErrors, isDoc(wce) ? [wce] : [], result);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Cursor

export class ShellCursor {
  private readonly collection: ShellCollection;
  private readonly filter: Doc;
  private readonly options: Doc;
  private buffer: Doc[] | undefined;
  private position = 0;

  constructor(collection: ShellCollection, filter: Doc, options: Doc) {
    this.collection = collection;
    this.filter = filter;
    this.options = options;
  }

  private set(name: string, value: Value): this {
    if (this.buffer !== undefined) throw new ShellClientError('Cursor is already initialized', 'MongoCursorInUseError');
    this.options.set(name, value);
    return this;
  }

  sort(spec: Doc): this {
    return this.set('sort', spec);
  }
  limit(n: number | Value): this {
    return this.set('limit', typeof n === 'number' ? int(n) : n);
  }
  skip(n: number | Value): this {
    return this.set('skip', typeof n === 'number' ? int(n) : n);
  }
  project(spec: Doc): this {
    return this.set('projection', spec);
  }
  projection(spec: Doc): this {
    return this.project(spec);
  }
  batchSize(n: number | Value): this {
    return this.set('batchSize', typeof n === 'number' ? int(n) : n);
  }
  hint(h: Value): this {
    return this.set('hint', h);
  }
  collation(c: Doc): this {
    return this.set('collation', c);
  }
  comment(c: Value): this {
    return this.set('comment', c);
  }

  /** The find command this cursor sends (for display), without running it. */
  get command(): Doc {
    return this.collection.buildFind(this.filter, this.options).command;
  }

  private load(): Doc[] {
    this.buffer ??= this.collection.runFind(this.filter, this.options);
    return this.buffer;
  }

  toArray(): Doc[] {
    const all = this.load();
    const rest = all.slice(this.position);
    this.position = all.length;
    return rest;
  }

  hasNext(): boolean {
    return this.position < this.load().length;
  }

  next(): Doc | null {
    const all = this.load();
    return all[this.position++] ?? null;
  }

  /** mongosh's `cursor.count()` (a `count` command with the cursor's filter). */
  count(): number {
    return this.collection.count(
      this.filter,
      new Map([...this.options].filter(([k]) => k === 'collation' || k === 'hint')),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Explain

/** `db.coll.explain(verbosity)`: each helper sends `{explain: <command>, verbosity}`. */
export class ShellExplainable {
  readonly collection: ShellCollection;
  readonly verbosity: string;

  constructor(collection: ShellCollection, verbosity: string) {
    this.collection = collection;
    this.verbosity = verbosity;
  }

  private run(built: Parameters<ShellCollection['runExplain']>[0]): Doc {
    return this.collection.runExplain(built, this.verbosity);
  }

  update(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildLegacyUpdate(filter, update, options));
  }
  updateOne(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildUpdateOne(filter, update, options));
  }
  updateMany(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildUpdateMany(filter, update, options));
  }
  replaceOne(filter: Doc, replacement: Value, options?: Doc): Doc {
    return this.run(this.collection.buildReplaceOne(filter, replacement, options));
  }
  findOneAndUpdate(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('update', filter, update, options));
  }
  findOneAndReplace(filter: Doc, replacement: Value, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('replace', filter, replacement, options));
  }
  findOneAndDelete(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('delete', filter, undefined, options));
  }
  deleteOne(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildDelete(filter, options, false));
  }
  deleteMany(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildDelete(filter, options, true));
  }
  remove(filter: Doc, options?: Doc | boolean): Doc {
    const justOne = typeof options === 'boolean' ? options : boolOpt(options, 'justOne') === true;
    return this.run(this.collection.buildDelete(filter, typeof options === 'boolean' ? undefined : options, !justOne));
  }
  find(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    return this.run(this.collection.buildFind(filter, opts));
  }
  findOne(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    opts.set('limit', int(1));
    opts.set('singleBatch', true);
    return this.run(this.collection.buildFind(filter, opts));
  }
  count(filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildCount(filter, options));
  }
  countDocuments(filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildCountDocuments(filter, options));
  }
  distinct(field: string, filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildDistinct(field, filter, options));
  }
  aggregate(pipeline: Value[], options?: Doc): Doc {
    return this.run(this.collection.buildAggregate(pipeline, options));
  }
}
