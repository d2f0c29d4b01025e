/** Reading the subject: assertions, newlines, back references and surrogate pairs. */
import type { NewlineKind } from './ast.js';
import { fold, type CharPred } from './unicode.js';

export const enum Assert {
  START,
  LINE_START,
  END,
  LINE_END,
  ABS_END,
  WORD_B,
  NOT_WORD_B,
  G,
}

/** Where a back reference to `s[from, to)` ends when matched at `pos`, or -1. */
export function backrefEnd(s: string, pos: number, from: number, to: number, caseless: boolean): number {
  const n = to - from;
  if (!caseless) return s.startsWith(s.slice(from, to), pos) ? pos + n : -1;
  let p = pos;
  let q = from;
  while (q < to) {
    if (p >= s.length) return -1;
    const a = s.codePointAt(q)!;
    const b = s.codePointAt(p)!;
    if (a !== b && fold(a) !== fold(b)) return -1;
    q += a > 0xffff ? 2 : 1;
    p += b > 0xffff ? 2 : 1;
  }
  return p;
}

/** Whether the zero-width assertion `kind` holds at `pos`. */
export function assertAt(
  kind: Assert,
  wordPred: CharPred,
  newline: NewlineKind,
  s: string,
  pos: number,
  startOffset: number,
): boolean {
  const len = s.length;
  switch (kind) {
    case Assert.START:
      return pos === 0;
    case Assert.LINE_START:
      return pos === 0 || (pos < len && newlineEndsAt(newline, s, pos));
    case Assert.END:
      if (pos === len) return true;
      {
        const w = newlineAt(newline, s, pos);
        return w > 0 && pos + w === len;
      }
    case Assert.LINE_END:
      return pos === len || newlineAt(newline, s, pos) > 0;
    case Assert.ABS_END:
      return pos === len;
    case Assert.WORD_B:
    case Assert.NOT_WORD_B: {
      const before = pos > 0 && wordPred(codePointBefore(s, pos));
      const after = pos < len && wordPred(s.codePointAt(pos)!);
      return (before !== after) === (kind === Assert.WORD_B);
    }
    case Assert.G:
      return pos === startOffset;
  }
}

/** The length of the newline starting at `pos` under the pattern's newline convention (0 if none). */
export function newlineAt(newline: NewlineKind, s: string, pos: number): number {
  const c = s.charCodeAt(pos);
  switch (newline) {
    case 'LF':
      return c === 10 ? 1 : 0;
    case 'CR':
      return c === 13 ? 1 : 0;
    case 'CRLF':
      return c === 13 && s.charCodeAt(pos + 1) === 10 ? 2 : 0;
    case 'ANYCRLF':
      return c === 13 ? (s.charCodeAt(pos + 1) === 10 ? 2 : 1) : c === 10 ? 1 : 0;
    case 'ANY':
      if (c === 13) return s.charCodeAt(pos + 1) === 10 ? 2 : 1;
      return (c >= 10 && c <= 12) || c === 0x85 || c === 0x2028 || c === 0x2029 ? 1 : 0;
    case 'NUL':
      return c === 0 ? 1 : 0;
  }
}

function newlineEndsAt(newline: NewlineKind, s: string, pos: number): boolean {
  if (pos >= 2 && newlineAt(newline, s, pos - 2) === 2) return true;
  return pos >= 1 && newlineAt(newline, s, pos - 1) === 1;
}

export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

export function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

export function codePointBefore(s: string, pos: number): number {
  const c = s.charCodeAt(pos - 1);
  if (isLowSurrogate(c) && pos >= 2 && isHighSurrogate(s.charCodeAt(pos - 2))) return s.codePointAt(pos - 2)!;
  return c;
}

/** One character back from `p` (a surrogate pair counts as one). */
export function stepBack(s: string, p: number): number {
  return p - (isLowSurrogate(s.charCodeAt(p - 1)) && p >= 2 && isHighSurrogate(s.charCodeAt(p - 2)) ? 2 : 1);
}

/** `\R` at `pos`: CRLF counts as one (the sequence is atomic); 0 when there is none. */
export function newlineSequenceLength(s: string, pos: number, anyCrlfOnly: boolean): number {
  if (pos >= s.length) return 0;
  const c = s.charCodeAt(pos);
  if (c === 13) return s.charCodeAt(pos + 1) === 10 ? 2 : 1;
  if (c === 10) return 1;
  return !anyCrlfOnly && (c === 11 || c === 12 || c === 0x85 || c === 0x2028 || c === 0x2029) ? 1 : 0;
}

let segmenter: Intl.Segmenter | undefined;

/** `\X`: the extended grapheme cluster starting at `pos` (the runtime's Unicode segmentation). */
export function graphemeLength(s: string, pos: number): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = segmenter.segment(s.slice(pos, pos + 64)).containing(0);
  return first === undefined ? 1 : first.segment.length;
}
