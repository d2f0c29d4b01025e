/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for arithmetic: abs.js, add.js,
 * add_empty.js, arith_overflow.js, divide.js. Each expression runs through aggregate and an update
 * pipeline (harness.ts); values are compared with their BSON types.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128 } from '../../bson/values.js';
import { expr, exprCode, exprError, i, l } from './harness.js';

const dec = (s: string): Decimal128 => Decimal128.fromString(s);

describe('abs.js', () => {
  it('numeric and null inputs keep their type; INT_MIN widens to long', () => {
    const cases: [unknown, unknown][] = [
      [5, 5], [-5, 5], [5.5, 5.5], [-5.5, 5.5], [i(5), i(5)], [i(-5), i(5)], [l(5), l(5)], [l(-5), l(5)],
      [0.0, 0], [-0.0, 0], [i(0), i(0)], [i(-(2 ** 31)), l(2 ** 31)], [-(2 ** 31), 2 ** 31],
      [l(1152921504606846977n), l(1152921504606846977n)], [l(-1152921504606846977n), l(1152921504606846977n)],
      [null, null], [BSON_UNDEFINED, null], [NaN, NaN],
    ];
    for (const [a, expected] of cases) expect(expr({ $abs: '$a' }, { a } as never)).toEqual(expected);
    expect(expr({ $abs: '$a' }, {})).toBeNull();
  });

  it('a string fails with 28765, LLONG_MIN with 28680 (literal and field)', () => {
    expect(exprCode({ $abs: 'string' })).toBe(28765);
    expect(exprCode({ $abs: l(-9223372036854775808n) })).toBe(28680);
    expect(exprCode({ $abs: '$a' }, { a: 'string' })).toBe(28765);
    expect(exprCode({ $abs: '$a' }, { a: l(-9223372036854775808n) })).toBe(28680);
  });
});

