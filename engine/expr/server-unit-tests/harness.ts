/**
 * Harness for the ports of MongoDB's C++ expression unit tests (src/mongo/db/pipeline/
 * expression*_test.cpp). The C++ tests parse an expression and call `evaluate(document)`: the
 * port runs it through the real engine as an update pipeline `[{$set: {r: <expr>}}]` and as
 * `aggregate` (jstests/harness.ts requires both to agree), and `typed` gives a value with its BSON
 * type, as `ASSERT_VALUE_CONTENTS_AND_TYPE` checks both.
 * @internal
 */
import { renderValue } from '../../bson/render.js';
import { typeOf, type Value } from '../../bson/values.js';
import { expr, type Lit } from '../jstests/harness.js';

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
