/**
 * Ordering documents by a sort specification, for the 8.0 update `sort` and findAndModify `sort`
 * (which document is "first"). Follows the find sort rules: missing sorts as null; an array sorts
 * by its smallest element ascending and its largest descending; ties keep natural order.
 */
import { compareValues, type Collator } from '../bson/compare.js';
import { isArray, isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

interface SortKey {
  readonly parts: readonly string[];
  readonly direction: 1 | -1;
}

/** Parses `{a: 1, b: -1}`; bad values fail as the server's sort pattern parser does. */
export function parseSortSpec(sort: Doc): SortKey[] {
  const keys: SortKey[] = [];
  for (const [k, v] of sort) {
    if (k === '') throw fail(2, 'Sort field name cannot be empty');
    if (!isNumber(v)) {
      if (isDoc(v)) throw fail(17312, `$meta is the only expression supported by $sort right now`);
      throw fail(15974, `Illegal key in $sort specification: ${k}: ${String(v)}`);
    }
    const n = Number(typeof v === 'number' ? v : String(v));
    if (n !== 1 && n !== -1) throw fail(15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
    keys.push({ parts: k.split('.'), direction: n as 1 | -1 });
  }
  return keys;
}

/** All values at a path, flattening arrays along the way (as index keys are generated). */
function valuesAt(v: Value | undefined, parts: readonly string[], i: number, out: Value[]): void {
  if (i === parts.length) {
    if (v === undefined) return;
    if (isArray(v)) for (const x of v) out.push(x);
    else out.push(v);
    return;
  }
  if (isDoc(v)) valuesAt(v.get(parts[i]!), parts, i + 1, out);
  else if (isArray(v)) {
    const idx = /^\d+$/.test(parts[i]!) ? Number(parts[i]) : -1;
    if (idx >= 0 && idx < v.length) valuesAt(v[idx], parts, i + 1, out);
    for (const x of v) if (isDoc(x)) valuesAt(x.get(parts[i]!), parts, i + 1, out);
  }
}

function sortValue(doc: Doc, key: SortKey, collator: Collator | null): Value {
  const vals: Value[] = [];
  valuesAt(doc, key.parts, 0, vals);
  if (vals.length === 0) return null;
  let best: Value = vals[0]!;
  for (const x of vals.slice(1)) {
    const c = compareValues(x, best, collator);
    if (key.direction === 1 ? c < 0 : c > 0) best = x;
  }
  return best;
}

/** A comparator for `Array.prototype.sort` (stable, so ties keep scan order). */
export function sortComparator(sort: Doc, collator: Collator | null): (a: Doc, b: Doc) => number {
  const keys = parseSortSpec(sort);
  return (a, b) => {
    for (const key of keys) {
      const c = compareValues(sortValue(a, key, collator), sortValue(b, key, collator), collator);
      if (c !== 0) return c * key.direction;
    }
    return 0;
  };
}
