/**
 * PCRE2 pattern syntax → node tree (`pcre2_compile.c` semantics in UTF mode): groups of every
 * kind, inline options scoped to the enclosing group (`a(?i)b|c` also makes `c` caseless),
 * quantifiers with lazy/possessive suffixes, `\Q…\E`, extended mode, start-of-pattern options such
 * as `(*UCP)` and `(*CRLF)`, backtracking verbs. Errors carry PCRE2's texts.
 */
import type { Condition, NewlineKind, Node, ParsedPattern } from './ast.js';
import { isWord, typeClass } from './char-classes.js';
import { parseClass, parseEscape, relativeNumber, type EscapeContext } from './parse-escape.js';
import { Scanner, isDigitCode } from './scanner.js';
import { skipExtendedSpace } from './extended-space.js';
import { fold, type CharPred } from './unicode.js';
import { checkLookbehinds, resolveReferences } from './references.js';
import { applyQuantifier, readBraces, seq } from './parse-quantifier.js';
import {
  notNewlinePred,
  readCallout,
  readConditionRef,
  readOptionLetters,
  readStartOptions,
  readVerb,
  type Options,
} from './parse-options.js';

export { NO_OPTIONS, type Options } from './parse-options.js';

/** PCRE2's limit on nested parentheses (PARENS_NEST_LIMIT). */
const MAX_NESTING = 250;

export function parsePattern(pattern: string, options: Options): ParsedPattern {
  return new Parser(pattern).parse(options);
}

class Parser {
  private readonly sc: Scanner;
  private ucp = false;
  private newline: NewlineKind = 'LF';
  private bsrAnyCrlf = false;
  private matchLimit: number | undefined;
  private depthLimit: number | undefined;
  private notEmpty = false;
  private notEmptyAtStart = false;
  private noStartOpt = false;
  private noAutoPossess = false;
  private captures = 0;
  private readonly names = new Map<string, number>();
  private readonly refs: Node[] = [];
  private readonly conds: Condition[] = [];
  private inQuote = false;
  private nesting = 0;
  /** How many lookarounds enclose the cursor (`\K` inside one is error 199). */
  private lookDepth = 0;
  private notNewline: CharPred = (cp) => cp !== 10;

  constructor(pattern: string) {
    this.sc = new Scanner(pattern);
  }

  parse(options: Options): ParsedPattern {
    this.startOptions();
    const root = this.alternation({ ...options });
    if (!this.sc.done) this.sc.fail(122);
    const referenceError = resolveReferences(root, this.refs, this.conds, this.names, this.captures);
    checkLookbehinds(root);
    if (referenceError) throw referenceError;
    return {
      root,
      captureCount: this.captures,
      names: this.names,
      newline: this.newline,
      bsrAnyCrlf: this.bsrAnyCrlf,
      matchLimit: this.matchLimit,
      depthLimit: this.depthLimit,
      notEmpty: this.notEmpty,
      notEmptyAtStart: this.notEmptyAtStart,
      noStartOpt: this.noStartOpt,
      noAutoPossess: this.noAutoPossess,
    };
  }

  private startOptions(): void {
    const start = readStartOptions(this.sc);
    Object.assign(this, start);
    this.notNewline = notNewlinePred(this.newline);
  }

  private ctx(o: Options): EscapeContext {
    return {
      caseless: o.i,
      ucp: this.ucp,
      capturesSoFar: this.captures,
      notNewline: this.notNewline,
      wordPred: this.ucp ? typeClass('w', true) : isWord,
    };
  }

  /** Alternatives up to `)` or the end. Option changes persist to the end of the group. */
  private alternation(o: Options): Node {
    const alts: Node[] = [];
    let items: Node[] = [];
    const sc: Scanner = this.sc;
    for (;;) {
      if (!this.inQuote) this.skipExtended(o);
      if (sc.done) break;
      if (!this.inQuote) {
        const c = sc.ch();
        if (c === '|') {
          sc.i++;
          alts.push(seq(items));
          items = [];
          continue;
        }
        if (c === ')') break;
      }
      const atom = this.atom(o);
      if (atom === null) continue;
      items.push(this.quantifier(atom, o));
    }
    alts.push(seq(items));
    return alts.length === 1 ? alts[0]! : { t: 'alt', alts };
  }

  /** Extended mode: white space and `#` comments between items are not part of the pattern. */
  private skipExtended(o: Options): void {
    if (o.x) skipExtendedSpace(this.sc, this.notNewline);
  }

