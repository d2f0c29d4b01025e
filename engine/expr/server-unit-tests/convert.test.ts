/**
 * Port of src/mongo/db/pipeline/expression_convert_test.cpp (ExpressionConvertTest): `$convert`'s
 * argument checks, nullish handling, and the conversion table with exact values and BSON types.
 * The C++ tests call `evaluate` on `{$convert: {input: '$path1', ...}}`; here each runs through an
 * update pipeline and aggregate (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  BSON_UNDEFINED,
  Code,
  DBRef,
  Decimal128,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from '../../bson/values.js';
import { dateFromMillis } from '../../bson/dates.js';
import { renderDouble } from '../../bson/render.js';
import { evalTyped, expr, exprError, i, l, type Lit } from './harness.js';

const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const convert = (to: Lit, extra: Record<string, Lit> = {}): Lit => ({ $convert: { input: '$path1', to, ...extra } });
const on = (path1: Lit | undefined): Lit => (path1 === undefined ? { _id: 0 } : { _id: 0, path1 });
const SET = 'Invalid $set :: caused by :: ';

describe('$convert arguments (ParseAndSerialize…, Convert…FailsToParse, …TypeFails)', () => {
  it('ConvertWithoutInputFailsToParse / ConvertWithoutToFailsToParse: FailedToParse 9 at parse time', () => {
    expect(exprError({ $convert: { to: 'int', onError: 0 } })).toEqual({
      code: 9,
      errmsg: `${SET}Missing 'input' parameter to $convert`,
    });
    expect(exprError({ $convert: { input: '$path1', onError: 0 } })).toEqual({
      code: 9,
      errmsg: `${SET}Missing 'to' parameter to $convert`,
    });
  });

  it("InvalidTypeNameFails: an unknown 'to' name is BadValue 2, even when the input is missing", () => {
    expect(exprError(convert('dinosaur', { onError: 0 }), on(undefined))).toEqual({
      code: 2,
      errmsg: 'Unknown type name: dinosaur',
    });
  });

  it('NonIntegralTypeFails / NonStringNonNumericalTypeFails / InvalidNumericTargetTypeFails / NegativeNumericTargetTypeFails: FailedToParse 9', () => {
    expect(exprError(convert(3.6, { onError: 0 }), on(undefined))).toEqual({
      code: 9,
      errmsg: "In $convert, numeric 'to' argument is not an integer",
    });
    expect(exprError(convert({ dinosaur: 'Tyrannosaurus rex' }, { onError: 0 }), on(undefined)).code).toBe(9);
    for (const to of [i(100), i(-2)]) {
      expect(exprError(convert(to, { onError: 0 }), on(undefined))).toEqual({
        code: 9,
        errmsg:
          "In $convert, numeric value for 'to' does not correspond to a BSON type: " +
          String((to as { value: number }).value),
      });
    }
  });

  // The 2017 test IllegalTargetTypeFails (FailedToParse for these targets) was replaced by
  // UnsupportedConversionShouldThrowUnlessOnErrorProvided: a target the table has no entry for is
  // ConversionFailure, which onError catches. binData is a target since 4.4 but not from a double
  // before 8.1 (byteOrder), so 8.0 answers 241 there too.
  it('UnsupportedConversionShouldThrowUnlessOnErrorProvided: ConversionFailure 241 "Unsupported conversion", or onError', () => {
    const cases: [Lit, string][] = [
      [new ObjectId('0123456789abcdef01234567'), 'double'],
      [new ObjectId('0123456789abcdef01234567'), 'int'],
      [new ObjectId('0123456789abcdef01234567'), 'long'],
      [new ObjectId('0123456789abcdef01234567'), 'decimal'],
      [new Date(0), 'objectId'],
      [new Date(0), 'int'],
      [i(1), 'date'],
      [true, 'date'],
      ...[
        'minKey',
        'missing',
        'object',
        'array',
        'binData',
        'undefined',
        'null',
        'regex',
        'dbPointer',
        'javascript',
        'symbol',
        'javascriptWithScope',
        'timestamp',
        'maxKey',
      ].map((t): [Lit, string] => [1.0, t]),
    ];
    for (const [input, to] of cases) {
      const e = exprError(convert(to), on(input));
      expect(e.code).toBe(241);
      expect(e.errmsg).toContain('Unsupported conversion');
      expect(evalTyped(convert(to, { onError: 'X' }), on(input))).toEqual(['string', '"X"']);
    }
  });
});

describe('$convert of nullish values (ConvertNullishInput…, NullishToReturnsNull, NullInputOverridesNullTo)', () => {
  it('null, undefined and missing input give null, or onNull', () => {
    for (const x of [null, BSON_UNDEFINED, undefined]) {
      expect(evalTyped(convert('int'), on(x))).toEqual(['null', 'null']);
      expect(evalTyped(convert('int', { onNull: 'B)' }), on(x))).toEqual(['string', '"B)"']);
    }
  });
  it("a nullish 'to' gives null, not onNull or onError", () => {
    for (const x of [null, BSON_UNDEFINED, undefined]) {
      const spec = {
        $convert: {
          input: 'inputString',
          to: '$path1',
          onNull: 'Should not be used here',
          onError: 'Also should not be used',
        },
      };
      expect(evalTyped(spec, on(x))).toEqual(['null', 'null']);
    }
  });
  it("a null input with a null 'to' gives onNull", () => {
    expect(evalTyped({ $convert: { input: null, to: null, onNull: 'X' } })).toEqual(['string', '"X"']);
  });
  it('ConvertOptimizesToExpressionConstant / ConvertWithOnErrorOptimizesToExpressionConstant: constant inputs fold', () => {
    expect(evalTyped({ $convert: { input: i(0), to: 'double' } })).toEqual(['double', '0.0']);
    expect(evalTyped({ $convert: { input: i(0), to: 'objectId', onError: 'X' } })).toEqual(['string', '"X"']);
  });
});

describe('$convert identity conversions (…IdentityConversion)', () => {
  it('every type converted to itself is unchanged', () => {
    expect(evalTyped(convert('double'), on(2.4))).toEqual(['double', '2.4']);
    expect(evalTyped(convert('double'), on(NaN))).toEqual(['double', 'nan.0']);
    expect(evalTyped(convert('double'), on(Infinity))).toEqual(['double', 'inf.0']);
    expect(evalTyped(convert('double'), on(-Infinity))).toEqual(['double', '-inf.0']);
    expect(evalTyped(convert('bool'), on(true))).toEqual(['bool', 'true']);
    expect(evalTyped(convert('bool'), on(false))).toEqual(['bool', 'false']);
    expect(evalTyped(convert('string'), on('More cowbell'))).toEqual(['string', '"More cowbell"']);
    expect(expr(convert('objectId'), on(new ObjectId('0123456789abcdef01234567')))).toEqual(
      new ObjectId('0123456789abcdef01234567'),
    );
    expect(expr(convert('date'), on(new Date(0)))).toEqual(new Date(0));
    expect(evalTyped(convert('int'), on(i(123)))).toEqual(['int', '123']);
    expect(evalTyped(convert('long'), on(l(123)))).toEqual(['long', '123']);
    for (const x of ['2.4', 'NaN', 'Infinity', '-Infinity'])
      expect(expr(convert('decimal'), on(dec(x)))).toEqual(dec(x));
  });
});

describe('$convert to bool (Convert…ToBool)', () => {
  it('numbers are false only when zero (NaN is true); every other type is true', () => {
    const cases: [Lit, boolean][] = [
      [new Date(0), true],
      [i(1), true],
      [i(0), false],
      [l(-1), true],
      [l(0), false],
      [2.4, true],
      [-0.0, false],
      [NaN, true],
      [Infinity, true],
      [-Infinity, true],
      [dec('5'), true],
      [dec('0'), false],
      [dec('0.00'), false],
      [dec('-0.00'), false],
      [dec('NaN'), true],
      [dec('-NaN'), true],
      [dec('Infinity'), true],
      [dec('-Infinity'), true],
      ['str', true],
      ['', true],
      [new ObjectId('59e8a8d8fedcba9876543210'), true],
      [new MinKey(), true],
      [{ foo: i(1) }, true],
      [[i(1)], true],
      [new Binary(Buffer.from('(^_^)\0'), 0), true],
      [new BSONRegExp('ab*a', ''), true],
      [new DBRef('coll', new ObjectId('aaaaaaaaaaaaaaaaaaaaaaaa'), 'db'), true],
      [new Code("print('Hello world!');"), true],
      [new BSONSymbol('print'), true],
      [new Code("print('Hello again, world!')", {}), true],
      [new Timestamp({ t: 0, i: 0 }), true],
      [new MaxKey(), true],
    ];
    for (const [input, expected] of cases)
      expect(evalTyped(convert('bool'), on(input))).toEqual(['bool', String(expected)]);
  });
});

describe('$convert to double and decimal (ConvertNumericToDouble, ConvertDateToDouble, ConvertOutOfBoundsDecimalToDouble…, ConvertNumericToDecimal, ConvertDateToDecimal)', () => {
  it('numbers, bools and dates convert to double; precision is lost where a double cannot hold it', () => {
    expect(evalTyped(convert('double'), on(i(1)))).toEqual(['double', '1.0']);
    expect(evalTyped(convert('double'), on(l(0xf00000000)))).toEqual(['double', '64424509440.0']);
    expect(evalTyped(convert('double'), on(dec('5.5')))).toEqual(['double', '5.5']);
    expect(evalTyped(convert('double'), on(false))).toEqual(['double', '0.0']);
    expect(evalTyped(convert('double'), on(true))).toEqual(['double', '1.0']);
    expect(evalTyped(convert('double'), on(dec('NaN')))).toEqual(['double', 'nan.0']);
    expect(evalTyped(convert('double'), on(dec('-NaN')))).toEqual(['double', 'nan.0']);
    expect(evalTyped(convert('double'), on(dec('Infinity')))).toEqual(['double', 'inf.0']);
    expect(evalTyped(convert('double'), on(dec('-Infinity')))).toEqual(['double', '-inf.0']);
    expect(expr(convert('double'), on(l(0xf0000000000000fn)))).toBe(Number(0xf00000000000000n));
    expect(expr(convert('double'), on(dec('1.125000000000000000005')))).toBe(1.125);
    expect(evalTyped(convert('double'), on(new Date(123)))).toEqual(['double', '123.0']);
  });
  it('a decimal beyond the double range fails with 241 "Conversion would overflow target type", or gives onError', () => {
    for (const x of ['1e309', '-1e309']) {
      const e = exprError(convert('double'), on(dec(x)));
      expect(e.code).toBe(241);
      expect(e.errmsg).toContain('Conversion would overflow target type');
      expect(evalTyped(convert('double', { onError: 'X' }), on(dec(x)))).toEqual(['string', '"X"']);
    }
  });
  it('numbers, bools and dates convert to decimal exactly', () => {
    expect(expr(convert('decimal'), on(i(1)))).toEqual(dec('1'));
    expect(expr(convert('decimal'), on(l(0xf00000000)))).toEqual(dec('64424509440'));
    // Value::coerceToDecimal of a double keeps 15 significant digits (Decimal128(double, kRoundTo15Digits)).
    expect(expr(convert('decimal'), on(0.1))).toEqual(dec('0.100000000000000'));
    expect(expr(convert('decimal'), on(false))).toEqual(dec('0'));
    expect(expr(convert('decimal'), on(true))).toEqual(dec('1'));
    expect(expr(convert('decimal'), on(NaN))).toEqual(dec('NaN'));
    expect(expr(convert('decimal'), on(Infinity))).toEqual(dec('Infinity'));
    expect(expr(convert('decimal'), on(-Infinity))).toEqual(dec('-Infinity'));
    expect(expr(convert('decimal'), on(l(0xf0000000000000fn)))).toEqual(dec(String(0xf0000000000000fn)));
    expect(expr(convert('decimal'), on(new Date(123)))).toEqual(dec('123'));
    expect(expr(convert('decimal'), on(dateFromMillis(0xf0000000000000fn)))).toEqual(dec(String(0xf0000000000000fn)));
    expect(expr(convert('double'), on(dateFromMillis(0xf0000000000000fn)))).toBe(Number(0xf00000000000000n));
  });
});

/** A ConversionFailure (241) whose message contains `fragment`; with onError the result is "X". */
function expectConversionFailure(to: Lit, input: Lit, fragment: string): void {
  const e = exprError(convert(to), on(input));
  expect(e.code).toBe(241);
  expect(e.errmsg).toContain(fragment);
  expect(evalTyped(convert(to, { onError: 'X' }), on(input))).toEqual(['string', '"X"']);
}
const LONG_MAX_PLUS_ONE = 2 ** 63;

