/**
 * A deterministic concurrent-upsert race (seed "Upsert rules" 7). The engine runs one command at a
 * time, so two clients racing on the same upsert are staged explicitly:
 *
 *   1. both statements are parsed;
 *   2. both run their match phase against the same state (so both may see "no match");
 *   3. the first writes (it wins the insert);
 *   4. the second writes with the view it had in step 2: if it saw no match and upserts, it tries to
 *      insert; a duplicate key error from a unique index then either becomes a retry as an update
 *      (all five conditions hold, see update/upsert-retry.ts) or is its result. With no unique index the
 *      second insert succeeds and the collection holds two documents: the duplicate the seed warns of.
 *
 * API:  runUpsertRace(ctx, {collection, first, second, let?, bypassDocumentValidation?})
 * Command (a playground extension, not a MongoDB command):
 *   {upsertRace: 'c', first: {q, u, upsert: true, ...}, second: {q, u, upsert: true, ...}, let?}
 *   → {first: <update reply>, second: <update reply>, secondOutcome, retryConditions?, ok: 1}
 * `secondOutcome`: 'updated' (it matched a document that existed before the race),
 * 'inserted' (no unique index stopped it), 'retriedAsUpdate', or 'duplicateKeyError'.
 */
import { GENERIC_ARGUMENTS } from './fields.js';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { fail, type EngineError } from '../errors.js';
import type { CommandContext, CommandHandler } from './context.js';
import { defaultUpdateDeps, type UpdateDeps } from './update/deps.js';
import type { StatementDetail } from './update/details.js';
import { buildUpdateReply, toEngineError, WriteResultBuilder } from './update/reply.js';
import { parseUpdateCommand, type UpdateStatementSpec } from './update/request.js';
import {
  buildStatementContext,
  Deadline,
  PreparedStatement,
  type MatchResult,
  type WriteOutcome,
} from './update/statement.js';
import type { RetryConditions } from './update/upsert-retry.js';

export type RaceOutcome = 'updated' | 'inserted' | 'retriedAsUpdate' | 'duplicateKeyError' | 'failed';

export interface UpsertRaceSpec {
  readonly collection: string;
  /** Update statements as in `updates` (`{q, u, upsert, multi, ...}`). */
  readonly first: Doc;
  readonly second: Doc;
  readonly let?: Doc | undefined;
  readonly bypassDocumentValidation?: boolean | undefined;
}

export interface UpsertRaceResult {
  /** Each side's reply, as if it had been its own `update` command. */
  readonly first: Doc;
  readonly second: Doc;
  readonly firstOutcome: RaceOutcome;
  readonly secondOutcome: RaceOutcome;
  /** The retry rule's five conditions, when the second side hit a duplicate key error. */
  readonly retryConditions: RetryConditions | undefined;
  readonly details: { readonly first: StatementDetail | undefined; readonly second: StatementDetail | undefined };
}

function statementSpec(collection: string, stmt: Doc, letDoc: Doc | undefined): UpdateStatementSpec {
  const cmd: Doc = new Map<string, Value>([
    ['update', collection],
    ['updates', [stmt]],
  ]);
  if (letDoc) cmd.set('let', letDoc);
  return parseUpdateCommand(cmd).statements[0]!;
}

function replyFor(outcome: WriteOutcome | EngineError, index: number): Doc {
  const r = new WriteResultBuilder();
  if ('ok' in outcome && outcome.ok) {
    r.n = outcome.n;
    r.nModified = outcome.nModified;
    if (outcome.upsertedId !== undefined) r.upserted.push({ index, _id: outcome.upsertedId });
  } else {
    r.addError(index, 'ok' in outcome ? outcome.error : outcome);
  }
  return buildUpdateReply(r);
}

