/** `$set` and `$setOnInsert` (`SetNode`): no-op only when the stored value is binary-equal. */
import { binaryEqual } from '../../bson/compare.js';
import type { Value } from '../../bson/values.js';
import { cloneValue } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export class SetNode extends ModifierNode {
  constructor(
    readonly value: Value,
    private readonly onInsertOnly: boolean,
  ) {
    super();
    Object.freeze(this);
  }
  protected override insertOnly(): boolean {
    return this.onInsertOnly;
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected override canSetObjectValue(): boolean {
    return true;
  }
  protected updateExisting(_ctx: ApplyContext, current: Value): ModifyResult {
    return binaryEqual(current, this.value) ? NOOP : { type: 'normal', value: cloneValue(this.value) };
  }
  protected override valueForNew(): Value {
    return cloneValue(this.value);
  }
}

/**
 * The destination half of `$rename` (`SetElementNode`): the destination is always written, even
 * when it already holds exactly the source's value (rename_node.cpp: "does not check for the
 * possibility that we are overwriting the target value with an identical source value"), so the
 * oplog logs it and it counts among the modified paths (rename_node_test.cpp ToAndFromHaveSameValue).
 */
export class SetElementNode extends ModifierNode {
  constructor(readonly value: Value) {
    super();
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected override canSetObjectValue(): boolean {
    return true;
  }
  protected updateExisting(): ModifyResult {
    return { type: 'normal', value: cloneValue(this.value) };
  }
  protected override valueForNew(): Value {
    return cloneValue(this.value);
  }
}
