/** Option letters, start-of-pattern settings, verbs, callouts and condition references. */
import type { Condition, NewlineKind, VerbKind } from './ast.js';
import { relativeNumber } from './parse-escape.js';
import { isDigitCode, type Scanner } from './scanner.js';
import type { CharPred } from './unicode.js';

export interface Options {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
  xx: boolean;
  n: boolean;
  U: boolean;
  J: boolean;
}

export const NO_OPTIONS: Options = { i: false, m: false, s: false, x: false, xx: false, n: false, U: false, J: false };

const VERBS: Record<string, VerbKind> = {
  ACCEPT: 'ACCEPT',
  FAIL: 'FAIL',
  F: 'FAIL',
  COMMIT: 'COMMIT',
  PRUNE: 'PRUNE',
  SKIP: 'SKIP',
  THEN: 'THEN',
};

const LOOK_NAMES: Record<string, { behind: boolean; negative: boolean } | 'atomic' | 'group'> = {
  pla: { behind: false, negative: false },
  positive_lookahead: { behind: false, negative: false },
  nla: { behind: false, negative: true },
  negative_lookahead: { behind: false, negative: true },
  plb: { behind: true, negative: false },
  positive_lookbehind: { behind: true, negative: false },
  nlb: { behind: true, negative: true },
  negative_lookbehind: { behind: true, negative: true },
  napla: { behind: false, negative: false },
  non_atomic_positive_lookahead: { behind: false, negative: false },
  naplb: { behind: true, negative: false },
  non_atomic_positive_lookbehind: { behind: true, negative: false },
  atomic: 'atomic',
  sr: 'group',
  script_run: 'group',
  asr: 'atomic',
  atomic_script_run: 'atomic',
};

const START_OPTIONS =
  /^\(\*(UTF8|UTF|UCP|NOTEMPTY_ATSTART|NOTEMPTY|NO_AUTO_POSSESS|NO_DOTSTAR_ANCHOR|NO_JIT|NO_START_OPT|CRLF|CR|LF|ANYCRLF|ANY|NUL|BSR_ANYCRLF|BSR_UNICODE|LIMIT_(?:HEAP|MATCH|DEPTH|RECURSION)=(\d+))\)/;

/** Settings a pattern can make at its very start, such as `(*UCP)` or `(*LIMIT_MATCH=1000)`. */
export interface StartSettings {
  ucp: boolean;
  newline: NewlineKind;
  bsrAnyCrlf: boolean;
  matchLimit: number | undefined;
  depthLimit: number | undefined;
  notEmpty: boolean;
  notEmptyAtStart: boolean;
  /** (*NO_START_OPT): try every starting position (no start-up optimizations). */
  noStartOpt: boolean;
  /** (*NO_AUTO_POSSESS) */
  noAutoPossess: boolean;
}

export function readStartOptions(sc: Scanner): StartSettings {
  const out: StartSettings = {
    ucp: false,
    newline: 'LF',
    bsrAnyCrlf: false,
    matchLimit: undefined,
    depthLimit: undefined,
    notEmpty: false,
    notEmptyAtStart: false,
    noStartOpt: false,
    noAutoPossess: false,
  };
  for (;;) {
    const m = START_OPTIONS.exec(sc.p.slice(sc.i, sc.i + 40));
    if (!m) break;
    sc.i += m[0].length;
    const name = m[1]!;
    if (name === 'UCP') out.ucp = true;
    else if (name === 'NOTEMPTY') out.notEmpty = true;
    else if (name === 'NOTEMPTY_ATSTART') out.notEmptyAtStart = true;
    else if (name === 'NO_START_OPT') out.noStartOpt = true;
    else if (name === 'NO_AUTO_POSSESS') out.noAutoPossess = true;
    else if (name === 'BSR_ANYCRLF') out.bsrAnyCrlf = true;
    else if (name === 'BSR_UNICODE') out.bsrAnyCrlf = false;
    else if (['CR', 'LF', 'CRLF', 'ANYCRLF', 'ANY', 'NUL'].includes(name)) out.newline = name as NewlineKind;
    else if (name.startsWith('LIMIT_MATCH')) out.matchLimit = Math.min(out.matchLimit ?? Infinity, Number(m[2]));
    else if (name.startsWith('LIMIT_DEPTH') || name.startsWith('LIMIT_RECURSION'))
      out.depthLimit = Math.min(out.depthLimit ?? Infinity, Number(m[2]));
  }
  return out;
}

