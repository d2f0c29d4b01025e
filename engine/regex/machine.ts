/**
 * The backtracking machine. The backtrack stack holds 4-int frames: choice points (counted
 * against PCRE2's match limit, and their nesting against its depth limit, as `pcre2_match`
 * counts its backtracking frames), capture restores, lookaround barriers and verbs. Limits are
 * per starting position, as in PCRE2, so no pattern can run without bound.
 */
import type { NewlineKind } from './ast.js';
import { PcreMatchError } from './errors.js';
import type { Inst, Program } from './program.js';
import { fold } from './unicode.js';
import { assertAt, backrefEnd, graphemeLength, newlineSequenceLength, stepBack } from './subject.js';

/* The opcodes live here so that the hot switch below sees them as literal constants. */
export const enum Op {
  CHAR,
  CHARI,
  SET,
  STR,
  SPLIT,
  JMP,
  OPEN,
  CLOSE,
  REPEAT,
  ASSERT,
  NLSEQ,
  GRAPHEME,
  BACKREF,
  LOOK,
  LOOK_END,
  BEHIND,
  BEHIND_CHECK,
  LOOP_MARK,
  LOOP_EXIT_IF_EMPTY,
  COND_GROUP,
  COND_RECURSION,
  FAIL,
  VERB,
  KEEP,
  CALL,
  RET,
  MATCH,
}

export const enum Verb {
  COMMIT,
  PRUNE,
  SKIP,
  THEN,
}

const K_ALT = 1;
const K_RESTORE = 2;
const K_REPEAT = 3;
const K_BARRIER = 4;
const K_VERB = 5;
const K_CALLS = 6;

export const MATCHED = -2;
export const NO_MATCH = -1;
export const ABORT = -3;

/** Frames PCRE2 counts against the match limit at every attempted start position. */
export const FRAMES_AT_START = 2;

interface CallFrame {
  readonly group: number;
  readonly ret: number;
  readonly pos: number;
  readonly saved: Int32Array;
  readonly next: CallFrame | null;
}

export interface MachineOptions {
  readonly newline: NewlineKind;
  readonly notEmpty: boolean;
  readonly notEmptyAtStart: boolean;
  readonly matchLimit: number;
  readonly depthLimit: number;
}

export class Machine {
  readonly slots: Int32Array;
  private st = new Int32Array(256);
  private sp = 0;
  private count = 0;
  private depth = 0;
  private calls: CallFrame | null = null;
  private objs: (CallFrame | null)[] = [];
  private readonly code: Inst[];
  private readonly captureSlots: number;

  constructor(
    program: Program,
    private readonly opts: MachineOptions,
  ) {
    this.code = program.code;
    this.slots = new Int32Array(program.slotCount);
    this.captureSlots = 2 * (program.captureCount + 1);
  }

  private push(kind: number, a: number, b: number, c: number): void {
    if (this.sp + 4 > this.st.length) {
      const bigger = new Int32Array(this.st.length * 2);
      bigger.set(this.st);
      this.st = bigger;
    }
    const st = this.st;
    const sp = this.sp;
    st[sp] = kind;
    st[sp + 1] = a;
    st[sp + 2] = b;
    st[sp + 3] = c;
    this.sp = sp + 4;
  }

  /** Records a backtracking point, as PCRE2's `RMATCH` does (and counts it). */
  private choice(kind: number, a: number, b: number, c: number): void {
    if (++this.count > this.opts.matchLimit) throw new PcreMatchError(-47);
    if (++this.depth > this.opts.depthLimit) throw new PcreMatchError(-53);
    this.push(kind, a, b, c);
  }

  private setSlot(slot: number, value: number): void {
    this.push(K_RESTORE, slot, this.slots[slot]!, 0);
    this.slots[slot] = value;
  }

  private setCalls(next: CallFrame | null): void {
    this.objs.push(this.calls);
    this.push(K_CALLS, this.objs.length - 1, 0, 0);
    this.calls = next;
  }

