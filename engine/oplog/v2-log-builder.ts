/**
 * Builds the `$v:2` diff while a modifier update is applied (`V2LogBuilder` / `diff_tree`).
 *
 * Leaves log the path they changed (with each component marked as field name or array index).
 * Logged values are kept by reference and serialized at the end, as the server keeps element
 * references: a field created by one leaf and extended by a later leaf is logged once, as the
 * final nested insert (`{$set: {'a.b': 1, 'a.c': 2}}` on `{}` → `i: {a: {b: 1, c: 2}}`).
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { cloneValue, type RuntimePath } from '../update/path.js';
import { makeDeltaOplogEntry } from './diff-types.js';
import { keepShape } from '../shape-anchor.js';

type Leaf = { readonly kind: 'update' | 'insert'; readonly value: Value };

// Sections are allocated when first used: most updates log one or two top-level fields, and a
// builder may be kept until its oplog entry is read.
const NO_NAMES: readonly string[] = [];
/** Up to this many logged names per sub-document a linear scan finds a name; past it, a Map. */
const LEAF_SCAN_LIMIT = 16;
const NO_SUBS: ReadonlyMap<string, DiffNode> = new Map();

class DocDiffNode {
  readonly kind = 'doc' as const;
  deletes: string[] | undefined = undefined;
  /**
   * Updates and inserts in logging order; a name appears once across both. Two arrays (names are
   * found by a scan, through `leafIndex` past `LEAF_SCAN_LIMIT`): a builder is kept with its oplog
   * entry, and a Map per updated document was a large share of what an `updateMany` keeps.
   */
  leafNames: string[] | undefined = undefined;
  leafList: Leaf[] | undefined = undefined;
  private leafIndex: Map<string, number> | undefined = undefined;
  subs: Map<string, DiffNode> | undefined = undefined;

  leaf(name: string): Leaf | undefined {
    const names = this.leafNames;
    if (names === undefined) return undefined;
    const i = this.leafIndex !== undefined ? (this.leafIndex.get(name) ?? -1) : names.indexOf(name);
    return i < 0 ? undefined : this.leafList![i];
  }

  addLeaf(name: string, leaf: Leaf): void {
    if (this.leaf(name) !== undefined) return;
    const names = this.leafNames;
    if (names === undefined) {
      // Exact-size arrays: most diffs hold one or two names.
      this.leafNames = [name];
      this.leafList = [leaf];
      return;
    }
    names.push(name);
    this.leafList!.push(leaf);
    if (this.leafIndex !== undefined) this.leafIndex.set(name, names.length - 1);
    else if (names.length > LEAF_SCAN_LIMIT) this.leafIndex = new Map(names.map((n, i) => [n, i]));
  }

  sub(name: string): DiffNode | undefined {
    return this.subs?.get(name);
  }

  addSub(name: string, sub: DiffNode): void {
    (this.subs ??= new Map()).set(name, sub);
  }

  serialize(): Doc {
    const out: Doc = new Map();
    if (this.deletes !== undefined) out.set('d', new Map(this.deletes.map((f) => [f, false] as const)));
    let u: Doc | undefined;
    let i: Doc | undefined;
    const names = this.leafNames ?? NO_NAMES;
    for (let k = 0; k < names.length; k++) {
      const f = names[k]!;
      const leaf = this.leafList![k]!;
      if (leaf.kind === 'update') (u ??= new Map()).set(f, cloneValue(leaf.value));
      else (i ??= new Map()).set(f, cloneValue(leaf.value));
    }
    if (u !== undefined) out.set('u', u);
    if (i !== undefined) out.set('i', i);
    for (const [f, sub] of this.subs ?? NO_SUBS) out.set(`s${f}`, sub.serialize());
    return out;
  }
}

class ArrayDiffNode {
  readonly kind = 'array' as const;
  readonly entries = new Map<number, Leaf | DiffNode>();

