/**
 * The shell client: the engine and observer contracts, and `ShellClient.send`, which adds what the
 * Node driver adds to every command (session, transaction fields, write and read concern, Stable
 * API, retryable-write numbers), retries as the driver does and reports command-monitoring events.
 */
import { findNulFieldName } from '../bson/field-names.js';
import { Long } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import type { ErrorInfo } from '../errors.js';
import { clientBulkWrite } from './api-bulk.js';
import {
  isRetryableRead,
  isRetryableReadError,
  isRetryableWrite,
  isRetryableWriteError,
  labelError,
  errorLabelsOf,
} from './api-retry.js';
import { build, docArray, int, isAcknowledged, isOk, toNumber } from './api-support.js';
import { MongoServerError, ShellClientError, isMongoNetworkError } from './client-errors.js';
import type { ClientBulkWriteResult } from './results.js';
import { ShellSession } from './api-session.js';
import { sessionOf } from './api-session-of.js';
import { ShellDatabase } from './api-database.js';

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

function errorInfoOf(reply: Doc): ErrorInfo {
  const code = toNumber(reply.get('code'));
  const errmsg = reply.get('errmsg');
  const codeName = reply.get('codeName');
  return typeof codeName === 'string'
    ? { code, codeName, errmsg: typeof errmsg === 'string' ? errmsg : '' }
    : { code, errmsg: typeof errmsg === 'string' ? errmsg : '' };
}

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
