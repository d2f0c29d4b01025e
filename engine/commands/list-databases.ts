/**
 * `listDatabases` (run against admin): `{databases: [{name, sizeOnDisk, empty}], totalSize,
 * totalSizeMb, ok}`; `nameOnly: true` gives `{databases: [{name}], ok}`. Sizes are estimates
 * (the playground has no disk): 4096 bytes per collection and per index.
 */
import { Long } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { compileFilter } from '../catalog/filter.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields } from './fields.js';

export const listDatabasesCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    listDatabases: { type: 'any' },
    filter: { type: 'object' },
    nameOnly: { type: 'safeBool' },
    authorizedDatabases: { type: 'safeBool' },
  });
  const nameOnly = boolArg(ctx.command.get('nameOnly'), false);
  const filterDoc = ctx.command.get('filter') as Doc | undefined;
  const filter = filterDoc ? compileFilter(filterDoc, null) : null;
  const databases: Doc[] = [];
  let total = 0;
  for (const name of ctx.catalog.databaseNames()) {
    const colls = ctx.catalog.collections(name);
    const size = colls.reduce((n, c) => n + 4096 * (1 + c.indexes.length), 0);
    const entry: Doc = new Map<string, Value>([['name', name]]);
    if (!nameOnly) {
      entry.set('sizeOnDisk', Long.fromNumber(size));
      entry.set('empty', false);
    }
    if (filter && !filter.matches(entry)) continue;
    total += size;
    databases.push(entry);
  }
  const reply: Doc = new Map<string, Value>([['databases', databases]]);
  if (!nameOnly) {
    reply.set('totalSize', Long.fromNumber(total));
    reply.set('totalSizeMb', Long.fromNumber(Math.floor(total / (1024 * 1024))));
  }
  return reply;
};
