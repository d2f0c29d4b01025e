/**
 * The aggregation expression language: parse once per statement, evaluate per document.
 * Used by pipeline-style updates and by the `$expr` query operator.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { EngineError } from '../errors.js';
import type { RuntimeEnv } from '../runtime.js';
import { makeParseContext } from './parse.js';
import type { ExprNode } from './types.js';

export { coerceToBool } from './boolean.js';
export { validateVariableName } from './variables.js';
import { OPERATORS } from './operators.js';

/** Whether `$name` is an expression operator (`Expression::isExpressionName`). */
export function isExpressionName(name: string): boolean {
  return Object.hasOwn(OPERATORS, name);
}

export interface ExprParseOptions {
  collator: Collator | null;
  /** Names of user variables in scope (from let/c); unknown $$names → 17276 "Use of undefined variable: x". */
  variables?: ReadonlySet<string> | undefined;
  /** Values of the command's `let` (and a statement's `c`): constants when the expression is optimized. */
  constants?: ReadonlyMap<string, Value> | undefined;
  /**
   * Optimize the expression as the server's `Expression::optimize` does (fold constants, the
   * associative rules), collecting the errors that folding raises here instead of throwing them.
   */
  optimizeErrors?: EngineError[] | undefined;
}

export interface Expression {
  /** The value, or `undefined` when the result is missing (e.g. a missing field or `$$REMOVE`). */
  evaluate(root: Doc, env: RuntimeEnv): Value | undefined;
}

class ParsedExpression implements Expression {
  constructor(readonly node: ExprNode) {}
  evaluate(root: Doc, env: RuntimeEnv): Value | undefined {
    return this.node.evaluate({ root, current: root, env, locals: null });
  }
}

/** Parses an expression (operand) once; throws EngineError with the server's code on bad input. */
export function parseExpression(spec: Value, options: ExprParseOptions): Expression {
  const optimize = options.optimizeErrors !== undefined;
  const ctx = makeParseContext(options.collator, options.variables, optimize, options.constants, options.optimizeErrors);
  return new ParsedExpression(ctx.parse(spec));
}
