/**
 * The comparator for a collation spec. Locales that ICU collates with the root order (en, fr,
 * de, it, pt, nl, fr_CA, root, …) use the engine's Unicode Collation Algorithm on CLDR's root
 * table (./uca), where every option is the server's. Locales that tailor the root (sv, es, ja,
 * de@collation=phonebook, …) use the runtime's Intl.Collator composed per level
 * (./intl-collator.ts); `collationNote` says what that leaves approximate.
 */
import type { Collator } from '../bson/compare.js';
import type { CollationSpec } from './index.js';
import { toBcp47 } from './bcp47.js';
import { intlApproximations, makeIntlCompare } from './intl-collator.js';
import { isRootCollated, makeUcaCollator } from './uca/index.js';

/** A collator that remembers the spec it was built from. */
export interface SpecCollator extends Collator {
  readonly spec: CollationSpec;
}

const collatorCache = new Map<string, SpecCollator>();

function specKey(spec: CollationSpec): string {
  return JSON.stringify(spec);
}

/** Builds (and caches) the comparator for a spec; null (simple) gives null. */
export function makeCollator(spec: CollationSpec | null): SpecCollator | null {
  if (spec === null) return null;
  const key = specKey(spec);
  const cached = collatorCache.get(key);
  if (cached) return cached;
  let collator: SpecCollator;
  if (isRootCollated(spec.locale)) {
    const uca = makeUcaCollator(spec);
    collator = Object.freeze({ spec, compare: uca.compare, equalityKey: uca.equalityKey });
  } else {
    collator = Object.freeze({ spec, compare: makeIntlCompare(toBcp47(spec.locale), spec) });
  }
  collatorCache.set(key, collator);
  return collator;
}

/** Two specs are the same collation (null = simple). */
export function sameCollation(a: CollationSpec | null, b: CollationSpec | null): boolean {
  if (a === null || b === null) return a === b;
  return specKey(a) === specKey(b);
}

/**
 * A note for the page when this collation's comparisons are approximate, or undefined when they
 * are the server's (every root-collated locale, and tailored locales without the options
 * Intl.Collator cannot express).
 */
export function collationNote(spec: CollationSpec | null): string | undefined {
  if (spec === null || isRootCollated(spec.locale)) return undefined;
  const approximations = intlApproximations(spec);
  if (approximations.length === 0) return undefined;
  return `Collation ${spec.locale}: ${approximations.join('; ')}. The engine compares this locale with the browser's Intl.Collator, which has no such option; MongoDB's ICU may order some strings differently.`;
}