/** The letters of `(?imnsxJU-imnsxJU)` / `(?^…)` applied to `o`; the cursor stops at `)` or `:`. */
export function readOptionLetters(sc: Scanner, o: Options): Options {
  const next = { ...o };
  let unset = false;
  if (sc.ch() === '^') {
    sc.i++;
    Object.assign(next, { i: false, m: false, n: false, s: false, x: false, xx: false });
    if (sc.ch() === '-') sc.fail(194);
  }
  for (;;) {
    const c = sc.ch();
    if (c === ')' || c === ':') return next;
    sc.i++;
    switch (c) {
      case '-':
        if (unset) sc.fail(194);
        unset = true;
        continue;
      case 'i':
      case 'm':
      case 'n':
      case 's':
      case 'J':
      case 'U':
        next[c] = !unset;
        continue;
      case 'x':
        if (sc.ch() === 'x') {
          sc.i++;
          next.xx = !unset;
        }
        next.x = !unset;
        if (unset) next.xx = false;
        continue;
      default:
        sc.i--;
        sc.fail(111);
    }
  }
}

/** `(?C…)`: callouts are accepted and do nothing (the server sets no callout function). */
export function readCallout(sc: Scanner): void {
  sc.i++; // C
  const d = sc.digits();
  if (d !== '') {
    if (Number(d) > 255) sc.fail(138);
  } else if (sc.ch() !== ')') {
    const open = sc.ch();
    const close = open === '{' ? '}' : open;
    const end = sc.p.indexOf(close, sc.i + 1);
    if (end < 0) sc.fail(139);
    sc.i = end + 1;
  }
  if (!sc.eat(')')) sc.fail(139);
}

export type VerbSyntax =
  | { kind: 'verb'; verb: VerbKind }
  | { kind: 'mark' }
  | { kind: 'look'; look: { behind: boolean; negative: boolean } | 'atomic' | 'group' };

/** `(*VERB)`, `(*VERB:NAME)`, `(*:NAME)` or `(*alpha_assertion:`; the cursor is at the `*`. */
export function readVerb(sc: Scanner): VerbSyntax {
  sc.i++; // *
  const m = /^([A-Za-z_]*)(:|\))/.exec(sc.p.slice(sc.i, sc.i + 64));
  if (!m) sc.fail(160);
  const word = m[1]!;
  sc.i += m[0].length;
  if (word !== '' && word === word.toLowerCase() && m[2] === ':') {
    const look = LOOK_NAMES[word];
    if (!look) sc.fail(195);
    return { kind: 'look', look };
  }
  let hasArg = false;
  if (m[2] === ':') {
    const close = sc.p.indexOf(')', sc.i);
    if (close < 0) sc.fail(160);
    hasArg = close > sc.i;
    sc.i = close + 1;
  }
  if (word === '' || word === 'MARK') {
    if (!hasArg) sc.fail(166);
    return { kind: 'mark' };
  }
  const verb = VERBS[word];
  if (!verb) sc.fail(160);
  return { kind: 'verb', verb };
}

/** The condition of `(?(…)…)` other than an assertion; the cursor is past `(?(`. */
export function readConditionRef(sc: Scanner, captures: number): Condition {
  const close = (): void => {
    if (!sc.eat(')')) sc.fail(124);
  };
  const num = relativeNumber(sc, { capturesSoFar: captures });
  if (num !== undefined) {
    close();
    if (num === 0) sc.fail(115);
    return { kind: 'group', group: num };
  }
  if (sc.ch() === '<' || sc.ch() === "'") {
    const term = sc.ch() === '<' ? '>' : "'";
    sc.i++;
    const name = sc.name(term);
    close();
    return { kind: 'group', group: -1, name };
  }
  if (sc.eat('R&')) return { kind: 'recursion', group: -1, name: sc.name(')') };
  if (sc.startsWith('R') && (sc.ch(1) === ')' || isDigitCode(sc.peek(1)))) {
    sc.i++;
    const d = sc.digits();
    close();
    return { kind: 'recursion', group: d === '' ? undefined : Number(d) };
  }
  if (sc.startsWith('DEFINE)')) {
    sc.i += 7;
    return { kind: 'define' };
  }
  if (sc.startsWith('VERSION')) {
    const m = /^VERSION(>?=)(\d+)(?:\.(\d+))?\)/.exec(sc.p.slice(sc.i, sc.i + 32));
    if (!m) sc.fail(179);
    sc.i += m[0].length;
    const want = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0').slice(0, 2));
    const have = 1042;
    return { kind: 'always', value: m[1] === '=' ? have === want : have >= want };
  }
  const name = sc.name(')');
  return { kind: 'group', group: -1, name };
}

/** What `.` (without `s`), `\N` and `$` treat as a line break under each newline convention. */
export function notNewlinePred(nl: NewlineKind): CharPred {
  switch (nl) {
    case 'LF':
      return (cp) => cp !== 10;
    case 'CR':
      return (cp) => cp !== 13;
    case 'CRLF':
    case 'ANYCRLF':
      return (cp) => cp !== 10 && cp !== 13;
    case 'ANY':
      return (cp) => !((cp >= 10 && cp <= 13) || cp === 0x85 || cp === 0x2028 || cp === 0x2029);
    case 'NUL':
      return (cp) => cp !== 0;
  }
}
