/**
 * Port of the rest of src/mongo/db/exec/expression/evaluate_trigonometric_test.cpp (the $asin,
 * $acos, $atan, $atan2 classes are in trigonometric.test.ts): ExpressionCosineTest,
 * ExpressionHyperbolicCosineTest, ExpressionSineTest, ExpressionHyperbolicSineTest,
 * ExpressionTangentTest, ExpressionHyperbolicTangentTest, ExpressionHyperbolicArcSineTest,
 * ExpressionHyperbolicArcTangentTest, ExpressionRadiansToDegreesTest,
 * ExpressionDegreesToRadiansTest. As `assertEvaluates` does: int, long and double input give a
 * double, decimal input a decimal, the value within 1e-6 of the table, null gives null.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128 } from '../../bson/values.js';
import { evalTyped, expr, i, l, type Lit } from './harness.js';

function approx(op: string, arg: Lit, expected: number, type: 'double' | 'decimal'): void {
  const got = expr({ [op]: [{ $literal: arg }] });
  const [gotType] = evalTyped({ [op]: [{ $literal: arg }] });
  expect([op, String(arg), gotType]).toEqual([op, String(arg), type]);
  expect([op, String(arg), Math.abs(Number(String(got)) - expected) < 1e-6]).toEqual([op, String(arg), true]);
}

/** Checks `op` on each `[input, output]` row as int and long (integral inputs), double and decimal. */
function table(op: string, rows: [string, number][]): void {
  for (const [input, output] of rows) {
    const x = Number(input);
    if (Number.isInteger(x)) {
      approx(op, i(x), output, 'double');
      approx(op, l(x), output, 'double');
    }
    approx(op, x, output, 'double');
    approx(op, Decimal128.fromString(input), output, 'decimal');
  }
  expect(evalTyped({ [op]: [null] })).toEqual(['null', 'null']);
}

const ANGLES = [
  '0.0',
  '0.523598775598',
  '0.785398163397',
  '1.0471975512',
  '1.57079632679',
  '2.09439510239',
  '2.35619449019',
  '2.61799387799',
  '3.14159265359',
  '3.66519142919',
  '3.92699081699',
  '4.18879020479',
  '4.71238898038',
  '5.23598775598',
  '5.49778714378',
  '5.75958653158',
  '6.28318530718',
];
const zip = (outputs: number[]): [string, number][] => ANGLES.map((a, k) => [a, outputs[k]!]);

describe('ExpressionCosineTest / ExpressionSineTest / ExpressionTangentTest', () => {
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg', () => {
    table('$cos', [
      ['1', 0.540302305868],
      ['2', -0.416146836547],
      ['3', -0.9899924966],
      ['4', -0.653643620864],
      ['5', 0.283662185463],
      ['6', 0.96017028665],
    ]);
    table(
      '$cos',
      zip([
        1.0, 0.866025403784, 0.707106781187, 0.5, 6.12323399574e-17, -0.5, -0.707106781187, -0.866025403784, -1.0,
        -0.866025403784, -0.707106781187, -0.5, -1.83697019872e-16, 0.5, 0.707106781187, 0.866025403784, 1.0,
      ]),
    );
    table('$sin', [
      ['1', 0.841470984808],
      ['2', 0.909297426826],
      ['3', 0.14112000806],
      ['4', -0.756802495308],
      ['5', -0.958924274663],
      ['6', -0.279415498199],
    ]);
    table(
      '$sin',
      zip([
        0.0, 0.5, 0.707106781187, 0.866025403784, 1.0, 0.866025403784, 0.707106781187, 0.5, 1.22464679915e-16, -0.5,
        -0.707106781187, -0.866025403784, -1.0, -0.866025403784, -0.707106781187, -0.5, -2.44929359829e-16,
      ]),
    );
    table('$tan', [
      ['-1', -1.55740772465],
      ['0', 0.0],
      ['1', 1.55740772465],
      ['-1.5', -14.1014199472],
      ['-1.0471975512', -1.73205080757],
      ['-0.785398163397', -1.0],
      ['0.785398163397', 1.0],
      ['1.0471975512', 1.73205080757],
      ['1.5', 14.1014199472],
    ]);
  });
});