  serialize(): Doc {
    const out: Doc = new Map([['a', true]]);
    const indexes = [...this.entries.keys()].sort((x, y) => x - y);
    for (const idx of indexes) {
      const e = this.entries.get(idx)!;
      if (e.kind === 'doc' || e.kind === 'array') out.set(`s${idx}`, e.serialize());
      else out.set(`u${idx}`, cloneValue(e.value));
    }
    return out;
  }
}

type DiffNode = DocDiffNode | ArrayDiffNode;

export class V2LogBuilder {
  constructor() {
    keepShape(this);
  }
  private readonly root = new DocDiffNode();
  private empty = true;
  private built: Doc | undefined = undefined;

  /** An existing field (or array element) now holds `value`: `u`, or `u<idx>` inside an array. */
  logUpdatedField(path: RuntimePath, value: Value): void {
    this.addLeaf(path, path.length - 1, { kind: 'update', value });
  }

  /**
   * Components from `firstNew` on did not exist; `topValue` is the value now at
   * `path[firstNew]`: logged as one nested `i` (or `u<idx>` when its parent is an array).
   */
  logCreatedField(path: RuntimePath, firstNew: number, topValue: Value): void {
    const parentIsArray = path[firstNew]!.isIndex;
    this.addLeaf(path, firstNew, { kind: parentIsArray ? 'update' : 'insert', value: topValue });
  }

  /** A field was removed: `d: {f: false}`. */
  logDeletedField(path: RuntimePath): void {
    const parent = this.parentNode(path, path.length - 1);
    if (parent === null) return;
    this.empty = false;
    if (parent.kind === 'doc') (parent.deletes ??= []).push(path[path.length - 1]!.name);
  }

  isEmpty(): boolean {
    return this.empty;
  }

  /** The diff document (`{}` when nothing was logged). */
  serializeDiff(): Doc {
    return this.root.serialize();
  }

  /** The oplog `o`: `{$v: 2, diff}`. */
  serialize(): Doc {
    return makeDeltaOplogEntry(this.serializeDiff());
  }

  /**
   * The oplog `o`, built on first call and the same document afterwards (an oplog entry and the
   * statement's details share it). Call only once logging is over: logged values are read then.
   */
  build(): Doc {
    return (this.built ??= this.serialize());
  }

  private addLeaf(path: RuntimePath, at: number, leaf: Leaf): void {
    const parent = this.parentNode(path, at);
    if (parent === null) return;
    this.empty = false;
    const comp = path[at]!;
    if (parent.kind === 'doc') {
      parent.addLeaf(comp.name, leaf);
    } else {
      const idx = Number(comp.name);
      if (!parent.entries.has(idx)) parent.entries.set(idx, leaf);
    }
  }

  /**
   * The diff node for the container holding `path[at]`, creating sub-diffs on the way. Null when
   * an ancestor is already logged as a whole value (its final state is serialized anyway).
   */
  private parentNode(path: RuntimePath, at: number): DiffNode | null {
    let node: DiffNode = this.root;
    for (let k = 0; k < at; k++) {
      const comp = path[k]!;
      const childIsArray = path[k + 1]!.isIndex;
      if (node.kind === 'doc') {
        if (node.leaf(comp.name) !== undefined) return null;
        let sub = node.sub(comp.name);
        if (sub === undefined) {
          sub = childIsArray ? new ArrayDiffNode() : new DocDiffNode();
          node.addSub(comp.name, sub);
        }
        node = sub;
      } else {
        const idx = Number(comp.name);
        const e = node.entries.get(idx);
        if (e !== undefined && e.kind !== 'doc' && e.kind !== 'array') return null;
        let sub: DiffNode | undefined = e as DiffNode | undefined;
        if (sub === undefined) {
          sub = childIsArray ? new ArrayDiffNode() : new DocDiffNode();
          node.entries.set(idx, sub);
        }
        node = sub;
      }
    }
    return node;
  }
}

/** The int32 `l` value for array resizes (used by diff calculators). */
export function diffLength(n: number): Int32 {
  return new Int32(n);
}
