/**
 * `delete`: `{delete: 'c', deletes: [{q, limit: 0 | 1, collation, hint}], ordered, let}`
 *   → `{n: 2, ok: 1}` (with `writeErrors` like insert when a statement fails).
 * `limit: 1` removes the first match in plan order (natural order for a collection scan);
 * `limit: 0` removes every match. Each removal writes an oplog `d` entry.
 */
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { compileFilter } from '../catalog/filter.js';
import { selectDocuments } from '../catalog/select.js';
import { checkWritable, deleteDocument } from '../catalog/writes.js';
import { fail } from '../errors.js';
import { commandEnv, effectiveCollation, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields, numberArg, wrongTypeError } from './fields.js';
import { checkStatementIds, checkWriteBatchSize, runWriteBatch } from './write-batch.js';

export const deleteCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    delete: { type: 'string' },
    deletes: { type: 'array', required: true },
    ordered: { type: 'bool' },
    let: { type: 'object' },
    bypassDocumentValidation: { type: 'safeBool' },
    stmtIds: { type: 'array' },
  });
  const statements = ctx.command.get('deletes') as Value[];
  statements.forEach((s, i) => {
    if (!isDoc(s)) throw wrongTypeError(`${ctx.name}.deletes.${i}`, s, 'object');
    checkFields(
      `${ctx.name}.deletes`,
      s,
      {
        q: { type: 'object', required: true },
        limit: { type: 'number', required: true },
        collation: { type: 'object' },
        hint: { type: ['string', 'object'] },
      },
      { generic: false },
    );
    const limit = numberArg(s.get('limit'));
    if (limit !== 0 && limit !== 1) {
      throw fail(9, `The limit field in delete objects must be 0 or 1. Got ${String(s.get('limit'))}`);
    }
  });
  checkWriteBatchSize(statements.length);
  checkStatementIds(ctx.command, statements.length);
  const ordered = boolArg(ctx.command.get('ordered'), true);
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (collection) checkWritable(collection);
  const env = commandEnv(ctx);
  return runWriteBatch(statements.length, ordered, (i, wrote) => {
    const s = statements[i] as Doc;
    const collation = effectiveCollation(collection, s.get('collation'));
    if (!collection) {
      // Still parse the filter so malformed queries fail even on a missing collection.
      compileFilter(s.get('q') as Doc, collation?.collator ?? null, { env, optimizeExpr: true });
      return;
    }
    const { matches } = selectDocuments(collection, {
      filter: s.get('q') as Doc,
      collation,
      hint: s.get('hint') as string | Doc | undefined,
      env,
      limit: numberArg(s.get('limit')) === 1 ? 1 : 0,
      query: { collation: s.get('collation') as Doc | undefined },
    });
    for (const doc of matches) {
      deleteDocument(ctx.catalog, collection, doc);
      wrote();
    }
  });
};