describe('ExpressionHyperbolicCosineTest / ExpressionHyperbolicSineTest / ExpressionHyperbolicTangentTest', () => {
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg', () => {
    table('$cosh', [
      ['1', 1.54308063482],
      ['2', 3.76219569108],
      ['3', 10.0676619958],
      ['4', 27.308232836],
      ['5', 74.2099485248],
      ['6', 201.715636122],
    ]);
    table(
      '$cosh',
      zip([
        1.0, 1.14023832108, 1.32460908925, 1.6002868577, 2.50917847866, 4.12183605387, 5.32275214952, 6.89057236498,
        11.5919532755, 19.5446063168, 25.3868611924, 32.97906491, 55.6633808904, 93.9599750339, 122.07757934,
        158.610147472, 267.746761484,
      ]),
    );
    table('$sinh', [
      ['1', 1.17520119364],
      ['2', 3.62686040785],
      ['3', 10.0178749274],
      ['4', 27.2899171971],
      ['5', 74.2032105778],
      ['6', 201.71315737],
    ]);
    table(
      '$sinh',
      zip([
        0.0, 0.547853473888, 0.868670961486, 1.24936705052, 2.30129890231, 3.9986913428, 5.22797192468, 6.81762330413,
        11.5487393573, 19.5190070464, 25.3671583194, 32.9639002901, 55.6543975994, 93.9546534685, 122.073483515,
        158.606995057, 267.744894041,
      ]),
    );
    table('$tanh', [
      ['1', 0.761594155956],
      ['2', 0.964027580076],
      ['3', 0.995054753687],
      ['4', 0.999329299739],
      ['5', 0.999909204263],
      ['6', 0.999987711651],
    ]);
    table(
      '$tanh',
      zip([
        0.0, 0.480472778156, 0.655794202633, 0.780714435359, 0.917152335667, 0.970123821166, 0.982193380007,
        0.989413207353, 0.996272076221, 0.998690213046, 0.999223894879, 0.999540174353, 0.999838613989, 0.999943363486,
        0.999966449, 0.99998012476, 0.99999302534,
      ]),
    );
  });
});

describe('ExpressionHyperbolicArcSineTest / ExpressionHyperbolicArcTangentTest', () => {
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg (a sample of the asinh table)', () => {
    table('$asinh', [
      ['1.000000', 0.881374],
      ['2.000000', 1.443635],
      ['3.400000', 1.937879],
      ['7.400000', 2.699162],
      ['10.000000', 2.998223],
    ]);
    table('$atanh', [
      ['0', 0.0],
      ['-0.990000', -2.646652],
      ['-0.790000', -1.071432],
      ['-0.590000', -0.677666],
      ['-0.390000', -0.4118],
      ['-0.190000', -0.192337],
      ['0.010000', 0.01],
      ['0.210000', 0.213171],
      ['0.410000', 0.435611],
      ['0.610000', 0.708921],
      ['0.810000', 1.127029],
    ]);
  });
});

describe('ExpressionRadiansToDegreesTest / ExpressionDegreesToRadiansTest', () => {
  it('IntArg / LongArg / DoubleArg / DecimalArg / NullArg', () => {
    table('$radiansToDegrees', [
      ['1', 57.2957795131],
      ['2', 114.591559026],
      ['3', 171.887338539],
      ['4', 229.183118052],
      ['5', 286.478897565],
      ['6', 343.774677078],
    ]);
    table('$radiansToDegrees', zip([0, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330, 360]));
    table('$degreesToRadians', [
      ['0', 0.0],
      ['45', 0.785398163397],
      ['90', 1.57079632679],
      ['135', 2.35619449019],
      ['180', 3.14159265359],
      ['225', 3.92699081699],
      ['270', 4.71238898038],
      ['315', 5.49778714378],
      ['360', 6.28318530718],
    ]);
  });
});
