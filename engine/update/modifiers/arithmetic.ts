/** `$inc` and `$mul` (`ArithmeticNode`), with the promotion rules of `numeric.ts`. */
import { renderElementBraced } from '../../bson/render.js';
import type { Value } from '../../bson/values.js';
import { typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import {
  isNumericValue,
  numericAdd,
  numericDebugString,
  numericIdentical,
  numericMultiply,
  zeroLike,
  type NumericValue,
} from '../numeric.js';
import type { RuntimePath } from '../path.js';
import type { ApplyContext } from '../tree/context.js';
import { idElementText, ModifierNode, NOOP, type ModifyResult } from '../tree/modifier-node.js';

export type ArithmeticOp = 'add' | 'multiply';

export class ArithmeticNode extends ModifierNode {
  readonly operand: NumericValue;
  constructor(
    readonly op: ArithmeticOp,
    field: string,
    value: Value,
  ) {
    super();
    if (!isNumericValue(value)) {
      const verb = op === 'add' ? 'increment' : 'multiply';
      throw fail(14, `Cannot ${verb} with non-numeric argument: ${renderElementBraced(field, value)}`);
    }
    this.operand = value;
    Object.freeze(this);
  }
  private get operatorName(): string {
    return this.op === 'add' ? '$inc' : '$mul';
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected updateExisting(ctx: ApplyContext, current: Value, path: RuntimePath): ModifyResult {
    if (!isNumericValue(current)) {
      throw fail(
        14,
        `Cannot apply ${this.operatorName} to a value of non-numeric type. {${idElementText(ctx)}} has the field '${path[path.length - 1]!.name}' of non-numeric type ${typeOf(current)}`,
      );
    }
    const result = this.op === 'add' ? numericAdd(current, this.operand) : numericMultiply(current, this.operand);
    if (result === null) {
      throw fail(
        2,
        `Failed to apply ${this.operatorName} operations to current value (${numericDebugString(current)}) for document {${idElementText(ctx)}}`,
      );
    }
    return numericIdentical(result, current) ? NOOP : { type: 'normal', value: result };
  }
  protected override valueForNew(): Value {
    return this.op === 'add' ? this.operand : zeroLike(this.operand);
  }
}