  private atom(o: Options): Node | null {
    const sc: Scanner = this.sc;
    if (this.inQuote) {
      if (sc.eat('\\E')) {
        this.inQuote = false;
        return null;
      }
      return this.literal(sc.next(), o);
    }
    const c = sc.ch();
    switch (c) {
      case '\\': {
        sc.i++;
        const e = parseEscape(sc, this.ctx(o), false);
        if (e.kind === 'quote') {
          this.inQuote = true;
          return null;
        }
        if (e.kind === 'none') return null;
        if (e.kind === 'char') return this.literal(e.cp, o);
        if (e.kind === 'pred') return e.type ? { t: 'set', pred: e.pred, type: e.type } : { t: 'set', pred: e.pred };
        if (e.node.t === 'backref' || e.node.t === 'call' || (e.node.t === 'keep' && this.lookDepth > 0))
          this.refs.push(e.node);
        return e.node;
      }
      case '[':
        sc.i++;
        if (sc.ch() === ':' || sc.ch() === '.' || sc.ch() === '=') {
          const term = sc.ch();
          const close = sc.p.indexOf(`${term}]`, sc.i + 1);
          if (close > 0 && !sc.p.slice(sc.i + 1, close).includes(']')) sc.fail(term === ':' ? 112 : 113);
        }
        return parseClass(sc, this.ctx(o), o.xx);
      case '(':
        return this.group(o);
      case '.':
        sc.i++;
        return { t: 'set', pred: o.s ? () => true : this.notNewline, dot: o.s ? 'any' : 'nonl' };
      case '^':
        sc.i++;
        return { t: 'assert', kind: o.m ? 'lineStart' : 'start', wordPred: isWord };
      case '$':
        sc.i++;
        return { t: 'assert', kind: o.m ? 'lineEnd' : 'end', wordPred: isWord };
      case '*':
      case '+':
      case '?':
        sc.fail(109);
      // falls through (unreachable)
      case '{':
        if (readBraces(sc) !== undefined) sc.fail(109);
        sc.i++;
        return this.literal(123, o);
    }
    return this.literal(sc.next(), o);
  }

  private literal(cp: number, o: Options): Node {
    return { t: 'char', cp: o.i ? fold(cp) : cp, caseless: o.i };
  }

  private quantifier(atom: Node, o: Options): Node {
    const sc: Scanner = this.sc;
    for (;;) {
      if (this.inQuote) {
        if (!sc.startsWith('\\E')) return atom;
        sc.i += 2;
        this.inQuote = false;
        continue;
      }
      if (sc.startsWith('\\E')) {
        sc.i += 2;
        continue;
      }
      if (sc.startsWith('\\Q\\E')) {
        sc.i += 4;
        continue;
      }
      const before = sc.i;
      this.skipExtended(o);
      if (sc.i === before) break;
    }
    return applyQuantifier(sc, atom, o, () => this.skipExtended(o));
  }

  private enter(): void {
    if (++this.nesting > MAX_NESTING) this.sc.fail(119);
  }

  /** The body of a group up to its `)`; the cursor ends past it. */
  private body(o: Options): Node {
    this.enter();
    const node = this.alternation({ ...o });
    if (!this.sc.eat(')')) this.sc.fail(114);
    this.nesting--;
    return node;
  }

  /** The body of a lookaround. */
  private lookBody(o: Options): Node {
    this.lookDepth++;
    const node = this.body(o);
    this.lookDepth--;
    return node;
  }

  private group(o: Options): Node | null {
    const sc: Scanner = this.sc;
    sc.i++; // (
    if (sc.ch() === '*') return this.verbOrAlpha(o);
    if (sc.ch() !== '?') {
      if (o.n) return { t: 'group', capture: undefined, body: this.body(o) };
      const n = this.newCapture();
      return { t: 'group', capture: n, body: this.body(o) };
    }
    sc.i++; // ?
    const c = sc.ch();
    switch (c) {
      case '#': {
        const close = sc.p.indexOf(')', sc.i);
        if (close < 0) sc.fail(118);
        sc.i = close + 1;
        return null;
      }
      case ':':
        sc.i++;
        return { t: 'group', capture: undefined, body: this.body(o) };
      case '|':
        sc.i++;
        return this.branchReset(o);
      case '>':
        sc.i++;
        return { t: 'atomic', body: this.body(o) };
      case '=':
      case '!':
        sc.i++;
        return { t: 'look', behind: false, negative: c === '!', body: this.lookBody(o) };
      case '*':
        sc.i++;
        return { t: 'look', behind: false, negative: false, body: this.lookBody(o) };
      case '<': {
        sc.i++;
        if (sc.ch() === '=' || sc.ch() === '!') {
          const negative = sc.ch() === '!';
          sc.i++;
          return { t: 'look', behind: true, negative, body: this.lookBody(o) };
        }
        if (sc.ch() === '*') {
          sc.i++;
          return { t: 'look', behind: true, negative: false, body: this.lookBody(o) };
        }
        return this.namedGroup(sc.name('>'), o);
      }
      case "'":
        sc.i++;
        return this.namedGroup(sc.name("'"), o);
      case 'P': {
        sc.i++;
        const k = sc.ch();
        sc.i++;
        if (k === '<') return this.namedGroup(sc.name('>'), o);
        if (k === '=') return this.ref({ t: 'backref', group: -1, name: sc.name(')'), caseless: o.i });
        if (k === '>') return this.ref({ t: 'call', group: -1, name: sc.name(')') });
        sc.i--;
        sc.fail(141);
      }
      // falls through (unreachable)
      case '&':
        sc.i++;
        return this.ref({ t: 'call', group: -1, name: sc.name(')') });
      case 'R':
        sc.i++;
        if (!sc.eat(')')) sc.fail(158);
        return this.ref({ t: 'call', group: 0 });
      case '(':
        return this.conditional(o);
      case 'C':
        readCallout(sc);
        return null;
    }
    if (isDigitCode(sc.peek()) || ((c === '+' || c === '-') && isDigitCode(sc.peek(1)))) {
      const n = relativeNumber(sc, { capturesSoFar: this.captures })!;
      if (!sc.eat(')')) sc.fail(115);
      return this.ref({ t: 'call', group: n });
    }
    if (c === '+') sc.fail(129);
    return this.optionGroup(o);
  }

