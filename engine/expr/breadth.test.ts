import { describe, expect, it } from 'vitest';
import { BSONRegExp, Decimal128 } from '../bson/values.js';
import { d, err, ev, i, l, v } from './test-helpers.js';

describe('string operators', () => {
  it('$concat joins strings, null for nullish, 16702 otherwise', () => {
    expect(ev({ $concat: ['a', '$b', 'c'] }, { b: 'B' })).toBe('aBc');
    expect(ev({ $concat: ['a', '$missing'] })).toBeNull();
    expect(err(() => ev({ $concat: ['a', i(1)] }))).toEqual({ code: 16702, errmsg: '$concat only supports strings, not int' });
  });
  it('$substrBytes / $substr use UTF-8 bytes; $substrCP code points', () => {
    expect(ev({ $substrBytes: ['héllo', i(0), i(3)] })).toBe('hé');
    expect(ev({ $substr: ['hello', i(1), i(-1)] })).toBe('ello');
    expect(err(() => ev({ $substrBytes: ['héllo', i(2), i(1)] })).code).toBe(28656);
    expect(err(() => ev({ $substrBytes: ['héllo', 'x', i(1)] }))).toEqual({
      code: 16034,
      errmsg: '$substrBytes:  starting index must be a numeric type (is BSON type string)',
    });
    expect(ev({ $substrCP: ['héllo', i(1), i(2)] })).toBe('él');
    expect(ev({ $substrCP: [null, i(0), i(2)] })).toBe('');
    expect(err(() => ev({ $substr: ['a', i(0)] }))).toEqual({
      code: 16020,
      errmsg: 'Expression $substrBytes takes exactly 3 arguments. 2 were passed in.',
    });
  });
  it('lengths, case, comparison', () => {
    expect(ev({ $strLenBytes: 'é' })).toEqual(i(2));
    expect(ev({ $strLenCP: 'é😀' })).toEqual(i(2));
    expect(err(() => ev({ $strLenCP: '$missing' }))).toEqual({ code: 34471, errmsg: '$strLenCP requires a string argument, found: missing' });
    expect(ev({ $toUpper: 'abÉé' })).toBe('ABÉé');
    expect(ev({ $toLower: i(5) })).toBe('5');
    expect(ev({ $toLower: null })).toBe('');
    expect(ev({ $strcasecmp: ['ABC', 'abc'] })).toEqual(i(0));
    expect(ev({ $strcasecmp: ['a', 'B'] })).toEqual(i(-1));
  });
  it('$trim family, $split, $indexOfCP/$indexOfBytes', () => {
    expect(ev({ $trim: { input: '  a b \n' } })).toBe('a b');
    expect(ev({ $ltrim: { input: 'xxaxx', chars: 'x' } })).toBe('axx');
    expect(ev({ $rtrim: { input: 'xxaxx', chars: 'x' } })).toBe('xxa');
    expect(err(() => ev({ $trim: { chars: 'x' } })).code).toBe(50695);
    expect(ev({ $split: ['a,b,,c', ','] })).toEqual(['a', 'b', '', 'c']);
    expect(err(() => ev({ $split: ['a', ''] })).code).toBe(40087);
    expect(ev({ $indexOfCP: ['héllo', 'l'] })).toEqual(i(2));
    expect(ev({ $indexOfBytes: ['héllo', 'l'] })).toEqual(i(3));
    expect(ev({ $indexOfCP: ['abc', 'c', i(0), i(2)] })).toEqual(i(-1));
    expect(err(() => ev({ $indexOfCP: ['abc', 'c', 'x'] })).errmsg).toBe(
      '$indexOfCPrequires an integral starting index, found a value of type: string, with value: "x"',
    );
  });
  it('$replaceOne / $replaceAll', () => {
    expect(ev({ $replaceOne: { input: 'aXbXc', find: 'X', replacement: '-' } })).toBe('a-bXc');
    expect(ev({ $replaceAll: { input: 'aXbXc', find: 'X', replacement: '-' } })).toBe('a-b-c');
    expect(ev({ $replaceAll: { input: 'ab', find: '', replacement: '-' } })).toBe('-a-b-');
    expect(ev({ $replaceAll: { input: null, find: 'a', replacement: 'b' } })).toBeNull();
    expect(err(() => ev({ $replaceAll: { input: i(1), find: 'a', replacement: 'b' } }))).toEqual({
      code: 51746,
      errmsg: "$replaceAll requires that 'input' be a string, found: 1",
    });
  });
  it('regex operators', () => {
    expect(ev({ $regexMatch: { input: 'Hello', regex: '^h', options: 'i' } })).toBe(true);
    expect(ev({ $regexMatch: { input: null, regex: 'a' } })).toBe(false);
    expect(ev({ $regexFind: { input: 'xaby', regex: new BSONRegExp('(a)(z)?b') } })).toEqual(
      d({ match: 'ab', idx: i(1), captures: ['a', null] }),
    );
    expect(ev({ $regexFindAll: { input: 'éa1a2', regex: 'a(\\d)' } })).toEqual([
      d({ match: 'a1', idx: i(1), captures: ['1'] }),
      d({ match: 'a2', idx: i(3), captures: ['2'] }),
    ]);
    expect(ev({ $regexFind: { input: 'abc', regex: 'z' } })).toBeNull();
    expect(err(() => ev({ $regexMatch: { input: 'a', regex: 'a', options: 'g' } }))).toEqual({
      code: 51108,
      errmsg: '$regexMatch invalid flag in regex options: g',
    });
    expect(err(() => ev({ $regexMatch: { input: 'a', regex: new BSONRegExp('a', 'i'), options: 'm' } })).code).toBe(51107);
  });
});

