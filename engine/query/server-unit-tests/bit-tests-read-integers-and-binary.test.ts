/**
 * Port of expression_leaf_test.cpp's TEST(BitTestMatchExpression, *): `$bitsAllSet`,
 * `$bitsAllClear`, `$bitsAnySet`, `$bitsAnyClear` with positions, a numeric bitmask or a BinData
 * bitmask, over integers (two's complement, sign-extended past bit 63), integral doubles and
 * BinData (little-endian bits, zero past the end). Anything else never matches.
 * `numBitPositions()` is observed through the matches it decides.
 */
import { describe, expect, it } from 'vitest';
import { matching } from './harness.js';

const OPS = ['$bitsAllSet', '$bitsAllClear', '$bitsAnySet', '$bitsAnyClear'] as const;
const bin = (base64: string): string => JSON.stringify({ $binary: { base64, subType: '00' } });

/** For each of the four operators (with its own argument), which of `docs` it matches: all or none. */
function expectEach(
  args: readonly [string, string, string, string],
  docs: string[],
  expected: readonly [boolean, boolean, boolean, boolean],
): void {
  OPS.forEach((op, k) => {
    const got = matching(`{"a":{"${op}":${args[k]}}}`, docs);
    expect([op, got]).toEqual([op, expected[k] ? docs.map((_, i) => i) : []]);
  });
}

const INTS_54 = ['{"a":54}', '{"a":{"$numberLong":"54"}}', '{"a":54.0}'];
const INTS_MINUS_54 = ['{"a":-54}', '{"a":{"$numberLong":"-54"}}', '{"a":-54.0}'];

describe('BitTestMatchExpression', () => {
  it('DoesNotMatchOther: objects, null, arrays, booleans, strings, fractions, NaN, huge doubles, ObjectIds, dates', () => {
    const docs = [
      '{"a":{}}',
      '{"a":null}',
      '{"a":[]}',
      '{"a":true}',
      '{"a":""}',
      '{"a":5.5}',
      '{"a":{"$numberDouble":"NaN"}}',
      '{"a":1e100}',
      '{"a":{"$oid":"000000000000000000000000"}}',
      '{"a":{"$date":{"$numberLong":"54"}}}',
    ];
    expectEach(['[]', '[]', '[]', '[]'], docs, [false, false, false, false]);
  });
  it('MatchesEmpty: no positions — all-set and all-clear hold, any-set and any-clear do not', () => {
    expectEach(
      ['[]', '[]', '[]', '[]'],
      [...INTS_54, `{"a":${bin('2AAAAAAAAAAAAAAAAAAAAAAAAAAA')}}`],
      [true, true, false, false],
    );
  });
  it('MatchesInteger / MatchesIntegerWithBitMask / MatchBinaryWithLongBitMask', () => {
    expectEach(['[1,2,4,5]', '[0,3,600]', '[1,2,4,5]', '[0,3,600]'], INTS_54, [true, true, true, true]);
    expectEach(['54', '201', '54', '201'], INTS_54, [true, true, true, true]);
    expectEach(['54', '54', '54', '54'], [`{"a":${bin('NgAAAAAAAAAAAAAAAAAAAAAAAAAA')}}`], [true, false, true, false]);
  });
  it('MatchLongWithBinaryBitMask: a BinData bitmask tests an integer', () => {
    const set = bin('NgAAAA==');
    const clear = bin('yf//////////');
    expectEach([set, clear, set, clear], ['{"a":54}'], [true, true, true, true]);
  });
  it('MatchesNegativeInteger / MatchesNegativeIntegerWithBitMask: two\u2019s complement, sign bits past 63', () => {
    expectEach(['[1,3,6,7,33]', '[0,2,4,5]', '[1,3,6,7,33]', '[0,2,4,5]'], INTS_MINUS_54, [true, true, true, true]);
    expectEach(['10', '5', '10', '5'], INTS_MINUS_54, [true, true, true, true]);
  });
  it('DoesNotMatchInteger / DoesNotMatchIntegerWithBitMask', () => {
    expectEach(['[1,2,4,5,6]', '[0,3,1]', '[1,2,4,5,6]', '[0,3,1]'], INTS_54, [false, false, true, true]);
    expectEach(['118', '11', '118', '11'], INTS_54, [false, false, true, true]);
  });
  it('MatchesBinary1 / MatchesBinary2 / MatchesBinaryWithBitMask', () => {
    const b1 = [`{"a":${bin('NgAAAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('NgAjqwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach(['[1,2,4,5]', '[0,3,600]', '[1,2,4,5]', '[0,3,600]'], b1, [true, true, true, true]);
    const b2 = [`{"a":${bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('JANgqwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach(['[21,22,8,9]', '[20,23,612]', '[21,22,8,9]', '[20,23,612]'], b2, [true, true, true, true]);
    const set = bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA');
    const clear = bin('APyfAAAAAAAAAAAAAAAAAAAAAAAA');
    const b3 = [`{"a":${bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('JANgAwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach([set, clear, set, clear], b3, [true, true, true, true]);
  });
  it('DoesNotMatchBinary1 / DoesNotMatchBinary2 / DoesNotMatchBinaryWithBitMask', () => {
    const b1 = [`{"a":${bin('NgAAAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('NgAjqwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach(['[1,2,4,5,6]', '[0,3,1]', '[1,2,4,5,6]', '[0,3,1]'], b1, [false, false, true, true]);
    const b2 = [`{"a":${bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('JANgqwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach(['[21,22,23,24,25]', '[20,23,21]', '[21,22,23,24,25]', '[20,23,21]'], b2, [false, false, true, true]);
    // 22-byte masks (the C++ passes the literal's terminating NUL as the 22nd byte of the clear mask).
    const set = bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA/w==');
    const clear = bin('AP2fAAAAAAAAAAAAAAAAAAAAAAD/AA==');
    const b3 = [`{"a":${bin('AANgAAAAAAAAAAAAAAAAAAAAAAAA')}}`, `{"a":${bin('JANgAwetkqwklEWRbWERKKJREtbq')}}`];
    expectEach([set, clear, set, clear], b3, [false, false, true, true]);
  });
});
