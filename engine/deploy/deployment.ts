/**
 * The simulated deployment around the engine's commands: topology (standalone, replica set,
 * sharded cluster), write concern, sessions and transactions, authorization, sharding.
 *
 *   const engine = new Engine({ topology: 'replicaset', members: [{}, {lagMs: 200}, {state: 'down'}] });
 *   engine.runCommand('admin', {configureDeployment: 1, members: [{state: 'down'}, {}, {}]});
 *   engine.runCommand('admin', {getDeployment: 1});
 *
 * The engine calls `run` only when `needsDeployment` says so, so a plain standalone command goes
 * straight to its handler (the standalone path is unchanged).
 */
import { Int32 } from 'bson';
import { isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CommandContext, CommandHandler } from '../commands/context.js';
import { fail, isEngineError, type EngineError } from '../errors.js';
import { isChangeStreamPipeline } from '../changestream/commands.js';
import { AuthState } from './auth.js';
import { addReplyFields, ELECTION_ID, setBeforeOk } from './reply-fields.js';
import { Router } from './sharding.js';
import { makeMembers, TopologyState, type MemberInput, type ReplicaSet, type Topology } from './topology.js';
import { SessionStore, TRANSACTION_COMMANDS, writtenKeys, type Transaction } from './transactions.js';
import {
  defaultWriteConcern,
  evaluateWriteConcern,
  resolveWriteConcern,
  writeConcernDoc,
  type WriteConcernSettings,
} from './write-concern.js';

export interface DeploymentOptions {
  /** Default 'standalone' for `new Engine()`; the CLI defaults to 'replicaset'. */
  readonly topology?: Topology | undefined;
  /** Member count (default 3) or members `{state?, lagMs?, tags?}` (for a cluster: every shard's). */
  readonly members?: number | readonly MemberInput[] | undefined;
  /** Shards of a cluster (default 2). */
  readonly shards?: number | undefined;
  /** Authorization enabled (default false). */
  readonly auth?: boolean | undefined;
  /**
   * Routers before 7.0.6 / 6.0.14 / 5.0.30 omitted writeConcernError when write errors occurred;
   * true selects that older behaviour.
   */
  readonly legacyRouterWriteConcernErrors?: boolean | undefined;
  /**
   * Routers before 7.1 refused `multi: false` updates without an exact `_id` or a single target
   * shard (72) and findAndModify without the shard key (61); true selects that behaviour.
   */
  readonly legacyShardKeyTargeting?: boolean | undefined;
}

/** Commands the deployment itself answers (not in the engine's command table). */
export const DEPLOYMENT_COMMANDS: ReadonlySet<string> = new Set([
  'configureDeployment',
  'getDeployment',
  'setDefaultRWConcern',
  'getDefaultRWConcern',
  'commitTransaction',
  'abortTransaction',
  'endSessions',
  'createUser',
  'createRole',
  'grantRolesToUser',
  'revokeRolesFromUser',
  'dropUser',
  'usersInfo',
  'authenticate',
  'auth',
  'logout',
  'connectionStatus',
  'shardCollection',
  'replSetGetStatus',
]);

/** Commands that acknowledge a write concern (writeConcernError is added to their reply). */
const WRITE_CONCERN_COMMANDS: ReadonlySet<string> = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'bulkWrite',
  'create',
  'drop',
  'dropDatabase',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
  'collMod',
  'commitTransaction',
  'abortTransaction',
  'shardCollection',
]);

/** The shards an unrouted command ran on, and those whose write concern it waits for. */
const SHARD0: readonly string[] = ['shard0'];
const SHARD0_AND_RS0: readonly string[] = ['shard0', 'rs0'];

/** Commands that answer even with no primary (monitoring and the simulation's controls). */
const NO_PRIMARY_OK: ReadonlySet<string> = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'ping',
  'buildInfo',
  'buildinfo',
  'configureDeployment',
  'getDeployment',
  'replSetGetStatus',
  'endSessions',
  'authenticate',
  'auth',
  'logout',
  'connectionStatus',
]);

function reply(entries: [string, Value][] = []): Doc {
  return new Map<string, Value>(entries);
}

function errorDoc(error: EngineError): Doc {
  const d: Doc = new Map<string, Value>([
    ['ok', 0],
    ['errmsg', error.errmsg],
    ['code', new Int32(error.code)],
    ['codeName', error.codeName ?? `Location${error.code}`],
  ]);
  for (const [k, v] of error.extra) d.set(k, v as Value);
  return d;
}

