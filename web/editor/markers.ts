/**
 * Where to put the editor's error markers for a run: the parser's line/column for a syntax error,
 * the runtime error's range, and for a server error the token it names (a quoted path or an
 * arrayFilters identifier) found in the statement's text, else the whole statement.
 */
import type { ShellStatementReply } from '../../engine/worker/protocol.js';

export interface EditorMarker {
  /** 1-based, end exclusive columns. */
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
  /** An option with no effect (a notice, not an error): shown as a warning. */
  readonly severity?: 'warning';
}

/** 1-based line and column of a 0-based offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

function rangeMarker(text: string, start: number, end: number, message: string): EditorMarker {
  const a = positionOf(text, start);
  const b = positionOf(text, Math.max(end, start + 1));
  return { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column, message };
}

/** Tokens a server message points at: 'quoted' paths and identifiers, in order. */
export function tokensOf(message: string): string[] {
  return [...message.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '').filter((t) => t !== '');
}

function statementMarker(script: string, s: ShellStatementReply): EditorMarker | undefined {
  const error = s.error;
  if (error === undefined) return undefined;
  const suggestion = s.diagnosis?.suggestion;
  const text = `${error.codeName === undefined ? error.name : `${error.codeName} (${error.code ?? '?'})`}: ${error.message}${suggestion === undefined ? '' : `\n${suggestion}`}`;
  if (error.line !== undefined && error.column !== undefined) {
    return {
      startLine: error.line,
      startColumn: error.column,
      endLine: error.line,
      endColumn: error.column + 1,
      message: text,
    };
  }
  const { startOffset, endOffset } = s.range;
  if (error.code !== undefined) {
    const source = script.slice(startOffset, endOffset);
    // The token the engine's diagnosis names (`$icn`, an option name) comes first.
    const named = s.diagnosis?.token;
    const tokens = named === undefined ? tokensOf(error.message) : [named, ...tokensOf(error.message)];
    for (const token of tokens) {
      // An identifier named by "$[<id>]" or a path: prefer the quoted spelling in the source.
      for (const probe of [`"${token}"`, `'${token}'`, `$[${token}]`]) {
        const at = source.indexOf(probe);
        if (at >= 0) return rangeMarker(script, startOffset + at, startOffset + at + probe.length, text);
      }
      // A bare name (an arrayFilters key `i: …`): a whole word only, not a part of `arrayFilters`.
      const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const word = new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`).exec(source);
      if (word !== null)
        return rangeMarker(script, startOffset + word.index, startOffset + word.index + token.length, text);
    }
  }
  if (s.errorRange !== undefined) return rangeMarker(script, s.errorRange.startOffset, s.errorRange.endOffset, text);
  return rangeMarker(script, startOffset, endOffset, text);
}

/** Warnings on the options that had no effect, each on its own token. */
function noticeMarkers(script: string, s: ShellStatementReply): EditorMarker[] {
  return (s.notices ?? []).map((n) => ({
    ...rangeMarker(
      script,
      s.range.startOffset + n.start,
      s.range.startOffset + n.end,
      n.suggestion === undefined ? n.message : `${n.message}\n${n.suggestion}`,
    ),
    severity: 'warning' as const,
  }));
}

/**
 * Errors first (the editor's line under it shows the first marker), then the option warnings, of
 * the statements a run marks (`RunHead.marked`; other statements mark nothing).
 */
export function markersFor(script: string, statements: readonly ShellStatementReply[]): EditorMarker[] {
  const errors = statements.flatMap((s) => {
    const m = statementMarker(script, s);
    return m === undefined ? [] : [m];
  });
  return [...errors, ...statements.flatMap((s) => noticeMarkers(script, s))];
}
