/**
 * The three document writes every command goes through: validation, storage (with `_id` and
 * unique-index rules) and the oplog entry, in that order, so a failing write changes nothing.
 *
 *   insertDocument(catalog, coll, doc)                      → oplog {op: 'i', o: doc, o2: {_id}}
 *   replaceDocument(catalog, coll, old, next, …, oplogO)    → oplog {op: 'u', o: oplogO ?? next, o2: {_id}}
 *   deleteDocument(catalog, coll, doc)                      → oplog {op: 'd', o: {_id}}
 */
import { elementSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { Catalog } from './catalog.js';
import type { Collection } from './collection.js';
import type { DeferredDoc } from './oplog-records.js';
import { withIdFirst } from './id-field.js';
import { validateDocument } from './validation.js';

export interface WriteOptions {
  /** `bypassDocumentValidation: true`. */
  readonly bypassDocumentValidation?: boolean | undefined;
}

export interface InsertOptions extends WriteOptions {
  /** The BSON size of `doc` as given, when the caller measured it (kept for updates' deltas). */
  readonly size?: number | undefined;
}

/** Writes to `local` (the oplog) are refused: it is read-only in the playground. */
export function checkWritable(collection: Collection): void {
  if (collection.isOplog) throw fail(20, `Cannot write to '${collection.ns}': the oplog is read-only`);
}

function idDoc(doc: Doc): Doc {
  return new Map<string, Value>([['_id', doc.get('_id')!]]);
}

/** The size of `withId` from the size of `doc` (moving `_id` first keeps it; a generated one adds its element). */
function sizeWithId(doc: Doc, withId: Doc, size: number | undefined): number | undefined {
  if (size === undefined || withId === doc) return size;
  return withId.size === doc.size ? size : size + elementSize('_id', withId.get('_id')!);
}

/** Validates, stores and logs a new document. Returns the stored document (`_id` first). */
export function insertDocument(catalog: Catalog, collection: Collection, doc: Doc, options: InsertOptions = {}): Doc {
  checkWritable(collection);
  const withId = withIdFirst(doc, catalog.newObjectId);
  validateDocument(catalog, collection, withId, { bypass: options.bypassDocumentValidation });
  const stored = collection.insert(withId, undefined, sizeWithId(doc, withId, options.size));
  catalog.oplog.append({ op: 'i', ns: collection.ns, ui: collection.uuid, o: stored, o2Id: stored.get('_id') });
  return stored;
}

/**
 * Validates, stores (in place) and logs a new version of a stored document. `oplogO` is the
 * oplog `o` (a `{$v: 2, diff}` document or its builder, from the update executor; default: the new
 * document); `rid`, `modifiedPaths` and `size` are what the scan and the executor already know
 * (`Collection.replace`). Arguments rather than an options object: an `updateMany` calls this once
 * per document.
 */
export function replaceDocument(
  catalog: Catalog,
  collection: Collection,
  oldDoc: Doc,
  newDoc: Doc,
  bypassDocumentValidation?: boolean,
  oplogO?: Doc | DeferredDoc,
  rid?: number,
  modifiedPaths?: readonly string[],
  size?: number,
): Doc {
  checkWritable(collection);
  // Without a validator there is nothing to check (`validateDocument` returns at once).
  if (collection.validator !== undefined) {
    validateDocument(
      catalog,
      collection,
      newDoc.has('_id') ? newDoc : withIdFirst(new Map([['_id', oldDoc.get('_id')!], ...newDoc])),
      { oldDoc, bypass: bypassDocumentValidation },
    );
  }
  const stored = collection.replace(oldDoc, newDoc, rid, modifiedPaths, size);
  catalog.oplog.appendUpdate(collection.ns, collection.uuid, oplogO ?? stored, stored.get('_id'), stored);
  return stored;
}

/** Removes and logs a stored document. */
export function deleteDocument(catalog: Catalog, collection: Collection, doc: Doc): void {
  checkWritable(collection);
  if (collection.remove(doc)) {
    catalog.oplog.append({ op: 'd', ns: collection.ns, ui: collection.uuid, o: idDoc(doc) });
  }
}
