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
 * Fields are read in the server's order (locale, then caseLevel, caseFirst, strength,
 * numericOrdering, alternate, maxVariable, normalization, backwards, then the unknown-field check),
 * so the first bad field reports, with `bson_extract`'s wording for missing and mistyped fields:
 * 4 `Missing expected field "locale"`, 14 `"caseLevel" had the wrong type. Expected bool, found
 * string`, 14 `Expected field "strength" to have numeric type, but found string`.
 */
import { renderDoc, renderElement } from '../bson/render.js';
import { Int32, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { LOCALE_SETTINGS, type LocaleSettings } from './uca/root-data.js';
import { makeCollator, type SpecCollator } from './make-collator.js';
import { toBcp47 } from './bcp47.js';

export { collationNote, makeCollator, sameCollation, type SpecCollator } from './make-collator.js';

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

/** The ICU version the server reports in collation specs. */
export const COLLATION_VERSION = '57.1';

/** Every way the engine's collation differs from the server's ICU 57.1 collator. */
export const COLLATION_APPROXIMATIONS: readonly string[] = Object.freeze([
  "Locales that ICU collates with the root order (root, en, fr, fr_CA, de, it, pt, nl, id, ms, sw, …) use the engine's Unicode Collation Algorithm on CLDR's root table: every option (strength 1–5, caseLevel, caseFirst, alternate, maxVariable, backwards, numericOrdering, normalization) is ICU's. The table is CLDR 41 (Unicode 14), newer than the server's ICU 57.1 (CLDR 29, Unicode 8): characters added since, and the few whose root order changed, may order differently.",
  'Locales that tailor the root order (sv, es, da, ja, zh, de@collation=phonebook, …) use the JavaScript runtime\'s Intl.Collator (its own ICU and CLDR version), composed per level: caseLevel at strength 1–3, caseFirst, numericOrdering, alternate: "shifted" below strength 4 (with maxVariable: "space", whitespace is removed and the rest compared non-ignorable; a combining mark right after whitespace is then not ignored as ICU would), and strength 5 are ICU\'s. Approximated there, with a note on the statement: the quaternary level of alternate: "shifted" (ties are broken with punctuation counted) and backwards (not applied).',
  "normalization: false reads each character's canonical decomposition without reordering marks across characters, which is what ICU's canonically closed tables amount to; ICU's handling of contractions inside non-FCD text is not reproduced.",
  `Locale-dependent defaults reported in the normalised spec (backwards: true for fr_CA, caseFirst: "upper" for da and mt, alternate: "shifted" for th, normalization: true for el, hi, th, vi and other locales) come from CLDR 41's collation settings, the data ICU builds its collators from; ICU 57.1 (CLDR 29) may differ for a few locales.`,
  "Locale validation accepts a locale when the runtime's Intl supports it; the server accepts exactly the locales of its ICU build.",
]);

const KNOWN_FIELDS = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

/**
 * The attributes ICU's collator has for a locale when the document leaves them out (the server
 * reports them): CLDR's settings for the locale's collation type, else its parent's
 * (`fr_CA` → backwards, `da` → caseFirst upper, `th` → alternate shifted, `el` → normalization).
 */
function localeDefaults(locale: string): LocaleSettings {
  const [base = '', keywords] = locale.split('@', 2);
  const type = /^collation=([a-z0-9-]+)$/i.exec(keywords ?? '')?.[1]?.toLowerCase();
  const suffix = type === undefined || type === 'standard' ? '' : `@${type}`;
  const parts = base.split('_');
  for (let n = parts.length; n > 0; n--) {
    const settings = LOCALE_SETTINGS[parts.slice(0, n).join('_') + suffix];
    if (settings) return settings;
  }
  return {};
}

/** `bsonExtractTypedField`: a present field of another type is TypeMismatch. */
function wrongType(field: string, v: Value, expected: string): never {
  throw fail(14, `"${field}" had the wrong type. Expected ${expected}, found ${typeOf(v)}`);
}

function boolField(spec: Doc, field: string): boolean | undefined {
  const v = spec.get(field);
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') wrongType(field, v, 'bool');
  return v;
}

function stringField(spec: Doc, field: string): string | undefined {
  const v = spec.get(field);
  if (v === undefined) return undefined;
  if (typeof v !== 'string') wrongType(field, v, 'string');
  return v;
}

/** `bsonExtractIntegerField`: a number exactly representable as a 64-bit integer. */
function integerField(spec: Doc, field: string): number | undefined {
  const v = spec.get(field);
  if (v === undefined) return undefined;
  if (!isNumber(v)) throw fail(14, `Expected field "${field}" to have numeric type, but found ${typeOf(v)}`);
  const n = typeof v === 'number' ? v : Number(String(v instanceof Int32 ? v.value : v));
  if (!Number.isInteger(n) || Math.abs(n) >= 2 ** 63) {
    throw fail(
      2,
      `Expected field "${field}" to have a value exactly representable as a 64-bit integer, but found ${renderElement(field, v)}`,
    );
  }
  return n;
}

/** ICU's canonical spelling: language lower case, region upper case, `_` separators. */
function canonicalLocale(locale: string): string {
  const [base = '', keywords] = locale.split('@', 2);
  const parts = base.split(/[-_]/);
  const canon = parts
    .map((p, i) => {
      if (i === 0) return p.toLowerCase();
      if (p.length === 4) return p[0]!.toUpperCase() + p.slice(1).toLowerCase();
      if (p.length === 2 || /^\d{3}$/.test(p)) return p.toUpperCase();
      return p.toUpperCase();
    })
    .join('_');
  return keywords === undefined ? canon : `${canon}@${keywords.toLowerCase()}`;
}

function validateLocale(locale: string, spec: Doc): void {
  const shown = renderDoc(spec);
  if (locale === '') throw fail(2, `Field 'locale' cannot be the empty string in: ${shown}`);
  if (locale.includes('\0')) throw fail(2, `Field 'locale' cannot contain null byte in: ${shown}`);
  const canon = canonicalLocale(locale);
  if (canon !== locale) throw fail(2, `Field 'locale' is invalid in: ${shown}. Did you mean '${canon}'?`);
  if (locale === 'root') return;
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf([toBcp47(locale)]);
  } catch {
    supported = [];
  }
  if (supported.length === 0 || !/^[a-z]{2,3}(_|@|$)/.test(locale)) {
    throw fail(2, `Field 'locale' is not a valid ICU locale in: ${shown}`);
  }
}

