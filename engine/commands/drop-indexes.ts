/**
 * `dropIndexes`: `{dropIndexes: 'c', index: 'a_1' | {a: 1} | ['a_1', 'b_1'] | '*'}`
 *   → `{nIndexesWas: 3, ok: 1}`.
 * Errors: 27 "index not found with name [x]", 27 "can't find index with key: { a: 1 }",
 * 72 "cannot drop _id index", 26 "ns not found test.c".
 */
import { renderDoc } from '../bson/render.js';
import { isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { int32, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields, wrongTypeError } from './fields.js';

export const dropIndexesCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    [ctx.name]: { type: 'string' },
    index: { type: ['string', 'object', 'array'], required: true },
  });
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (!collection) throw fail(26, `ns not found ${ctx.db}.${name}`);
  const before = collection.indexes.length;
  const index = ctx.command.get('index')!;
  let names: string[];
  if (index === '*') {
    names = collection.indexes.slice(1).map((i) => i.name);
  } else if (typeof index === 'string') {
    names = [index];
  } else if (isDoc(index)) {
    const found = collection.findIndex(index);
    if (!found) throw fail(27, `can't find index with key: ${renderDoc(index)}`);
    names = [found.name];
  } else {
    const list = index as Value[];
    names = list.map((n) => {
      if (typeof n !== 'string') throw wrongTypeError(`${ctx.name}.index`, n, 'string');
      return n;
    });
    for (const n of names) {
      if (n === '_id_') throw fail(72, 'cannot drop _id index');
      if (!collection.findIndex(n)) throw fail(27, `index not found with name [${n}]`);
    }
  }
  for (const n of names) {
    collection.dropIndex(n);
    ctx.catalog.oplog.append({
      op: 'c',
      ns: `${ctx.db}.$cmd`,
      ui: collection.uuid,
      o: new Map<string, Value>([
        ['dropIndexes', name],
        ['index', n],
      ]),
    });
  }
  return new Map<string, Value>([['nIndexesWas', int32(before)]]);
};