describe('array operators', () => {
  it('$arrayElemAt, $first, $last', () => {
    expect(ev({ $arrayElemAt: [[i(1), i(2), i(3)], i(-1)] })).toEqual(i(3));
    expect(ev({ $arrayElemAt: [[i(1)], i(5)] })).toBeUndefined();
    expect(ev({ $first: [[i(7), i(8)]] })).toEqual(i(7));
    expect(ev({ $last: '$a' }, { a: [i(7), i(8)] })).toEqual(i(8));
    expect(ev({ $first: '$missing' })).toBeNull();
    expect(err(() => ev({ $first: 'x' }))).toEqual({ code: 28689, errmsg: "$first's argument must be an array, but is string" });
    expect(err(() => ev({ $arrayElemAt: [[i(1)], 1.5] }))).toEqual({
      code: 28691,
      errmsg: "$arrayElemAt's second argument must be representable as a 32-bit integer: 1.5",
    });
  });
  it('$filter, $map, $reduce with as / $$this / $$value', () => {
    expect(ev({ $filter: { input: '$a', as: 'x', cond: { $gt: ['$$x', i(1)] } } }, { a: [i(1), i(2), i(3)] })).toEqual([i(2), i(3)]);
    expect(ev({ $filter: { input: [i(1), i(2), i(3)], cond: { $gte: ['$$this', i(2)] }, limit: i(1) } })).toEqual([i(2)]);
    expect(ev({ $map: { input: [i(1), i(2)], in: { $multiply: ['$$this', i(10)] } } })).toEqual([i(10), i(20)]);
    expect(ev({ $map: { input: [i(1)], as: 'n', in: '$$missingField.x' } }, {}, { missingField: {} })).toEqual([null]);
    expect(ev({ $reduce: { input: [i(1), i(2), i(3)], initialValue: i(0), in: { $add: ['$$value', '$$this'] } } })).toEqual(i(6));
    expect(ev({ $map: { input: null, in: 1 } })).toBeNull();
    expect(err(() => ev({ $map: { input: 'x', in: 1 } }))).toEqual({ code: 16883, errmsg: 'input to $map must be an array not string' });
    expect(err(() => ev({ $filter: { input: [], as: 'X', cond: true } })).code).toBe(9);
    expect(err(() => ev({ $map: { input: [], in: '$$x' } }, {}, {}, { variables: new Set() })).code).toBe(17276);
  });
  it('$in, $indexOfArray, $isArray, $size, $concatArrays, $reverseArray', () => {
    expect(ev({ $in: [i(2), [1, 2]] })).toBe(true);
    expect(err(() => ev({ $in: [i(2), '$missing'] }))).toEqual({ code: 40081, errmsg: '$in requires an array as a second argument, found: missing' });
    expect(ev({ $indexOfArray: [['a', 'b', 'a'], 'a', i(1)] })).toEqual(i(2));
    expect(ev({ $indexOfArray: [null, 'a'] })).toBeNull();
    expect(ev({ $isArray: [[]] })).toBe(true);
    expect(ev({ $size: [[i(1), i(2)]] })).toEqual(i(2));
    expect(err(() => ev({ $size: '$missing' })).code).toBe(17124);
    expect(ev({ $concatArrays: [[i(1)], [i(2)]] })).toEqual([i(1), i(2)]);
    expect(ev({ $reverseArray: [[i(1), i(2)]] })).toEqual([i(2), i(1)]);
  });
  it('$slice and $range', () => {
    expect(ev({ $slice: [[i(1), i(2), i(3)], i(-2)] })).toEqual([i(2), i(3)]);
    expect(ev({ $slice: [[i(1), i(2), i(3)], i(1), i(5)] })).toEqual([i(2), i(3)]);
    expect(err(() => ev({ $slice: [[i(1)], i(0), i(0)] })).code).toBe(28729);
    expect(ev({ $range: [i(0), i(10), i(3)] })).toEqual([i(0), i(3), i(6), i(9)]);
    expect(ev({ $range: [i(5), i(0), i(-2)] })).toEqual([i(5), i(3), i(1)]);
    expect(err(() => ev({ $range: [i(0), i(1), i(0)] })).code).toBe(34449);
  });
  it('$sortArray, $zip, $arrayToObject, $objectToArray', () => {
    expect(ev({ $sortArray: { input: [i(3), 'a', i(1)], sortBy: -1 } })).toEqual(['a', i(3), i(1)]);
    expect(ev({ $sortArray: { input: [{ a: i(2) }, { a: i(1) }], sortBy: { a: 1 } } })).toEqual([d({ a: i(1) }), d({ a: i(2) })]);
    expect(ev({ $zip: { inputs: [[i(1), i(2)], ['a']] } })).toEqual([[i(1), 'a']]);
    expect(ev({ $zip: { inputs: [[i(1), i(2)], ['a']], useLongestLength: true, defaults: [i(0), 'z'] } })).toEqual([
      [i(1), 'a'],
      [i(2), 'z'],
    ]);
    expect(ev({ $arrayToObject: [[['a', i(1)], ['b', i(2)]]] })).toEqual(d({ a: i(1), b: i(2) }));
    expect(ev({ $arrayToObject: [[{ k: 'a', v: i(1) }]] })).toEqual(d({ a: i(1) }));
    expect(ev({ $objectToArray: { $literal: { a: i(1) } } })).toEqual([d({ k: 'a', v: i(1) })]);
  });
  it('$firstN, $lastN, $maxN, $minN', () => {
    expect(ev({ $firstN: { input: [i(1), i(2), i(3)], n: i(2) } })).toEqual([i(1), i(2)]);
    expect(ev({ $lastN: { input: [i(1), i(2), i(3)], n: i(5) } })).toEqual([i(1), i(2), i(3)]);
    expect(ev({ $maxN: { input: [i(1), null, i(3), i(2)], n: i(2) } })).toEqual([i(3), i(2)]);
    expect(ev({ $minN: { input: [i(4), i(3), i(2)], n: 2 } })).toEqual([i(2), i(3)]);
    expect(err(() => ev({ $firstN: { input: [] } }))).toEqual({ code: 5787906, errmsg: "Missing value for 'n'" });
    expect(err(() => ev({ $firstN: { input: null, n: i(1) } })).code).toBe(5788200);
    expect(err(() => ev({ $firstN: { input: [], n: i(0) } })).errmsg).toBe("'n' must be greater than 0, found 0");
  });
});

