/**
 * Estimated heights of document cards in the collections pane, so a long collection can be
 * windowed by scroll offset. The line count follows TreeView's layout: scalars and small
 * documents/arrays of scalars on one line, everything else one line per field or item plus braces.
 */
import type { TreeNode } from '../../../engine/worker/protocol.js';

/** TreeView's "fits on one line" rule (its `isInline`, by printed width). */
function width(node: TreeNode): number {
  if (node.t === 'val') return node.text.length;
  if (node.t === 'arr') return 4 + node.items.reduce((n, i) => n + width(i) + 2, 0);
  return 4 + node.fields.reduce((n, [k, v]) => n + k.length + 2 + width(v) + 2, 0);
}

function inline(node: TreeNode): boolean {
  if (node.t === 'val') return true;
  if (node.t === 'arr') return node.items.length <= 12 && node.items.every((i) => i.t === 'val') && width(node) <= 60;
  return node.fields.length <= 6 && node.fields.every(([, v]) => v.t === 'val') && width(node) <= 60;
}

/** Printed lines of a value nested at a field (the top-level document is never inline). */
export function treeLines(node: TreeNode, top = true): number {
  if (node.t === 'val') return 1;
  if (node.t === 'arr') {
    if (node.items.length === 0 || inline(node)) return 1;
    return 2 + node.items.slice(0, 100).reduce((n, i) => n + treeLines(i, false), 0);
  }
  if (node.fields.length === 0 || (!top && inline(node))) return 1;
  return 2 + node.fields.reduce((n, [, v]) => n + treeLines(v, false), 0);
}

/** `.tree` line height (0.8rem × 1.55) and a card's padding, border and the list's gap (px). */
const LINE = 19.84;
const CARD_CHROME = 26;

/** Estimated pixel height of a document card, gap included. */
export function documentHeight(tree: TreeNode): number {
  return CARD_CHROME + LINE * treeLines(tree);
}

/** A document not loaded yet. */
export const UNKNOWN_DOCUMENT_HEIGHT = 200;
