/** Backslash escapes and bracketed classes (`pcre2_compile.c`'s `check_escape` and class parsing). */
import type { AssertKind, CharType, Node } from './ast.js';
import { buildClass, isHSpace, isVSpace, posixClass, typeClass, type ClassItem } from './char-classes.js';
import { isDigitCode, isWordCode, type Scanner } from './scanner.js';
import { peekBraces } from './parse-quantifier.js';
import { unicodeProperty, type CharPred } from './unicode.js';

/** What the parser needs to know while reading an escape. */
export interface EscapeContext {
  readonly caseless: boolean;
  readonly ucp: boolean;
  /** Capture groups opened so far (decides whether `\10` is a reference or octal). */
  readonly capturesSoFar: number;
  readonly notNewline: CharPred;
  readonly wordPred: CharPred;
}

export type Escape =
  | { kind: 'char'; cp: number }
  | { kind: 'pred'; pred: CharPred; type?: CharType }
  | { kind: 'node'; node: Node }
  | { kind: 'quote' } // \Q
  | { kind: 'none' }; // \E outside a quote

const SIMPLE: Record<string, number> = { a: 7, e: 27, f: 12, n: 10, r: 13, t: 9 };
const ASSERTS: Record<string, AssertKind> = { b: 'wordB', B: 'notWordB', A: 'start', z: 'absEnd', Z: 'end', G: 'G' };

const not =
  (p: CharPred): CharPred =>
  (cp) =>
    !p(cp);

