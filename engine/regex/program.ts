/**
 * Node tree → a program for the backtracking machine (`machine.ts`). Single-character repeats
 * become one REPEAT instruction that backtracks one character at a time (as PCRE2's character
 * repeats do, without nesting); other repeats are unrolled for their minimum and looped with an
 * empty-iteration check (PCRE2 stops a group repeat that matched the empty string).
 */
import type { AssertKind, Node, ParsedPattern, VerbKind } from './ast.js';
import { PcreCompileError } from './errors.js';
import { fixedLength, groupsByNumber } from './references.js';
import { fold, type CharPred } from './unicode.js';
import { autoPossessive } from './auto-possess.js';
import { Op, Verb } from './machine.js';
import { Assert } from './subject.js';

const ASSERT_CODES: Record<AssertKind, Assert> = {
  start: Assert.START,
  lineStart: Assert.LINE_START,
  end: Assert.END,
  lineEnd: Assert.LINE_END,
  absEnd: Assert.ABS_END,
  wordB: Assert.WORD_B,
  notWordB: Assert.NOT_WORD_B,
  G: Assert.G,
};

const VERB_CODES: Record<Exclude<VerbKind, 'FAIL' | 'ACCEPT'>, Verb> = {
  COMMIT: Verb.COMMIT,
  PRUNE: Verb.PRUNE,
  SKIP: Verb.SKIP,
  THEN: Verb.THEN,
};

/** One instruction; fields are used per opcode (see `machine.ts`). */
export class Inst {
  a = 0;
  b = 0;
  c = 0;
  d = 0;
  pred: CharPred = () => false;
  str = '';
  constructor(readonly op: Op) {}
}

/** PCRE2 with a 2-byte link size refuses compiled patterns past 64K; this is the equivalent cap. */
const MAX_PROGRAM = 65535 * 2;

export interface Program {
  readonly code: Inst[];
  /** Capture slots (2 per group, group 0 included) followed by registers. */
  readonly slotCount: number;
  readonly captureCount: number;
}

interface Frame {
  /** Open capture groups and their start registers, innermost last (ACCEPT closes them). */
  readonly open: [number, number][];
  /** Where ACCEPT jumps inside the innermost lookaround: patched JMPs. */
  readonly acceptJumps: Inst[];
}

export function compileProgram(parsed: ParsedPattern): Program {
  return new Compiler(parsed).compile();
}

class Compiler {
  private readonly code: Inst[] = [];
  private slots: number;
  private readonly groupStart = new Map<number, number>();
  private readonly calls: Inst[] = [];
  private readonly groups: Map<number, Node>;
  private frames: Frame[] = [{ open: [], acceptJumps: [] }];

  constructor(private readonly parsed: ParsedPattern) {
    this.slots = 2 * (parsed.captureCount + 1);
    this.groups = groupsByNumber(parsed.root);
  }

  compile(): Program {
    this.groupStart.set(0, 0);
    this.node(this.parsed.root);
    const ret = this.emit(Op.RET);
    ret.a = 0;
    const match = this.code.length;
    this.emit(Op.MATCH);
    for (const j of this.frames[0]!.acceptJumps) j.a = match;
    for (const call of this.calls) {
      const start = this.groupStart.get(call.b);
      if (start === undefined) throw new PcreCompileError(115, 0);
      call.a = start;
    }
    return { code: this.code, slotCount: this.slots, captureCount: this.parsed.captureCount };
  }

  private emit(op: Op): Inst {
    if (this.code.length >= MAX_PROGRAM) throw new PcreCompileError(120, 0);
    const inst = new Inst(op);
    this.code.push(inst);
    return inst;
  }

  private reg(): number {
    return this.slots++;
  }

  private get pc(): number {
    return this.code.length;
  }

