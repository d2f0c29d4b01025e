/**
 * Where each arrayFilters identifier appears in the command text: its `$[id]` uses and the keys of
 * its filter document (`{id: …}`, `"id.grade": …`), so the editor can colour them like the diff
 * pane's outlines and legend.
 */
export interface TextHighlight {
  readonly start: number;
  readonly end: number;
  readonly colour: number;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function identifierHighlights(text: string, colours: ReadonlyMap<string, number>): TextHighlight[] {
  const out: TextHighlight[] = [];
  for (const [identifier, colour] of colours) {
    if (identifier === '[]' || identifier === '$' || identifier === '') continue;
    const id = escape(identifier);
    for (const m of text.matchAll(new RegExp(`\\$\\[${id}\\]`, 'g'))) {
      out.push({ start: m.index, end: m.index + m[0].length, colour });
    }
    for (const m of text.matchAll(new RegExp(`(?<=[{,]\\s*["']?)${id}(?=(\\.[\\w$.]*)?["']?\\s*:)`, 'g'))) {
      out.push({ start: m.index, end: m.index + identifier.length, colour });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
