/**
 * Text a person typed or pasted (mongosh syntax or Extended JSON; one document, an array, or one per
 * line) into the page's document texts. The engine's shell parser reads it (engine/shell
 * document-literal.ts): nothing is evaluated beyond literals and BSON helpers.
 */
import { parseDocumentsText } from '../../engine/shell/document-literal.js';
import { typedEJSON } from '../../engine/worker/views.js';

export type DocumentTexts =
  | { readonly ok: true; readonly docs: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number };

export function documentTexts(text: string): DocumentTexts {
  const r = parseDocumentsText(text);
  if (!r.ok) return r;
  return { ok: true, docs: r.documents.map((d) => typedEJSON(d)) };
}

/** "Line 3, column 6: …", as the error is shown under the text it points into. */
export function describeTextError(e: {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}): string {
  return `Line ${e.line}, column ${e.column}: ${e.message}`;
}

/** The offset of a 1-based line and column in `text`, to put the caret on an error. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + column - 1);
}