describe('set operators', () => {
  it('union/intersection sorted, difference in order', () => {
    expect(ev({ $setUnion: [[i(3), i(1)], [i(2), i(1)]] })).toEqual([i(1), i(2), i(3)]);
    expect(ev({ $setIntersection: [[i(3), i(1), i(2)], [i(2), i(3)]] })).toEqual([i(2), i(3)]);
    expect(ev({ $setDifference: [[i(3), i(1), i(3)], [i(2)]] })).toEqual([i(3), i(1)]);
    expect(ev({ $setEquals: [[i(1), i(2)], [i(2), i(1), 1]] })).toBe(true);
    expect(ev({ $setIsSubset: [[i(1)], [i(2), i(1)]] })).toBe(true);
    expect(ev({ $anyElementTrue: [[i(0), null]] })).toBe(false);
    expect(ev({ $allElementsTrue: [[i(1), 'x']] })).toBe(true);
    expect(ev({ $setUnion: [[i(1)], null] })).toBeNull();
    expect(err(() => ev({ $setEquals: [[i(1)]] }))).toEqual({ code: 17045, errmsg: '$setEquals needs at least two arguments had: 1' });
  });
});

describe('object operators and accumulators', () => {
  it('$mergeObjects merges left to right and skips nullish', () => {
    expect(ev({ $mergeObjects: [{ a: i(1), b: i(1) }, null, { b: i(2) }] })).toEqual(d({ a: i(1), b: i(2) }));
    expect(ev({ $mergeObjects: '$arr' }, { arr: [{ a: i(1) }, { c: i(3) }] })).toEqual(d({ a: i(1), c: i(3) }));
    expect(err(() => ev({ $mergeObjects: [i(1), {}] }))).toEqual({
      code: 40400,
      errmsg: '$mergeObjects requires object inputs, but input 1 is of type int',
    });
  });
  it('$getField, $setField, $unsetField', () => {
    expect(ev({ $getField: 'a.b' }, v({ 'a.b': i(1) }) as never)).toEqual(i(1));
    expect(ev({ $getField: { field: { $literal: '$x' }, input: { $literal: { $x: i(1) } } } })).toEqual(i(1));
    expect(err(() => ev({ $getField: '$a' }))).toEqual({
      code: 5654600,
      errmsg: "'$a' is a field path reference which is not allowed in this context. Did you mean {$literal: '$a'}?",
    });
    expect(ev({ $setField: { field: 'x', input: '$$ROOT', value: i(2) } }, { a: i(1) })).toEqual(d({ a: i(1), x: i(2) }));
    expect(ev({ $unsetField: { field: 'a', input: '$$ROOT' } }, { a: i(1), b: i(2) })).toEqual(d({ b: i(2) }));
  });
  it('$sum/$avg/$max/$min over an array or several arguments', () => {
    expect(ev({ $sum: '$a' }, { a: [i(1), i(2), 'x', 3.5] })).toBe(6.5);
    expect(ev({ $sum: [i(1), l(2)] })).toEqual(l(3));
    expect(ev({ $sum: [] })).toEqual(i(0));
    expect(ev({ $sum: '$missing' })).toEqual(i(0));
    expect(ev({ $sum: [i(2147483647), i(1)] })).toEqual(l(2147483648));
    expect(ev({ $avg: [i(1), i(2)] })).toBe(1.5);
    expect(ev({ $avg: ['a'] })).toBeNull();
    expect((ev({ $avg: [Decimal128.fromString('1'), i(2)] }) as Decimal128).toString()).toBe('1.5');
    expect(ev({ $max: [i(1), 'a', null] })).toBe('a');
    expect(ev({ $min: '$a' }, { a: [i(4), i(2)] })).toEqual(i(2));
    expect(ev({ $min: [null] })).toBeNull();
  });
});

