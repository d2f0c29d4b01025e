/**
 * Parsing a collation document as MongoDB 8.0 does (`CollatorFactoryICU::makeFromBSON`):
 *
 * 1. The generated IDL parser of the `Collation` struct (basic_types.idl, strict), field by field
 *    in the document's order, so the first bad field reports: an unknown name is 40415
 *    `BSON field 'collation.foo' is an unknown field.`, a wrong type 14 `BSON field
 *    'collation.caseLevel' is the wrong type 'string', expected type 'bool'` (a null or undefined
 *    value counts as not given), an enum string outside its values 2 `Enumeration value 'x' for
 *    field 'collation.caseFirst' is not a valid value.`, `strength` is a `safeInt` (any number,
 *    truncated toward zero and clamped to int32) checked `>= 0` and `<= 5` (51024), `backwards`
 *    an `optionalBool` (anything but a bool, null included: 14 `Field 'backwards' should be a
 *    boolean value, but found: string`); then a missing `locale` is 40414.
 * 2. A NUL byte in the locale is 2; `locale: "simple"` is the simple collation, whatever else the
 *    document says.
 * 3. The locale must be ICU's valid locale spelled exactly (./icu-locales.ts): 2, with
 *    ". Did you mean '…'?" when ICU fell back to another locale than root.
 * 4. Attributes the document leaves out take the locale's ICU defaults; a `strength` of 0 (valid
 *    for the IDL validator) is then refused by the enum (2); `version` must be "57.1" (161).
 * 5. `validateCollationSpec` on the resolved attributes, defaults included: backwards with
 *    strength 1, or a caseFirst other than off with strength 1–2 and no caseLevel, is 2 — so
 *    `{locale: "fr_CA", strength: 1}` (backwards by default) and `{locale: "da", strength: 2}`
 *    (caseFirst upper by default) are refused too.
 * Messages show the document as given (`BSONObj::toString`).
 */
