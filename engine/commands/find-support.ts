/**
 * Sort and projection for `find`, adapted from helper B's modules when they exist.
 * Interim implementation (until engine/query's sort/projection land): dotted paths through
 * embedded documents, arrays sort by their smallest (ascending) or largest (descending) element,
 * projections are plain inclusion/exclusion of dotted paths with `_id` included by default.
 */
import { compareValues, type Collator } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { renderDoc } from '../bson/render.js';

function valueAt(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const part of path.split('.')) {
    if (!isDoc(cur)) return undefined;
    cur = cur.get(part);
  }
  return cur;
}

function sortKey(v: Value | undefined, direction: number, collator: Collator | null): Value {
  if (v === undefined) return null;
  if (isArray(v)) {
    if (v.length === 0) return v;
    const arr: readonly Value[] = v;
    let best: Value = arr[0]!;
    for (const x of arr) {
      const c = compareValues(x, best, collator);
      if (direction > 0 ? c < 0 : c > 0) best = x;
    }
    return best;
  }
  return v;
}

/** A comparator for a `sort` document. Throws the server's errors for bad values. */
export function compileSort(spec: Doc, collator: Collator | null): (a: Doc, b: Doc) => number {
  const keys: [string, number][] = [];
  for (const [path, v] of spec) {
    const n = typeof v === 'number' ? v : isDoc(v) || isArray(v) || v === null || typeof v !== 'object' ? NaN : Number(v.valueOf());
    if (n !== 1 && n !== -1) {
      throw fail(15974, `Illegal key in $sort specification: ${path}: ${renderDoc(new Map([[path, v]])).slice(2, -2).split(': ').slice(1).join(': ')}`);
    }
    keys.push([path, n]);
  }
  return (a, b) => {
    for (const [path, dir] of keys) {
      const c = compareValues(sortKey(valueAt(a, path), dir, collator), sortKey(valueAt(b, path), dir, collator), collator);
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

/** A function applying a `projection` document. */
export function compileProjection(spec: Doc): (doc: Doc) => Doc {
  let inclusion: boolean | undefined;
  let includeId = true;
  const paths: string[] = [];
  for (const [path, v] of spec) {
    const on = v === true || (typeof v !== 'boolean' && v !== null && typeof v !== 'string' && !isDoc(v) && Number(v.valueOf()) !== 0);
    if (path === '_id') {
      includeId = on;
      continue;
    }
    if (inclusion === undefined) inclusion = on;
    else if (inclusion !== on) {
      throw fail(
        31254,
        on ? `Cannot do inclusion on field ${path} in exclusion projection` : `Cannot do exclusion on field ${path} in inclusion projection`,
      );
    }
    paths.push(path);
  }
  const isInclusion = inclusion ?? !includeId;
  return (doc) => {
    if (isInclusion) {
      const out: Doc = new Map();
      for (const [k, v] of doc) {
        if (k === '_id') {
          if (includeId) out.set(k, v);
        } else if (paths.includes(k)) out.set(k, v);
      }
      return out;
    }
    const out: Doc = new Map(doc);
    for (const p of paths) out.delete(p);
    if (!includeId) out.delete('_id');
    return out;
  };
}