  /** One matching attempt at `start`: MATCHED, NO_MATCH, ABORT (COMMIT) or a SKIP position. */
  run(s: string, start: number, startOffset: number): number {
    const code = this.code;
    const slots = this.slots;
    const len = s.length;
    slots.fill(-1);
    slots[0] = start;
    this.sp = 0;
    // pcre2_match's match() counts its first frame and the RMATCH of the pattern's outermost
    // bracket (always taken at depth 0) before looking at the subject: (*LIMIT_MATCH=1) fails
    // at any attempted start, (*LIMIT_MATCH=2) needs a pattern without groups or choices.
    this.count = FRAMES_AT_START;
    if (this.count > this.opts.matchLimit) throw new PcreMatchError(-47);
    this.depth = 0;
    this.calls = null;
    if (this.objs.length > 0) this.objs.length = 0;
    let pc = 0;
    let pos = start;
    outer: for (;;) {
      const inst = code[pc]!;
      switch (inst.op) {
        case Op.CHAR: {
          const want = inst.a;
          if (want <= 0xffff) {
            if (pos < len && s.charCodeAt(pos) === want) {
              pos++;
              pc++;
              continue outer;
            }
          } else if (s.codePointAt(pos) === want) {
            pos += 2;
            pc++;
            continue outer;
          }
          break;
        }
        case Op.STR:
          if (s.startsWith(inst.str, pos)) {
            pos += inst.str.length;
            pc++;
            continue outer;
          }
          break;
        case Op.CHARI: {
          if (pos >= len) break;
          const cp = s.codePointAt(pos)!;
          if (cp === inst.a || fold(cp) === inst.a) {
            pos += cp > 0xffff ? 2 : 1;
            pc++;
            continue outer;
          }
          break;
        }
        case Op.SET: {
          if (pos >= len) break;
          const cp = s.codePointAt(pos)!;
          if (inst.pred(cp)) {
            pos += cp > 0xffff ? 2 : 1;
            pc++;
            continue outer;
          }
          break;
        }
        case Op.SPLIT:
          this.choice(K_ALT, inst.b, pos, 0);
          pc = inst.a;
          continue outer;
        case Op.JMP:
          pc = inst.a;
          continue outer;
        case Op.OPEN:
          // A capturing bracket is entered through RMATCH (OP_CBRA): one more counted frame.
          if (++this.count > this.opts.matchLimit) throw new PcreMatchError(-47);
          this.setSlot(inst.a, pos);
          pc++;
          continue outer;
        case Op.CLOSE:
          this.setSlot(2 * inst.a, slots[inst.b]!);
          this.setSlot(2 * inst.a + 1, pos);
          pc++;
          continue outer;
        case Op.REPEAT: {
          const max = inst.b < 0 ? 0x7fffffff : inst.b;
          const pred = inst.pred;
          let p = pos;
          let n = 0;
          if (inst.c === 1) {
            while (n < inst.a) {
              if (p >= len) break;
              const cp = s.codePointAt(p)!;
              if (!pred(cp)) break;
              p += cp > 0xffff ? 2 : 1;
              n++;
            }
            if (n < inst.a) break;
            if (n < max) this.choice(K_REPEAT, pc, p, n);
          } else {
            while (n < max && p < len) {
              const cp = s.codePointAt(p)!;
              if (!pred(cp)) break;
              p += cp > 0xffff ? 2 : 1;
              n++;
            }
            if (n < inst.a) break;
            if (inst.c === 0 && n > inst.a) this.choice(K_REPEAT, pc, p, n);
          }
          pos = p;
          pc++;
          continue outer;
        }
        case Op.ASSERT:
          if (assertAt(inst.a, inst.pred, this.opts.newline, s, pos, startOffset)) {
            pc++;
            continue outer;
          }
          break;
        case Op.NLSEQ: {
          const w = newlineSequenceLength(s, pos, inst.a === 1);
          if (w === 0) break;
          pos += w;
          pc++;
          continue outer;
        }
        case Op.GRAPHEME:
          if (pos >= len) break;
          pos += graphemeLength(s, pos);
          pc++;
          continue outer;
        case Op.BACKREF: {
          const from = slots[2 * inst.a]!;
          const to = slots[2 * inst.a + 1]!;
          if (from < 0 || to < 0) break;
          const end = backrefEnd(s, pos, from, to, inst.b === 1);
          if (end < 0) break;
          pos = end;
          pc++;
          continue outer;
        }
        case Op.LOOK:
          this.choice(K_BARRIER, pc, pos, 0);
          pc++;
          continue outer;
        case Op.LOOK_END: {
          const look = code[inst.a]!;
          const k = this.findBarrier(inst.a);
          const saved = this.st[k + 2]!;
          if (look.a === 0) {
            this.cut(k);
            if (look.d === 0) pos = saved;
            pc = look.b;
            continue outer;
          }
          this.unwind(k);
          if (look.c >= 0) {
            pos = saved;
            pc = look.c;
            continue outer;
          }
          break;
        }
        case Op.BEHIND: {
          let p = pos;
          for (let n = 0; n < inst.a; n++) {
            if (p <= 0) {
              p = -1;
              break;
            }
            p = stepBack(s, p);
          }
          if (p < 0) break;
          pos = p;
          pc++;
          continue outer;
        }
        case Op.BEHIND_CHECK:
          if (pos === this.st[this.findBarrier(inst.a) + 2]) {
            pc++;
            continue outer;
          }
          break;
        case Op.LOOP_MARK:
          this.setSlot(inst.a, pos);
          pc++;
          continue outer;
        case Op.LOOP_EXIT_IF_EMPTY:
          pc = pos === slots[inst.a] ? inst.b : pc + 1;
          continue outer;
        case Op.COND_GROUP:
          pc = slots[2 * inst.a + 1]! >= 0 ? pc + 1 : inst.b;
          continue outer;
        case Op.COND_RECURSION: {
          const calls = this.calls;
          const yes = inst.a < 0 ? calls !== null : calls !== null && calls.group === inst.a;
          pc = yes ? pc + 1 : inst.b;
          continue outer;
        }
        case Op.FAIL:
          break;
        case Op.VERB:
          this.push(K_VERB, inst.a, pos, 0);
          pc++;
          continue outer;
        case Op.KEEP:
          this.setSlot(0, pos);
          pc++;
          continue outer;
        case Op.CALL: {
          for (let f = this.calls; f !== null; f = f.next) {
            if (f.group === inst.b && f.pos === pos) throw new PcreMatchError(-52);
          }
          const frame: CallFrame = {
            group: inst.b,
            ret: pc + 1,
            pos,
            saved: slots.slice(0, this.captureSlots),
            next: this.calls,
          };
          this.setCalls(frame);
          pc = inst.a;
          continue outer;
        }
        case Op.RET: {
          const top = this.calls;
          if (top === null || top.group !== inst.a) {
            pc++;
            continue outer;
          }
          // Captures set inside a subroutine call revert when it returns.
          for (let i = 2; i < this.captureSlots; i++) if (slots[i] !== top.saved[i]) this.setSlot(i, top.saved[i]!);
          this.setCalls(top.next);
          pc = top.ret;
          continue outer;
        }
        case Op.MATCH:
          if ((this.opts.notEmpty || (this.opts.notEmptyAtStart && start === startOffset)) && pos === slots[0]) break;
          slots[1] = pos;
          return MATCHED;
      }
      // Failure: resume at the most recent choice point.
      for (;;) {
        if (this.sp === 0) return NO_MATCH;
        this.sp -= 4;
        const st = this.st;
        const sp = this.sp;
        const kind = st[sp]!;
        switch (kind) {
          case K_RESTORE:
            slots[st[sp + 1]!] = st[sp + 2]!;
            continue;
          case K_CALLS:
            this.calls = this.objs[st[sp + 1]!]!;
            continue;
          case K_ALT:
            this.depth--;
            pc = st[sp + 1]!;
            pos = st[sp + 2]!;
            continue outer;
          case K_REPEAT: {
            this.depth--;
            const at = st[sp + 1]!;
            const rep = code[at]!;
            const p = st[sp + 2]!;
            const n = st[sp + 3]!;
            if (rep.c === 0) {
              const back = stepBack(s, p);
              if (n - 1 > rep.a) this.choice(K_REPEAT, at, back, n - 1);
              pos = back;
              pc = at + 1;
              continue outer;
            }
            if (p >= len) continue;
            const cp = s.codePointAt(p)!;
            if (!rep.pred(cp)) continue;
            const next = p + (cp > 0xffff ? 2 : 1);
            const max = rep.b < 0 ? 0x7fffffff : rep.b;
            if (n + 1 < max) this.choice(K_REPEAT, at, next, n + 1);
            pos = next;
            pc = at + 1;
            continue outer;
          }
          case K_BARRIER: {
            this.depth--;
            const look = code[st[sp + 1]!]!;
            if (look.a === 1) {
              pos = st[sp + 2]!;
              pc = look.b;
              continue outer;
            }
            if (look.c >= 0) {
              pos = st[sp + 2]!;
              pc = look.c;
              continue outer;
            }
            continue;
          }
          case K_VERB: {
            const verb = st[sp + 1]!;
            if (verb === Verb.COMMIT) return ABORT;
            if (verb === Verb.SKIP) return st[sp + 2]! > start ? st[sp + 2]! : NO_MATCH;
            return NO_MATCH; // PRUNE; THEN is treated as PRUNE
          }
        }
      }
    }
  }

  private findBarrier(lookPc: number): number {
    const st = this.st;
    for (let k = this.sp - 4; k >= 0; k -= 4) if (st[k] === K_BARRIER && st[k + 1] === lookPc) return k;
    throw new Error('lookaround barrier not found');
  }

  /** A true positive assertion or a finished atomic group: its choice points go, captures stay. */
  private cut(k: number): void {
    const st = this.st;
    let w = k;
    for (let r = k + 4; r < this.sp; r += 4) {
      const kind = st[r]!;
      if (kind === K_RESTORE || kind === K_CALLS) {
        if (w !== r) st.copyWithin(w, r, r + 4);
        w += 4;
      } else if (kind !== K_VERB) this.depth--;
    }
    this.depth--;
    this.sp = w;
  }

  /** A negative assertion whose body matched: undo everything it did. */
  private unwind(k: number): void {
    const st = this.st;
    while (this.sp > k) {
      this.sp -= 4;
      const kind = st[this.sp]!;
      if (kind === K_RESTORE) this.slots[st[this.sp + 1]!] = st[this.sp + 2]!;
      else if (kind === K_CALLS) this.calls = this.objs[st[this.sp + 1]!]!;
      else if (kind !== K_VERB) this.depth--;
    }
  }
}
