/**
 * `count`: `{count: 'c', query, limit, skip, hint, collation}` → `{n: 3, ok: 1}`.
 * A negative `limit` counts like its absolute value (the server's count does the same).
 */
import type { Doc, Value } from '../bson/values.js';
import { selectDocuments } from '../catalog/select.js';
import { fail } from '../errors.js';
import { commandEnv, effectiveCollation, int32, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields, numberArg } from './fields.js';

export const countCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    count: { type: 'string' },
    query: { type: 'object' },
    limit: { type: 'number' },
    skip: { type: 'number' },
    hint: { type: ['string', 'object'] },
    collation: { type: 'object' },
    fields: { type: 'object' },
    rawData: { type: 'bool' },
  });
  const skip = numberArg(ctx.command.get('skip')) ?? 0;
  if (skip < 0)
    throw fail(51024, `BSON field 'skip' value must be >= 0, actual value '${String(ctx.command.get('skip'))}'`);
  const limit = Math.abs(numberArg(ctx.command.get('limit')) ?? 0);
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (!collection) return new Map<string, Value>([['n', int32(0)]]);
  const { matches } = selectDocuments(collection, {
    filter: (ctx.command.get('query') as Doc | undefined) ?? new Map(),
    collation: effectiveCollation(collection, ctx.command.get('collation')),
    hint: ctx.command.get('hint') as string | Doc | undefined,
    env: commandEnv(ctx),
    query: { collation: ctx.command.get('collation') as Doc | undefined },
  });
  let n = Math.max(0, matches.length - Math.trunc(skip));
  if (limit > 0) n = Math.min(n, Math.trunc(limit));
  return new Map<string, Value>([['n', int32(n)]]);
};
