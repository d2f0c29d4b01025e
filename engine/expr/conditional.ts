/** `$cond` (object and array forms), `$ifNull` (n-ary), `$switch`. Only the taken branch runs. */
import { isDoc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { coerceToBool } from './boolean.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { nullish, parseArgs, parseFixed, typeName } from './util.js';

class CondNode implements ExprNode {
  readonly kind = 'cond' as const;
  constructor(
    readonly test: ExprNode,
    readonly then: ExprNode,
    readonly otherwise: ExprNode,
  ) {}
  evaluate(scope: Scope): Value | undefined {
    return coerceToBool(this.test.evaluate(scope)) ? this.then.evaluate(scope) : this.otherwise.evaluate(scope);
  }
}

const parseCond: OperatorParser = (arg, ctx, op) => {
  if (!isDoc(arg)) {
    const [i, t, e] = parseFixed(arg, ctx, op, 3) as [ExprNode, ExprNode, ExprNode];
    return new CondNode(i, t, e);
  }
  let i: ExprNode | undefined;
  let t: ExprNode | undefined;
  let e: ExprNode | undefined;
  for (const [k, v] of arg) {
    if (k === 'if') i = ctx.parse(v);
    else if (k === 'then') t = ctx.parse(v);
    else if (k === 'else') e = ctx.parse(v);
    else throw fail(17083, `Unrecognized parameter to $cond: ${k}`);
  }
  if (!i) throw fail(17080, "Missing 'if' parameter to $cond");
  if (!t) throw fail(17081, "Missing 'then' parameter to $cond");
  if (!e) throw fail(17082, "Missing 'else' parameter to $cond");
  return new CondNode(i, t, e);
};

class IfNullNode implements ExprNode {
  readonly kind = 'ifNull' as const;
  constructor(readonly args: readonly ExprNode[]) {}
  evaluate(scope: Scope): Value | undefined {
    const last = this.args.length - 1;
    for (let i = 0; i < last; i++) {
      const v = this.args[i]!.evaluate(scope);
      if (!nullish(v)) return v;
    }
    return this.args[last]!.evaluate(scope);
  }
}

const parseIfNull: OperatorParser = (arg, ctx) => {
  const args = parseArgs(arg, ctx);
  if (args.length < 2) throw fail(1257300, `$ifNull needs at least two arguments, had: ${args.length}`);
  return new IfNullNode(args);
};

class SwitchNode implements ExprNode {
  readonly kind = 'switch' as const;
  constructor(
    readonly branches: ReadonlyArray<readonly [ExprNode, ExprNode]>,
    readonly fallback: ExprNode | undefined,
  ) {}
  evaluate(scope: Scope): Value | undefined {
    for (const [c, t] of this.branches) if (coerceToBool(c.evaluate(scope))) return t.evaluate(scope);
    if (!this.fallback)
      throw fail(40066, '$switch could not find a matching branch for an input, and no default was specified.');
    return this.fallback.evaluate(scope);
  }
}

const parseSwitch: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(40060, `$switch requires an object as an argument, found: ${typeName(arg)}`);
  const branches: Array<readonly [ExprNode, ExprNode]> = [];
  let fallback: ExprNode | undefined;
  for (const [k, v] of arg) {
    if (k === 'branches') {
      if (!Array.isArray(v)) throw fail(40061, `$switch expected an array for 'branches', found: ${typeName(v)}`);
      for (const b of v) {
        if (!isDoc(b)) throw fail(40062, `$switch expected each branch to be an object, found: ${typeName(b)}`);
        let c: ExprNode | undefined;
        let t: ExprNode | undefined;
        for (const [bk, bv] of b) {
          if (bk === 'case') c = ctx.parse(bv);
          else if (bk === 'then') t = ctx.parse(bv);
          else throw fail(40063, `$switch found an unknown argument to a branch: ${bk}`);
        }
        if (!c) throw fail(40064, "$switch requires each branch have a 'case' expression");
        if (!t) throw fail(40065, "$switch requires each branch have a 'then' expression.");
        branches.push([c, t]);
      }
    } else if (k === 'default') {
      fallback = ctx.parse(v);
    } else {
      throw fail(40067, `$switch found an unknown argument: ${k}`);
    }
  }
  if (branches.length === 0) throw fail(40068, '$switch requires at least one branch.');
  return new SwitchNode(branches, fallback);
};

export const conditionalOperators = {
  $cond: parseCond,
  $ifNull: parseIfNull,
  $switch: parseSwitch,
} satisfies Record<string, OperatorParser>;
