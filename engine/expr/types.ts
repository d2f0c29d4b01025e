/**
 * The expression tree's internal contract. A parsed expression is a tree of `ExprNode`s, immutable
 * after parsing; each evaluation gets a `Scope` (the document, the command's variables and any
 * variables bound by `$let`, `$map`, `$filter`, `$reduce`...). JS `undefined` is "missing".
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { EngineError } from '../errors.js';
import type { RuntimeEnv } from '../runtime.js';

export interface Scope {
  /** `$$ROOT`. */
  readonly root: Doc;
  /** `$$CURRENT` (field paths `$a` read from it); the root unless `$let` rebinds it. */
  readonly current: Value;
  readonly env: RuntimeEnv;
  /** Variables bound inside the expression (`$let` vars, `as` names, `this`, `value`). */
  readonly locals: ReadonlyMap<string, Value | undefined> | null;
}

export interface ExprNode {
  evaluate(scope: Scope): Value | undefined;
}

export interface ParseContext {
  readonly collator: Collator | null;
  /** User variable names from `let`/`c`; `undefined` accepts any `$$name` until evaluation. */
  readonly userVariables: ReadonlySet<string> | undefined;
  /** Names bound by enclosing `$let`/`$map`/`$filter`/`$reduce`... */
  readonly locals: ReadonlySet<string>;
  /**
   * The values of the command's `let` variables and the statement's `c` constants, known before
   * parsing: the server seeds them as constants, so `$$name` optimizes to its value
   * (`ExpressionFieldPath::optimize`, `Variables::hasConstantValue`).
   */
  readonly constants: ReadonlyMap<string, Value>;
  /**
   * True when the expressions are optimized as `aggregate` optimizes its pipeline (associative
   * operators fold and reorder constant operands); an update's pipeline is never optimized.
   */
  readonly optimize: boolean;
  /** Errors raised while folding constant subexpressions (shared by the whole pipeline). */
  readonly optimizeErrors: EngineError[];
  /** Parses an operand (field path, object, array, operator expression or constant). */
  parse(spec: Value): ExprNode;
  /** A context where `names` are also bound. */
  withLocals(names: Iterable<string>): ParseContext;
}

/** Parses the argument of one operator (`{$op: arg}`) into a node. */
export type OperatorParser = (arg: Value, ctx: ParseContext, op: string) => ExprNode;

/** Binds more local variables (new scope; scopes are never mutated). */
export function bind(scope: Scope, entries: ReadonlyArray<readonly [string, Value | undefined]>): Scope {
  const locals = new Map(scope.locals ?? []);
  let current = scope.current;
  for (const [k, v] of entries) {
    if (k === 'CURRENT') current = v === undefined ? null : v;
    locals.set(k, v);
  }
  return { root: scope.root, current, env: scope.env, locals };
}
