/**
 * Parse once per statement shape: modifier updates are parsed once per shape (parse-cache-key.ts:
 * every name, modifier, `arrayFilters` and spelled value, and the type of each bound constant) and
 * collator, and each later update of that shape gets the parsed tree with its own constants bound
 * in: a new leaf per bound constant, made by the same factory as a parse (modifier_table.ts), in a
 * copy of the tree's inner nodes. So 10,000 upserts `{$set: {v: j}, $inc: {n: 1}}` parse once, and
 * an update whose constants equal the last ones bound reuses that executor as it is.
 *
 * Parsing is a pure function of the key and the bound constants: the same shape always parses
 * (a bound constant's parse looks at its type only, which the key holds), and the bound executor
 * has exactly the tree a fresh parse builds (executors are frozen and keep no state between
 * documents). Failed parses are not kept, so an invalid statement raises its error every time.
 */
import { binaryEqual, type Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { ModifierUpdateExecutor } from './modifier-executor.js';
import { MODIFIER_TABLE, type ModifierName } from './modifier-table.js';
import { isBoundConstant, UpdateShapeMatcher } from './parse-cache-key.js';
import type { UpdateNode } from './tree/context.js';

export { modifierUpdateShape, type UpdateShape } from './parse-cache-key.js';

/** Shapes kept per collator; the oldest goes first. */
const MAX_ENTRIES = 256;

/** Where one bound constant went: the leaf its parse made, to be replaced by a leaf of the new value. */
interface BoundLeaf {
  readonly modifier: ModifierName;
  readonly field: string;
  readonly leaf: UpdateNode;
}

/** A parsed modifier update and the leaves of its bound constants. */
export class ExecutorTemplate {
  private last: { readonly constants: readonly Value[]; readonly executor: ModifierUpdateExecutor };
  /** Recognises the shape of the update parsed, with its `arrayFilters`, without a key. */
  private readonly shape: UpdateShapeMatcher;

  private constructor(
    /** The update parsed and its `arrayFilters`, to recognise its shape without a key. */
    u: Doc,
    arrayFilters: readonly Value[] | Value | undefined,
    private readonly executor: ModifierUpdateExecutor,
    private readonly bound: readonly BoundLeaf[],
    constants: readonly Value[],
    private readonly collator: Collator | null,
  ) {
    this.last = { constants, executor };
    this.shape = new UpdateShapeMatcher(u, arrayFilters);
  }

  /** The executor of `u` when it has this template's shape (its key), with `u`'s constants bound; else undefined. */
  bindSameShape(u: Doc, arrayFilters: readonly Value[] | Value | undefined): ModifierUpdateExecutor | undefined {
    return this.shape.matches(u, arrayFilters) ? this.bind(this.shape.bound) : undefined;
  }

  /**
   * The template of `executor`, parsed from `u` with `collator`; `leaves` are the leaves the parse
   * made, one per field of each modifier, in `u`'s order.
   */
  static of(
    u: Doc,
    arrayFilters: readonly Value[] | Value | undefined,
    executor: ModifierUpdateExecutor,
    leaves: readonly UpdateNode[],
    constants: readonly Value[],
    collator: Collator | null,
  ): ExecutorTemplate {
    const bound: BoundLeaf[] = [];
    let i = 0;
    for (const [modifier, spec] of u) {
      for (const [field, value] of spec as Doc) {
        const leaf = leaves[i++]!;
        if (isBoundConstant(modifier, value)) bound.push({ modifier: modifier as ModifierName, field, leaf });
      }
    }
    if (i !== leaves.length || bound.length !== constants.length)
      throw new Error('parse-cache: leaves do not match the update');
    return new ExecutorTemplate(u, arrayFilters, executor, bound, constants, collator);
  }

  /** The executor of this shape with `constants` bound. */
  bind(constants: readonly Value[]): ModifierUpdateExecutor {
    const last = this.last;
    if (sameConstants(last.constants, constants)) return last.executor;
    // The shape matcher's array is rewritten by its next comparison.
    if (constants === this.shape.bound) constants = constants.slice();
    const replace = new Map<UpdateNode, UpdateNode>();
    const { bound, collator } = this;
    for (let i = 0; i < bound.length; i++) {
      const { modifier, field, leaf } = bound[i]!;
      replace.set(leaf, MODIFIER_TABLE[modifier]({ field, value: constants[i]!, collator }));
    }
    const executor = this.executor.withLeaves(replace);
    this.last = { constants, executor };
    return executor;
  }
}

function sameConstants(a: readonly Value[], b: readonly Value[]): boolean {
  for (let i = 0; i < a.length; i++) if (!binaryEqual(a[i]!, b[i]!)) return false;
  return true;
}

class ExecutorCache {
  /** On by default; tests turn it off to compare against parsing every time. */
  enabled = true;
  private readonly simple = new Map<string, ExecutorTemplate>();
  private readonly byCollator = new WeakMap<Collator, Map<string, ExecutorTemplate>>();
  /** The template found or made last, per collator: tried first, by shape, without a key. */
  private recentSimple: ExecutorTemplate | undefined;
  private readonly recentByCollator = new WeakMap<Collator, ExecutorTemplate>();

  recent(collator: Collator | null): ExecutorTemplate | undefined {
    if (!this.enabled) return undefined;
    return collator === null ? this.recentSimple : this.recentByCollator.get(collator);
  }

  private setRecent(collator: Collator | null, template: ExecutorTemplate): void {
    if (collator === null) this.recentSimple = template;
    else this.recentByCollator.set(collator, template);
  }

  private entries(collator: Collator | null): Map<string, ExecutorTemplate> {
    if (collator === null) return this.simple;
    let m = this.byCollator.get(collator);
    if (m === undefined) this.byCollator.set(collator, (m = new Map()));
    return m;
  }

  get(collator: Collator | null, key: string): ExecutorTemplate | undefined {
    if (!this.enabled) return undefined;
    const template = this.entries(collator).get(key);
    if (template !== undefined) this.setRecent(collator, template);
    return template;
  }

  set(collator: Collator | null, key: string, template: ExecutorTemplate): void {
    if (!this.enabled) return;
    const m = this.entries(collator);
    if (m.size >= MAX_ENTRIES) m.delete(m.keys().next().value!);
    m.set(key, template);
    this.setRecent(collator, template);
  }
}

export const modifierExecutorCache = new ExecutorCache();