describe('decimal square root', () => {
  it('is correctly rounded to 34 digits and uses the ideal exponent when exact', () => {
    const dsqrt = (x: string): string => (ev({ $sqrt: Decimal128.fromString(x) }) as Decimal128).toString();
    expect(dsqrt('2')).toBe('1.414213562373095048801688724209698');
    expect(dsqrt('4.00')).toBe('2.0');
    expect(dsqrt('16')).toBe('4');
    expect(dsqrt('0.25')).toBe('0.5');
    expect(err(() => ev({ $sqrt: Decimal128.fromString('-1') })).code).toBe(28714);
  });
  it('decimal exp/ln/log10/log/pow keep 34 digits', () => {
    const dstr = (x: unknown): string => (x as Decimal128).toString();
    expect(dstr(ev({ $exp: Decimal128.fromString('1') }))).toBe('2.718281828459045235360287471352662');
    expect(dstr(ev({ $ln: Decimal128.fromString('10') }))).toBe('2.302585092994045684017991454684364');
    expect(dstr(ev({ $log10: Decimal128.fromString('1000') }))).toBe('3');
    // All 34 digits, as $pow of 10.0 and 2 gives 100.0000000000000000000000000000000 (log_pow_exp.js).
    expect(dstr(ev({ $pow: [Decimal128.fromString('2'), i(10)] }))).toBe('1024.000000000000000000000000000000');
    expect(err(() => ev({ $ln: Decimal128.fromString('-1') }))).toEqual({ code: 28766, errmsg: "$ln's argument must be a positive number, but is -1" });
  });
});

describe('misc operators', () => {
  it('$const, $bsonSize, $binarySize, $tsSecond, trig, $stdDevPop', async () => {
    const { Timestamp } = await import('../bson/values.js');
    expect(ev({ $const: '$a' })).toBe('$a');
    expect(ev({ $bsonSize: '$$ROOT' }, { a: i(1) })).toEqual(i(12));
    expect(ev({ $binarySize: 'é' })).toEqual(i(2));
    expect(ev({ $tsSecond: new Timestamp({ t: 5, i: 1 }) })).toEqual(l(5));
    expect(ev({ $cos: 0 })).toBe(1);
    expect(err(() => ev({ $acos: 2 }))).toEqual({ code: 50989, errmsg: 'cannot apply $acos to 2, value must in [-1,1]' });
    expect(ev({ $stdDevPop: [i(1), i(3)] })).toBe(1);
    expect(ev({ $stdDevSamp: [i(1)] })).toBeNull();
    expect(typeof ev({ $rand: {} })).toBe('number');
  });
});
