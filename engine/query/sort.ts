/**
 * Find's `sort` option: parse the spec once, then compare documents the way the server's sort
 * key generator orders them.
 *
 * - Each key path yields one sort key per document: the smallest value it reaches for an
 *   ascending key, the largest for a descending one. Arrays at the end of the path contribute
 *   their elements (`{a: [3, 1]}` sorts as 1 ascending, 3 descending); arrays of documents are
 *   entered for dotted paths; a missing field (or one inside an array element) counts as null;
 *   an empty array sorts below null (documented "empty array is less than null or missing").
 * - Keys compare with `compareValues` under the operation's collation; ties keep input order.
 * - `{$natural: ±1}` sorts by input (insertion) order; `makeSortComparator` cannot see positions,
 *   so it ignores `$natural` keys — use `sortDocuments` for them.
 * - `{$meta: …}` sort keys (text score, search score) are not supported by the playground.
 */
import { compareValues, type Collator } from '../bson/compare.js';
import { renderElement } from '../bson/render.js';
import { splitPath, visitPath } from '../bson/path.js';
import { BSON_UNDEFINED, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

export interface SortKey {
  readonly path: string;
  readonly parts: readonly string[];
  readonly direction: 1 | -1;
}

export interface SortSpec {
  readonly keys: readonly SortKey[];
}

function numericDirection(v: Value): number {
  if (typeof v === 'number') return v;
  return Number(String(typeOf(v) === 'int' ? (v as { value: number }).value : v));
}

/** Validates a sort document (`SortPattern` parsing). An empty spec sorts nothing. */
export function parseSort(spec: Doc): SortSpec {
  const keys: SortKey[] = [];
  for (const [path, v] of spec) {
    if (path === '') throw fail(40352, 'FieldPath cannot be constructed with empty string');
    if (path === '$natural') {
      // Natural (insertion) order, forwards or backwards; the caller passes documents in it.
      if (!isNumber(v) || (numericDirection(v) !== 1 && numericDirection(v) !== -1)) {
        throw fail(15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
      }
      keys.push({ path, parts: [], direction: numericDirection(v) as 1 | -1 });
      continue;
    }
    if (path.startsWith('$')) {
      throw fail(16410, "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
    }
    if (path.endsWith('.') || path.includes('..')) throw fail(15998, 'FieldPath field names may not be empty strings.');
    if (isDoc(v)) {
      if (v.has('$meta')) {
        throw fail(
          2,
          `$meta sort (${renderElement(path, v)}) is not supported in the Upsert Lab playground: there are no text or search scores`,
        );
      }
      throw fail(17312, '$meta is the only expression supported by $sort right now');
    }
    if (!isNumber(v)) throw fail(15974, `Illegal key in $sort specification: ${renderElement(path, v)}`);
    const n = numericDirection(v);
    if (n !== 1 && n !== -1) throw fail(15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
    keys.push({ path, parts: splitPath(path), direction: n });
  }
  return { keys };
}

/** Marker for "an empty array is at the path": sorts below null, like BSON undefined does. */
const EMPTY_ARRAY_KEY: Value = BSON_UNDEFINED;

/** The single value a document sorts by for one key. */
export function sortKeyOf(doc: Doc, key: SortKey, collator: Collator | null): Value {
  let best: Value | undefined;
  const consider = (v: Value): void => {
    if (best === undefined) {
      best = v;
      return;
    }
    const c = compareValues(v, best, collator);
    if (key.direction === 1 ? c < 0 : c > 0) best = v;
  };
  visitPath(doc, key.parts, { expandLeafArray: false }, (v) => {
    if (v === undefined) consider(null);
    else if (Array.isArray(v)) {
      if (v.length === 0) consider(EMPTY_ARRAY_KEY);
      else for (const e of v) consider(e);
    } else consider(v);
    return false;
  });
  return best === undefined ? null : best;
}

/** A comparator for `Array.prototype.sort` (stable, so ties keep input order). */
export function makeSortComparator(spec: SortSpec, collator: Collator | null): (a: Doc, b: Doc) => number {
  const keys = spec.keys;
  return (a, b) => {
    for (const key of keys) {
      if (key.path === '$natural') continue; // input order: ties keep it (stable sort)
      const c = compareValues(sortKeyOf(a, key, collator), sortKeyOf(b, key, collator), collator);
      if (c !== 0) return key.direction === 1 ? c : -c;
    }
    return 0;
  };
}

/** Sorts documents (a new array); computes each document's keys once. */
export function sortDocuments(docs: readonly Doc[], spec: SortSpec, collator: Collator | null): Doc[] {
  if (spec.keys.length === 0) return [...docs];
  const decorated = docs.map((doc, i) => ({
    doc,
    i,
    keys: spec.keys.map((k) => (k.path === '$natural' ? null : sortKeyOf(doc, k, collator))),
  }));
  decorated.sort((x, y) => {
    for (let k = 0; k < spec.keys.length; k++) {
      const c = spec.keys[k]!.path === '$natural' ? x.i - y.i : compareValues(x.keys[k]!, y.keys[k]!, collator);
      if (c !== 0) return spec.keys[k]!.direction === 1 ? c : -c;
    }
    return x.i - y.i;
  });
  return decorated.map((d) => d.doc);
}
