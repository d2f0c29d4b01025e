/**
 * The comparator for a locale that tailors the root order (de@collation=phonebook, sv, ja, …):
 * the runtime's `Intl.Collator` (ICU with its own CLDR tailorings), composed level by level so
 * that as many of the server's options as possible hold exactly:
 *
 * - strength 1–3 map onto Intl sensitivities base/accent/variant; caseFirst and numericOrdering
 *   map directly; `alternate: "shifted"` with `maxVariable: "punct"` is Intl's
 *   `ignorePunctuation` (ICU's shifted with its default variable top).
 * - `caseLevel` puts a level between secondary and tertiary: compare accent-sensitively, then
 *   with sensitivity "case" (ICU primary + caseLevel), then at tertiary strength.
 * - `alternate: "shifted"` with `maxVariable: "space"`: the whitespace characters (exactly
 *   CLDR's space group: TAB–CR, U+0085, Zs, U+2028/2029) are removed and the rest compared
 *   non-ignorable, which is what shifting only spaces does at levels 1–3.
 * - strength 5 breaks remaining ties by the NFD code points, as ICU's identical level does.
 *
 * What has no Intl equivalent is reported by `intlApproximations` (the page shows it on the
 * statement): the quaternary level of `alternate: "shifted"`, and `backwards`.
 */
import type { CollationSpec } from './index.js';

type Compare = (a: string, b: string) => number;

/** CLDR root's "space" reorder group (checked against the root table in intl-collator.test.ts). */
export const SPACE_GROUP = /[\t-\r\u0085\p{Zs}\u2028\u2029]/gu;

function withoutSpaces(compare: Compare): Compare {
  return (a, b) => compare(a.replace(SPACE_GROUP, ''), b.replace(SPACE_GROUP, ''));
}

function intl(locale: string, spec: CollationSpec, sensitivity: Intl.CollatorOptions['sensitivity']): Compare {
  const c = new Intl.Collator(locale, {
    usage: 'sort',
    sensitivity,
    caseFirst: spec.caseFirst === 'off' ? 'false' : spec.caseFirst,
    numeric: spec.numericOrdering,
    ignorePunctuation: spec.alternate === 'shifted',
  });
  return (a, b) => c.compare(a, b);
}

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s.normalize('NFD')) out.push(ch.codePointAt(0)!);
  return out;
}

/** ICU's identical level: NFD code point order. */
function compareIdentical(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** Shifted at strength 4: ties after punctuation is ignored are broken with punctuation counted. */
function quaternaryTieBreak(locale: string, spec: CollationSpec): Compare {
  return intl(locale, { ...spec, alternate: 'non-ignorable' }, 'variant');
}

export function makeIntlCompare(locale: string, spec: CollationSpec): Compare {
  // Shifting only whitespace: levels 1–3 compare the rest non-ignorable, without the whitespace.
  const spaceOnly = spec.alternate === 'shifted' && spec.maxVariable === 'space';
  const upTo3 = spaceOnly ? { ...spec, alternate: 'non-ignorable' as const } : spec;
  const levels: Compare[] = [];
  if (spec.strength === 1) levels.push(intl(locale, upTo3, spec.caseLevel ? 'case' : 'base'));
  else if (!spec.caseLevel) levels.push(intl(locale, upTo3, spec.strength === 2 ? 'accent' : 'variant'));
  else {
    levels.push(intl(locale, upTo3, 'accent'), intl(locale, upTo3, 'case'));
    if (spec.strength >= 3) levels.push(intl(locale, upTo3, 'variant'));
  }
  if (spaceOnly) levels.splice(0, levels.length, ...levels.map(withoutSpaces));
  if (spec.strength >= 4 && spec.alternate === 'shifted') levels.push(quaternaryTieBreak(locale, spec));
  if (spec.strength === 5) levels.push(compareIdentical);
  if (levels.length === 1) return levels[0]!;
  return (a, b) => {
    for (const level of levels) {
      const r = level(a, b);
      if (r !== 0) return r;
    }
    return 0;
  };
}

/** What this spec's comparison approximates for a tailored locale (empty when nothing). */
export function intlApproximations(spec: CollationSpec): string[] {
  const out: string[] = [];
  if (spec.alternate === 'shifted' && spec.strength >= 4) {
    out.push('the quaternary level of alternate: "shifted" is approximated (ignored punctuation breaks ties)');
  }
  if (spec.backwards) out.push('backwards (French secondary order) is not applied');
  return out;
}
