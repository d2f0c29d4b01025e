/** A cursor over the pattern text, by code point, with PCRE2's compile errors. */
import { PcreCompileError, type CompileErrorNumber } from './errors.js';

export class Scanner {
  i = 0;
  constructor(readonly p: string) {}

  get done(): boolean {
    return this.i >= this.p.length;
  }

  /** The code point at the cursor (-1 at the end). */
  peek(offset = 0): number {
    const at = this.i + offset;
    return at < this.p.length ? this.p.codePointAt(at)! : -1;
  }

  /** The character at the cursor as a string ('' at the end). */
  ch(offset = 0): string {
    return this.p[this.i + offset] ?? '';
  }

  next(): number {
    const cp = this.p.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return cp;
  }

  eat(s: string): boolean {
    if (!this.p.startsWith(s, this.i)) return false;
    this.i += s.length;
    return true;
  }

  startsWith(s: string): boolean {
    return this.p.startsWith(s, this.i);
  }

  /** Reads decimal digits (possibly none). */
  digits(): string {
    const start = this.i;
    while (this.i < this.p.length && this.p.charCodeAt(this.i) >= 48 && this.p.charCodeAt(this.i) <= 57) this.i++;
    return this.p.slice(start, this.i);
  }

  /** A group name: word characters, not starting with a digit, at most 32 code units. */
  name(terminator: string): string {
    const start = this.i;
    if (isDigitCode(this.p.charCodeAt(this.i))) this.fail(144);
    while (this.i < this.p.length && isWordCode(this.p.charCodeAt(this.i))) this.i++;
    const name = this.p.slice(start, this.i);
    if (name.length > 32) this.fail(148);
    if (name.length === 0) this.fail(this.done || this.ch() === terminator ? 162 : 162);
    if (!this.eat(terminator)) this.fail(142);
    return name;
  }

  fail(n: CompileErrorNumber): never {
    throw new PcreCompileError(n, this.i);
  }
}

export function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
