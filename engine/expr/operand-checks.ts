/**
 * What some operators' own `optimize()` does with a constant operand, when `aggregate` optimizes
 * its pipeline (an update pipeline never does, so there the evaluation's checks answer):
 * - `ExpressionIndexOfArray::optimize`: a constant array operand that is null or missing makes
 *   the expression null; any other non-array fails with 50809;
 * - `ExpressionSetIsSubset::optimize`: a constant second operand that is not an array fails with
 *   17311 (before the first operand is looked at, which evaluation checks first);
 * - `ExpressionSetEquals::optimize` (which does not fold): every constant operand must be an
 *   array, else 5887502.
 * `$indexOfArray` and `$setIsSubset` run `ExpressionNary::optimize` first, so an expression whose
 * operands are all constant is evaluated instead (and fails with the evaluation's codes).
 */
import { fail } from '../errors.js';
import type { Value } from '../bson/values.js';
import { FoldedNode, isConstantSpec } from './constant-folding.js';
import { constantOf as constantValue } from './nary-optimize.js';
import type { ExprNode, ParseContext } from './types.js';
import { nullish as isNullish, typeName } from './util.js';

/** `node` (parsed from `spec`) after its operator's constant-operand checks; errors go to `ctx.optimizeErrors`. */
export function checkConstantOperands(op: string, spec: Value, node: ExprNode, ctx: ParseContext): ExprNode {
  // Operator nodes expose their operand nodes as `args` (CallNode and the like).
  const args = (node as { args?: readonly ExprNode[] }).args;
  if (!args) return node;
  if (op === '$setEquals') {
    args.forEach((arg, i) => {
      const c = constantValue(arg);
      if (c && !Array.isArray(c.value))
        ctx.optimizeErrors.push(fail(5887502, `All operands of $setEquals must be arrays. ${i + 1}-th argument is of type: ${typeName(c.value)}`));
    });
    return node;
  }
  if (isConstantSpec(spec, ctx)) return node;
  if (op === '$indexOfArray' && args.length > 0) {
    const c = constantValue(args[0]!);
    if (!c) return node;
    if (isNullish(c.value)) return new FoldedNode(null);
    if (!Array.isArray(c.value))
      ctx.optimizeErrors.push(fail(50809, `First operand of $indexOfArray must be an array. First argument is of type: ${typeName(c.value)}`));
  }
  if (op === '$setIsSubset' && args.length === 2) {
    const c = constantValue(args[1]!);
    if (c && !Array.isArray(c.value))
      ctx.optimizeErrors.push(fail(17311, `both operands of $setIsSubset must be arrays. Second argument is of type: ${typeName(c.value)}`));
  }
  return node;
}
