/**
 * `find`: `{find: 'c', filter, projection, sort, skip, limit, batchSize, singleBatch, collation, hint, let}`
 *   → `{cursor: {firstBatch: [...], id: Long(0), ns: 'test.c'}, ok: 1}`.
 * Every result goes in `firstBatch` (the cursor id is always 0), whatever `batchSize` says.
 * A missing collection gives an empty batch. `local.oplog.rs` is readable like any collection.
 */
import type { Doc, Value } from '../bson/values.js';
import { selectDocuments } from '../catalog/select.js';
import { fail } from '../errors.js';
import { commandEnv, effectiveCollation, findCursorReply, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields, numberArg } from './fields.js';
import { compileProjection, compileSort } from './find-support.js';

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

export const findCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, FIND_FIELDS);
  const filter = (ctx.command.get('filter') as Doc | undefined) ?? new Map<string, Value>();
  const skip = nonNegative('skip', ctx.command.get('skip')) ?? 0;
  const limit = nonNegative('limit', ctx.command.get('limit')) ?? 0;
  nonNegative('batchSize', ctx.command.get('batchSize'));
  const sortSpec = ctx.command.get('sort') as Doc | undefined;
  const projectionSpec = ctx.command.get('projection') as Doc | undefined;
  const collection = ctx.catalog.getCollection(ctx.db, name);
  const collation = effectiveCollation(collection, ctx.command.get('collation'));
  const sort = sortSpec && sortSpec.size > 0 ? compileSort(sortSpec, collation?.collator ?? null) : null;
  const project = projectionSpec && projectionSpec.size > 0 ? compileProjection(projectionSpec) : null;
  if (!collection) return findCursorReply(`${ctx.db}.${name}`, []);
  const hint = ctx.command.get('hint') as string | Doc | undefined;
  const { matches } = selectDocuments(collection, {
    filter,
    collation,
    hint,
    env: commandEnv(ctx),
    limit: sort ? 0 : limit > 0 ? skip + limit : 0,
  });
  let docs = matches;
  if (sort) docs = [...docs].sort(sort);
  docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
  return findCursorReply(collection.ns, project ? docs.map(project) : docs);
};
