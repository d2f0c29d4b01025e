/** Estimated card heights, so long lists of cards can be windowed by scroll offset. */
import type { TreeNode } from '../../../engine/worker/protocol.js';
import type { Card } from '../../diff/cards.js';

function lineCount(node: TreeNode): number {
  if (node.t === 'val') return 1;
  if (node.t === 'arr')
    return node.items.every((i) => i.t === 'val') && node.items.length <= 12
      ? 1
      : 2 + node.items.reduce((n, i) => n + lineCount(i), 0);
  if (node.fields.every(([, v]) => v.t === 'val') && node.fields.length <= 6) return 1;
  return 2 + node.fields.reduce((n, [, v]) => n + lineCount(v), 0);
}

/** Estimated pixel height of a card (for windowing). */
export function estimate(card: Card): number {
  if (card.kind === 'header') return 64 + card.statement.arrayFilters.length * 22;
  if (card.kind === 'change' && card.change.noop && card.change.arrayTouches.length === 0) return 72;
  if (card.kind === 'upsert') return 80 + 21 * lineCount(card.statement.upsert?.doc ?? { t: 'doc', fields: [] });
  return 70 + 21 * Math.max(lineCount(card.change.before), lineCount(card.change.after));
}
