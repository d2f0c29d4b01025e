/**
 * Port of the parts of src/mongo/db/exec/expression/evaluate_math_test.cpp that the ports of
 * expression_test.cpp (arithmetic-and-accumulators.test.ts, arrays.test.ts, misc-expressions.test.ts,
 * types-and-objects.test.ts) did not already cover: ExpressionAddTest.VerifyNoDoubleDoubleSummation
 * ($add sums doubles left to right in plain double arithmetic, unlike $sum's compensated
 * summation) and ExpressionModTest (double/double, double/long and double/int operands give a
 * double even when the values are integral). ExpressionConvert.StringToDouble is newer than 8.0
 * (see below); the binData vector round trips (featureFlagConvertBinDataVectors) too: n/a.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, expectEqualResults, expr, i, l } from './harness.js';

const VALUES = [
  1.4831356930199802e-5, -3.121724665346865, 3041897608700.073, 1001318343149.7166, -1714.6229586696593,
  1731390114894580.8, 6.256645803154374e-8, -107144114533844.25, -0.08839485091750919, -265119153.02185738,
  -0.02450615965231944, 0.0002684331017079073, 32079040427.68358, -0.04733295911845742, 0.061381859083076085,
  -25329.59126796951, -0.0009567520620034965, -1553879364344.9932, -2.1101077525869814e-8, -298421079729.5547,
  0.03182394834273594, 22.201944843278916, -33.35667991109125, 11496013.960449915, -40652595.33210472,
  3.8496066090328163, 2.5074042398147304e-8, -0.02208724071782122, -134211.37290639878, 0.17640433666616578,
  4.463787499171126, 9.959669945399718, 129265976.35224283, 1.5865526187526546e-7, -4746011.710555799,
  -712048598925.0789, 582214206210.4034, 0.025236204812875362, 530078170.91147506, -14.865307666195053,
  1.6727994895185032e-5, -113386276.03121366, -6.135827207137054, 10644945799901.145, -100848907797.1582,
  2.2404406961625282e-8, 1.315662618424494e-9, -0.832190208349044, -9.779323414999364, -546522170658.2997,
];

describe('ExpressionAddTest.VerifyNoDoubleDoubleSummation', () => {
  it('$add is the straight left-to-right double sum; $sum of the same values is compensated and differs', () => {
    const straight = VALUES.reduce((a, b) => a + b, 0);
    const added = expr({ $add: VALUES.map((x) => ({ $literal: x })) });
    expect(added).toBe(straight);
    const summed = expr({ $sum: [{ $literal: VALUES }] });
    expect(typeof summed).toBe('number');
    expect(summed).not.toBe(straight);
  });
});

describe('ExpressionModTest', () => {
  it('ModWithDoubleDoubleTypeButIntegralValues / …DoubleLong… / …DoubleInt…: a double', () => {
    expectEqualResults('$mod', [
      [[1.0, 2.0], 1.0],
      [[3.0, 2.0], 1.0],
      [[l(3), 2.0], 1.0],
      [[3.0, l(2)], 1.0],
      [[i(3), 2.0], 1.0],
      [[3.0, i(2)], 1.0],
    ]);
  });
});

describe('ExpressionConvert.StringToDouble (newer than 8.0)', () => {
  it('8.0 prints a double with %g, six significant digits, so the round trip of the newer test does not hold', () => {
    // The newer test needs performFormatDouble's fmt::format("{}"), which the stored sources show
    // only together with $convert's `base` (8.2+); the 8.0-era copy streams the double through
    // str::stream, whose StringBuilder writes "%g".
    expect(evalTyped({ $toString: { $literal: -0.987654321012345 } })).toEqual(['string', '"-0.987654"']);
    expect(evalTyped({ $toString: { $literal: 123456789.123 } })).toEqual(['string', '"1.23457e+08"']);
    expect(evalTyped({ $toString: { $literal: 0.5 } })).toEqual(['string', '"0.5"']);
    expect(expr({ $toDouble: { $toString: { $literal: 0.5 } } })).toBe(0.5);
  });
});
