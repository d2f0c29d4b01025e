/**
 * The modifier executor's short path for the commonest update: every leaf a top-level field that
 * the document already holds (`{$inc: {n: 1}}`, `{$set: {a: 1, b: 2}}` over a collection). It takes
 * the same steps as the tree (`ObjectNode.applyLeaves` → `ModifierNode.applyToExisting` per leaf,
 * in the tree's field order) on the stored document's values array, without the tree's per-call
 * objects, and keeps the diff as a `TopLevelDiff` (names and values) instead of a `V2LogBuilder`.
 *
 * It answers only when its preconditions hold and otherwise returns undefined before doing
 * anything, and the tree runs: a document that is not a `ShapedDoc`, lacks a leaf's field or `_id`
 * first, an upsert insert, other immutable paths than `_id` (sharded collections). Only leaves
 * that follow `ModifierNode`'s shared protocol unchanged qualify (not `$unset`, `$rename`, or a
 * traced leaf), and never a leaf on `_id` or on a `$`-prefixed name. Guard:
 * top-level-apply.property.test.ts compares it with the tree.
 */
import { ShapedDoc } from '../bson/shaped-doc.js';
import { bsonSize, elementSize } from '../bson/size.js';
import type { Shape } from '../bson/shape.js';
import type { Doc, Value } from '../bson/values.js';
import { TopLevelDiff, WHOLE_VALUE } from '../oplog/top-level-diff.js';
import type { ArrayFilter } from './array-filters.js';
import { ChangedDocument } from './changed-document.js';
import { checkUpdatedDocumentSize } from './document-size.js';
import type { ApplyParams, ApplyResult, ArrayTouch } from './executor.js';
import type { RuntimePath } from './path.js';
import { validateUpdatedElement } from './storage-validation.js';
import type { ApplyContext, UpdateNode, WriteEffects } from './tree/context.js';
import { ModifierNode } from './tree/modifier-node.js';
import type { ObjectNode } from './tree/object-node.js';

const ID_ONLY: readonly (readonly string[])[] = Object.freeze([Object.freeze(['_id'])]);
/** Leaves never record modified paths, array touches or effects themselves (the protocol does): frozen, so one that did would throw. */
const NO_PATHS: string[] = Object.freeze([]) as unknown as string[];
const NO_TOUCHES: ArrayTouch[] = Object.freeze([]) as unknown as ArrayTouch[];
const NO_EFFECTS: WriteEffects = Object.freeze({ damaged: false, lastChangeDamageFree: false }) as WriteEffects;
/** A shape lacking a leaf's field (or without `_id` first): the tree applies. */
const NOT_APPLICABLE = null;
/** Shapes remembered per plan (a collection's documents mostly share a few). */
const SHAPE_CACHE_LIMIT = 64;

export class TopLevelPlan {
  /** The leaves' field names, in the tree's application order (also the modified paths when all change). */
  private readonly names: readonly string[];
  private readonly leaves: readonly ModifierNode[];
  /** Each leaf's path as the tree passes it (`[{name, isIndex: false}]`). */
  private readonly paths: readonly RuntimePath[];
  /** Shared by the plans of one parsed shape (`withLeaves`): slots depend on the names only. */
  private readonly slotsByShape: Map<Shape, Int32Array | typeof NOT_APPLICABLE>;

  private constructor(
    names: readonly string[],
    leaves: readonly ModifierNode[],
    paths: readonly RuntimePath[],
    slotsByShape: Map<Shape, Int32Array | typeof NOT_APPLICABLE>,
  ) {
    this.names = names;
    this.leaves = leaves;
    this.paths = paths;
    this.slotsByShape = slotsByShape;
  }

  /**
   * This plan with some leaves replaced by leaves of the same class (a parsed shape with other
   * constants bound: parse-cache.ts); the names, paths and slots per shape are shared.
   */
  withLeaves(replace: ReadonlyMap<UpdateNode, UpdateNode>): TopLevelPlan {
    const leaves = this.leaves.map((leaf) => {
      const next = replace.get(leaf) ?? leaf;
      if (!(next instanceof ModifierNode) || next.constructor !== leaf.constructor) {
        throw new Error('top-level plan: a bound leaf changed its kind');
      }
      return next;
    });
    return new TopLevelPlan(this.names, leaves, this.paths, this.slotsByShape);
  }

