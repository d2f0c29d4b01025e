import { describe, expect, it } from 'vitest';
import { err, ev, i } from './test-helpers.js';

type Lit = Parameters<typeof ev>[0];

/** Operators that return null when an input is null or missing. */
const NULL_CASES: Array<[string, Lit]> = [
  ['$add', { $add: [i(1), '$missing'] }],
  ['$subtract', { $subtract: [null, i(1)] }],
  ['$multiply', { $multiply: ['$missing', i(2)] }],
  ['$divide', { $divide: [i(1), null] }],
  ['$mod', { $mod: ['$missing', i(2)] }],
  ['$abs', { $abs: '$missing' }],
  ['$ceil', { $ceil: null }],
  ['$floor', { $floor: '$missing' }],
  ['$sqrt', { $sqrt: null }],
  ['$exp', { $exp: '$missing' }],
  ['$ln', { $ln: null }],
  ['$log', { $log: [null, i(10)] }],
  ['$log10', { $log10: '$missing' }],
  ['$pow', { $pow: [i(2), null] }],
  ['$round', { $round: ['$missing'] }],
  ['$trunc', { $trunc: [1.5, null] }],
  ['$concat', { $concat: ['a', null] }],
  ['$split', { $split: [null, ','] }],
  ['$indexOfCP', { $indexOfCP: [null, 'a'] }],
  ['$trim', { $trim: { input: null } }],
  ['$replaceOne', { $replaceOne: { input: 'a', find: null, replacement: 'b' } }],
  ['$regexFind', { $regexFind: { input: null, regex: 'a' } }],
  ['$arrayElemAt', { $arrayElemAt: [null, i(0)] }],
  ['$first', { $first: '$missing' }],
  ['$concatArrays', { $concatArrays: [[i(1)], null] }],
  ['$filter', { $filter: { input: null, cond: true } }],
  ['$map', { $map: { input: '$missing', in: 1 } }],
  ['$reduce', { $reduce: { input: null, initialValue: i(0), in: 1 } }],
  ['$indexOfArray', { $indexOfArray: [null, i(1)] }],
  ['$slice', { $slice: [null, i(1)] }],
  ['$reverseArray', { $reverseArray: null }],
  ['$sortArray', { $sortArray: { input: null, sortBy: 1 } }],
  ['$zip', { $zip: { inputs: [null] } }],
  ['$arrayToObject', { $arrayToObject: [null] }],
  ['$objectToArray', { $objectToArray: '$missing' }],
  ['$setUnion', { $setUnion: [[i(1)], null] }],
  ['$setIntersection', { $setIntersection: [null] }],
  ['$setDifference', { $setDifference: [null, []] }],
  ['$convert', { $convert: { input: null, to: 'int' } }],
  ['$toString', { $toString: '$missing' }],
  ['$year', { $year: null }],
  ['$dateToString', { $dateToString: { date: null } }],
  ['$dateFromString', { $dateFromString: { dateString: null } }],
  ['$dateAdd', { $dateAdd: { startDate: null, unit: 'day', amount: i(1) } }],
  ['$dateDiff', { $dateDiff: { startDate: new Date(0), endDate: null, unit: 'day' } }],
  ['$dateTrunc', { $dateTrunc: { date: null, unit: 'day' } }],
  ['$setField', { $setField: { field: 'a', input: null, value: 1 } }],
  ['$avg', { $avg: [] }],
  ['$max', { $max: [null] }],
];

describe('null and missing propagation', () => {
  it.each(NULL_CASES)('%s returns null', (_name, spec) => {
    expect(ev(spec)).toBeNull();
  });
});

/** Type errors with the server's codes. */
const TYPE_ERRORS: Array<[Lit, number, string]> = [
  [{ $add: ['a'] }, 14, '$add only supports numeric or date types, not string'],
  [{ $subtract: ['a', i(1)] }, 14, "can't $subtract int from string"],
  [{ $subtract: [new Date(0), 'x'] }, 14, "can't $subtract string from Date"],
  [{ $multiply: [true] }, 14, '$multiply only supports numeric types, not bool'],
  [{ $divide: [i(1), 'x'] }, 14, '$divide only supports numeric types, not int and string'],
  [{ $mod: ['x', i(1)] }, 16611, '$mod only supports numeric types, not string and int'],
  [{ $abs: [[]] }, 28765, '$abs only supports numeric types, not array'],
  [{ $ln: -1 }, 28766, "$ln's argument must be a positive number, but is -1"],
  [{ $log: [i(10), i(1)] }, 28759, "$log's base must be a positive number not equal to 1, but is 1"],
  [{ $pow: [i(0), i(-1)] }, 28764, '$pow cannot take a base of 0 and a negative exponent'],
  [{ $round: [1.5, 101] }, 51083, 'cannot apply $round with precision value 101 value must be in [-20, 100]'],
  [{ $concat: [i(1)] }, 16702, '$concat only supports strings, not int'],
  [{ $split: ['a', i(1)] }, 40086, '$split requires an expression that evaluates to a string as a second argument, found: int'],
  [{ $strLenBytes: i(1) }, 34473, '$strLenBytes requires a string argument, found: int'],
  [{ $toUpper: [[]] }, 16007, "can't convert from BSON type array to String"],
  [{ $size: 'a' }, 17124, 'The argument to $size must be an array, but was of type: string'],
  [{ $concatArrays: ['a'] }, 28664, '$concatArrays only supports arrays, not string'],
  [{ $reverseArray: 'a' }, 34435, 'The argument to $reverseArray must be an array, but was of type: string'],
  [{ $setUnion: ['a'] }, 17043, 'All operands of $setUnion must be arrays. One argument is of type: string'],
  [{ $allElementsTrue: ['a'] }, 17040, "$allElementsTrue's argument must be an array, but is string"],
  [{ $objectToArray: 'a' }, 40390, '$objectToArray requires a document input, found: string'],
  [{ $arrayToObject: ['a'] }, 40386, '$arrayToObject requires an array input, found: string'],
  [{ $year: 'a' }, 16006, "can't convert from BSON type string to Date"],
  [{ $dateToString: { date: new Date(0), timezone: i(1) } }, 40517, 'timezone must evaluate to a string, found int'],
  [{ $toDouble: 'x1' }, 241, "Failed to parse number 'x1' in $convert with no onError value: Did not consume any digits"],
  [{ $toObjectId: 'abc' }, 241, "Failed to parse objectId 'abc' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found 3"],
  [{ $switch: { branches: [{ case: false, then: 1 }] } }, 40066, '$switch could not find a matching branch for an input, and no default was specified.'],
];

describe('type errors carry the server codes', () => {
  it.each(TYPE_ERRORS)('%j', (spec, code, errmsg) => {
    expect(err(() => ev(spec))).toEqual({ code, errmsg });
  });
});

describe('arity errors', () => {
  it('uses 16020 for fixed arity and 28667 for ranges', () => {
    expect(err(() => ev({ $abs: [i(1), i(2)] }))).toEqual({
      code: 16020,
      errmsg: 'Expression $abs takes exactly 1 arguments. 2 were passed in.',
    });
    expect(err(() => ev({ $slice: [[]] }))).toEqual({
      code: 28667,
      errmsg: 'Expression $slice takes at least 2 arguments, and at most 3, but 1 were passed in.',
    });
    expect(err(() => ev({ $ifNull: [i(1)] }))).toEqual({ code: 1257300, errmsg: '$ifNull needs at least two arguments, had: 1' });
  });
});
