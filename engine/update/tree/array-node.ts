/**
 * An inner node for `$[]` / `$[identifier]` (`UpdateArrayNode`): children keyed by identifier
 * (`''` for `$[]`). Every element is matched against the filters first, then the (merged)
 * children are applied to each matching element. When more than one element matched, the
 * children do not log; this node logs the whole array if more than one element changed, or the
 * one changed element as `u<idx>`.
 */
import type { Value } from '../../bson/values.js';
import { isArray } from '../../bson/values.js';
import { renderElement } from '../../bson/render.js';
import { fail } from '../../errors.js';
import { dotted } from '../path.js';
import { ownChild, type ApplyContext, type NodeArgs, type UpdateNode } from './context.js';
import { mergeChildren, mergeNodes } from './merge.js';

export class ArrayNode implements UpdateNode {
  readonly type = 'array' as const;
  /** Children by identifier, in identifier order (a `std::map` on the server). */
  readonly children: readonly (readonly [string, UpdateNode])[];

  constructor(children: ReadonlyMap<string, UpdateNode>) {
    this.children = [...children].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    Object.freeze(this.children);
    Object.freeze(this);
  }

  getChild(id: string): UpdateNode | undefined {
    for (const [n, c] of this.children) if (n === id) return c;
    return undefined;
  }

  mergeWith(other: UpdateNode, where: readonly string[]): UpdateNode | undefined {
    if (!(other instanceof ArrayNode)) return undefined;
    return new ArrayNode(mergeChildren(this.children, other.children, where, true));
  }

  apply(ctx: ApplyContext, args: NodeArgs): boolean {
    const { element, pathTaken, pathToCreate, log } = args;
    if (pathToCreate.length > 0) {
      const full = [...pathTaken.map((p) => p.name), ...pathToCreate];
      throw fail(2, `The path '${dotted(full)}' must exist in the document in order to apply array updates.`);
    }
    if (!isArray(element)) {
      const name = pathTaken[pathTaken.length - 1]?.name ?? '';
      throw fail(2, `Cannot apply array updates to non-array element ${renderElement(name, element)}`);
    }

    // Match every element before changing any (filters see the original elements).
    const matching = new Map<number, (readonly [string, UpdateNode])[]>();
    element.forEach((el: Value, i) => {
      for (const entry of this.children) {
        const [id] = entry;
        const filter = id === '' ? undefined : ctx.arrayFilters.get(id);
        if (id === '' || (filter !== undefined && filter.matchesElement(el))) {
          let list = matching.get(i);
          if (list === undefined) matching.set(i, (list = []));
          list.push(entry);
        }
      }
    });

    const childrenLog = matching.size <= 1 ? log : null;
    let nModified = 0;
    let modifiedIndex = -1;
    for (const [i, updates] of matching) {
      const where = [...pathTaken.map((p) => p.name), String(i)];
      let merged = updates[0]![1];
      for (let j = 1; j < updates.length; j++) merged = mergeNodes(merged, updates[j]![1], where);
      pathTaken.push({ name: String(i), isIndex: true });
      // Copy-on-write: an inner node writes inside the element, so it gets its own copy first.
      const childElement = merged.type === 'leaf' ? element[i]! : ownChild(ctx, element, i, element[i]!);
      const childNoop = merged.apply(ctx, {
        element: childElement,
        slot: { container: element, key: i },
        pathTaken,
        pathToCreate,
        log: childrenLog,
      });
      pathTaken.pop();
      for (const [id] of updates) {
        ctx.arrayTouches.push({ operator: id === '' ? '[]' : id, path: dotted(where), changed: !childNoop });
      }
      if (!childNoop) {
        nModified++;
        modifiedIndex = i;
      }
    }

    if (childrenLog === null && log !== null) {
      if (nModified > 1) log.logUpdatedField(pathTaken, element);
      else if (nModified === 1) {
        log.logUpdatedField([...pathTaken, { name: String(modifiedIndex), isIndex: true }], element[modifiedIndex]!);
      }
    }
    return nModified === 0;
  }
}