function toNumber(v: Value | undefined): number | undefined {
  if (v === undefined || !isNumber(v)) return undefined;
  return Number(typeof v === 'number' ? v : (v as { valueOf(): unknown }).valueOf());
}

/** Reads `[{state, lagMs, tags}]` from a command document. */
export function parseMembers(v: Value): number | MemberInput[] {
  if (isNumber(v)) return toNumber(v)!;
  if (!Array.isArray(v)) throw fail(14, 'members must be a number or an array of {state, lagMs, tags}');
  return v.map((m) => {
    if (!isDoc(m)) throw fail(14, 'each member must be a document {state, lagMs, tags}');
    const tagsDoc = m.get('tags');
    const tags: Record<string, string> = {};
    if (isDoc(tagsDoc)) for (const [k, t] of tagsDoc) if (typeof t === 'string') tags[k] = t;
    const state = m.get('state');
    const lagMs = toNumber(m.get('lagMs'));
    const out: { state?: 'up' | 'down'; lagMs?: number; tags?: Record<string, string> } = { tags };
    if (state !== undefined) out.state = state as 'up' | 'down';
    if (lagMs !== undefined) out.lagMs = lagMs;
    return out;
  });
}

function opensChangeStream(command: Doc): boolean {
  const pipeline = command.get('pipeline');
  return Array.isArray(pipeline) && isChangeStreamPipeline(pipeline);
}

/**
 * write_concern.cpp validateWriteConcern on a host that is not replicated: w above 1 or a tag
 * mode cannot be satisfied, so the command fails before it runs (w: "majority" is accepted).
 */
function validateStandaloneWriteConcern(w: number | string): void {
  if (typeof w === 'number' && w > 1) throw fail(2, "cannot use 'w' > 1 when a host is not replicated");
  if (typeof w === 'string' && w !== 'majority') {
    throw fail(2, `cannot use non-majority 'w' mode ${w} when a host is not a member of a replica set`);
  }
}

export class Deployment {
  readonly topology: TopologyState;
  readonly sessions = new SessionStore();
  readonly auth: AuthState;
  readonly router: Router;
  readonly writeConcernSettings: WriteConcernSettings = {};
  legacyRouterWriteConcernErrors: boolean;
  private defaultRWConcernUpdated: Date | undefined;

  constructor(
    private readonly catalog: Catalog,
    options: DeploymentOptions = {},
  ) {
    this.topology = new TopologyState(options);
    this.auth = new AuthState(options.auth ?? false);
    this.router = new Router(this.topology);
    this.legacyRouterWriteConcernErrors = options.legacyRouterWriteConcernErrors ?? false;
    this.router.legacyShardKeyTargeting = options.legacyShardKeyTargeting ?? false;
  }

  /** Whether a command must go through `run` (false: the plain standalone path). */
  needsDeployment(name: string, body: Doc): boolean {
    return (
      this.topology.topology !== 'standalone' ||
      this.auth.enabled ||
      DEPLOYMENT_COMMANDS.has(name) ||
      body.has('autocommit') ||
      body.has('startTransaction') ||
      body.has('txnNumber') ||
      (name === 'aggregate' && this.topology.topology === 'standalone' && opensChangeStream(body)) ||
      (WRITE_CONCERN_COMMANDS.has(name) && body.has('writeConcern')) ||
      this.sessions.hasOpenTransactions()
    );
  }

  /** Runs a command through the deployment. Never throws (errors become replies). */
  run(ctx: CommandContext, handler: CommandHandler | undefined): Doc {
    let out: Doc;
    try {
      out = this.execute(ctx, handler);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      out = errorDoc(e);
    }
    if (!out.has('ok')) out.set('ok', 1);
    return addReplyFields(out, ctx.name, this.topology.topology, this.catalog);
  }