const isOctal = (c: number): boolean => c >= 48 && c <= 55;
const isHex = (c: number): boolean => isDigitCode(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** Reads the escape after a backslash (the cursor is past the backslash). */
export function parseEscape(sc: Scanner, ctx: EscapeContext, inClass: boolean): Escape {
  if (sc.done) sc.fail(101);
  const c = sc.ch();
  const code = sc.peek();
  if (code >= 0x80 || !isWordCode(code)) {
    sc.next();
    return { kind: 'char', cp: code };
  }
  sc.i++;
  if (c in SIMPLE) return { kind: 'char', cp: SIMPLE[c]! };
  switch (c) {
    case 'd':
    case 's':
    case 'w':
      return { kind: 'pred', pred: typeClass(c, ctx.ucp), ...(ctx.ucp ? {} : { type: c }) };
    case 'D':
    case 'S':
    case 'W':
      return {
        kind: 'pred',
        pred: not(typeClass(c.toLowerCase() as 'd' | 's' | 'w', ctx.ucp)),
        ...(ctx.ucp ? {} : { type: c }),
      };
    case 'h':
      return { kind: 'pred', pred: isHSpace, type: 'h' };
    case 'H':
      return { kind: 'pred', pred: not(isHSpace), type: 'H' };
    case 'v':
      return { kind: 'pred', pred: isVSpace, type: 'v' };
    case 'V':
      return { kind: 'pred', pred: not(isVSpace), type: 'V' };
    case 'p':
    case 'P':
      return { kind: 'pred', pred: parseProperty(sc, c === 'P') };
    case 'Q':
      return { kind: 'quote' };
    case 'E':
      return { kind: 'none' };
    case '0': {
      let v = 0;
      for (let n = 0; n < 2 && isOctal(sc.peek()); n++) v = v * 8 + (sc.next() - 48);
      return { kind: 'char', cp: v };
    }
    case 'o':
      return { kind: 'char', cp: braced(sc, 8) };
    case 'x':
      if (sc.ch() === '{') return { kind: 'char', cp: braced(sc, 16) };
      {
        let v = 0;
        for (let n = 0; n < 2 && isHex(sc.peek()); n++) v = v * 16 + parseInt(String.fromCharCode(sc.next()), 16);
        return { kind: 'char', cp: v };
      }
    case 'c': {
      if (sc.done) sc.fail(102);
      let x = sc.peek();
      if (x < 32 || x > 126) sc.fail(168);
      sc.next();
      if (x >= 97 && x <= 122) x -= 32;
      return { kind: 'char', cp: x ^ 0x40 };
    }
    case 'N':
      // `\N{U+hh}` is a code point; `\N{2}`, `\N{1,3}` are `\N` with a quantifier (PCRE2's
      // parse_escape reads the braces as repeat counts); any other brace is `\N{name}` (137).
      if (sc.ch() === '{') {
        if (sc.startsWith('{U+')) return { kind: 'char', cp: bracedUPlus(sc) };
        if (!peekBraces(sc)) sc.fail(137);
      }
      if (inClass) sc.fail(171);
      return { kind: 'pred', pred: ctx.notNewline };
    case 'L':
    case 'l':
    case 'U':
    case 'u':
    case 'F':
      sc.fail(137);
  }
  if (isDigitCode(code)) return digitEscape(sc, ctx, inClass, code);
  if (inClass) {
    if (c === 'b') return { kind: 'char', cp: 8 };
    sc.i--;
    sc.fail(107);
  }
  if (c in ASSERTS) return { kind: 'node', node: { t: 'assert', kind: ASSERTS[c]!, wordPred: ctx.wordPred } };
  switch (c) {
    case 'R':
      return { kind: 'node', node: { t: 'newlineSeq' } };
    case 'X':
      return { kind: 'node', node: { t: 'grapheme' } };
    case 'K':
      return { kind: 'node', node: { t: 'keep' } };
    case 'C':
      return { kind: 'pred', pred: () => true };
    case 'g':
      return { kind: 'node', node: parseG(sc, ctx) };
    case 'k': {
      const open = sc.ch();
      const close = open === '<' ? '>' : open === "'" ? "'" : open === '{' ? '}' : '';
      if (!close) sc.fail(169);
      sc.i++;
      return { kind: 'node', node: { t: 'backref', group: -1, name: sc.name(close), caseless: ctx.caseless } };
    }
  }
  sc.i--;
  sc.fail(103);
}

/** `\1`…: a back reference, or an octal escape when there are not that many groups (`\8` `\9` in a class are literal). */
function digitEscape(sc: Scanner, ctx: EscapeContext, inClass: boolean, code: number): Escape {
  if (inClass) {
    if (!isOctal(code)) return { kind: 'char', cp: code };
    sc.i--;
    return { kind: 'char', cp: octal3(sc) };
  }
  const start = sc.i - 1;
  sc.i = start;
  const ds = sc.digits();
  const n = Number(ds);
  if (n < 10 || code === 56 || code === 57 || n <= ctx.capturesSoFar) {
    if (n > 65535) sc.fail(161);
    return { kind: 'node', node: { t: 'backref', group: n, caseless: ctx.caseless } };
  }
  sc.i = start;
  return { kind: 'char', cp: octal3(sc) };
}

function octal3(sc: Scanner): number {
  let v = 0;
  for (let n = 0; n < 3 && isOctal(sc.peek()); n++) v = v * 8 + (sc.next() - 48);
  return v;
}

/** `\o{…}` / `\x{…}`: the cursor is at the brace. */
function braced(sc: Scanner, radix: 8 | 16): number {
  if (!sc.eat('{')) sc.fail(155);
  const start = sc.i;
  while (!sc.done && sc.ch() !== '}') {
    const d = sc.peek();
    if (radix === 8 ? !isOctal(d) : !isHex(d)) sc.fail(radix === 8 ? 164 : 167);
    sc.i++;
  }
  if (sc.done) sc.fail(radix === 8 ? 164 : 167);
  const digits = sc.p.slice(start, sc.i);
  sc.i++;
  if (digits === '') sc.fail(178);
  const v = parseInt(digits, radix);
  if (v > 0x10ffff) sc.fail(134);
  if (v >= 0xd800 && v <= 0xdfff) sc.fail(173);
  return v;
}

function bracedUPlus(sc: Scanner): number {
  // cursor at '{' of "{U+hhh}"
  sc.i++;
  sc.i += 2; // "U+"
  const start = sc.i;
  while (!sc.done && sc.ch() !== '}') {
    if (!isHex(sc.peek())) sc.fail(167);
    sc.i++;
  }
  if (sc.done) sc.fail(167);
  const digits = sc.p.slice(start, sc.i);
  sc.i++;
  if (digits === '') sc.fail(178);
  const v = parseInt(digits, 16);
  if (v > 0x10ffff) sc.fail(134);
  if (v >= 0xd800 && v <= 0xdfff) sc.fail(173);
  return v;
}

function parseProperty(sc: Scanner, negatedEscape: boolean): CharPred {
  let name: string;
  let negated = negatedEscape;
  if (sc.ch() === '{') {
    const close = sc.p.indexOf('}', sc.i);
    if (close < 0) sc.fail(146);
    name = sc.p.slice(sc.i + 1, close);
    sc.i = close + 1;
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
  } else {
    if (sc.done) sc.fail(146);
    name = String.fromCodePoint(sc.next());
  }
  const pred = unicodeProperty(name);
  if (!pred) sc.fail(147);
  return negated ? not(pred) : pred;
}

/** `\g`: `\g{n}` `\g{-n}` `\gn` `\g-n` `\g{name}` are references; `\g<…>` `\g'…'` are calls. */
function parseG(sc: Scanner, ctx: EscapeContext): Node {
  const open = sc.ch();
  if (open === '<' || open === "'") {
    const close = open === '<' ? '>' : "'";
    sc.i++;
    const ref = relativeNumber(sc, ctx);
    if (ref !== undefined) {
      if (!sc.eat(close)) sc.fail(157);
      return { t: 'call', group: ref };
    }
    return { t: 'call', group: -1, name: sc.name(close) };
  }
  const braced = sc.eat('{');
  const ref = relativeNumber(sc, ctx);
  if (ref !== undefined) {
    if (braced && !sc.eat('}')) sc.fail(157);
    return { t: 'backref', group: ref, caseless: ctx.caseless };
  }
  if (!braced) sc.fail(157);
  return { t: 'backref', group: -1, name: sc.name('}'), caseless: ctx.caseless };
}

/** `n`, `+n` or `-n` as an absolute group number (undefined if no number is there). */
export function relativeNumber(sc: Scanner, ctx: { capturesSoFar: number }): number | undefined {
  const sign = sc.ch() === '-' || sc.ch() === '+' ? sc.ch() : '';
  if (sign && !isDigitCode(sc.peek(1))) return undefined;
  if (!sign && !isDigitCode(sc.peek())) return undefined;
  if (sign) sc.i++;
  const n = Number(sc.digits());
  if (n > 65535) sc.fail(161);
  if (sign === '') {
    if (n === 0) return 0;
    return n;
  }
  if (n === 0) sc.fail(126);
  if (sign === '+') return ctx.capturesSoFar + n;
  // PCRE2 resolves a backward relative reference while parsing: none that far back is error 115.
  if (n > ctx.capturesSoFar) sc.fail(115);
  return ctx.capturesSoFar - n + 1;
}

/** A bracketed class; the cursor is past the `[`. */
export function parseClass(sc: Scanner, ctx: EscapeContext, extendedMore: boolean): Node {
  let negated = false;
  if (sc.ch() === '^') {
    negated = true;
    sc.i++;
  }
  const items: ClassItem[] = [];
  let first = true;
  let inQuote = false;
  for (;;) {
    if (sc.done) sc.fail(106);
    if (inQuote) {
      if (sc.eat('\\E')) {
        inQuote = false;
        continue;
      }
      addMaybeRange(sc, ctx, items, sc.next());
      first = false;
      continue;
    }
    const c = sc.ch();
    if (c === ']' && !first) {
      sc.i++;
      break;
    }
    first = false;
    if (extendedMore && (c === ' ' || c === '\t')) {
      sc.i++;
      continue;
    }
    if (c === '[' && (sc.ch(1) === ':' || sc.ch(1) === '.' || sc.ch(1) === '=')) {
      const posix = readPosix(sc, ctx);
      if (posix) {
        items.push(posix);
        if (sc.ch() === '-' && sc.ch(1) !== ']') sc.fail(150);
        continue;
      }
    }
    if (c === '\\') {
      sc.i++;
      const e = parseEscape(sc, ctx, true);
      if (e.kind === 'quote') {
        inQuote = true;
        continue;
      }
      if (e.kind === 'none') continue;
      if (e.kind === 'pred') {
        items.push({ pred: e.pred, negated: false });
        if (sc.ch() === '-' && sc.ch(1) !== ']' && sc.ch(1) !== '') sc.fail(150);
        continue;
      }
      if (e.kind !== 'char') sc.fail(107);
      addMaybeRange(sc, ctx, items, e.cp);
      continue;
    }
    addMaybeRange(sc, ctx, items, sc.next());
  }
  return { t: 'set', pred: buildClass(items, negated, ctx.caseless) };
}

/** A literal class member, or the start of a range `lo-hi`. */
function addMaybeRange(sc: Scanner, ctx: EscapeContext, items: ClassItem[], lo: number): void {
  if (sc.ch() !== '-' || sc.ch(1) === ']' || sc.ch(1) === '') {
    items.push({ lo, hi: lo });
    return;
  }
  const save = sc.i;
  sc.i++;
  let hi: number;
  if (sc.startsWith('\\Q')) {
    sc.i += 2;
    if (sc.eat('\\E')) {
      sc.i = save;
      items.push({ lo, hi: lo });
      return;
    }
    hi = sc.next();
    sc.eat('\\E');
  } else if (sc.ch() === '\\') {
    sc.i++;
    const e = parseEscape(sc, ctx, true);
    if (e.kind === 'pred') sc.fail(150);
    if (e.kind !== 'char') sc.fail(107);
    hi = e.cp;
  } else if (sc.ch() === '[' && (sc.ch(1) === ':' || sc.ch(1) === '.' || sc.ch(1) === '=') && posixEnd(sc) >= 0) {
    sc.fail(150);
  } else hi = sc.next();
  if (hi < lo) sc.fail(108);
  items.push({ lo, hi });
}

/** The index after the `:]` closing a POSIX class starting at the cursor, or -1. */
function posixEnd(sc: Scanner): number {
  const term = sc.ch(1);
  for (let j = sc.i + 2; j < sc.p.length; j++) {
    const c = sc.p[j]!;
    if (c === '\\' && (sc.p[j + 1] === ']' || sc.p[j + 1] === '\\')) {
      j++;
      continue;
    }
    if (c === '[' && (sc.p[j + 1] === ':' || sc.p[j + 1] === '.' || sc.p[j + 1] === '=')) return -1;
    if (c === ']') return sc.p[j - 1] === term ? j + 1 : -1;
  }
  return -1;
}

function readPosix(sc: Scanner, ctx: EscapeContext): ClassItem | undefined {
  const end = posixEnd(sc);
  if (end < 0) return undefined;
  const term = sc.ch(1);
  if (term !== ':') sc.fail(113);
  let name = sc.p.slice(sc.i + 2, end - 2);
  sc.i = end;
  let negated = false;
  if (name.startsWith('^')) {
    negated = true;
    name = name.slice(1);
  }
  // Under caseless matching [:upper:] and [:lower:] match every letter.
  if (ctx.caseless && (name === 'upper' || name === 'lower')) name = ctx.ucp ? 'alpha' : 'alpha';
  const pred = posixClass(name, ctx.ucp);
  if (!pred) sc.fail(130);
  return { pred, negated };
}
