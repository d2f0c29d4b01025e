/**
 * `$push`'s `$sort` (`PatternElementCmp`): `1`/`-1` orders whole elements; `{f: ±1, ...}` orders
 * by the pattern fields, where a missing field (or a non-document element) counts as null.
 */
import { compareValues, type Collator } from '../../bson/compare.js';
import type { Doc, Value } from '../../bson/values.js';
import { isDoc, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { getAtPath } from '../path.js';

export interface PushSort {
  compare(a: Value, b: Value): number;
}

function direction(v: Value): number | null {
  const t = typeOf(v);
  if (t !== 'int' && t !== 'long' && t !== 'double' && t !== 'decimal') return null;
  const n = Number(typeof v === 'number' ? v : (v as { toString(): string }).toString());
  return n === 1 || n === -1 ? n : null;
}

export function parsePushSort(spec: Value, collator: Collator | null): PushSort {
  if (isDoc(spec)) {
    if (spec.size === 0) throw fail(2, 'The $sort pattern is empty when it should be a set of fields.');
    const fields: { path: string[]; dir: number }[] = [];
    for (const [name, v] of spec) {
      const dir = direction(v);
      if (dir === null) throw fail(2, 'The $sort element value must be either 1 or -1');
      if (name === '') throw fail(2, 'The $sort field cannot be empty');
      const path = name.split('.');
      if (path.some((p) => p === '')) throw fail(2, `The $sort field is a dotted field but has an empty part: ${name}`);
      fields.push({ path, dir });
    }
    const key = (v: Value, path: string[]): Value => (isDoc(v) ? (getAtPath(v as Doc, path) ?? null) : null);
    return {
      compare(a, b) {
        for (const f of fields) {
          const c = compareValues(key(a, f.path), key(b, f.path), collator);
          if (c !== 0) return c * f.dir;
        }
        return 0;
      },
    };
  }
  const dir = direction(spec);
  if (typeOf(spec) === 'int' || typeOf(spec) === 'long' || typeOf(spec) === 'double' || typeOf(spec) === 'decimal') {
    if (dir === null) throw fail(2, 'The $sort element value must be either 1 or -1');
    return { compare: (a, b) => compareValues(a, b, collator) * dir };
  }
  throw fail(2, 'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields');
}
