/**
 * The Unicode Collation Algorithm on the CLDR root table with ICU's attributes: the collator
 * the server's ICU builds for the root locale and for every locale whose standard collation
 * does not tailor the root order (en, fr, de, it, pt, nl, …). `isRootCollated` tells which.
 */
import { compareSortKeys, sortKey, type SortKey, type UcaOptions } from './sort-key.js';
import { TAILORED_LOCALES } from './root-data.js';

export type { UcaOptions } from './sort-key.js';

const tailored = new Set(TAILORED_LOCALES);

/**
 * True when ICU collates the locale (an ICU id: `fr_CA`, `de@collation=phonebook`) with the
 * root order: no collation keyword other than "standard", and neither the locale nor one of
 * its parents (`sr_Latn_RS` → `sr_Latn` → `sr`) tailors the root.
 */
export function isRootCollated(locale: string): boolean {
  const [base = '', keywords] = locale.split('@', 2);
  if (keywords !== undefined && keywords !== 'collation=standard') return false;
  if (base === 'root') return true;
  const parts = base.split('_');
  for (let n = parts.length; n > 0; n--) {
    if (tailored.has(parts.slice(0, n).join('_'))) return false;
  }
  return true;
}

/** Sort keys are cached per collator: sorting compares each string many times. */
const KEY_CACHE_LIMIT = 50000;

export interface UcaCollator {
  compare(a: string, b: string): number;
  /** A string that is equal for two inputs exactly when `compare` returns 0. */
  equalityKey(s: string): string;
}

export function makeUcaCollator(options: UcaOptions): UcaCollator {
  const cache = new Map<string, SortKey>();
  const keyOf = (s: string): SortKey => {
    let k = cache.get(s);
    if (k === undefined) {
      if (cache.size >= KEY_CACHE_LIMIT) cache.clear();
      k = sortKey(s, options);
      cache.set(s, k);
    }
    return k;
  };
  return {
    compare: (a, b) => (a === b ? 0 : compareSortKeys(keyOf(a), keyOf(b))),
    equalityKey: keyOf,
  };
}
