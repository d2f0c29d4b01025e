/**
 * Errors the shell front end raises itself (as opposed to server errors, which are EngineErrors).
 * A syntax error stops the whole script before anything runs; a runtime error stops one statement
 * and is printed the way mongosh prints the JavaScript error (`TypeError: …`).
 */
import type { Span } from './ast.js';

const SYNTAX_BRAND = Symbol.for('upsert-lab.ShellSyntaxError');
const RUNTIME_BRAND = Symbol.for('upsert-lab.ShellRuntimeError');

export class ShellSyntaxError extends Error {
  readonly [SYNTAX_BRAND] = true;
  /** 1-based line and column (UTF-16 code units) of the offending character. */
  readonly line: number;
  readonly column: number;
  /** 0-based offsets of the offending token (end exclusive). */
  readonly offset: number;
  readonly endOffset: number;

  constructor(message: string, position: { line: number; column: number }, span: Span) {
    super(message);
    this.name = 'SyntaxError';
    this.line = position.line;
    this.column = position.column;
    this.offset = span.start;
    this.endOffset = span.end;
  }
}

export function isShellSyntaxError(x: unknown): x is ShellSyntaxError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[SYNTAX_BRAND] === true;
}

/** The JavaScript error class mongosh would report for the same mistake. */
export type ShellRuntimeErrorName =
  | 'TypeError'
  | 'ReferenceError'
  | 'SyntaxError'
  | 'RangeError'
  | 'Error'
  | 'BSONError'
  | 'MongoshInvalidInputError'
  | 'MongoshRuntimeError'
  | 'MongoshUnimplementedError';

export class ShellRuntimeError extends Error {
  readonly [RUNTIME_BRAND] = true;
  readonly errorName: ShellRuntimeErrorName;
  /** Where in the script the error arose, when known. */
  readonly span: Span | undefined;

  constructor(errorName: ShellRuntimeErrorName, message: string, span?: Span) {
    super(message);
    this.name = errorName;
    this.errorName = errorName;
    this.span = span;
  }
}

export function isShellRuntimeError(x: unknown): x is ShellRuntimeError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[RUNTIME_BRAND] === true;
}
