/**
 * The playground's view of a run: the shell runs the script against a recording wrapper of the
 * engine, which sends the update family (update, findAndModify, bulkWrite, upsertRace) through
 * `runWriteWithDetails` so every write reports before/after, modified paths, array touches and
 * upsert origins. A dry run is the same run between `snapshot()` and `restore()`, so later
 * statements of the script see earlier ones, and afterwards nothing (oplog included) remains.
 * The snapshot holds the catalog only, so a dry run stops before any command that changes what
 * it does not hold (deployment, users and login, sessions, transactions, the sharding router)
 * and reports `paused`; the page then asks for Run.
 */
import { parseEJSON } from '../bson/ejson.js';
import { valuesEqual } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { runWriteWithDetails } from './write-details.js';
import type { StatementDetail } from '../commands/update/details.js';
import { DEPLOYMENT_COMMANDS } from '../deploy/deployment.js';
import { codeNameOf } from '../errors.js';
import type { Engine } from '../index.js';
import type { CommandEngine } from '../shell/api.js';
import type {
  ArrayFilterView,
  DeploymentList,
  CollectionView,
  OplogEntryView,
  PreviewPause,
  ProtocolError,
  ScriptRun,
  SentCommand,
  ShellStatementReply,
  StatementView,
} from './protocol.js';
import { diagnoseError } from './diagnose.js';
import type { ShellRunner } from './shell-runner.js';
import { explainOplogEntry, scalarText, toTree, typedEJSON } from './views.js';

const DETAILED_COMMANDS = new Set(['update', 'findAndModify', 'findandmodify', 'bulkWrite', 'upsertRace']);

/** Deployment commands that only read, which a dry run may send. */
const READ_ONLY_DEPLOYMENT_COMMANDS = new Set([
  'getDeployment',
  'getDefaultRWConcern',
  'usersInfo',
  'connectionStatus',
  'replSetGetStatus',
]);

/** Session commands the engine does not implement today; refused in dry runs all the same. */
const SESSION_COMMANDS = new Set([
  'startSession',
  'refreshSessions',
  'killSessions',
  'killAllSessions',
  'killAllSessionsByPattern',
  'saslStart',
  'saslContinue',
]);

/** Catalog commands that also change the sharding router's state (not in the snapshot). */
const ROUTER_COMMANDS = new Set(['drop', 'dropDatabase', 'renameCollection']);

/** Thrown into the shell to stop a dry run before a command it could not undo. */
class PreviewPaused extends Error {}

/** Why a dry run must not send `command`, or undefined when the snapshot undoes it. */
export function pauseReason(engine: Engine, name: string, command: Doc): string | undefined {
  if (DEPLOYMENT_COMMANDS.has(name) && !READ_ONLY_DEPLOYMENT_COMMANDS.has(name)) {
    return `${name} changes the deployment, its users or its sessions, which a preview cannot undo`;
  }
  if (SESSION_COMMANDS.has(name)) return `${name} changes sessions or the login, which a preview cannot undo`;
  if (['lsid', 'txnNumber', 'autocommit', 'startTransaction'].some((k) => command.has(k))) {
    return `${name} runs in a session or transaction, which a preview cannot undo`;
  }
  if (ROUTER_COMMANDS.has(name) && engine.deployment.topology.topology === 'sharded') {
    return `${name} changes the sharded cluster's routing, which a preview cannot undo`;
  }
  return undefined;
}

