import type { TreeNode } from '../../../engine/worker/protocol.js';

/** The `_id` of a document as displayed, or undefined when it has none at top level. */
export function idText(node: TreeNode): string | undefined {
  if (node.t !== 'doc') return undefined;
  const id = node.fields.find(([k]) => k === '_id');
  return id !== undefined && id[1].t === 'val' ? id[1].text : undefined;
}
