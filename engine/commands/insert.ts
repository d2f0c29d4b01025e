/**
 * `insert`: `{insert: 'c', documents: [...], ordered: true, bypassDocumentValidation: false}`
 *   → `{n: 2, ok: 1}`, or with failures `{n: 1, writeErrors: [{index, code, keyPattern, keyValue, errmsg}], ok: 1}`.
 * The collection is created on first use. `ordered: true` (default) stops at the first failing
 * document; `ordered: false` tries every document. Each document gets `_id` first (generated
 * when missing); refused `_id` values fail that document with 53.
 */
import { Timestamp } from 'bson';
import { bsonSize, MAX_BSON_SIZE, MAX_STORED_DOCUMENT_DEPTH } from '../bson/size.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { insertDocument } from '../catalog/writes.js';
import { checkWritable } from '../catalog/writes.js';
import { checkInsertedIdValue } from '../catalog/id-field.js';
import { fail } from '../errors.js';
import { nestingDepth } from '../update/storage-validation.js';
import { targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields, wrongTypeError } from './fields.js';
import { checkStatementIds, checkWriteBatchSize, runWriteBatch } from './write-batch.js';

/**
 * The server's `fixDocumentForInsert` checks, for `insert` and bulkWrite's insert: size ≤ 16 MiB
 * (code 2 "object to insert too large"), then its `validateDepth`: fields may sit at most 180
 * levels deep (top-level fields are level 1). Empty subdocuments and arrays do not count, as the
 * server never descends into them (code 15, insert's own wording). Then `storageValidIdField` on
 * `_id` (53, or 52 for a `$` name anywhere inside it outside a DBRef).
 */
export function checkInsertable(doc: Doc): number {
  const size = bsonSize(doc);
  if (size > MAX_BSON_SIZE) {
    throw fail(2, `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`);
  }
  if (nestingDepth(doc, MAX_STORED_DOCUMENT_DEPTH) > MAX_STORED_DOCUMENT_DEPTH) {
    throw fail(15, `cannot insert document because it exceeds ${MAX_STORED_DOCUMENT_DEPTH} levels of nesting`);
  }
  const id = doc.get('_id');
  if (id !== undefined) checkInsertedIdValue(id);
  return size;
}

function isZeroTimestamp(v: Value): boolean {
  return v instanceof Timestamp && v.t === 0 && v.i === 0;
}

/**
 * The rest of `fixDocumentForInsert`: every top-level field other than `_id` holding
 * `Timestamp(0, 0)` takes a fresh cluster time (`tickClusterTime(1)`, one per field in field
 * order, so before the insert's own oplog entry); embedded ones and `_id` are kept. Returns `doc`
 * itself when there is nothing to replace.
 */
export function fillEmptyTimestamps(doc: Doc, tick: () => Timestamp): Doc {
  let out: Doc | undefined;
  for (const [k, v] of doc) {
    if (k !== '_id' && isZeroTimestamp(v)) {
      out ??= new Map(doc);
      out.set(k, tick());
    }
  }
  return out ?? doc;
}

export const insertCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    insert: { type: 'string' },
    documents: { type: 'array', required: true },
    ordered: { type: 'bool' },
    bypassDocumentValidation: { type: 'safeBool' },
    let: { type: 'object' },
    stmtIds: { type: 'array' },
  });
  const documents = ctx.command.get('documents') as Value[];
  documents.forEach((d, i) => {
    if (!isDoc(d)) throw wrongTypeError(`${ctx.name}.documents.${i}`, d, 'object');
  });
  checkWriteBatchSize(documents.length);
  checkStatementIds(ctx.command, documents.length);
  const ordered = boolArg(ctx.command.get('ordered'), true);
  const bypass = boolArg(ctx.command.get('bypassDocumentValidation'), false);
  const existing = ctx.catalog.getCollection(ctx.db, name);
  if (existing) checkWritable(existing);
  else ctx.catalog.checkNamespaceWritable(ctx.db, name);
  return runWriteBatch(documents.length, ordered, (i, wrote) => {
    const size = checkInsertable(documents[i] as Doc);
    const doc = fillEmptyTimestamps(documents[i] as Doc, () => ctx.catalog.clock.nextTimestamp());
    // As `insertBatchAndHandleErrors`: the collection is created once a document passed
    // `fixDocumentForInsert`, and a failure to create it is that document's write error.
    const { collection } = ctx.catalog.ensureCollection(ctx.db, name);
    insertDocument(ctx.catalog, collection, doc, { bypassDocumentValidation: bypass, size });
    wrote();
  });
};
