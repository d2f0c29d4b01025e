/**
 * The `_id` rules every stored document obeys (server: `storage_validation.cpp` storageValidIdField
 * and `ensureIdFieldIsFirst`): `_id` exists (an ObjectId is generated when missing), comes first,
 * and is not an array, a regex or undefined.
 */
import { ObjectId } from 'bson';
import { fail } from '../errors.js';
import { firstName } from '../bson/shaped-doc.js';
import { codeScopeDoc, isArray, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import type { Code } from 'bson';

/**
 * `BSONObj::storageValidEmbedded` (bsonobj.cpp): the first `$`-prefixed field name it refuses
 * inside `container`, walking every embedded document, array and code scope. Only a DBRef passes:
 * a first field `$ref` holding a string, directly followed by `$id` (its value is not walked), then
 * optionally `$db` holding a string. Any other `$` name, anywhere, is refused.
 */
export function refusedEmbeddedName(container: Doc | readonly Value[]): string | undefined {
  const entries: [string, Value][] = isArray(container as Value)
    ? (container as readonly Value[]).map((v, i) => [String(i), v])
    : [...(container as Doc)];
  let first = true;
  for (let i = 0; i < entries.length; i++) {
    let [name, value] = entries[i]!;
    if (name.startsWith('$')) {
      if (first && name === '$ref' && typeof value === 'string' && entries[i + 1]?.[0] === '$id') {
        first = false;
        i += 2;
        const next = entries[i];
        if (next === undefined) return undefined;
        [name, value] = next;
        if (name === '$db' && typeof value === 'string') continue;
        if (name.startsWith('$')) return name;
      } else {
        return name;
      }
    }
    const inner = isDoc(value) || isArray(value) ? value : typeOf(value) === 'javascriptWithScope' ? codeScopeDoc(value as Code) : undefined;
    if (inner !== undefined) {
      const refused = refusedEmbeddedName(inner);
      if (refused !== undefined) return refused;
    }
    first = false;
  }
  return undefined;
}

/**
 * `storage_validation::storageValidIdField`, which `fixDocumentForInsert` runs on the `_id` of
 * every inserted document: code 53 for an array, regex or undefined `_id`, 52 for a `$`-prefixed
 * name anywhere inside an `_id` document that is not part of a DBRef (`refusedEmbeddedName`).
 */
export function checkInsertedIdValue(id: Value): void {
  checkIdValue(id);
  if (isDoc(id)) {
    const refused = refusedEmbeddedName(id);
    if (refused !== undefined) {
      throw fail(52, `_id fields may not contain '$'-prefixed fields: ${refused} is not valid for storage.`);
    }
  }
}

/**
 * The `_id` check every stored document gets here (updates and upserts have already run their own
 * storage validation): code 53 for an array, regex or undefined `_id`, 52 for a `$`-prefixed
 * field directly inside an `_id` document other than `$ref`, `$id` and `$db`.
 */
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
  if (id !== undefined) {
    checkIdValue(id);
    if (firstName(doc) === '_id') return doc;
  }
  const out: Doc = new Map();
  out.set('_id', id === undefined ? generate() : id);
  // `forEach`, not an entry iterator: no iterator or entry array per field.
  doc.forEach(copyFieldOtherThanId, out);
  return out;
}

function copyFieldOtherThanId(this: Doc, v: Value, k: string): void {
  if (k !== '_id') this.set(k, v);
}
