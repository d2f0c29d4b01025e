/**
 * Set operators (`ExpressionSetUnion`, `ExpressionSetIntersection`...). Results built from the
 * server's ordered `ValueSet` come out sorted by the comparison order (with the collator).
 */
import { appendAll } from '../arrays.js';
import { compareValues, type Collator } from '../bson/compare.js';
import type { Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { coerceToBool } from './boolean.js';
import type { OperatorParser } from './types.js';
import { CallNode, SequentialNode, nullish, parseArgs, parseFixed, typeName } from './util.js';

/** Sorted, de-duplicated copy (`ValueSet` iteration order). */
function toSortedSet(values: readonly Value[], collator: Collator | null): Value[] {
  const sorted = [...values].sort((a, b) => compareValues(a, b, collator));
  const out: Value[] = [];
  for (const v of sorted) if (out.length === 0 || compareValues(out[out.length - 1]!, v, collator) !== 0) out.push(v);
  return out;
}

function has(set: readonly Value[], v: Value, collator: Collator | null): boolean {
  return set.some((x) => compareValues(x, v, collator) === 0);
}

const parseSetUnion: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new SequentialNode(op, parseArgs(arg, ctx), (values) => {
    const all: Value[] = [];
    for (const v of values) {
      if (nullish(v)) return null;
      if (!Array.isArray(v)) throw fail(17043, `All operands of $setUnion must be arrays. One argument is of type: ${typeName(v)}`);
      appendAll(all, v);
    }
    return toSortedSet(all, collator);
  });
};

const parseSetIntersection: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new SequentialNode(op, parseArgs(arg, ctx), (values) => {
    let current: Value[] | null = null;
    for (const v of values) {
      if (nullish(v)) return null;
      if (!Array.isArray(v))
        throw fail(17047, `All operands of $setIntersection must be arrays. One argument is of type: ${typeName(v)}`);
      current = current === null ? toSortedSet(v, collator) : current.filter((x) => has(v, x, collator));
    }
    return current ?? [];
  });
};

const parseSetDifference: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new CallNode(op, parseFixed(arg, ctx, op, 2), ([lhs, rhs]) => {
    if (nullish(lhs) || nullish(rhs)) return null;
    if (!Array.isArray(lhs))
      throw fail(17048, `both operands of $setDifference must be arrays. First argument is of type: ${typeName(lhs)}`);
    if (!Array.isArray(rhs))
      throw fail(17049, `both operands of $setDifference must be arrays. Second argument is of type: ${typeName(rhs)}`);
    const seen = [...rhs];
    const out: Value[] = [];
    for (const v of lhs) {
      if (!has(seen, v, collator)) {
        seen.push(v);
        out.push(v);
      }
    }
    return out;
  });
};

const parseSetEquals: OperatorParser = (arg, ctx, op) => {
  const args = parseArgs(arg, ctx);
  if (args.length < 2) throw fail(17045, `$setEquals needs at least two arguments had: ${args.length}`);
  const collator = ctx.collator;
  return new CallNode(op, args, (values) => {
    const sets = values.map((v, i) => {
      if (!Array.isArray(v))
        throw fail(17044, `All operands of $setEquals must be arrays. ${i + 1}-th argument is of type: ${typeName(v)}`);
      return toSortedSet(v, collator);
    });
    const first = sets[0]!;
    return sets.every((s) => s.length === first.length && s.every((x) => has(first, x, collator)));
  });
};

const parseSetIsSubset: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new CallNode(op, parseFixed(arg, ctx, op, 2), ([lhs, rhs]) => {
    if (!Array.isArray(lhs))
      throw fail(17046, `both operands of $setIsSubset must be arrays. First argument is of type: ${typeName(lhs)}`);
    if (!Array.isArray(rhs))
      throw fail(17042, `both operands of $setIsSubset must be arrays. Second argument is of type: ${typeName(rhs)}`);
    return lhs.every((v) => has(rhs, v, collator));
  });
};

function elementsTrue(op: string, code: number, any: boolean): OperatorParser {
  return (arg, ctx) =>
    new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
      if (!Array.isArray(v)) throw fail(code, `${op}'s argument must be an array, but is ${typeName(v)}`);
      return any ? v.some((x) => coerceToBool(x)) : v.every((x) => coerceToBool(x));
    });
}

export const setOperators = {
  $setUnion: parseSetUnion,
  $setIntersection: parseSetIntersection,
  $setDifference: parseSetDifference,
  $setEquals: parseSetEquals,
  $setIsSubset: parseSetIsSubset,
  $anyElementTrue: elementsTrue('$anyElementTrue', 17041, true),
  $allElementsTrue: elementsTrue('$allElementsTrue', 17040, false),
} satisfies Record<string, OperatorParser>;
