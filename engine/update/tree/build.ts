/**
 * Parse-time construction of the update tree (`UpdateObjectNode::parseAndMerge`): each path is
 * checked (empty parts 56, positional rules, array-filter identifiers) and merged into a mutable
 * prefix tree, which `freeze` turns into the immutable plan.
 */
import { fail } from '../../errors.js';
import { isArrayFilterIdentifierPart } from '../path.js';
import { ArrayNode } from './array-node.js';
import type { UpdateNode } from './context.js';
import { ObjectNode } from './object-node.js';

class MutableObject {
  readonly kind = 'object' as const;
  readonly children = new Map<string, MutableNode>();
  positional: MutableNode | undefined;
  get(name: string): MutableNode | undefined {
    return name === '$' ? this.positional : this.children.get(name);
  }
  set(name: string, node: MutableNode): void {
    if (name === '$') this.positional = node;
    else this.children.set(name, node);
  }
}

class MutableArray {
  readonly kind = 'array' as const;
  readonly children = new Map<string, MutableNode>();
  get(name: string): MutableNode | undefined {
    return this.children.get(name);
  }
  set(name: string, node: MutableNode): void {
    this.children.set(name, node);
  }
}

type MutableNode = MutableObject | MutableArray | { readonly kind: 'leaf'; readonly node: UpdateNode };

export class TreeBuilder {
  private readonly root = new MutableObject();
  readonly foundIdentifiers = new Set<string>();
  hasPositional = false;

  constructor(private readonly arrayFilterIds: ReadonlySet<string>) {}

  /** Splits and checks a path (`fieldchecker::isUpdatable` + positional rules). */
  static checkPath(path: string): string[] {
    if (path === '') throw fail(56, 'An empty update path is not valid.');
    const parts = path.split('.');
    if (parts.some((p) => p === '')) {
      throw fail(56, `The update path '${path}' contains an empty field name, which is not allowed.`);
    }
    const positions = parts.flatMap((p, i) => (p === '$' ? [i] : []));
    if (positions.length > 1) throw fail(2, `Too many positional (i.e. '$') elements found in path '${path}'`);
    if (positions[0] === 0) {
      throw fail(2, `Cannot have positional (i.e. '$') element in the first position in path '${path}'`);
    }
    return parts;
  }

  private childName(part: string, i: number, path: string): string {
    if (!isArrayFilterIdentifierPart(part)) return part;
    if (i === 0) {
      throw fail(
        2,
        `Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '${path}'`,
      );
    }
    const id = part.slice(2, -1);
    if (id !== '' && !this.arrayFilterIds.has(id)) {
      throw fail(2, `No array filter found for identifier '${id}' in path '${path}'`);
    }
    if (id !== '') this.foundIdentifiers.add(id);
    return id;
  }

  /** Adds a leaf at `path` (already checked with `checkPath`). */
  add(path: string, parts: readonly string[], leaf: UpdateNode): void {
    if (parts.includes('$')) this.hasPositional = true;
    let current: MutableObject | MutableArray = this.root;
    for (let i = 0; i < parts.length - 1; i++) {
      const name = this.childName(parts[i]!, i, path);
      const shouldBeArray = isArrayFilterIdentifierPart(parts[i + 1]!);
      let child = current.get(name);
      if (child !== undefined) {
        if (child.kind !== (shouldBeArray ? 'array' : 'object')) {
          throw fail(40, `Updating the path '${path}' would create a conflict at '${parts.slice(0, i + 1).join('.')}'`);
        }
      } else {
        child = shouldBeArray ? new MutableArray() : new MutableObject();
        current.set(name, child);
      }
      current = child as MutableObject | MutableArray;
    }
    const last = this.childName(parts[parts.length - 1]!, parts.length - 1, path);
    if (current.get(last) !== undefined) {
      throw fail(40, `Updating the path '${path}' would create a conflict at '${path}'`);
    }
    current.set(last, { kind: 'leaf', node: leaf });
  }

  freeze(): ObjectNode {
    return freezeNode(this.root) as ObjectNode;
  }
}

function freezeNode(n: MutableNode): UpdateNode {
  if (n.kind === 'leaf') return n.node;
  const children = new Map<string, UpdateNode>();
  for (const [k, c] of n.children) children.set(k, freezeNode(c));
  if (n.kind === 'array') return new ArrayNode(children);
  return new ObjectNode(children, n.positional === undefined ? undefined : freezeNode(n.positional));
}
