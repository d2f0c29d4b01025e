/**
 * The modifier executor's short path for the commonest update: every leaf a top-level field
 * (`{$inc: {n: 1}}`, `{$set: {a: 1, v: 2}}` over a collection). It takes the same steps as the
 * tree (`ObjectNode.applyLeaves` → `ModifierNode.applyToExisting` or `applyToMissing` per leaf, in
 * the tree's field order) on the stored document's values array, without the tree's per-call
 * objects, and keeps the diff as a `TopLevelDiff` (names and values) instead of a `V2LogBuilder`.
 * A field the document lacks is created as `createPathAt` does at the root: appended after the
 * existing ones, several in the tree's order (`cmpPathsAndArrayIndexes`), logged as `i`.
 *
 * It answers only when its preconditions hold and otherwise returns undefined before doing
 * anything, and the tree runs: a document that is not a `ShapedDoc` or lacks `_id` first, a new
 * version whose names could not be shaped (past the shape limits), an upsert insert, other
 * immutable paths than `_id` (sharded collections). Only leaves that follow `ModifierNode`'s
 * shared protocol unchanged qualify (not `$unset`, `$rename`, or a traced leaf), and never a leaf
 * on `_id` or on a `$`-prefixed name. Guard: top-level-apply.property.test.ts compares it with
 * the tree.
 */
import { ShapedDoc } from '../bson/shaped-doc.js';
import { bsonSize, elementSize, valueSize } from '../bson/size.js';
import type { Shape } from '../bson/shape.js';
import type { Doc, Value } from '../bson/values.js';
import { CREATED, TopLevelDiff, WHOLE_VALUE } from '../oplog/top-level-diff.js';
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
const RELEASED_DOC: Doc = new Map();
const NO_FILTERS: ReadonlyMap<string, ArrayFilter> = new Map();
const RELEASED_PARAMS: ApplyParams = Object.freeze({ isUpsertInsert: false, immutablePaths: [], env: undefined as never });
/** A shape without `_id` first, or whose new version could not be shaped: the tree applies. */
const NOT_APPLICABLE = null;
/** `ShapePlan.slots` of a leaf whose field the document lacks. */
const MISSING = -1;

/** How the plan's leaves meet documents of one shape. */
interface ShapePlan {
  /** Each leaf's position in the document, or `MISSING`. */
  readonly slots: Int32Array;
  /** The new version's shape when some leaf creates its field (appended in leaf order), else undefined. */
  readonly grown: Shape | undefined;
  /** How many leaves create their field. */
  readonly creations: number;
}
/** Shapes remembered per plan (a collection's documents mostly share a few). */
const SHAPE_CACHE_LIMIT = 64;

export class TopLevelPlan {
  /** The leaves' field names, in the tree's application order (also the modified paths when all change). */
  private readonly names: readonly string[];
  private readonly leaves: readonly ModifierNode[];
  /** Each leaf's path as the tree passes it (`[{name, isIndex: false}]`). */
  private readonly paths: readonly RuntimePath[];
  /** Each leaf's path as names (`[name]`: what `valueForNew` gets). */
  private readonly fieldPaths: readonly (readonly string[])[];
  /** The context the leaves get, reset for each document (leaves never keep it). */
  private readonly context = new LeafContext();
  /** Shared by the plans of one parsed shape (`withLeaves`): slots depend on the names only. */
  private readonly slotsByShape: Map<Shape, ShapePlan | typeof NOT_APPLICABLE>;
  /** The last shape asked for and its plan (`slotsFor`). */
  private lastShape: Shape | undefined = undefined;
  private lastPlan: ShapePlan | typeof NOT_APPLICABLE = NOT_APPLICABLE;

