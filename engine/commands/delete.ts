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
import { fail, isEngineError } from '../errors.js';
import { commandEnv, effectiveCollation, int32, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields, numberArg, wrongTypeError } from './fields.js';
import { MAX_WRITE_BATCH } from './insert.js';
import { writeErrorEntry } from './write-errors.js';

export const deleteCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    delete: { type: 'string' },
    deletes: { type: 'array', required: true },
    ordered: { type: 'bool' },
    let: { type: 'object' },
    bypassDocumentValidation: { type: 'safeBool' },
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
  if (statements.length === 0 || statements.length > MAX_WRITE_BATCH) {
    throw fail(16, `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH}. Got ${statements.length} operations.`);
  }
  const ordered = boolArg(ctx.command.get('ordered'), true);
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (collection) checkWritable(collection);
  const env = commandEnv(ctx);
  let n = 0;
  const writeErrors: Doc[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i] as Doc;
    try {
      const collation = effectiveCollation(collection, s.get('collation'));
      if (!collection) {
        // Still parse the filter so malformed queries fail even on a missing collection.
        compileFilter(s.get('q') as Doc, collation?.collator ?? null, { env });
        continue;
      }
      const { matches } = selectDocuments(collection, {
        filter: s.get('q') as Doc,
        collation,
        hint: s.get('hint') as string | Doc | undefined,
        env,
        limit: numberArg(s.get('limit')) === 1 ? 1 : 0,
      });
      for (const doc of matches) {
        deleteDocument(ctx.catalog, collection, doc);
        n++;
      }
    } catch (e) {
      if (!isEngineError(e)) throw e;
      writeErrors.push(writeErrorEntry(i, e));
      if (ordered) break;
    }
  }
  const reply = new Map<string, Value>([['n', int32(n)]]);
  if (writeErrors.length > 0) reply.set('writeErrors', writeErrors);
  return reply;
};
