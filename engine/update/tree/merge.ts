/**
 * Merging two subtrees that land on the same element at run time: the positional `$` child with
 * an explicit child of the same name, or several `$[id]` children matching one array element
 * (`UpdateNode::createUpdateNodeByMerging`). Two leaves on one path conflict (code 40).
 */
import { fail } from '../../errors.js';
import { dotted } from '../path.js';
import type { UpdateNode } from './context.js';
import { ArrayNode } from './array-node.js';
import { ObjectNode } from './object-node.js';

function mergeChildren(
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
  if (left instanceof ObjectNode && right instanceof ObjectNode) {
    const children = mergeChildren(left.children, right.children, where, false);
    let positional = left.positional ?? right.positional;
    if (left.positional !== undefined && right.positional !== undefined) {
      positional = mergeNodes(left.positional, right.positional, [...where, '$']);
    }
    return new ObjectNode(children, positional);
  }
  if (left instanceof ArrayNode && right instanceof ArrayNode) {
    return new ArrayNode(mergeChildren(left.children, right.children, where, true));
  }
  throw fail(40, `Update created a conflict at '${dotted(where)}'`);
}
