/**
 * A parsed tree with some leaves replaced (parse-cache.ts binds a shape's constants this way): the
 * inner nodes are rebuilt along the way, in the same order, every other node is shared.
 */
import { ArrayNode } from './array-node.js';
import type { UpdateNode } from './context.js';
import { ObjectNode } from './object-node.js';

export function replaceLeaves(node: UpdateNode, replace: ReadonlyMap<UpdateNode, UpdateNode>): UpdateNode {
  if (node instanceof ObjectNode) {
    const children: (readonly [string, UpdateNode])[] = [];
    for (const [name, child] of node.children) children.push([name, replaceLeaves(child, replace)]);
    return new ObjectNode(
      children,
      node.positional === undefined ? undefined : replaceLeaves(node.positional, replace),
    );
  }
  if (node instanceof ArrayNode) {
    const children = new Map<string, UpdateNode>();
    for (const [id, child] of node.children) children.set(id, replaceLeaves(child, replace));
    return new ArrayNode(children);
  }
  return replace.get(node) ?? node;
}
