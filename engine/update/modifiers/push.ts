/**
 * `$push` (`PushNode`). A value that is an object containing `$each` takes the modifiers
 * `$each`, `$slice`, `$sort`, `$position`; anything else is pushed whole. Order: insert (at
 * `$position`), then `$sort`, then `$slice`. A pure append to a non-empty array is logged as one
 * `u<idx>` per element; everything else logs the whole array.
 */
import { insertAll } from '../../arrays.js';
import type { Collator } from '../../bson/compare.js';
import type { Value } from '../../bson/values.js';
import { isArray, isDoc, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { parseIntegerElementToLong } from '../parse-integer.js';
import { cloneValue, dotted, type RuntimePath } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { idElementText, ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';
import { parsePushSort, type PushSort } from './push-sort.js';

const CLAUSES = new Set(['$each', '$slice', '$sort', '$position']);

export class PushNode extends ModifierNode {
  readonly values: readonly Value[];
  readonly slice: number | undefined;
  readonly sort: PushSort | undefined;
  readonly position: number | undefined;

  constructor(value: Value, collator: Collator | null) {
    super();
    if (isDoc(value) && value.has('$each')) {
      const seen = new Set<string>();
      for (const name of value.keys()) {
        if (!CLAUSES.has(name)) throw fail(2, `Unrecognized clause in $push: ${name}`);
        if (seen.has(name)) throw fail(2, `Only one ${name} is supported.`);
        seen.add(name);
      }
      const each = value.get('$each')!;
      if (!isArray(each)) {
        throw fail(2, `The argument to $each in $push must be an array but it was of type: ${typeOf(each)}`);
      }
      this.values = each;
      const slice = value.get('$slice');
      if (slice !== undefined) {
        const p = parseIntegerElementToLong('$slice', slice);
        if (!p.ok) throw fail(2, `The value for $slice must be an integer value but was given type: ${typeOf(slice)}`);
        this.slice = p.value;
      }
      const sort = value.get('$sort');
      if (sort !== undefined) this.sort = parsePushSort(sort, collator);
      const position = value.get('$position');
      if (position !== undefined) {
        const p = parseIntegerElementToLong('$position', position);
        if (!p.ok) throw fail(2, `The value for $position must be an integer value, not of type: ${typeOf(position)}`);
        this.position = p.value;
      }
    } else {
      this.values = [value];
    }
    Object.freeze(this);
  }

  protected allowCreation(): boolean {
    return true;
  }

  /** Returns the new array and how it must be logged. */
  private perform(current: readonly Value[]): { arr: Value[]; kind: 'noop' | 'normal' | 'append' } {
    const arr = current.slice();
    const toInsert = this.values.map((v) => cloneValue(v));
    let kind: 'noop' | 'normal' | 'append' = 'noop';
    if (toInsert.length > 0) {
      const size = arr.length;
      const p = this.position;
      let at: number;
      if (size === 0) {
        at = 0;
        kind = 'normal';
      } else if (p === undefined || p > size) {
        at = size;
        kind = 'append';
      } else if (p > 0) {
        at = p;
        kind = 'normal';
      } else if (p < 0 && -p < size) {
        at = size + p;
        kind = 'normal';
      } else {
        at = 0;
        kind = 'normal';
      }
      insertAll(arr, at, toInsert);
    }
    if (this.sort !== undefined) {
      kind = 'normal';
      const cmp = this.sort;
      arr.sort((a, b) => cmp.compare(a, b));
    }
    if (this.slice !== undefined) {
      const keep = Math.abs(this.slice);
      if (arr.length > keep) {
        kind = 'normal';
        if (this.slice >= 0) arr.length = keep;
        else arr.splice(0, arr.length - keep);
      }
    }
    return { arr, kind };
  }

  protected updateExisting(ctx: ApplyContext, current: Value, path: RuntimePath): ModifyResult {
    if (!isArray(current)) {
      throw fail(
        2,
        `The field '${dotted(path)}' must be an array but is of type ${typeOf(current)} in document {${idElementText(ctx)}}`,
      );
    }
    const { arr, kind } = this.perform(current);
    if (kind === 'noop') return NOOP;
    // `$sort` always reports a change and rewrites the array (sortChildren removes and appends
    // every element), even when the order stays; on an empty array with nothing to push it touches
    // nothing at all. A pushed element that `$slice` then removes again still rewrote the array
    // (push_node.cpp pushes before it slices: ApplyToEmptyArrayWithSliceValues, $slice 0).
    if (current.length === 0 && this.values.length === 0) return { type: 'normal', value: arr, damageFree: true };
    if (kind === 'append') return { type: 'append', value: arr, appended: this.values.length };
    return { type: 'normal', value: arr };
  }

  protected override valueForNew(): Value {
    return this.perform([]).arr;
  }
}
