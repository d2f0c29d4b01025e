/**
 * The catalog's view of a collation: the full collation document (as listCollections/listIndexes
 * and duplicate-key messages show it) plus the comparator. `null` everywhere means "simple".
 * All collation parsing is helper B's (engine/collation); this file only adapts it.
 */
import {
  resolveCollation as resolveCollationSpec,
  sameCollation as sameCollationSpec,
  type ResolvedCollation,
} from '../collation/index.js';
import type { Value } from '../bson/values.js';

/** `{spec, doc, collator}`: `doc` is the normalised document, e.g. `{locale: 'en', caseLevel: false, ..., version: '57.1'}`. */
export type CollationInfo = ResolvedCollation;

/**
 * Parses a `collation` option. Returns null for the simple collation (absent or
 * `{locale: 'simple'}`). Throws the server's errors; `field` names the option in type errors.
 */
export function resolveCollation(spec: Value | undefined, field = 'collation'): CollationInfo | null {
  return resolveCollationSpec(spec, field);
}

/** Whether two (possibly simple) collations are the same. */
export function sameCollation(a: CollationInfo | null, b: CollationInfo | null): boolean {
  return sameCollationSpec(a?.spec ?? null, b?.spec ?? null);
}
