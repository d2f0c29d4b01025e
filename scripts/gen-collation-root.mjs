#!/usr/bin/env node
/**
 * Generates engine/collation/uca/root-data.ts: the CLDR root collation (the table ICU's root
 * collator is built from) in a compact form for the engine's Unicode Collation Algorithm.
 *
 * Sources (Debian packages `unicode-cldr-core` and `unicode-data`, both under the Unicode
 * license, see engine/collation/uca/LICENSE-UNICODE.txt):
 *   /usr/share/unicode/cldr/common/uca/allkeys_CLDR.txt   root weights (CLDR's modified DUCET)
 *   /usr/share/unicode/cldr/common/uca/FractionalUCA.txt   ICU's form of the same table: case
 *                                                           bits and reorder-group boundaries
 *   /usr/share/unicode/cldr/common/collation/*.xml         which locales tailor the root order
 *   /usr/share/unicode/UnicodeData.txt                     canonical combining classes
 *
 * Usage: apt-get install unicode-cldr-core unicode-data && node scripts/gen-collation-root.mjs
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const CLDR = process.env.CLDR_DIR ?? '/usr/share/unicode/cldr/common';
const UCD = process.env.UCD_DIR ?? '/usr/share/unicode';
const OUT = new URL('../engine/collation/uca/root-data.ts', import.meta.url);

const hex = (s) => parseInt(s, 16);

// ---- allkeys_CLDR.txt: code point sequence → collation elements ----
const allkeys = readFileSync(`${CLDR}/uca/allkeys_CLDR.txt`, 'utf8');
const version = /^@version (\S+)/m.exec(allkeys)[1];
/** @type {Map<string, {cps:number[], ces:{p:number,s:number,t:number,v:boolean}[]}>} */
const entries = new Map();
for (const line of allkeys.split('\n')) {
  const m = /^([0-9A-F ]+?)\s*;\s*((?:\[[.*][0-9A-F.]+\])+)/.exec(line);
  if (!m) continue;
  const cps = m[1].trim().split(/\s+/).map(hex);
  const ces = [...m[2].matchAll(/\[([.*])([0-9A-F]{4})\.([0-9A-F]{4})\.([0-9A-F]{4})\]/g)].map((c) => ({
    v: c[1] === '*',
    p: hex(c[2]),
    s: hex(c[3]),
    t: hex(c[4]),
  }));
  entries.set(cps.join(' '), { cps, ces });
}

// ---- FractionalUCA.txt: case bits per tertiary weight, group boundaries, numeric lead ----
const fractional = readFileSync(`${CLDR}/uca/FractionalUCA.txt`, 'utf8').split('\n');
/** tertiary weight (allkeys) → ICU case bits (0 lower, 1 mixed, 2 upper) */
const caseOfTertiary = new Map();
const caseConflicts = new Set();
/** Unified_Ideograph ranges: [start, end, core?] (core: the two CJK Unified/Compatibility blocks) */
const unifiedIdeographs = [];
let firstPunctPrimary;
let firstDigitGroupPrimary;
for (let i = 0; i < fractional.length; i++) {
  const line = fractional[i];
  if (line.startsWith('[Unified_Ideograph ')) {
    for (const r of line.slice(19, -1).trim().split(/\s+/)) {
      const [a, b = a] = r.split('..').map(hex);
      unifiedIdeographs.push([a, b, (a >= 0x4e00 && b <= 0x9fff) || (a >= 0xf900 && b <= 0xfaff) ? 1 : 0]);
    }
  }
  if (line.startsWith('FDD1 201C;')) firstPunctPrimary = nextPrimary(i);
  if (line.startsWith('FDD0 0034;')) firstDigitGroupPrimary = nextPrimary(i);
  const m = /^([0-9A-F ]+);\s*((?:\[[^\]]*\])+)\s*#.*?((?:\[[0-9A-F]{4}\.[0-9A-F]{4}\.[0-9A-F]{4}\])+)/.exec(line);
  if (!m || m[1].includes('|')) continue;
  const frac = [...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1].split(',').map((w) => w.trim()));
  const keys = [...m[3].matchAll(/\[([0-9A-F]{4})\.([0-9A-F]{4})\.([0-9A-F]{4})\]/g)].map((x) => hex(x[3]));
  if (frac.length !== keys.length) continue;
  frac.forEach((f, k) => {
    const tb = f[2] ? hex(f[2].split(' ')[0]) : 0;
    if (!f[0] && !f[1]) return; // tertiary CEs carry an artificial case
    const c = tb >> 6;
    const t = keys[k];
    if (caseOfTertiary.has(t) && caseOfTertiary.get(t) !== c) caseConflicts.add(t);
    else caseOfTertiary.set(t, c);
  });
}
function nextPrimary(i) {
  for (let j = i + 1; j < fractional.length; j++) {
    const m = /#.*?\[([0-9A-F]{4})\.[0-9A-F]{4}\.[0-9A-F]{4}\]/.exec(fractional[j]);
    if (m && /^[0-9A-F]/.test(fractional[j])) return hex(m[1]);
  }
  throw new Error('no primary after line ' + i);
}
if (caseConflicts.size > 0)
  throw new Error(`tertiary weights with two cases: ${[...caseConflicts].map((t) => t.toString(16))}`);