/** Runs `script` and reports everything the page shows about it. */
export function runPlaygroundScript(
  engine: Engine,
  shell: ShellRunner,
  db: string,
  script: string,
  dryRun: boolean,
): ScriptRun {
  const started = Date.now();
  const snapshot = dryRun ? engine.snapshot() : undefined;
  const operationsBefore = dryRun ? [...engine.recentOperations()] : [];
  const oplogBefore = engine.oplogEntries().length;
  const commands: SentCommand[] = [];
  const steps: (TransactionStep | undefined)[] = [];
  let current: number | undefined;
  let paused: PreviewPause | undefined;
  const recorder: CommandEngine = {
    serverType: () => engine.serverType(),
    runCommand(dbName: string, command: Doc): Doc {
      const name = command.keys().next().value ?? '';
      const reason = dryRun ? pauseReason(engine, name, command) : undefined;
      if (reason !== undefined) {
        paused ??= { command: name, statement: current ?? 0, reason };
        throw new PreviewPaused(`preview paused: ${reason}`);
      }
      let reply: Doc;
      let details: readonly StatementDetail[] = [];
      if (DETAILED_COMMANDS.has(name)) {
        const run = runWriteWithDetails(engine, dbName, command);
        reply = run.reply;
        details = run.statements;
      } else {
        reply = engine.runCommand(dbName, command);
      }
      steps.push(transactionStep(name, command, reply));
      commands.push({
        name,
        db: dbName,
        command: typedEJSON(command),
        reply: typedEJSON(reply),
        ok: isOk(reply),
        statements: annotate(
          engine,
          dbName,
          name,
          command,
          reply,
          details.map((d, i) => {
            const view = statementView(d, arrayFiltersOf(command, name, d.index));
            return name === 'upsertRace' ? { ...view, simulatedClient: raceClient(command, i) } : view;
          }),
        ),
        ...(current === undefined ? {} : { statement: current }),
      });
      return reply;
    },
  };
  try {
    const statements = shell(recorder, db, script, (index) => {
      current = index;
    }).map(withDiagnosis);
    // A standalone writes no oplog (only replica set members do): nothing of it is shown.
    const standalone = engine.serverType() === 'standalone';
    const oplog = standalone ? [] : engine.oplogEntries().slice(oplogBefore).map(oplogView);
    const noOplog = standalone ? ({ noOplog: 'standalone' } as const) : {};
    const sent = standalone ? commands.map(withoutOplog) : commands;
    const elapsedMs = Date.now() - started;
    if (paused !== undefined) {
      // Only what ran before the paused statement: its own error is the pause, not the script's.
      const before = paused.statement;
      const line = statements.find((s) => s.index === before)?.range.startLine;
      return {
        dryRun,
        statements: statements.filter((s) => s.index < before),
        commands: sent.filter((c) => (c.statement ?? 0) < before),
        oplog,
        ...noOplog,
        elapsedMs,
        paused: line === undefined ? paused : { ...paused, line },
      };
    }
    const run: ScriptRun = { dryRun, statements, commands: markUncommitted(sent, steps), oplog, ...noOplog, elapsedMs };
    return dryRun ? run : { ...run, collections: collectionViews(engine, db) };
  } finally {
    if (snapshot !== undefined) {
      engine.restore(snapshot);
      const operations = engine.catalog.recentOperations;
      operations.clear();
      for (const record of operationsBefore) operations.record(record);
    }
  }
}

/** Adds the engine's help for a statement's error (what it means, did you mean, where). */
function withDiagnosis(s: ShellStatementReply): ShellStatementReply {
  if (s.error === undefined) return s;
  const diagnosis = diagnoseError(s.error.code, s.error.message, s.source);
  return diagnosis === undefined ? s : { ...s, diagnosis };
}

/** The command's document changes without their oplog `o` (a standalone writes none). */
function withoutOplog(command: SentCommand): SentCommand {
  return {
    ...command,
    statements: command.statements.map((s) => ({
      ...s,
      documents: s.documents.map(({ oplog: _oplog, ...change }) => change),
    })),
  };
}

/** A transaction's identity: the session id and the transaction number, as text. */
function transactionKey(command: Doc): string | undefined {
  const lsid = command.get('lsid');
  const txnNumber = command.get('txnNumber');
  if (!isDoc(lsid) || txnNumber === undefined) return undefined;
  return `${typedEJSON(lsid, 0)}/${scalarText(txnNumber)}`;
}

/** What decides a transaction's fate, per sent command (undefined outside transactions). */
interface TransactionStep {
  readonly key: string;
  /** The command failed or reported a write error: the server aborts the transaction. */
  readonly failed: boolean;
}

function transactionStep(name: string, command: Doc, reply: Doc): TransactionStep | undefined {
  if (command.get('autocommit') !== false) return undefined;
  const key = transactionKey(command);
  if (key === undefined) return undefined;
  const writeErrors = reply.get('writeErrors');
  const failed = !isOk(reply) || (isArray(writeErrors) && writeErrors.length > 0) || name === 'abortTransaction';
  return { key, failed };
}