  private constructor(
    names: readonly string[],
    leaves: readonly ModifierNode[],
    paths: readonly RuntimePath[],
    fieldPaths: readonly (readonly string[])[],
    slotsByShape: Map<Shape, ShapePlan | typeof NOT_APPLICABLE>,
  ) {
    this.names = names;
    this.leaves = leaves;
    this.paths = paths;
    this.fieldPaths = fieldPaths;
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
    return new TopLevelPlan(this.names, leaves, this.paths, this.fieldPaths, this.slotsByShape);
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
      leaves.map(([name]) => Object.freeze([name])),
      new Map(),
    );
  }

  /** The leaves' positions in documents of `shape` and the shape they grow it to, or null when the tree must apply. */
  private slotsFor(shape: Shape): ShapePlan | typeof NOT_APPLICABLE {
    // Consecutive documents mostly share a shape: no lookup by shape for them.
    if (shape === this.lastShape) return this.lastPlan;
    const plan = this.planFor(shape);
    this.lastShape = shape;
    this.lastPlan = plan;
    return plan;
  }

  private planFor(shape: Shape): ShapePlan | typeof NOT_APPLICABLE {
    const known = this.slotsByShape.get(shape);
    if (known !== undefined) return known;
    let plan: ShapePlan | typeof NOT_APPLICABLE = NOT_APPLICABLE;
    if (shape.names[0] === '_id') {
      const slots = new Int32Array(this.names.length);
      let grown: Shape | undefined = shape;
      let creations = 0;
      for (let i = 0; i < this.names.length && grown !== undefined; i++) {
        const at = shape.slotOf(this.names[i]!);
        slots[i] = at < 0 ? MISSING : at;
        // Creation depends on the leaf's class only, which `withLeaves` keeps.
        const leaf = this.leaves[i]!;
        if (at < 0 && !leaf.isInsertOnly() && leaf.createsMissing()) {
          grown = grown.with(this.names[i]!);
          creations++;
        }
      }
      if (grown !== undefined) plan = { slots, grown: creations > 0 ? grown : undefined, creations };
    }
    if (this.slotsByShape.size >= SHAPE_CACHE_LIMIT) this.slotsByShape.clear();
    this.slotsByShape.set(shape, plan);
    return plan;
  }

  /** The update applied to `doc`, or undefined (nothing done) when the tree must apply. */
  apply(doc: Doc, params: ApplyParams, arrayFilters: ReadonlyMap<string, ArrayFilter>): ApplyResult | undefined {
    if (params.isUpsertInsert || !(doc instanceof ShapedDoc)) return undefined;
    const immutable = params.immutablePaths;
    if (immutable.length !== 1 || immutable[0] !== '_id') return undefined;
    const shape = doc.shapeOf();
    if (shape === undefined) return undefined;
    const plan = this.slotsFor(shape);
    if (plan === NOT_APPLICABLE) return undefined;

    const ctx = this.context;
    ctx.reset(params, doc, arrayFilters);
    try {
      return this.applyPlanned(doc, shape, plan, ctx);
    } finally {
      ctx.release();
    }
  }

  private applyPlanned(doc: ShapedDoc, shape: Shape, plan: ShapePlan, ctx: LeafContext): ApplyResult {
    const { slots } = plan;
    const params = ctx.params;
    const vals = doc.valuesArray()!;
    const { names, leaves, paths, fieldPaths } = this;
    let next: Value[] | undefined;
    /** The created fields' values, in creation order (their names follow `plan.grown`). */
    let created: Value[] | undefined;
    let changed = false;
    let damaged = false;
    let diff: TopLevelDiff | undefined;
    // The BSON size change: each leaf writes its own slot or appends its own field, so the version
    // differs from `doc` there alone (what `sizeFromPrevious` finds walking every position).
    let sizeDelta = 0;
    // Modified paths: `names` itself while every leaf so far changed, else a list.
    let prefix = 0;
    let modified: string[] | undefined;
    for (let i = 0; i < leaves.length; i++) {
      const leaf = leaves[i]!;
      if (leaf.isInsertOnly()) continue;
      const slot = slots[i]!;
      const name = names[i]!;
      let value: Value;
      let appended: number;
      if (slot === MISSING) {
        // `applyToMissing` at the root: a leaf that does not create leaves a document alone
        // (`checkViability` passes for a document); one that creates appends, never damage-free.
        if (!leaf.createsMissing()) continue;
        value = leaf.newValue(ctx, fieldPaths[i]!);
        sizeDelta += elementSize(name, value);
        (created ??= []).push(value);
        appended = CREATED;
        damaged = true;
      } else {
        const result = leaf.modifyExisting(ctx, (next ?? vals)[slot]!, paths[i]!);
        if (result.type === 'noop') continue;
        if (result.type !== 'normal' || result.damageFree !== true) damaged = true;
        value = result.value;
        // Same name before and after: only the values' sizes differ.
        sizeDelta += valueSize(value) - valueSize(vals[slot]!);
        (next ??= vals.slice())[slot] = value;
        appended = result.type === 'append' ? result.appended : WHOLE_VALUE;
      }
      changed = true;
      // The container is read only for `$`-prefixed names, which never take this path.
      validateUpdatedElement(name, value, 1, doc);
      if (diff === undefined) diff = new TopLevelDiff(name, value, appended);
      else diff.add(name, value, appended);
      if (modified === undefined && prefix === i) prefix++;
      else (modified ??= names.slice(0, prefix)).push(name);
    }
    // `UpdateStage`: an in-place update without damage is not written (no validator: in place).
    if (!changed) return { doc: ShapedDoc.copyOf(doc), noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    if (!damaged && params.inPlaceUpdates !== false) {
      return { doc, noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    }
    const out =
      created === undefined
        ? new ShapedDoc(shape, next!, true)
        : new ShapedDoc(grownShape(plan, created.length), withAppended(next ?? vals, created), true);
    const size = params.originalSize === undefined ? bsonSize(out) : params.originalSize + sizeDelta;
    checkUpdatedDocumentSize(out, size);
    const modifiedPaths = modified ?? (prefix === names.length ? names : names.slice(0, prefix));
    return new ChangedDocument(out, modifiedPaths, diff!, NO_TOUCHES, size);
  }
}

/**
 * What leaves read of the context: `params` (`$currentDate`'s clock) and the root's `_id`
 * (messages); the rest is constant (leaves never record paths, touches or effects themselves).
 * One per plan, reset per document: no context object per write.
 */
class LeafContext implements ApplyContext {
  params: ApplyParams = RELEASED_PARAMS;
  original: Doc = RELEASED_DOC;
  root: Doc = RELEASED_DOC;
  owned: Set<Doc | Value[]> | undefined = undefined;
  arrayFilters: ReadonlyMap<string, ArrayFilter> = NO_FILTERS;
  readonly immutablePaths = ID_ONLY;
  readonly modifiedPaths = NO_PATHS;
  readonly arrayTouches = NO_TOUCHES;
  readonly effects = NO_EFFECTS;

  reset(params: ApplyParams, doc: Doc, arrayFilters: ReadonlyMap<string, ArrayFilter>): void {
    this.params = params;
    this.original = doc;
    this.root = doc;
    this.arrayFilters = arrayFilters;
  }

  /** Lets go of the document and its statement's values (a cached plan outlives its statement). */
  release(): void {
    this.params = RELEASED_PARAMS;
    this.original = RELEASED_DOC;
    this.root = RELEASED_DOC;
    this.arrayFilters = NO_FILTERS;
  }
}

/** The planned grown shape, after checking that the leaves created as many fields as planned. */
function grownShape(plan: ShapePlan, creations: number): Shape {
  if (plan.grown === undefined || plan.creations !== creations) throw new Error('top-level plan: unplanned field creation');
  return plan.grown;
}

/** `vals` followed by `created`, in one array of the final length. */
function withAppended(vals: readonly Value[], created: readonly Value[]): Value[] {
  const out = new Array<Value>(vals.length + created.length);
  for (let i = 0; i < vals.length; i++) out[i] = vals[i]!;
  for (let j = 0; j < created.length; j++) out[vals.length + j] = created[j]!;
  return out;
}
