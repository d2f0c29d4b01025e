/** `dropDatabase`: `{dropDatabase: 1}` → `{dropped: 'test', ok: 1}` (just `{ok: 1}` when absent). */
import type { Value } from '../bson/values.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const dropDatabaseCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, { dropDatabase: { type: 'any' } });
  const existed = ctx.catalog.dropDatabase(ctx.db);
  return existed ? new Map<string, Value>([['dropped', ctx.db]]) : new Map();
};
