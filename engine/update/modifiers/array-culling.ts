/**
 * Shared base of `$pull` and `$pullAll` (`ArrayCullingNode`): removes matching elements; the
 * whole array is logged. A missing path is a no-op; a path through a scalar is an error (28).
 */
import type { Value } from '../../bson/values.js';
import { isArray } from '../../bson/values.js';
import { fail } from '../../errors.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export abstract class ArrayCullingNode extends ModifierNode {
  constructor(private readonly matches: (element: Value) => boolean) {
    super();
  }
  protected allowCreation(): boolean {
    return false;
  }
  protected updateExisting(_ctx: ApplyContext, current: Value): ModifyResult {
    if (!isArray(current)) throw fail(2, 'Cannot apply $pull to a non-array value');
    const kept = current.filter((e) => !this.matches(e));
    return kept.length === current.length ? NOOP : { type: 'normal', value: kept };
  }
}