/**
 * The writes of a transaction are kept only by a successful commitTransaction: statements that
 * ran in a transaction that was aborted or never committed are marked, without documents (they
 * were never written, so the diff must not show them as modified).
 */
function markUncommitted(
  commands: readonly SentCommand[],
  steps: readonly (TransactionStep | undefined)[],
): SentCommand[] {
  const fate = new Map<string, 'committed' | 'aborted'>();
  commands.forEach((c, i) => {
    const step = steps[i];
    if (step === undefined) return;
    if (c.name === 'commitTransaction') fate.set(step.key, step.failed ? 'aborted' : 'committed');
    else if (step.failed) fate.set(step.key, 'aborted');
  });
  return commands.map((c, i) => {
    const step = steps[i];
    const state = step === undefined ? 'committed' : fate.get(step.key);
    if (c.statements.length === 0 || state === 'committed') return c;
    const transaction = state ?? 'open';
    return { ...c, statements: c.statements.map((st) => ({ ...st, documents: [], transaction })) };
  });
}

/** The database's collections for display, in creation order (system collections left out). */
export function collectionViews(engine: Engine, db: string): CollectionView[] {
  const infos = new Map<string, Doc>();
  const listed = engine.runCommand(db, new Map<string, Value>([['listCollections', 1]]));
  for (const info of firstBatch(listed)) {
    const name = info.get('name');
    if (typeof name === 'string') infos.set(name, info);
  }
  return engine
    .collectionNames(db)
    .filter((name) => !name.startsWith('system.'))
    .map((name) => {
      const documents = engine.documents(db, name).map((d) => ({ ejson: typedEJSON(d), tree: toTree(d) }));
      const options = infos.get(name)?.get('options');
      const indexes = firstBatch(engine.runCommand(db, new Map<string, Value>([['listIndexes', name]])))
        .filter((spec) => spec.get('name') !== '_id_')
        .map((spec) => {
          const copy: Doc = new Map(spec);
          copy.delete('v');
          return copy;
        });
      const shardKey = engine.deployment.router.shardKeyOf(`${db}.${name}`);
      return {
        name,
        documents,
        ...(shardKey === undefined ? {} : { shardKey: typedEJSON(shardKey, 0) }),
        ...(isDoc(options) && options.size > 0 ? { options: typedEJSON(options) } : {}),
        ...(indexes.length > 0 ? { indexes: typedEJSON(indexes) } : {}),
      };
    });
}

/**
 * Rebuilds the database: drop it when `reset`, then run the setup commands in order. The first
 * failing command throws its error, named by its position ("setup command 2: …").
 */
export function runSetup(
  engine: Engine,
  db: string,
  reset: boolean,
  commands: readonly string[],
): ProtocolError | undefined {
  if (reset) engine.runCommand(db, new Map<string, Value>([['dropDatabase', 1]]));
  for (const [i, text] of commands.entries()) {
    const command = parseEJSON(text);
    if (!isDoc(command)) return { code: 9, codeName: 'FailedToParse', errmsg: `setup command ${i} is not a document` };
    const reply = engine.runCommand(db, command);
    const error = replyError(reply);
    if (error !== undefined) return { ...error, errmsg: `${command.keys().next().value ?? ''}: ${error.errmsg}` };
  }
  return undefined;
}

function replyError(reply: Doc): ProtocolError | undefined {
  if (!isOk(reply)) return errorOf(reply);
  const writeErrors = reply.get('writeErrors');
  if (isArray(writeErrors) && isDoc(writeErrors[0])) return errorOf(writeErrors[0]);
  return undefined;
}

function errorOf(d: Doc): ProtocolError {
  const code = numberOf(d.get('code')) ?? 8;
  const codeName = d.get('codeName');
  const errmsg = d.get('errmsg');
  return {
    code,
    codeName: typeof codeName === 'string' ? codeName : (codeNameOf(code) ?? 'UnknownError'),
    errmsg: typeof errmsg === 'string' ? errmsg : 'command failed',
  };
}

