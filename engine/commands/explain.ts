/**
 * `explain` for writes (and a basic `find`): `{explain: {update: …}, verbosity}`.
 *
 *   {explainVersion: '1', queryPlanner: {namespace, parsedQuery, indexFilterSet, planCacheShapeHash?,
 *    planCacheKey?, optimizationTimeMillis, maxIndexedOrSolutionsReached, maxIndexedAndSolutionsReached,
 *    maxScansToExplodeReached, prunedSimilarIndexes, winningPlan: {isCached, stage: 'UPDATE',
 *    inputStage: IDHACK | FETCH ← IXSCAN | COLLSCAN (| SORT ← …)}, rejectedPlans: []},
 *    executionStats?: {executionSuccess, nReturned, executionTimeMillis, totalKeysExamined,
 *    totalDocsExamined, executionStages: {stage: 'UPDATE', …, nMatched, nWouldModify, nWouldUpsert,
 *    inputStage}, allPlansExecution?: []}, command, serverInfo, serverParameters, ok: 1}
 *
 * Verbosity: 'queryPlanner' plans only; 'executionStats' and 'allPlansExecution' (the default) also
 * run the operation in dry-run mode (the catalog is restored: explain never modifies anything and
 * writes no oplog entry). A failure while executing is reported in executionStats
 * (`executionSuccess: false, errorMessage, errorCode`), as the server does.
 * Supported inner commands: update, findAndModify, delete, find.
 */
import { Int32 } from 'bson';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail, type EngineError } from '../errors.js';
import type { CollationInfo } from '../catalog/collation-info.js';
import { effectiveCollation } from './common.js';
import type { CommandContext, CommandHandler } from './context.js';
import { parseFindAndModify } from './find-and-modify.js';
import { defaultUpdateDeps } from './update/deps.js';
import type { StatementDetail } from './update/details.js';
import { buildCommandEnv } from './update/env.js';
import { readObject } from './update/fields.js';
import type { AccessPlan } from './update/plan.js';
import { planAccess } from './update/plan.js';
import { FIND_AND_MODIFY_EXEC_CONTEXT, toEngineError } from './update/reply.js';
import { parseHint, parseUpdateCommand, type UpdateStatementSpec } from './update/request.js';
import { buildStatementContext, Deadline, PreparedStatement, type StatementContext } from './update/statement.js';
import { runStatement, withDryRun } from './update/command.js';
import { explainFind } from './explain-find.js';
import { serverInfo, serverParameters } from './explain-server-info.js';
import { accessStage, commonStats, parsedQuery, shapeHash, shapeOf, withSort, type Stats } from './explain-stages.js';

export type Verbosity = 'queryPlanner' | 'executionStats' | 'allPlansExecution';

const VERBOSITIES: readonly Verbosity[] = ['queryPlanner', 'executionStats', 'allPlansExecution'];

function int(n: number): Int32 {
  return new Int32(n);
}

interface WriteExplain {
  readonly ns: string;
  readonly q: Doc;
  readonly stage: 'UPDATE' | 'DELETE';
  readonly plan: AccessPlan;
  readonly sort: Doc | undefined;
  /** The query's collation (null = simple): shown after parsedQuery when the query was canonicalized. */
  readonly collation: CollationInfo | null;
  /**
   * findAndModify: the UPDATE/DELETE stage returns the document it wrote (`shouldReturnAnyDocs`),
   * so it advances once and `nReturned` is 1 when a document was matched or upserted.
   */
  readonly returnsDocs?: boolean;
  /**
   * findAndModify's `fields`: a PROJECTION_DEFAULT stage (`transformBy`) above the write stage,
   * as `getExecutorUpdate`/`getExecutorDelete` add a `ProjectionStageDefault`.
   */
  readonly projection?: Doc | undefined;
  /** Present for executionStats/allPlansExecution. */
  readonly run?:
    | {
        readonly stats: Stats;
        readonly counters: readonly [string, Value][];
        readonly error: EngineError | undefined;
      }
    | undefined;
}