describe('$convert to int and long (ConvertDoubleToInt, ConvertOutOfBounds…ToInt/Long…, ConvertDoubleToLong, ConvertDecimalToInt)', () => {
  it('doubles and decimals truncate toward zero', () => {
    for (const [x, n] of [
      [1.0, 1],
      [2.1, 2],
      [2.9, 2],
      [-2.1, -2],
      [-2.9, -2],
      [2147483647, 2147483647],
      [-2147483648, -2147483648],
    ] as const) {
      expect(evalTyped(convert('int'), on(x))).toEqual(['int', String(n)]);
      expect(evalTyped(convert('int'), on(dec(String(x))))).toEqual(['int', String(n)]);
    }
    for (const [x, n] of [
      [1.0, 1],
      [2.1, 2],
      [2.9, 2],
      [-2.1, -2],
      [-2.9, -2],
    ] as const)
      expect(evalTyped(convert('long'), on(x))).toEqual(['long', String(n)]);
    const maxVal = LONG_MAX_PLUS_ONE - 1024; // nextafter(2^63, 0)
    expect(expr(convert('long'), on(maxVal))).toEqual(l(BigInt(maxVal)));
    expect(expr(convert('long'), on(-(2 ** 63)))).toEqual(l(-(2n ** 63n)));
  });
  it('out of range, NaN and infinity fail with 241, each with its reason', () => {
    expectConversionFailure('int', 2147483647 + 2 ** -22, 'Conversion would overflow target type');
    expectConversionFailure('int', -2147483648 - 2 ** -21, 'Conversion would overflow target type');
    expectConversionFailure('int', NaN, 'Attempt to convert NaN value to integer');
    expectConversionFailure('int', Infinity, 'Attempt to convert infinity value to integer');
    expectConversionFailure('int', -Infinity, 'Attempt to convert infinity value to integer');
    expectConversionFailure('long', LONG_MAX_PLUS_ONE, 'Conversion would overflow target type');
    expectConversionFailure('long', -(2 ** 63) - 2048, 'Conversion would overflow target type');
    expectConversionFailure('long', NaN, 'Attempt to convert NaN value to integer');
    expectConversionFailure('long', Infinity, 'Attempt to convert infinity value to integer');
    expectConversionFailure('long', -Infinity, 'Attempt to convert infinity value to integer');
    expectConversionFailure('int', dec('2147483648'), 'Conversion would overflow target type');
    expectConversionFailure('int', dec('-2147483649'), 'Conversion would overflow target type');
  });
});