// ---- variable range: spaces, then punctuation (symbols and currency are regular in CLDR) ----
let spaceTop = 0;
let punctTop = 0;
for (const { ces } of entries.values()) {
  for (const ce of ces) {
    if (!ce.v) continue;
    punctTop = Math.max(punctTop, ce.p);
    if (ce.p < firstPunctPrimary) spaceTop = Math.max(spaceTop, ce.p);
  }
}
for (const { ces } of entries.values()) {
  for (const ce of ces) {
    if (!ce.v && ce.p > 1 && ce.p <= punctTop) throw new Error(`non-variable primary ${ce.p} in the variable range`);
  }
}

// ---- digits: the primary of each decimal digit value (numericOrdering) ----
const digitP = [...Array(10).keys()].map((d) => entries.get(String(0x30 + d)).ces[0].p);

// ---- encoding ----
// Each entry: "<cp delta or sequence>:<ces>" with CEs as base-36 fields; runs of single code
// points whose one CE has the next primary and the same secondary/tertiary collapse to "+n".
const b36 = (n) => n.toString(36);
const ceText = (ce) => `${ce.v ? '*' : ''}${b36(ce.p)}.${b36(ce.s)}.${b36(ce.t)}`;
const singles = [...entries.values()].filter((e) => e.cps.length === 1).sort((a, b) => a.cps[0] - b.cps[0]);
const multis = [...entries.values()].filter((e) => e.cps.length > 1);
const parts = [];
let prevCp = -1;
for (let i = 0; i < singles.length; i++) {
  const e = singles[i];
  let run = 0;
  while (i + run + 1 < singles.length) {
    const n = singles[i + run + 1];
    const last = singles[i + run];
    if (
      n.cps[0] === last.cps[0] + 1 &&
      n.ces.length === 1 &&
      last.ces.length === 1 &&
      e.ces.length === 1 &&
      n.ces[0].p === last.ces[0].p + 1 &&
      last.ces[0].p !== 0 &&
      n.ces[0].s === e.ces[0].s &&
      n.ces[0].t === e.ces[0].t &&
      n.ces[0].v === e.ces[0].v
    )
      run++;
    else break;
  }
  parts.push(`${b36(e.cps[0] - prevCp)}:${e.ces.map(ceText).join(',')}${run > 0 ? `+${b36(run)}` : ''}`);
  prevCp = e.cps[0] + run;
  i += run;
}
const multiParts = multis.map((e) => `${e.cps.map(b36).join('_')}:${e.ces.map(ceText).join(',')}`);

// ---- canonical combining classes (for discontiguous contractions) ----
const cccRanges = [];
for (const line of readFileSync(`${UCD}/UnicodeData.txt`, 'utf8').split('\n')) {
  const f = line.split(';');
  if (f.length < 4 || f[3] === '0') continue;
  const cp = hex(f[0]);
  const ccc = Number(f[3]);
  const last = cccRanges[cccRanges.length - 1];
  if (last && last[1] === cp - 1 && last[2] === ccc) last[1] = cp;
  else cccRanges.push([cp, cp, ccc]);
}
let prevEnd = 0;
const cccText = cccRanges
  .map(([a, b, c]) => {
    const s = `${b36(a - prevEnd)}${b === a ? '' : `-${b36(b - a)}`}=${b36(c)}`;
    prevEnd = b;
    return s;
  })
  .join(' ');

