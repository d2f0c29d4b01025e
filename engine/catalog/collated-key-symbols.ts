/**
 * An index with a collation cannot hold a Symbol: the server turns every string of a key into its
 * collation key and refuses a Symbol anywhere in the key value, nested objects and arrays included
 * (key_string.cpp `_appendBsonValue` with a string transform; collation_index_key.cpp):
 * 201 CannotBuildIndexKeys `Cannot index type Symbol with a collation. Failed to index element:
 * <name>: "<symbol>".` — `<name>` being the field (or array index) that holds the Symbol.
 * Without a collation a Symbol is indexed like any value.
 */
import { renderElement } from '../bson/render.js';
import { isArray, isDoc, typeOf, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

function findSymbol(name: string, v: Value): [string, Value] | undefined {
  if (typeOf(v) === 'symbol') return [name, v];
  if (isDoc(v)) {
    for (const [k, x] of v) {
      const found = findSymbol(k, x);
      if (found) return found;
    }
  } else if (isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = findSymbol(String(i), v[i]!);
      if (found) return found;
    }
  }
  return undefined;
}

/** Throws 85 when a key of a collated index holds a Symbol; `names` are the key fields' last path components. */
export function refuseSymbolsInCollatedKeys(keys: readonly (readonly Value[])[], names: readonly string[]): void {
  for (const key of keys) {
    for (let i = 0; i < key.length; i++) {
      const v = key[i];
      if (v === undefined || (typeof v !== 'object' && typeof v !== 'function') || v === null) continue;
      const found = findSymbol(names[i] ?? '', v);
      if (found) {
        throw fail(
          201,
          `Cannot index type Symbol with a collation. Failed to index element: ${renderElement(found[0], found[1])}.`,
        );
      }
    }
  }
}
