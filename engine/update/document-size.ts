/**
 * The two size limits an updated or upserted document meets, in the server's order:
 * - building the new BSON object (`mutablebson::Document::getObject`) fails past the internal
 *   maximum, 16 MiB + 16 KiB (`BSONObj::_assertInvalid`, code 10334 BSONObjectTooLarge);
 * - then the user limit of 16 MiB: 17419 for an update's result (`UpdateStage`), 17420 for an
 *   upsert's document (`UpsertStage::produceDocumentForUpsert`).
 * A document of exactly 16 MiB is accepted.
 */
import { renderElement } from '../bson/render.js';
import { bsonSize } from '../bson/size.js';
import { sizeFromPrevious } from '../bson/size-delta.js';
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';

export const MAX_USER_DOC_SIZE = 16 * 1024 * 1024;
export const MAX_INTERNAL_DOC_SIZE = MAX_USER_DOC_SIZE + 16 * 1024;

function checkBuildable(doc: Doc, size: number): void {
  if (size <= MAX_INTERNAL_DOC_SIZE) return;
  const first = doc.entries().next();
  const firstText = first.done === true ? '' : ` First element: ${renderElement(first.value[0], first.value[1])}`;
  throw fail(
    10334,
    `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and ${MAX_INTERNAL_DOC_SIZE}(16MB)${firstText}`,
  );
}

/** An update's new document (17419 past 16 MiB); `size` when already known (size-delta.ts). */
export function checkUpdatedDocumentSize(doc: Doc, size: number = bsonSize(doc)): Doc {
  checkBuildable(doc, size);
  if (size > MAX_USER_DOC_SIZE)
    throw fail(17419, `Resulting document after update is larger than ${MAX_USER_DOC_SIZE}`);
  return doc;
}

/** An upsert's document (17420 past 16 MiB). */
export function checkUpsertDocumentSize(doc: Doc): Doc {
  const size = bsonSize(doc);
  checkBuildable(doc, size);
  if (size > MAX_USER_DOC_SIZE) throw fail(17420, `Document to upsert is larger than ${MAX_USER_DOC_SIZE}`);
  return doc;
}

/**
 * The BSON size of an update's result: from the stored document's known size and what changed
 * when the caller gave it (`ApplyParams.originalSize`), else a full walk.
 */
export function updatedDocumentSize(original: Doc, originalSize: number | undefined, next: Doc): number {
  return originalSize === undefined ? bsonSize(next) : sizeFromPrevious(original, originalSize, next);
}
