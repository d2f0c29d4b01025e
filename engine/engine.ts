/**
 * The engine's front door: `new Engine().runCommand('test', {insert: 'c', documents: [...]})`.
 *
 * `runCommand` is synchronous and never throws for a command error: failures come back as the
 * server's reply `{ok: 0.0, errmsg, code, codeName, ...extra}` (extra: errInfo, keyPattern,
 * keyValue...), and an unexpected JS exception becomes `{ok: 0, errmsg, code: 1, codeName:
 * 'InternalError'}`. Commands are dispatched through the table in engine/commands/registry.ts.
 */
import { Int32, type ObjectId } from 'bson';
import { isDoc, type Doc, type Value } from './bson/values.js';
import { Catalog, checkDatabaseName, type CatalogSnapshot } from './catalog/catalog.js';
import type { CatalogJournal } from './catalog/journal.js';
import { SystemClock, type Clock } from './catalog/clock.js';
import type { OperationRecord } from './catalog/recent-operations.js';
import type { CommandContext } from './commands/context.js';
import { checkApiParameters } from './commands/api-version.js';
import { lookupCommand } from './commands/registry.js';
import { Deployment, DEPLOYMENT_COMMANDS, type DeploymentOptions } from './deploy/deployment.js';
import { fail, isEngineError, type EngineError } from './errors.js';

/** Deployment options (topology, members, shards, auth...): engine/deploy/README.md. */
export interface EngineOptions extends DeploymentOptions {
  /** Wall and cluster time (default: the system clock). Tests pass a `ManualClock`. */
  readonly clock?: Clock | undefined;
  /** Generated `_id` values (default: `new ObjectId()`). */
  readonly newObjectId?: (() => ObjectId) | undefined;
  /** Random source for collection UUIDs (default: Math.random). */
  readonly random?: (() => number) | undefined;
}

/** The error reply, fields in the server's order: ok, errmsg, code, codeName, then extras. */
export function errorReply(error: EngineError): Doc {
  const reply: Doc = new Map<string, Value>([
    ['ok', 0],
    ['errmsg', error.errmsg],
    ['code', new Int32(error.code)],
    // Codes without a name in error_codes.yml reply as `Location<code>`, as the server does.
    ['codeName', error.codeName ?? `Location${error.code}`],
  ]);
  for (const [k, v] of error.extra) reply.set(k, v as Value);
  return reply;
}

function internalErrorReply(e: unknown): Doc {
  return new Map<string, Value>([
    ['ok', 0],
    ['errmsg', e instanceof Error ? e.message : String(e)],
    ['code', new Int32(1)],
    ['codeName', 'InternalError'],
  ]);
}

/** Commands that accept `readConcern: {level: 'snapshot'}` outside a multi-document transaction. */
const SNAPSHOT_READ_COMMANDS = new Set(['find', 'aggregate', 'distinct', 'getMore', 'explain']);

/**
 * `readConcern: {level: 'snapshot'}` outside a transaction is only valid for reads (the server's
 * `supportsReadConcern` check, InvalidOptions).
 */
function checkReadConcern(name: string, command: Doc): void {
  const rc = command.get('readConcern');
  if (!isDoc(rc) || rc.get('level') !== 'snapshot') return;
  const inTransaction = command.get('autocommit') === false;
  if (inTransaction || SNAPSHOT_READ_COMMANDS.has(name)) return;
  throw fail(
    72,
    `Command ${name} does not support { readConcern: { level: "snapshot" } } outside a multi-document transaction`,
  );
}

export class Engine {
  readonly catalog: Catalog;
  readonly clock: Clock;
  /** The simulated deployment (topology, write concern, transactions, auth, sharding). */
  readonly deployment: Deployment;

  constructor(options: EngineOptions = {}) {
    this.clock = options.clock ?? new SystemClock();
    this.catalog = new Catalog({ clock: this.clock, newObjectId: options.newObjectId, random: options.random });
    this.deployment = new Deployment(this.catalog, options);
    // A standalone keeps no oplog: local.oplog.rs does not exist for its commands.
    this.catalog.oplogVisible = () => this.deployment.topology.topology !== 'standalone';
  }

  /** Runs one command against `dbName` and returns the reply document. Never throws. */
  /** The deployment's server type, as a driver's monitoring sees it (the shell's CommandEngine). */
  serverType(): 'standalone' | 'replicaset' | 'sharded' {
    return this.deployment.topology.topology;
  }

  runCommand(dbName: string, command: Doc): Doc {
    try {
      return this.dispatch(dbName, command);
    } catch (e) {
      if (isEngineError(e)) return errorReply(e);
      return internalErrorReply(e);
    }
  }

  private dispatch(dbName: string, command: Doc): Doc {
    if (!isDoc(command)) throw fail(9, 'command must be a document');
    // `$db` (OP_MSG's database field) may come anywhere, even first; it is not the command name.
    const dbField = command.get('$db');
    let body = command;
    if (dbField !== undefined) {
      body = new Map(command);
      body.delete('$db');
    }
    const db = typeof dbField === 'string' ? dbField : dbName;
    checkDatabaseName(db);
    const first = body.keys().next();
    if (first.done) throw fail(59, `no such command: ''`);
    const name = first.value;
    const handler = lookupCommand(name);
    if (!handler && !DEPLOYMENT_COMMANDS.has(name)) throw fail(59, `no such command: '${name}'`);
    const ctx: CommandContext = {
      catalog: this.catalog,
      clock: this.clock,
      db,
      command: body,
      name,
      startedAt: this.clock.now(),
    };
    checkApiParameters(name, body);
    checkReadConcern(name, body);
    this.catalog.sessions.touch(body.get('lsid'), ctx.startedAt);
    const target = body.get(name);
    this.catalog.recentOperations.record({
      kind: 'command',
      command: name,
      ns: typeof target === 'string' ? `${db}.${target}` : db,
      comment: body.get('comment'),
      time: ctx.startedAt,
    });
    // Standalone commands go straight to their handler; the deployment wraps everything else.
    const reply =
      handler && !this.deployment.needsDeployment(name, body) ? handler(ctx) : this.deployment.run(ctx, handler);
    if (!reply.has('ok')) reply.set('ok', 1);
    return reply;
  }

  /** A copy of the whole state (cheap: documents are shared, they are never mutated). */
  snapshot(): CatalogSnapshot {
    return this.catalog.snapshot();
  }

  /** Returns to a snapshot's state. */
  restore(snapshot: CatalogSnapshot): void {
    this.catalog.restore(snapshot);
  }

  /**
   * Starts recording writes for a dry run or undo: `journal.rollback()` puts back documents,
   * indexes, collections and the oplog as they were (cost: the writes made since, not the size of
   * the data), `journal.commit()` keeps them. Journals nest. catalog/journal.ts.
   */
  beginJournal(): CatalogJournal {
    return this.catalog.beginJournal();
  }

  /** Database names that hold collections (sorted). */
  databaseNames(): string[] {
    return this.catalog.databaseNames();
  }

  /** Collection names of a database, in creation order. */
  collectionNames(db: string): string[] {
    return this.catalog.collections(db).map((c) => c.name);
  }

  /** A collection's documents in natural order ([] when it does not exist). */
  documents(db: string, collection: string): Doc[] {
    return this.catalog.getCollection(db, collection)?.snapshot() ?? [];
  }

  /** Every oplog entry, oldest first. */
  oplogEntries(): Doc[] {
    return this.catalog.oplog.entries();
  }

  /** Recent commands (with their `comment`) and validation warnings, oldest first. */
  recentOperations(): readonly OperationRecord[] {
    return this.catalog.recentOperations.list();
  }
}