import Decimal from 'decimal.js';
import { renderDoc } from '../bson/render.js';
import { typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { icuValidLocale } from './icu-locales.js';
import { LOCALE_SETTINGS, type LocaleSettings } from './uca/root-data.js';
import type { Alternate, CaseFirst, CollationSpec, MaxVariable } from './index.js';

/** The ICU version the server reports in collation specs. */
export const COLLATION_VERSION = '57.1';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The fields the IDL parser read (absent = not given or null/undefined). */
interface ParsedFields {
  locale?: string | undefined;
  caseLevel?: boolean | undefined;
  caseFirst?: CaseFirst | undefined;
  strength?: number | undefined;
  numericOrdering?: boolean | undefined;
  alternate?: Alternate | undefined;
  maxVariable?: MaxVariable | undefined;
  normalization?: boolean | undefined;
  backwards?: boolean | undefined;
  version?: string | undefined;
}

/** `checkAndAssertType`: true for the expected type, false for null/undefined, else 14. */
function typed(field: string, v: Value, expected: 'string' | 'bool'): boolean {
  const t = typeOf(v);
  if (t === expected) return true;
  if (t === 'null' || t === 'undefined') return false;
  throw fail(14, `BSON field 'collation.${field}' is the wrong type '${t}', expected type '${expected}'`);
}

function enumValue<T extends string>(field: string, v: Value, values: readonly T[]): T | undefined {
  if (!typed(field, v, 'string')) return undefined;
  if (!values.includes(v as T)) {
    throw fail(2, `Enumeration value '${v as string}' for field 'collation.${field}' is not a valid value.`);
  }
  return v as T;
}

/** `BSONElement::safeNumberInt`: truncation toward zero (decimals round half to even), NaN 0, clamped. */
function safeNumberInt(v: Value): number {
  let n: number;
  const t = typeOf(v);
  if (t === 'decimal') {
    const d = new Decimal(String(v));
    n = d.isNaN() ? 0 : d.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber();
  } else if (t === 'long' || t === 'int') {
    n = Number(String(v));
  } else {
    const x = v as number;
    n = Number.isNaN(x) ? 0 : Math.trunc(x);
  }
  return Math.min(INT32_MAX, Math.max(INT32_MIN, n));
}

function strengthField(v: Value): number | undefined {
  const t = typeOf(v);
  if (t === 'null' || t === 'undefined') return undefined;
  if (t !== 'long' && t !== 'int' && t !== 'decimal' && t !== 'double') {
    throw fail(
      14,
      `BSON field 'collation.strength' is the wrong type '${t}', expected types '[long, int, decimal, double']`,
    );
  }
  const n = safeNumberInt(v);
  if (n < 0) throw fail(51024, `BSON field 'collation.strength' value must be >= 0, actual value '${n}'`);
  if (n > 5) throw fail(51024, `BSON field 'collation.strength' value must be <= 5, actual value '${n}'`);
  return n;
}

/** The generated `Collation::parse` (strict): document order, then the required `locale`. */
function parseFields(spec: Doc): ParsedFields {
  const f: ParsedFields = {};
  for (const [k, v] of spec) {
    switch (k) {
      case 'locale':
        if (typed(k, v, 'string')) f.locale = v as string;
        break;
      case 'caseLevel':
      case 'numericOrdering':
      case 'normalization':
        if (typed(k, v, 'bool')) f[k] = v as boolean;
        break;
      case 'caseFirst':
        f.caseFirst = enumValue(k, v, ['upper', 'lower', 'off'] as const);
        break;
      case 'strength':
        f.strength = strengthField(v);
        break;
      case 'alternate':
        f.alternate = enumValue(k, v, ['non-ignorable', 'shifted'] as const);
        break;
      case 'maxVariable':
        f.maxVariable = enumValue(k, v, ['punct', 'space'] as const);
        break;
      case 'backwards':
        // OptionalBool::parseFromBSON: only a bool; null is refused too.
        if (typeof v !== 'boolean')
          throw fail(14, `Field 'backwards' should be a boolean value, but found: ${typeOf(v)}`);
        f.backwards = v;
        break;
      case 'version':
        if (typed(k, v, 'string')) f.version = v as string;
        break;
      default:
        throw fail(40415, `BSON field 'collation.${k}' is an unknown field.`);
    }
  }
  if (f.locale === undefined) throw fail(40414, "BSON field 'collation.locale' is missing but a required field");
  return f;
}

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

/** `validateLocaleID`. */
function validateLocale(locale: string, shown: string): void {
  if (locale === '') throw fail(2, `Field 'locale' cannot be the empty string in: ${shown}`);
  const valid = icuValidLocale(locale);
  if (valid === locale) return;
  const suggestion = valid === '' || valid === 'root' ? '' : `. Did you mean '${valid}'?`;
  throw fail(2, `Field 'locale' is invalid in: ${shown}${suggestion}`);
}

/**
 * Parses and validates a collation document. Returns null for the simple collation.
 * Throws the server's errors (codes and messages of MongoDB 8.0).
 */
export function parseCollation(spec: Doc): CollationSpec | null {
  const f = parseFields(spec);
  const shown = renderDoc(spec);
  const locale = f.locale!;
  if (locale.includes('\0')) throw fail(2, `Field 'locale' cannot contain null byte. Collation spec: ${shown}`);
  if (locale === 'simple') return null;
  validateLocale(locale, shown);

  // A field given (even as null) is set on the ICU collator with the IDL value or default;
  // a field left out reports the locale's own attribute.
  const defaults = localeDefaults(locale);
  const given = (k: string): boolean => spec.has(k);
  const caseLevel = given('caseLevel') ? (f.caseLevel ?? false) : (defaults.caseLevel ?? false);
  const caseFirst = given('caseFirst') ? (f.caseFirst ?? 'off') : (defaults.caseFirst ?? 'off');
  const strength = given('strength') ? (f.strength ?? 3) : (defaults.strength ?? 3);
  if (strength < 1 || strength > 5) {
    throw fail(2, `Enumeration value '${strength}' for field 'collation.strength' is not a valid value.`);
  }
  const numericOrdering = given('numericOrdering') ? (f.numericOrdering ?? false) : (defaults.numericOrdering ?? false);
  const alternate = given('alternate') ? (f.alternate ?? 'non-ignorable') : (defaults.alternate ?? 'non-ignorable');
  const maxVariable = f.maxVariable ?? 'punct';
  const normalization = given('normalization') ? (f.normalization ?? false) : (defaults.normalization ?? false);
  const backwards = f.backwards ?? defaults.backwards ?? false;
  if (f.version !== undefined && f.version !== COLLATION_VERSION) {
    throw fail(
      161,
      `Requested collation version ${f.version} but the only available collator version was ${COLLATION_VERSION}. Requested collation spec: ${shown}`,
    );
  }

  if (backwards && strength === 1) throw fail(2, `'backwards' is invalid with 'strength' of 1 in: ${shown}`);
  if (caseFirst !== 'off' && !caseLevel && strength <= 2) {
    throw fail(2, `'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: ${shown}`);
  }

  return Object.freeze({
    locale,
    caseLevel,
    caseFirst,
    strength: strength as CollationSpec['strength'],
    numericOrdering,
    alternate,
    maxVariable,
    normalization,
    backwards,
    version: COLLATION_VERSION,
  });
}
