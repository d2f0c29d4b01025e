/** `$and $or $not` and aggregation truthiness (`Value::coerceToBool`). */
import type { Decimal128, Int32, Long, Value } from '../bson/values.js';
import { BSON_UNDEFINED } from '../bson/values.js';
import * as D from './decimal.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { CallNode, parseArgs, parseFixed } from './util.js';

/** False for null, missing, undefined, false and numeric zero; true for everything else. */
export function coerceToBool(v: Value | undefined): boolean {
  if (v === undefined || v === null || v === BSON_UNDEFINED) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'object' && '_bsontype' in v) {
    switch (v._bsontype) {
      case 'Int32':
        return (v as Int32).value !== 0;
      case 'Long':
        return !(v as Long).isZero();
      case 'Decimal128':
        return !D.isZero(D.fromDecimal128(v as Decimal128));
      default:
        return true;
    }
  }
  return true;
}

class AndNode implements ExprNode {
  readonly kind = 'and' as const;
  constructor(readonly args: readonly ExprNode[]) {}
  evaluate(scope: Scope): boolean {
    for (const a of this.args) if (!coerceToBool(a.evaluate(scope))) return false;
    return true;
  }
}

class OrNode implements ExprNode {
  readonly kind = 'or' as const;
  constructor(readonly args: readonly ExprNode[]) {}
  evaluate(scope: Scope): boolean {
    for (const a of this.args) if (coerceToBool(a.evaluate(scope))) return true;
    return false;
  }
}

export const booleanOperators = {
  $and: (arg, ctx) => new AndNode(parseArgs(arg, ctx)),
  $or: (arg, ctx) => new OrNode(parseArgs(arg, ctx)),
  $not: (arg, ctx, op) => new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => !coerceToBool(v)),
} satisfies Record<string, OperatorParser>;
