/**
 * `ExpressionNary::optimize` for the associative operators, as `aggregate` runs it when it
 * optimizes its pipeline (an update's `PipelineExecutor` never optimizes, so update pipelines
 * evaluate every operand left to right as written):
 * - left-associative (`$add`, `$multiply`): the constants before the first operand that is not a
 *   constant are evaluated into one; nothing else moves;
 * - fully associative (`$concat`, `$concatArrays`; and, also commutative, `$and`, `$or`,
 *   `$setUnion`, `$setIntersection`, and `$sum`/`$min`/`$max` given two or more operands): an
 *   operand that is the same operator, itself fully associative, is replaced by its operands; then
 *   each run of two or more consecutive constants is evaluated into one, or, when the operator is
 *   commutative, every constant moves to the end and they are evaluated into one there.
 * `ExpressionAnd::optimize` / `ExpressionOr::optimize` then look at that last constant: one that
 * decides the answer replaces the whole expression, one that cannot is dropped.
 *
 * These change answers, which is why they are modelled: a folded `$add` prefix that overflows int
 * is a long, and stays one, where left to right the total could come back into int; a reordered
 * `$min`/`$max` keeps the other operand of a tie; a reordered `$sum` adds in another order;
 * a folded run fails at optimization, even on an empty collection, where a document would have
 * stopped at an earlier null; `{$and: [<error>, false]}` is false without evaluating the error.
 */
