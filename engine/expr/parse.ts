/**
 * Operand parsing, after `Expression::parseOperand` / `parseObject` / `parseExpression`:
 * `"$path"` and `"$$var"` strings are field paths, `{$op: ...}` is an operator expression,
 * other objects are object literals, arrays are array literals, anything else a constant.
 */
import type { Collator } from '../bson/compare.js';
import { renderDoc } from '../bson/render.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail, type EngineError } from '../errors.js';
import { foldConstant, isConstantSpec } from './constant-folding.js';
import { optimizeNary } from './nary-optimize.js';
import { checkConstantOperands } from './operand-checks.js';
import { OPERATORS } from './operators.js';
import type { ExprNode, ParseContext, Scope } from './types.js';
import { ConstantNode, parseFieldPath, validateFieldName } from './variables.js';

/** `{a: <expr>, b: <expr>}`: fields whose value is missing are left out. */
export class ObjectNode implements ExprNode {
  readonly kind = 'object' as const;
  constructor(readonly fields: ReadonlyArray<readonly [string, ExprNode]>) {}
  evaluate(scope: Scope): Doc {
    const out: Doc = new Map();
    for (const [k, e] of this.fields) {
      const v = e.evaluate(scope);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  }
}

/** `[<expr>, ...]`: missing elements become null (`ExpressionArray::evaluate`). */
export class ArrayNode implements ExprNode {
  readonly kind = 'array' as const;
  constructor(readonly elements: readonly ExprNode[]) {}
  evaluate(scope: Scope): Value[] {
    const out = new Array<Value>(this.elements.length);
    for (let i = 0; i < this.elements.length; i++) {
      const v = this.elements[i]!.evaluate(scope);
      out[i] = v === undefined ? null : v;
    }
    return out;
  }
}

function parseOperatorExpression(obj: Doc, ctx: ParseContext): ExprNode {
  if (obj.size !== 1)
    throw fail(15983, `An object representing an expression must have exactly one field: ${renderDoc(obj)}`);
  const [op, arg] = obj.entries().next().value as [string, Value];
  if (!Object.hasOwn(OPERATORS, op)) throw fail(168, `Unrecognized expression '${op}'`);
  const parser = OPERATORS[op as keyof typeof OPERATORS];
  if (ctx.optimize && !isConstantSpec(obj, ctx)) {
    const optimized = optimizeNary(op, arg, ctx, parser);
    if (optimized) return optimized;
  }
  const node = parser(arg, ctx, op);
  return foldConstant(obj, ctx.optimize ? checkConstantOperands(op, obj, node, ctx) : node, ctx);
}

function parseObjectLiteral(obj: Doc, ctx: ParseContext): ExprNode {
  const fields: Array<readonly [string, ExprNode]> = [];
  for (const [k, v] of obj) {
    validateFieldName(k);
    fields.push([k, ctx.parse(v)]);
  }
  return new ObjectNode(fields);
}

export function parseOperand(spec: Value, ctx: ParseContext): ExprNode {
  if (typeof spec === 'string' && spec.startsWith('$')) return parseFieldPath(spec, ctx);
  if (isDoc(spec)) {
    if (spec.size === 0) return new ObjectNode([]);
    const first = spec.keys().next().value as string;
    if (first.startsWith('$')) return parseOperatorExpression(spec, ctx);
    return parseObjectLiteral(spec, ctx);
  }
  if (Array.isArray(spec)) return new ArrayNode(spec.map((e) => ctx.parse(e)));
  return new ConstantNode(spec);
}

class Context implements ParseContext {
  constructor(
    readonly collator: Collator | null,
    readonly userVariables: ReadonlySet<string> | undefined,
    readonly locals: ReadonlySet<string>,
    readonly optimize: boolean,
    readonly constants: ReadonlyMap<string, Value>,
    readonly optimizeErrors: EngineError[] = [],
  ) {}
  parse(spec: Value): ExprNode {
    return parseOperand(spec, this);
  }
  withLocals(names: Iterable<string>): ParseContext {
    const locals = new Set(this.locals);
    for (const n of names) locals.add(n);
    return new Context(this.collator, this.userVariables, locals, this.optimize, this.constants, this.optimizeErrors);
  }
}

const NO_CONSTANTS: ReadonlyMap<string, Value> = new Map();

/**
 * `optimize`: as `aggregate` optimizes its pipeline (see nary-optimize.ts); never for updates.
 * `constants`: the values of the command's `let` (and a statement's `c`), known at parse time.
 */
export function makeParseContext(
  collator: Collator | null,
  userVariables: ReadonlySet<string> | undefined,
  optimize = false,
  constants: ReadonlyMap<string, Value> = NO_CONSTANTS,
  optimizeErrors: EngineError[] = [],
): ParseContext {
  return new Context(collator, userVariables, new Set(), optimize, constants, optimizeErrors);
}
