/**
 * The CLDR root collation table, decoded once on first use from the compact generated data
 * (root-data.ts): single code points, contractions, canonical combining classes, case bits.
 *
 * A collation element (CE) is four numbers in a flat array: primary, secondary, tertiary and
 * ICU's case bits (0 lower, 1 mixed, 2 upper).
 */
import { CCC_RANGES, ROOT_CONTRACTIONS, ROOT_SINGLES, TERTIARY_CASES, UNIFIED_IDEOGRAPHS } from './root-data.js';

export interface RootTable {
  /** CEs of one code point (flat: p, s, t, case, …), undefined when implicit. */
  readonly singles: Map<number, readonly number[]>;
  /** Contractions by first code point: code point sequence ("a_b" in base 36) → CEs. */
  readonly contractions: Map<number, Map<string, readonly number[]>>;
  /** Longest contraction length, per first code point. */
  readonly longest: Map<number, number>;
  /** Canonical combining class of a code point (0 when absent). */
  readonly ccc: Map<number, number>;
}

let table: RootTable | null = null;

function caseMap(): Map<number, number> {
  const m = new Map<number, number>();
  for (const pair of TERTIARY_CASES.split(' ')) {
    const [t, c] = pair.split(':');
    m.set(parseInt(t!, 36), Number(c));
  }
  return m;
}

function parseCes(text: string, cases: Map<number, number>): number[] {
  const out: number[] = [];
  for (const ce of text.split(',')) {
    const [p, s, t] = ce.replace('*', '').split('.');
    const tertiary = parseInt(t!, 36);
    out.push(parseInt(p!, 36), parseInt(s!, 36), tertiary, cases.get(tertiary) ?? 0);
  }
  return out;
}

/** The decoded root table (decoded on first call, then shared). */
export function rootTable(): RootTable {
  if (table) return table;
  const cases = caseMap();
  const singles = new Map<number, readonly number[]>();
  let cp = -1;
  for (const entry of ROOT_SINGLES.split(';')) {
    const colon = entry.indexOf(':');
    const plus = entry.indexOf('+', colon);
    cp += parseInt(entry.slice(0, colon), 36);
    const ces = parseCes(entry.slice(colon + 1, plus < 0 ? undefined : plus), cases);
    singles.set(cp, ces);
    const run = plus < 0 ? 0 : parseInt(entry.slice(plus + 1), 36);
    for (let k = 1; k <= run; k++) singles.set(cp + k, [ces[0]! + k, ces[1]!, ces[2]!, ces[3]!]);
    cp += run;
  }
  const contractions = new Map<number, Map<string, readonly number[]>>();
  const longest = new Map<number, number>();
  for (const entry of ROOT_CONTRACTIONS.split(';')) {
    const [seq = '', ces = ''] = entry.split(':');
    const cps = seq.split('_').map((x) => parseInt(x, 36));
    const first = cps[0]!;
    let byFirst = contractions.get(first);
    if (!byFirst) contractions.set(first, (byFirst = new Map()));
    byFirst.set(seq, parseCes(ces, cases));
    longest.set(first, Math.max(longest.get(first) ?? 0, cps.length));
  }
  const ccc = new Map<number, number>();
  let end = 0;
  for (const range of CCC_RANGES.split(' ')) {
    const m = /^([0-9a-z]+)(?:-([0-9a-z]+))?=([0-9a-z]+)$/.exec(range)!;
    const start = end + parseInt(m[1]!, 36);
    end = start + (m[2] ? parseInt(m[2], 36) : 0);
    const value = parseInt(m[3]!, 36);
    for (let c = start; c <= end; c++) ccc.set(c, value);
  }
  table = { singles, contractions, longest, ccc };
  return table;
}

/**
 * UCA implicit weights (UTS #10 §10.1) for a code point without a table entry: Han ideographs
 * by code point (the core CJK blocks first), then everything else (unassigned) by code point.
 */
export function implicitCes(cp: number): number[] {
  // Tangut, Khitan and Nushu: their own lead weights, offset from the script's first code point.
  if ((cp >= 0x17000 && cp <= 0x18aff) || (cp >= 0x18d00 && cp <= 0x18d8f)) return siniform(0xfb00, cp - 0x17000);
  if (cp >= 0x18b00 && cp <= 0x18cff) return siniform(0xfb02, cp - 0x18b00);
  if (cp >= 0x1b170 && cp <= 0x1b2ff) return siniform(0xfb01, cp - 0x1b170);
  let base = 0xfbc0;
  for (const [a, b, core] of UNIFIED_IDEOGRAPHS) {
    if (cp >= a && cp <= b) {
      base = core ? 0xfb40 : 0xfb80;
      break;
    }
  }
  return [base + (cp >> 15), 0x20, 0x02, 0, (cp & 0x7fff) | 0x8000, 0, 0, 0];
}

function siniform(base: number, offset: number): number[] {
  return [base, 0x20, 0x02, 0, offset | 0x8000, 0, 0, 0];
}
