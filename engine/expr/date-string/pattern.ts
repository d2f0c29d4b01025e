/**
 * A small regular-expression scanner with re2c's semantics for timelib's date parser: anchored at
 * one position, the longest match over all patterns wins (not the first one a backtracking
 * engine would take), the earliest pattern on a tie. Patterns are timelib's own constant
 * definitions, never user input.
 *
 * Syntax: literals, `\x41`, `\t`, `\.`-style escapes, classes `[a-z\-]`, groups `(?:…)`,
 * case-insensitive groups `(?i:…)` (ASCII letters only, as re2c's quoted strings), `|`, and the
 * quantifiers `?`, `*`, `+`, `{m}`, `{m,n}`. Input is a byte string (one char per UTF-8 byte).
 */

type Node =
  | { readonly t: 'char'; readonly test: (c: number) => boolean }
  | { readonly t: 'seq'; readonly items: readonly Node[] }
  | { readonly t: 'alt'; readonly items: readonly Node[] }
  | { readonly t: 'rep'; readonly item: Node; readonly min: number; readonly max: number };


const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation(false);
    if (this.i !== this.src.length) throw new Error(`pattern: unexpected '${this.src[this.i]}' in ${this.src}`);
    return node;
  }

  private alternation(ci: boolean): Node {
    const items = [this.sequence(ci)];
    while (this.src[this.i] === '|') {
      this.i++;
      items.push(this.sequence(ci));
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  private sequence(ci: boolean): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') items.push(this.quantified(ci));
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  private quantified(ci: boolean): Node {
    let node = this.atom(ci);
    for (;;) {
      const c = this.src[this.i];
      if (c === '?') node = { t: 'rep', item: node, min: 0, max: 1 };
      else if (c === '*') node = { t: 'rep', item: node, min: 0, max: Infinity };
      else if (c === '+') node = { t: 'rep', item: node, min: 1, max: Infinity };
      else if (c === '{' && /^\{\d/.test(this.src.slice(this.i))) {
        const m = /^\{(\d+)(?:,(\d+))?\}/.exec(this.src.slice(this.i))!;
        node = { t: 'rep', item: node, min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : Number(m[2]) };
        this.i += m[0].length - 1;
      } else return node;
      this.i++;
    }
  }

  private atom(ci: boolean): Node {
    const c = this.src[this.i]!;
    if (c === '(') {
      let inner = ci;
      if (this.src.startsWith('(?i:', this.i)) {
        inner = true;
        this.i += 4;
      } else if (this.src.startsWith('(?:', this.i)) this.i += 3;
      else throw new Error(`pattern: only (?:…) and (?i:…) groups, in ${this.src}`);
      const node = this.alternation(inner);
      if (this.src[this.i] !== ')') throw new Error(`pattern: unclosed group in ${this.src}`);
      this.i++;
      return node;
    }
    if (c === '[') return this.charClass();
    const code = this.literal();
    return ci ? { t: 'char', test: (x) => lower(x) === lower(code) } : { t: 'char', test: (x) => x === code };
  }

  /** One literal character (possibly escaped), as a char code. */
  private literal(): number {
    const c = this.src[this.i++]!;
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.src[this.i++]!;
    if (e === 'x') {
      const hex = this.src.slice(this.i, this.i + 2);
      this.i += 2;
      return parseInt(hex, 16);
    }
    if (e === 't') return 9;
    if (e === 'n') return 10;
    return e.charCodeAt(0);
  }

  private charClass(): Node {
    this.i++;
    const ranges: [number, number][] = [];
    while (this.src[this.i] !== ']') {
      const from = this.literal();
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']') {
        this.i++;
        ranges.push([from, this.literal()]);
      } else ranges.push([from, from]);
    }
    this.i++;
    return { t: 'char', test: (x) => ranges.some(([a, b]) => x >= a && x <= b) };
  }
}

interface NfaState {
  readonly eps: number[];
  readonly edges: { readonly test: (c: number) => boolean; readonly to: number }[];
  /** The rule this state accepts (its index), or -1. */
  accept: number;
}

/** Thompson construction: every pattern's NFA under one start state. */
class Nfa {
  readonly states: NfaState[] = [];
  add(): number {
    this.states.push({ eps: [], edges: [], accept: -1 });
    return this.states.length - 1;
  }
  /** A fresh fragment for `node`: [start, end]. */
  build(node: Node): [number, number] {
    switch (node.t) {
      case 'char': {
        const a = this.add();
        const b = this.add();
        this.states[a]!.edges.push({ test: node.test, to: b });
        return [a, b];
      }
      case 'seq': {
        const start = this.add();
        let end = start;
        for (const item of node.items) {
          const [s, e] = this.build(item);
          this.states[end]!.eps.push(s);
          end = e;
        }
        return [start, end];
      }
      case 'alt': {
        const start = this.add();
        const end = this.add();
        for (const item of node.items) {
          const [s, e] = this.build(item);
          this.states[start]!.eps.push(s);
          this.states[e]!.eps.push(end);
        }
        return [start, end];
      }
      case 'rep': {
        const start = this.add();
        let end = start;
        for (let k = 0; k < node.min; k++) {
          const [s, e] = this.build(node.item);
          this.states[end]!.eps.push(s);
          end = e;
        }
        const out = this.add();
        this.states[end]!.eps.push(out);
        if (node.max === Infinity) {
          const [s, e] = this.build(node.item);
          this.states[end]!.eps.push(s);
          this.states[e]!.eps.push(s, out);
        } else {
          for (let k = node.min; k < node.max; k++) {
            const [s, e] = this.build(node.item);
            this.states[end]!.eps.push(s);
            this.states[e]!.eps.push(out);
            end = e;
          }
        }
        return [start, out];
      }
    }
  }
}

interface DfaState {
  readonly nfa: readonly number[];
  /** The earliest rule accepting here, or -1. */
  readonly accept: number;
  /** Transitions by byte, filled lazily: undefined = not computed yet, null = dead. */
  readonly next: (DfaState | null | undefined)[];
}

/**
 * A scanner over several patterns with re2c's choice: the longest match over all of them and,
 * on a tie, the pattern listed first. The NFA is simulated as a DFA built lazily (subset
 * construction, one cached state per set of NFA states), so scanning is linear in the token.
 */
export class LongestMatch {
  private readonly nfa = new Nfa();
  private readonly start: DfaState;
  private readonly cache = new Map<string, DfaState>();

  constructor(sources: readonly string[]) {
    const root = this.nfa.add();
    sources.forEach((src, index) => {
      const [s, e] = this.nfa.build(new Parser(src).parse());
      this.nfa.states[root]!.eps.push(s);
      this.nfa.states[e]!.accept = index;
    });
    this.start = this.state([root]);
  }

  private state(seeds: readonly number[]): DfaState {
    const seen = new Set<number>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const e of this.nfa.states[n]!.eps) if (!seen.has(e)) stack.push(e);
    }
    const nfa = [...seen].sort((a, b) => a - b);
    const key = nfa.join(',');
    let found = this.cache.get(key);
    if (!found) {
      let accept = -1;
      for (const n of nfa) {
        const a = this.nfa.states[n]!.accept;
        if (a >= 0 && (accept < 0 || a < accept)) accept = a;
      }
      found = { nfa, accept, next: [] };
      this.cache.set(key, found);
    }
    return found;
  }

  private step(from: DfaState, c: number): DfaState | null {
    const known = from.next[c];
    if (known !== undefined) return known;
    const targets: number[] = [];
    for (const n of from.nfa) for (const edge of this.nfa.states[n]!.edges) if (edge.test(c)) targets.push(edge.to);
    const to = targets.length === 0 ? null : this.state(targets);
    from.next[c] = to;
    return to;
  }

  /**
   * The longest match at `pos` (`index` of its pattern, `length`), or null. Chars are bytes.
   * A state that loops on a character keeps itself across the whole span of such characters, so
   * that span is crossed in one step (`spans`, computed once per string and state): a long run
   * costs the same at every position, where re2c would rescan it each time.
   */
  match(s: string, pos: number, spans: Spans): { index: number; length: number } | null {
    let best: { index: number; length: number } | null = null;
    let state: DfaState | null = this.start;
    for (let i = pos; state; i++) {
      if (state.accept >= 0 && (!best || i - pos > best.length)) best = { index: state.accept, length: i - pos };
      if (i >= s.length) break;
      const next = this.step(state, s.charCodeAt(i) & 0xff);
      if (next === state) i = this.spanEnd(s, state, spans)[i]! - 1;
      state = next;
    }
    return best;
  }

  /** For each position, where the span of characters `state` loops on ends. */
  private spanEnd(s: string, state: DfaState, spans: Spans): Int32Array {
    let out = spans.get(state);
    if (!out) {
      out = new Int32Array(s.length);
      for (let i = s.length - 1; i >= 0; i--) {
        const loops = this.step(state, s.charCodeAt(i) & 0xff) === state;
        out[i] = loops && i + 1 < s.length && this.step(state, s.charCodeAt(i + 1) & 0xff) === state ? out[i + 1]! : i + 1;
      }
      spans.set(state, out);
    }
    return out;
  }
}

/** Per-string memory of `LongestMatch.match`; make one per scanned string. */
export type Spans = Map<object, Int32Array>;