  /** The plan for a parsed tree, or undefined when some leaf does not qualify. */
  static of(tree: ObjectNode): TopLevelPlan | undefined {
    if (tree.positional !== undefined || tree.children.length === 0) return undefined;
    const leaves: [string, ModifierNode][] = [];
    for (const [name, child] of tree.children) {
      if (!(child instanceof ModifierNode) || !child.followsSharedProtocol()) return undefined;
      // `_id` is immutable (66 or a no-op: the tree decides); `$` names at the top level get
      // `validateDollarPrefixElement`, which reads the container.
      if (name === '_id' || name.startsWith('$')) return undefined;
      leaves.push([name, child]);
    }
    return new TopLevelPlan(
      Object.freeze(leaves.map(([name]) => name)),
      leaves.map(([, leaf]) => leaf),
      leaves.map(([name]) => Object.freeze([Object.freeze({ name, isIndex: false })])),
      new Map(),
    );
  }

  /** The leaves' positions in documents of `shape`, or null when the tree must apply. */
  private slotsFor(shape: Shape): Int32Array | typeof NOT_APPLICABLE {
    const known = this.slotsByShape.get(shape);
    if (known !== undefined) return known;
    let slots: Int32Array | typeof NOT_APPLICABLE = NOT_APPLICABLE;
    if (shape.names[0] === '_id') {
      slots = new Int32Array(this.names.length);
      for (let i = 0; i < this.names.length; i++) {
        const at = shape.slotOf(this.names[i]!);
        if (at < 0) {
          slots = NOT_APPLICABLE;
          break;
        }
        slots[i] = at;
      }
    }
    if (this.slotsByShape.size >= SHAPE_CACHE_LIMIT) this.slotsByShape.clear();
    this.slotsByShape.set(shape, slots);
    return slots;
  }

  /** The update applied to `doc`, or undefined (nothing done) when the tree must apply. */
  apply(doc: Doc, params: ApplyParams, arrayFilters: ReadonlyMap<string, ArrayFilter>): ApplyResult | undefined {
    if (params.isUpsertInsert || !(doc instanceof ShapedDoc)) return undefined;
    const immutable = params.immutablePaths;
    if (immutable.length !== 1 || immutable[0] !== '_id') return undefined;
    const shape = doc.shapeOf();
    if (shape === undefined) return undefined;
    const slots = this.slotsFor(shape);
    if (slots === NOT_APPLICABLE) return undefined;

    const vals = doc.valuesArray()!;
    // What leaves read of the context: `params` (`$currentDate`'s clock) and the root's `_id` (messages).
    const ctx: ApplyContext = {
      params,
      original: doc,
      root: doc,
      owned: undefined,
      arrayFilters,
      immutablePaths: ID_ONLY,
      modifiedPaths: NO_PATHS,
      arrayTouches: NO_TOUCHES,
      effects: NO_EFFECTS,
    };
    const { names, leaves, paths } = this;
    let next: Value[] | undefined;
    let changed = false;
    let damaged = false;
    let diff: TopLevelDiff | undefined;
    // The BSON size change: each leaf writes its own slot, so the version differs from `doc` at
    // the written slots alone (what `sizeFromPrevious` finds walking every position).
    let sizeDelta = 0;
    // Modified paths: `names` itself while every leaf so far changed, else a list.
    let prefix = 0;
    let modified: string[] | undefined;
    for (let i = 0; i < leaves.length; i++) {
      const leaf = leaves[i]!;
      if (leaf.isInsertOnly()) continue;
      const slot = slots[i]!;
      const result = leaf.modifyExisting(ctx, (next ?? vals)[slot]!, paths[i]!);
      if (result.type === 'noop') continue;
      changed = true;
      if (result.type !== 'normal' || result.damageFree !== true) damaged = true;
      const name = names[i]!;
      sizeDelta += elementSize(name, result.value) - elementSize(name, vals[slot]!);
      (next ??= vals.slice())[slot] = result.value;
      // The container is read only for `$`-prefixed names, which never take this path.
      validateUpdatedElement(name, result.value, 1, doc);
      const appended = result.type === 'append' ? result.appended : WHOLE_VALUE;
      if (diff === undefined) diff = new TopLevelDiff(name, result.value, appended);
      else diff.add(name, result.value, appended);
      if (modified === undefined && prefix === i) prefix++;
      else (modified ??= names.slice(0, prefix)).push(name);
    }
    // `UpdateStage`: an in-place update without damage is not written (no validator: in place).
    if (!changed) return { doc: ShapedDoc.copyOf(doc), noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    if (!damaged && params.inPlaceUpdates !== false) {
      return { doc, noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    }
    const out = new ShapedDoc(shape, next!, true);
    const size = params.originalSize === undefined ? bsonSize(out) : params.originalSize + sizeDelta;
    checkUpdatedDocumentSize(out, size);
    const modifiedPaths = modified ?? (prefix === names.length ? names : names.slice(0, prefix));
    return new ChangedDocument(out, modifiedPaths, diff!, NO_TOUCHES, size);
  }
}
