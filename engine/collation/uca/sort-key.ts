/**
 * A string's sort key under ICU's attributes (UTS #10 §4.3 forming sort keys, with ICU's
 * options as in `CollationKeys::writeSortKeyUpToQuaternary`). The key is a JavaScript string:
 * each weight is two UTF-16 units (the first never 0) and levels are separated by U+0000, so
 * comparing two keys as strings compares level by level, each level lexicographically with a
 * shorter run first, which is what comparing ICU's byte keys (level separator 01) amounts to.
 *
 * - strength 1–3: primary, secondary (reversed with `backwards`), tertiary weights.
 * - `caseLevel`: a level of case bits between secondary and tertiary, from CEs with a primary
 *   weight at strength 1 and from CEs with a secondary weight otherwise; the tertiary level then
 *   drops the case bits.
 * - `caseFirst` upper/lower without caseLevel: the case bits lead each tertiary weight, upper
 *   before lower for "upper".
 * - `alternate: "shifted"`: a CE whose primary is in the variable range (spaces, plus
 *   punctuation unless `maxVariable: "space"`) is ignored at levels 1–3 and keeps its primary at
 *   the quaternary level, as do the primary-ignorable CEs after it (they are dropped); every
 *   other CE with a tertiary weight has the common (highest) quaternary weight.
 * - strength 5 (identical): the NFD code points break remaining ties.
 * - `normalization: true`: the whole string is brought to NFD first (see `decomposed`).
 */
import { collationElements, decomposed } from './elements.js';
import { PUNCT_TOP, SPACE_TOP } from './root-data.js';

export interface UcaOptions {
  readonly strength: 1 | 2 | 3 | 4 | 5;
  readonly caseLevel: boolean;
  readonly caseFirst: 'upper' | 'lower' | 'off';
  readonly numericOrdering: boolean;
  readonly alternate: 'non-ignorable' | 'shifted';
  readonly maxVariable: 'punct' | 'space';
  readonly backwards: boolean;
  readonly normalization: boolean;
}

/** A sort key: compare two with `<` / `===`. */
export type SortKey = string;

/** Weights are integers below 2^30; numeric-ordering primaries are half steps, so primaries double. */
function encodeLevel(weights: readonly number[], scale: number): string {
  let out = '';
  for (const w of weights) {
    const v = w * scale;
    out += String.fromCharCode(1 + Math.floor(v / 0x8000), v % 0x8000);
  }
  return out;
}

/** The quaternary weight of a CE that was not shifted: above every shifted primary. */
const COMMON_QUATERNARY = 0x20000;

export function sortKey(text: string, o: UcaOptions): SortKey {
  const ces = collationElements(text, o.numericOrdering, o.normalization);
  const shifted = o.alternate === 'shifted';
  const variableTop = o.maxVariable === 'space' ? SPACE_TOP : PUNCT_TOP;
  const upperFirst = o.caseFirst === 'upper';
  const caseInTertiary = o.caseFirst !== 'off' && !o.caseLevel;
  const primaries: number[] = [];
  const secondaries: number[] = [];
  const cases: number[] = [];
  const tertiaries: number[] = [];
  const quaternaries: number[] = [];
  let afterVariable = false;
  for (let i = 0; i < ces.length; i += 4) {
    const p = ces[i]!;
    const s = ces[i + 1]!;
    const t = ces[i + 2]!;
    const c = upperFirst ? 2 - ces[i + 3]! : ces[i + 3]!;
    if (shifted) {
      if (p > 1 && p <= variableTop) {
        if (o.strength >= 4) quaternaries.push(p);
        afterVariable = true;
        continue;
      }
      if (p === 0 && afterVariable) continue;
      if (p !== 0) afterVariable = false;
    }
    if (p !== 0) primaries.push(p);
    if (o.strength >= 2 && s !== 0) secondaries.push(s);
    if (o.caseLevel && (o.strength === 1 ? p !== 0 : s !== 0)) cases.push(c);
    if (o.strength >= 3 && t !== 0) tertiaries.push(caseInTertiary ? c * 0x100 + t : t);
    if (o.strength >= 4 && shifted && t !== 0) quaternaries.push(COMMON_QUATERNARY);
  }
  let key = encodeLevel(primaries, 2);
  if (o.strength >= 2) key += '\u0000' + encodeLevel(o.backwards ? secondaries.reverse() : secondaries, 1);
  if (o.caseLevel) key += '\u0000' + encodeLevel(cases, 1);
  if (o.strength >= 3) key += '\u0000' + encodeLevel(tertiaries, 1);
  if (o.strength >= 4) key += '\u0000' + encodeLevel(quaternaries, 2);
  // ICU's identical level compares the NFD form in code point order, whatever `normalization` says.
  if (o.strength === 5) key += '\u0000' + encodeLevel(decomposed(text, true), 1);
  return key;
}

export function compareSortKeys(a: SortKey, b: SortKey): number {
  return a === b ? 0 : a < b ? -1 : 1;
}
