/**
 * `find`: `{find: 'c', filter, projection, sort, skip, limit, batchSize, singleBatch, collation, hint, let}`
 *   → `{cursor: {firstBatch: [...], id: Long(0), ns: 'test.c'}, ok: 1}`.
 * With `batchSize`, the rest stays in an open cursor for `getMore`; without it, every result
 * goes in `firstBatch` (the server would stop the first batch at 101 documents).
 * A missing collection gives an empty batch. `local.oplog.rs` is readable like any collection (on a
 * replica set; a standalone has none, so there it is a missing collection).
 */
import type { Doc, Value } from '../bson/values.js';
import { compileFilter } from '../catalog/filter.js';
import { selectDocuments } from '../catalog/select.js';
import { fail, withErrorContext } from '../errors.js';
import { commandEnv, effectiveCollation, findCursorReply, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields, numberArg } from './fields.js';
import { parseProjection, type Projection } from '../query/projection.js';
import { parseSort, sortDocuments } from '../query/sort.js';
import type { MatchDetails } from '../runtime.js';

export const FIND_FIELDS = {
  find: { type: 'string' },
  filter: { type: 'object' },
  projection: { type: 'object' },
  sort: { type: 'object' },
  skip: { type: 'number' },
  limit: { type: 'number' },
  batchSize: { type: 'number' },
  singleBatch: { type: 'bool' },
  collation: { type: 'object' },
  hint: { type: ['string', 'object'] },
  let: { type: 'object' },
  allowDiskUse: { type: 'bool' },
  returnKey: { type: 'bool' },
  showRecordId: { type: 'bool' },
  min: { type: 'object' },
  max: { type: 'object' },
  tailable: { type: 'bool' },
  awaitData: { type: 'bool' },
  noCursorTimeout: { type: 'bool' },
  allowPartialResults: { type: 'bool' },
  oplogReplay: { type: 'bool' },
  readOnce: { type: 'bool' },
  allowSpeculativeMajorityRead: { type: 'bool' },
  rawData: { type: 'bool' },
} as const;

/** A non-negative integer option (`skip`, `limit`, `batchSize`): 51024 otherwise. */
export function nonNegative(field: string, v: Value | undefined): number | undefined {
  const n = numberArg(v);
  if (n === undefined) return undefined;
  if (n < 0) throw fail(51024, `BSON field '${field}' value must be >= 0, actual value '${String(v)}'`);
  return Math.trunc(n);
}

/** find_cmd.cpp's context for errors raised while the plan runs (followed by the namespace). */
const EXECUTOR_CONTEXT = 'Executor error during find command';

export const findCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, FIND_FIELDS);
  const filter = (ctx.command.get('filter') as Doc | undefined) ?? new Map<string, Value>();
  const skip = nonNegative('skip', ctx.command.get('skip')) ?? 0;
  const limit = nonNegative('limit', ctx.command.get('limit')) ?? 0;
  const batch = {
    batchSize: nonNegative('batchSize', ctx.command.get('batchSize')),
    singleBatch: ctx.command.get('singleBatch') === true,
  };
  const sortSpec = ctx.command.get('sort') as Doc | undefined;
  const projectionSpec = ctx.command.get('projection') as Doc | undefined;
  const collection = ctx.catalog.getCollection(ctx.db, name);
  const collation = effectiveCollation(collection, ctx.command.get('collation'));
  const collator = collation?.collator ?? null;
  const env = commandEnv(ctx);
  const sort = sortSpec && sortSpec.size > 0 ? parseSort(sortSpec) : null;
  if (!collection) {
    compileFilter(filter, collator, { env, optimizeExpr: true });
    return findCursorReply(`${ctx.db}.${name}`, []);
  }
  const hint = ctx.command.get('hint') as string | Doc | undefined;
  // The projection is parsed with the canonical query, after the filter and before planning;
  // anything raised once documents are read carries find_cmd.cpp's executor context.
  let projection: Projection | null = null;
  const executionContext = `${EXECUTOR_CONTEXT}: ${collection.ns}`;
  const selection = selectDocuments(collection, {
    filter,
    collation,
    hint,
    env,
    limit: sort ? 0 : limit > 0 ? skip + limit : 0,
    query: {
      batchSize: batch.batchSize,
      limit: limit > 0 ? limit : undefined,
      skip: skip > 0 ? skip : undefined,
      sort: sortSpec,
      projection: projectionSpec,
      collation: ctx.command.get('collation') as Doc | undefined,
    },
    executionContext,
    afterParse: (parsedFilter) => {
      if (projectionSpec && projectionSpec.size > 0) {
        projection = parseProjection(projectionSpec, {
          collator,
          variables: new Set(env.variables.keys()),
          constants: env.variables,
          optimizeExpr: true,
          query: parsedFilter.root,
        });
      }
    },
  });
  const projected = withErrorContext(executionContext, () => {
    let docs = selection.matches;
    if (sort) docs = sortDocuments(docs, sort, collator);
    docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
    const p = projection as Projection | null;
    if (!p) return docs;
    return docs.map((doc) => {
      if (!p.usesPositional) return p.apply(doc, env);
      const details: MatchDetails = {};
      selection.filter.matches(doc, env, details);
      return p.apply(doc, env, details);
    });
  });
  return findCursorReply(collection.ns, projected, ctx, batch);
};
