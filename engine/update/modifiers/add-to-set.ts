/**
 * `$addToSet` (`AddToSetNode`): appends each value (or each of `$each`, de-duplicated first) that
 * no element equals under BSON comparison with the collation (field order in documents matters,
 * `1 == 1.0`). Logged as appended elements (`u<idx>`), as the 8.0 server does.
 */
import { compareValues, type Collator } from '../../bson/compare.js';
import { renderDoc } from '../../bson/render.js';
import type { Value } from '../../bson/values.js';
import { isArray, isDoc, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { cloneValue, type RuntimePath } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export class AddToSetNode extends ModifierNode {
  readonly values: readonly Value[];

  constructor(
    value: Value,
    private readonly collator: Collator | null,
  ) {
    super();
    let values: readonly Value[] = [value];
    if (isDoc(value) && value.keys().next().value === '$each') {
      const each = value.get('$each')!;
      if (!isArray(each)) {
        throw fail(14, `The argument to $each in $addToSet must be an array but it was of type ${typeOf(each)}`);
      }
      if (value.size > 1) throw fail(2, `Found unexpected fields after $each in $addToSet: ${renderDoc(value)}`);
      values = each;
    }
    const unique: Value[] = [];
    for (const v of values) if (!unique.some((u) => compareValues(u, v, collator) === 0)) unique.push(v);
    this.values = unique;
    Object.freeze(this);
  }

  protected allowCreation(): boolean {
    return true;
  }

  protected updateExisting(_ctx: ApplyContext, current: Value, path: RuntimePath): ModifyResult {
    if (!isArray(current)) {
      throw fail(
        2,
        `Cannot apply $addToSet to non-array field. Field named '${path[path.length - 1]!.name}' has non-array type ${typeOf(current)}`,
      );
    }
    const toAdd = this.values.filter((v) => !current.some((e) => compareValues(e, v, this.collator) === 0));
    if (toAdd.length === 0) return NOOP;
    return { type: 'append', value: [...current, ...toAdd.map((v) => cloneValue(v))], appended: toAdd.length };
  }

  protected override valueForNew(): Value {
    return this.values.map((v) => cloneValue(v));
  }
}