describe('$convert between decimal, long, int and date (ConvertDecimalToLong, ConvertOutOfBoundsDecimalToInt/Long…, ConvertDateToLong, ConvertIntToLong, ConvertLongToInt, ConvertOutOfBoundsLongToInt…)', () => {
  it('in-range values convert exactly', () => {
    for (const [x, n] of [
      ['1.0', 1],
      ['2.1', 2],
      ['2.9', 2],
      ['-2.1', -2],
      ['-2.9', -2],
    ] as const)
      expect(evalTyped(convert('long'), on(dec(x)))).toEqual(['long', String(n)]);
    expect(expr(convert('long'), on(dec('9223372036854775807')))).toEqual(l(9223372036854775807n));
    expect(expr(convert('long'), on(dec('-9223372036854775808')))).toEqual(l(-9223372036854775808n));
    expect(evalTyped(convert('long'), on(new Date(123)))).toEqual(['long', '123']);
    for (const n of [1, 2147483647, -2147483648]) {
      expect(evalTyped(convert('long'), on(i(n)))).toEqual(['long', String(n)]);
      expect(evalTyped(convert('int'), on(l(n)))).toEqual(['int', String(n)]);
    }
  });
  it('decimal NaN, infinity and out-of-range values, and longs outside int32, fail with 241', () => {
    for (const to of ['int', 'long']) {
      expectConversionFailure(to, dec('NaN'), 'Attempt to convert NaN value to integer');
      expectConversionFailure(to, dec('-NaN'), 'Attempt to convert NaN value to integer');
      expectConversionFailure(to, dec('Infinity'), 'Attempt to convert infinity value to integer');
      expectConversionFailure(to, dec('-Infinity'), 'Attempt to convert infinity value to integer');
    }
    expectConversionFailure('long', dec('9223372036854775808'), 'Conversion would overflow target type');
    expectConversionFailure('long', dec('-9223372036854775809'), 'Conversion would overflow target type');
    expectConversionFailure('int', l(2147483648), 'Conversion would overflow target type');
    expectConversionFailure('int', l(-2147483649), 'Conversion would overflow target type');
  });
});

