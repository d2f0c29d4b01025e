/**
 * `drop`: `{drop: 'c'}` → `{nIndexesWas: 1, ns: 'test.c', ok: 1}`. Since 7.0 a missing collection
 * is not an error: the reply is `{ok: 1}`.
 */
import type { Value } from '../bson/values.js';
import { int32, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const dropCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, { drop: { type: 'string' } });
  const dropped = ctx.catalog.dropCollection(ctx.db, name);
  if (!dropped) return new Map();
  return new Map<string, Value>([
    ['nIndexesWas', int32(dropped.indexes.length)],
    ['ns', dropped.ns],
  ]);
};
