/**
 * The `update` command (seed Operation 2), after the server's `performUpdates`:
 * statements run in order; a statement's failure becomes a `writeErrors` entry and stops the batch
 * when `ordered` (the default); interruption errors (maxTimeMS, code 50) and the batch-level
 * checks fail the whole command (`ok: 0`). Statements already applied stay applied.
 *
 *   runUpdate(ctx)                                    → reply (the registry's handler)
 *   runUpdate(ctx, {observer, dryRun, deps, writeConcernHook})
 *   runUpdateWithDetails(engine, 'test', cmd, {dryRun: true})
 *                                                     → {reply, statements, dryRun}
 *
 * `dryRun` computes everything (reply, per-document details) and then puts the catalog back:
 * no document, collection or oplog entry survives.
 */
import type { Doc } from '../../bson/values.js';
import type { Catalog } from '../../catalog/catalog.js';
import { fail, type EngineError } from '../../errors.js';
import type { CommandContext, CommandHandler, CommandHost } from '../context.js';
import { defaultUpdateDeps, type UpdateDeps } from './deps.js';
import { DetailsCollector, type StatementDetail, type UpdateObserver } from './details.js';
import { buildErrorReply, buildUpdateReply, isInterruption, toEngineError, WriteResultBuilder } from './reply.js';
import { parseUpdateCommand, type UpdateCommandSpec, type UpdateStatementSpec } from './request.js';
import {
  buildStatementContext,
  Deadline,
  PreparedStatement,
  type StatementContext,
  type StatementTarget,
  type WriteOutcome,
} from './statement.js';

/**
 * Fills `writeConcernError` (the deployments issue plugs in here). Receives the command's
 * `writeConcern` (undefined when absent) and the command name; returns the error document or
 * undefined.
 */
export type WriteConcernHook = (writeConcern: Doc | undefined, commandName: string) => Doc | undefined;

let defaultWriteConcernHook: WriteConcernHook | undefined;

/**
 * Installs the hook every write command of this family (update, findAndModify, bulkWrite) uses
 * when the caller passes none; `undefined` removes it. For the deployments issue.
 */
export function setWriteConcernHook(hook: WriteConcernHook | undefined): void {
  defaultWriteConcernHook = hook;
}

/** The hook in force for a run. */
export function writeConcernHookOf(options: UpdateRunOptions): WriteConcernHook | undefined {
  return options.writeConcernHook ?? defaultWriteConcernHook;
}

export interface UpdateRunOptions {
  readonly deps?: UpdateDeps | undefined;
  readonly observer?: UpdateObserver | undefined;
  /** Compute everything, commit nothing (documents, collections and oplog are restored). */
  readonly dryRun?: boolean | undefined;
  readonly writeConcernHook?: WriteConcernHook | undefined;
}

/** Runs `fn` and undoes its writes afterwards when `dryRun` (a journal: the cost of the writes). */
export function withDryRun<T>(catalog: Catalog, dryRun: boolean, fn: () => T): T {
  if (!dryRun) return fn();
  const journal = catalog.beginJournal();
  try {
    return fn();
  } finally {
    journal.rollback();
  }
}

function failedDetail(index: number, error: EngineError): StatementDetail {
  return {
    index,
    plan: undefined,
    nMatched: 0,
    nModified: 0,
    documents: [],
    upsert: undefined,
    error: error.toInfo(),
  };
}

/**
 * Runs one statement through its phases, including the duplicate-key retry of an upsert that lost
 * an insert race (server: `performSingleUpdateOpWithDupKeyRetry`, one retry here).
 */
export function runStatement(
  spec: UpdateStatementSpec,
  sctx: StatementContext,
  /** Runs once the statement is parsed, before any document is read (findAndModify's projection). */
  beforeRun?: () => void,
): WriteOutcome {
  if (spec.upsert) sctx.catalog.ensureCollection(sctx.db, sctx.collectionName);
  const stmt = PreparedStatement.prepare(spec, sctx);
  beforeRun?.();
  const first = stmt.run();
  if (first.ok || first.error.code !== 11000 || !spec.upsert || first.detail.nMatched > 0) return first;
  if (!stmt.retryDecision(first.error).retry) return first;
  const again = stmt.run();
  if (again.ok) return { ...again, detail: { ...again.detail, retriedAsUpdate: true } };
  return again;
}

const NO_OPTIONS: UpdateRunOptions = Object.freeze({});

export function runUpdate(ctx: CommandContext, options: UpdateRunOptions = NO_OPTIONS): Doc {
  const cmd = parseUpdateCommand(ctx.command);
  if (options.dryRun === true) return withDryRun(ctx.catalog, true, () => runStatements(ctx, cmd, options));
  return runStatements(ctx, cmd, options);
}

