/**
 * `$bitAnd`, `$bitOr`, `$bitXor` (variadic, `evaluateBitwiseOp`) and `$bitNot`
 * (`ExpressionBitNot`, a single numeric argument). Only int and long operands: the result is an
 * int when every operand is an int, a long as soon as one is a long (SafeNum). A nullish operand
 * makes the result null; no operand gives the identity (-1 for `$bitAnd`, 0 for the others).
 */
import { fail } from '../errors.js';
import { int32, long, numKind } from './numeric.js';
import type { OperatorParser } from './types.js';
import { CallNode, nullish, parseArgs, parseFixed, typeName } from './util.js';

type BitFn = (a: bigint, b: bigint) => bigint;

function variadic(op: string, identity: bigint, fn: BitFn): OperatorParser {
  return (arg, ctx) =>
    new CallNode(op, parseArgs(arg, ctx), (values) => {
      let acc = identity;
      let isLong = false;
      for (const v of values) {
        if (nullish(v)) return null;
        const k = numKind(v);
        if (k !== 'int' && k !== 'long') throw fail(14, `${op} only supports int and long operands.`);
        if (k === 'long') isLong = true;
        acc = fn(acc, BigInt(v!.toString()));
      }
      return isLong ? long(BigInt.asIntN(64, acc)) : int32(Number(BigInt.asIntN(32, acc)));
    });
}

const parseBitNot: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (nullish(v)) return null;
    const k = numKind(v);
    if (k === null) throw fail(28765, `${op} only supports numeric types, not ${typeName(v)}`);
    if (k === 'int') return int32(~Number(v!.toString()));
    if (k === 'long') return long(BigInt.asIntN(64, ~BigInt(v!.toString())));
    throw fail(14, `${op} only supports int and long, not: ${typeName(v)}.`);
  });

export const bitwiseOperators = {
  $bitAnd: variadic('$bitAnd', -1n, (a, b) => a & b),
  $bitOr: variadic('$bitOr', 0n, (a, b) => a | b),
  $bitXor: variadic('$bitXor', 0n, (a, b) => a ^ b),
  $bitNot: parseBitNot,
} satisfies Record<string, OperatorParser>;
