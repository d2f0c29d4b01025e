/**
 * Constant folding, as `Expression::optimize` does it when a pipeline is optimized: an operator
 * expression whose operands are all constants is evaluated once, before any document is read.
 * In `aggregate` an error there is the pipeline's error even when no document would reach the
 * stage (an empty collection), reported after every stage has parsed, with the context
 * `Failed to optimize pipeline` (`Pipeline::optimizeContainer`/`optimizeEachStage`). An update's
 * `PipelineExecutor` never optimizes its pipeline: there the error waits for a document.
 */
import { Timestamp } from 'bson';
import { isDoc, type Value } from '../bson/values.js';
import { isEngineError, type EngineError } from '../errors.js';
import type { ExprNode, ParseContext, Scope } from './types.js';

/**
 * Operators never folded: not deterministic, reading `$$CURRENT` without a field path, or whose
 * `optimize()` returns the expression itself (`ExpressionRegex::optimize` only precompiles a
 * constant regex, regex.ts), which also keeps every expression around them from folding.
 */
const NOT_FOLDABLE: ReadonlySet<string> = new Set([
  '$rand', '$function', '$accumulator', '$meta', '$sampleRate', '$getField', '$toHashedIndexKey',
  '$regexMatch', '$regexFind', '$regexFindAll',
]);

/** The variables whose values are known at parse time, minus the names bound around the spec. */
export interface KnownVariables {
  readonly constants: ReadonlyMap<string, Value>;
  readonly locals: ReadonlySet<string>;
}
const NONE: KnownVariables = { constants: new Map(), locals: new Set() };

/**
 * True when `spec` has no field path, non-deterministic operator, or variable anywhere, except
 * the command's constants (`let`, `c`) that no enclosing `$let`/`$map`... rebinds.
 */
export function isConstantSpec(spec: Value, known: KnownVariables = NONE): boolean {
  if (typeof spec === 'string') return !spec.startsWith('$') || isKnownVariable(spec, known);
  if (Array.isArray(spec)) return spec.every((e) => isConstantSpec(e, known));
  if (!isDoc(spec)) return true;
  const first = spec.keys().next();
  if (!first.done && first.value.startsWith('$')) {
    const op = first.value;
    if (op === '$literal' || op === '$const') return true;
    if (op === '$getField') {
      const arg = spec.get(op)!;
      return isDoc(arg) && arg.has('input') && isConstantSpec(arg, known);
    }
    if (NOT_FOLDABLE.has(op)) return false;
    return spec.size === 1 && isConstantSpec(spec.get(op)!, known);
  }
  for (const v of spec.values()) if (!isConstantSpec(v, known)) return false;
  return true;
}

/** `$$name` or `$$name.path` of a command constant not rebound by an enclosing scope. */
export function isKnownVariable(spec: string, known: KnownVariables): boolean {
  if (!spec.startsWith('$$')) return false;
  const dot = spec.indexOf('.');
  const name = spec.slice(2, dot < 0 ? undefined : dot);
  return known.constants.has(name) && !known.locals.has(name);
}

const EMPTY: Map<string, Value> = new Map();
/** The scope constants are evaluated in: no document, no variables. */
export const FOLDING_SCOPE: Scope = {
  root: EMPTY,
  current: EMPTY,
  env: { variables: new Map(), now: new Date(0), clusterTime: new Timestamp({ t: 0, i: 0 }) },
  locals: null,
};

/** The folding scope of a parse: no document, the command's constants as variables. */
export function foldingScope(ctx: { readonly constants: ReadonlyMap<string, Value> }): Scope {
  if (ctx.constants.size === 0) return FOLDING_SCOPE;
  return { ...FOLDING_SCOPE, env: { ...FOLDING_SCOPE.env, variables: ctx.constants } };
}

/**
 * A folded subexpression: its value, computed once. Not a `ConstantNode`: the parsers that demand
 * a constant argument (`$getField`'s field...) still see the expression the user wrote.
 */
export class FoldedNode implements ExprNode {
  readonly kind = 'folded' as const;
  constructor(readonly value: Value | undefined) {}
  evaluate(): Value | undefined {
    return this.value;
  }
}

/**
 * The folded node of a constant operator expression `spec` (parsed as `node`): its value, or the
 * node itself with the error recorded in `ctx.optimizeErrors` when evaluating it fails.
 */
export function foldConstant(spec: Value, node: ExprNode, ctx: ParseContext): ExprNode {
  if ((node as { kind?: string }).kind === 'constant' || !isConstantSpec(spec, ctx)) return node;
  return foldNode(node, ctx);
}

/** `node`, whose operands are all constant, evaluated once; itself with the error recorded when that fails. */
export function foldNode(node: ExprNode, ctx: ParseContext): ExprNode {
  try {
    return new FoldedNode(node.evaluate(foldingScope(ctx)));
  } catch (e) {
    if (!isEngineError(e)) throw e;
    ctx.optimizeErrors.push(e);
    return node;
  }
}

/** Throws the first folding error of a parsed pipeline, as `Pipeline::optimizePipeline` does. */
export function throwOptimizeErrors(ctx: ParseContext): void {
  const first: EngineError | undefined = ctx.optimizeErrors[0];
  if (first) throw first.withContext('Failed to optimize pipeline');
}
