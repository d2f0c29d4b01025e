/**
 * `createIndexes`: `{createIndexes: 'c', indexes: [{key: {a: 1}, name: 'a_1', unique: true}]}`
 *   → `{numIndexesBefore: 1, numIndexesAfter: 2, createdCollectionAutomatically: false, ok: 1}`
 *   → `{numIndexesBefore: 2, numIndexesAfter: 2, note: 'all indexes already exist', ok: 1}`
 * All specs are validated before any index is built; a unique build over duplicate values fails
 * with 11000 and builds nothing (like the server's all-or-nothing build).
 */
import type { Value } from '../bson/values.js';
import { parseIndexSpec } from '../catalog/index-definition.js';
import { checkWritable } from '../catalog/writes.js';
import { fail } from '../errors.js';
import { int32, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const createIndexesCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    createIndexes: { type: 'string' },
    indexes: { type: 'array', required: true },
    commitQuorum: { type: ['string', 'number', 'object'] },
    ignoreUnknownIndexOptions: { type: 'bool' },
    isTimeseriesNamespace: { type: 'bool' },
  });
  const specs = ctx.command.get('indexes') as Value[];
  if (specs.length === 0) throw fail(2, 'Must specify at least one index to create');
  const existing = ctx.catalog.getCollection(ctx.db, name);
  if (existing) checkWritable(existing);
  const definitions = specs.map((s) => parseIndexSpec(s, existing?.collation ?? null));
  const { collection, created } = ctx.catalog.ensureCollection(ctx.db, name);
  const before = collection.indexes.length;
  const built: string[] = [];
  try {
    for (const def of definitions) {
      if (collection.createIndex(def)) built.push(def.name);
    }
  } catch (e) {
    for (const n of built) collection.dropIndex(n);
    throw e;
  }
  for (const n of built) {
    const def = collection.findIndex(n)!.definition;
    const o = new Map<string, Value>([['createIndexes', name]]);
    for (const [k, v] of def.spec) o.set(k, v);
    ctx.catalog.oplog.append({ op: 'c', ns: `${ctx.db}.$cmd`, ui: collection.uuid, o });
  }
  const reply = new Map<string, Value>([
    ['numIndexesBefore', int32(before)],
    ['numIndexesAfter', int32(collection.indexes.length)],
  ]);
  if (built.length === 0) reply.set('note', 'all indexes already exist');
  else reply.set('createdCollectionAutomatically', created);
  return reply;
};
