/**
 * One update statement, in the phases the server runs it (`performSingleUpdateOp`):
 *
 *   prepare()  parse-time work: collation, update executor (arrayFilters, `c`), query, `$expr`
 *              with upsert (224). Errors here are reported bare.
 *   match()    plan (hint → code 2 when unknown) and scan: the matching documents, in scan order,
 *              or in `sort` order for a single-document update.
 *   write()    apply the update to each match (or build and insert the upsert document), validate,
 *              store, log. Errors raised here are per-document runtime errors and carry the 8.0
 *              prefix `Plan executor error during update :: caused by :: `.
 *
 * The phases are separate so the interleave facility can run two statements' match phases before
 * either writes (a deterministic concurrent-upsert race).
 */
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import type { CollationInfo } from '../../catalog/collation-info.js';
import type { Collection } from '../../catalog/collection.js';
import { fail, type EngineError } from '../../errors.js';
import type { MatchDetails, RuntimeEnv } from '../../runtime.js';
import type { UpdateExecutor } from '../../update/executor.js';
import { makeSortComparator, parseSort } from '../../query/sort.js';
import { effectiveCollation } from '../common.js';
import type { DocumentChange, PlanSummary, StatementDetail, UpsertInsertDetail } from './details.js';
import type { MatchedDocument, MatchResult, WriteOutcome } from './outcome.js';
import { planAccess, writeQueryFields, type AccessPlan } from './plan.js';
import { toEngineError, isInterruption, runtimeError, UPDATE_EXEC_CONTEXT } from './reply.js';
import type { UpdateStatementSpec } from './request.js';
import type { StatementContext } from './statement-context.js';
import { updateMatchedDocument } from './update-document.js';
import { buildUpsertDocument, insertUpsertDocument } from './upsert-insert.js';
import { queryHasExpr } from './upsert-seed.js';
import { shouldRetryUpsertAsUpdate } from './upsert-retry.js';
import { keepShape } from '../../shape-anchor.js';
import type { QueryMatcher } from './deps.js';
import { idLookupApplies, simpleIdValue, updateByIdLookup } from './id-lookup.js';
import { withVariables } from './env.js';

export { Deadline } from './deadline.js';
export { buildStatementContext, type StatementContext, type StatementTarget } from './statement-context.js';
export type { MatchedDocument, MatchResult, WriteOutcome } from './outcome.js';

export class PreparedStatement {
  readonly spec: UpdateStatementSpec;
  readonly ctx: StatementContext;
  readonly collation: CollationInfo | null;
  readonly executor: UpdateExecutor;
  readonly env: RuntimeEnv;
  /** The compiled query; for a simple `_id` query compiled on first use (id-lookup.ts). */
  private compiled: QueryMatcher | undefined;
  private readonly letNames: ReadonlySet<string>;

  private constructor(
    spec: UpdateStatementSpec,
    ctx: StatementContext,
    collation: CollationInfo | null,
    executor: UpdateExecutor,
    compiled: QueryMatcher | undefined,
    env: RuntimeEnv,
    letNames: ReadonlySet<string>,
  ) {
    this.spec = spec;
    this.ctx = ctx;
    this.collation = collation;
    this.executor = executor;
    this.compiled = compiled;
    this.env = env;
    this.letNames = letNames;
    keepShape(this);
  }

  private get matcher(): QueryMatcher {
    return (this.compiled ??= this.compile());
  }

  private compile(): QueryMatcher {
    const collator = this.collation?.collator ?? null;
    return this.ctx.deps.compileQuery(this.spec.q, {
      collator,
      variables: this.letNames,
      constants: this.env.variables,
      optimizeExpr: true,
    });
  }

  get ns(): string {
    return `${this.ctx.db}.${this.ctx.collectionName}`;
  }

  get collection(): Collection | undefined {
    return this.ctx.catalog.getCollection(this.ctx.db, this.ctx.collectionName);
  }

  get execContext(): string {
    return this.ctx.execContext ?? UPDATE_EXEC_CONTEXT;
  }