export function runUpsertRace(
  ctx: CommandContext,
  spec: UpsertRaceSpec,
  deps: UpdateDeps = defaultUpdateDeps,
): UpsertRaceResult {
  const firstSpec = statementSpec(spec.collection, spec.first, spec.let);
  const secondSpec = statementSpec(spec.collection, spec.second, spec.let);
  const sctx = buildStatementContext(ctx.catalog, ctx.startedAt, {
    db: ctx.db,
    collectionName: spec.collection,
    let: spec.let,
    bypassDocumentValidation: spec.bypassDocumentValidation ?? false,
    deps,
    deadline: Deadline.none(() => ctx.clock.now()),
  });
  if (firstSpec.upsert || secondSpec.upsert) ctx.catalog.ensureCollection(ctx.db, spec.collection);

  // Phase 1 + 2: parse and match both before either writes.
  const prepared: (PreparedStatement | EngineError)[] = [firstSpec, secondSpec].map((s) => {
    try {
      return PreparedStatement.prepare(s, sctx);
    } catch (e) {
      return toEngineError(e);
    }
  });
  const matched: (MatchResult | EngineError)[] = prepared.map((p) => {
    if (!(p instanceof PreparedStatement)) return p;
    try {
      return p.match();
    } catch (e) {
      return toEngineError(e);
    }
  });

  const runSide = (i: 0 | 1): { outcome: WriteOutcome | EngineError; kind: RaceOutcome; retry?: RetryConditions } => {
    const p = prepared[i]!;
    const m = matched[i]!;
    if (!(p instanceof PreparedStatement)) return { outcome: p, kind: 'failed' };
    if (!('plan' in m)) return { outcome: m, kind: 'failed' };
    const out = p.write(m);
    if (out.ok) {
      const kind: RaceOutcome = out.upsertedId !== undefined ? 'inserted' : 'updated';
      return { outcome: out, kind };
    }
    if (out.error.code !== 11000 || !p.spec.upsert || m.matches.length > 0) return { outcome: out, kind: 'failed' };
    const decision = p.retryDecision(out.error);
    if (!decision.retry) return { outcome: out, kind: 'duplicateKeyError', retry: decision.conditions };
    const again = p.write(p.match());
    if (!again.ok) return { outcome: again, kind: 'failed', retry: decision.conditions };
    return {
      outcome: { ...again, detail: { ...again.detail, retriedAsUpdate: true } },
      kind: 'retriedAsUpdate',
      retry: decision.conditions,
    };
  };

  // Phase 3 + 4: the first writes, then the second with its stale view.
  const a = runSide(0);
  const b = runSide(1);
  const detailOf = (o: WriteOutcome | EngineError): StatementDetail | undefined =>
    'detail' in o ? o.detail : undefined;
  return {
    first: replyFor(a.outcome, 0),
    second: replyFor(b.outcome, 0),
    firstOutcome: a.kind,
    secondOutcome: b.kind,
    retryConditions: b.retry,
    details: { first: detailOf(a.outcome), second: detailOf(b.outcome) },
  };
}

function conditionsDoc(c: RetryConditions): Doc {
  return new Map<string, Value>(Object.entries(c) as [string, boolean][]);
}

/** `{upsertRace: <collection>, first: <statement>, second: <statement>, let?, bypassDocumentValidation?}`. */
export const upsertRaceCommand: CommandHandler = (ctx) => {
  const coll = ctx.command.get(ctx.name);
  if (typeof coll !== 'string' || coll === '')
    throw fail(73, `Invalid namespace specified '${ctx.db}.${String(coll)}'`);
  const first = ctx.command.get('first');
  const second = ctx.command.get('second');
  if (!isDoc(first)) throw fail(40414, "BSON field 'upsertRace.first' is missing but a required field");
  if (!isDoc(second)) throw fail(40414, "BSON field 'upsertRace.second' is missing but a required field");
  for (const k of ctx.command.keys()) {
    // Generic arguments (lsid, $clusterTime, $db …) come with every command a driver sends.
    if (
      !['upsertRace', 'first', 'second', 'let', 'bypassDocumentValidation'].includes(k) &&
      !GENERIC_ARGUMENTS.has(k)
    ) {
      throw fail(40415, `BSON field 'upsertRace.${k}' is an unknown field.`);
    }
  }
  const letDoc = ctx.command.get('let');
  const result = runUpsertRace(ctx, {
    collection: coll,
    first,
    second,
    let: isDoc(letDoc) ? letDoc : undefined,
    bypassDocumentValidation: ctx.command.get('bypassDocumentValidation') === true,
  });
  const reply: Doc = new Map<string, Value>([
    ['first', result.first],
    ['second', result.second],
    ['firstOutcome', result.firstOutcome],
    ['secondOutcome', result.secondOutcome],
  ]);
  if (result.retryConditions) reply.set('retryConditions', conditionsDoc(result.retryConditions));
  return reply;
};
