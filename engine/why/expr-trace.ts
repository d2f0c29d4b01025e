/**
 * `$expr` explained: the value of each operand of its top-level operator, evaluated on the
 * document with the engine's own expression evaluator (`{ $gt: ["$spent", "$budget"] }` →
 * `$spent: 450`, `$budget: 400`). Parsed again here, only on request.
 */
import type { Collator } from '../bson/compare.js';
import { renderValue } from '../bson/render.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { parseExpression } from '../expr/index.js';
import type { RuntimeEnv } from '../runtime.js';
import { show } from './show.js';

function evaluated(spec: Value, doc: Doc, collator: Collator | null, env: RuntimeEnv): string {
  try {
    return show(parseExpression(spec, { collator, variables: undefined }).evaluate(doc, env));
  } catch (e) {
    return isEngineError(e) ? `error ${e.code}: ${e.message}` : 'error';
  }
}

/** A field path operand as written (`$spent`), anything else in the server's rendering. */
function operandText(spec: Value): string {
  return typeof spec === 'string' && spec.startsWith('$') ? spec : renderValue(spec);
}

export function exprOperandValues(spec: Value, doc: Doc, collator: Collator | null, env: RuntimeEnv): string[] {
  if (isDoc(spec) && spec.size === 1) {
    const [op, arg] = spec.entries().next().value as [string, Value];
    if (op.startsWith('$') && op !== '$literal') {
      const operands = isArray(arg) ? arg : [arg];
      const values = operands.map((o) => `${operandText(o)}: ${evaluated(o, doc, collator, env)}`);
      return [...values, `${op} → ${evaluated(spec, doc, collator, env)}`];
    }
  }
  return [`${operandText(spec)}: ${evaluated(spec, doc, collator, env)}`];
}
