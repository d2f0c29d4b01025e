/**
 * `$eq $ne $gt $gte $lt $lte $cmp` (`ExpressionCompare`): BSON order with the collator; missing
 * compares like undefined (both below null), so `{$eq: ["$missing", null]}` is false.
 */
import { compareValues } from '../bson/compare.js';
import { BSON_UNDEFINED, Int32, type Value } from '../bson/values.js';
import type { OperatorParser } from './types.js';
import { CallNode, parseFixed } from './util.js';

export function compareAgg(a: Value | undefined, b: Value | undefined, collator: Parameters<typeof compareValues>[2]): number {
  return compareValues(a === undefined ? BSON_UNDEFINED : a, b === undefined ? BSON_UNDEFINED : b, collator);
}

function comparison(test: (c: number) => boolean): OperatorParser {
  return (arg, ctx, op) => {
    const collator = ctx.collator;
    return new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => test(compareAgg(a, b, collator)));
  };
}

const parseCmp: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) => {
    const c = compareAgg(a, b, collator);
    return new Int32(c < 0 ? -1 : c > 0 ? 1 : 0);
  });
};

export const comparisonOperators = {
  $eq: comparison((c) => c === 0),
  $ne: comparison((c) => c !== 0),
  $gt: comparison((c) => c > 0),
  $gte: comparison((c) => c >= 0),
  $lt: comparison((c) => c < 0),
  $lte: comparison((c) => c <= 0),
  $cmp: parseCmp,
} satisfies Record<string, OperatorParser>;