import type { Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { coerceToBool } from './boolean.js';
import { FOLDING_SCOPE, foldingScope, foldNode, FoldedNode } from './constant-folding.js';
import type { ExprNode, OperatorParser, ParseContext } from './types.js';
import { ConstantNode } from './variables.js';

interface NaryRule {
  readonly associativity: 'left' | 'full';
  readonly commutative: boolean;
  /** `ExpressionFromAccumulator` is associative only with two or more operands (one is `kNone`). */
  readonly minOperands: number;
}

const LEFT: NaryRule = { associativity: 'left', commutative: false, minOperands: 1 };
const FULL: NaryRule = { associativity: 'full', commutative: false, minOperands: 1 };
const FULL_COMMUTATIVE: NaryRule = { associativity: 'full', commutative: true, minOperands: 1 };
const ACCUMULATOR: NaryRule = { associativity: 'full', commutative: true, minOperands: 2 };

/** `getAssociativity()` / `isCommutative()` of each operator (expression.h). */
const RULES: Readonly<Record<string, NaryRule>> = {
  $add: LEFT,
  $multiply: LEFT,
  $concat: FULL,
  $concatArrays: FULL,
  $and: FULL_COMMUTATIVE,
  $or: FULL_COMMUTATIVE,
  $setUnion: FULL_COMMUTATIVE,
  $setIntersection: FULL_COMMUTATIVE,
  $sum: ACCUMULATOR,
  $min: ACCUMULATOR,
  $max: ACCUMULATOR,
};

/** An optimized operand: its node, and its value when it is a constant. */
interface Operand {
  readonly node: ExprNode;
  readonly constant: { readonly value: Value | undefined } | null;
}

/** The operands of nodes built here, so that an enclosing same operator can take them over. */
const OPERANDS = new WeakMap<ExprNode, { readonly op: string; readonly operands: readonly Operand[] }>();

/**
 * A constant after optimization: a constant, a folded expression, a command constant (`$$name`
 * of `let`/`c`), or an array/object literal of constants.
 */
export function constantOf(node: ExprNode): Operand['constant'] {
  const kind = (node as { kind?: string }).kind;
  if (kind === 'constant' || kind === 'folded') return { value: node.evaluate(FOLDING_SCOPE) };
  if (kind === 'fieldPath') return (node as { known?: { value: Value | undefined } }).known ?? null;
  if (kind === 'array') {
    const elements = (node as unknown as { elements: readonly ExprNode[] }).elements;
    const values: Value[] = [];
    for (const e of elements) {
      const c = constantOf(e);
      if (!c) return null;
      values.push(c.value === undefined ? null : c.value);
    }
    return { value: values };
  }
  if (kind === 'object') {
    const fields = (node as unknown as { fields: ReadonlyArray<readonly [string, ExprNode]> }).fields;
    const doc = new Map<string, Value>();
    for (const [k, e] of fields) {
      const c = constantOf(e);
      if (!c) return null;
      if (c.value !== undefined) doc.set(k, c.value);
    }
    return { value: doc };
  }
  return null;
}

/** Builds `op` over already optimized operand nodes, through the operator's own parser. */
function build(op: string, parser: OperatorParser, nodes: readonly ExprNode[], ctx: ParseContext): ExprNode {
  const byPlaceholder = new Map<Value, ExprNode>();
  const placeholders = nodes.map((node) => {
    const placeholder: Value = new Map<string, Value>();
    byPlaceholder.set(placeholder, node);
    return placeholder;
  });
  const prebuilt: ParseContext = {
    collator: ctx.collator,
    userVariables: ctx.userVariables,
    locals: ctx.locals,
    constants: ctx.constants,
    optimize: ctx.optimize,
    optimizeErrors: ctx.optimizeErrors,
    parse: (spec) => byPlaceholder.get(spec) ?? ctx.parse(spec),
    withLocals: (names) => ctx.withLocals(names),
  };
  return parser(placeholders, prebuilt, op);
}

/** `op` over `run` evaluated into one constant, or the run itself when that fails (the error is the pipeline's). */
function foldRun(op: string, parser: OperatorParser, run: readonly Operand[], ctx: ParseContext): Operand[] {
  if (run.length < 2) return [...run];
  const node = build(op, parser, run.map((o) => new ConstantNode(o.constant!.value)), ctx);
  try {
    const value = node.evaluate(foldingScope(ctx));
    return [{ node: new FoldedNode(value), constant: { value } }];
  } catch (e) {
    if (!isEngineError(e)) throw e;
    ctx.optimizeErrors.push(e);
    return [...run];
  }
}

/** Every operand is constant: the whole expression is evaluated once (as `foldConstant` does). */
function foldAll(op: string, parser: OperatorParser, operands: readonly Operand[], ctx: ParseContext): ExprNode {
  return foldNode(build(op, parser, operands.map((o) => o.node), ctx), ctx);
}

function reorder(op: string, rule: NaryRule, parser: OperatorParser, operands: readonly Operand[], ctx: ParseContext): Operand[] {
  if (rule.associativity === 'left') {
    let prefix = 0;
    while (prefix < operands.length && operands[prefix]!.constant) prefix++;
    return [...foldRun(op, parser, operands.slice(0, prefix), ctx), ...operands.slice(prefix)];
  }
  const out: Operand[] = [];
  let constants: Operand[] = [];
  const queue = [...operands];
  while (queue.length > 0) {
    const operand = queue.shift()!;
    if (operand.constant) {
      constants.push(operand);
      continue;
    }
    const inner = OPERANDS.get(operand.node);
    if (inner && inner.op === op) {
      queue.unshift(...inner.operands);
      continue;
    }
    if (!rule.commutative) {
      out.push(...foldRun(op, parser, constants, ctx));
      constants = [];
    }
    out.push(operand);
  }
  out.push(...foldRun(op, parser, constants, ctx));
  return out;
}

/**
 * The optimized node of `{op: arg}` when `op` is one of the associative operators above and some
 * operand is not constant; null otherwise (the caller parses and folds as usual).
 */
export function optimizeNary(op: string, arg: Value, ctx: ParseContext, parser: OperatorParser): ExprNode | null {
  const rule = RULES[op];
  if (!rule) return null;
  const specs = Array.isArray(arg) ? arg : [arg];
  if (specs.length < rule.minOperands || (rule.minOperands > 1 && !Array.isArray(arg))) return null;
  const parsed: Operand[] = specs.map((spec) => {
    const node = ctx.parse(spec);
    return { node, constant: constantOf(node) };
  });
  if (parsed.every((o) => o.constant)) return foldAll(op, parser, parsed, ctx);
  let operands = reorder(op, rule, parser, parsed, ctx);
  if ((op === '$and' || op === '$or') && operands.at(-1)!.constant) {
    const last = coerceToBool(operands.at(-1)!.constant!.value);
    if (op === '$and' ? !last : last) return new FoldedNode(last);
    // The first operand coerced to bool: a one-operand $and/$or, no longer an operand list to take over.
    if (operands.length === 2) return build(op, parser, [operands[0]!.node], ctx);
    operands = operands.slice(0, -1);
  }
  const node = build(op, parser, operands.map((o) => o.node), ctx);
  if (rule.associativity === 'full') OPERANDS.set(node, { op, operands });
  return node;
}