  private node(n: Node): void {
    switch (n.t) {
      case 'empty':
        return;
      case 'char':
        if (n.caseless && fold(n.cp) === n.cp && hasNoOtherCase(n.cp)) {
          this.emit(Op.CHAR).a = n.cp;
        } else if (n.caseless) this.emit(Op.CHARI).a = n.cp;
        else this.literalChar(n.cp);
        return;
      case 'set':
        this.emit(Op.SET).pred = n.pred;
        return;
      case 'newlineSeq':
        this.emit(Op.NLSEQ).a = this.parsed.bsrAnyCrlf ? 1 : 0;
        return;
      case 'grapheme':
        this.emit(Op.GRAPHEME);
        return;
      case 'seq':
        for (let k = 0; k < n.items.length; k++)
          this.node(this.parsed.noAutoPossess ? n.items[k]! : autoPossessive(n.items[k]!, n.items[k + 1]));
        return;
      case 'alt':
        this.alternation(n.alts);
        return;
      case 'group':
        this.group(n);
        return;
      case 'repeat':
        this.repeat(n);
        return;
      case 'assert': {
        const i = this.emit(Op.ASSERT);
        i.a = ASSERT_CODES[n.kind];
        i.pred = n.wordPred;
        return;
      }
      case 'look':
        this.look(n.body, n.negative, n.behind, false, -1);
        return;
      case 'atomic':
        this.look(n.body, false, false, true, -1);
        return;
      case 'backref': {
        const i = this.emit(Op.BACKREF);
        i.a = n.group;
        i.b = n.caseless ? 1 : 0;
        return;
      }
      case 'cond':
        this.conditional(n);
        return;
      case 'call': {
        const i = this.emit(Op.CALL);
        i.b = n.group;
        this.calls.push(i);
        return;
      }
      case 'verb':
        this.verb(n.kind);
        return;
      case 'keep':
        this.emit(Op.KEEP);
        return;
    }
  }

  /** Consecutive case-sensitive characters merge into one STR instruction. */
  private literalChar(cp: number): void {
    const last = this.code[this.code.length - 1];
    const s = String.fromCodePoint(cp);
    if (last && last.op === Op.STR && !this.isJumpTarget(this.pc)) {
      last.str += s;
      return;
    }
    if (last && last.op === Op.CHAR && last.d === 1 && !this.isJumpTarget(this.pc)) {
      // Turn the previous literal CHAR into a STR.
      this.code.pop();
      const str = this.emit(Op.STR);
      str.str = String.fromCodePoint(last.a) + s;
      return;
    }
    const i = this.emit(Op.CHAR);
    i.a = cp;
    i.d = 1; // mergeable
  }

  /** Merging is only safe when nothing jumps between the two characters. */
  private jumpTargets = new Set<number>();
  private isJumpTarget(pc: number): boolean {
    return this.jumpTargets.has(pc);
  }
  private mark(): number {
    this.jumpTargets.add(this.pc);
    return this.pc;
  }

  private alternation(alts: readonly Node[]): void {
    const exits: Inst[] = [];
    for (let k = 0; k < alts.length; k++) {
      if (k < alts.length - 1) {
        const split = this.emit(Op.SPLIT);
        split.a = this.mark();
        this.node(alts[k]!);
        exits.push(this.emit(Op.JMP));
        split.b = this.mark();
      } else this.node(alts[k]!);
    }
    const end = this.mark();
    for (const j of exits) j.a = end;
  }

  private group(n: Node & { t: 'group' }): void {
    if (n.capture === undefined) {
      this.node(n.body);
      return;
    }
    const g = n.capture;
    const tmp = this.reg();
    if (!this.groupStart.has(g)) this.groupStart.set(g, this.mark());
    const open = this.emit(Op.OPEN);
    open.a = tmp;
    this.frames[this.frames.length - 1]!.open.push([g, tmp]);
    this.node(n.body);
    this.frames[this.frames.length - 1]!.open.pop();
    const close = this.emit(Op.CLOSE);
    close.a = g;
    close.b = tmp;
    this.emit(Op.RET).a = g;
    this.mark();
  }

  private isSingleChar(n: Node): boolean {
    return n.t === 'char' || n.t === 'set';
  }

  private repeat(n: Node & { t: 'repeat' }): void {
    if (this.isSingleChar(n.body)) {
      const i = this.emit(Op.REPEAT);
      const body = n.body;
      if (body.t === 'char') {
        const cp = body.cp;
        i.pred = body.caseless ? (c) => c === cp || fold(c) === cp : (c) => c === cp;
      } else if (body.t === 'set') i.pred = body.pred;
      i.a = n.min;
      i.b = n.max === Infinity ? -1 : n.max;
      i.c = n.possessive ? 2 : n.greedy ? 0 : 1;
      this.mark();
      return;
    }
    if (n.possessive) {
      this.look(
        { t: 'repeat', body: n.body, min: n.min, max: n.max, greedy: true, possessive: false },
        false,
        false,
        true,
        -1,
      );
      return;
    }
    for (let k = 0; k < n.min; k++) this.node(n.body);
    if (n.max === n.min) return;
    if (n.max === Infinity) {
      const loop = this.mark();
      const split = this.emit(Op.SPLIT);
      const reg = this.reg();
      const body = this.mark();
      this.emit(Op.LOOP_MARK).a = reg;
      this.node(n.body);
      const exit = this.emit(Op.LOOP_EXIT_IF_EMPTY);
      exit.a = reg;
      this.emit(Op.JMP).a = loop;
      const end = this.mark();
      exit.b = end;
      if (n.greedy) [split.a, split.b] = [body, end];
      else [split.a, split.b] = [end, body];
      return;
    }
    const splits: Inst[] = [];
    for (let k = n.min; k < n.max; k++) {
      const split = this.emit(Op.SPLIT);
      split.c = this.mark();
      splits.push(split);
      this.node(n.body);
    }
    const end = this.mark();
    for (const s of splits) {
      if (n.greedy) [s.a, s.b] = [s.c, end];
      else [s.a, s.b] = [end, s.c];
    }
  }

