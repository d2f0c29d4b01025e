/**
 * UTS #10 §4 (main algorithm, steps S1–S2) on the CLDR root table: a string's collation
 * elements. The string is normalised to NFD, then at each position the longest contraction
 * wins, extended by unblocked non-starters (discontiguous contractions, S2.1.1–S2.1.3);
 * code points without an entry get implicit weights. With numeric ordering, a run of decimal
 * digits becomes one number: ICU's CODAN ("collation of digits as numbers"), leading zeros
 * ignored, longer numbers after shorter ones, then digit by digit.
 */
import { DIGIT_GROUP_FIRST_PRIMARY, DIGIT_PRIMARIES } from './root-data.js';
import { implicitCes, rootTable, type RootTable } from './table.js';

/** ICU's numeric lead primary sits at the start of the digit group, before every digit-like primary. */
export const NUMERIC_PRIMARY = DIGIT_GROUP_FIRST_PRIMARY - 0.5;

const DECIMAL_DIGIT = /^\p{Nd}$/u;

function key(cps: readonly number[]): string {
  let k = '';
  for (let i = 0; i < cps.length; i++) k += (i === 0 ? '' : '_') + cps[i]!.toString(36);
  return k;
}

/** The decimal value of a code point, or -1 when it is not a decimal digit (gc Nd). */
function digitValue(t: RootTable, cp: number): number {
  const ces = t.singles.get(cp);
  if (!ces || ces.length !== 4) return -1;
  const value = DIGIT_PRIMARIES.indexOf(ces[0]!);
  return value >= 0 && DECIMAL_DIGIT.test(String.fromCodePoint(cp)) ? value : -1;
}

/** Appends the CEs of the digit run starting at i; returns the index after the run. */
function numericRun(t: RootTable, cps: readonly number[], i: number, out: number[]): number {
  const digits: number[] = [];
  let j = i;
  for (; j < cps.length; j++) {
    const d = digitValue(t, cps[j]!);
    if (d < 0) break;
    if (d === 0 && digits.length === 0) continue; // leading zeros do not count
    digits.push(d);
  }
  if (digits.length === 0) digits.push(0);
  out.push(NUMERIC_PRIMARY, 0x20, 0x02, 0, digits.length, 0, 0, 0);
  for (const d of digits) out.push(d + 1, 0, 0, 0);
  return j;
}

/** Appends the CEs of the contraction (or single code point) at i; returns the next index. */
function contraction(
  t: RootTable,
  byFirst: Map<string, readonly number[]>,
  cps: readonly number[],
  used: Uint8Array,
  i: number,
  out: number[],
): number {
  const cp = cps[i]!;
  let seq = [cp];
  let ces: readonly number[] | undefined = t.singles.get(cp);
  let end = i + 1;
  for (let len = Math.min(t.longest.get(cp) ?? 1, cps.length - i); len >= 2; len--) {
    const candidate = cps.slice(i, i + len);
    const hit = byFirst.get(key(candidate));
    if (hit) {
      seq = candidate;
      ces = hit;
      end = i + len;
      break;
    }
  }
  // Discontiguous: a later non-starter C joins when no skipped mark between has C's class.
  let skippedCcc = 0;
  for (let j = end; j < cps.length; j++) {
    const c = t.ccc.get(cps[j]!) ?? 0;
    if (c === 0) break;
    if (used[j]) continue;
    if (skippedCcc < c) {
      const candidate = [...seq, cps[j]!];
      const hit = byFirst.get(key(candidate));
      if (hit) {
        seq = candidate;
        ces = hit;
        used[j] = 1;
        continue;
      }
    }
    skippedCcc = Math.max(skippedCcc, c);
  }
  for (const x of ces ?? implicitCes(cp)) out.push(x);
  return end;
}

const ASCII = /^[ -~\t\n\r]*$/;

/**
 * The code points the collator reads: with `normalization: true` the string's NFD; without it
 * (ICU's default) each character is decomposed on its own, as ICU's canonically closed table
 * does, but marks are not reordered across characters, so only input that is not FCD differs.
 */
export function decomposed(text: string, normalization: boolean): number[] {
  const cps: number[] = [];
  if (ASCII.test(text)) {
    for (let i = 0; i < text.length; i++) cps.push(text.charCodeAt(i));
  } else if (normalization) {
    for (const ch of text.normalize('NFD')) cps.push(ch.codePointAt(0)!);
  } else {
    for (const ch of text) for (const d of ch.normalize('NFD')) cps.push(d.codePointAt(0)!);
  }
  return cps;
}

/** The collation elements of a string (flat: primary, secondary, tertiary, case, …). */
export function collationElements(text: string, numeric: boolean, normalization: boolean): number[] {
  const t = rootTable();
  const cps = decomposed(text, normalization);
  const used = new Uint8Array(cps.length);
  const out: number[] = [];
  let i = 0;
  while (i < cps.length) {
    if (used[i]) {
      i++;
      continue;
    }
    const cp = cps[i]!;
    if (numeric && digitValue(t, cp) >= 0) {
      i = numericRun(t, cps, i, out);
      continue;
    }
    const byFirst = t.contractions.get(cp);
    if (byFirst) {
      i = contraction(t, byFirst, cps, used, i, out);
      continue;
    }
    const ces = t.singles.get(cp) ?? implicitCes(cp);
    for (const x of ces) out.push(x);
    i++;
  }
  return out;
}
