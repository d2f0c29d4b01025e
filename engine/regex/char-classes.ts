/**
 * Character types and classes as PCRE2 defines them in UTF mode: without UCP, `\d \s \w`, `\b`
 * and the POSIX classes are ASCII-only (PCRE2's default character tables); with `(*UCP)` they use
 * Unicode properties. `\h` and `\v` are always Unicode.
 */
import { caseVariants, isHSpace, isVSpace, unicodeProperty, type CharPred } from './unicode.js';

export const isDigit: CharPred = (cp) => cp >= 48 && cp <= 57;
export const isSpace: CharPred = (cp) => cp === 32 || (cp >= 9 && cp <= 13);
export const isWord: CharPred = (cp) =>
  (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90) || (cp >= 48 && cp <= 57) || cp === 95;
export { isHSpace, isVSpace } from './unicode.js';

function prop(name: string): CharPred {
  return unicodeProperty(name)!;
}

/** `\d \s \w` (and their UCP meanings) by escape letter. */
export function typeClass(letter: 'd' | 's' | 'w', ucp: boolean): CharPred {
  if (!ucp) return letter === 'd' ? isDigit : letter === 's' ? isSpace : isWord;
  if (letter === 'd') return prop('Nd');
  if (letter === 's') {
    const z = prop('Z');
    return (cp) => isHSpace(cp) || isVSpace(cp) || z(cp);
  }
  return prop('Xwd');
}

const ASCII_POSIX: Record<string, CharPred> = {
  alnum: (cp) => isWord(cp) && cp !== 95,
  alpha: (cp) => (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90),
  ascii: (cp) => cp < 128,
  blank: (cp) => cp === 32 || cp === 9,
  cntrl: (cp) => cp < 32 || cp === 127,
  digit: isDigit,
  graph: (cp) => cp >= 33 && cp <= 126,
  lower: (cp) => cp >= 97 && cp <= 122,
  print: (cp) => cp >= 32 && cp <= 126,
  punct: (cp) => (cp >= 33 && cp <= 126 && !isWord(cp)) || cp === 95,
  space: isSpace,
  upper: (cp) => cp >= 65 && cp <= 90,
  word: isWord,
  xdigit: (cp) => isDigit(cp) || (cp >= 97 && cp <= 102) || (cp >= 65 && cp <= 70),
};

/** `[:name:]`, or undefined for a name PCRE2 does not know. */
export function posixClass(name: string, ucp: boolean): CharPred | undefined {
  const ascii = ASCII_POSIX[name];
  if (!ascii || !ucp) return ascii;
  switch (name) {
    case 'alnum':
      return prop('Xan');
    case 'alpha':
      return prop('L');
    case 'blank':
      return isHSpace;
    case 'cntrl':
      return prop('Cc');
    case 'digit':
      return prop('Nd');
    case 'lower':
      return prop('Ll');
    case 'space':
      return prop('Xps');
    case 'upper':
      return prop('Lu');
    case 'word':
      return prop('Xwd');
    case 'graph': {
      const z = prop('Z');
      const c = prop('C');
      return (cp) => !z(cp) && !c(cp);
    }
    case 'print': {
      const c = prop('C');
      return (cp) => !c(cp) && !(isVSpace(cp) || cp === 0x85);
    }
    case 'punct': {
      const p = prop('P');
      const s = prop('S');
      return (cp) => p(cp) || (cp < 128 && s(cp));
    }
    default:
      return ascii;
  }
}

/** One member of a bracketed class: a range of code points or a predicate (possibly negated). */
export type ClassItem = { lo: number; hi: number } | { pred: CharPred; negated: boolean };

/** Builds `[…]`: caseless adds the other cases of literal characters and ranges (not of types). */
export function buildClass(items: readonly ClassItem[], negated: boolean, caseless: boolean): CharPred {
  const ranges: [number, number][] = [];
  const preds: { pred: CharPred; negated: boolean }[] = [];
  for (const it of items) {
    if ('pred' in it) preds.push(it);
    else ranges.push([it.lo, it.hi]);
  }
  const inRanges = (cp: number): boolean => {
    for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true;
    return false;
  };
  const member = (cp: number): boolean => {
    if (inRanges(cp)) return true;
    if (caseless && ranges.length > 0) for (const v of caseVariants(cp)) if (v !== cp && inRanges(v)) return true;
    for (const p of preds) if (p.pred(cp) !== p.negated) return true;
    return false;
  };
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = member(c) !== negated ? 1 : 0;
  return (cp) => (cp < 128 ? ascii[cp] === 1 : member(cp) !== negated);
}
