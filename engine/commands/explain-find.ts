/**
 * A basic `explain` of `find`: the access plan (IDHACK, COLLSCAN, FETCH ← IXSCAN, with SORT when
 * the find sorts) and, under executionStats, the documents a scan examines and returns.
 */
import { Int32 } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { resolveCollation } from '../catalog/collation-info.js';
import { fail } from '../errors.js';
import type { CommandContext } from './context.js';
import { accessStage, parsedQuery, type Stats } from './explain-stages.js';
import type { Verbosity } from './explain.js';
import { defaultUpdateDeps } from './update/deps.js';
import { buildCommandEnv } from './update/env.js';
import { planAccess } from './update/plan.js';
import { parseHint } from './update/request.js';

function int(n: number): Int32 {
  return new Int32(n);
}

/** `{explain: {find: …}}`: the plan, and under executionStats the counts of a dry scan. */
export function explainFind(ctx: CommandContext, inner: Doc, verbosity: Verbosity): Doc {
  const coll = inner.get('find');
  if (typeof coll !== 'string') throw fail(73, 'collection name has invalid type');
  const filter = isDoc(inner.get('filter')) ? (inner.get('filter') as Doc) : new Map<string, Value>();
  const sort = isDoc(inner.get('sort')) ? (inner.get('sort') as Doc) : undefined;
  const collection = ctx.catalog.getCollection(ctx.db, coll);
  const collationSpec = inner.get('collation');
  const collation = isDoc(collationSpec) ? resolveCollation(collationSpec) : (collection?.collation ?? null);
  const collator = collation?.collator ?? null;
  const { env, letNames } = buildCommandEnv(ctx.startedAt, undefined, collator);
  const matcher = defaultUpdateDeps.compileQuery(filter, { collator, variables: letNames });
  const hint = inner.has('hint') ? parseHint(inner.get('hint')!) : ({ kind: 'none' } as const);
  const plan = planAccess(collection, `${ctx.db}.${coll}`, filter, matcher.root, {
    hint,
    collation,
    hasSort: sort !== undefined,
  });
  const planner: Doc = new Map<string, Value>([
    ['namespace', `${ctx.db}.${coll}`],
    ['parsedQuery', parsedQuery(filter)],
    ...(collation === null ? [] : ([['collation', collation.doc]] as [string, Value][])),
    ['indexFilterSet', false],
    ['optimizationTimeMillis', int(0)],
    ['maxIndexedOrSolutionsReached', false],
    ['maxIndexedAndSolutionsReached', false],
    ['maxScansToExplodeReached', false],
    ['prunedSimilarIndexes', false],
  ]);
  const access = accessStage(plan, filter, undefined);
  const winning: Doc = new Map<string, Value>([['isCached', false]]);
  const tree =
    sort && sort.size > 0
      ? new Map<string, Value>([
          ['stage', 'SORT'],
          ['sortPattern', sort],
          ['memLimit', int(104857600)],
          ['type', 'simple'],
          ['inputStage', access],
        ])
      : access;
  for (const [k, v] of tree) winning.set(k, v);
  planner.set('winningPlan', winning);
  planner.set('rejectedPlans', []);
  const reply: Doc = new Map<string, Value>([
    ['explainVersion', '1'],
    ['queryPlanner', planner],
  ]);
  if (verbosity !== 'queryPlanner') {
    let docsExamined = 0;
    let n = 0;
    for (const doc of plan.candidates) {
      docsExamined++;
      if (matcher.matches(doc, env)) n++;
    }
    const stats: Stats = { docsExamined, keysExamined: plan.keysExamined, returned: n };
    reply.set(
      'executionStats',
      new Map<string, Value>([
        ['executionSuccess', true],
        ['nReturned', int(n)],
        ['executionTimeMillis', int(0)],
        ['totalKeysExamined', int(stats.keysExamined)],
        ['totalDocsExamined', int(docsExamined)],
        ['executionStages', new Map<string, Value>([['isCached', false], ...accessStage(plan, filter, stats)])],
        ...(verbosity === 'allPlansExecution' ? ([['allPlansExecution', []]] as [string, Value][]) : []),
      ]),
    );
  }
  const command: Doc = new Map(inner);
  command.set('$db', ctx.db);
  reply.set('command', command);
  reply.set('ok', 1);
  return reply;
}
