/**
 * Replays a `$v:2` diff onto a pre-image (`document_diff_applier.cpp`). Returns a new document;
 * the input is never mutated.
 *
 * Document diff: fields are walked in pre-image order; `d` drops a field, `u` replaces it in
 * place, a field listed in `i` is dropped here and re-appended, `s<f>` applies a sub-diff. Then the
 * `u` fields that did not exist are appended, then every `i` field, each in section order.
 * Array diff: elements before the resize point `l` are kept or modified (`u<idx>` replaces,
 * `s<idx>` applies a sub-diff); then entries past the end are appended, padding gaps with null,
 * and the array is padded with null up to `l`.
 */
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { cloneValue } from '../update/path.js';
import { fail } from '../errors.js';
import { isArrayDiff } from './diff-types.js';

/** Applies a diff (the `diff` field of an `o: {$v: 2, diff}` entry) to `pre`. */
export function applyOplogDiff(pre: Doc, diff: Doc): Doc {
  return applyDocDiff(pre, diff);
}

function asDoc(v: Value | undefined, section: string): Doc {
  if (v === undefined) return new Map();
  if (!isDoc(v)) throw fail(4770507, `Expected sub-diff in field '${section}' to have type object`);
  return v;
}

function applyDocDiff(pre: Doc, diff: Doc): Doc {
  const deletes = new Set<string>();
  let updates: Doc = new Map();
  let inserts: Doc = new Map();
  const subs = new Map<string, Doc>();
  for (const [key, v] of diff) {
    if (key === 'd') for (const f of asDoc(v, key).keys()) deletes.add(f);
    else if (key === 'u') updates = asDoc(v, key);
    else if (key === 'i') inserts = asDoc(v, key);
    else if (key.startsWith('s') && key.length > 1) subs.set(key.slice(1), asDoc(v, key));
    else if (key !== 'b') throw fail(4770503, `Unexpected section: ${key} in document diff`);
  }

  const out: Doc = new Map();
  const seen = new Set<string>();
  for (const [f, v] of pre) {
    seen.add(f);
    if (deletes.has(f) || inserts.has(f)) continue;
    const u = updates.get(f);
    if (u !== undefined) {
      out.set(f, cloneValue(u));
      continue;
    }
    const sub = subs.get(f);
    if (sub !== undefined) {
      if (isArrayDiff(sub)) out.set(f, isArray(v) ? applyArrayDiff(v, sub) : cloneValue(v));
      else out.set(f, isDoc(v) ? applyDocDiff(v, sub) : cloneValue(v));
      continue;
    }
    out.set(f, cloneValue(v));
  }
  for (const [f, v] of updates) if (!seen.has(f)) out.set(f, cloneValue(v));
  for (const [f, v] of inserts) {
    out.delete(f);
    out.set(f, cloneValue(v));
  }
  return out;
}

type ArrayEntry = { kind: 'u'; value: Value } | { kind: 's'; diff: Doc };

function applyArrayDiff(pre: Value[], diff: Doc): Value[] {
  let resize: number | null = null;
  const entries = new Map<number, ArrayEntry>();
  for (const [key, v] of diff) {
    if (key === 'a') continue;
    if (key === 'l') {
      resize = Number(typeof v === 'number' ? v : (v as { valueOf(): number }).valueOf());
      continue;
    }
    const idx = Number(key.slice(1));
    if (!Number.isInteger(idx) || idx < 0) throw fail(4770505, `Unexpected section: ${key} in array diff`);
    if (key[0] === 'u') entries.set(idx, { kind: 'u', value: v });
    else if (key[0] === 's') entries.set(idx, { kind: 's', diff: asDoc(v, key) });
    else throw fail(4770505, `Unexpected section: ${key} in array diff`);
  }

  const out: Value[] = [];
  const keep = resize === null ? pre.length : Math.min(resize, pre.length);
  for (let idx = 0; idx < keep; idx++) {
    const e = entries.get(idx);
    const v = pre[idx]!;
    if (e === undefined) out.push(cloneValue(v));
    else if (e.kind === 'u') out.push(cloneValue(e.value));
    else if (isArrayDiff(e.diff)) out.push(isArray(v) ? applyArrayDiff(v, e.diff) : cloneValue(v));
    else out.push(isDoc(v) ? applyDocDiff(v, e.diff) : cloneValue(v));
  }
  const tail = [...entries.keys()].filter((i) => i >= keep).sort((x, y) => x - y);
  for (const idx of tail) {
    while (out.length < idx) out.push(null);
    const e = entries.get(idx)!;
    out.push(e.kind === 'u' ? cloneValue(e.value) : null);
  }
  if (resize !== null) while (out.length < resize) out.push(null);
  return out;
}
