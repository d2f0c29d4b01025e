/**
 * An inner node keyed by field name (`UpdateObjectNode`): applies its children in
 * `compareFieldNames` order, with the positional `$` child slotted in at the matched index.
 */
import type { Doc, Value } from '../../bson/values.js';
import { isArray, isDoc } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { compareFieldNames, dotted, getChild, parseArrayIndex } from '../path.js';
import { ownChild, type ApplyContext, type NodeArgs, type Slot, type UpdateNode } from './context.js';
import { mergeChildren, mergeNodes } from './merge.js';
import { MAX_DEPTH_FOR_USER_STORAGE } from '../storage-validation.js';

/**
 * From this many path components on, a path that is missing can only end in the depth error or
 * a no-op: nothing may be created deeper than the storage limit. Such subtrees are walked
 * iteratively, so a 2,000-part path gets the server's error instead of a stack overflow.
 */
const DEEP_MISSING_PATH = MAX_DEPTH_FOR_USER_STORAGE;

/**
 * Applies a subtree whose path is already missing, without one JavaScript call per component:
 * every leaf (or array/positional node) below gets the full missing path, in application order.
 */
function applyDeepMissing(ctx: ApplyContext, root: ObjectNode, args: NodeArgs): boolean {
  let noop = true;
  const stack: [UpdateNode, string[]][] = [[root, []]];
  while (stack.length > 0) {
    const [node, names] = stack.pop()!;
    if (node instanceof ObjectNode && node.positional === undefined) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        const [name, child] = node.children[i]!;
        stack.push([child, [...names, name]]);
      }
      continue;
    }
    const pathToCreate = [...args.pathToCreate, ...names];
    noop = node.apply(ctx, { ...args, pathToCreate }) && noop;
  }
  return noop;
}

function inFieldOrder(list: readonly (readonly [string, UpdateNode])[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareFieldNames(list[i - 1]![0], list[i]![0]) > 0) return false;
  return true;
}

export class ObjectNode implements UpdateNode {
  readonly type = 'object' as const;
  /** Children in application order. */
  readonly children: readonly (readonly [string, UpdateNode])[];
  readonly positional: UpdateNode | undefined;
  /** No positional child and only leaves below: `apply` takes the short loop (`applyLeaves`). */
  private readonly onlyLeaves: boolean;

  /** `children` by name, or as a list of distinct names (a rebuilt node's, already in order: replace-leaves.ts). */
  constructor(
    children: ReadonlyMap<string, UpdateNode> | readonly (readonly [string, UpdateNode])[],
    positional: UpdateNode | undefined,
  ) {
    const list = Array.isArray(children) ? children.slice() : [...children];
    // Sorting a list already in order keeps it as it is: a rebuilt node skips the sort's work arrays.
    if (!inFieldOrder(list)) list.sort((a, b) => compareFieldNames(a[0], b[0]));
    this.children = list;
    this.positional = positional;
    this.onlyLeaves = positional === undefined && this.children.every(([, c]) => c.type === 'leaf');
    Object.freeze(this.children);
    Object.freeze(this);
  }

  getChild(name: string): UpdateNode | undefined {
    if (name === '$') return this.positional;
    for (const [n, c] of this.children) if (n === name) return c;
    return undefined;
  }

  mergeWith(other: UpdateNode, where: readonly string[]): UpdateNode | undefined {
    if (!(other instanceof ObjectNode)) return undefined;
    const children = mergeChildren(this.children, other.children, where, false);
    let positional = this.positional ?? other.positional;
    if (this.positional !== undefined && other.positional !== undefined) {
      positional = mergeNodes(this.positional, other.positional, [...where, '$']);
    }
    return new ObjectNode(children, positional);
  }

