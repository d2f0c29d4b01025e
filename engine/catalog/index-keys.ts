/**
 * Index key generation (the server's `BtreeKeyGenerator`, simplified): one key tuple per
 * combination of the values each key-pattern path reaches, descending through arrays.
 *
 *   pattern {a: 1, b: 1}, doc {a: [1, 2], b: 'x'}  →  keys [1, 'x'], [2, 'x']
 *   pattern {'a.b': 1},   doc {a: [{b: 1}, {c: 2}]} →  keys [1], [null]
 *   pattern {a: 1},       doc {a: []}              →  key [undefined] (as the server)
 *   missing field → null (and "missing" is remembered for sparse indexes)
 * Two multikey paths in one compound index fail like the server: code 171
 * "cannot index parallel arrays [b] [a]".
 */
import { appendAll } from '../arrays.js';
import { BSON_UNDEFINED, isArray, isDoc, type Value } from '../bson/values.js';
import { renderDoc } from '../bson/render.js';
import { fail } from '../errors.js';
import { keyOf } from './keys.js';

export interface ExtractedKeys {
  /** Distinct key tuples (one value per pattern field). */
  readonly keys: readonly (readonly Value[])[];
  /** True when every pattern field was missing (sparse indexes skip such documents). */
  readonly allMissing: boolean;
  /** True when some path went through an array. */
  readonly multikey: boolean;
}

interface PathValues {
  values: Value[];
  missing: boolean;
  throughArray: boolean;
}

/**
 * `BtreeKeyGenerator::_extractNextElement`: a numeric component that addresses an array element
 * while an embedded document of that array also has a field of that name is ambiguous (16746).
 */
function checkNotAmbiguous(arr: readonly Value[], part: string): void {
  if (!arr.some((el) => isDoc(el) && el.has(part))) return;
  const asObject = new Map(arr.map((el, k) => [String(k), el] as [string, Value]));
  throw fail(
    16746,
    `Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '${part}' for array: ${renderDoc(asObject)}`,
  );
}

/** The values one dotted path reaches in a document, as index keys. */
export function valuesAtPath(root: Value, parts: readonly string[]): PathValues {
  const out: PathValues = { values: [], missing: true, throughArray: false };
  const walk = (v: Value, i: number): void => {
    if (i === parts.length) {
      out.missing = false;
      if (isArray(v)) {
        out.throughArray = true;
        if (v.length === 0) out.values.push(BSON_UNDEFINED);
        else appendAll(out.values, v);
      } else {
        out.values.push(v);
      }
      return;
    }
    const part = parts[i]!;
    if (isDoc(v)) {
      const child = v.get(part);
      if (child === undefined) out.values.push(null);
      else walk(child, i + 1);
      return;
    }
    if (isArray(v)) {
      out.throughArray = true;
      // A numeric component addresses an element; like the server we also look into the
      // embedded documents for a field of that name.
      if (/^\d+$/.test(part)) {
        const el = v[Number(part)];
        if (el !== undefined) {
          checkNotAmbiguous(v, part);
          walk(el, i + 1);
          return;
        }
      }
      let any = false;
      for (const el of v) {
        if (isDoc(el)) {
          any = true;
          walk(el, i);
        }
      }
      if (!any) out.values.push(null);
      return;
    }
    out.values.push(null);
  };
  walk(root, 0);
  if (out.values.length === 0) out.values.push(null);
  return out;
}

function dedupe(values: Value[]): Value[] {
  if (values.length < 2) return values;
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const v of values) {
    const k = keyOf(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  return out;
}

/** All key tuples of a document for a key pattern given as split paths. */
export function extractKeys(doc: Value, paths: readonly (readonly string[])[]): ExtractedKeys {
  const perField = paths.map((p) => valuesAtPath(doc, p));
  const arrays = perField.map((f, i) => (f.throughArray ? i : -1)).filter((i) => i >= 0);
  if (arrays.length > 1) {
    const [x, y] = [arrays[1]!, arrays[0]!];
    throw fail(171, `cannot index parallel arrays [${paths[x]!.join('.')}] [${paths[y]!.join('.')}]`);
  }
  let keys: Value[][] = [[]];
  for (const f of perField) {
    const next: Value[][] = [];
    for (const v of dedupe(f.values)) for (const k of keys) next.push([...k, v]);
    keys = next;
  }
  return {
    keys,
    allMissing: perField.every((f) => f.missing),
    multikey: perField.some((f) => f.throughArray),
  };
}