/**
 * Parses and validates a collation document. Returns null for `{locale: "simple"}`.
 * Throws the server's errors (codes and messages per server-facts §5).
 */
export function parseCollation(spec: Doc): CollationSpec | null {
  const shown = (): string => renderDoc(spec);
  const localeValue = spec.get('locale');
  if (localeValue === undefined) throw fail(4, 'Missing expected field "locale"');
  if (typeof localeValue !== 'string') wrongType('locale', localeValue, 'string');
  if (localeValue === 'simple') {
    if (spec.size > 1) throw fail(9, `If locale=simple, no other fields should be present in: ${shown()}`);
    return null;
  }
  validateLocale(localeValue, spec);
  const defaults = localeDefaults(localeValue);

  const caseLevel = boolField(spec, 'caseLevel') ?? defaults.caseLevel ?? false;
  const caseFirst = stringField(spec, 'caseFirst') ?? defaults.caseFirst ?? 'off';
  if (caseFirst !== 'upper' && caseFirst !== 'lower' && caseFirst !== 'off') {
    throw fail(9, `Field 'caseFirst' must be 'upper', 'lower', or 'off'. Got: ${caseFirst}`);
  }
  const s = integerField(spec, 'strength') ?? defaults.strength ?? 3;
  if (s < 1 || s > 5) throw fail(9, `Field 'strength' must be an integer 1 through 5. Got: ${s}`);
  const strength = s as CollationSpec['strength'];
  const numericOrdering = boolField(spec, 'numericOrdering') ?? defaults.numericOrdering ?? false;
  const alternate = stringField(spec, 'alternate') ?? defaults.alternate ?? 'non-ignorable';
  if (alternate !== 'non-ignorable' && alternate !== 'shifted') {
    throw fail(9, `Field 'alternate' must be 'non-ignorable' or 'shifted'. Got: ${alternate}`);
  }
  const maxVariable = stringField(spec, 'maxVariable') ?? 'punct';
  if (maxVariable !== 'punct' && maxVariable !== 'space') {
    throw fail(9, `Field 'maxVariable' must be 'punct' or 'space'. Got: ${maxVariable}`);
  }
  const normalization = boolField(spec, 'normalization') ?? defaults.normalization ?? false;
  const backwardsGiven = boolField(spec, 'backwards');
  const backwards = backwardsGiven ?? defaults.backwards ?? false;
  const version = stringField(spec, 'version');
  for (const k of spec.keys()) {
    if (!KNOWN_FIELDS.has(k)) throw fail(9, `Collation spec contains unknown field. Collation spec: ${shown()}`);
  }
  if (version !== undefined && version !== COLLATION_VERSION) {
    // collator_factory_icu.cpp: ErrorCodes::IncompatibleCollationVersion (161)
    throw fail(
      161,
      `Requested collation version ${version} but the only available collator version was ${COLLATION_VERSION}. Requested collation spec: ${shown()}`,
    );
  }

  if (backwardsGiven === true && strength === 1) {
    throw fail(2, `'backwards' is invalid with 'strength' of 1 in: ${shown()}`);
  }
  if (spec.has('caseFirst') && caseFirst !== 'off' && !caseLevel && strength <= 2) {
    throw fail(2, `'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: ${shown()}`);
  }

  return Object.freeze({
    locale: localeValue,
    caseLevel,
    caseFirst,
    strength,
    numericOrdering,
    alternate,
    maxVariable,
    normalization,
    backwards,
    version: COLLATION_VERSION,
  });
}

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
