/**
 * Document validation (collection `validator`, `validationLevel`, `validationAction`), as the
 * server's `CollectionImpl::checkValidation` does it:
 * - level 'off', or `bypassDocumentValidation: true` → no check;
 * - level 'moderate' → an update of a document that already failed the validator is not checked;
 * - action 'error' → code 121 "Document failed validation" with
 *   `errInfo: {failingDocumentId, details}`; action 'warn' → the write goes ahead and a warning is
 *   recorded in the recent-operations log (the server writes it to its log).
 * `errInfo` is generated as doc_validation_error.cpp does (./validation-error/).
 */
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';
import type { Catalog } from './catalog.js';
import type { Collection } from './collection.js';
import type { Collator } from '../bson/compare.js';
import { compileFilter, type DocumentFilter } from './filter.js';
import { validationErrInfo } from './validation-error/index.js';

export interface ValidateOptions {
  /** The document before the update (absent for inserts); used by validationLevel 'moderate'. */
  readonly oldDoc?: Doc | undefined;
  readonly bypass?: boolean | undefined;
}

/** Compiled validators, per validator document (collMod swaps the document, so entries go stale). */
const compiled = new WeakMap<Doc, { collator: Collator | null; filter: DocumentFilter }>();

function compiledValidator(validator: Doc, collator: Collator | null): DocumentFilter {
  const hit = compiled.get(validator);
  if (hit && hit.collator === collator) return hit.filter;
  const filter = compileFilter(validator, collator);
  compiled.set(validator, { collator, filter });
  return filter;
}

/**
 * Whether `doc` satisfies the collection's validator (true when there is none). A validator that
 * throws while matching (an `$expr` dividing by zero) does not pass: the server catches the error
 * and reports the document as failing validation (`CollectionImpl::checkValidation`).
 */
export function passesValidator(collection: Collection, doc: Doc): boolean {
  const validator = collection.validator;
  if (!validator || validator.size === 0) return true;
  try {
    return compiledValidator(validator, collection.collator).matches(doc);
  } catch {
    return false;
  }
}

/** Throws 121 (or logs a warning) when `newDoc` fails the collection's validator. */
export function validateDocument(
  catalog: Catalog,
  collection: Collection,
  newDoc: Doc,
  options: ValidateOptions = {},
): void {
  const validator = collection.validator;
  if (!validator || validator.size === 0 || options.bypass || collection.validationLevel === 'off') return;
  if (passesValidator(collection, newDoc)) return;
  if (collection.validationLevel === 'moderate' && options.oldDoc && !passesValidator(collection, options.oldDoc)) {
    return;
  }
  const errInfo: Doc = validationErrInfo(validator, newDoc, collection.collator);
  if (collection.validationAction === 'warn') {
    catalog.recentOperations.record({
      kind: 'warning',
      command: 'validation',
      ns: collection.ns,
      time: catalog.clock.now(),
      message: 'Document would fail validation',
      details: errInfo,
    });
    return;
  }
  throw fail(121, 'Document failed validation', new Map([['errInfo', errInfo]]));
}