function explainReply(ctx: CommandContext, inner: Doc, verbosity: Verbosity, w: WriteExplain): Doc {
  const winning: Doc = new Map<string, Value>([['isCached', false]]);
  const planner: Doc = new Map<string, Value>([
    ['namespace', w.ns],
    ['parsedQuery', parsedQuery(w.q)],
  ]);
  // An IDHACK write plans without a canonical query, so no collation is shown (explain.cpp).
  if (w.collation !== null && w.plan.stage !== 'IDHACK') planner.set('collation', w.collation.doc);
  planner.set('indexFilterSet', false);
  if (w.plan.stage !== 'IDHACK') {
    const h = shapeHash(`${w.ns}|${shapeOf(w.q)}|${w.sort ? shapeOf(w.sort) : ''}`);
    planner.set('planCacheShapeHash', h);
    planner.set('planCacheKey', shapeHash(`${h}|key`));
  }
  planner.set('optimizationTimeMillis', int(0));
  planner.set('maxIndexedOrSolutionsReached', false);
  planner.set('maxIndexedAndSolutionsReached', false);
  planner.set('maxScansToExplodeReached', false);
  planner.set('prunedSimilarIndexes', false);
  const writeStage: Doc = new Map<string, Value>([
    ['stage', w.stage],
    ['inputStage', withSort(accessStage(w.plan, w.q, undefined), w.sort, undefined)],
  ]);
  for (const [k, v] of projectionStage(w.projection, [], writeStage)) winning.set(k, v);
  planner.set('winningPlan', winning);
  planner.set('rejectedPlans', []);

  const reply: Doc = new Map<string, Value>([
    ['explainVersion', '1'],
    ['queryPlanner', planner],
  ]);
  if (verbosity !== 'queryPlanner' && w.run) {
    const { stats, counters, error } = w.run;
    const exec: Doc = new Map<string, Value>([['executionSuccess', error === undefined]]);
    if (error) {
      exec.set('errorMessage', error.errmsg);
      exec.set('errorCode', int(error.code));
    }
    const upserted = counters.some(([k, v]) => k === 'nWouldUpsert' && Number(v) > 0);
    const returned = w.returnsDocs === true && error === undefined && (stats.returned > 0 || upserted) ? 1 : 0;
    exec.set('nReturned', int(returned));
    exec.set('executionTimeMillis', int(0));
    exec.set('totalKeysExamined', int(stats.keysExamined));
    exec.set('totalDocsExamined', int(stats.docsExamined));
    // An upsert's work that inserts is one more than the input stage's.
    const works = stats.returned + 1 + (returned > stats.returned ? 1 : 0);
    const write: Doc = new Map<string, Value>([
      ['stage', w.stage],
      ...commonStats(returned, works),
      ...counters,
      ['inputStage', withSort(accessStage(w.plan, w.q, stats), w.sort, stats)],
    ]);
    // The projection stage works its child once per call of its own, so its counters are the child's.
    const top: Doc = new Map<string, Value>([
      ['isCached', false],
      ...projectionStage(w.projection, commonStats(returned, works), write),
    ]);
    exec.set('executionStages', top);
    if (verbosity === 'allPlansExecution') exec.set('allPlansExecution', []);
    reply.set('executionStats', exec);
  }
  const command: Doc = new Map(inner);
  command.set('$db', ctx.db);
  reply.set('command', command);
  reply.set('serverInfo', serverInfo());
  reply.set('serverParameters', serverParameters());
  reply.set('ok', 1);
  return reply;
}

/** The write stage, or PROJECTION_DEFAULT (common stats, `transformBy`) above it when `fields` is given. */
function projectionStage(projection: Doc | undefined, common: readonly [string, Value][], write: Doc): Doc {
  if (projection === undefined || projection.size === 0) return write;
  return new Map<string, Value>([
    ['stage', 'PROJECTION_DEFAULT'],
    ...common,
    ['transformBy', projection],
    ['inputStage', write],
  ]);
}