  private newCapture(): number {
    if (this.captures >= 65535) this.sc.fail(197);
    return ++this.captures;
  }

  private ref(node: Node): Node {
    this.refs.push(node);
    return node;
  }

  private namedGroup(name: string, o: Options): Node {
    const n = this.newCapture();
    const existing = this.names.get(name);
    if (existing !== undefined && existing !== n && !o.J) this.sc.fail(143);
    if (existing === undefined) this.names.set(name, n);
    return { t: 'group', capture: n, body: this.body(o) };
  }

  /** `(?|…)`: every alternative numbers its groups from the same start. */
  private branchReset(o: Options): Node {
    this.enter();
    const start = this.captures;
    let max = start;
    const alts: Node[] = [];
    const sc: Scanner = this.sc;
    const inner = { ...o };
    for (;;) {
      this.captures = start;
      const alt = this.alternationUntilBar(inner);
      max = Math.max(max, this.captures);
      alts.push(alt);
      if (sc.eat('|')) continue;
      if (!sc.eat(')')) sc.fail(114);
      break;
    }
    this.nesting--;
    this.captures = max;
    return { t: 'group', capture: undefined, body: alts.length === 1 ? alts[0]! : { t: 'alt', alts } };
  }

  /** One alternative (stops before `|` or `)`). */
  private alternationUntilBar(o: Options): Node {
    const items: Node[] = [];
    const sc: Scanner = this.sc;
    for (;;) {
      if (!this.inQuote) this.skipExtended(o);
      if (sc.done) break;
      if (!this.inQuote && (sc.ch() === '|' || sc.ch() === ')')) break;
      const atom = this.atom(o);
      if (atom === null) continue;
      items.push(this.quantifier(atom, o));
    }
    return seq(items);
  }

  /** `(?imnsxJU-imnsxJU)` (changes `o` for the rest of the group) or `(?…:…)`. */
  private optionGroup(o: Options): Node | null {
    const sc: Scanner = this.sc;
    const next = readOptionLetters(sc, o);
    if (sc.eat(')')) {
      Object.assign(o, next);
      return null;
    }
    sc.i++; // :
    return { t: 'group', capture: undefined, body: this.body(next) };
  }

  private verbOrAlpha(o: Options): Node | null {
    const v = readVerb(this.sc);
    if (v.kind === 'mark') return null;
    if (v.kind === 'verb') return { t: 'verb', kind: v.verb };
    if (v.look === 'atomic') return { t: 'atomic', body: this.body(o) };
    if (v.look === 'group') return { t: 'group', capture: undefined, body: this.body(o) };
    return { t: 'look', ...v.look, body: this.lookBody(o) };
  }

  private conditional(o: Options): Node {
    const sc: Scanner = this.sc;
    sc.i++; // the condition's (
    let cond: Condition;
    if (sc.ch() === '?' || sc.ch() === '*') {
      sc.i--; // re-read "(?=" as a group
      const look = this.group(o);
      if (!look || look.t !== 'look') sc.fail(128);
      cond = { kind: 'look', node: look };
    } else {
      cond = readConditionRef(sc, this.captures);
      this.conds.push(cond);
    }
    this.enter();
    const body = this.alternation({ ...o });
    if (!sc.eat(')')) sc.fail(114);
    this.nesting--;
    const alts = body.t === 'alt' ? body.alts : [body];
    if (alts.length > 2) sc.fail(127);
    if (cond.kind === 'define' && alts.length > 1) sc.fail(154);
    return { t: 'cond', cond, yes: alts[0]!, no: alts[1] ?? { t: 'empty' } };
  }
}