  /**
   * Lookarounds and atomic groups: LOOK pushes a barrier; LOOK_END cuts back to it. `fail` is the
   * pc to continue at when the assertion is false (conditions), or -1 to backtrack.
   */
  private look(body: Node, negative: boolean, behind: boolean, atomic: boolean, fail: number): Inst {
    const look = this.emit(Op.LOOK);
    look.a = negative ? 1 : 0;
    look.c = fail;
    look.d = atomic ? 1 : 0;
    const lookPc = this.pc - 1;
    const frame: Frame = { open: [], acceptJumps: [] };
    this.frames.push(frame);
    if (behind) {
      const alts = body.t === 'alt' ? body.alts : [body];
      const exits: Inst[] = [];
      for (let k = 0; k < alts.length; k++) {
        const split = k < alts.length - 1 ? this.emit(Op.SPLIT) : undefined;
        if (split) split.a = this.mark();
        const len = fixedLength(alts[k]!, this.groups)!;
        this.emit(Op.BEHIND).a = len;
        this.node(alts[k]!);
        this.emit(Op.BEHIND_CHECK).a = lookPc;
        if (split) {
          exits.push(this.emit(Op.JMP));
          split.b = this.mark();
        }
      }
      const end = this.mark();
      for (const j of exits) j.a = end;
    } else this.node(body);
    this.frames.pop();
    const endPc = this.mark();
    for (const j of frame.acceptJumps) j.a = endPc;
    this.emit(Op.LOOK_END).a = lookPc;
    look.b = this.mark();
    return look;
  }

  private conditional(n: Node & { t: 'cond' }): void {
    const c = n.cond;
    if (c.kind === 'look') {
      const look = this.look(c.node.body, c.node.negative, c.node.behind, false, -1);
      // look.b (assertion true) runs `yes`; look.c (assertion false) runs `no`.
      this.node(n.yes);
      const skip = this.emit(Op.JMP);
      look.c = this.mark();
      this.node(n.no);
      skip.a = this.mark();
      return;
    }
    if (c.kind === 'define') {
      // Never run in place; its groups exist for subroutine calls.
      const skip = this.emit(Op.JMP);
      this.node(n.yes);
      skip.a = this.mark();
      return;
    }
    if (c.kind === 'always') {
      this.node(c.value ? n.yes : n.no);
      return;
    }
    const test = this.emit(c.kind === 'group' ? Op.COND_GROUP : Op.COND_RECURSION);
    test.a = c.group ?? -1;
    this.node(n.yes);
    const skip = this.emit(Op.JMP);
    test.b = this.mark();
    this.node(n.no);
    skip.a = this.mark();
  }

  private verb(kind: VerbKind): void {
    if (kind === 'FAIL') {
      this.emit(Op.FAIL);
      return;
    }
    if (kind === 'ACCEPT') {
      // Close the open capture groups of every enclosing level up to the lookaround/pattern.
      const frame = this.frames[this.frames.length - 1]!;
      for (let k = frame.open.length - 1; k >= 0; k--) {
        const [g, tmp] = frame.open[k]!;
        const close = this.emit(Op.CLOSE);
        close.a = g;
        close.b = tmp;
      }
      frame.acceptJumps.push(this.emit(Op.JMP));
      return;
    }
    this.emit(Op.VERB).a = VERB_CODES[kind];
  }
}

function hasNoOtherCase(cp: number): boolean {
  const s = String.fromCodePoint(cp);
  return s.toUpperCase() === s && s.toLowerCase() === s;
}