  /** Parse-time work (`ParsedUpdate::parseRequest`): collation, update, then query. */
  static prepare(spec: UpdateStatementSpec, ctx: StatementContext): PreparedStatement {
    if (spec.upsertSupplied === true) checkUpsertSupplied(spec);
    const collection = ctx.catalog.getCollection(ctx.db, ctx.collectionName);
    const collation = effectiveCollation(collection, spec.collation);
    const collator = collation?.collator ?? null;
    const uValue: Value = spec.u.kind === 'pipeline' ? (spec.u.stages as Value[]) : spec.u.doc;
    const executor = ctx.deps.parseUpdate(uValue, {
      arrayFilters: spec.arrayFilters,
      collator,
      constants: spec.c,
      letVariables: ctx.env.variables,
      multi: spec.multi,
    });
    // `c` constants are variables for the pipeline and for `$expr` in the query.
    let env = ctx.env;
    let names = ctx.letNames;
    if (spec.c && spec.u.kind === 'pipeline') {
      const vars = new Map(ctx.env.variables);
      const withC = new Set(names);
      for (const [k, v] of spec.c) {
        vars.set(k, v);
        withC.add(k);
      }
      env = withVariables(ctx.env, vars);
      names = withC;
    }
    if (spec.upsert && queryHasExpr(spec.q)) {
      throw fail(224, '$expr is not allowed in the query predicate for an upsert');
    }
    const stmt = new PreparedStatement(spec, ctx, collation, executor, undefined, env, names);
    // A simple `_id` query cannot fail to compile; it is compiled only if the general path runs.
    if (simpleIdValue(spec.q) === undefined) stmt.compiled = stmt.compile();
    return stmt;
  }

  /** The access plan alone (explain's queryPlanner); hint errors are raised here. */
  plan(): AccessPlan {
    return planAccess(this.collection, this.ns, this.spec.q, this.matcher.root, {
      hint: this.spec.hint,
      collation: this.collation,
      hasSort: this.spec.sort !== undefined,
      query: writeQueryFields(this.spec.sort, this.spec.multi, this.spec.collation),
    });
  }

  /**
   * The scan both paths share (`match` and `run`): each candidate in plan order, the time limit
   * checked before it, the query applied (its errors get the executor prefix); `visit` gets each
   * match and returns false to stop. A collection scan reads each record when reached (no copy
   * of the collection first): `visit` may replace the visited document, which keeps its record id
   * and place, so every document is examined once, as in the server's update stage. `progress.docsExamined` counts as it goes, so a caller that
   * catches an error knows how far the scan got.
   */
  private scan(
    plan: AccessPlan,
    progress: { docsExamined: number },
    visit: (doc: Doc, details: MatchDetails | undefined, rid: number | undefined) => boolean,
    withDetails = true,
  ): void {
    const { matcher, env, ctx } = this;
    plan.forEachCandidate((doc, rid) => {
      ctx.deadline.check();
      progress.docsExamined++;
      const details: MatchDetails | undefined = withDetails ? {} : undefined;
      let matched: boolean;
      try {
        matched = matcher.matches(doc, env, details);
      } catch (e) {
        throw runtimeError(e, this.execContext);
      }
      return !matched || visit(doc, details, rid);
    });
  }

  /** Plans and scans: the documents this statement would update, in the order it updates them. */
  match(): MatchResult {
    const plan = this.plan();
    const matches: MatchedDocument[] = [];
    const progress = { docsExamined: 0 };
    const single = !this.spec.multi && this.spec.sort === undefined;
    this.scan(plan, progress, (doc, details, rid) => {
      matches.push({ doc, details: details!, rid });
      return !single;
    });
    const { docsExamined } = progress;
    if (this.spec.sort !== undefined && !this.spec.multi && matches.length > 1) {
      const cmp = makeSortComparator(parseSort(this.spec.sort), this.collation?.collator ?? null);
      const sorted = [...matches].sort((a, b) => cmp(a.doc, b.doc));
      return { plan, matches: sorted.slice(0, 1), docsExamined };
    }
    return { plan, matches, docsExamined };
  }

  /**
   * The normal path: matching and writing interleaved document by document, as the server's
   * update stage pulls one document at a time, so a failure or a time-out part-way through a
   * multi-update leaves the earlier documents updated. A `sort` needs every match first.
   */
  run(): WriteOutcome {
    if (this.spec.sort !== undefined && !this.spec.multi) return this.write(this.match());
    const id = simpleIdValue(this.spec.q);
    if (id !== undefined) {
      const collection = this.collection;
      if (idLookupApplies(this.spec, collection, this.collation, this.executor.needsMatchDetails === true)) {
        const outcome = updateByIdLookup(this, collection, id);
        if (outcome !== undefined) return outcome;
      }
    }
    const plan = planAccess(this.collection, this.ns, this.spec.q, this.matcher.root, {
      hint: this.spec.hint,
      collation: this.collation,
      hasSort: false,
    });
    const changes: DocumentChange[] = [];
    const collect = this.ctx.collectDocuments !== false;
    let nMatched = 0;
    let nModified = 0;
    const progress = { docsExamined: 0 };
    const detail = (error: EngineError | undefined): StatementDetail => ({
      index: this.spec.index,
      plan: {
        stage: plan.stage,
        indexName: plan.index?.name,
        docsExamined: progress.docsExamined,
        keysExamined: plan.keysExamined,
      },
      nMatched,
      nModified,
      documents: changes,
      upsert: undefined,
      error: error?.toInfo(),
    });
    try {
      this.scan(
        plan,
        progress,
        (doc, details, rid) => {
          const modified = this.updateOne(doc, details, rid, collect ? changes : undefined);
          nMatched++;
          if (modified) nModified++;
          return this.spec.multi;
        },
        this.executor.needsMatchDetails === true,
      );
    } catch (e) {
      const err = toEngineError(e);
      if (isInterruption(err)) throw err;
      return { ok: false, error: err, detail: detail(err) };
    }
    if (nMatched === 0) return this.write({ plan, matches: [], docsExamined: progress.docsExamined });
    return { ok: true, n: nMatched, nModified, upsertedId: undefined, detail: detail(undefined) };
  }

