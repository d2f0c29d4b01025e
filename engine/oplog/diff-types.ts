/**
 * The `$v:2` oplog diff grammar (`document_diff_serialization.h`). A serialized diff is a plain
 * `Doc`; these names and helpers keep the section letters in one place.
 *
 * Document diff: `d: {f: false}`, `u: {f: v}`, `i: {f: v}`, then `s<f>: <sub-diff>` entries.
 * Array diff:    `a: true` first, then optional `l: <int32 length>`, then `u<idx>` / `s<idx>`
 *                in ascending numeric index order.
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';

export const DIFF_ARRAY_HEADER = 'a';
export const DIFF_DELETE = 'd';
export const DIFF_UPDATE = 'u';
export const DIFF_INSERT = 'i';
export const DIFF_RESIZE = 'l';
export const DIFF_SUB_PREFIX = 's';

/** A serialized document or array diff. */
export type OplogDiff = Doc;

/** An array diff starts with `a: true`; anything else is a document diff. */
export function isArrayDiff(diff: Doc): boolean {
  const first = diff.keys().next();
  return !first.done && first.value === DIFF_ARRAY_HEADER;
}

/** The `o` field of a delta entry: `{$v: 2, diff}` with `$v` first (`makeDeltaOplogEntry`). */
export function makeDeltaOplogEntry(diff: OplogDiff): Doc {
  return new Map<string, Value>([
    ['$v', new Int32(2)],
    ['diff', diff],
  ]);
}
