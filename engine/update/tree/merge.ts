/**
 * Merging two subtrees that land on the same element at run time: the positional `$` child with
 * an explicit child of the same name, or several `$[id]` children matching one array element
 * (`UpdateNode::createUpdateNodeByMerging`). Two leaves on one path conflict (code 40). Each inner
 * node merges with its own kind (`UpdateNode.mergeWith`), so this file needs neither node class.
 */
import { fail } from '../../errors.js';
import { dotted } from '../path.js';
import type { UpdateNode } from './context.js';

/** The union of two inner nodes' children; a name both have is merged recursively. */
export function mergeChildren(
  left: readonly (readonly [string, UpdateNode])[],
  right: readonly (readonly [string, UpdateNode])[],
  where: readonly string[],
  wrapAsIdentifier: boolean,
): Map<string, UpdateNode> {
  const out = new Map<string, UpdateNode>(left);
  for (const [name, node] of right) {
    const existing = out.get(name);
    if (existing === undefined) out.set(name, node);
    else out.set(name, mergeNodes(existing, node, [...where, wrapAsIdentifier ? `$[${name}]` : name]));
  }
  return out;
}

export function mergeNodes(left: UpdateNode, right: UpdateNode, where: readonly string[]): UpdateNode {
  const merged = left.mergeWith?.(right, where);
  if (merged !== undefined) return merged;
  throw fail(40, `Update created a conflict at '${dotted(where)}'`);
}
