/**
 * PCRE2 semantics for MongoDB's regular expressions, in TypeScript: the server compiles every
 * pattern with PCRE2 10.42 in UTF mode (no UCP unless the pattern says `(*UCP)`, newline LF) and
 * matches with `MATCH_LIMIT` 200000 and `MATCH_LIMIT_DEPTH` 4000 (its build's `config.h`), so a
 * catastrophic pattern ends with "match limit exceeded" instead of running forever.
 *
 *   const re = compilePcre('(a+)+$', 'i');   // throws PcreCompileError with PCRE2's message
 *   re.exec('aaab', 0);                       // capture offsets, null, or throws PcreMatchError
 */
import { compileProgram } from './program.js';
import { Machine, ABORT, FRAMES_AT_START, MATCHED } from './machine.js';
import { parsePattern, NO_OPTIONS } from './parser.js';
import { analyzeStart, NO_START_INFO, type StartInfo } from './start-info.js';

export { PcreCompileError, PcreMatchError } from './errors.js';

/** The limits MongoDB 8.0's PCRE2 build uses (`src/third_party/pcre2/build_posix/config.h`). */
export const MATCH_LIMIT = 200000;
export const DEPTH_LIMIT = 4000;
/** `kMaxPatternLength` in `src/mongo/util/pcre.cpp`, in UTF-8 bytes. */
export const MAX_PATTERN_LENGTH = 32764;

/** Offsets of a match in UTF-16 code units: [start0, end0, start1, end1, …], -1 for unset groups. */
export type MatchOffsets = Int32Array;

export interface Pcre {
  readonly captureCount: number;
  /** The first match at or after `startOffset` (UTF-16 index), or null. */
  exec(subject: string, startOffset?: number): MatchOffsets | null;
  test(subject: string): boolean;
}

/** Compiles `pattern` with the server's option letters (i, m, s, x; u is accepted and ignored). */
export function compilePcre(pattern: string, flags: string): Pcre {
  const parsed = parsePattern(pattern, {
    ...NO_OPTIONS,
    i: flags.includes('i'),
    m: flags.includes('m'),
    s: flags.includes('s'),
    x: flags.includes('x'),
  });
  const program = compileProgram(parsed);
  const machine = new Machine(program, {
    newline: parsed.newline,
    notEmpty: parsed.notEmpty,
    notEmptyAtStart: parsed.notEmptyAtStart,
    matchLimit: Math.min(MATCH_LIMIT, parsed.matchLimit ?? Infinity),
    depthLimit: Math.min(DEPTH_LIMIT, parsed.depthLimit ?? Infinity),
  });
  const start = parsed.noStartOpt ? NO_START_INFO : analyzeStart(parsed.root);
  // Below the frames every attempt costs, a found literal is a match error, not a match: the
  // machine (reached only at candidate starts, as after PCRE2's start-up checks) raises it.
  const limitBelowAttempt = (parsed.matchLimit ?? Infinity) < FRAMES_AT_START;
  return new CompiledPcre(
    parsed.captureCount,
    machine,
    limitBelowAttempt ? { ...start, literal: undefined } : start,
    parsed.newline === 'LF',
  );
}

class CompiledPcre implements Pcre {
  constructor(
    readonly captureCount: number,
    private readonly machine: Machine,
    private readonly start: StartInfo,
    private readonly lfNewline: boolean,
  ) {}

  test(subject: string): boolean {
    const lit = this.start.literal;
    if (lit !== undefined) return this.start.anchoredAtZero ? subject.startsWith(lit) : subject.includes(lit);
    return this.exec(subject, 0) !== null;
  }

  exec(s: string, startOffset = 0): MatchOffsets | null {
    const info = this.start;
    const len = s.length;
    if (info.literal !== undefined && !info.anchoredAtZero) {
      const at = s.indexOf(info.literal, startOffset);
      if (at < 0) return null;
      const out = new Int32Array(2 * (this.captureCount + 1)).fill(-1);
      out[0] = at;
      out[1] = at + info.literal.length;
      return out;
    }
    if (info.required !== undefined && s.indexOf(info.required, startOffset) < 0) return null;
    const anchored = info.anchoredAtZero || info.anchoredAtOffset || info.dotStarDotall;
    if (info.anchoredAtZero && startOffset !== 0) return null;
    let start = startOffset;
    while (start <= len) {
      if (!anchored) {
        start = this.nextCandidate(s, start);
        if (start < 0) return null;
      }
      const r = this.machine.run(s, start, startOffset);
      if (r === MATCHED) return this.machine.slots.slice(0, 2 * (this.captureCount + 1));
      if (r === ABORT || anchored) return null;
      if (r >= 0 && r > start) start = r;
      else start += start < len && s.codePointAt(start)! > 0xffff ? 2 : 1;
    }
    return null;
  }

  /** The next position at or after `from` where a match could begin, or -1. */
  private nextCandidate(s: string, from: number): number {
    const info = this.start;
    if (info.dotStarNonDotall && this.lfNewline) {
      if (from === 0 || s.charCodeAt(from - 1) === 10) return from;
      const nl = s.indexOf('\n', from - 1);
      return nl < 0 ? -1 : nl + 1;
    }
    if (info.firstLiteral !== undefined) return s.indexOf(info.firstLiteral, from);
    const first = info.first;
    if (first === undefined) return from;
    for (let p = from; p < s.length;) {
      const cp = s.codePointAt(p)!;
      if (first(cp)) return p;
      p += cp > 0xffff ? 2 : 1;
    }
    return -1;
  }
}
