/**
 * Port of src/mongo/db/exec/expression/evaluate_and_test.cpp (EvaluateAndTest) and
 * evaluate_or_test.cpp (EvaluateOrTest), over the document {a: 1}: $and of nothing is true, $or
 * of nothing false; each operand counts by its truthiness (0 false, 1 and 2 true, a field path by
 * its value); before and after optimize() the answer is the same bool. Also expression_test.cpp's
 * CoerceToBool::EvaluateTrue/EvaluateFalse, observable as a one-operand $and of a field path.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, i } from './harness.js';

const doc = { _id: 0, a: i(1) };
const run = (spec: unknown): [string, string] => evalTyped(spec as never, doc);

describe('EvaluateAndTest', () => {
  it('NoOperands … FieldPath', () => {
    const cases: [unknown[], boolean][] = [
      [[], true],
      [[true], true],
      [[false], false],
      [[true, true], true],
      [[true, false], false],
      [[false, true], false],
      [[false, false], false],
      [[true, true, true], true],
      [[true, true, false], false],
      [[i(0), i(1)], false],
      [[i(1), i(2)], true],
      [['$a'], true],
    ];
    for (const [args, want] of cases) expect([args, run({ $and: args })]).toEqual([args, ['bool', String(want)]]);
  });
});

describe('EvaluateOrTest', () => {
  it('NoOperands … FieldPath', () => {
    const cases: [unknown[], boolean][] = [
      [[], false],
      [[true], true],
      [[false], false],
      [[true, true], true],
      [[true, false], true],
      [[false, true], true],
      [[false, false], false],
      [[false, false, false], false],
      [[false, false, true], true],
      [[i(0), i(1)], true],
      [[i(0), false], false],
      [['$a'], true],
    ];
    for (const [args, want] of cases) expect([args, run({ $or: args })]).toEqual([args, ['bool', String(want)]]);
  });
});

describe('CoerceToBool (expression_test.cpp)', () => {
  it('EvaluateTrue / EvaluateFalse: a field path coerced to bool', () => {
    expect(evalTyped({ $and: ['$a'] }, { _id: 0, a: i(1) })).toEqual(['bool', 'true']);
    expect(evalTyped({ $and: ['$a'] }, { _id: 0, a: i(0) })).toEqual(['bool', 'false']);
    expect(evalTyped({ $or: ['$missing'] }, { _id: 0 })).toEqual(['bool', 'false']);
  });
});
