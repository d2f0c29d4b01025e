/** Small helpers shared by the operator families: argument lists, arity checks, null tests. */
import { checkedString } from './string-limit.js';
import { fail } from '../errors.js';
import { BSON_UNDEFINED, typeOf, type Value } from '../bson/values.js';
import type { ExprNode, ParseContext } from './types.js';

/** `ExpressionNary::parseArguments`: an array gives one operand per element, anything else one. */
export function parseArgs(arg: Value, ctx: ParseContext): ExprNode[] {
  if (Array.isArray(arg)) return arg.map((a) => ctx.parse(a));
  return [ctx.parse(arg)];
}

/** `ExpressionFixedArity::validateArguments` (16020). */
export function fixedArity(op: string, args: readonly ExprNode[], n: number): void {
  if (args.length !== n)
    throw fail(16020, `Expression ${op} takes exactly ${n} arguments. ${args.length} were passed in.`);
}

/** `ExpressionRangedArity::validateArguments` (28667). */
export function rangedArity(op: string, args: readonly ExprNode[], min: number, max: number): void {
  if (args.length < min || args.length > max)
    throw fail(
      28667,
      `Expression ${op} takes at least ${min} arguments, and at most ${max}, but ${args.length} were passed in.`,
    );
}

/** Parses an argument list with an exact arity. */
export function parseFixed(arg: Value, ctx: ParseContext, op: string, n: number): ExprNode[] {
  const args = parseArgs(arg, ctx);
  fixedArity(op, args, n);
  return args;
}

/** null, missing or undefined (`Value::nullish`). */
export function nullish(v: Value | undefined): v is null | undefined | typeof BSON_UNDEFINED {
  return v === undefined || v === null || v === BSON_UNDEFINED;
}

/** `typeName(v.getType())`, with "missing" for an absent value (EOO). */
export function typeName(v: Value | undefined): string {
  return v === undefined ? 'missing' : typeOf(v);
}

/** A node that evaluates its children eagerly and hands their values to `fn`. */
export class CallNode implements ExprNode {
  constructor(
    readonly op: string,
    readonly args: readonly ExprNode[],
    private readonly fn: (values: (Value | undefined)[]) => Value | undefined,
  ) {}
  evaluate(scope: Parameters<ExprNode['evaluate']>[0]): Value | undefined {
    const values = new Array<Value | undefined>(this.args.length);
    for (let i = 0; i < this.args.length; i++) values[i] = this.args[i]!.evaluate(scope);
    const out = this.fn(values);
    // Every string an operator builds is a new server Value: at most 16 MiB (16493).
    return typeof out === 'string' ? checkedString(out) : out;
  }
}

/** The values of `args` in `scope`, each evaluated only when the iteration reaches it. */
class LazyValues implements Iterable<Value | undefined>, Iterator<Value | undefined> {
  private i = 0;
  constructor(
    private readonly args: readonly ExprNode[],
    private readonly scope: Parameters<ExprNode['evaluate']>[0],
  ) {}
  [Symbol.iterator](): Iterator<Value | undefined> {
    return this;
  }
  next(): IteratorResult<Value | undefined> {
    if (this.i >= this.args.length) return { done: true, value: undefined };
    return { done: false, value: this.args[this.i++]!.evaluate(this.scope) };
  }
}

/**
 * A variadic operator whose loop evaluates one operand at a time and checks it before the next,
 * as the server's `$add`, `$multiply`, `$concat`, `$concatArrays`, `$setUnion` and
 * `$setIntersection` do: an operand after the first null, or after the first operand of a wrong
 * type, is never evaluated (so its own error, or a later null, cannot be the answer).
 */
export class SequentialNode implements ExprNode {
  constructor(
    readonly op: string,
    readonly args: readonly ExprNode[],
    private readonly fn: (values: Iterable<Value | undefined>) => Value | undefined,
  ) {}
  evaluate(scope: Parameters<ExprNode['evaluate']>[0]): Value | undefined {
    const out = this.fn(new LazyValues(this.args, scope));
    return typeof out === 'string' ? checkedString(out) : out;
  }
}

/** Splits an object argument into named fields, rejecting unknown names with `unknown(name)`. */
export function namedArgs(
  spec: Map<string, Value>,
  allowed: readonly string[],
  unknown: (name: string) => Error,
): Map<string, Value> {
  for (const k of spec.keys()) if (!allowed.includes(k)) throw unknown(k);
  return spec;
}
