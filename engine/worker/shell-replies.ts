/** The outcome of each shell statement as the page receives it: output, errors, help, notices. */

/** Where a statement is in the script: offsets into the text, 1-based lines and columns. */
export interface ShellSourceRange {
  readonly startOffset: number;
  readonly endOffset: number;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A shell error as data: mongosh's class name and header line, plus the server's code if any. */
export interface ShellErrorReply {
  /** MongoServerError, MongoBulkWriteError, TypeError, SyntaxError … */
  readonly name: string;
  readonly message: string;
  readonly code?: number;
  readonly codeName?: string;
  /** The line mongosh prints: `MongoServerError[CodeName]: message`. */
  readonly display: string;
  /** For a syntax error: 1-based position. */
  readonly line?: number;
  readonly column?: number;
  /** Canonical EJSON of the server's error document, when there was one. */
  readonly errorResponse?: string;
}

/** Help for one error, chosen by the engine from its code and message (engine/worker/diagnose.ts). */
export interface ErrorDiagnosis {
  /** This error in plain words. */
  readonly help?: string;
  /** "Did you mean $inc?", computed from the engine's own lists. */
  readonly suggestion?: string;
  /** The text in the statement the error is about (`$icn`, `arrayFilter`, `upsert`), for the editor marker. */
  readonly token?: string;
}

/**
 * An option of an update helper that has no effect as written (`arrayFilter`, `upsert: "true"`):
 * mongosh and the driver ignore it without an error (engine/worker/option-notices.ts).
 */
export interface OptionNotice {
  readonly option: string;
  readonly message: string;
  /** "Did you mean arrayFilters?", from the helper's real option list. */
  readonly suggestion?: string;
  /** Offsets of the offending token in the statement's `source` (end exclusive). */
  readonly start: number;
  readonly end: number;
}

/** The outcome of one shell statement. */
export interface ShellStatementReply {
  readonly index: number;
  readonly range: ShellSourceRange;
  readonly source: string;
  /** Lines mongosh prints before the output (DeprecationWarning: …). */
  readonly warnings: readonly string[];
  /** none | value | result | documents | text | error (engine/shell's ShellOutput kinds). */
  readonly kind: 'none' | 'value' | 'result' | 'documents' | 'text' | 'error';
  /** Exactly what mongosh would print for the statement, warnings included. */
  readonly printed: string;
  /** Canonical EJSON of the statement's value (a document, an UpdateResult as a document …). */
  readonly value?: string;
  readonly error?: ShellErrorReply;
  /** For an error the engine can explain: help, "did you mean", the offending token. */
  readonly diagnosis?: ErrorDiagnosis;
  /** For a runtime error: the part of the statement it points at (a call, a name), when known. */
  readonly errorRange?: ShellSourceRange;
  /** Options written that have no effect (ignored by mongosh and the driver), with a "did you mean". */
  readonly notices?: readonly OptionNotice[];
}
