/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for strings: indexof_bytes.js,
 * indexof_codepoints.js, split.js, substrCP.js. Each expression runs through aggregate and an
 * update pipeline (harness.ts). Like the jstests, every $indexOf* result with a start/end is also
 * checked against the same search in the $substr* of that range.
 */
import { describe, expect, it } from 'vitest';
import { expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];

function indexOfCase(op: '$indexOfBytes' | '$indexOfCP', args: Lit[], result: number | null, equivalence = true): void {
  expect(expr({ [op]: args })).toEqual(result === null ? null : i(result));
  if (!equivalence) return;
  const input = args[0]!;
  const token = args[1]!;
  const start: Lit = args.length > 2 ? args[2]! : 0;
  const end: Lit = args.length > 3 ? args[3]! : { [op === '$indexOfBytes' ? '$strLenBytes' : '$strLenCP']: input };
  const substr = op === '$indexOfBytes' ? '$substrBytes' : '$substrCP';
  const shifted = result === -1 ? -1 : (result as number) - (start as number);
  expect(expr({ [op]: [{ [substr]: [input, start, { $subtract: [end, start] }] }, token] })).toEqual(i(shifted));
}

describe('indexof_bytes.js', () => {
  const t = (args: Lit[], result: number | null, equivalence = true) => indexOfCase('$indexOfBytes', args, result, equivalence);
  it('ASCII searches with and without start/end', () => {
    t(['abc', 'b'], 1);
    t(['abcba', 'b'], 1);
    t(['abc', 'd'], -1);
    t(['abcba', 'b', 2], 3);
    t(['abcde', 'd', 0, 2], -1);
    t(['abc', 'b', 1], 1);
    t(['abc', 'b', 0, 10], 1);
    t(['abcbabc', 'b', 2, 4], 3);
    t([null, 'b'], null, false);
    t(['abc', 'b', 3], -1);
    t(['abc', 'b', 3, 1], -1, false);
    t(['abc', 'b', 3, 5], -1);
    t(['', ' '], -1);
    t([' ', ''], 0);
    t(['', ''], 0);
    t(['abc', '', 3], 3);
    t(['abc', '', 1], 1);
    t(['abcde', 'de'], 3);
    t(['abcde', 'def'], -1);
  });
  it('multi-byte characters count their UTF-8 bytes; embedded NULs are characters', () => {
    t(['a∫∫b', 'b'], 7);
    t(['a∫∫b', 'b', 6], 7, false);
    t(['abc∫ba', '∫'], 3);
    t(['∫∫∫', 'a'], -1);
    t(['ab∫c', 'c', 0, 3], -1, false);
    t(['abc∫b∫', 'b∫'], 6);
    t(['abc\0d', 'd'], 4);
    t(['abc\0', '\0'], 3);
    t(['abc\0d\0', 'd', 5, 6], -1);
  });
  it('errors: 40091 input, 40092 token, 40096 non-integral index, 40097 negative index', () => {
    expect(exprCode({ $indexOfBytes: [3, 's'] })).toBe(40091);
    expect(exprCode({ $indexOfBytes: ['s', 3] })).toBe(40092);
    expect(exprCode({ $indexOfBytes: ['abc', 'b', 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfBytes: ['abc', 'b', 0, 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfBytes: ['abc', 'b', -1] })).toBe(40097);
    expect(exprCode({ $indexOfBytes: ['abc', 'b', 1, -1] })).toBe(40097);
  });
});

describe('indexof_codepoints.js', () => {
  const t = (args: Lit[], result: number | null, equivalence = true) => indexOfCase('$indexOfCP', args, result, equivalence);
  it('an empty token in an empty string with start past end is -1 (SERVER-56819)', () => {
    expect(expr({ $indexOfCP: ['', '$emptyStr', 3] }, { item: 'foobar foobar', emptyStr: '' })).toEqual(i(-1));
    expect(expr({ $indexOfCP: ['', '$emptyStr', 3, 1] }, { item: 'foobar foobar', emptyStr: '' })).toEqual(i(-1));
  });
  it('indexes count code points', () => {
    t(['∫aƒ', 'ƒ'], 2);
    t(['a∫c', 'd'], -1);
    t(['∫b∫ba', 'b', 2], 3);
    t(['ab∫de', 'd', 0, 3], -1);
    t(['ab∫de', 'd', 0, 4], 3);
    t(['øøc', 'ø', 1], 1);
    t(['øƒc', 'ƒ', 0, 10], 1);
    t(['abcbabc', 'b', 2, 4], 3);
    t([null, '√'], null, false);
    t(['abc', 'b', 3], -1);
    t(['a√cb', 'b', 3, 1], -1, false);
    t(['a∫b', 'b', 3, 5], -1);
    t(['', '∫'], -1);
    t([' ', ''], 0);
    t(['', ''], 0);
    t(['abc', '', 1], 1);
    t(['abcƒe', 'ƒe'], 3);
    t(['∫aeøø', 'øøø'], -1);
    t(['ab∫\0d', 'd'], 4);
    t(['øbc\0', '\0'], 3);
    t(['πbƒ\0d\0', 'd', 5, 6], -1);
  });
  it('errors: 40093 input, 40094 token, 40096, 40097', () => {
    expect(exprCode({ $indexOfCP: [3, 's'] })).toBe(40093);
    expect(exprCode({ $indexOfCP: ['s', 3] })).toBe(40094);
    expect(exprCode({ $indexOfCP: ['abc', 'b', 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfCP: ['abc', 'b', 0, 'bad'] })).toBe(40096);
    expect(exprCode({ $indexOfCP: ['abc', 'b', -1] })).toBe(40097);
    expect(exprCode({ $indexOfCP: ['abc', 'b', 1, -1] })).toBe(40097);
  });
});

describe('split.js', () => {
  it('splits on the delimiter bytes, NULs and multi-byte characters included', () => {
    const cases: [string, string, string[]][] = [
      ['abc', 'b', ['a', 'c']], ['aaa', 'b', ['aaa']], ['a b a', 'b', ['a ', ' a']], ['a', 'a', ['', '']],
      ['aa', 'a', ['', '', '']], ['aaa', 'a', ['', '', '', '']], ['', 'a', ['']],
      ['abc abc cba abc', 'abc', ['', ' ', ' cba ', '']], ['a\0b\0c', '\0', ['a', 'b', 'c']], ['\0a\0', 'a', ['\0', '\0']],
      ['\0\0\0', 'a', ['\0\0\0']], ['∫a∫', 'a', ['∫', '∫']], ['a∫∫a', '∫', ['a', '', 'a']],
    ];
    for (const [s, d, r] of cases) expect(expr({ $split: [s, d] })).toEqual(r);
  });
  it('null or missing gives null', () => {
    expect(expr({ $split: ['abc', null] })).toBeNull();
    expect(expr({ $split: [null, 'abc'] })).toBeNull();
    expect(expr({ $split: ['$a', 'a'] })).toBeNull();
    expect(expr({ $split: ['a', '$a'] })).toBeNull();
  });
  it('errors: 16020 arity, 40085 input, 40086 delimiter, 40087 empty delimiter', () => {
    expect(exprCode({ $split: [] })).toBe(16020);
    expect(exprCode({ $split: ['a'] })).toBe(16020);
    expect(exprCode({ $split: ['a', 'b', 'c'] })).toBe(16020);
    expect(exprCode({ $split: [1, 'abc'] })).toBe(40085);
    expect(exprCode({ $split: ['abc', 1] })).toBe(40086);
    expect(exprCode({ $split: ['abc', ''] })).toBe(40087);
  });
});

describe('substrCP.js', () => {
  const doc = {
    t: '寿司sushi', u: 'éclair', v: 'Å', w: '◢◢◢', x: 'a', y: 'abc', z: 'abcde',
    a: 0, b: 1, c: 2, d: 3, e: 4, f: 5, neg: -4, invalidStr: {}, bigNum: l(4294967297),
  };
  const sub = (args: Lit[]) => expr({ $substrCP: args }, doc);
  it('argument errors on constants', () => {
    const d = { a: 'abc' };
    expect(exprCode({ $substrCP: ['$a', 0, 'a'] }, d)).toBe(34452);
    expect(exprCode({ $substrCP: ['$a', 0, NaN] }, d)).toBe(34453);
    expect(exprCode({ $substrCP: ['$a', 'abc', 3] }, d)).toBe(34450);
    expect(exprCode({ $substrCP: ['$a', 2.2, 3] }, d)).toBe(34451);
    expect(exprCode({ $substrCP: ['$a', -1, 3] }, d)).toBe(34455);
    expect(exprCode({ $substrCP: ['$a', 1, -3] }, d)).toBe(34454);
    expect(exprCode({ $substrCP: [] }, d)).toBe(16020);
    expect(exprCode({ $substrCP: ['$x'] }, d)).toBe(16020);
    expect(exprCode({ $substrCP: ['$x', 1, 2, 3] }, d)).toBe(16020);
  });
  it('substrings by code point', () => {
    expect(sub(['$x', 999, 0])).toBe('');
    expect(sub(['$x', 999, 1])).toBe('');
    expect(sub(['$v', '$a', '$b'])).toBe('Å');
    expect(sub(['$x', '$a', '$b'])).toBe('a');
    expect(sub(['$w', '$b', '$c'])).toBe('◢◢');
    expect(sub(['$z', '$c', '$d'])).toBe('cde');
    expect(sub(['$z', { $add: ['$b', '$b'] }, { $add: ['$c', '$d'] }])).toBe('cde');
    expect(sub(['$z', { $add: ['$b', 1] }, { $add: [2, '$d'] }])).toBe('cde');
    expect(sub([{ $substrCP: [{ $substrCP: [{ $substrCP: ['abcdefghij', '$b', 6] }, '$c', 5] }, 0, 3] }, 1, 1])).toBe('e');
    expect(sub(['$u', '$a', '$e'])).toBe('écla');
    expect(expr({ $substrBytes: ['$u', '$a', '$e'] }, doc)).toBe('écl');
    expect(sub(['$t', '$a', 6])).toBe('寿司sush');
    expect(expr({ $substrBytes: ['$t', '$a', 6] }, doc)).toBe('寿司');
  });
  // 5155700-5155703 are SBE's codes; sbe_assert_error_override.js maps them to the classic
  // engine's 34450-34455, which ExpressionSubstrCP::evaluate raises.
  it('argument errors on document values: 34450/34451/34452/34455/34454, 16007', () => {
    expect(exprError({ $substrCP: ['a', '$invalidStr', 7] }, doc)).toEqual({ code: 34450, errmsg: '$substrCP: starting index must be a numeric type (is BSON type object)' });
    expect(exprError({ $substrCP: ['a', '$bigNum', 7] }, doc)).toEqual({ code: 34451, errmsg: '$substrCP: starting index cannot be represented as a 32-bit integral value: 4294967297' });
    expect(exprError({ $substrCP: ['a', 0, '$t'] }, doc)).toEqual({ code: 34452, errmsg: '$substrCP: length must be a numeric type (is BSON type string)' });
    expect(exprError({ $substrCP: ['a', '$neg', 2] }, doc)).toEqual({ code: 34455, errmsg: '$substrCP: the starting index must be nonnegative integer.' });
    expect(exprError({ $substrCP: ['a', 0, '$neg'] }, doc)).toEqual({ code: 34454, errmsg: '$substrCP: length must be a nonnegative integer.' });
    expect(exprError({ $substrCP: ['$invalidStr', '$a', '$b'] }, doc)).toEqual({ code: 16007, errmsg: "can't convert from BSON type object to String" });
  });
});

describe('trim.js', () => {
  it('whitespace by default, Unicode spaces included', () => {
    expect(expr({ $trim: { input: ' abc ' } })).toBe('abc');
    expect(expr({ $trim: { input: ' a b\nc ' } })).toBe('a b\nc');
    expect(expr({ $ltrim: { input: '\t abc ' } })).toBe('abc ');
    expect(expr({ $rtrim: { input: '\t abc ' } })).toBe('\t abc');
    expect(expr({ $map: { input: { $split: ['4, 5, 6, 7,8,9, 10', ','] }, in: { $trim: { input: '$$this' } } } })).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(expr({ $ltrim: { input: '$t' } }, { t: '\u2001\u2002 Odd unicode indentation' })).toBe('Odd unicode indentation');
    expect(expr({ $ltrim: { input: '$t' } }, { t: '\u2001\u2002 Odd unicode indentation\u200A' })).toBe('Odd unicode indentation\u200A');
  });
  it('chars are code points; the collation is not used; null and missing give null', () => {
    expect(expr({ $trim: { input: 'xXx', chars: 'x' } })).toBe('X');
    expect(expr({ $rtrim: { input: 'xXx', chars: 'x' } })).toBe('xX');
    expect(expr({ $ltrim: { input: 'xXx', chars: 'x' } })).toBe('Xx');
    for (const [name, first] of [[', Charlie', 'Charlie'], ['Obama\t,  Barack', 'Barack'], [' Ride,  Sally   ', 'Sally']] as const) {
      expect(expr({ $trim: { input: { $arrayElemAt: [{ $split: ['$name', ','] }, 1] } } }, { name })).toBe(first);
    }
    expect(expr({ $rtrim: { input: '$proof', chars: '∎' } }, { proof: 'Left as an exercise for the reader∎' })).toBe('Left as an exercise for the reader');
    expect(expr({ $rtrim: { input: '$proof', chars: '∎' } }, { proof: '∎∃ proof∎' })).toBe('∎∃ proof');
    expect(expr({ $rtrim: { input: '$proof', chars: '∎' } }, { proof: null })).toBeNull();
    expect(expr({ $rtrim: { input: '$proof', chars: '∎' } }, {})).toBeNull();
  });
  it('errors: 50696 not an object, 50699 input not a string, 50700 chars not a string', () => {
    expect(exprCode({ $trim: ' x ' })).toBe(50696);
    expect(exprCode({ $trim: { input: 4 } })).toBe(50699);
    expect(exprCode({ $trim: { input: { $add: [4, 2] } } })).toBe(50699);
    expect(exprCode({ $trim: { input: '$_id' } }, { _id: 0 })).toBe(50699);
    expect(exprCode({ $trim: { input: ' x ', chars: '$_id' } }, { _id: 0 })).toBe(50700);
  });
});
