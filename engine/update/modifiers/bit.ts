/** `$bit` (`BitNode`): `and` / `or` / `xor` with int32/int64 operands, applied in order. */
import { Int32, type Long } from 'bson';
import { binaryEqual } from '../../bson/compare.js';
import { renderElement } from '../../bson/render.js';
import type { Value } from '../../bson/values.js';
import { isDoc, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { numericBit, type BitOp } from '../numeric.js';
import type { RuntimePath } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { idElementText, ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

const FORMAT = '{$bit: {field: {and/or/xor: #}}';

/** `idElem.toString()` without an ok() check: a missing `_id` prints as an invalid element. */
function bitIdText(ctx: ApplyContext): string {
  const text = idElementText(ctx);
  return text === 'no id' ? 'INVALID-MUTABLE-ELEMENT' : text;
}

export class BitNode extends ModifierNode {
  readonly ops: readonly { op: BitOp; operand: Int32 | Long }[];
  constructor(value: Value) {
    super();
    if (!isDoc(value)) {
      throw fail(2, `The $bit modifier is not compatible with a ${typeOf(value)}. You must pass in an embedded document: ${FORMAT}`);
    }
    const ops: { op: BitOp; operand: Int32 | Long }[] = [];
    for (const [name, v] of value) {
      if (name !== 'and' && name !== 'or' && name !== 'xor') {
        throw fail(
          2,
          `The $bit modifier only supports 'and', 'or', and 'xor', not '${name}' which is an unknown operator: {${renderElement(name, v)}}`,
        );
      }
      const t = typeOf(v);
      if (t !== 'int' && t !== 'long') {
        throw fail(
          2,
          `The $bit modifier field must be an Integer(32/64 bit); a '${t}' is not supported here: {${renderElement(name, v)}}`,
        );
      }
      ops.push({ op: name, operand: v as Int32 | Long });
    }
    if (ops.length === 0) throw fail(2, `You must pass in at least one bitwise operation. The format is: ${FORMAT}`);
    this.ops = ops;
    Object.freeze(this);
  }
  private compute(start: Int32 | Long): Int32 | Long {
    let r = start;
    for (const { op, operand } of this.ops) r = numericBit(op, r, operand);
    return r;
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected updateExisting(ctx: ApplyContext, current: Value, path: RuntimePath): ModifyResult {
    const t = typeOf(current);
    if (t !== 'int' && t !== 'long') {
      throw fail(
        2,
        `Cannot apply $bit to a value of non-integral type.${bitIdText(ctx)} has the field ${path[path.length - 1]!.name} of non-integer type ${t}`,
      );
    }
    const r = this.compute(current as Int32 | Long);
    return binaryEqual(r, current) ? NOOP : { type: 'normal', value: r };
  }
  protected override valueForNew(): Value {
    return this.compute(new Int32(0));
  }
}
