/** Estimated card heights, so long lists of cards can be windowed by scroll offset. */
import type { CardView, TreeNode } from '../../../engine/worker/protocol.js';

function lineCount(node: TreeNode): number {
  if (node.t === 'val') return 1;
  if (node.t === 'arr')
    return node.items.every((i) => i.t === 'val') && node.items.length <= 12
      ? 1
      : 2 + node.items.reduce((n, i) => n + lineCount(i), 0);
  if (node.fields.every(([, v]) => v.t === 'val') && node.fields.length <= 6) return 1;
  return 2 + node.fields.reduce((n, [, v]) => n + lineCount(v), 0);
}

/** A card not loaded yet: a typical document card. */
export const UNKNOWN_CARD_HEIGHT = 240;

/** Estimated pixel height of a card (for windowing). */
export function estimate(card: CardView): number {
  if (card.kind === 'header') return 64 + card.statement.arrayFilters.length * 22;
  // A no-op's reason adds a line per modifier (or per broken rule).
  const reason =
    card.kind === 'change' && card.change.unchanged !== undefined
      ? 28 +
        22 *
          (card.change.unchanged.kind === 'equal'
            ? card.change.unchanged.reasons.length - 1
            : card.change.unchanged.kind === 'refused'
              ? card.change.unchanged.lines.length + 1
              : 0)
      : 0;
  if (
    card.kind === 'change' &&
    card.change.noop &&
    card.change.arrayTouches.length === 0 &&
    card.change.unchanged?.kind !== 'refused'
  )
    return 72 + reason;
  if (card.kind === 'upsert') return 80 + 21 * lineCount(card.statement.upsert?.doc ?? { t: 'doc', fields: [] });
  return 70 + reason + 21 * Math.max(lineCount(card.change.before), lineCount(card.change.after));
}