// ---- locales whose standard collation tailors the root (these keep Intl.Collator) ----
const tailored = new Set(['nb', 'nn', 'no']); // nb and nn inherit Norwegian's rules from "no"
for (const file of readdirSync(`${CLDR}/collation`)) {
  const xml = readFileSync(`${CLDR}/collation/${file}`, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const locale = file.replace(/\.xml$/, '');
  if (/<defaultCollation>(?!standard)/.test(xml)) tailored.add(locale);
  for (const m of xml.matchAll(/<collation\b([^>]*)>([\s\S]*?)<\/collation\s*>/g)) {
    if (!/type="standard"/.test(m[1]) || /alt="/.test(m[1])) continue;
    const rules = (/<cr><!\[CDATA\[([\s\S]*?)\]\]><\/cr>/.exec(m[2])?.[1] ?? '')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter((l) => l !== '' && l !== '[backwards 2]'); // fr_CA: root order read backwards
    if (rules.length > 0 || /<import\b/.test(m[2])) tailored.add(locale);
  }
}
tailored.delete('root');

// ---- per-locale attribute defaults ([caseFirst upper], [normalization on], …) ----
// The server reports every attribute a collation document leaves out as ICU's collator has it
// for the locale; these settings, with [import]s followed, are where ICU gets them.
/** "locale" or "locale@type" → {settings, imports} */
const rawSettings = new Map();
for (const file of readdirSync(`${CLDR}/collation`)) {
  const xml = readFileSync(`${CLDR}/collation/${file}`, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const locale = file.replace(/\.xml$/, '');
  for (const m of xml.matchAll(/<collation\b([^>]*)>([\s\S]*?)<\/collation\s*>/g)) {
    if (/alt="/.test(m[1])) continue;
    const type = /type="([^"]+)"/.exec(m[1])?.[1] ?? 'standard';
    const rules = /<cr><!\[CDATA\[([\s\S]*?)\]\]><\/cr>/.exec(m[2])?.[1] ?? '';
    const settings = {};
    const imports = [];
    for (const x of rules.matchAll(/^\s*\[(\w+)\s+([^\]]*)\]/gm)) {
      const [, key, value] = x;
      if (key === 'import') {
        const [lang, co] = value.trim().split('-u-co-');
        imports.push(`${lang === 'und' ? 'root' : lang.replace(/-/g, '_')}${co && co !== 'standard' ? `@${co}` : ''}`);
      } else if (key === 'caseFirst') settings.caseFirst = value.trim();
      else if (key === 'alternate') settings.alternate = value.trim() === 'shifted' ? 'shifted' : 'non-ignorable';
      else if (key === 'backwards') settings.backwards = value.trim() === '2';
      else if (key === 'normalization') settings.normalization = value.trim() === 'on';
      else if (key === 'caseLevel') settings.caseLevel = value.trim() === 'on';
      else if (key === 'strength') settings.strength = Number(value.trim()) || { I: 5, Q: 4 }[value.trim()] || 3;
      else if (key === 'numericOrdering') settings.numericOrdering = value.trim() === 'on';
    }
    rawSettings.set(`${locale}${type === 'standard' ? '' : `@${type}`}`, { settings, imports });
  }
}
function resolvedSettings(id, seen = new Set()) {
  const raw = rawSettings.get(id);
  if (!raw || seen.has(id)) return {};
  seen.add(id);
  let out = {};
  for (const imported of raw.imports) out = { ...out, ...resolvedSettings(imported, seen) };
  return { ...out, ...raw.settings };
}
const localeSettings = {};
for (const id of [...rawSettings.keys()].sort()) {
  const s = resolvedSettings(id);
  if (Object.keys(s).length > 0) localeSettings[id] = s;
}

const header = `// GENERATED by scripts/gen-collation-root.mjs from the CLDR root collation, UCA ${version} (CLDR 41, Debian unicode-cldr-core,
// unicode-data). Do not edit. Unicode license: see LICENSE-UNICODE.txt beside this file.
`;
const body = `${header}
/** UCA version of the CLDR root table. */
export const ROOT_UCA_VERSION = '${version}';
/** Highest primary of the "space" reorder group (maxVariable: "space"). */
export const SPACE_TOP = ${spaceTop};
/** Highest primary of the "punct" reorder group (maxVariable: "punct", ICU's default). */
export const PUNCT_TOP = ${punctTop};
/** First primary after ICU's numeric lead byte: numbers sort just below it. */
export const DIGIT_GROUP_FIRST_PRIMARY = ${firstDigitGroupPrimary};
/** The primary of each decimal digit value 0–9. */
export const DIGIT_PRIMARIES: readonly number[] = ${JSON.stringify(digitP)};
/** Case bits per tertiary weight (0 lower, 1 mixed, 2 upper), "tertiary:case" pairs in base 36. */
export const TERTIARY_CASES = '${[...caseOfTertiary]
  .filter(([, c]) => c !== 0)
  .map(([t, c]) => `${b36(t)}:${c}`)
  .join(' ')}';
/** Unified_Ideograph ranges as [start, end, core (1: CJK Unified/Compatibility Ideographs block)]. */
export const UNIFIED_IDEOGRAPHS: readonly (readonly [number, number, number])[] = ${JSON.stringify(unifiedIdeographs)};
/** Attribute defaults per locale ("de", "de@phonebook"), from CLDR's collation settings. */
export const LOCALE_SETTINGS: Readonly<Record<string, LocaleSettings>> = ${JSON.stringify(localeSettings)};
export interface LocaleSettings {
  readonly caseFirst?: 'upper' | 'lower' | 'off';
  readonly alternate?: 'non-ignorable' | 'shifted';
  readonly backwards?: boolean;
  readonly normalization?: boolean;
  readonly caseLevel?: boolean;
  readonly strength?: 1 | 2 | 3 | 4 | 5;
  readonly numericOrdering?: boolean;
}
/** Locales (ICU ids) whose standard collation tailors the root order. */
export const TAILORED_LOCALES: readonly string[] = ${JSON.stringify([...tailored].sort())};
/** Canonical combining classes: "delta[-length]=ccc" ranges in base 36. */
export const CCC_RANGES = '${cccText}';
/** Single code points: "delta:ces[+run]", ces "[*]p.s.t" in base 36, ";"-separated. */
export const ROOT_SINGLES = '${parts.join(';')}';
/** Contractions: "cp_cp…:ces". */
export const ROOT_CONTRACTIONS = '${multiParts.join(';')}';
`;
writeFileSync(OUT, body);
console.log(
  `root-data.ts: ${body.length} bytes, ${singles.length} singles in ${parts.length} runs, ${multis.length} contractions, spaceTop=${spaceTop.toString(16)} punctTop=${punctTop.toString(16)} digitGroup=${firstDigitGroupPrimary.toString(16)} tailored=${tailored.size}`,
);

// ---- test fixture: every 64th line of CLDR's own conformance files (UTS #10 §7.2) ----
for (const variant of ['NON_IGNORABLE', 'SHIFTED']) {
  const lines = readFileSync(`${CLDR}/uca/CollationTest_CLDR_${variant}_SHORT.txt`, 'utf8')
    .split('\n')
    .filter((l) => /^[0-9A-F]/.test(l))
    .map((l) => l.split(';')[0].trim());
  const sample = lines.filter((_, i) => i % 64 === 0 || i === lines.length - 1);
  const out = new URL(`../engine/collation/uca/testdata/CollationTest_CLDR_${variant}_SAMPLE.txt`, import.meta.url);
  writeFileSync(
    out,
    `# Every 64th line of CLDR ${version} CollationTest_CLDR_${variant}_SHORT.txt (generated by\n# scripts/gen-collation-root.mjs). Unicode license: see ../LICENSE-UNICODE.txt.\n${sample.join('\n')}\n`,
  );
  console.log(`${variant} sample: ${sample.length} lines`);
}
