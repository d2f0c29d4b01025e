/**
 * `listIndexes`: `{cursor: {id: 0, ns: 'test.c', firstBatch: [{v: 2, key: {_id: 1}, name: '_id_'}, ...]}, ok: 1}`.
 * Missing collection → 26 "ns does not exist: test.c".
 */
import { fail } from '../errors.js';
import { cursorBatchSize, listCursorReply, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const listIndexesCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    listIndexes: { type: 'string' },
    cursor: { type: 'object' },
    includeBuildUUIDs: { type: 'safeBool' },
    includeIndexBuildInfo: { type: 'safeBool' },
  });
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (!collection) throw fail(26, `ns does not exist: ${ctx.db}.${name}`);
  return listCursorReply(
    collection.ns,
    collection.indexes.map((i) => i.definition.spec),
    ctx,
    { batchSize: cursorBatchSize(ctx.command, ctx.name) },
  );
};
