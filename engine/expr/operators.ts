/**
 * The exhaustive operator table (`Expression::parserMap`): every `$name` the evaluator knows,
 * mapped to its parser. A name not listed here fails with 168 "Unrecognized expression '$foo'".
 */
import { accumulatorOperators } from './accumulators.js';
import { arithmeticOperators } from './arithmetic.js';
import { arrayOperators } from './array.js';
import { bitwiseOperators } from './bitwise.js';
import { booleanOperators } from './boolean.js';
import { comparisonOperators } from './comparison.js';
import { conditionalOperators } from './conditional.js';
import { dateOperators } from './date.js';
import { hashedIndexKeyOperators } from './hashed-index-key.js';
import { miscOperators } from './misc.js';
import { objectOperators } from './object.js';
import { percentileOperators } from './percentile.js';
import { setOperators } from './set.js';
import { stringOperators } from './string.js';
import { typeOperators } from './type-conversion.js';
import type { OperatorParser } from './types.js';
import { parseLet, parseLiteral } from './variables.js';

export const OPERATORS = {
  ...arithmeticOperators,
  ...bitwiseOperators,
  ...comparisonOperators,
  ...booleanOperators,
  ...conditionalOperators,
  ...arrayOperators,
  ...setOperators,
  ...stringOperators,
  ...objectOperators,
  ...accumulatorOperators,
  ...percentileOperators,
  ...dateOperators,
  ...typeOperators,
  ...miscOperators,
  ...hashedIndexKeyOperators,
  $let: parseLet,
  $literal: parseLiteral,
} satisfies Record<string, OperatorParser>;

export type OperatorName = keyof typeof OPERATORS;