  private execute(ctx: CommandContext, handler: CommandHandler | undefined): Doc {
    const { name, command } = ctx;
    this.auth.check(ctx);
    // Only writes need the primary; reads are answered as a secondary would (the playground has no
    // read preference), so the collections stay visible while the primary is down.
    if (this.topology.topology !== 'standalone' && WRITE_CONCERN_COMMANDS.has(name) && !NO_PRIMARY_OK.has(name)) {
      this.checkPrimary(name);
    }
    if (this.topology.topology === 'standalone' && command.has('txnNumber')) {
      // initializeOperationSessionInfo: a standalone has no transactions and no retryable writes.
      if (!isDoc(command.get('lsid'))) throw fail(72, 'Transaction number requires a session ID to also be specified');
      throw fail(20, 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    if (this.topology.topology === 'standalone' && name === 'aggregate' && opensChangeStream(command)) {
      // A standalone has no oplog to stream from.
      throw fail(40573, 'The $changeStream stage is only supported on replica sets');
    }
    if (command.has('autocommit')) return this.runInTransaction(ctx, handler);
    if (command.has('startTransaction')) {
      throw fail(72, "'startTransaction' field requires 'autocommit' field to also be specified");
    }
    // A malformed writeConcern fails the command before it writes anything.
    if (WRITE_CONCERN_COMMANDS.has(name) && command.has('writeConcern')) {
      const wc = resolveWriteConcern(command.get('writeConcern'), this.writeConcernSettings);
      if (this.topology.topology === 'standalone') validateStandaloneWriteConcern(wc.w);
    }
    const own = this.ownCommand(ctx);
    if (own) return this.withWriteConcern(ctx, own, ['shard0', 'rs0']);
    if (!handler) throw fail(59, `no such command: '${name}'`);
    if (name === 'hello' || name === 'isMaster' || name === 'ismaster') return this.hello(handler(ctx));
    const result = this.waitingForTransactions(ctx, () => {
      const routed = this.topology.topology === 'sharded' ? this.router.route(ctx, handler) : undefined;
      return routed ?? { reply: handler(ctx), shards: SHARD0 };
    });
    if ((name === 'drop' || name === 'dropDatabase') && result.reply.get('ok') !== 0) {
      const target = command.get(name);
      this.router.forget(ctx.db, name === 'drop' && typeof target === 'string' ? target : undefined);
    }
    // The unrouted case (every replica-set command) with one constant list, not a copy per command.
    const shards = result.shards === SHARD0 ? SHARD0_AND_RS0 : [...result.shards, 'rs0'];
    return this.withWriteConcern(ctx, result.reply, shards);
  }

  /**
   * A write outside any transaction to a document an open transaction wrote waits on the server
   * until that transaction commits or aborts. The simulation cannot wait: the write is undone and
   * fails as it would once its time limit passed (50 MaxTimeMSExpired).
   */
  private waitingForTransactions<T extends { reply: Doc }>(ctx: CommandContext, run: () => T): T {
    if (!this.sessions.hasOpenTransactions() || !WRITE_CONCERN_COMMANDS.has(ctx.name)) return run();
    const before = this.catalog.snapshot();
    const mark = this.catalog.oplog.size;
    const detailMark = ctx.details?.mark() ?? 0;
    const result = run();
    const open = this.sessions.openTransactions();
    if (writtenKeys(this.catalog, mark).some((k) => open.some((t) => t.writes.has(k)))) {
      this.catalog.restore(before);
      const error = fail(50, 'operation exceeded time limit');
      ctx.details?.undo(detailMark, 0, error.toInfo());
      throw error;
    }
    return result;
  }

  /**
   * hello / isMaster as a replica set member (hosts, setName, setVersion, primary flag, secondary,
   * primary, me, electionId before the limits) or as a router (`msg: 'isdbgrid'`).
   */
  private hello(reply: Doc): Doc {
    if (this.topology.topology === 'standalone') return reply;
    const out: Doc = new Map<string, Value>();
    if (this.topology.topology === 'sharded') {
      for (const [k, v] of reply) {
        out.set(k, v);
        if (k === 'isWritablePrimary' || k === 'ismaster') out.set('msg', 'isdbgrid');
      }
      return out;
    }
    const rs = this.topology.replicaSets[0]!;
    const primary = this.topology.primaryOf(rs);
    const hosts = rs.members.map((_, i) => `localhost:${27017 + i}`);
    out.set('hosts', hosts);
    out.set('setName', rs.name);
    out.set('setVersion', new Int32(1));
    for (const [k, v] of reply) {
      if (k === 'isWritablePrimary' || k === 'ismaster') {
        out.set(k, primary !== undefined);
        out.set('secondary', false);
        if (primary) out.set('primary', hosts[rs.members.indexOf(primary)]!);
        out.set('me', primary ? hosts[rs.members.indexOf(primary)]! : hosts[0]!);
        out.set('electionId', ELECTION_ID);
        continue;
      }
      out.set(k, v);
    }
    return out;
  }

  /** With no primary, a replica set answers code 7 (the router reports it per statement). */
  private checkPrimary(name: string): void {
    if (this.topology.topology === 'replicaset') {
      const rs = this.topology.replicaSets[0]!;
      if (!this.topology.primaryOf(rs)) {
        throw fail(7, `Could not find host matching read preference { mode: "primary" } for set ${rs.name}`);
      }
    } else if (!this.router.handlesPrimaryDown(name)) {
      const rs = this.topology.replicaSets[0]!;
      if (!this.topology.primaryOf(rs)) throw fail(7, this.router.unreachableMessage(rs));
    }
  }

  /** Adds writeConcernError (replica set or cluster) to a write command's reply. */
  private withWriteConcern(ctx: CommandContext, out: Doc, shardNames: readonly string[]): Doc {
    if (this.topology.topology === 'standalone' || !WRITE_CONCERN_COMMANDS.has(ctx.name)) return out;
    if (out.get('ok') === 0 || out.has('writeConcernError')) return out;
    const writeErrors = out.get('writeErrors');
    if (
      this.topology.topology === 'sharded' &&
      this.legacyRouterWriteConcernErrors &&
      Array.isArray(writeErrors) &&
      writeErrors.length > 0
    ) {
      return out;
    }
    const wc = resolveWriteConcern(ctx.command.get('writeConcern'), this.writeConcernSettings);
    for (const rs of this.topology.replicaSets) {
      if (!shardNames.includes(rs.name)) continue;
      const primary = this.topology.primaryOf(rs);
      if (!primary) continue;
      const wce = evaluateWriteConcern(wc, rs, primary, this.writeConcernSettings);
      if (wce) return setBeforeOk(out, 'writeConcernError', wce);
    }
    return out;
  }

  // ---- transactions ----

  private runInTransaction(ctx: CommandContext, handler: CommandHandler | undefined): Doc {
    const { command, name } = ctx;
    // The session checks of initializeOperationSessionInfo, in the server's order.
    const lsid = command.get('lsid');
    const txnNumberValue = command.get('txnNumber');
    if (!isDoc(lsid) && txnNumberValue !== undefined) {
      throw fail(72, 'Transaction number requires a session ID to also be specified');
    }
    if (txnNumberValue === undefined) {
      throw fail(72, "'autocommit' field requires a transaction number to also be specified");
    }
    if (!isDoc(lsid)) throw fail(72, 'Transaction number requires a session ID to also be specified');
    if ((toNumber(txnNumberValue) ?? 0) < 0) throw fail(72, 'Transaction number cannot be negative');
    if (command.get('autocommit') !== false) throw fail(72, 'Specifying autocommit=true is not allowed.');
    if (command.get('startTransaction') === false) throw fail(72, 'Specifying startTransaction=false is not allowed.');
    const txnNumber = toNumber(txnNumberValue) ?? 0;
    if (command.has('writeConcern') && name !== 'commitTransaction' && name !== 'abortTransaction') {
      throw fail(72, 'writeConcern is not allowed within a multi-statement transaction');
    }
    if (name === 'commitTransaction' || name === 'abortTransaction') {
      if (ctx.db !== 'admin') throw fail(13, `${name} may only be run against the admin database.`);
      return this.endTransaction(ctx, lsid, txnNumber);
    }
    if (!TRANSACTION_COMMANDS.has(name)) throw fail(263, `Cannot run '${name}' in a multi-document transaction.`);
    let txn: Transaction;
    if (command.get('startTransaction') === true) {
      txn = this.sessions.start(this.catalog, lsid, txnNumber);
    } else {
      const found = this.sessions.continueTxn(lsid, txnNumber, name);
      if (!found.txn) throw fail(256, `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
      txn = found.txn;
    }
    if (!handler) throw fail(59, `no such command: '${name}'`);
    const mark = txn.catalog.oplog.size;
    const inner: CommandContext = { ...ctx, catalog: txn.catalog };
    // Through a router the statement follows the targeting rules as outside a transaction.
    let out: Doc;
    try {
      const routed = this.topology.topology === 'sharded' ? this.router.route(inner, handler) : undefined;
      out = routed ? routed.reply : handler(inner);
    } catch (e) {
      // A statement that fails as a whole aborts the transaction, as on the server.
      this.sessions.finish(lsid, 'aborted');
      throw e;
    }
    try {
      txn.recordWrites(mark, this.sessions.openTransactions(), this.catalog);
    } catch (e) {
      this.sessions.finish(lsid, 'aborted');
      throw e;
    }
    // A write error inside a transaction aborts it (the server aborts on any write error).
    const writeErrors = out.get('writeErrors');
    if (Array.isArray(writeErrors) && writeErrors.length > 0) this.sessions.finish(lsid, 'aborted');
    return out;
  }

  private endTransaction(ctx: CommandContext, lsid: Doc, txnNumber: number): Doc {
    const { txn, state } = this.sessions.continueTxn(lsid, txnNumber, ctx.name);
    if (ctx.name === 'abortTransaction') {
      this.sessions.finish(lsid, 'aborted');
      return this.withWriteConcern(ctx, reply(), ['shard0', 'rs0']);
    }
    if (state === 'inProgress' && txn) {
      // A cross-shard write transaction may not create collections (the shards prepare it).
      if (this.topology.topology === 'sharded' && txn.createsCollections() && this.router.shardsWritten(txn).size > 1) {
        this.sessions.finish(lsid, 'aborted');
        throw fail(263, 'Cannot create new collections inside distributed transactions');
      }
      try {
        txn.commitInto(this.catalog);
      } catch (e) {
        this.sessions.finish(lsid, 'aborted');
        throw e;
      }
      this.sessions.finish(lsid, 'committed');
    }
    return this.withWriteConcern(ctx, reply(), ['shard0', 'rs0']);
  }

  // ---- the deployment's own commands ----

  private ownCommand(ctx: CommandContext): Doc | undefined {
    if (!DEPLOYMENT_COMMANDS.has(ctx.name)) return undefined;
    const c = ctx.command;
    switch (ctx.name) {
      case 'configureDeployment':
        this.configure(c);
        return this.describe();
      case 'getDeployment':
        return this.describe();
      case 'replSetGetStatus':
        return this.replSetStatus();
      case 'setDefaultRWConcern':
      case 'getDefaultRWConcern':
        // rwc_defaults_commands.cpp assertNotStandaloneOrShardServer.
        if (this.topology.topology === 'standalone') {
          throw fail(51300, `'${ctx.name}' is not supported on standalone nodes.`);
        }
        return ctx.name === 'setDefaultRWConcern' ? this.setDefaultRWConcern(ctx) : this.getDefaultRWConcern();
      case 'endSessions': {
        const v = c.get('endSessions');
        this.sessions.end(Array.isArray(v) ? v : []);
        return reply();
      }
      case 'commitTransaction':
      case 'abortTransaction':
        throw fail(125, `${ctx.name} must be run within a transaction`);
      case 'shardCollection':
        return this.router.shardCollection(ctx);
      default:
        return this.auth.command(ctx);
    }
  }

  /** `{configureDeployment: 1, topology?, members?, shards?, auth?, legacyRouterWriteConcernErrors?, settings?}`. */
  configure(c: Doc): void {
    const topology = c.get('topology');
    const members = c.get('members');
    const shards = c.get('shards');
    if (typeof topology === 'string' || (shards !== undefined && this.topology.topology === 'sharded')) {
      // A topology given explicitly starts a fresh deployment of that shape (members, shards,
      // sharded collections, open transactions); the data stays.
      this.topology.reshape({
        topology: (typeof topology === 'string' ? topology : this.topology.topology) as Topology,
        members: members === undefined ? undefined : parseMembers(members),
        shards: toNumber(shards),
      });
      this.router.reset();
      this.sessions.abortAll();
    } else if (members !== undefined) {
      const parsed = makeMembers(parseMembers(members));
      for (const rs of this.topology.replicaSets) rs.members = parsed.map((m) => ({ ...m, tags: { ...m.tags } }));
    }
    // Per-shard members: {shardMembers: {shard1: [...]}}.
    const shardMembers = c.get('shardMembers');
    if (isDoc(shardMembers)) {
      for (const [shard, spec] of shardMembers) {
        const rs = this.topology.replicaSet(shard);
        if (!rs) throw fail(70, `Shard ${shard} not found`);
        rs.members = makeMembers(parseMembers(spec));
      }
    }
    const auth = c.get('auth');
    if (typeof auth === 'boolean') this.auth.enabled = auth;
    const legacy = c.get('legacyRouterWriteConcernErrors');
    if (typeof legacy === 'boolean') this.legacyRouterWriteConcernErrors = legacy;
    const legacyTargeting = c.get('legacyShardKeyTargeting');
    if (typeof legacyTargeting === 'boolean') this.router.legacyShardKeyTargeting = legacyTargeting;
    const settings = c.get('settings');
    if (isDoc(settings)) {
      const gle = settings.get('getLastErrorDefaults');
      if (isDoc(gle)) this.writeConcernSettings.getLastErrorDefaults = gle;
      else if (gle === null) delete this.writeConcernSettings.getLastErrorDefaults;
      const modes = settings.get('getLastErrorModes');
      if (isDoc(modes)) {
        const out: Record<string, Record<string, number>> = {};
        for (const [mode, spec] of modes) {
          if (!isDoc(spec)) continue;
          out[mode] = {};
          for (const [tag, n] of spec) out[mode][tag] = toNumber(n) ?? 0;
        }
        this.writeConcernSettings.getLastErrorModes = out;
      }
    }
  }

  /** The deployment as a document (what `getDeployment` answers). */
  describe(): Doc {
    const rsDoc = (rs: ReplicaSet): Doc => {
      const primary = this.topology.primaryOf(rs);
      return reply([
        ['name', rs.name],
        [
          'members',
          rs.members.map((m, i) =>
            reply([
              ['_id', new Int32(i)],
              ['state', m.state],
              ['stateStr', m.state === 'down' ? '(not reachable/healthy)' : m === primary ? 'PRIMARY' : 'SECONDARY'],
              ['lagMs', Number.isInteger(m.lagMs) ? new Int32(m.lagMs) : m.lagMs],
              ['tags', new Map(Object.entries(m.tags))],
            ]),
          ),
        ],
      ]);
    };
    const out = reply([['topology', this.topology.topology]]);
    if (this.topology.topology === 'replicaset') out.set('replicaSet', rsDoc(this.topology.replicaSets[0]!));
    if (this.topology.topology === 'sharded') {
      out.set('shards', this.topology.replicaSets.map(rsDoc));
      out.set('shardedCollections', this.router.describe(this.catalog));
    }
    out.set('auth', this.auth.enabled);
    out.set('legacyRouterWriteConcernErrors', this.legacyRouterWriteConcernErrors);
    if (this.topology.topology === 'sharded') out.set('legacyShardKeyTargeting', this.router.legacyShardKeyTargeting);
    out.set('defaultWriteConcern', writeConcernDoc(defaultWriteConcern(this.writeConcernSettings)));
    return out;
  }

  private replSetStatus(): Doc {
    if (this.topology.topology !== 'replicaset') {
      throw fail(76, 'not running with --replSet');
    }
    const rs = this.topology.replicaSets[0]!;
    const primary = this.topology.primaryOf(rs);
    return reply([
      ['set', rs.name],
      [
        'members',
        rs.members.map((m, i) =>
          reply([
            ['_id', new Int32(i)],
            ['name', `localhost:${27017 + i}`],
            ['health', m.state === 'up' ? 1 : 0],
            ['state', new Int32(m.state === 'down' ? 8 : m === primary ? 1 : 2)],
            ['stateStr', m.state === 'down' ? '(not reachable/healthy)' : m === primary ? 'PRIMARY' : 'SECONDARY'],
          ]),
        ),
      ],
    ]);
  }

  private setDefaultRWConcern(ctx: CommandContext): Doc {
    if (ctx.db !== 'admin') throw fail(13, 'setDefaultRWConcern may only be run against the admin database.');

    const wc = ctx.command.get('defaultWriteConcern');
    if (wc !== undefined) {
      if (!isDoc(wc)) throw fail(14, "BSON field 'setDefaultRWConcern.defaultWriteConcern' is the wrong type");
      if (wc.size === 0) delete this.writeConcernSettings.customDefault;
      else this.writeConcernSettings.customDefault = wc;
    }
    this.defaultRWConcernUpdated = ctx.startedAt;
    return this.getDefaultRWConcern();
  }

  private getDefaultRWConcern(): Doc {
    const out = reply();
    const wc = defaultWriteConcern(this.writeConcernSettings);
    if (this.writeConcernSettings.customDefault) out.set('defaultWriteConcern', writeConcernDoc(wc, false));
    if (this.defaultRWConcernUpdated) out.set('updateWallClockTime', this.defaultRWConcernUpdated);
    out.set('defaultWriteConcernSource', wc.provenance === 'customDefault' ? 'global' : 'implicit');
    out.set('defaultReadConcernSource', 'implicit');
    out.set('defaultReadConcern', reply([['level', 'local']]));
    return out;
  }
}
