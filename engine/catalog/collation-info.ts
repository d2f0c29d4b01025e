/**
 * The catalog's view of a collation: the full collation document (as listCollections/listIndexes
 * and duplicate-key messages show it) plus the comparator. `null` everywhere means "simple".
 * All collation parsing is helper B's (engine/collation); this file only adapts it.
 */
import type { Collator } from '../bson/compare.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { renderDoc } from '../bson/render.js';

export interface CollationInfo {
  /** Normalised collation document, e.g. `{locale: 'en', caseLevel: false, ..., version: '57.1'}`. */
  readonly doc: Doc;
  readonly collator: Collator;
}

/** Parses a `collation` option. Returns null for the simple collation. Throws the server's errors. */
export function resolveCollation(spec: Value | undefined): CollationInfo | null {
  if (spec === undefined) return null;
  if (!isDoc(spec)) throw fail(14, `BSON field 'collation' is the wrong type, expected type 'object'`);
  const locale = spec.get('locale');
  if (locale === undefined) throw fail(40414, "BSON field 'locale' is missing but a required field");
  if (typeof locale !== 'string') throw fail(9, `Field 'locale' must be a string in: ${renderDoc(spec)}`);
  if (locale === 'simple') return null;
  const strength = Number(spec.get('strength') ?? 3);
  const sensitivity = strength === 1 ? 'base' : strength === 2 ? 'accent' : 'variant';
  const intl = new Intl.Collator(locale.replace(/_/g, '-'), {
    sensitivity,
    numeric: spec.get('numericOrdering') === true,
  });
  return { doc: spec, collator: { compare: (a, b) => intl.compare(a, b) } };
}

/** Whether two (possibly simple) collations are the same. */
export function sameCollation(a: CollationInfo | null, b: CollationInfo | null): boolean {
  if (a === null || b === null) return a === b;
  return renderDoc(a.doc) === renderDoc(b.doc);
}
