/**
 * `$min` and `$max` (`CompareNode`): replace (value and type) only when the new value is strictly
 * better in BSON order (collation applies to strings); a tie is a no-op.
 */
import { compareValues, type Collator } from '../../bson/compare.js';
import type { Value } from '../../bson/values.js';
import { cloneValue } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export class CompareNode extends ModifierNode {
  constructor(
    readonly mode: 'min' | 'max',
    readonly value: Value,
    private readonly collator: Collator | null,
  ) {
    super();
    Object.freeze(this);
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected override canSetObjectValue(): boolean {
    return true;
  }
  protected updateExisting(_ctx: ApplyContext, current: Value): ModifyResult {
    const c = compareValues(current, this.value, this.collator);
    if (c === 0 || (this.mode === 'min' && c < 0) || (this.mode === 'max' && c > 0)) return NOOP;
    return { type: 'normal', value: cloneValue(this.value) };
  }
  protected override valueForNew(): Value {
    return cloneValue(this.value);
  }
}
