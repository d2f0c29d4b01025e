/**
 * The `$percentile` and `$median` expressions (accumulator_percentile.cpp,
 * `ExpressionFromAccumulatorQuantile`). The spec is an IDL struct (`AccumulatorPercentileSpec`,
 * `AccumulatorMedianSpec`, strict); `p` must fold to a constant array of numbers in [0, 1]; 8.0
 * accepts only `method: "approximate"`. A numeric input gives that number for every percentile;
 * an array input ranks its numeric elements (discrete-percentile.ts); anything else gives null.
 * Results are doubles: an array for `$percentile`, one value for `$median`.
 */
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { formatG6, renderElement, renderValue } from '../bson/render.js';
import { fail } from '../errors.js';
import { foldingScope, isConstantSpec } from './constant-folding.js';
import { discretePercentiles } from './discrete-percentile.js';
import { numKind, toDouble, type Num } from './numeric.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
import { valueToString } from './value-string.js';

type QuantileOp = '$percentile' | '$median';

/** The IDL struct's fields, in declaration order (the order missing fields are reported in). */
const FIELDS: Record<QuantileOp, readonly string[]> = {
  $percentile: ['input', 'p', 'method'],
  $median: ['input', 'method'],
};

/** Codes of "specification must be an object" (`parseExpression` of each). */
const NOT_OBJECT_CODE: Record<QuantileOp, number> = { $percentile: 7436200, $median: 7436201 };

/**
 * The generated IDL parser: fields in document order (unknown 40415, `method`
 * must be a string (14) accepted by `validatePercentileMethod` (2)), then the missing ones (40414).
 */
function parseSpec(spec: Doc, op: QuantileOp): Map<string, Value> {
  const fields = FIELDS[op];
  const seen = new Map<string, Value>();
  for (const [name, value] of spec) {
    if (!fields.includes(name)) throw fail(40415, `BSON field '${op}.${name}' is an unknown field.`);
    if (name === 'method') {
      if (typeof value !== 'string')
        throw fail(14, `BSON field '${op}.method' is the wrong type '${typeOf(value)}', expected type 'string'`);
      // 'discrete' and 'continuous' need 8.1's AccuratePercentiles feature flag.
      if (value !== 'approximate') throw fail(2, "Currently only 'approximate' can be used as percentile 'method'.");
    }
    seen.set(name, value);
  }
  for (const name of fields) {
    if (!seen.has(name)) throw fail(40414, `BSON field '${op}.${name}' is missing but a required field`);
  }
  return seen;
}

const P_RANGE = "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: ";

/**
 * `parseP`: the operand must optimize to a constant (7750300), a non-empty array (7750301) of
 * numbers (7750302) within [0, 1] (7750303; NaN is outside the range too).
 */
function parsePercentiles(spec: Value, ctx: ParseContext): number[] {
  const node = ctx.parse(spec);
  // parseP optimizes the operand first: the command's `let` variables are constants there.
  if (!isConstantSpec(spec, ctx))
    throw fail(
      7750300,
      `The $percentile 'p' field must be an array of constant values, but found value: ${renderValue(spec)}.`,
    );
  const value = node.evaluate(foldingScope(ctx));
  if (!Array.isArray(value) || value.length === 0) throw fail(7750301, P_RANGE + valueToString(value));
  return value.map((element) => {
    if (numKind(element) === null) throw fail(7750302, P_RANGE + valueToString(element));
    const p = toDouble(element as Num);
    if (!(p >= 0 && p <= 1)) throw fail(7750303, P_RANGE + formatG6(p));
    return p;
  });
}

class QuantileNode implements ExprNode {
  constructor(
    readonly input: ExprNode,
    readonly ps: readonly number[],
    /** `$median` answers one value, `$percentile` an array in the order of `p`. */
    readonly single: boolean,
  ) {}

  evaluate(scope: Scope): Value {
    const input = this.input.evaluate(scope);
    let pctls: number[] | null = null;
    if (numKind(input) !== null) {
      // On a scalar every percentile is that number (NaN included).
      pctls = this.ps.map(() => toDouble(input as Num));
    } else if (Array.isArray(input) && input.length > 0) {
      const samples: number[] = [];
      for (const item of input) if (numKind(item) !== null) samples.push(toDouble(item as Num));
      pctls = discretePercentiles(samples, this.ps);
    }
    if (this.single) return pctls === null ? null : pctls[0]!;
    return pctls === null ? this.ps.map(() => null) : pctls;
  }
}

function parseQuantile(arg: Value, ctx: ParseContext, op: string): ExprNode {
  const name = op as QuantileOp;
  if (!isDoc(arg))
    throw fail(NOT_OBJECT_CODE[name], `specification must be an object; found ${renderElement(name, arg)}`);
  const spec = parseSpec(arg, name);
  const input = ctx.parse(spec.get('input')!);
  const ps = name === '$percentile' ? parsePercentiles(spec.get('p')!, ctx) : [0.5];
  return new QuantileNode(input, ps, name === '$median');
}

export const percentileOperators = {
  $percentile: parseQuantile,
  $median: parseQuantile,
} satisfies Record<string, OperatorParser>;
