/**
 * What every node of the update tree sees while a plan is applied to one document
 * (`UpdateNode::ApplyParams` + `UpdateNodeApplyParams`).
 */
import type { Doc, Value } from '../../bson/values.js';
import { isArray, isDoc } from '../../bson/values.js';
import type { V2LogBuilder } from '../../oplog/v2-log-builder.js';
import type { ApplyParams, ArrayTouch } from '../executor.js';
import type { PathComponent } from '../path.js';
import type { ArrayFilter } from '../array-filters.js';

/** Where a value lives, so a leaf can replace it in its parent. */
export interface Slot {
  readonly container: Doc | Value[];
  readonly key: string | number;
}

export function setSlot(slot: Slot, value: Value): void {
  if (Array.isArray(slot.container)) slot.container[slot.key as number] = value;
  else slot.container.set(slot.key as string, value);
}

/**
 * Copy-on-write descent: returns the child `value` found at `key` of the owned `container`. A
 * document or array child that is still shared with the pre-image is replaced, in the container,
 * by a shallow copy, so that whatever is written through the result never reaches the pre-image.
 * Scalars and already owned containers are returned as they are.
 */
export function ownChild(ctx: ApplyContext, container: Doc | Value[], key: string | number, value: Value): Value {
  if (!isDoc(value) && !isArray(value)) return value;
  if (ctx.owned?.has(value) === true) return value;
  const copy: Doc | Value[] = isDoc(value) ? new Map(value) : value.slice();
  (ctx.owned ??= new Set()).add(copy);
  if (Array.isArray(container)) container[key as number] = copy;
  else container.set(key as string, copy);
  return copy;
}

export interface ApplyContext {
  readonly params: ApplyParams;
  /** The pre-image, never mutated (immutable-path comparisons, `_id` in messages). */
  readonly original: Doc;
  /**
   * The working copy being updated. Copy-on-write: it shares untouched sub-documents and arrays with
   * `original` (stored documents are immutable); only containers in `owned` may be mutated.
   */
  readonly root: Doc;
  /**
   * The containers copied during this apply below the root (the root copy is always owned): the
   * only ones safe to mutate. Created on the first copy (most updates write top-level fields only).
   */
  owned: Set<Doc | Value[]> | undefined;
  readonly arrayFilters: ReadonlyMap<string, ArrayFilter>;
  readonly immutablePaths: readonly (readonly string[])[];
  readonly modifiedPaths: string[];
  readonly arrayTouches: ArrayTouch[];
  /** How the changes would reach storage (see `WriteEffects`). */
  readonly effects: WriteEffects;
}

/**
 * The server applies an update to a mutable document that stays "in place" until a structural
 * change, and `UpdateStage` drops an in-place update that recorded no damage even when a node
 * reported a change. Only one node result is damage-free: `$push` with `$sort` on an empty array
 * (nothing inserted, nothing trimmed, nothing to sort).
 */
export interface WriteEffects {
  /** Some leaf changed bytes or structure. */
  damaged: boolean;
  /** Set by a leaf whose reported change touched nothing. */
  lastChangeDamageFree: boolean;
}

/**
 * Per-call arguments: the deepest existing element on the path (`element`, with its `slot`; the
 * root document has no slot), the components found so far (`pathTaken`, a shared stack), the
 * components still missing (`pathToCreate`, a shared stack) and the log builder (null when an
 * enclosing `$[]`/`$[id]` logs the whole array itself).
 */
export interface NodeArgs {
  readonly element: Value;
  readonly slot: Slot | null;
  readonly pathTaken: PathComponent[];
  readonly pathToCreate: string[];
  readonly log: V2LogBuilder | null;
}

export interface UpdateNode {
  readonly type: 'object' | 'array' | 'leaf';
  /** Applies the node; returns true when nothing changed. */
  apply(ctx: ApplyContext, args: NodeArgs): boolean;
  /** Inner nodes: the merge with another node of the same kind at `where`; undefined otherwise (a conflict). */
  mergeWith?(other: UpdateNode, where: readonly string[]): UpdateNode | undefined;
}
