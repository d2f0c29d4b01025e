/** The parsed pattern: a tree of nodes with every option (i, m, s, x, UCP) already resolved. */
import type { CharPred } from './unicode.js';

export type AssertKind =
  | 'start' // ^ without m, \A
  | 'lineStart' // ^ with m
  | 'end' // $ without m, \Z: end or before a final newline
  | 'lineEnd' // $ with m
  | 'absEnd' // \z
  | 'wordB' // \b
  | 'notWordB' // \B
  | 'G'; // \G: at the starting offset

/** The character-type escapes PCRE2 compiles to type opcodes (`\d \s \w` only without UCP). */
export type CharType = 'd' | 'D' | 's' | 'S' | 'w' | 'W' | 'h' | 'H' | 'v' | 'V';

export type VerbKind = 'FAIL' | 'ACCEPT' | 'COMMIT' | 'PRUNE' | 'SKIP' | 'THEN';

export type Node =
  | { t: 'empty' }
  | { t: 'char'; cp: number; caseless: boolean }
  | { t: 'set'; pred: CharPred; dot?: 'any' | 'nonl'; type?: CharType }
  | { t: 'newlineSeq' } // \R
  | { t: 'grapheme' } // \X
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'group'; capture: number | undefined; body: Node }
  | { t: 'repeat'; body: Node; min: number; max: number; greedy: boolean; possessive: boolean }
  | { t: 'assert'; kind: AssertKind; wordPred: CharPred }
  | { t: 'look'; behind: boolean; negative: boolean; body: Node }
  | { t: 'atomic'; body: Node }
  | { t: 'backref'; group: number; name?: string; caseless: boolean }
  | { t: 'cond'; cond: Condition; yes: Node; no: Node }
  | { t: 'call'; group: number; name?: string }
  | { t: 'verb'; kind: VerbKind }
  | { t: 'keep' };

export type Condition =
  | { kind: 'group'; group: number; name?: string }
  | { kind: 'recursion'; group: number | undefined; name?: string } // (?(R)…), (?(R1)…), (?(R&name)…)
  | { kind: 'define' }
  | { kind: 'always'; value: boolean } // (?(VERSION…)…)
  | { kind: 'look'; node: Node & { t: 'look' } };

/** Newline conventions selectable with (*LF), (*CR), (*CRLF), (*ANYCRLF), (*ANY), (*NUL). */
export type NewlineKind = 'LF' | 'CR' | 'CRLF' | 'ANYCRLF' | 'ANY' | 'NUL';

export interface ParsedPattern {
  readonly root: Node;
  readonly captureCount: number;
  readonly names: ReadonlyMap<string, number>;
  readonly newline: NewlineKind;
  readonly bsrAnyCrlf: boolean;
  readonly matchLimit: number | undefined;
  readonly depthLimit: number | undefined;
  readonly notEmpty: boolean;
  readonly notEmptyAtStart: boolean;
  readonly noStartOpt: boolean;
  readonly noAutoPossess: boolean;
}
