/**
 * Harness for the ports of MongoDB's C++ expression unit tests (src/mongo/db/pipeline/
 * expression*_test.cpp). The C++ tests parse an expression and call `evaluate(document)`: the
 * port runs it through the real engine as an update pipeline `[{$set: {r: <expr>}}]` and as
 * `aggregate` (jstests/harness.ts requires both to agree), and `typed` gives a value with its BSON
 * type, as `ASSERT_VALUE_CONTENTS_AND_TYPE` checks both.
 * @internal
 */
import { compareValues } from '../../bson/compare.js';
import { renderValue } from '../../bson/render.js';
import { typeOf, type Value } from '../../bson/values.js';
import { expr, type Lit } from '../jstests/harness.js';
import { v } from '../test-helpers.js';

export { aggregateError, expr, exprCode, exprError, viaAggregate, viaUpdate } from '../jstests/harness.js';
export { d, i, l, v } from '../test-helpers.js';
export type { Lit } from '../jstests/harness.js';

/** `[bsonType, rendered]` of a value (`'missing'` for a missing one). */
export function typed(x: Value | undefined): [string, string] {
  if (x === undefined) return ['missing', ''];
  return [typeOf(x), renderValue(x)];
}

/** The value of `expression` over `doc`, with its BSON type. */
export function evalTyped(expression: Lit, doc: Lit = { _id: 0 }): [string, string] {
  return typed(expr(expression, doc));
}

/**
 * `assertExpectedResults(op, {{operands, expected}...})` of expression_test.cpp: `{op: [operands]}`
 * (each operand a constant) evaluates to `expected`, value and BSON type.
 */
export function expectResults(op: string, cases: ReadonlyArray<readonly [Lit[], Lit]>): void {
  for (const [operands, expected] of cases) {
    const spec = { [op]: operands.map((x) => ({ $literal: x })) };
    const got = typed(expr(spec));
    const want = typed(v(expected));
    if (got[0] !== want[0] || got[1] !== want[1]) {
      throw new Error(`${renderValue(v(spec))}: expected ${want.join(' ')}, got ${got.join(' ')}`);
    }
  }
}

/** The context `$set` (update pipeline and aggregate alike) adds to an expression's parse error. */
export const SET = 'Invalid $set :: caused by :: ';

/**
 * `ASSERT_VALUE_EQ` + `ASSERT_EQUALS(type)` of the C++ tests: `{op: [operands]}` (constants)
 * evaluates to a value equal to `expected` by BSON comparison (so Decimal128 "2" equals "2.0",
 * NaN equals NaN) and of the same BSON type.
 */
export function expectEqualResults(op: string, cases: ReadonlyArray<readonly [Lit[], Lit]>): void {
  for (const [operands, expected] of cases) {
    const spec = { [op]: operands.map((x) => ({ $literal: x })) };
    const got = expr(spec);
    const want = v(expected);
    const sameType = (got === undefined ? 'missing' : typeOf(got)) === typeOf(want);
    if (got === undefined || !sameType || compareValues(got, want) !== 0) {
      throw new Error(`${renderValue(v(spec))}: expected ${typed(want).join(' ')}, got ${typed(got).join(' ')}`);
    }
  }
}