function statsFrom(detail: StatementDetail | undefined, plan: AccessPlan): Stats {
  return {
    docsExamined: detail?.plan?.docsExamined ?? 0,
    keysExamined: detail?.plan?.keysExamined ?? plan.keysExamined,
    returned: detail?.nMatched ?? 0,
  };
}

/**
 * UpdateStage counts a document in nModified "if they wrote (exclude no-ops). Explains get recorded
 * as if they wrote" (update_stage.cpp): under explain every updated match counts, no-ops included.
 */
function updateCounters(detail: StatementDetail | undefined): [string, Value][] {
  return [
    ['nMatched', int(detail?.nMatched ?? 0)],
    ['nWouldModify', int(detail?.nMatched ?? 0)],
    ['nWouldUpsert', int(detail?.upsert ? 1 : 0)],
  ];
}

function statementContext(
  ctx: CommandContext,
  coll: string,
  letDoc: Doc | undefined,
  bypass: boolean,
  execContext?: string,
): StatementContext {
  return buildStatementContext(ctx.catalog, ctx.startedAt, {
    db: ctx.db,
    collectionName: coll,
    let: letDoc,
    bypassDocumentValidation: bypass,
    deps: defaultUpdateDeps,
    deadline: Deadline.none(() => ctx.clock.now()),
    execContext,
  });
}

/** Explains one update statement (update and findAndModify share this). */
function explainUpdateStatement(
  ctx: CommandContext,
  inner: Doc,
  verbosity: Verbosity,
  coll: string,
  spec: UpdateStatementSpec,
  sctx: StatementContext,
  returnsDocs = false,
  projection: Doc | undefined = undefined,
): Doc {
  return withDryRun(ctx.catalog, true, () => {
    const stmt = PreparedStatement.prepare(spec, sctx);
    const plan = stmt.plan();
    const collation = effectiveCollation(ctx.catalog.getCollection(ctx.db, coll), spec.collation);
    let run: WriteExplain['run'];
    if (verbosity !== 'queryPlanner') {
      let detail: StatementDetail | undefined;
      let error: EngineError | undefined;
      try {
        const outcome = runStatement(spec, sctx);
        detail = outcome.detail;
        if (!outcome.ok) error = outcome.error;
      } catch (e) {
        error = toEngineError(e);
      }
      run = { stats: statsFrom(detail, plan), counters: updateCounters(detail), error };
    }
    return explainReply(ctx, inner, verbosity, {
      ns: `${ctx.db}.${coll}`,
      q: spec.q,
      stage: 'UPDATE',
      plan,
      collation,
      sort: spec.sort,
      run,
      returnsDocs,
      projection,
    });
  });
}

function explainUpdate(ctx: CommandContext, inner: Doc, verbosity: Verbosity): Doc {
  const cmd = parseUpdateCommand(inner);
  if (cmd.statements.length !== 1) throw fail(16, 'explained write batches must be of size 1');
  const spec = cmd.statements[0]!;
  if (spec.sort !== undefined && spec.multi) throw fail(9, 'Cannot specify sort with multi=true');
  const sctx = statementContext(ctx, cmd.collection, cmd.let, cmd.bypassDocumentValidation);
  return explainUpdateStatement(ctx, inner, verbosity, cmd.collection, spec, sctx);
}

function explainFindAndModify(ctx: CommandContext, inner: Doc, verbosity: Verbosity): Doc {
  const fam = parseFindAndModify(inner);
  if (fam.remove) {
    return explainDeleteLike(
      ctx,
      inner,
      verbosity,
      fam.collection,
      fam.query,
      false,
      fam.hint,
      fam.collation,
      fam.sort,
      true,
      fam.fields,
    );
  }
  const spec: UpdateStatementSpec = {
    index: 0,
    q: fam.query,
    u: fam.update!,
    c: undefined,
    upsert: fam.upsert,
    multi: false,
    collation: fam.collation,
    arrayFilters: fam.arrayFilters,
    hint: fam.hint,
    sort: fam.sort,
  };
  const sctx = statementContext(
    ctx,
    fam.collection,
    fam.let,
    fam.bypassDocumentValidation,
    FIND_AND_MODIFY_EXEC_CONTEXT,
  );
  return explainUpdateStatement(ctx, inner, verbosity, fam.collection, spec, sctx, true, fam.fields);
}

