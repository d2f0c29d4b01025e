/**
 * `getMore` / `killCursors` over the cursors `batchSize` left open.
 *   {getMore: Long(id), collection: 'c', batchSize: 2} → {cursor: {nextBatch: [...], id, ns}, ok: 1}
 * The cursor closes (id 0) with its last batch. Unknown id → 43 "cursor id 5 not found"; a
 * cursor of another collection → 13 as the server answers.
 */
import { Long } from 'bson';
import { typeOf, type Value } from '../bson/values.js';
import { changeStreamGetMore } from '../changestream/commands.js';
import { fail } from '../errors.js';
import type { CommandHandler } from './context.js';
import { checkFields, numberArg } from './fields.js';

function cursorId(v: Value): Long {
  if (typeOf(v) === 'long') return v as Long;
  return Long.fromNumber(numberArg(v) ?? 0);
}

export const getMoreCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    getMore: { type: ['long', 'int'], required: true },
    collection: { type: 'string', required: true },
    batchSize: { type: 'number' },
    maxTimeMS: { type: 'number' },
    term: { type: 'long' },
    lastKnownCommittedOpTime: { type: 'object' },
    includeQueryStatsMetrics: { type: 'bool' },
  });
  const id = cursorId(ctx.command.get('getMore')!);
  // Change stream cursors produce the events written since their last batch.
  const events = changeStreamGetMore(ctx, id, numberArg(ctx.command.get('batchSize')));
  if (events) return events;
  const cursor = ctx.catalog.cursors.get(id);
  if (!cursor) throw fail(43, `cursor id ${id.toString()} not found`);
  const ns = `${ctx.db}.${ctx.command.get('collection') as string}`;
  if (cursor.ns !== ns) {
    throw fail(13, `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`);
  }
  const requested = numberArg(ctx.command.get('batchSize'));
  if (requested !== undefined && requested < 0) {
    throw fail(
      51024,
      `BSON field 'batchSize' value must be >= 0, actual value '${String(ctx.command.get('batchSize'))}'`,
    );
  }
  const size = requested === undefined || requested === 0 ? cursor.docs.length : Math.trunc(requested);
  const batch = cursor.docs.slice(cursor.position, cursor.position + size);
  cursor.position += batch.length;
  const exhausted = cursor.position >= cursor.docs.length;
  if (exhausted) ctx.catalog.cursors.kill(id);
  return new Map<string, Value>([
    [
      'cursor',
      new Map<string, Value>([
        ['nextBatch', batch],
        ['id', exhausted ? Long.fromNumber(0) : id],
        ['ns', cursor.ns],
      ]),
    ],
  ]);
};

export const killCursorsCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    killCursors: { type: 'string', required: true },
    cursors: { type: 'array', required: true },
  });
  const killed: Value[] = [];
  const notFound: Value[] = [];
  for (const c of ctx.command.get('cursors') as Value[]) {
    const id = cursorId(c);
    if (ctx.catalog.cursors.kill(id)) killed.push(id);
    else notFound.push(id);
  }
  return new Map<string, Value>([
    ['cursorsKilled', killed],
    ['cursorsNotFound', notFound],
    ['cursorsAlive', []],
    ['cursorsUnknown', []],
  ]);
};