/** The batch: each statement in order, then the reply. */
function runStatements(ctx: CommandContext, cmd: UpdateCommandSpec, options: UpdateRunOptions): Doc {
  const deps = options.deps ?? defaultUpdateDeps;
  const deadline =
    cmd.maxTimeMS === undefined ? Deadline.none() : Deadline.after(() => ctx.clock.now(), ctx.startedAt, cmd.maxTimeMS);
  const target: StatementTarget = {
    db: ctx.db,
    collectionName: cmd.collection,
    let: cmd.let,
    bypassDocumentValidation: cmd.bypassDocumentValidation,
    deps,
    deadline,
    // Per-document change records are for observers (details, preview); replies use counts.
    collectDocuments: options.observer !== undefined,
  };
  // The server seeds `let` into each statement's expression context, so a bad `let` is a
  // write error of every statement the batch reaches, not a command error.
  let letError: EngineError | undefined;
  let sctx: StatementContext;
  try {
    sctx = buildStatementContext(ctx.catalog, ctx.startedAt, target);
  } catch (e) {
    letError = toEngineError(e);
    sctx = buildStatementContext(ctx.catalog, ctx.startedAt, { ...target, let: undefined });
  }
  const result = new WriteResultBuilder();
  for (const spec of cmd.statements) {
    // Checked as the batch reaches the statement, outside the per-statement error handling:
    // it fails the whole command (earlier statements stay applied).
    if (spec.sort !== undefined && spec.multi) throw fail(9, 'Cannot specify sort with multi=true');
    let outcome: WriteOutcome;
    try {
      deadline.check();
      if (letError) throw letError;
      outcome = runStatement(spec, sctx);
    } catch (e) {
      const err = toEngineError(e);
      if (isInterruption(err)) throw err;
      outcome = { ok: false, error: err, detail: failedDetail(spec.index, err) };
    }
    options.observer?.onStatement(outcome.detail);
    if (outcome.ok) {
      result.n += outcome.n;
      result.nModified += outcome.nModified;
      if (outcome.upsertedId !== undefined) result.upserted.push({ index: spec.index, _id: outcome.upsertedId });
      continue;
    }
    if (isInterruption(outcome.error)) throw outcome.error;
    result.addError(spec.index, outcome.error);
    if (cmd.ordered) break;
  }
  return buildUpdateReply(result, writeConcernHookOf(options)?.(cmd.writeConcern, 'update'));
}

/** The registry's handler. */
export const updateCommand: CommandHandler = (ctx) => runUpdate(ctx);

export interface UpdateRunDetails {
  /** The reply document (`{ok: 0, …}` for a command-level failure). */
  readonly reply: Doc;
  /** Per statement, in execution order (statements after an ordered stop are absent). */
  readonly statements: readonly StatementDetail[];
  readonly dryRun: boolean;
}

/** Builds the context the engine's dispatcher would, for running a write outside `runCommand`. */
export function commandContext(engine: CommandHost, db: string, command: Doc): CommandContext {
  const name = command.keys().next().value ?? '';
  let body = command;
  if (command.has('$db')) {
    body = new Map(command);
    body.delete('$db');
  }
  const dbField = command.get('$db');
  return {
    catalog: engine.catalog,
    clock: engine.clock,
    db: typeof dbField === 'string' ? dbField : db,
    command: body,
    name,
    startedAt: engine.clock.now(),
  };
}

/**
 * The playground's entry point: runs an `update` command and returns the reply plus the
 * per-statement details. With `dryRun`, nothing is committed (live preview).
 */
export function runUpdateWithDetails(
  engine: CommandHost,
  db: string,
  command: Doc,
  options: { readonly dryRun?: boolean; readonly deps?: UpdateDeps } = {},
): UpdateRunDetails {
  const collector = new DetailsCollector();
  const ctx = commandContext(engine, db, command);
  const dryRun = options.dryRun ?? false;
  let reply: Doc;
  try {
    if (!dryRun) recordOperation(ctx);
    reply = runUpdate(ctx, { observer: collector, dryRun, deps: options.deps });
  } catch (e) {
    reply = buildErrorReply(toEngineError(e));
  }
  return { reply, statements: collector.statements, dryRun };
}

/** The recent-operations entry (with `comment`) the dispatcher records for every command. */
export function recordOperation(ctx: CommandContext): void {
  const target = ctx.command.get(ctx.name);
  ctx.catalog.recentOperations.record({
    kind: 'command',
    command: ctx.name,
    ns: typeof target === 'string' ? `${ctx.db}.${target}` : ctx.db,
    comment: ctx.command.get('comment'),
    time: ctx.startedAt,
  });
}
