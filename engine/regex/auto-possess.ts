/**
 * PCRE2's auto-possessification (pcre2_auto_possess.c): a single-character repeat followed by an
 * item it cannot match is made possessive. For a literal follower this never changes an answer.
 * Between two character types PCRE2 decides by its table `autoposstab`, which also pairs a few
 * types that overlap under newline LF (`.` and `\R` both match CR and U+2028; `\S` and `\R`,
 * `\h`, `\v` share U+0085, U+00A0, U+2028; …): there the possessive repeat can miss a match a
 * backtracking one finds, and the server answers that way, so the table is applied as it is —
 * to greedy and lazy repeats alike, as `auto_possessify` converts both.
 */
import type { CharType, Node } from './ast.js';
import { caseVariants, fold, type CharPred } from './unicode.js';

/** The type opcodes of the table (`any` is `.` without DOTALL, `R` is `\R`). */
type TypeOp = CharType | 'any' | 'R';

/** The row of each repeated type: the types that may follow it for PCRE2 to possessify it. */
const POSSESSIFY_BEFORE: Record<TypeOp, ReadonlySet<TypeOp>> = {
  D: new Set(['d']),
  d: new Set(['D', 's', 'W', 'R', 'h', 'v']),
  S: new Set(['s', 'R', 'h', 'v']),
  s: new Set(['d', 'S', 'w']),
  W: new Set(['d', 'w']),
  w: new Set(['s', 'W', 'R', 'h', 'v']),
  any: new Set(['R']),
  R: new Set(['d', 's', 'w', 'any', 'h']),
  H: new Set(['h']),
  h: new Set(['d', 'S', 'w', 'R', 'H', 'v']),
  V: new Set(['R', 'v']),
  v: new Set(['d', 'S', 'w', 'h', 'V']),
};

function typeOp(n: Node): TypeOp | undefined {
  if (n.t === 'newlineSeq') return 'R';
  if (n.t !== 'set') return undefined;
  return n.type ?? (n.dot === 'nonl' ? 'any' : undefined);
}

/** Whether every way `next` can start is a type the table lets `left` be possessive before. */
function tableAllows(left: TypeOp, next: Node): boolean {
  const op = typeOp(next);
  if (op !== undefined) return POSSESSIFY_BEFORE[left].has(op);
  if (next.t === 'repeat' && next.min > 0 && !next.possessive) return tableAllows(left, next.body);
  if (next.t === 'group') {
    const alts = next.body.t === 'alt' ? next.body.alts : [next.body];
    return alts.every((a) => {
      const first = a.t === 'seq' ? a.items[0] : a;
      return first !== undefined && first.t !== 'empty' && tableAllows(left, first);
    });
  }
  return false;
}

/** `n` made possessive when PCRE2 would auto-possessify it before `next`. */
export function autoPossessive(n: Node, next: Node | undefined): Node {
  if (n.t !== 'repeat' || n.possessive || next === undefined) return n;
  const body = n.body;
  const left = n.min !== n.max ? typeOp(body) : undefined;
  if (left !== undefined && tableAllows(left, next)) return { ...n, possessive: true, greedy: true };
  if (!n.greedy || next.t !== 'char') return n;
  if (body.t !== 'char' && body.t !== 'set') return n;
  const pred: CharPred =
    body.t === 'set' ? body.pred : body.caseless ? (c) => fold(c) === body.cp : (c) => c === body.cp;
  const candidates = next.caseless ? caseVariants(next.cp) : [next.cp];
  if (candidates.some((c) => pred(c))) return n;
  return { ...n, possessive: true };
}