describe('add.js / add_empty.js', () => {
  it('$add of nothing is int 0', () => {
    expect(expr({ $add: [] })).toEqual(i(0));
  });

  it('$add of doubles sums left to right without compensated summation', () => {
    const arr = [
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
    const doc: Record<string, number> = {};
    arr.forEach((n, k) => (doc[`f_${k + 1}`] = n));
    const fields = arr.map((_, k) => `$f_${k + 1}`);
    const added = expr({ $add: fields }, doc);
    expect(added).toBe(arr.reduce((a, b) => a + b));
    expect(added).not.toBe(expr({ $sum: fields }, doc));
  });
});

describe('arith_overflow.js', () => {
  const run = (op: string, lhs: unknown, rhs: unknown): unknown => expr({ [op]: ['$lhs', '$rhs'] }, { lhs, rhs } as never);
  it('int overflow widens to long, long overflow to double', () => {
    expect(run('$add', i(2e9), i(2e9))).toEqual(l(4e9));
    expect(run('$add', l(9e18), l(9e18))).toBe(1.8e19);
    expect(run('$subtract', i(2e9), i(-2e9))).toEqual(l(4e9));
    expect(run('$subtract', l(9e18), l(-9e18))).toBe(1.8e19);
    expect(run('$multiply', i(2e9), i(-2e9))).toEqual(l(-4e18));
    expect(run('$multiply', l(9e18), l(-9e18))).toBe(-8.1e37);
  });
});

describe('divide.js', () => {
  const div = (left: unknown, right: unknown): unknown => expr({ $divide: ['$left', '$right'] }, { left, right } as never);
  it('result types per operand pair', () => {
    expect(div(i(10), i(2))).toBe(5);
    expect(div(i(10), 2.5)).toBe(4);
    expect(div(i(10), l(2))).toBe(5);
    expect(div(i(10), dec('2.5'))).toEqual(dec('4'));
    expect(div(i(10), null)).toBeNull();
    expect(div(12.5, i(5))).toBe(2.5);
    expect(div(12.5, 2.5)).toBe(5);
    expect(div(12.5, l(5))).toBe(2.5);
    expect(div(12.5, dec('2.5'))).toEqual(dec('5.000000000000'));
    expect(div(12.5, null)).toBeNull();
    expect(div(l(10), i(2))).toBe(5);
    expect(div(l(10), 2.5)).toBe(4);
    expect(div(l(10), l(2))).toBe(5);
    expect(div(l(10), dec('2.5'))).toEqual(dec('4'));
    expect(div(dec('12.5'), i(5))).toEqual(dec('2.5'));
    expect(div(dec('12.5'), 2.5)).toEqual(dec('5'));
    expect(div(dec('12.5'), l(5))).toEqual(dec('2.5'));
    expect(div(dec('12.5'), dec('2.5'))).toEqual(dec('5'));
    expect(div(dec('12.5'), null)).toBeNull();
  });

  it('null divided by anything, zero included, is null', () => {
    for (const right of [i(2), 2.5, l(2), dec('2.5'), i(0), 0.0, l(0), dec('0')]) expect(div(null, right)).toBeNull();
  });

  it('longs become doubles, decimals stay exact', () => {
    expect(div(l(9223372036854775807n), 1)).toBe(9223372036854776000);
    expect(div(dec('9223372036854775807'), 1)).toEqual(dec('9223372036854775807'));
  });

  // The jstest accepts [16608, BadValue] and [16609, TypeMismatch]: since ExpressionDivide::apply
  // (6.0) the classic engine answers BadValue and TypeMismatch, as SBE does.
  it('division by zero is BadValue (2), a non-number TypeMismatch (14)', () => {
    const divide = { $divide: ['$left', '$right'] };
    for (const right of [i(0), 0.0, l(0), dec('0')]) {
      expect(exprError(divide, { left: 1, right } as never)).toEqual({ code: 2, errmsg: "can't $divide by zero" });
    }
    expect(exprError(divide, { left: 1, right: 'not a number' })).toEqual({ code: 14, errmsg: '$divide only supports numeric types, not double and string' });
    expect(exprError(divide, { left: 'not a number', right: 1 })).toEqual({ code: 14, errmsg: '$divide only supports numeric types, not string and double' });
  });
});

describe('add_error_on_str.js', () => {
  it('a string anywhere in $add is TypeMismatch (14; 16554 before 6.1)', () => {
    const doc = { x: 17, y: 'foo' };
    for (const args of [[3, '$y', 4, '$y'], ['a', '$x', 'b', '$x'], ['c', '$y', 'd', '$y'], [5, '$y', 'e', '$x'], [6, '$x', 'f', '$y'], ['g', '$y', 7, '$x'], ['h', '$x', 8, '$y']]) {
      expect(exprCode({ $add: args }, doc)).toBe(14);
    }
    expect(exprError({ $add: [3, '$y'] }, doc)).toEqual({ code: 14, errmsg: "$add only supports numeric or date types, not string" });
  });
});

describe('add_subtract_dates.js', () => {
  const doc = { date: new Date(12345), num: 54312 };
  it('date arithmetic', () => {
    expect(expr({ $subtract: ['$date', '$date'] }, doc)).toEqual(l(0));
    expect(expr({ $subtract: ['$date', '$num'] }, doc)).toEqual(new Date(12345 - 54312));
    expect(exprCode({ $subtract: ['$num', '$date'] }, doc)).toBe(14);
    expect(exprCode({ $add: ['$date', '$date'] }, doc)).toBe(16612);
    expect(expr({ $add: ['$date', '$num'] }, doc)).toEqual(new Date(12345 + 54312));
    expect(expr({ $add: ['$num', '$date'] }, doc)).toEqual(new Date(12345 + 54312));
    expect(expr({ $add: ['$date'] }, doc)).toEqual(new Date(12345));
    expect(expr({ $add: ['$num', '$date', '$num'] }, doc)).toEqual(new Date(12345 + 2 * 54312));
  });
});

describe('add_with_date.js', () => {
  const doc = {
    _id: 0,
    decimalVal: dec('819.5359123621083'),
    doubleVal: 819.536,
    int64Val: l(820),
    int32Val: i(820),
    dateVal: new Date('2019-01-30T07:30:10.137Z'),
    overflowDecimal: dec('1e5000'),
    overflowDouble: Infinity,
    overflowInt64: l(9223372036854775807n),
    nanDouble: NaN,
    nanDecimal: dec('NaN'),
  };
  const at = (s: string): Date => new Date(`2019-01-30T07:30:${s}Z`);
  it('each numeric type added to a date, in either order, rounds to the millisecond', () => {
    const date = new Date('2019-01-30T07:30:10.137Z');
    expect(expr({ $add: ['$decimalVal', date] }, doc)).toEqual(at('10.957'));
    expect(expr({ $add: [date, '$decimalVal'] }, doc)).toEqual(at('10.957'));
    expect(expr({ $add: ['$dateVal', dec('819.5359123621083')] }, doc)).toEqual(at('10.957'));
    expect(expr({ $add: [dec('819.5359123621083'), '$dateVal'] }, doc)).toEqual(at('10.957'));
    for (const f of ['$decimalVal', '$doubleVal', '$int64Val', '$int32Val']) {
      expect(expr({ $add: ['$dateVal', f] }, doc)).toEqual(at('10.957'));
      expect(expr({ $add: [f, '$dateVal'] }, doc)).toEqual(at('10.957'));
    }
  });

  it('several operands: the date may come anywhere; the sum is exact where the server keeps it', () => {
    expect(expr({ $add: ['$dateVal', '$decimalVal', '$doubleVal', '$int64Val'] }, doc)).toEqual(at('12.597'));
    expect(expr({ $add: ['$decimalVal', '$dateVal', '$doubleVal', '$int64Val'] }, doc)).toEqual(at('12.597'));
    expect(expr({ $add: ['$decimalVal', '$doubleVal', '$int64Val', '$dateVal'] }, doc)).toEqual(at('12.596'));
    expect(expr({ $add: ['$dateVal', l(2397083434877565865n), '$doubleVal', l(-2397083434877565864n)] }, doc)).toEqual(at('10.958'));
  });

  it('leaving int64 (infinite, NaN, huge decimal) is Overflow (15) "date overflow"; two dates 16612', () => {
    for (const args of [
      ['$dateVal', '$overflowDouble'], ['$dateVal', '$overflowInt64'], ['$dateVal', '$int64Val', '$overflowDouble'],
      ['$int64Val', '$dateVal', '$overflowDouble'], ['$dateVal', '$overflowDecimal'], ['$int64Val', '$dateVal', '$overflowDecimal'],
      ['$dateVal', '$overflowDouble', '$overflowDecimal'], ['$dateVal', '$nanDouble'], ['$nanDouble', '$dateVal'],
      ['$dateVal', '$nanDecimal'], ['$nanDecimal', '$dateVal'], ['$dateVal', '$doubleVal', '$nanDouble'], ['$dateVal', '$nanDouble', '$nanDecimal'],
    ]) {
      expect(exprCode({ $add: args }, doc)).toBe(15);
    }
    // 4974202 is SBE's code; sbe_assert_error_override.js accepts the classic engine's 16612.
    expect(exprError({ $add: ['$dateVal', 1, '$dateVal'] }, doc)).toEqual({ code: 16612, errmsg: 'only one date allowed in an $add expression' });
    expect(exprError({ $add: ['$dateVal', '$nanDouble'] }, doc)).toEqual({ code: 15, errmsg: 'date overflow' });
  });
});

describe('expression_mod.js', () => {
  it('result types: the wider input type (7.2+)', () => {
    const cases: [unknown, unknown, unknown][] = [
      [138.5, 3.0, 0.5], [138.5, i(3), 0.5], [138.5, l(3), 0.5], [i(8), 3.25, 1.5], [i(8), 3.0, 2.0], [i(8), i(3), i(2)],
      [i(8), l(3), l(2)], [l(8), 3.25, 1.5], [l(8), 3.0, 2.0], [l(500000000000), 450000000000.0, 50000000000],
      [l(8), i(3), l(2)], [l(8), l(3), l(2)], [l(800000000000), l(300000000000), l(200000000000)],
    ];
    for (const [a, b, r] of cases) expect(expr({ $mod: [a, b] } as never)).toEqual(r);
  });

  it('mod by zero is 16610; NaN and infinities as fmod', () => {
    expect(exprError({ $mod: [10, 0] })).toEqual({ code: 16610, errmsg: "can't $mod by zero" });
    expect(exprCode({ $mod: [i(10), i(0)] })).toBe(16610);
    expect(exprCode({ $mod: [l(10), l(0)] })).toBe(16610);
    expect(expr({ $mod: [10, NaN] })).toBeNaN();
    expect(expr({ $mod: [10, Infinity] })).toBe(10);
    expect(expr({ $mod: [10, -Infinity] })).toBe(10);
    expect(expr({ $mod: [Infinity, 10] })).toBeNaN();
    expect(expr({ $mod: [-Infinity, 10] })).toBeNaN();
    expect(expr({ $mod: [NaN, 10] })).toBeNaN();
  });
});

describe('floor_ceil.js', () => {
  it('$ceil and $floor keep integers, pass NaN/infinities, round doubles', () => {
    const cases: [string, unknown, unknown][] = [
      ['$ceil', l(4), l(4)], ['$ceil', NaN, NaN], ['$ceil', Infinity, Infinity], ['$ceil', -Infinity, -Infinity], ['$ceil', null, null],
      ['$ceil', -2.0, -2.0], ['$ceil', 0.9, 1.0], ['$ceil', -1.2, -1.0],
      ['$floor', l(4), l(4)], ['$floor', NaN, NaN], ['$floor', Infinity, Infinity], ['$floor', -Infinity, -Infinity], ['$floor', null, null],
      ['$floor', -2.0, -2.0], ['$floor', 0.9, 0.0], ['$floor', -1.2, -2.0],
    ];
    for (const [op, a, r] of cases) expect(expr({ [op]: a } as never)).toEqual(r);
    expect(expr({ $ceil: -0.5 })).toBe(-0);
  });
  it('a string is 28765', () => {
    expect(exprError({ $ceil: 'string' })).toEqual({ code: 28765, errmsg: '$ceil only supports numeric types, not string' });
    expect(exprCode({ $floor: 'string' })).toBe(28765);
  });
});

describe('round_trunc.js', () => {
  it('one argument', () => {
    const cases: [string, unknown, unknown][] = [
      ['$trunc', l(4), l(4)], ['$trunc', NaN, NaN], ['$trunc', Infinity, Infinity], ['$trunc', -Infinity, -Infinity], ['$trunc', null, null],
      ['$trunc', -2.0, -2.0], ['$trunc', 0.9, 0.0], ['$trunc', -1.2, -1.0], ['$trunc', dec('-1.6'), dec('-1')],
      ['$round', l(4), l(4)], ['$round', NaN, NaN], ['$round', Infinity, Infinity], ['$round', -Infinity, -Infinity], ['$round', null, null],
      ['$round', -2.0, -2.0], ['$round', 0.9, 1.0], ['$round', -1.2, -1.0], ['$round', dec('-1.6'), dec('-2')],
    ];
    for (const [op, a, r] of cases) expect(expr({ [op]: a } as never)).toEqual(r);
  });

  it('two arguments', () => {
    const cases: [string, unknown, unknown, unknown][] = [
      ['$trunc', 1.298, 0, 1], ['$trunc', 1.298, 1, 1.2], ['$trunc', 23.298, -1, 20],
      ['$trunc', dec('1.298'), 0, dec('1')], ['$trunc', dec('1.298'), 1, dec('1.2')], ['$trunc', dec('23.298'), -1, dec('2E+1')],
      ['$trunc', 1.298, 100, 1.298], ['$trunc', dec('1.298912343250054252245154325'), l(20), dec('1.29891234325005425224')],
      ['$trunc', dec('1.298'), dec('100'), dec('1.298000000000000000000000000000000')],
      ['$round', 1.298, 0, 1], ['$round', 1.298, 1, 1.3], ['$round', 23.298, -1, 20],
      ['$round', dec('1.298'), 0, dec('1')], ['$round', dec('1.298'), 1, dec('1.3')], ['$round', dec('23.298'), -1, dec('2E+1')],
      ['$round', 1.298, 100, 1.298], ['$round', dec('1.298912343250054252245154325'), l(20), dec('1.29891234325005425225')],
      ['$round', dec('1.298'), dec('100'), dec('1.298000000000000000000000000000000')],
      ['$round', Infinity, 0, Infinity], ['$round', -Infinity, 0, -Infinity], ['$round', NaN, 0, NaN],
      ['$round', dec('Infinity'), 0, dec('Infinity')], ['$round', dec('-Infinity'), 0, dec('-Infinity')], ['$round', dec('NaN'), 0, dec('NaN')],
      ['$trunc', Infinity, 0, Infinity], ['$trunc', -Infinity, 0, -Infinity], ['$trunc', NaN, 0, NaN],
      ['$trunc', dec('Infinity'), 0, dec('Infinity')], ['$trunc', dec('-Infinity'), 0, dec('-Infinity')], ['$trunc', dec('NaN'), 0, dec('NaN')],
      ['$round', i(2147483647), -1, l(2147483650)],
    ];
    for (const [op, a, p, r] of cases) {
      const got = expr({ [op]: [a, p] } as never);
      if (r instanceof Decimal128) expect((got as Decimal128).toString()).toBe(r.toString());
      else expect(got).toEqual(r);
    }
  });

  it('errors: 51080 overflow, 28667 arity, 51081 non-number, 51083 place range, 51082 non-integral place', () => {
    expect(exprCode({ $round: [l(9223372036854775806n), -1] })).toBe(51080);
    expect(exprCode({ $trunc: [1, 2, 3] })).toBe(28667);
    expect(exprCode({ $round: [1, 2, 3] })).toBe(28667);
    expect(exprCode({ $round: 'string' })).toBe(51081);
    expect(exprCode({ $trunc: 'string' })).toBe(51081);
    for (const op of ['$round', '$trunc']) {
      for (const place of [l(101), l(-21), dec('101'), dec('-21'), i(101), i(-21), 101, -21]) expect(exprCode({ [op]: [1, place] } as never)).toBe(51083);
    }
    expect(exprCode({ $round: [1, dec('1.4')] })).toBe(51082);
    expect(exprCode({ $trunc: [1, 10.5] })).toBe(51082);
  });
});

describe('sqrt.js', () => {
  it('values, null, NaN; 28765 for a string, 28714 for a negative', () => {
    expect(expr({ $sqrt: [100] })).toBe(10);
    expect(expr({ $sqrt: [0] })).toBe(0);
    expect(expr({ $sqrt: [l(100)] })).toBe(10);
    expect(expr({ $sqrt: [l(9223372036854775807n)] })).toBeCloseTo(3037000499.97605, 4);
    expect(expr({ $sqrt: [null] })).toBeNull();
    expect(expr({ $sqrt: [NaN] })).toBeNaN();
    expect(exprCode({ $sqrt: ['string'] })).toBe(28765);
    expect(exprError({ $sqrt: [-1] })).toEqual({ code: 28714, errmsg: "$sqrt's argument must be greater than or equal to 0" });
  });
});

describe('$subtract with dates (evaluateSubtract)', () => {
  const max = new Date(8.64e15);
  it('date − number rounds a double with llround and a decimal half to even', () => {
    const date = new Date(1000);
    expect(expr({ $subtract: ['$d', 1.5] }, { d: date })).toEqual(new Date(998));
    expect(expr({ $subtract: ['$d', -1.5] }, { d: date })).toEqual(new Date(1002));
    expect(expr({ $subtract: ['$d', dec('2.5')] }, { d: date })).toEqual(new Date(998));
  });
  it('date − number leaving int64 is Overflow (15) "date overflow"; date − date is DurationOverflow (159)', () => {
    expect(exprError({ $subtract: ['$d', l(-9223372036854775808n)] }, { d: max })).toEqual({ code: 15, errmsg: 'date overflow' });
    expect(exprError({ $subtract: ['$d', Infinity] }, { d: max })).toEqual({ code: 15, errmsg: 'date overflow' });
    expect(exprError({ $subtract: ['$d', dec('NaN')] }, { d: max })).toEqual({ code: 15, errmsg: 'date overflow' });
  });
});