describe('$convert of bools, numbers and ObjectIds to int, long and date (ConvertBoolToInt/Long, ConvertNumberToDate, ConvertOutOfBoundsNumberToDate…, ConvertObjectIdToDate…)', () => {
  it('bools are 0/1 of the target type', () => {
    expect(evalTyped(convert('int'), on(false))).toEqual(['int', '0']);
    expect(evalTyped(convert('int'), on(true))).toEqual(['int', '1']);
    expect(evalTyped(convert('long'), on(false))).toEqual(['long', '0']);
    expect(evalTyped(convert('long'), on(true))).toEqual(['long', '1']);
  });
  it('longs, doubles and decimals are milliseconds (fractions truncated); ObjectIds give their timestamp', () => {
    const iso = (x: Lit): string => (expr(convert('date'), on(x)) as Date).toISOString();
    expect(iso(l(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(iso(431568000000.0)).toBe('1983-09-05T00:00:00.000Z');
    expect(iso(431568000000.987)).toBe('1983-09-05T00:00:00.000Z');
    expect(iso(dec('872835240000'))).toBe('1997-08-29T06:14:00.000Z');
    expect(iso(dec('872835240000.987'))).toBe('1997-08-29T06:14:00.000Z');
    expect(iso(new ObjectId('59e8a8d8fedcba9876543210'))).toBe('2017-10-19T13:30:00.000Z');
    expect(iso(new ObjectId('8071be82122d3312074f0300'))).toBe('2038-04-15T09:53:06.000Z');
  });
  it('int is refused for dates; out-of-range, NaN and infinite numbers fail with 241 "…to integer type"', () => {
    expectConversionFailure('date', i(0), 'Unsupported conversion');
    for (const x of [1.0e100, -1.0e100, dec('1.0e100'), dec('-1.0e100')])
      expectConversionFailure('date', x, 'Conversion would overflow target type');
    for (const x of [NaN, dec('NaN'), dec('-NaN')])
      expectConversionFailure('date', x, 'Attempt to convert NaN value to integer type');
    for (const x of [Infinity, -Infinity, dec('Infinity'), dec('-Infinity')])
      expectConversionFailure('date', x, 'Attempt to convert infinity value to integer type');
  });
});

describe('$convert of strings to numbers (ConvertStringToInt…)', () => {
  it("'5' and INT_MAX convert to int; one past either end is 241 Overflow (onError applies)", () => {
    expect(evalTyped({ $convert: { input: '5', to: 'int' } })).toEqual(['int', '5']);
    expect(evalTyped({ $convert: { input: '2147483647', to: 'int' } })).toEqual(['int', '2147483647']);
    for (const s of ['2147483648', '-2147483649']) {
      const e = exprError({ $convert: { input: s, to: 'int' } });
      expect(e.code).toBe(241);
      expect(e.errmsg).toContain('Overflow');
      expect(evalTyped({ $convert: { input: s, to: 'int', onError: '><(((((>' } })).toEqual(['string', '"><(((((>"']);
    }
  });
});

/** The reason NumberParser gives for `input` converted to `to`. */
function parseFailure(input: string, to: string): string {
  const e = exprError({ $convert: { input, to } });
  expect(e.code).toBe(241);
  return e.errmsg;
}
const because = (input: string, reason: string): string =>
  `Failed to parse number '${input}' in $convert with no onError value: ${reason}`;

describe('$convert of strings to long and double (ConvertStringToLong…, ConvertStringToDouble…, Convert…StringsToDouble)', () => {
  it('integers: base 10 digits with an optional sign; "Overflow" past the range, "Did not consume whole string." for anything else', () => {
    expect(evalTyped({ $convert: { input: '5', to: 'long' } })).toEqual(['long', '5']);
    expect(expr({ $convert: { input: '9223372036854775807', to: 'long' } })).toEqual(l(9223372036854775807n));
    for (const s of ['9223372036854775808', '-9223372036854775809', '99999999999999999999999'])
      expect(parseFailure(s, 'long')).toBe(because(s, 'Overflow'));
    for (const s of ['2147483648', '-2147483649']) expect(parseFailure(s, 'int')).toBe(because(s, 'Overflow'));
    // The stored C++ test names the pre-4.4 reason 'Bad digit "."'; NumberParser's is this one.
    for (const s of ['5.5', '5.0', ' 5', '5 ', '0X10', '1e3'])
      expect(parseFailure(s, 'long')).toBe(because(s, 'Did not consume whole string.'));
    for (const s of ['', '-', '+']) expect(parseFailure(s, 'int')).toBe(because(s, 'No digits'));
    expect(evalTyped({ $convert: { input: '+5', to: 'int' } })).toEqual(['int', '5']);
    expect(evalTyped({ $convert: { input: '-0', to: 'int' } })).toEqual(['int', '0']);
    expect(evalTyped({ $convert: { input: '0005', to: 'int' } })).toEqual(['int', '5']);
    expect(evalTyped({ $convert: { input: '5.5', to: 'long', onError: '><(((((>' } })).toEqual([
      'string',
      '"><(((((>"',
    ]);
  });
  it('doubles: what strtod reads, with precision lost where a double cannot hold it', () => {
    for (const [s, x] of [
      ['5', 5],
      ['5.5', 5.5],
      ['.5', 0.5],
      ['+5', 5],
      ['+5.0e42', 5.0e42],
      ['10000000000000000001', 1e19],
      ['1.125000000000000000005', 1.125],
      ['0X10', 16],
      ['-0x1p3', -8],
      ['0X1.8P1', 3],
    ] as const) {
      expect(evalTyped({ $convert: { input: s, to: 'double' } })).toEqual(['double', renderDouble(x)]);
    }
    for (const s of ['Infinity', 'INF', 'infinity', '+InFiNiTy'])
      expect(expr({ $convert: { input: s, to: 'double' } })).toBe(Infinity);
    for (const s of ['-Infinity', '-INF', '-InFiNiTy', '-inf', '-infinity'])
      expect(expr({ $convert: { input: s, to: 'double' } })).toBe(-Infinity);
    for (const s of ['nan', 'Nan', 'NaN', '-NAN', '+NaN'])
      expect(expr({ $convert: { input: s, to: 'double' } })).toBeNaN();
    expect(Object.is(expr({ $convert: { input: '-0', to: 'double' } }), -0)).toBe(true);
    expect(Object.is(expr({ $convert: { input: '-0.0', to: 'double' } }), -0)).toBe(true);
    expect(Object.is(expr({ $convert: { input: '+0', to: 'double' } }), 0)).toBe(true);
    expect(Object.is(expr({ $convert: { input: '+0.0', to: 'double' } }), 0)).toBe(true);
  });
  it('doubles: each refusal has its own reason', () => {
    // The stored C++ test names the older "Did not consume whole number".
    for (const s of ['.5.', '5.5f', '5 ', 'infinit', '1_000'])
      expect(parseFailure(s, 'double')).toBe(because(s, 'Did not consume whole string.'));
    for (const s of ['x', 'abc', '.', '-', '１２'])
      expect(parseFailure(s, 'double')).toBe(because(s, 'Did not consume any digits'));
    for (const s of [' 5', '\t5']) expect(parseFailure(s, 'double')).toBe(because(s, 'Leading whitespace'));
    expect(parseFailure('', 'double')).toBe(because('', 'Empty string'));
    for (const s of ['1E+309', '-1E+309', '1E-1000', '-1E-1000', '1e400'])
      expect(parseFailure(s, 'double')).toBe(because(s, 'Out of range'));
    expect(parseFailure('0x10', 'double')).toBe('Illegal hexadecimal input in $convert with no onError value: 0x10');
    expect(evalTyped({ $convert: { input: '1E+309', to: 'double', onError: '><(((((>' } })).toEqual([
      'string',
      '"><(((((>"',
    ]);
  });
});

describe('$convert of strings to decimal (ConvertStringToDecimal…, Convert…StringsToDecimal, ConvertStringToNumberFailsForHexStrings)', () => {
  it('numbers, infinities, NaNs and signed zeros; digits past 34 are rounded', () => {
    expect(expr({ $convert: { input: '5', to: 'decimal' } })).toEqual(dec('5'));
    expect(expr({ $convert: { input: '2.02', to: 'decimal' } })).toEqual(dec('2.02'));
    expect(expr({ $convert: { input: '2.02E200', to: 'decimal' } })).toEqual(dec('2.02E200'));
    expect(expr({ $convert: { input: '9.999999999999999999999999999999999E+6144', to: 'decimal' } })).toEqual(
      dec('9.999999999999999999999999999999999E+6144'),
    );
    expect(expr({ $convert: { input: '-9.999999999999999999999999999999999E+6144', to: 'decimal' } })).toEqual(
      dec('-9.999999999999999999999999999999999E+6144'),
    );
    for (const s of ['Infinity', 'INF', 'infinity', '+InFiNiTy'])
      expect(expr({ $convert: { input: s, to: 'decimal' } })).toEqual(dec('Infinity'));
    for (const s of ['-Infinity', '-INF', '-InFiNiTy', '-inf', '-infinity'])
      expect(expr({ $convert: { input: s, to: 'decimal' } })).toEqual(dec('-Infinity'));
    for (const s of ['nan', 'Nan', 'NaN', '+NaN'])
      expect(String(expr({ $convert: { input: s, to: 'decimal' } }))).toBe('NaN');
    for (const [s, out] of <[string, string][]>[
      ['-0', '-0'],
      ['-0.0', '-0.0'],
      ['+0', '0'],
      ['+0.0', '0.0'],
    ])
      expect(String(expr({ $convert: { input: s, to: 'decimal' } }))).toBe(out);
    expect(String(expr({ $convert: { input: '10000000000000000000000000000000001', to: 'decimal' } }))).toBe(
      '1.000000000000000000000000000000000E+34',
    );
    expect(String(expr({ $convert: { input: '1.1250000000000000000000000000000001', to: 'decimal' } }))).toBe(
      '1.125000000000000000000000000000000',
    );
  });
  it('overflow, underflow and what is not a number fail with their reasons', () => {
    for (const s of ['1E6145', '-1E6145'])
      expect(parseFailure(s, 'decimal')).toBe(because(s, 'Conversion from string to decimal would overflow'));
    for (const s of ['1E-6178', '-1E-6177'])
      expect(parseFailure(s, 'decimal')).toBe(because(s, 'Conversion from string to decimal would underflow'));
    for (const s of ['FF', '5.5f', 'abc', '.', ' 5'])
      expect(parseFailure(s, 'decimal')).toBe(because(s, 'Failed to parse string to decimal'));
    expect(parseFailure('', 'decimal')).toBe(because('', 'Empty string'));
    expect(evalTyped({ $convert: { input: '1E6145', to: 'decimal', onError: '><(((((>' } })).toEqual([
      'string',
      '"><(((((>"',
    ]);
    expect(evalTyped({ $convert: { input: '-1E-6177', to: 'decimal', onError: '><(((((>' } })).toEqual([
      'string',
      '"><(((((>"',
    ]);
    expect(expr({ $convert: { input: '1E-6176', to: 'decimal' } })).toEqual(dec('1E-6176'));
  });
  it('a literal 0x prefix is refused for every number type; FF is not a double', () => {
    for (const [s, to] of <[string, string][]>[
      ['0xFF', 'int'],
      ['0xFF', 'long'],
      ['0xFF', 'double'],
      ['0xFF', 'decimal'],
      ['0x00', 'int'],
      ['0x00', 'decimal'],
    ]) {
      expect(parseFailure(s, to)).toBe(`Illegal hexadecimal input in $convert with no onError value: ${s}`);
    }
    expect(parseFailure('FF', 'double')).toBe(because('FF', 'Did not consume any digits'));
  });
});

describe('$convert of strings to ObjectId and date (ConvertStringToOID…, ConvertStringToDate…, ConvertVerbalStringToDate)', () => {
  it("24 hex digits are an ObjectId; other strings fail with the OID parser's reason", () => {
    expect(expr({ $convert: { input: '123456789abcdef123456789', to: 'objectId' } })).toEqual(
      new ObjectId('123456789abcdef123456789'),
    );
    for (const [s, reason] of <[string, string][]>[
      ['InvalidHexButSizeCorrect', 'Invalid character found in hex string'],
      ['InvalidSize', 'Invalid string length for parsing to OID'],
      ['0x123456789abcdef123456789', 'Invalid string length for parsing to OID'],
    ]) {
      const e = exprError({ $convert: { input: s, to: 'objectId' } });
      expect(e.code).toBe(241);
      expect(e.errmsg).toContain(reason);
      expect(evalTyped({ $convert: { input: s, to: 'objectId', onError: '><(((((>' } })).toEqual([
        'string',
        '"><(((((>"',
      ]);
    }
  });
  it('date strings are read by the date parser; unparsable ones and time zone names fail with 241', () => {
    const iso = (s: string): string => (expr(convert('date'), on(s)) as Date).toISOString();
    expect(iso('2017-07-06T12:35:37Z')).toBe('2017-07-06T12:35:37.000Z');
    expect(iso('2017-07-06T12:35:37.513Z')).toBe('2017-07-06T12:35:37.513Z');
    expect(iso('2017-07-06')).toBe('2017-07-06T00:00:00.000Z');
    expect(iso('2017-07-14T12:02:44.771 GMT+02:00')).toBe('2017-07-14T10:02:44.771Z');
    expect(iso('2017-07-14T12:02:44.771 A')).toBe('2017-07-14T11:02:44.771Z');
    expect(iso('July 4th, 2017')).toBe('2017-07-04T00:00:00.000Z');
    expect(iso('July 4th, 2017 12pm')).toBe('2017-07-04T12:00:00.000Z');
    expect(iso('2017-Jul-04 noon')).toBe('2017-07-04T12:00:00.000Z');
    for (const s of [
      '60.Monday1770/06:59',
      'Definitely not a date',
      '2017-07-13T10:02:57 Europe/London',
      'July 4, 2017 Europe/London',
    ]) {
      expect(exprError(convert('date'), on(s)).code).toBe(241);
    }
    for (const s of ['Not a date', '60.Monday1770/06:59', '2017-07-13T10:02:57 Europe/London']) {
      expect(evalTyped(convert('date', { onError: '(-_-)' }), on(s))).toEqual(['string', '"(-_-)"']);
    }
    expect(evalTyped(convert('date', { onNull: '(-_-)' }), on(undefined))).toEqual(['string', '"(-_-)"']);
    expect(evalTyped(convert('date', { onNull: '(-_-)' }), on(null))).toEqual(['string', '"(-_-)"']);
  });
});

describe('$convert to string (FormatDouble, FormatObjectId, FormatBool, FormatDate, FormatInt, FormatLong, FormatDecimal)', () => {
  it('each type is formatted as the server formats it', () => {
    const cases: [Lit, string][] = [
      [0.0, '0'],
      [-0.0, '-0'],
      [1337.0, '1337'],
      [-1337.0, '-1337'],
      [0.1337, '0.1337'],
      [-0.1337, '-0.1337'],
      [1.3e37, '1.3e+37'],
      [-1.3e37, '-1.3e+37'],
      [1.3e-37, '1.3e-37'],
      [-1.3e-37, '-1.3e-37'],
      [Infinity, 'Infinity'],
      [-Infinity, '-Infinity'],
      [NaN, 'NaN'],
      [new ObjectId('000000000000000000000000'), '000000000000000000000000'],
      [new ObjectId('0123456789abcdef01234567'), '0123456789abcdef01234567'],
      [true, 'true'],
      [false, 'false'],
      [new Date(0), '1970-01-01T00:00:00.000Z'],
      [new Date(872835240000), '1997-08-29T06:14:00.000Z'],
      [i(0), '0'],
      [i(1337), '1337'],
      [i(-1337), '-1337'],
      [l(0), '0'],
      [l(1337133713371337), '1337133713371337'],
      [l(-1337133713371337), '-1337133713371337'],
      [dec('0'), '0'],
      [dec('-0'), '-0'],
      [dec('0.0'), '0.0'],
      [dec('-0.0'), '-0.0'],
      [dec('0.0000'), '0.0000'],
      [dec('1337'), '1337'],
      [dec('13370000000000000000000000000000000'), '1.337000000000000000000000000000000E+34'],
      [dec('-1337'), '-1337'],
      [dec('0.1337'), '0.1337'],
      [dec('0.133700'), '0.133700'],
      [dec('-0.1337'), '-0.1337'],
      [dec('-0.133700'), '-0.133700'],
      [dec('1.3e37'), '1.3E+37'],
      [dec('-1.3e37'), '-1.3E+37'],
      [dec('1.3e-37'), '1.3E-37'],
      [dec('-1.3e-37'), '-1.3E-37'],
      [dec('Infinity'), 'Infinity'],
      [dec('-Infinity'), '-Infinity'],
      [dec('NaN'), 'NaN'],
      [dec('-NaN'), 'NaN'],
    ];
    for (const [input, out] of cases)
      expect(evalTyped(convert('string'), on(input))).toEqual(['string', JSON.stringify(out)]);
  });
});

describe('ExpressionConvertShortcutsTest', () => {
  it('RejectsMoreThanOneInput / RejectsZeroInputs: 50723 at parse time', () => {
    for (const op of ['$toInt', '$toLong', '$toDouble']) {
      expect(exprError({ [op]: [i(1), i(3)] }).code).toBe(50723);
      expect(exprError({ [op]: [] }).code).toBe(50723);
    }
  });
  it('AcceptsSingleArgumentInArrayOrByItself: an array inside the array is the input (241)', () => {
    expect(evalTyped({ $toInt: '1' })).toEqual(['int', '1']);
    expect(evalTyped({ $toInt: ['1'] })).toEqual(['int', '1']);
    expect(exprError({ $toInt: [['1']] }).code).toBe(241);
  });
  it('ConvertsTo…: each shortcut gives its type; nullish input gives null; failures are 241', () => {
    expect(evalTyped({ $toLong: '1' })).toEqual(['long', '1']);
    expect(evalTyped({ $toDouble: '1' })).toEqual(['double', '1.0']);
    expect(expr({ $toDecimal: '1' })).toEqual(dec('1'));
    expect(expr({ $toDate: l(0) })).toEqual(new Date(0));
    expect(expr({ $toObjectId: 'deadbeefdeadbeefdeadbeef' })).toEqual(new ObjectId('deadbeefdeadbeefdeadbeef'));
    expect(evalTyped({ $toString: i(1) })).toEqual(['string', '"1"']);
    expect(evalTyped({ $toBool: i(1) })).toEqual(['bool', 'true']);
    expect(evalTyped({ $toBool: null })).toEqual(['null', 'null']);
    expect(evalTyped({ $toInt: '$missing' })).toEqual(['null', 'null']);
    expect(exprError({ $toInt: 'not an int' }).code).toBe(241);
    expect(exprError({ $toObjectId: 'not all hex values' }).code).toBe(241);
  });
});