function explainDeleteLike(
  ctx: CommandContext,
  inner: Doc,
  verbosity: Verbosity,
  coll: string,
  q: Doc,
  multi: boolean,
  hint: ReturnType<typeof parseHint>,
  collationSpec: Doc | undefined,
  sort: Doc | undefined,
  returnsDocs = false,
  projection: Doc | undefined = undefined,
): Doc {
  const collection = ctx.catalog.getCollection(ctx.db, coll);
  const collation = effectiveCollation(collection, collationSpec);
  const collator = collation?.collator ?? null;
  const { env, letNames } = buildCommandEnv(ctx.startedAt, undefined, collator);
  const matcher = defaultUpdateDeps.compileQuery(q, { collator, variables: letNames, optimizeExpr: true });
  const plan = planAccess(collection, `${ctx.db}.${coll}`, q, matcher.root, {
    hint,
    collation,
    hasSort: sort !== undefined,
  });
  let run: WriteExplain['run'];
  if (verbosity !== 'queryPlanner') {
    let docsExamined = 0;
    let n = 0;
    for (const doc of plan.candidates) {
      docsExamined++;
      if (!matcher.matches(doc, env)) continue;
      n++;
      if (!multi && sort === undefined) break;
    }
    if (!multi) n = Math.min(n, 1);
    run = {
      stats: { docsExamined, keysExamined: plan.keysExamined, returned: n },
      counters: [['nWouldDelete', int(n)]],
      error: undefined,
    };
  }
  return explainReply(ctx, inner, verbosity, {
    ns: `${ctx.db}.${coll}`,
    q,
    stage: 'DELETE',
    plan,
    collation,
    sort,
    run,
    returnsDocs,
    projection,
  });
}

function explainDelete(ctx: CommandContext, inner: Doc, verbosity: Verbosity): Doc {
  const coll = inner.get('delete');
  if (typeof coll !== 'string') throw fail(73, 'collection name has invalid type');
  const deletes = inner.get('deletes');
  if (!isArray(deletes) || deletes.length !== 1 || !isDoc(deletes[0])) {
    throw fail(16, 'explained write batches must be of size 1');
  }
  const d = deletes[0];
  const q = readObject('delete.deletes.q', d.get('q') ?? new Map());
  const limit = d.get('limit');
  const multi = limit !== undefined && Number(typeof limit === 'number' ? limit : String(limit)) === 0;
  const collation = d.get('collation');
  return explainDeleteLike(
    ctx,
    inner,
    verbosity,
    coll,
    q,
    multi,
    d.has('hint') ? parseHint(d.get('hint')!) : { kind: 'none' },
    isDoc(collation) ? collation : undefined,
    undefined,
  );
}

/** A basic find explain: the access stage (with SORT when sorting); no projection stages. */

export function runExplain(ctx: CommandContext): Doc {
  const inner = ctx.command.get('explain');
  if (!isDoc(inner)) throw fail(9, 'explain command requires a nested object');
  let verbosity: Verbosity = 'allPlansExecution';
  for (const [k, v] of [...ctx.command].slice(1)) {
    if (k === 'verbosity') {
      if (typeof v !== 'string' || !VERBOSITIES.includes(v as Verbosity)) {
        throw fail(9, "verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}");
      }
      verbosity = v as Verbosity;
    }
  }
  const name = inner.keys().next().value ?? '';
  switch (name) {
    case 'update':
      return explainUpdate(ctx, inner, verbosity);
    case 'findAndModify':
    case 'findandmodify':
      return explainFindAndModify(ctx, inner, verbosity);
    case 'delete':
      return explainDelete(ctx, inner, verbosity);
    case 'find':
      return explainFind(ctx, inner, verbosity);
    default:
      throw fail(59, `Explain failed due to unknown command: ${name}`);
  }
}

export const explainCommand: CommandHandler = (ctx) => runExplain(ctx);
