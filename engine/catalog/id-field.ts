/**
 * The `_id` rules every stored document obeys (server: `storage_validation.cpp` storageValidIdField
 * and `ensureIdFieldIsFirst`): `_id` exists (an ObjectId is generated when missing), comes first,
 * and is not an array, a regex or undefined.
 */
import { ObjectId } from 'bson';
import { fail } from '../errors.js';
import { firstName } from '../bson/shaped-doc.js';
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';

/** Throws code 53 (or 52 for `$`-prefixed fields inside an `_id` object) for a refused `_id`. */
export function checkIdValue(id: Value): void {
  const t = typeOf(id);
  if (t === 'array' || t === 'regex' || t === 'undefined') {
    throw fail(53, `The '_id' value cannot be of type ${t}`);
  }
  if (isDoc(id)) {
    for (const k of id.keys()) {
      if (k.startsWith('$') && k !== '$ref' && k !== '$id' && k !== '$db') {
        throw fail(52, `_id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`);
      }
    }
  }
}

/** The default `_id` generator (one function, not a closure per call: replace runs per updated document). */
function newObjectId(): ObjectId {
  return new ObjectId();
}

/**
 * A copy of `doc` with `_id` first (generated as a new ObjectId when missing). Returns the input
 * itself when it already starts with a valid `_id`, so the common path allocates nothing.
 */
export function withIdFirst(doc: Doc, generate: () => ObjectId = newObjectId): Doc {
  const id = doc.get('_id');
  if (id === undefined) {
    const out: Doc = new Map([['_id', generate()]]);
    for (const [k, v] of doc) out.set(k, v);
    return out;
  }
  checkIdValue(id);
  if (firstName(doc) === '_id') return doc;
  const out: Doc = new Map([['_id', id]]);
  for (const [k, v] of doc) if (k !== '_id') out.set(k, v);
  return out;
}
