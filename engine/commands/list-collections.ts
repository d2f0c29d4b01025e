/**
 * `listCollections`: one entry per collection, as the server lists them:
 *   {name, type: 'collection', options: {...}, info: {readOnly: false, uuid}, idIndex: {v, key, name}}
 * `nameOnly: true` gives `{name, type}`. `filter` matches these entries.
 */
import type { Doc, Value } from '../bson/values.js';
import { compileFilter } from '../catalog/filter.js';
import { cursorBatchSize, listCursorReply } from './common.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields } from './fields.js';

export const listCollectionsCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    listCollections: { type: 'any' },
    filter: { type: 'object' },
    nameOnly: { type: 'safeBool' },
    authorizedCollections: { type: 'safeBool' },
    cursor: { type: 'object' },
    includePendingDrops: { type: 'safeBool' },
  });
  const nameOnly = boolArg(ctx.command.get('nameOnly'), false);
  const filterDoc = ctx.command.get('filter') as Doc | undefined;
  const filter = filterDoc ? compileFilter(filterDoc, null) : null;
  const entries: Doc[] = [];
  for (const c of ctx.catalog.collections(ctx.db)) {
    const entry: Doc = new Map<string, Value>([
      ['name', c.name],
      ['type', 'collection'],
    ]);
    if (!nameOnly) {
      entry.set('options', new Map(c.listedOptions));
      entry.set(
        'info',
        new Map<string, Value>([
          ['readOnly', false],
          ['uuid', c.uuid],
        ]),
      );
      if (!c.isOplog) entry.set('idIndex', c.idIndex.definition.spec);
    }
    if (filter && !filter.matches(entry)) continue;
    entries.push(entry);
  }
  return listCursorReply(`${ctx.db}.$cmd.listCollections`, entries, ctx, {
    batchSize: cursorBatchSize(ctx.command, ctx.name),
  });
};
