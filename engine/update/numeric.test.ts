import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long } from 'bson';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Value } from '../bson/values.js';
import { numericAdd, numericBit, numericDebugString, numericMultiply, zeroLike } from './numeric.js';

const c = (v: Value | null) => (v === null ? 'invalid' : stringifyEJSON(v));
const dec = (s: string) => Decimal128.fromString(s);

describe('numeric promotion (safe_num)', () => {
  it('keeps int32 when it fits, else int64', () => {
    expect(c(numericAdd(new Int32(1), new Int32(2)))).toBe('{"$numberInt":"3"}');
    expect(c(numericAdd(new Int32(-2147483648), new Int32(-1)))).toBe('{"$numberLong":"-2147483649"}');
    expect(c(numericMultiply(new Int32(65536), new Int32(65536)))).toBe('{"$numberLong":"4294967296"}');
  });

  it('makes int64 overflow invalid', () => {
    expect(c(numericAdd(Long.fromString('-9223372036854775808'), new Int32(-1)))).toBe('invalid');
    expect(c(numericMultiply(Long.fromString('4611686018427387904'), new Int32(2)))).toBe('invalid');
  });

  it('computes decimals exactly, keeping exponents, rounding to 34 digits', () => {
    expect(c(numericAdd(dec('1.0'), dec('2.00')))).toBe('{"$numberDecimal":"3.00"}');
    expect(c(numericMultiply(dec('1.5'), new Int32(2)))).toBe('{"$numberDecimal":"3.0"}');
    expect(c(numericAdd(dec('9999999999999999999999999999999999'), new Int32(1)))).toBe(
      '{"$numberDecimal":"1.000000000000000000000000000000000E+34"}',
    );
    expect(c(numericMultiply(dec('1E-6000'), dec('1E-6000')))).toBe('{"$numberDecimal":"0E-6176"}');
    expect(c(numericMultiply(dec('1E+6000'), dec('1E+6000')))).toBe('{"$numberDecimal":"Infinity"}');
    expect(c(numericAdd(dec('NaN'), new Int32(1)))).toBe('{"$numberDecimal":"NaN"}');
  });

  it('produces zero of the operand type for $mul on a missing field', () => {
    expect(c(zeroLike(new Int32(7)))).toBe('{"$numberInt":"0"}');
    expect(c(zeroLike(-2.5))).toBe('{"$numberDouble":"-0.0"}');
  });

  it('does bitwise ops keeping int32 unless int64 is involved', () => {
    expect(c(numericBit('and', new Int32(-1), new Int32(6)))).toBe('{"$numberInt":"6"}');
    expect(c(numericBit('or', new Int32(1), Long.fromNumber(2)))).toBe('{"$numberLong":"3"}');
  });

  it('renders SafeNum debug strings', () => {
    expect(numericDebugString(new Int32(5))).toBe('(NumberInt)5');
    expect(numericDebugString(Long.fromNumber(5))).toBe('(NumberLong)5');
    expect(numericDebugString(5.5)).toBe('(NumberDouble)5.5');
    expect(numericDebugString(dec('1.5'))).toBe('(NumberDecimal)1.5');
  });
});