  apply(ctx: ApplyContext, args: NodeArgs): boolean {
    const { pathTaken, pathToCreate, log } = args;
    if (this.onlyLeaves && pathToCreate.length === 0) return this.applyLeaves(ctx, args);
    if (
      pathToCreate.length > 0 &&
      this.positional === undefined &&
      pathTaken.length + pathToCreate.length >= DEEP_MISSING_PATH
    ) {
      return applyDeepMissing(ctx, this, args);
    }
    let element = args.element;
    let slot = args.slot;
    let noop = true;

    let applyPositional = this.positional !== undefined;
    const matched = ctx.params.matchedArrayIndex;
    if (applyPositional && (matched === undefined || matched === '' || ctx.params.isUpsertInsert)) {
      throw fail(2, 'The positional operator did not find the match needed from the query.');
    }

    // `from` is always owned by this apply. With `own`, a container child is copied into `from`
    // first (copy-on-write) because the child node will write inside it; a leaf replaces the child
    // through its slot instead, and followed paths were just created by this apply.
    const descend = (from: Value, name: string, own: boolean): { value: Value | undefined; slot: Slot | null } => {
      if (isDoc(from)) {
        const v = from.get(name);
        return {
          value: own && v !== undefined ? ownChild(ctx, from, name, v) : v,
          slot: { container: from, key: name },
        };
      }
      if (isArray(from)) {
        const i = parseArrayIndex(name);
        if (i !== null && i < from.length) {
          const v = from[i]!;
          return { value: own ? ownChild(ctx, from, i, v) : v, slot: { container: from, key: i } };
        }
      }
      return { value: undefined, slot: null };
    };

    const applyChild = (child: UpdateNode, field: string, positional: boolean): void => {
      const takenBefore = pathTaken.length;
      let childValue: Value | undefined;
      let childSlot: Slot | null = null;
      if (pathToCreate.length === 0) {
        const d = descend(element, field, child.type !== 'leaf');
        childValue = d.value;
        childSlot = d.slot;
      }
      let childNoop: boolean;
      if (childValue !== undefined) {
        pathTaken.push({ name: field, isIndex: isArray(element) });
        childNoop = child.apply(ctx, { element: childValue, slot: childSlot, pathTaken, pathToCreate, log });
      } else {
        pathToCreate.push(field);
        childNoop = child.apply(ctx, { element, slot, pathTaken, pathToCreate, log });
      }
      if (positional) {
        const full = [...pathTaken.map((p) => p.name), ...pathToCreate];
        ctx.arrayTouches.push({ operator: '$', path: dotted(full), changed: !childNoop });
      }
      noop = noop && childNoop;
      if (pathToCreate.length > 0) pathToCreate.pop();
      else pathTaken.pop();

      if (pathTaken.length > takenBefore) {
        // An inner child created the missing path and moved it onto pathTaken: follow it.
        for (let i = takenBefore; i < pathTaken.length; i++) {
          const d = descend(element, pathTaken[i]!.name, false);
          element = d.value!;
          slot = d.slot;
        }
      } else if (pathToCreate.length > 0 && getChild(element, pathToCreate[0]!) !== undefined) {
        // A leaf child created the missing path: it now exists, so move it onto pathTaken.
        for (const part of pathToCreate) {
          pathTaken.push({ name: part, isIndex: isArray(element) });
          const d = descend(element, part, false);
          element = d.value!;
          slot = d.slot;
        }
        pathToCreate.length = 0;
      }
    };

    for (const [name, child] of this.children) {
      if (applyPositional && name === matched) {
        const where = [...pathTaken.map((p) => p.name), ...pathToCreate, matched];
        applyChild(mergeNodes(this.positional!, child, where), name, true);
        applyPositional = false;
        continue;
      }
      if (applyPositional && compareFieldNames(matched!, name) < 0) {
        applyChild(this.positional!, matched!, true);
        applyPositional = false;
      }
      applyChild(child, name, false);
    }
    if (applyPositional) applyChild(this.positional!, matched!, true);
    return noop;
  }

  /**
   * `apply` for an existing element whose children are all leaves and none positional (every
   * `{$inc: {n: 1}}`-like update at the root): the same steps without the descent closures. A leaf
   * never moves the path stacks and there is no missing path to follow, so the element and its
   * slot stay those of `args` for every child.
   */
  private applyLeaves(ctx: ApplyContext, args: NodeArgs): boolean {
    const { element, slot, pathTaken, pathToCreate, log } = args;
    const inArray = isArray(element);
    let noop = true;
    for (const [name, child] of this.children) {
      let value: Value | undefined;
      let key: string | number = name;
      if (isDoc(element)) value = element.get(name);
      else if (inArray) {
        const i = parseArrayIndex(name);
        if (i !== null && i < element.length) {
          value = element[i]!;
          key = i;
        }
      }
      let childNoop: boolean;
      if (value !== undefined) {
        pathTaken.push({ name, isIndex: inArray });
        childNoop = child.apply(ctx, {
          element: value,
          slot: { container: element as Doc | Value[], key },
          pathTaken,
          pathToCreate,
          log,
        });
        pathTaken.pop();
      } else {
        pathToCreate.push(name);
        childNoop = child.apply(ctx, { element, slot, pathTaken, pathToCreate, log });
        pathToCreate.pop();
      }
      noop = noop && childNoop;
    }
    return noop;
  }
}
