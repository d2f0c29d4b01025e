/**
 * Offsets ↔ 1-based line/column for one script, so syntax errors and statement results can be
 * placed in an editor. Lines end at \n, \r\n, \r, U+2028 and U+2029 (JavaScript's line terminators).
 */
import type { SourceRange, Span } from './ast.js';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export class SourceText {
  readonly text: string;
  /** Offset of the first character of each line. */
  private readonly lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0d) {
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        starts.push(i + 1);
      } else if (c === 0x0a || c === 0x2028 || c === 0x2029) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: clamped - (this.lineStarts[lo] ?? 0) + 1 };
  }

  range(span: Span): SourceRange {
    const s = this.position(span.start);
    const e = this.position(span.end);
    return {
      startOffset: span.start,
      endOffset: span.end,
      startLine: s.line,
      startColumn: s.column,
      endLine: e.line,
      endColumn: e.column,
    };
  }
}
