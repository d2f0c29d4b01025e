/**
 * What every node of the update tree sees while a plan is applied to one document
 * (`UpdateNode::ApplyParams` + `UpdateNodeApplyParams`).
 */
import type { Doc, Value } from '../../bson/values.js';
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

export interface ApplyContext {
  readonly params: ApplyParams;
  /** The pre-image, never mutated (immutable-path comparisons, `_id` in messages). */
  readonly original: Doc;
  /** The working copy being updated. */
  readonly root: Doc;
  readonly arrayFilters: ReadonlyMap<string, ArrayFilter>;
  readonly immutablePaths: readonly (readonly string[])[];
  readonly modifiedPaths: string[];
  readonly arrayTouches: ArrayTouch[];
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
}