  private planSummary(m: MatchResult): PlanSummary {
    return {
      stage: m.plan.stage,
      indexName: m.plan.index?.name,
      docsExamined: m.docsExamined,
      keysExamined: m.plan.keysExamined,
    };
  }

  /**
   * Applies the update to the matched documents, or upserts when nothing matched.
   * `insertOnly` forces the insert path (the losing side of an interleaved upsert race, which
   * saw no match before the winner inserted).
   */
  write(m: MatchResult, options: { readonly insertOnly?: boolean } = {}): WriteOutcome {
    const changes: DocumentChange[] = [];
    let nMatched = 0;
    let nModified = 0;
    const plan = this.planSummary(m);
    const detail = (error: EngineError | undefined, upsert?: UpsertInsertDetail): StatementDetail => ({
      index: this.spec.index,
      plan,
      nMatched,
      nModified,
      documents: changes,
      upsert,
      error: error?.toInfo(),
    });
    if (m.matches.length === 0 || options.insertOnly) {
      if (!this.spec.upsert) return { ok: true, n: 0, nModified: 0, upsertedId: undefined, detail: detail(undefined) };
      try {
        const upsert = this.insertUpsertDocument();
        return { ok: true, n: 1, nModified: 0, upsertedId: upsert.doc.get('_id'), detail: detail(undefined, upsert) };
      } catch (e) {
        const err = toEngineError(e);
        return { ok: false, error: err, detail: detail(err) };
      }
    }
    const collect = this.ctx.collectDocuments !== false;
    try {
      for (const { doc, details, rid } of m.matches) {
        this.ctx.deadline.check();
        const modified = this.updateOne(doc, details, rid, collect ? changes : undefined);
        nMatched++;
        if (modified) nModified++;
      }
    } catch (e) {
      const err = toEngineError(e);
      return { ok: false, error: err, detail: detail(err) };
    }
    return { ok: true, n: nMatched, nModified, upsertedId: undefined, detail: detail(undefined) };
  }

  /** Updates one stored document (update-document.ts): whether it changed; its change goes to `changes` when given. */
  private updateOne(
    doc: Doc,
    details: MatchDetails | undefined,
    rid: number | undefined,
    changes: DocumentChange[] | undefined,
  ): boolean {
    return updateMatchedDocument(this, this.collection!, doc, details, rid, changes);
  }

  /** Builds the upsert document (server-facts §3) without storing it (upsert-insert.ts). */
  buildUpsertDocument(): UpsertInsertDetail {
    return buildUpsertDocument(this);
  }

  /** Builds, validates, stores and logs the upsert document. */
  insertUpsertDocument(): UpsertInsertDetail {
    return insertUpsertDocument(this);
  }

  /**
   * The concurrent-upsert rule: after losing an insert race with a duplicate key error, may this
   * statement retry as an update? (See upsert-retry.ts for the five conditions.)
   */
  retryDecision(dupKey: EngineError) {
    return shouldRetryUpsertAsUpdate({
      query: this.spec.q,
      upsert: this.spec.upsert,
      multi: this.spec.multi,
      update: this.spec.u,
      duplicateKeyError: dupKey,
    });
  }
}

/** `ParsedUpdate::parseRequest`: `upsertSupplied` needs an upsert and a document in `c.new`. */
function checkUpsertSupplied(spec: UpdateStatementSpec): void {
  if (!spec.upsert) throw fail(9, "cannot specify 'upsertSupplied: true' for a non-upsert operation");
  if (!isDoc(spec.c?.get('new'))) {
    throw fail(9, "the parameter 'upsertSupplied' is set to 'true', but no document was supplied");
  }
}
