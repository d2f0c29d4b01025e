/**
 * `getMore` / `killCursors`. Every cursor the engine returns is already exhausted (id 0), so
 * `getMore` always answers 43 CursorNotFound, and `killCursors` reports the ids as not found.
 */
import type { Long } from 'bson';
import { typeOf, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const getMoreCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    getMore: { type: 'long', required: true },
    collection: { type: 'string', required: true },
    batchSize: { type: 'number' },
    maxTimeMS: { type: 'number' },
    term: { type: 'long' },
    lastKnownCommittedOpTime: { type: 'object' },
    includeQueryStatsMetrics: { type: 'bool' },
  });
  const id = ctx.command.get('getMore')!;
  throw fail(43, `cursor id ${String(id)} not found`);
};

export const killCursorsCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    killCursors: { type: 'string', required: true },
    cursors: { type: 'array', required: true },
  });
  const cursors = (ctx.command.get('cursors') as Value[]).filter((c) => typeOf(c) === 'long') as Long[];
  return new Map<string, Value>([
    ['cursorsKilled', []],
    ['cursorsNotFound', cursors],
    ['cursorsAlive', []],
    ['cursorsUnknown', []],
  ]);
};