function numberOf(v: Value | undefined): number | undefined {
  if (v === undefined) return undefined;
  const text = scalarText(v).replace(/^NumberLong\((.*)\)$/, '$1');
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function isOk(reply: Doc): boolean {
  const ok = reply.get('ok');
  return ok !== undefined && valuesEqual(ok, 1);
}

function firstBatch(reply: Doc): Doc[] {
  const cursor = reply.get('cursor');
  const batch = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
  return isArray(batch) ? batch.filter(isDoc) : [];
}

/** The write errors of an update reply (by statement index) or a bulkWrite reply's failed items (by op). */
function writeErrorsOf(name: string, reply: Doc): Map<number, Doc> {
  const out = new Map<number, Doc>();
  if (name === 'bulkWrite') {
    const cursor = reply.get('cursor');
    const items = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
    if (isArray(items)) {
      for (const item of items.filter(isDoc)) {
        if (numberOf(item.get('ok')) === 0) out.set(numberOf(item.get('idx')) ?? 0, item);
      }
    }
    return out;
  }
  const writeErrors = reply.get('writeErrors');
  if (isArray(writeErrors)) for (const e of writeErrors.filter(isDoc)) out.set(numberOf(e.get('index')) ?? 0, e);
  return out;
}

/**
 * What the reply says beyond the per-statement details: errInfo of a write error, the statements
 * an ordered batch never ran, the command's write concern error, and where 8.0 differs from
 * older servers.
 */
function annotate(
  engine: Engine,
  db: string,
  name: string,
  command: Doc,
  reply: Doc,
  views: StatementView[],
): StatementView[] {
  const errors = writeErrorsOf(name, reply);
  const wce = reply.get('writeConcernError');
  const writeConcernError = isDoc(wce)
    ? {
        ...errorOf(wce),
        ...(isDoc(wce.get('errInfo')) ? { errInfo: typedEJSON(wce.get('errInfo')!) } : {}),
      }
    : undefined;
  const sharded = engine.serverType() === 'sharded';
  const out = views.map((v) => {
    const entry = errors.get(v.index);
    const errInfo = entry?.get('errInfo');
    const note =
      versionNote(v, sharded, writeConcernError !== undefined && errors.size > 0) ??
      (sharded && name === 'update' && untargetedSingleUpdate(engine, db, command, v) ? UNTARGETED_NOTE : undefined);
    return {
      ...v,
      ...(isDoc(errInfo) ? { errInfo: typedEJSON(errInfo) } : {}),
      ...(writeConcernError === undefined ? {} : { writeConcernError }),
      ...(note === undefined ? {} : { versionNote: note }),
    };
  });
  // An ordered batch stops at its first error: the later statements never ran.
  const batch = command.get(name === 'bulkWrite' ? 'ops' : 'updates');
  if ((name === 'update' || name === 'bulkWrite') && isArray(batch) && command.get('ordered') !== false) {
    const stoppedAt = Math.min(...errors.keys());
    if (Number.isFinite(stoppedAt)) {
      for (let index = stoppedAt + 1; index < batch.length; index++) {
        if (out.some((v) => v.index === index)) continue;
        out.push({
          index,
          nMatched: 0,
          nModified: 0,
          documents: [],
          arrayFilters: [],
          notRun: { stoppedAt },
          ...(writeConcernError === undefined ? {} : { writeConcernError }),
        });
      }
    }
  }
  return out;
}

const UNTARGETED_NOTE =
  'Since MongoDB 7.1 a router runs a multi: false update without _id or the shard key; older routers refused it with code 72.';

/** A successful multi: false statement on a sharded collection whose query names neither `_id` nor the full shard key. */
function untargetedSingleUpdate(engine: Engine, db: string, command: Doc, v: StatementView): boolean {
  const coll = command.get('update');
  const updates = command.get('updates');
  const stmt = isArray(updates) ? updates[v.index] : undefined;
  if (v.error !== undefined || typeof coll !== 'string' || !isDoc(stmt) || stmt.get('multi') === true) return false;
  const key = engine.deployment.router.shardKeyOf(`${db}.${coll}`);
  const q = stmt.get('q');
  if (key === undefined || !isDoc(q)) return false;
  return !q.has('_id') && ![...key.keys()].every((f) => q.has(f));
}

/** One line with versions where MongoDB 8.0 answers differently from older servers. */
function versionNote(v: StatementView, sharded: boolean, wceWithWriteErrors: boolean): string | undefined {
  if (v.error?.code === 66 && /_id/.test(v.error.errmsg)) {
    return 'MongoDB 5.0 and later report code 66 ImmutableField here; older servers reported 16837.';
  }
  if (sharded && wceWithWriteErrors) {
    return 'Routers since 7.0.6 (6.0.14, 5.0.30) report the write concern error alongside write errors; older ones left it out.';
  }
  return undefined;
}

/** Side `i` of an upsertRace: the simulated client and its operation, as an updateOne call. */
function raceClient(command: Doc, i: number): { client: number; operation: string } {
  const side = command.get(i === 0 ? 'first' : 'second');
  if (!isDoc(side)) return { client: i + 1, operation: '' };
  const q = side.get('q');
  const u = side.get('u');
  const options: Doc = new Map([...side].filter(([k]) => k !== 'q' && k !== 'u'));
  const method = side.get('multi') === true ? 'updateMany' : 'updateOne';
  return {
    client: i + 1,
    operation: `${method}(${q === undefined ? '{}' : typedEJSON(q, 0)}, ${u === undefined ? '{}' : typedEJSON(u, 0)}, ${typedEJSON(options, 0)})`,
  };
}

/** The statement's arrayFilters, each tied to the identifier its conditions name. */
function arrayFiltersOf(command: Doc, name: string, index: number): ArrayFilterView[] {
  let holder: Value | undefined;
  if (name === 'update') {
    const updates = command.get('updates');
    holder = isArray(updates) ? updates[index] : undefined;
  } else if (name === 'bulkWrite') {
    const ops = command.get('ops');
    holder = isArray(ops) ? ops[index] : undefined;
  } else {
    holder = command;
  }
  const filters = isDoc(holder) ? holder.get('arrayFilters') : undefined;
  if (!isArray(filters)) return [];
  return filters.filter(isDoc).map((filter) => {
    const firstKey = filter.keys().next().value ?? '';
    return { identifier: firstKey.split('.')[0] ?? firstKey, filter: typedEJSON(filter, 0) };
  });
}

function statementView(d: StatementDetail, arrayFilters: ArrayFilterView[]): StatementView {
  return {
    index: d.index,
    nMatched: d.nMatched,
    nModified: d.nModified,
    arrayFilters,
    documents: d.documents.map((c) => ({
      before: toTree(c.before),
      after: toTree(c.after),
      noop: c.noop,
      modifiedPaths: [...c.modifiedPaths],
      arrayTouches: c.arrayTouches.map((t) => ({ ...t })),
      ...(c.oplog === null ? {} : { oplog: typedEJSON(c.oplog) }),
    })),
    ...(d.upsert === undefined
      ? {}
      : {
          upsert: {
            doc: toTree(d.upsert.doc),
            origins: [...d.upsert.origins],
            arrayTouches: d.upsert.arrayTouches.map((t) => ({ ...t })),
          },
        }),
    ...(d.error === undefined
      ? {}
      : {
          error: {
            code: d.error.code,
            codeName: d.error.codeName ?? codeNameOf(d.error.code) ?? 'UnknownError',
            errmsg: d.error.errmsg,
          },
        }),
  };
}

function oplogView(entry: Doc): OplogEntryView {
  const o = entry.get('o');
  const o2 = entry.get('o2');
  const id = isDoc(o2) ? o2.get('_id') : isDoc(o) ? o.get('_id') : undefined;
  const op = entry.get('op');
  const ns = entry.get('ns');
  return {
    op: typeof op === 'string' ? op : '?',
    ns: typeof ns === 'string' ? ns : '',
    ...(id === undefined ? {} : { id: scalarText(id) }),
    text: typedEJSON(entry),
    explanation: explainOplogEntry(entry),
  };
}

const TOPOLOGIES = ['standalone', 'replicaset', 'sharded'];

/**
 * The engine's current deployment (`getDeployment`, engine/deploy) and the ones it can simulate;
 * an engine without that command offers the standalone only.
 */
export function deploymentList(engine: Engine): DeploymentList {
  const reply = engine.runCommand('admin', new Map<string, Value>([['getDeployment', 1]]));
  const topology = reply.get('topology');
  if (!isOk(reply) || typeof topology !== 'string') return { current: 'standalone', available: ['standalone'] };
  return { current: topology, available: TOPOLOGIES };
}
