/**
 * `$rename {from: to}` (`RenameNode`), placed at the destination path: finds the source from the
 * document root, sets the destination to its value (in place, or appended), then removes the
 * source (`u`/`i` for the destination plus `d` for the source). A missing source is a no-op;
 * neither path may go through an array.
 */
import { renderElement } from '../../bson/render.js';
import type { Value } from '../../bson/values.js';
import { isArray, isDoc } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { dotted, parseArrayIndex } from '../path.js';
import { ownChild, type ApplyContext, type NodeArgs, type UpdateNode } from '../tree/context.js';
import { idElementText } from '../tree/modifier-node.js';
import { SetElementNode } from './set.js';
import { UnsetNode } from './unset.js';

function isDynamic(parts: readonly string[]): boolean {
  return parts.some((p) => p === '$' || (p.startsWith('$[') && p.endsWith(']')));
}

/** Checks the argument of one `$rename` entry (`RenameNode::init`). */
export function validateRenameArgs(from: string, to: Value): string {
  if (typeof to !== 'string') throw fail(2, `The 'to' field for $rename must be a string: ${renderElement(from, to)}`);
  return to;
}

export class RenameNode implements UpdateNode {
  readonly type = 'leaf' as const;
  readonly from: readonly string[];
  readonly to: readonly string[];

  constructor(from: string, to: string) {
    if (to.includes('\0')) throw fail(2, "The 'to' field for $rename cannot contain an embedded null byte");
    const f = from.split('.');
    const t = to.split('.');
    const element = renderElement(from, to);
    if (from === to) throw fail(2, `The source and target field for $rename must differ: ${element}`);
    const prefix = (a: string[], b: string[]) => a.length <= b.length && a.every((x, i) => x === b[i]);
    if (prefix(f, t) || prefix(t, f)) {
      throw fail(2, `The source and target field for $rename must not be on the same path: ${element}`);
    }
    if (isDynamic(f)) throw fail(2, `The source field for $rename may not be dynamic: ${from}`);
    if (isDynamic(t)) throw fail(2, `The destination field for $rename may not be dynamic: ${to}`);
    this.from = f;
    this.to = t;
    Object.freeze(this);
  }

  apply(ctx: ApplyContext, args: NodeArgs): boolean {
    const from = this.from;
    // findLongestPrefix from the root.
    let cur: Value | undefined = ctx.root;
    let prev: Value = ctx.root;
    let i = 0;
    for (; i < from.length; i++) {
      prev = cur!;
      const part = from[i]!;
      if (isDoc(prev)) cur = prev.get(part);
      else if (isArray(prev)) {
        const k = parseArrayIndex(part);
        if (k === null) {
          cur = undefined;
          break;
        }
        cur = prev[k];
      } else {
        throw fail(
          28,
          `cannot use the part (${from[i - 1]!} of ${dotted(from)}) to traverse the element ({${renderElement(from[i - 1]!, prev)}})`,
        );
      }
      if (cur === undefined) break;
    }
    if (i < from.length && cur === undefined && isArray(prev) && parseArrayIndex(from[i]!) === null) {
      throw fail(
        28,
        `cannot use the part (${from[i - 1]!} of ${dotted(from)}) to traverse the element ({${renderElement(from[i - 1]!, prev)}})`,
      );
    }
    if (cur === undefined) return true;
    const sourceValue = cur;

    // Neither the source's ancestors nor the destination's may be arrays.
    const ancestors: { name: string; value: Value }[] = [];
    let walk: Value = ctx.root;
    for (let k = 0; k < from.length - 1; k++) {
      walk = isDoc(walk) ? walk.get(from[k]!)! : (walk as Value[])[Number(from[k])]!;
      ancestors.push({ name: from[k]!, value: walk });
    }
    for (let k = ancestors.length - 1; k >= 0; k--) {
      if (isArray(ancestors[k]!.value)) {
        throw fail(
          2,
          `The source field cannot be an array element, '${dotted(from)}' in doc with ${idElementText(ctx)} has an array field called '${ancestors[k]!.name}'`,
        );
      }
    }
    const destAncestors = args.pathToCreate.length === 0 ? args.pathTaken.slice(0, -1) : args.pathTaken;
    let dw: Value = ctx.root;
    const destValues: { name: string; value: Value }[] = [];
    for (const comp of destAncestors) {
      dw = isDoc(dw) ? dw.get(comp.name)! : (dw as Value[])[Number(comp.name)]!;
      destValues.push({ name: comp.name, value: dw });
    }
    for (let k = destValues.length - 1; k >= 0; k--) {
      if (isArray(destValues[k]!.value)) {
        throw fail(
          2,
          `The destination field cannot be an array element, '${dotted(this.to)}' in doc with ${idElementText(ctx)} has an array field called '${destValues[k]!.name}'`,
        );
      }
    }

    new SetElementNode(sourceValue).apply(ctx, args);

    // Find the source again (its parent document may have been rebuilt by the set), copying its
    // ancestors that are still shared with the pre-image (copy-on-write) before the unset.
    let parent: Value = ctx.root;
    for (let k = 0; k < from.length - 1; k++) {
      const container = parent as Map<string, Value>;
      parent = ownChild(ctx, container, from[k]!, container.get(from[k]!)!);
    }
    const last = from[from.length - 1]!;
    new UnsetNode().apply(ctx, {
      element: (parent as Map<string, Value>).get(last)!,
      slot: { container: parent as Map<string, Value>, key: last },
      pathTaken: from.map((name) => ({ name, isIndex: false })),
      pathToCreate: [],
      log: args.log,
    });
    return false;
  }
}

