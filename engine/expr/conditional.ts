/** `$cond` (object and array forms), `$ifNull` (n-ary), `$switch`. Only the taken branch runs. */
import { isDoc, type Value } from '../bson/values.js';
import { fail, type EngineError } from '../errors.js';
import { coerceToBool } from './boolean.js';
import { constantOf } from './nary-optimize.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
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

/** Parses `spec`, taking back the folding errors it recorded (to be kept or dropped by the caller). */
function parseHoldingErrors(spec: Value, ctx: ParseContext): [ExprNode, EngineError[]] {
  const start = ctx.optimizeErrors.length;
  const node = ctx.parse(spec);
  return [node, ctx.optimizeErrors.splice(start)];
}

/**
 * `ExpressionSwitch::optimize`: the default first, then each branch's case; a constant false case
 * drops its branch (its `then` is never optimized), a constant true one ends the walk (later
 * branches are dropped unoptimized); with no branch left and no default it fails with 40069.
 * Only the folding errors of what that walk optimizes are kept.
 */
function keepSwitchErrors(
  ctx: ParseContext,
  branches: ReadonlyArray<readonly [ExprNode, EngineError[], EngineError[]]>,
  fallbackErrors: EngineError[] | undefined,
): void {
  if (!ctx.optimize) {
    for (const [, caseErrors, thenErrors] of branches) ctx.optimizeErrors.push(...caseErrors, ...thenErrors);
    if (fallbackErrors) ctx.optimizeErrors.push(...fallbackErrors);
    return;
  }
  if (fallbackErrors) ctx.optimizeErrors.push(...fallbackErrors);
  let remaining = 0;
  for (const [caseNode, caseErrors, thenErrors] of branches) {
    ctx.optimizeErrors.push(...caseErrors);
    const c = constantOf(caseNode);
    if (c && !coerceToBool(c.value)) continue;
    ctx.optimizeErrors.push(...thenErrors);
    if (c) {
      // A constant true case: its `then` becomes the default, nothing after it is optimized.
      return;
    }
    remaining++;
  }
  if (remaining === 0 && fallbackErrors === undefined)
    ctx.optimizeErrors.push(fail(40069, 'Cannot execute a switch statement where all the cases evaluate to false without a default'));
}

const parseSwitch: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(40060, `$switch requires an object as an argument, found: ${typeName(arg)}`);
  const branches: Array<readonly [ExprNode, ExprNode]> = [];
  const branchErrors: Array<readonly [ExprNode, EngineError[], EngineError[]]> = [];
  let fallback: ExprNode | undefined;
  let fallbackErrors: EngineError[] | undefined;
  for (const [k, v] of arg) {
    if (k === 'branches') {
      if (!Array.isArray(v)) throw fail(40061, `$switch expected an array for 'branches', found: ${typeName(v)}`);
      for (const b of v) {
        if (!isDoc(b)) throw fail(40062, `$switch expected each branch to be an object, found: ${typeName(b)}`);
        let c: ExprNode | undefined;
        let t: ExprNode | undefined;
        let caseErrors: EngineError[] = [];
        let thenErrors: EngineError[] = [];
        for (const [bk, bv] of b) {
          if (bk === 'case') [c, caseErrors] = parseHoldingErrors(bv, ctx);
          else if (bk === 'then') [t, thenErrors] = parseHoldingErrors(bv, ctx);
          else throw fail(40063, `$switch found an unknown argument to a branch: ${bk}`);
        }
        if (!c) throw fail(40064, "$switch requires each branch have a 'case' expression");
        if (!t) throw fail(40065, "$switch requires each branch have a 'then' expression.");
        branches.push([c, t]);
        branchErrors.push([c, caseErrors, thenErrors]);
      }
    } else if (k === 'default') {
      [fallback, fallbackErrors] = parseHoldingErrors(v, ctx);
    } else {
      throw fail(40067, `$switch found an unknown argument: ${k}`);
    }
  }
  if (branches.length === 0) throw fail(40068, '$switch requires at least one branch.');
  keepSwitchErrors(ctx, branchErrors, fallbackErrors);
  return new SwitchNode(branches, fallback);
};

export const conditionalOperators = {
  $cond: parseCond,
  $ifNull: parseIfNull,
  $switch: parseSwitch,
} satisfies Record<string, OperatorParser>;
