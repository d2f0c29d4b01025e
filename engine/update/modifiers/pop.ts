/** `$pop` (`PopNode`): `1` removes the last element, `-1` the first; the whole array is logged. */
import type { Value } from '../../bson/values.js';
import { isArray, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { parseIntegerElementToLong } from '../parse-integer.js';
import { dotted, type RuntimePath } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export class PopNode extends ModifierNode {
  readonly fromTop: boolean;
  constructor(field: string, value: Value) {
    super();
    const p = parseIntegerElementToLong(field, value);
    if (!p.ok) throw fail(9, p.message);
    if (p.value !== 1 && p.value !== -1) throw fail(9, `$pop expects 1 or -1, found: ${p.value}`);
    this.fromTop = p.value === 1;
    Object.freeze(this);
  }
  protected allowCreation(): boolean {
    return false;
  }
  protected updateExisting(_ctx: ApplyContext, current: Value, path: RuntimePath): ModifyResult {
    if (!isArray(current)) {
      throw fail(14, `Path '${dotted(path)}' contains an element of non-array type '${typeOf(current)}'`);
    }
    if (current.length === 0) return NOOP;
    return { type: 'normal', value: this.fromTop ? current.slice(0, -1) : current.slice(1) };
  }
}
