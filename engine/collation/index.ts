/**
 * Collation: parse and validate a `collation` document as the server does
 * (`src/mongo/db/query/collation/collator_factory_icu.cpp`, server-facts §5), report the full
 * normalised spec (what listIndexes/listCollections show), and build a string comparator.
 *
 * The server uses ICU 57.1 directly. The engine compares root-collated locales with its own
 * Unicode Collation Algorithm on CLDR's root table (./uca, every ICU option) and tailored locales
 * with `Intl.Collator` (./intl-collator.ts); ./make-collator.ts chooses. Every way this differs
 * from the server is listed in `COLLATION_APPROXIMATIONS` below (and in the README).
 * `locale: "simple"` is exact: no collator, strings compare by code point.
 *
 * Parsing (./parse-spec.ts) is MongoDB 8.0's: the IDL `Collation` struct in document order, then
 * the ICU factory's checks; which locales exist is ./icu-locales.ts.
 */
import { Int32, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { makeCollator, type SpecCollator } from './make-collator.js';
import { parseCollation } from './parse-spec.js';

export { collationNote, makeCollator, sameCollation, type SpecCollator } from './make-collator.js';
export { COLLATION_VERSION, parseCollation } from './parse-spec.js';
export { canonicalIcuLocale, icuValidLocale, isIcuCollationLocale } from './icu-locales.js';

export type CaseFirst = 'upper' | 'lower' | 'off';
export type Alternate = 'non-ignorable' | 'shifted';
export type MaxVariable = 'punct' | 'space';

/** A fully resolved (non-simple) collation, every attribute filled in. */
export interface CollationSpec {
  readonly locale: string;
  readonly caseLevel: boolean;
  readonly caseFirst: CaseFirst;
  readonly strength: 1 | 2 | 3 | 4 | 5;
  readonly numericOrdering: boolean;
  readonly alternate: Alternate;
  readonly maxVariable: MaxVariable;
  readonly normalization: boolean;
  readonly backwards: boolean;
  readonly version: string;
}

/** Every way the engine's collation differs from the server's ICU 57.1 collator. */
export const COLLATION_APPROXIMATIONS: readonly string[] = Object.freeze([
  "Locales that ICU collates with the root order (en, fr, fr_CA, de, it, pt, nl, id, ms, sw, …) use the engine's Unicode Collation Algorithm on CLDR's root table: every option (strength 1–5, caseLevel, caseFirst, alternate, maxVariable, backwards, numericOrdering, normalization) is ICU's. The table is CLDR 41 (Unicode 14), newer than the server's ICU 57.1 (CLDR 29, Unicode 8): characters added since, and the few whose root order changed, may order differently.",
  'Locales that tailor the root order (sv, es, da, ja, zh, de@collation=phonebook, …) use the JavaScript runtime\'s Intl.Collator (its own ICU and CLDR version), composed per level: caseLevel at strength 1–3, caseFirst, numericOrdering, alternate: "shifted" below strength 4 (with maxVariable: "space", whitespace is removed and the rest compared non-ignorable; a combining mark right after whitespace is then not ignored as ICU would), and strength 5 are ICU\'s. Approximated there, with a note on the statement: the quaternary level of alternate: "shifted" (ties are broken with punctuation counted) and backwards (not applied).',
  "normalization: false reads each character's canonical decomposition without reordering marks across characters, which is what ICU's canonically closed tables amount to; ICU's handling of contractions inside non-FCD text is not reproduced.",
  `Locale-dependent defaults reported in the normalised spec (backwards: true for fr_CA, caseFirst: "upper" for da and mt, alternate: "shifted" for th, normalization: true for el, hi, th, vi and other locales) come from CLDR 41's collation settings, the data ICU builds its collators from; ICU 57.1 (CLDR 29) may differ for a few locales.`,
  "Index keys under a collation are the engine's own comparison keys, not ICU's sort-key bytes: explain's indexBounds for a collated index print the query's strings where the server prints ICU's keys.",
  'Locale validation accepts exactly the collation locales of ICU 57.1 (and the collation= types CLDR defines for them or their parents); for a refused locale the suggested name ("Did you mean …?") is the ICU collation locale the canonical spelling falls back to, without ICU\'s alias table (zh_TW is suggested as zh, not zh_Hant) or ISO 639-2/3166 three-letter code mapping (en_USA is suggested as en, not en_US).',
]);

/** The full collation document the server reports (listIndexes, listCollections, explain). */
export function collationToDoc(spec: CollationSpec): Doc {
  return new Map<string, Value>([
    ['locale', spec.locale],
    ['caseLevel', spec.caseLevel],
    ['caseFirst', spec.caseFirst],
    ['strength', new Int32(spec.strength)],
    ['numericOrdering', spec.numericOrdering],
    ['alternate', spec.alternate],
    ['maxVariable', spec.maxVariable],
    ['normalization', spec.normalization],
    ['backwards', spec.backwards],
    ['version', spec.version],
  ]);
}

/** Resolved `collation` option: the spec, its reported document and its comparator. */
export interface ResolvedCollation {
  readonly spec: CollationSpec;
  readonly doc: Doc;
  readonly collator: SpecCollator;
}

/**
 * Parses a command's `collation` option value (any BSON value). `undefined` (absent) and
 * `{locale: "simple"}` give null. `field` names the option in type errors (e.g. "find.collation").
 */
export function resolveCollation(value: Value | undefined, field = 'collation'): ResolvedCollation | null {
  if (value === undefined) return null;
  if (!isDoc(value)) {
    throw fail(14, `BSON field '${field}' is the wrong type '${typeOf(value)}', expected type 'object'`);
  }
  const spec = parseCollation(value);
  if (spec === null) return null;
  return { spec, doc: collationToDoc(spec), collator: makeCollator(spec)! };
}
